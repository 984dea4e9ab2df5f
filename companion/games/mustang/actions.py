"""What a Mustang player (or the table's sensors) can do.

Turn actions: :class:`Exchange`, :class:`Catch`, :class:`Steal`, :class:`Stable`.
Answers to pending decisions: :class:`Defend`, :class:`Decline`,
:class:`DiscardCowboys`, :class:`Release`, :class:`Stable` (during Heavy rain) and
:class:`Done`. Chance outcomes: :class:`DrawToken` (a token taken or turned from a
stack, supplied by its RFID scan) and :class:`RevealEvent` (the event card turned).

Cards are card ids (see :mod:`.cards`). At a real table the referee never sees a hand,
so :class:`Exchange` there names only how many cards were given back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.game import Action


@dataclass(frozen=True)
class Exchange(Action):
    """Give 1 or 2 cards face down to the bottom of the supply, then draw."""

    type: ClassVar[str] = "exchange"
    count: int
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Catch(Action):
    """Play a combination and take a face-up ``horse`` or the top of the ``stack``."""

    type: ClassVar[str] = "catch"
    cards: tuple[str, ...]
    horse: str | None = None
    stack: str | None = None


@dataclass(frozen=True)
class Steal(Action):
    """Name ``horse`` in an opponent's corral and play the matching combination."""

    type: ClassVar[str] = "steal"
    cards: tuple[str, ...]
    horse: str


@dataclass(frozen=True)
class Stable(Action):
    """Move ``horse`` from one's corral to one's stable."""

    type: ClassVar[str] = "stable"
    horse: str


@dataclass(frozen=True)
class Defend(Action):
    """The robbed owner plays a strictly stronger combination."""

    type: ClassVar[str] = "defend"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Decline(Action):
    """The robbed owner lets the steal succeed."""

    type: ClassVar[str] = "decline"


@dataclass(frozen=True)
class DiscardCowboys(Action):
    """The failed thief discards every cowboy in hand (``cards`` may be empty)."""

    type: ClassVar[str] = "discard_cowboys"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Release(Action):
    """Rotten fence: release ``horse`` from one's corral into the prairie."""

    type: ClassVar[str] = "release"
    horse: str


@dataclass(frozen=True)
class Done(Action):
    """Heavy rain: stable no more horses."""

    type: ClassVar[str] = "done"


@dataclass(frozen=True)
class DrawToken(Action):
    """Chance: the token that came off a stack (its scan, or the seeded generator)."""

    type: ClassVar[str] = "draw_token"
    token: str


@dataclass(frozen=True)
class RevealEvent(Action):
    """Chance: the event card turned over."""

    type: ClassVar[str] = "reveal_event"
    event: str


ACTION_TYPES: tuple[type, ...] = (Exchange, Catch, Steal, Stable, Defend, Decline, DiscardCowboys,
                                  Release, Done, DrawToken, RevealEvent)
