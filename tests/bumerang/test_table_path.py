"""Bumerang through the table path: a simulated game written as the table's taps,
confirms and buttons (``companion demo --record``) is refereed by ``companion replay``
to the same game, on the default board and on boards of other shapes."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from companion.commands import run_script, table_script
from companion.game import Seat
from companion.games.bumerang.actions import Capture
from companion.games.bumerang.script import lines_for
from companion.games.bumerang.state import Step
from companion.session import Referee
from companion.store import GameStore
from tests.bumerang.helpers import square_board, strip_board
from tests.bumerang.test_properties import LIMIT, pick

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "bumerang-3-players.jsonl"


def simulated(seed: int, players: int, options=None, board_file=None) -> Referee:
    """A game refereed from exact actions: the built-in player, random legal actions,
    and now and then an infraction the referee fines or another player claims."""
    ref = Referee.new(GameStore(":memory:"), "bumerang", [Seat(n) for n in "ABCDE"[:players]], options,
                      seed=seed, board_file=board_file)
    rng = random.Random(seed)
    while not ref.is_over and len(ref.actions) < LIMIT:
        assert ref.submit(pick(ref.state, rng)).accepted
    assert ref.is_over
    return ref


def refereed(sim: Referee) -> tuple[Referee, list[dict]]:
    lines = [json.dumps(line) for line in table_script(sim)]
    return run_script(lines, GameStore(":memory:"))


GAMES = [
    (1, 3, None, None),
    (2, 4, {"missed_capture": "claim"}, None),
    (3, 5, {"capture_on_arrival": True, "chain_capture": "must"}, None),
    (4, 3, {"missed_capture": "reject", "first_player": "random"}, None),
    (5, 4, {"extra_turn_capture_duty": False, "missed_capture": "claim"}, square_board()),
    (6, 5, {"capture_on_arrival": True}, strip_board()),
    (7, 2, {"two_player": True}, square_board(5)),
]


@pytest.mark.parametrize("seed, players, options, board_file", GAMES)
def test_the_table_path_referees_the_same_game_as_the_simulation(seed, players, options, board_file):
    """Taps on the board, confirms and the game's buttons give the same game, move for
    move, without one rejection and without one explicit action."""
    sim = simulated(seed, players, options, board_file)
    table, records = refereed(sim)
    rejected = [r for r in records if r["verdict"] is not None and not r["verdict"].accepted]
    assert rejected == []
    assert not any("action" in r["input"] for r in records)
    assert table.actions == sim.actions
    assert table.is_over
    assert table.scores() == sim.scores()
    assert table.game.observation(table.state) == sim.game.observation(sim.state)


def test_the_scripts_use_every_kind_of_table_input():
    """Across the games above: taps (prisoner badges among them) with confirms, Stop and
    Penalty?."""
    kinds: Counter[str] = Counter()
    for seed, players, options, board_file in GAMES:
        for line in table_script(simulated(seed, players, options, board_file))[1:]:
            kind = next(iter(line))
            kinds[line["intent"] if kind == "intent" else kind] += 1
            kinds["badge"] += str(line.get("touch", "")).startswith("prisoner-")
    assert {"touch", "confirm", "stop", "penalty", "badge"} <= {k for k, n in kinds.items() if n}
    assert set(kinds) <= {"touch", "confirm", "stop", "pass", "penalty", "badge"}


def test_a_capture_taps_the_stone_then_the_victim_and_a_chain_the_victim_alone():
    sim = simulated(3, 5, {"capture_on_arrival": True, "chain_capture": "must"})
    state = sim.game.new_state(sim.setup, sim.options, seed=sim.seed)
    chained = 0
    for action in sim.actions:
        lines = lines_for(state, action)
        if isinstance(action, Capture) and state.step is not Step.TURN:
            assert lines == [{"touch": action.to}, {"confirm": True}]
            chained += 1
        elif isinstance(action, Capture):
            assert lines == [{"touch": action.stone}, {"touch": action.to}, {"confirm": True}]
        sim.game.apply(state, action)
    assert chained > 0


def test_the_documented_example_is_a_whole_game_refereed_without_rejection():
    result = subprocess.run([sys.executable, "-m", "companion.cli", "--lang", "en", "replay", str(EXAMPLE), "--json"],
                            capture_output=True, text=True, check=True, cwd=ROOT)
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert records[-1]["over"] is True
    assert all(r["verdict"] is None or r["verdict"]["accepted"] for r in records[:-1])
    assert {next(iter(r["input"])) for r in records[1:-1]} <= {"touch", "confirm", "intent"}
    assert records[-1]["scores"]["winners"]
