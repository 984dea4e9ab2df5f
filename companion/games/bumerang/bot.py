"""The built-in player: legal moves, preferring sensible ones so demo games end.

It claims every missed capture it may, wins when it can, always captures when it can
(and goes on capturing in a chain), and otherwise prefers a move that completes a
trio (less so in an extra turn: shuttling a stone between two trios would earn extra
turns for ever, which B8 allows), threatens a capture, and does not stand where an
enemy can capture it; now and then it plays any legal move (:data:`WANDER`).
"""

from __future__ import annotations

import random

from companion.game import Action
from companion.games.bumerang import moves
from companion.games.bumerang.actions import Capture, Free, Move, Penalty, Place
from companion.games.bumerang.state import BumerangState, stone_owner


WANDER = 0.2
"""How often the bot plays any legal move instead of its preferred one: careful bots
left with few stones would otherwise dodge each other for ever."""


def choose(state: BumerangState, rng: random.Random) -> Action:
    legal = moves.legal(state)
    claims = [a for a in legal if isinstance(a, Penalty)]
    if claims:
        return rng.choice(claims)
    captures = [a for a in legal if isinstance(a, Capture)]
    if captures:
        return max(captures, key=lambda a: (_capture_value(state, a), rng.random()))
    if rng.random() < WANDER:
        return rng.choice(legal)
    return max(legal, key=lambda a: (_value(state, a), rng.random()))


def _capture_value(state: BumerangState, action: Capture) -> int:
    """Prefer captures from which the same stone can capture again."""
    head = state.topology.captures[action.to]
    return sum(1 for f in head if (s := state.at.get(f)) is not None and stone_owner(s) != action.player)


def _value(state: BumerangState, action: Action) -> float:
    if isinstance(action, Place):
        stone, start, end = None, None, action.field
    elif isinstance(action, Move):
        stone, start, end = action.stone, state.where[action.stone], action.to
    elif isinstance(action, Free):
        stone, start, end = action.stone, None, action.field
    else:
        return -10.0
    me = state.current
    topo = state.topology
    at = state.at
    score = 0.0
    trio = 1.0 if state.in_extra else 4.0  # a trio made again and again in extra turns would never end
    for index in topo.trios_at[end]:
        mine = sum(1 for c in topo.trios[index] if c != start and (s := at.get(c)) is not None and stone_owner(s) == me)
        score += (trio if mine == 2 else 0.5 * mine)
    threatened = any(topo.can_capture(f, end) for f in topo.neighbours[end]
                     if f != start and (s := at.get(f)) is not None and stone_owner(s) != me)
    if threatened:
        score -= 3.0
    targets = sum(1 for f in topo.captures[end] if (s := at.get(f)) is not None and stone_owner(s) != me)
    score += 1.5 * targets
    if isinstance(action, Free):
        score += 1.0
    if stone is not None and start is not None and any(
            topo.can_capture(f, start) for f in topo.neighbours[start]
            if (s := at.get(f)) is not None and stone_owner(s) != me):
        score += 2.0  # moving away from danger
    return score
