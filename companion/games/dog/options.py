"""DOG's rule options and board parameters (rulings: every **option** and **board
parameter**), and the seats a game uses on the board."""

from __future__ import annotations

from companion.game import BoardParameter, OptionKind, RuleOption
from companion.games.dog.texts import t

OPTIONS = (
    RuleOption("mode", OptionKind.CHOICE, "basic", t("Game"),
               t("The basic game of the box, or DOG Royal with the figures' powers."),
               {"basic": t("Basic game: blank side up, all pawns equal, 6-5-4-3-2 cards."),
                "royal": t("DOG Royal: king, knight, citizen and fool, 5 cards a round, special fields.")}),
    RuleOption("basic_uses_new_cards", OptionKind.BOOL, True, t("New cards in the basic game"),
               t("Play the basic game with the box's 1-7, copy and magnet cards (off: 90 cards without them).")),
    RuleOption("deck", OptionKind.CHOICE, "royal", t("Cards"),
               t("Which cards the table plays with."),
               {"royal": t("The DOG Royal box (110 cards)."),
                "classic": t("Plain DOG: the burning split 7 and the joker as any card (basic game only)."),
                "standard": t("Two standard decks with jokers, Brändi style (basic game only).")}),
    RuleOption("teams", OptionKind.CHOICE, "auto", t("Teams"),
               t("Partners sitting opposite play together with 4 and 6 players."),
               {"auto": t("4 and 6 players play in teams of two partners opposite; 2, 3 and 5 alone."),
                "off": t("Everyone plays alone.")}),
    RuleOption("start_block", OptionKind.CHOICE, "always", t("Protected start field"),
               t("When a pawn on its own start field cannot be hit, swapped or passed."),
               {"always": t("Always, as the rulebook says."),
                "first_arrival": t("Only until it moves on after coming out (Brändi's rule).")}),
    RuleOption("copy_source", OptionKind.CHOICE, "previous", t("Copy card"),
               t("Which card the copy card repeats."),
               {"previous": t("The card played just before it in this round."),
                "any_this_round": t("Any card played earlier in this round.")}),
    RuleOption("goal_entry_forced", OptionKind.BOOL, False, t("Goal entry forced"),
               t("A pawn that can enter the goal exactly must do so instead of going on along the track.")),
    RuleOption("fold_shows_cards", OptionKind.BOOL, True, t("Folding shows the cards"),
               t("A folding player shows the hand to the camera; the fold is refused if a card could move.")),
    RuleOption("small_game_seats", OptionKind.CHOICE, "spread", t("Seats for 2, 3 and 5 players"),
               t("Where a small game sits on the board."),
               {"spread": t("2 players on the 4-side (seats 1 and 3), 3 on the 6-side (1, 3, 5), 5 on the 6-side."),
                "adjacent": t("2 and 3 players on the 4-side, side by side; 5 on the 6-side.")}),
)

BOARD_PARAMETERS = (
    BoardParameter("segment_fields", 16, 8, 24, t("Fields per segment"),
                   t("Track fields from one start field up to the next, the start field included.")),
    BoardParameter("special_fields", 8, 1, 23, t("Special field"),
                   t("How many fields after each start field the special field lies (DOG Royal).")),
)


def board_seats(players: int, small_game_seats: str) -> tuple[int, tuple[int, ...]]:
    """(board side: 4 or 6, the segment of each player in clockwise order)."""
    if players == 4:
        return 4, (0, 1, 2, 3)
    if players == 2:
        return 4, (0, 2) if small_game_seats == "spread" else (0, 1)
    if players == 3:
        return (6, (0, 2, 4)) if small_game_seats == "spread" else (4, (0, 1, 2))
    return 6, tuple(range(players))


# Pawn colours by board segment: blue/yellow and red/green sit opposite (the rulebook's teams).
SIDE_COLOURS = {4: ("blue", "red", "yellow", "green"), 6: ("blue", "red", "white", "yellow", "green", "black")}
