"""Positions for ``companion bench --game dog``: 6-player DOG Royal games played by the
built-in player to the middle of a game (legal-move generation must stay under 1 ms)."""

from __future__ import annotations

import random

from companion.game import Seat
from companion.games.dog.state import DogState


def bench_positions(n: int = 20, turns: int = 60) -> list[DogState]:
    """``n`` 6-player royal positions (simulated hands), each a player's turn after at
    least ``turns`` actions of a seeded bot game; time ``GAME.legal_actions(state)`` on
    them."""
    from companion.games.dog import GAME

    out: list[DogState] = []
    seed = 0
    while len(out) < n:
        state = GAME.start([Seat(f"P{i + 1}") for i in range(6)], {"mode": "royal"}, seed=seed,
                           simulated_hands=True)
        rng = random.Random(f"dog-bench:{seed}")
        seed += 1
        count = 0
        while not GAME.is_over(state) and (count < turns or getattr(GAME.pending(state), "kind", None) != "turn"):
            GAME.apply(state, GAME.choose(state, rng))
            count += 1
        if not GAME.is_over(state):
            out.append(state)
    return out
