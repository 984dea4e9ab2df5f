"""Legal-move generation is fast: the median over 5-player mid-game positions on the
default board is under 1 ms (the issue's target), timed as ``companion bench`` would."""

from __future__ import annotations

import statistics
import time

from companion.games.bumerang.bench import bench_positions


def test_bench_positions_are_five_player_mid_game():
    positions = bench_positions(5)
    assert len(positions) == 5
    for game, state in positions:
        assert state.players == 5 and not game.is_over(state)
        assert len(state.topology.fields) == 61
        assert sum(map(len, state.supply)) <= 35 // 2 and state.where
    first = [s.snapshot() for _, s in bench_positions(3)]
    assert first == [s.snapshot() for _, s in bench_positions(3)]


def test_legal_actions_median_under_a_millisecond():
    timings = []
    for game, state in bench_positions(40):
        for _ in range(5):
            start = time.perf_counter()
            game.legal_actions(state)
            timings.append(time.perf_counter() - start)
    assert statistics.median(timings) < 0.001
