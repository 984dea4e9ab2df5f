"""DOG's board, generated from its board parameters (rulings: "The board").

Field ids: track fields ``t0`` … ``t{L-1}`` in the direction of play (clockwise), seat
*s*'s start field at ``t{segment_fields·s}``; seat *s*'s house ``h{s}.1`` … ``h{s}.4``
and goal ``g{s}.1`` … ``g{s}.4`` (G1 … G4). Tracks: ``ring`` (the loop) and, per seat,
``goal{s}`` from its start field into its goal. Coordinates are millimetres
(``unit_mm`` = 1): the track is a circle with fields 30 mm apart, as on the box's board.
"""

from __future__ import annotations

import math
from typing import Sequence

from companion.boards import Board, Field, FieldKind, Track, make_board

PAWNS = 4
PITCH_MM = 30.0


def track_id(index: int) -> str:
    return f"t{index}"


def house_id(seat: int, n: int) -> str:
    return f"h{seat}.{n}"


def goal_id(seat: int, n: int) -> str:
    return f"g{seat}.{n}"


def dog_board(seats: int, segment_fields: int = 16, special_offsets: Sequence[int] = (8,)) -> Board:
    """The board side for ``seats`` segments (4 or 6) with ``segment_fields`` track
    fields per segment, special fields at ``special_offsets`` within each segment."""
    length = seats * segment_fields
    radius = length * PITCH_MM / (2 * math.pi)
    fields: list[Field] = []

    def at(angle: float, r: float) -> tuple[float, float]:
        return r * math.sin(angle), -r * math.cos(angle)

    for i in range(length):
        seat, offset = divmod(i, segment_fields)
        kind = FieldKind.START if offset == 0 else FieldKind.SPECIAL if offset in special_offsets else FieldKind.TRACK
        x, y = at(2 * math.pi * i / length, radius)
        fields.append(Field(track_id(i), round(x, 2), round(y, 2), kind, seat if offset == 0 else None, str(i)))
    tracks = [Track("ring", tuple(track_id(i) for i in range(length)), loop=True)]
    for seat in range(seats):
        angle = 2 * math.pi * seat * segment_fields / length
        for n in range(1, PAWNS + 1):
            x, y = at(angle, radius - n * PITCH_MM)
            fields.append(Field(goal_id(seat, n), round(x, 2), round(y, 2), FieldKind.GOAL, seat, f"G{n}"))
            # the house: a short row outside the ring, before the start field
            hx, hy = at(angle - (n + 0.5) * 2 * math.pi / length, radius + 1.6 * PITCH_MM)
            fields.append(Field(house_id(seat, n), round(hx, 2), round(hy, 2), FieldKind.HOUSE, seat, ""))
        tracks.append(Track(f"goal{seat}", (track_id(seat * segment_fields),
                                            *(goal_id(seat, n) for n in range(1, PAWNS + 1)))))
    return make_board(f"DOG, {seats} seats, {segment_fields} fields per segment", fields, tracks=tracks,
                      unit_mm=1.0, seats=seats)
