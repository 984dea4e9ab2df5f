"""The built-in player: plays legal moves, preferring sensible ones, so demo games end.

Each play is scored by the progress it brings (steps gained towards the castle, a laddie
out of the dock, a laddie home) and the progress it takes from opponents (a bump);
ties are broken by the seeded generator. A discard throws the least useful card.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from companion.game import Action
from companion.games.stramash.actions import Discard
from companion.games.stramash.cards import comes_out, rank_of
from companion.games.stramash.moves import Seat, steps
from companion.games.stramash.state import DOCK, StramashState, Step

if TYPE_CHECKING:
    from companion.games.stramash.rules import Stramash


def progress(ctx: Seat, pos: int) -> int:
    """How far a laddie has come: 0 in the dock, then steps from the start position
    (a laddie behind its start counts as far along), the castle beyond."""
    if pos == DOCK:
        return 0
    if pos >= ctx.length:
        return ctx.to_entry + 2 + (pos - ctx.length) + 10
    return 1 + (pos - ctx.start) % ctx.length


def value(state: StramashState, seat: int, action: Action) -> float:
    if isinstance(action, Discard):
        rank = rank_of(action.card)
        return -10.0 - (5 if comes_out(rank) or rank in ("7", "8", "JK") else 0)
    gain = 0.0
    for step in steps(state, seat, action):
        ctx = Seat.of(state, step.seat)
        change = progress(ctx, step.end) - progress(ctx, step.start)
        gain += change if step.seat == seat else -0.7 * change
        if step.seat == seat and step.start == DOCK:
            gain += 12
        if step.seat == seat and step.end >= ctx.length and not ctx.castle_moves and _gap_behind(state, seat, step):
            gain -= 100     # without castle moves it would block the holes beyond for ever
    return gain


def _gap_behind(state: StramashState, seat: int, step: Step) -> bool:
    """Whether a castle hole beyond ``step``'s end is still empty."""
    length = state.geo.length
    taken = set(state.laddies[seat])
    return any(hole not in taken for hole in range(step.end + 1, length + 5))


def choose(game: "Stramash", state: StramashState, rng: random.Random) -> Action:
    options = game.legal_actions(state)
    if state.turn is None:
        return rng.choice(options)
    seat = state.turn
    return max(options, key=lambda a: (value(state, seat, a), rng.random()))
