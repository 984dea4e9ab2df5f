"""Positions for ``companion bench --game stramash``: the issue's target is legal-move
generation for a 6-player position with a 7 in hand in under 1 ms (median).

:func:`bench_positions` plays seeded 6-player bot games with simulated hands and keeps
mid-game positions where the player to move holds a 7; time
``GAME.legal_actions(state)`` on each.
"""

from __future__ import annotations

import random

from companion.game import Seat
from companion.games.stramash.cards import rank_of
from companion.games.stramash.rules import GAME
from companion.games.stramash.state import StramashState

PLAYERS = 6
SKIP = 30          # turns played before a position is kept (laddies spread out)


def bench_positions(n: int, seed: int = 0) -> list[StramashState]:
    """``n`` positions (copies) of 6-player games where the player to move holds a 7."""
    out: list[StramashState] = []
    game_seed = seed
    while len(out) < n:
        state = GAME.start([Seat(f"P{i + 1}") for i in range(PLAYERS)], {"first_player": "random"},
                           seed=game_seed, simulated_hands=True)
        rng = random.Random(f"stramash-bench:{game_seed}")
        while not GAME.is_over(state) and len(out) < n:
            if state.turn is not None and state.turns >= SKIP and \
                    any(c is not None and rank_of(c) == "7" for c in state.hands[state.turn]):
                out.append(state.copy())
            GAME.apply(state, GAME.choose(state, rng))
        game_seed += 1
    return out
