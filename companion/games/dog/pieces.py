"""Names of DOG's pawns and fields: token ids, board field ids and position codes.

A pawn's token id is ``pawn-<colour>-<figure>`` (figure king, knight, citizen, fool: the
physical figure; in basic mode they are pawns 1-4 and ``pawn-<colour>-<n>`` is
accepted too). Field ids are the generated board's (:mod:`.board`).
"""

from __future__ import annotations

from companion.games.dog.board import goal_id, house_id, track_id
from companion.games.dog.state import COLOURS, FIGURES, HOUSE, PAWNS, DogState, goal_pos
from companion.games.dog.texts import PAWN_NAMES, t
from companion.i18n import Text


def token_id(colour: str, figure: int) -> str:
    return f"pawn-{colour}-{FIGURES[figure]}"


def pawn_id(state: DogState, pawn: int) -> str:
    return token_id(state.colours[pawn // PAWNS], pawn % PAWNS)


def parse_pawn(state: DogState, token: str) -> int | None:
    """The pawn a token id names in this game, or ``None`` (unknown, or a colour nobody
    plays)."""
    parts = token.split("-") if isinstance(token, str) else []
    if len(parts) != 3 or parts[0] != "pawn" or parts[1] not in state.colours:
        return None
    figure = FIGURES.index(parts[2]) if parts[2] in FIGURES else (
        int(parts[2]) - 1 if parts[2] in ("1", "2", "3", "4") else None)
    if figure is None:
        return None
    return state.colours.index(parts[1]) * PAWNS + figure


def symbol(state: DogState, pawn: int) -> str:
    return "KNCF"[pawn % PAWNS] if state.rules.royal else str(pawn % PAWNS + 1)


def pawn_name(state: DogState, pawn: int) -> Text:
    colour = state.colours[pawn // PAWNS]
    if state.rules.royal:
        return token_name(colour, pawn % PAWNS)
    return t(PAWN_NAMES[(colour, "pawn")], n=pawn % PAWNS + 1)


def token_name(colour: str, figure: int) -> Text:
    """A figure of the box by colour and figure: "blue king"."""
    return t(PAWN_NAMES[(colour, FIGURES[figure])])


def field_id(state: DogState, pawn: int, pos: int) -> str:
    """The board field where ``pawn`` stands at position code ``pos``."""
    seat = state.seg[pawn // PAWNS]
    if pos == HOUSE:
        return house_id(seat, pawn % PAWNS + 1)
    if pos <= -2:
        return goal_id(seat, -1 - pos)
    return track_id(pos)


def parse_field(state: DogState, pawn: int, field: str) -> int | None:
    """The position code of board field ``field`` for ``pawn`` (its own house and goal
    only), or ``None``."""
    if not isinstance(field, str):
        return None
    if field.startswith("t") and field[1:].isdigit() and int(field[1:]) < state.rules.length:
        return int(field[1:])
    seat = state.seg[pawn // PAWNS]
    for n in range(1, PAWNS + 1):
        if field == goal_id(seat, n):
            return goal_pos(n)
        if field == house_id(seat, n):
            return HOUSE
    return None


def field_label(state: DogState, pos: int) -> Text:
    """A field as players call it: "field 12", "G3", "the house"."""
    if pos == HOUSE:
        return t("the house")
    if pos <= -2:
        return t("G{n}", n=-1 - pos)
    return t("field {n}", n=pos)


def all_tokens() -> list[tuple[str, str, int]]:
    """(token id, colour, figure) for the 24 figures of the box."""
    return [(token_id(colour, figure), colour, figure) for colour in COLOURS for figure in range(PAWNS)]
