"""What DOG's screens show: the typed :class:`~companion.view.View` (players, prompt,
checklist, the dealer's instructions, the board with every pawn, what can move, the
last move and its hits) and the JSON observation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from companion.game import Decision
from companion.games.dog import rounds
from companion.games.dog.pieces import field_id, field_label, pawn_id, pawn_name, symbol
from companion.games.dog.state import PAWNS, DogState, Phase
from companion.games.dog.texts import colour_name, t
from companion.i18n import Text
from companion.games.dog.moves import Move
from companion.view import BoardView, Move as MoveView, Need, NeedKind, PieceView, PlayerView, View

if TYPE_CHECKING:
    from companion.games.dog.rules import Dog

PAIR = "{a}, {b}"


def names(state: DogState, players: Sequence[int]) -> Text:
    out: Text | None = None
    for p in players:
        name = Text.raw(state.setup.seats[p].name)
        out = name if out is None else Text(PAIR, {"a": out, "b": name}, domain="")
    return out or Text.raw("")


def _instructions(state: DogState) -> tuple[Text, ...]:
    out: list[Text] = []
    deal = rounds.dealer(state)
    dealer = Text.raw(state.setup.seats[deal].name)
    if "gather" in state.notes:
        out.append(t("{dealer}: gather all the cards and shuffle them.", dealer=dealer))
    if "reshuffle" in state.notes:
        out.append(t("Shuffle the played cards into the deck."))
    if "deal" in state.notes:
        out.append(t("{dealer}: deal {n} cards to each player; {starter} starts.", dealer=dealer,
                     n=rounds.hand_size(state), starter=Text.raw(state.setup.seats[state.starter].name)))
    if state.phase is Phase.DRAW:
        out.append(t("{name}: draw one card from the deck.", name=Text.raw(state.setup.seats[state.current].name)))
    last = state.last
    for victim, _where in last.hits:
        out.append(t("The {pawn} is hit: put it back in its house.", pawn=pawn_name(state, victim)))
    for pawn, start, end in last.moves:
        out.append(t("Move the {pawn} from {start} to {end}.", pawn=pawn_name(state, pawn),
                     start=field_label(state, start), end=field_label(state, end)))
    return tuple(out)


def targets(state: DogState, plays: Mapping[Any, Move]) -> dict[str, tuple[str, ...]]:
    """Pawn id -> the fields the ``plays`` can take it to (the citizen's jump included)."""
    out: dict[str, list[str]] = {}
    for move in plays.values():
        for pawn, _, end in move.steps:
            if move.jump is not None and pawn == move.pawn:
                end = move.jump
            fields = out.setdefault(pawn_id(state, pawn), [])
            if field_id(state, pawn, end) not in fields:
                fields.append(field_id(state, pawn, end))
    return {k: tuple(v) for k, v in out.items()}


def view(game: "Dog", state: DogState, player: int | None) -> View:
    pending = game.pending(state)
    players = tuple(
        PlayerView(p, seat.name, seat.colour, seat.team,
                   t("{cards} cards · {home} pawns home", cards=len(state.hands[p]), home=state.home_count(p)),
                   state.home_count(p))
        for p, seat in enumerate(state.setup.seats))
    pieces = tuple(PieceView(pawn_id(state, k), k // PAWNS, field_id(state, k, state.pos[k]), symbol(state, k),
                             pawn_name(state, k)) for k in range(len(state.pos)))
    movable: dict[str, tuple[str, ...]] = {}
    waiting: tuple[Need, ...] = ()
    if isinstance(pending, Decision) and pending.kind == "turn":
        waiting = (Need(t("Lay a card"), NeedKind.CARDS), Need(t("Scan or tap the pawn"), NeedKind.TOKEN),
                   Need(t("Confirm"), NeedKind.CONFIRM))
        if state.setup.simulated_hands and player in (None, state.current):
            movable = targets(state, game.turn_plays(state))
    elif isinstance(pending, Decision) and pending.kind == "exchange":
        waiting = tuple(Need(t("{name} passes a card", name=Text.raw(state.setup.seats[p].name)),
                             done=p in state.exchange_given) for p in range(state.players))
    last = tuple(MoveView(pawn_id(state, p), field_id(state, p, start), field_id(state, p, end))
                 for p, start, end in state.last.moves)
    last += tuple(MoveView(pawn_id(state, v), field_id(state, v, where), field_id(state, v, -1), hit=True)
                  for v, where in state.last.hits)
    board = BoardView(game.board(state.setup, state.options), pieces, tuple(movable), movable, last)
    progress = (t("Round {n}: {size} cards each", n=state.round + 1, size=rounds.hand_size(state)),
                t("Deck: {deck} cards · played: {played}", deck=len(state.deck), played=len(state.discard)))
    panels: dict[str, Any] = {"played": list(state.played_round)}
    if player is not None and state.setup.simulated_hands:
        panels["hand"] = [c for c in state.hands[player] if c]
    current = pending.player if isinstance(pending, Decision) else None
    return View(players, current, pending.prompt, waiting, _instructions(state), progress, board, panels,
                over=state.phase is Phase.OVER)


def observation(state: DogState, player: int | None) -> dict[str, Any]:
    players = []
    for p, seat in enumerate(state.setup.seats):
        entry: dict[str, Any] = {
            "name": seat.name, "colour": seat.colour, "team": seat.team, "hand": len(state.hands[p]),
            "home": state.home_count(p), "played": state.cards_played[p], "folded": p in state.folded,
            "pawns": {pawn_id(state, k): field_id(state, k, state.pos[k]) for k in range(p * PAWNS, p * PAWNS + PAWNS)},
        }
        if p == player and state.setup.simulated_hands:
            entry["cards"] = list(state.hands[p])   # as in every game: the hand's cards, when known
        players.append(entry)
    return {
        "mode": "royal" if state.rules.royal else "basic", "round": state.round + 1, "starter": state.starter,
        "current": state.current, "phase": state.phase.value, "players": players, "deck": len(state.deck),
        "discard": len(state.discard), "played_this_round": list(state.played_round),
        "last": {"moves": [[pawn_id(state, p), field_id(state, p, a), field_id(state, p, b)]
                           for p, a, b in state.last.moves],
                 "hits": [pawn_id(state, v) for v, _ in state.last.hits]},
        "winners": list(state.winners),
    }


def describe_state(state: DogState) -> list[Text]:
    lines = [t("Round {n}, {name} to play", n=state.round + 1,
               name=Text.raw(state.setup.seats[state.current].name))]
    for p, seat in enumerate(state.setup.seats):
        where = ", ".join(field_id(state, k, state.pos[k]) for k in range(p * PAWNS, p * PAWNS + PAWNS))
        lines.append(t("{name} ({colour}): {cards} cards, pawns on {fields}", name=Text.raw(seat.name),
                       colour=colour_name(seat.colour or ""), cards=len(state.hands[p]), fields=where))
    if state.played_round:
        lines.append(t("Played this round: {cards}", cards=Text.raw(" ".join(state.played_round))))
    return lines

