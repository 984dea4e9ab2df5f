"""Stramash's ring of mashies, generated from the board parameters (rulings: "The board").

Field ids: track holes ``t0`` … ``t{L-1}`` clockwise (hole *i* of mashie *m* is
``t{holes_per_mashie·m + i}``); seat *s*'s dock ``d{s}.1`` … ``d{s}.5`` (one hole per
laddie) and castle ``c{s}.1`` … ``c{s}.5`` (C1 … C5). Tracks: ``ring`` (the loop) and,
per seat, ``castle{s}`` from its castle-entry hole into C1 … C5. Coordinates are
millimetres (``unit_mm`` = 1): the mashies are the sides of a regular polygon (a square
for two players' four mashies) with holes 20 mm apart; docks lie outside the ring in
front of their start hole, castles run from the entry hole towards the middle.

:class:`Geometry` is what the rules read: the loop length and each seat's start and
castle-entry holes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from companion.boards import Board, Field, FieldKind, Track, make_board

LADDIES = 5
CASTLE = 5
PITCH_MM = 20.0


def track_id(hole: int) -> str:
    return f"t{hole}"


def dock_id(seat: int, n: int) -> str:
    return f"d{seat}.{n}"


def castle_id(seat: int, n: int) -> str:
    return f"c{seat}.{n}"


@dataclass(frozen=True)
class Geometry:
    """The ring as the rules see it: ``mashies`` sides of ``holes_per_mashie`` holes,
    seat *s* owning mashie ``owned[s]``; hole numbers are global (0 … length-1)."""

    holes_per_mashie: int
    start_hole: int
    castle_entry_hole: int
    mashies: int
    owned: tuple[int, ...]

    @property
    def length(self) -> int:
        return self.holes_per_mashie * self.mashies

    @property
    def seats(self) -> int:
        return len(self.owned)

    def start(self, seat: int) -> int:
        """Seat's start position: the track hole in front of its dock."""
        return self.holes_per_mashie * self.owned[seat] + self.start_hole

    def entry(self, seat: int) -> int:
        """Seat's castle-entry hole: from it a laddie's next step may go to C1."""
        return self.holes_per_mashie * self.owned[seat] + self.castle_entry_hole


def geometry(players: int, holes_per_mashie: int, start_hole: int, castle_entry_hole: int,
             two_player_mashies: str = "opposite") -> Geometry:
    """The ring for ``players``: 4 mashies for two players (owning mashies 0 and 2, or 0
    and 1 when ``two_player_mashies`` is ``"adjacent"``), one mashie each for 3–6."""
    if players == 2:
        owned = (0, 1) if two_player_mashies == "adjacent" else (0, 2)
        return Geometry(holes_per_mashie, start_hole, castle_entry_hole, 4, owned)
    return Geometry(holes_per_mashie, start_hole, castle_entry_hole, players, tuple(range(players)))


@cache
def stramash_board(geo: Geometry) -> Board:
    """The board drawing of ``geo``: track, docks and castles with their tracks (made
    once per geometry; boards are immutable)."""
    m, h = geo.mashies, geo.holes_per_mashie
    side = h * PITCH_MM
    radius = side / (2 * math.sin(math.pi / m))

    def corner(k: int) -> tuple[float, float]:
        angle = 2 * math.pi * k / m - math.pi / m
        return radius * math.sin(angle), -radius * math.cos(angle)

    def hole(index: int) -> tuple[float, float]:
        mashie, i = divmod(index, h)
        (x0, y0), (x1, y1) = corner(mashie), corner(mashie + 1)
        f = (i + 0.5) / h
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f

    starts = {geo.start(s): s for s in range(geo.seats)}
    entries = {geo.entry(s): s for s in range(geo.seats)}
    fields: list[Field] = []
    for i in range(geo.length):
        x, y = hole(i)
        kind, owner = FieldKind.TRACK, None
        if i in starts:
            kind, owner = FieldKind.START, starts[i]
        elif i in entries:
            kind, owner = FieldKind.SPECIAL, entries[i]
        fields.append(Field(track_id(i), round(x, 2), round(y, 2), kind, owner, str(i)))
    tracks = [Track("ring", tuple(track_id(i) for i in range(geo.length)), loop=True)]
    for seat in range(geo.seats):
        # the dock: a row outside the ring, parallel to the mashie, in front of the start hole
        sx, sy = hole(geo.start(seat))
        (x0, y0), (x1, y1) = corner(geo.owned[seat]), corner(geo.owned[seat] + 1)
        ux, uy = (x1 - x0) / side, (y1 - y0) / side
        nx, ny = -uy, ux        # outwards for a clockwise ring (y downwards)
        if nx * sx + ny * sy < 0:
            nx, ny = -nx, -ny
        for n in range(1, LADDIES + 1):
            along = (n - 3) * PITCH_MM
            fields.append(Field(dock_id(seat, n), round(sx + nx * 1.6 * PITCH_MM + ux * along, 2),
                                round(sy + ny * 1.6 * PITCH_MM + uy * along, 2), FieldKind.HOUSE, seat, f"D{n}"))
        # the castle: from the entry hole towards the middle of the ring
        ex, ey = hole(geo.entry(seat))
        reach = math.hypot(ex, ey)
        step = min(PITCH_MM, 0.8 * reach / (CASTLE + 0.5))
        for n in range(1, CASTLE + 1):
            fields.append(Field(castle_id(seat, n), round(ex - ex / reach * step * n, 2),
                                round(ey - ey / reach * step * n, 2), FieldKind.GOAL, seat, f"C{n}"))
        tracks.append(Track(f"castle{seat}", (track_id(geo.entry(seat)),
                                              *(castle_id(seat, n) for n in range(1, CASTLE + 1)))))
    return make_board(f"Stramash, {m} mashies of {h} holes", fields, tracks=tracks, unit_mm=1.0, seats=geo.seats)
