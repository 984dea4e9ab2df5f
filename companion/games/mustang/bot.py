"""A simple, reproducible Mustang player for the demo and the property tests.

It catches the most valuable horse it can, steals when it cannot catch, defends with
its weakest winning combination, stables to protect its horses, and exchanges
otherwise. Ties between equally good moves are broken with the given generator.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from companion.game import Action
from companion.games.mustang.actions import Catch, Decline, Defend, Done, Exchange, Stable, Steal
from companion.games.mustang.cards import evaluate
from companion.games.mustang.horses import HORSES, HorseKind

if TYPE_CHECKING:
    from companion.games.mustang.rules import Mustang
    from companion.games.mustang.state import MustangState


def _value(action: Action) -> float:
    if isinstance(action, Catch):
        kind = HorseKind(action.stack) if action.stack else HORSES[action.horse or ""].kind
        return 10 + kind.points - 0.1 * len(action.cards)
    if isinstance(action, Steal):
        return 8 + HORSES[action.horse].kind.points - 0.1 * len(action.cards)
    if isinstance(action, Stable):
        return 6 + HORSES[action.horse].kind.points * 0.1
    if isinstance(action, Defend):
        combo = evaluate(action.cards)
        if combo is None:   # not reached: a legal defence is a combination
            return 0
        return 5 - 0.1 * (int(combo.kind) * 10 + combo.value)
    if isinstance(action, Exchange):
        return 1 + 0.1 * action.count
    if isinstance(action, (Decline, Done)):
        return 0
    return 1


def choose(game: Mustang, state: MustangState, rng: random.Random) -> Action:
    """Pick an action for the pending decision (or a chance outcome with ``rng``)."""
    from companion.game import Chance

    if isinstance(game.pending(state), Chance):
        return game.sample_chance(state, rng)
    actions = game.legal_actions(state)
    # Stable only sometimes, so that corrals stay worth stealing from.
    if any(isinstance(a, (Catch, Steal)) for a in actions) or rng.random() < 0.5:
        pool = actions
    else:
        pool = [a for a in actions if not isinstance(a, Stable)] or actions
    values = [_value(a) for a in pool]
    best = max(values)
    return rng.choice([a for a, v in zip(pool, values) if v == best])
