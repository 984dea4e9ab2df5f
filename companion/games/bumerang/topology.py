"""What the rules need to know of a board, computed once from its :class:`Board`:
which fields are adjacent, along which lines a stone may capture, and the speckled
triangles (regions of kind ``"trio"``) each field is a corner of.

Nothing here knows a shape: any board file gives its own topology.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.boards import Board

TRIO = "trio"
"""The region kind of a speckled triangle."""


@dataclass(frozen=True)
class Topology:
    """A board read for Bumerang. ``neighbours[f]``: the fields one line from ``f``;
    ``captures[f]``: those a stone on ``f`` may capture on (the arrow points from ``f``
    to them); ``trios``: every speckled triangle; ``trios_at[f]``: the indices in
    ``trios`` of the triangles with a corner on ``f``."""

    board: Board
    fields: tuple[str, ...]
    neighbours: dict[str, tuple[str, ...]]
    captures: dict[str, tuple[str, ...]]
    trios: tuple[tuple[str, str, str], ...]
    trios_at: dict[str, tuple[int, ...]]

    @classmethod
    def of(cls, board: Board) -> "Topology":
        fields = tuple(f.id for f in board.fields)
        captures: dict[str, list[str]] = {f: [] for f in fields}
        for line in board.lines:
            if line.points_to(line.b):
                captures[line.a].append(line.b)
            if line.points_to(line.a):
                captures[line.b].append(line.a)
        trios = tuple((r.fields[0], r.fields[1], r.fields[2]) for r in board.regions_of(TRIO))
        trios_at: dict[str, list[int]] = {f: [] for f in fields}
        for index, corners in enumerate(trios):
            for corner in corners:
                trios_at[corner].append(index)
        return cls(board, fields, {f: tuple(board.neighbours.get(f, ())) for f in fields},
                   {f: tuple(c) for f, c in captures.items()}, trios,
                   {f: tuple(i) for f, i in trios_at.items()})

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())

    def can_capture(self, tail: str, head: str) -> bool:
        """Whether a stone on ``tail`` may capture a stone on ``head`` (B4)."""
        return head in self.captures.get(tail, ())
