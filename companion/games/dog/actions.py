"""DOG's actions: plain frozen dataclasses that round-trip through JSON.

Pawns are named by their token ids (``pawn-<colour>-<figure>``), fields by the board's
field ids (``t12``, ``g0.3``, ``h1.2``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from companion.game import Action


@dataclass(frozen=True)
class Play(Action):
    """Play ``card`` (the id card vision read) and carry it out: ``pawn`` goes to field
    ``to``. ``use`` is the face a copy or a joker stands for (D11; classic joker);
    ``other`` the foreign pawn of a swap (``to`` is then its field); ``jump`` the
    citizen's jump on to the next free special field (R7); ``parts`` a split 7 as
    ``"<pawn>@<field>"`` in order (then ``pawn`` and ``to`` are empty). ``origin`` says
    where the moved pawns stood (the pawn then the other of a swap, or each part of a
    split 7), so the move can be said as players say it; it is not part of the play's
    identity and may be left out (the referee checks it when given)."""

    type: ClassVar[str] = "play"
    player: int
    card: str
    pawn: str = ""
    to: str = ""
    use: str = ""
    other: str = ""
    jump: bool = False
    parts: tuple[str, ...] = ()
    origin: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Fold(Action):
    """Give up the hand for the rest of the round (D3); ``cards`` are the cards shown to
    the camera (option ``fold_shows_cards``; empty when the fold is trusted)."""

    type: ClassVar[str] = "fold"
    player: int
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Exchange(Action):
    """``player`` has passed one card face down to their partner (setup step 5);
    ``card`` is that card when the engine deals real cards, else empty."""

    type: ClassVar[str] = "exchange"
    player: int
    card: str = ""


@dataclass(frozen=True)
class Place(Action):
    """Royal opening (R2): ``player`` puts ``pawn`` from the house on the start field,
    or places none (``pawn`` empty)."""

    type: ClassVar[str] = "place"
    player: int
    pawn: str = ""


@dataclass(frozen=True)
class Draw(Action):
    """``player`` has drawn the card a special field gives (R8)."""

    type: ClassVar[str] = "draw"
    player: int


ACTION_TYPES = (Play, Fold, Exchange, Place, Draw)
