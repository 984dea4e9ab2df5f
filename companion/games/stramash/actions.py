"""Stramash's actions: frozen dataclasses that round-trip through JSON.

Every play names the card laid (its id as card vision reports it). Laddies are numbered
1 … 5 per seat (piece ids ``laddie-<seat>-<n>``). A dock laddie is any of the dock's
laddies (the dock's holes have no order): the engine takes the lowest-numbered one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.game import Action


@dataclass(frozen=True)
class FirstPlayer(Action):
    """The table names the first player (option ``first_player`` = ``"screen"``)."""

    type: ClassVar[str] = "first-player"
    seat: int


@dataclass(frozen=True)
class ComeOut(Action):
    """Ace or a picture card: a dock laddie comes out on the start position (S2)."""

    type: ClassVar[str] = "come-out"
    card: str


@dataclass(frozen=True)
class Move(Action):
    """One laddie moves the card's value: forward, or 8 backwards (S3, S6a, S7);
    ``castle`` when a forward move ends in the laddie's castle (S9, S10)."""

    type: ClassVar[str] = "move"
    card: str
    laddie: int
    castle: bool = False


@dataclass(frozen=True)
class Split(Action):
    """A 7 split over two laddies (S6b): ``first`` moves ``steps`` first, then
    ``second`` moves ``7 - steps``; each part's ``*_castle`` as in :class:`Move`."""

    type: ClassVar[str] = "split"
    card: str
    first: int
    steps: int
    second: int
    first_castle: bool = False
    second_castle: bool = False


@dataclass(frozen=True)
class Fechter(Action):
    """The Bonnie Fechter (joker, S8): ``laddie`` (``None``: a dock laddie) takes the
    place of laddie ``victim`` of seat ``seat``, which goes back to its dock."""

    type: ClassVar[str] = "fechter"
    card: str
    laddie: int | None
    seat: int
    victim: int


@dataclass(frozen=True)
class Discard(Action):
    """No card can move: one card is laid face up on the discard pile (S11)."""

    type: ClassVar[str] = "discard"
    card: str


PLAYS = (ComeOut, Move, Split, Fechter)
Play = ComeOut | Move | Split | Fechter
"""A card laid to move laddies."""
ACTION_TYPES = (FirstPlayer, ComeOut, Move, Split, Fechter, Discard)
