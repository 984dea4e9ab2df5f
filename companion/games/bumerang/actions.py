"""What a Bumerang player can do (all plain data; field and stone ids as the board file
and :func:`.state.stone_id` name them).

Turn actions: :class:`Place`, :class:`Move`, :class:`Capture`, :class:`Free` (extra
turns only) and :class:`Pass` (only when nothing else is possible, B3). During a chain:
:class:`Capture` with the same stone or :class:`Stop`. :class:`Penalty` is another
player's claim of a missed capture (``missed_capture = claim``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.game import Action


@dataclass(frozen=True)
class Place(Action):
    """Put a stone from the supply on the free ``field`` (B1)."""

    type: ClassVar[str] = "place"
    player: int
    field: str


@dataclass(frozen=True)
class Move(Action):
    """Move ``stone`` one line to the free field ``to`` (B2)."""

    type: ClassVar[str] = "move"
    player: int
    stone: str
    to: str


@dataclass(frozen=True)
class Capture(Action):
    """Move ``stone`` along an arrow onto the enemy stone on ``to``, which becomes a
    prisoner (B4); in a chain, the same stone again (B6)."""

    type: ClassVar[str] = "capture"
    player: int
    stone: str
    to: str


@dataclass(frozen=True)
class Free(Action):
    """In an extra turn: take back one's own ``stone`` held prisoner by ``holder`` and
    put it on the free ``field`` (B9)."""

    type: ClassVar[str] = "free"
    player: int
    stone: str
    holder: int
    field: str


@dataclass(frozen=True)
class Stop(Action):
    """End a chain of captures before the third (``chain_capture = may``, B6)."""

    type: ClassVar[str] = "stop"
    player: int


@dataclass(frozen=True)
class Pass(Action):
    """No stone in supply, no move and no capture: the turn passes (B3)."""

    type: ClassVar[str] = "pass"
    player: int


@dataclass(frozen=True)
class Penalty(Action):
    """``player`` points out the missed capture of the last turn (B7, ``claim``)."""

    type: ClassVar[str] = "penalty"
    player: int


ACTION_TYPES: tuple[type, ...] = (Place, Move, Capture, Free, Stop, Pass, Penalty)
