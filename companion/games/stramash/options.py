"""Stramash's rule options and board parameters (rulings: every **option** and **board
parameter**, with the rulings' defaults)."""

from __future__ import annotations

from typing import Mapping

from companion.game import BoardParameter, DrawingPick, OptionKind, RuleOption
from companion.games.stramash.board import track_id
from companion.games.stramash.texts import t

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("jokers_per_pack", OptionKind.CHOICE, 2, t("Jokers per pack"),
               t("How many Bonnie Fechters each pack brings (the packs' jokers stay in)."),
               {0: t("No jokers"), 1: t("One joker per pack"), 2: t("Two jokers per pack (an ordinary 54-card pack)")}),
    RuleOption("two_player_mashies", OptionKind.CHOICE, "opposite", t("Two players' mashies"),
               t("Which of the four mashies two players own."),
               {"opposite": t("Opposite mashies"), "adjacent": t("Neighbouring mashies")}),
    RuleOption("first_player", OptionKind.CHOICE, "screen", t("First player"),
               t("Who plays first; play then goes clockwise."),
               {"screen": t("Chosen on the screen (a tap, or the random button)"),
                "random": t("Drawn at random by the referee"),
                "left-of-dealer": t("The player left of the dealer")}),
    RuleOption("pass_own_laddies", OptionKind.BOOL, False, t("Pass own laddies"),
               t("A laddie may pass its own laddies (it still may not land on them).")),
    RuleOption("castle_moves", OptionKind.BOOL, True, t("Moves inside the castle"),
               t("A laddie in its castle may move forward inside it by an exact count.")),
    RuleOption("castle_entry_forced", OptionKind.BOOL, False, t("Castle entry forced"),
               t("When a card can take a laddie into its castle, it must go in instead of along the track.")),
    RuleOption("lap_required", OptionKind.BOOL, False, t("Full lap required"),
               t("A laddie enters its castle only after going round the ring from its start position.")),
    RuleOption("joker_optional", OptionKind.BOOL, False, t("Joker optional"),
               t("The Bonnie Fechter is never forced: a player may discard instead of using it.")),
)

HOLES_PER_MASHIE = BoardParameter(
    "holes_per_mashie", 18, 8, 40, t("Holes per mashie"),
    t("Count the track holes along one mashie (a corner hole shared by two mashies counts once)."))


def first_mashie(board: Mapping[str, int]) -> dict[str, int]:
    """The track holes of the first mashie on the board drawing, each to its number on
    the mashie (what a tap on it gives the start or castle-entry hole)."""
    return {track_id(i): i for i in range(board.get("holes_per_mashie", HOLES_PER_MASHIE.default))}


START_HOLE = BoardParameter(
    "start_hole", 7, 0, 39, t("Start hole"),
    t("The hole in front of the dock where a laddie comes out, counted from 0 clockwise on its mashie."),
    DrawingPick(t("Tap the start hole: the hole in front of the dock."), first_mashie))
CASTLE_ENTRY_HOLE = BoardParameter(
    "castle_entry_hole", 2, 0, 39, t("Castle entry hole"),
    t("The track hole from which a laddie steps into its castle, counted from 0 clockwise on its mashie."),
    DrawingPick(t("Tap the castle-entry hole: the hole from which a laddie steps into its castle."), first_mashie))

BOARD_PARAMETERS: tuple[BoardParameter, ...] = (HOLES_PER_MASHIE, START_HOLE, CASTLE_ENTRY_HOLE)
