"""Positions for timing legal-move generation (``companion bench``): 5-player
mid-game positions on the default board, reached by seeded bot games."""

from __future__ import annotations

import random

from companion.game import Seat
from companion.games.bumerang.rules import Bumerang
from companion.games.bumerang.state import BumerangState

MAX_ACTIONS = 200
"""A bot game that has not reached mid-game after this many actions is skipped."""


def bench_positions(n: int, *, seed: int = 0) -> list[tuple[Bumerang, BumerangState]]:
    """``n`` pairs ``(game, state)``: 5 players on the default board, taken from a bot
    game when half of all stones have left the supply (a game that ends earlier is
    replaced by the next seed's). Time ``game.legal_actions(state)`` on each."""
    game = Bumerang()
    out: list[tuple[Bumerang, BumerangState]] = []
    k = seed
    while len(out) < n:
        state = game.start([Seat(f"Player {i + 1}") for i in range(5)], seed=k)
        rng = random.Random(f"bumerang:{k}:bench")
        half = state.stones_each * state.players // 2
        for _ in range(MAX_ACTIONS):
            if game.is_over(state) or sum(map(len, state.supply)) <= half:
                break
            game.apply(state, game.choose(state, rng))
        if not game.is_over(state) and sum(map(len, state.supply)) <= half:
            out.append((game, state))
        k += 1
    return out
