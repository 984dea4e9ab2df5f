"""The table path: a simulated game recorded as a table plays it (card seen, taps on the
board, confirms and choices, hands unseen) is refereed to the same game with no
rejection; the documented example is such a game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.commands import play_out, run_script, table_script
from companion.game import Seat
from companion.session import Referee
from companion.store import GameStore

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "stramash-3-players.jsonl"


def simulated(seed: int, players: int, options=None) -> Referee:
    ref = Referee.new(GameStore(":memory:"), "stramash", [Seat(n) for n in "ABCDEF"[:players]], options,
                      seed=seed, simulated_hands=True)
    play_out(ref)
    return ref


@pytest.mark.parametrize("seed, players, options", [
    (1, 2, None),
    (2, 2, {"two_player_mashies": "adjacent", "castle_entry_forced": True}),
    (3, 4, {"joker_optional": True, "pass_own_laddies": True}),
    (4, 4, {"lap_required": True, "first_player": "random"}),
    (5, 6, {"castle_moves": False, "jokers_per_pack": 1}),
    (6, 6, {"first_player": "left-of-dealer", "joker_optional": True}),
])
def test_the_table_path_referees_the_same_game_as_the_simulation(seed, players, options):
    sim = simulated(seed, players, options)
    script = table_script(sim)
    assert "simulated_hands" not in script[0]["setup"]          # hands unseen, as at a real table
    inputs = {key for line in script[1:] for key in line}
    assert "action" not in inputs and {"cards", "touch", "confirm", "choose"} <= inputs
    table, records = run_script([json.dumps(line) for line in script], GameStore(":memory:"))
    rejected = [(r["line"], r["verdict"].message.render("en")) for r in records
                if r["verdict"] is not None and not r["verdict"].accepted]
    assert rejected == []
    assert table.is_over and not table.simulated_hands
    assert table.actions == sim.actions
    assert table.scores() == sim.scores()
    assert table.game.observation(table.state) == sim.game.observation(sim.state)


def test_every_play_starts_with_the_card_the_camera_sees():
    sim = simulated(7, 3)
    script = table_script(sim)
    plays = [a for a in sim.actions if hasattr(a, "card")]
    assert [line["cards"] for line in script if "cards" in line] == [[a.card] for a in plays]


def test_the_documented_example_is_a_table_game_replayed_without_rejection():
    result = subprocess.run([sys.executable, "-m", "companion.cli", "--lang", "en", "replay", str(EXAMPLE), "--json"],
                            capture_output=True, text=True, check=True, cwd=ROOT)
    records = [json.loads(line) for line in result.stdout.splitlines()]
    final = records[-1]
    assert final["over"] is True
    assert all(r["verdict"] is None or r["verdict"]["accepted"] for r in records[:-1])
    assert not any("action" in r["input"] for r in records[:-1])
    winner = final["scores"]["winners"][0]
    assert final["scores"]["players"][winner]["total"] == 5
