"""Scripted games: the documented example, table scripts equal to simulated games,
machine-readable output, bad scripts."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.commands import run_script, table_script, play_out
from companion.errors import GameError
from companion.game import Chance, Seat
from companion.session import Referee
from companion.store import GameStore

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "mustang-3-players.jsonl"


def simulated(seed: int, players: int, options=None) -> Referee:
    ref = Referee.new(GameStore(":memory:"), "mustang", [Seat(n) for n in "ABCDE"[:players]], options,
                      seed=seed, simulated_hands=True)
    play_out(ref)
    return ref


@pytest.mark.parametrize("seed, players, options", [
    (1, 2, None), (2, 3, {"exchange_draws_two": True}), (3, 4, {"birth_to": "stable"}),
    (4, 5, {"end_when": "stack_empty", "event_deck": "five"}), (5, 3, {"specials_count_as_kind": True}),
])
def test_the_table_path_referees_the_same_game_as_the_simulation(seed, players, options):
    """Cards seen, tokens scanned and confirms, with hands unseen, give the same game."""
    sim = simulated(seed, players, options)
    lines = [json.dumps(line) for line in table_script(sim)]
    table, records = run_script(lines, GameStore(":memory:"))
    rejected = [r for r in records if r["verdict"] is not None and not r["verdict"].accepted]
    assert rejected == []
    assert table.is_over
    assert table.scores() == sim.scores()
    sim_view, table_view = sim.game.observation(sim.state), table.game.observation(table.state)
    assert sim_view == table_view


def test_documented_example_is_a_complete_game():
    result = subprocess.run([sys.executable, "-m", "companion.cli", "--lang", "en", "replay", str(EXAMPLE), "--json"],
                            capture_output=True, text=True, check=True)
    records = [json.loads(line) for line in result.stdout.splitlines()]
    final = records[-1]
    assert final["over"] is True
    assert all(r["verdict"] is None or r["verdict"]["accepted"] for r in records[:-1])
    totals = [p["total"] for p in final["scores"]["players"]]
    assert max(totals) == totals[final["scores"]["winners"][0]]


def test_replay_prints_rejections_with_reason_and_section(tmp_path):
    script = tmp_path / "bad.jsonl"
    script.write_text("\n".join(json.dumps(x) for x in [
        {"setup": {"seats": ["Will", "Frank"], "seed": 1}},
        {"scan": "stallion-red-1"}, {"scan": "mare-red-1"}, {"scan": "foal-red-1"},
        {"cards": ["red-2", "blue-2", "green-2"]}, {"scan": "foal-red-1"},
    ]))
    result = subprocess.run([sys.executable, "-m", "companion.cli", "--lang", "fr", "replay", str(script)],
                            capture_output=True, text=True, check=True)
    assert "wrong-combination" in result.stdout and "Attraper un mustang" in result.stdout


@pytest.mark.parametrize("lines", [
    ["not json"],
    [json.dumps({"scan": "foal-red-1"})],
    [json.dumps({"setup": {"seats": ["A", "B"]}}), json.dumps({"dance": 1})],
    [],
])
def test_bad_scripts_say_what_is_wrong(lines):
    with pytest.raises(GameError):
        run_script(lines, GameStore(":memory:"))


def test_replay_of_a_missing_file_fails_cleanly(tmp_path):
    result = subprocess.run([sys.executable, "-m", "companion.cli", "replay", str(tmp_path / "nope.jsonl")],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "nope.jsonl" in result.stderr and "Traceback" not in result.stderr


def test_replay_lists_what_each_move_changed():
    text = subprocess.run([sys.executable, "-m", "companion.cli", "--lang", "nl", "replay", str(EXAMPLE)],
                          capture_output=True, text=True, check=True).stdout
    assert "· Deler: geef" in text and "aan de beurt." in text
    records = [json.loads(line) for line in subprocess.run(
        [sys.executable, "-m", "companion.cli", "replay", str(EXAMPLE), "--json"],
        capture_output=True, text=True, check=True).stdout.splitlines()[:-1]]
    changes = [c for r in records if r["verdict"] for c in r["verdict"].get("changes", ())]
    assert {"horse", "deal", "turn", "end"} <= {c["kind"] for c in changes}
    assert all(set(c["text"]) == {"nl", "fr", "en"} for c in changes)


def test_demo_resumes_only_a_game_started_with_the_same_arguments(tmp_path):
    db = tmp_path / "demo.sqlite3"
    store = GameStore(db)
    ref = Referee.new(store, "mustang", [Seat(n) for n in ("Will", "Frank", "Calamity")], seed=5, simulated_hands=True)
    for _ in range(10):
        assert (ref.simulate_chance() if isinstance(ref.pending, Chance) else ref.submit(ref.bot_action())).accepted
    demo = [sys.executable, "-m", "companion.cli", "--lang", "en", "demo", "--game", "mustang", "--db", str(db),
            "--players", "3"]
    other = subprocess.run(demo + ["--seed", "6"], capture_output=True, text=True, check=True).stdout
    assert "Resuming" not in other
    assert [r.id for r in store.unfinished()] == [ref.game_id]          # left as it was
    (new,) = store.finished()
    assert new.seed == 6
    same = subprocess.run(demo + ["--seed", "5"], capture_output=True, text=True, check=True).stdout
    assert same.startswith(f"Resuming game {ref.game_id} after 10 moves.")
    assert store.unfinished() == [] and len(store.finished()) == 2
    store.close()
