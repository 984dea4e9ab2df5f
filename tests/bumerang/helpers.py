"""Building Bumerang positions for tests, and boards of other shapes.

Players are R, G and B (seats 0, 1, 2) as in the rulings' scenarios. Every stone of a
rigged position comes out of its owner's supply, so stones stay accounted for.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.game import Seat, Verdict
from companion.games.bumerang import GAME
from companion.games.bumerang.play import begin_turn
from companion.games.bumerang.state import BumerangState

SEATS = {"R": 0, "G": 1, "B": 2, "Y": 3, "K": 4}


def position(stones: Mapping[str, str] | None = None, *, current: str = "R",
             prisoners: Mapping[str, str] | None = None, removed: str = "", players: str = "RGB",
             board_file: Mapping[str, Any] | None = None, **options: Any) -> BumerangState:
    """A position: ``stones`` maps fields to owners ("D3": "R"); ``prisoners`` maps a
    holder to the owners of the stones it holds ({"G": "RR"}); ``removed`` lists the
    owners of stones fined out of the game; ``current`` is to move."""
    state = GAME.start([Seat(p) for p in players], options, board_file=board_file)
    for field, who in (stones or {}).items():
        stone = state.supply[SEATS[who]].pop(0)
        state.at[field] = stone
        state.where[stone] = field
    for holder, owners in (prisoners or {}).items():
        for who in owners:
            state.prisoners[SEATS[holder]].append(state.supply[SEATS[who]].pop())
    for who in removed:
        state.removed.append(state.supply[SEATS[who]].pop())
    state.current = SEATS[current]
    begin_turn(state)
    return state


def stone_on(state: BumerangState, field: str) -> str:
    return state.at[field]


def owners(state: BumerangState) -> dict[str, int]:
    """Field -> owner seat of every stone on the board."""
    return {f: state.owner(s) for f, s in state.at.items()}


def cited(verdict: Verdict, rule: str) -> bool:
    """Whether a rejection's section names ``rule`` in every language."""
    assert verdict.section is not None
    return all(verdict.section.render(lang).startswith(rule + " ") for lang in ("nl", "fr", "en"))


def conserved(state: BumerangState) -> None:
    """Every stone is in exactly one place: supply, board, prisoners or removed."""
    seen: list[str] = [s for supply in state.supply for s in supply]
    seen += list(state.where)
    seen += [s for held in state.prisoners for s in held]
    seen += state.removed
    assert len(seen) == len(set(seen)), "a stone is in two places"
    assert len(seen) == state.stones_each * state.players
    for seat in range(state.players):
        assert sum(1 for s in seen if state.owner(s) == seat) == state.stones_each
    assert {f: s for s, f in state.where.items()} == state.at, "board maps disagree"


# --- boards of other shapes -----------------------------------------------------------------

def square_board(size: int = 7) -> dict[str, Any]:
    """A square grid with diagonals: arrows east and south, the "\\" diagonals both ways,
    the "/" diagonals without arrow; trio triangles on a checkerboard of cells."""
    ids = {(r, c): f"s{r}_{c}" for r in range(size) for c in range(size)}
    lines = []
    for (r, c), a in ids.items():
        if c + 1 < size:
            lines.append({"a": a, "b": ids[r, c + 1], "to": ids[r, c + 1]})
        if r + 1 < size:
            lines.append({"a": a, "b": ids[r + 1, c], "to": ids[r + 1, c]})
        if r + 1 < size and c + 1 < size:
            lines.append({"a": a, "b": ids[r + 1, c + 1], "to": "both"})
        if r + 1 < size and c >= 1:
            lines.append({"a": a, "b": ids[r + 1, c - 1], "to": None})
    trios = [[ids[r, c], ids[r, c + 1], ids[r + 1, c + 1]]
             for r in range(size - 1) for c in range(size - 1) if (r + c) % 2 == 0]
    return {"format": "bumerang-board/1", "name": "square grid with diagonals",
            "fields": [{"id": i, "x": c, "y": r} for (r, c), i in ids.items()],
            "lines": lines, "trio_triangles": trios}


def strip_board(length: int = 24) -> dict[str, Any]:
    """A long strip of triangles: two rows of fields, zigzag lines between them, arrows
    running along the strip in one row and back in the other; every third triangle is a
    trio."""
    top = [f"t{i}" for i in range(length)]
    bottom = [f"b{i}" for i in range(length)]
    lines = []
    triangles = []
    for i in range(length - 1):
        lines.append({"a": top[i], "b": top[i + 1], "to": top[i + 1]})
        lines.append({"a": bottom[i], "b": bottom[i + 1], "to": bottom[i]})
    for i in range(length):
        lines.append({"a": top[i], "b": bottom[i], "to": bottom[i] if i % 2 else top[i]})
        if i + 1 < length:
            lines.append({"a": bottom[i], "b": top[i + 1], "to": top[i + 1]})
    for i in range(length - 1):
        if i % 3 == 0:
            triangles.append([top[i], bottom[i], top[i + 1]])
            triangles.append([bottom[i], top[i + 1], bottom[i + 1]])
    return {"format": "bumerang-board/1", "name": "strip of triangles",
            "fields": [{"id": f, "x": i, "y": 0} for i, f in enumerate(top)]
            + [{"id": f, "x": i + 0.5, "y": 0.866} for i, f in enumerate(bottom)],
            "lines": lines, "trio_triangles": triangles}
