"""Stramash's game state.

Where a laddie stands is one whole number: :data:`DOCK` (-1) in its owner's dock, a
global track hole ``0 … L-1``, or ``L + k`` for castle hole C(k+1) of its owner's castle
(``L`` = the loop length). ``laddies[seat][n-1]`` is laddie *n* of ``seat``.

Hands: with ``simulated_hands`` they hold card ids dealt from the seeded deck; at a real
table only their size is known and every card is ``None`` (the draw pile likewise). The
discard pile is always known: the camera sees every card laid face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.game import GameState, Setup
from companion.games.stramash.board import Geometry

DOCK = -1


@dataclass(frozen=True)
class Step:
    """One laddie's movement within an action: ``bumped`` when it was sent home."""

    seat: int
    laddie: int
    start: int
    end: int
    bumped: bool = False


@dataclass
class StramashState(GameState):
    setup: Setup
    options: dict[str, Any]
    seed: int
    geo: Geometry
    laddies: list[list[int]]
    travelled: list[list[int]]          # net steps since coming out (the option lap_required)
    hands: list[list[str | None]]
    draw: list[str | None]
    discard: list[str]
    packs: int
    turn: int | None = None             # None until the first player is known
    turns: int = 0
    reshuffles: int = 0
    reshuffled: bool = False            # the current player's draw needed a reshuffle
    winner: int | None = None
    last: tuple[Step, ...] = ()
    last_player: int | None = None
    last_card: str | None = None

    @property
    def players(self) -> int:
        return len(self.setup.seats)

    @property
    def simulated(self) -> bool:
        return self.setup.simulated_hands

    def copy(self) -> "StramashState":
        return StramashState(self.setup, dict(self.options), self.seed, self.geo,
                             [list(p) for p in self.laddies], [list(p) for p in self.travelled],
                             [list(h) for h in self.hands], list(self.draw), list(self.discard), self.packs,
                             self.turn, self.turns, self.reshuffles, self.reshuffled, self.winner, self.last,
                             self.last_player, self.last_card)

    def occupant(self, hole: int) -> tuple[int, int] | None:
        """``(seat, laddie index)`` of the laddie on track hole ``hole``, if any."""
        for seat, positions in enumerate(self.laddies):
            for index, pos in enumerate(positions):
                if pos == hole:
                    return seat, index
        return None

    def home(self, seat: int) -> int:
        """How many of ``seat``'s laddies are in its castle."""
        return sum(1 for pos in self.laddies[seat] if pos >= self.geo.length)
