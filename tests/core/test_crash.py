"""Kill the referee with SIGKILL at random moments; the restarted game ends exactly as
an uninterrupted game of the same seed."""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.store import GameStore

pytestmark = pytest.mark.slow

DEMO = [sys.executable, "-m", "companion.cli", "demo", "--game", "mustang", "--players", "4", "--seed", "31", "--json",
        "--pace", "0.03"]


def run_to_end(db: Path) -> dict:
    result = subprocess.run(DEMO + ["--db", str(db)], capture_output=True, text=True, check=True, timeout=300)
    return json.loads(result.stdout.splitlines()[-1])


def moves_logged(db: Path) -> int:
    """How many log entries the database holds now (0 before it exists); read-only, so
    the demo writing it is not disturbed."""
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("SELECT count(*) FROM moves").fetchone()[0])
    except sqlite3.Error:     # the tables are being made
        return 0


def wait_for_a_new_move(proc: subprocess.Popen, db: Path, before: int, patience: float = 60.0) -> None:
    """Wait until the demo has logged a move since it started (however slow the machine
    is at starting Python), or has ended."""
    deadline = time.monotonic() + patience
    while proc.poll() is None and moves_logged(db) <= before and time.monotonic() < deadline:
        time.sleep(0.02)


def test_sigkill_at_random_moments_then_resume_gives_the_uninterrupted_game(tmp_path):
    expected = run_to_end(tmp_path / "clean.sqlite3")
    db = tmp_path / "crashed.sqlite3"
    rng = random.Random(2026)
    kills = 0
    logged = []
    outcome = None
    ended = False
    for _ in range(12):
        before = moves_logged(db)
        proc = subprocess.Popen(DEMO + ["--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for_a_new_move(proc, db, before)
        time.sleep(rng.uniform(0.0, 0.8))
        if proc.poll() is not None:  # the resumed game ran to its end before the next kill
            outcome = json.loads(proc.communicate()[0].splitlines()[-1])
            break
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate()
        kills += 1
        if db.exists():
            store = GameStore(db)
            games, ended = store.unfinished(), bool(store.finished())
            logged.append(len(store.entries(games[0].id)) if games else None)
            store.close()
        if ended:  # the kill came after the final commit: the game is over, nothing to resume
            break
    assert kills >= 2, "the demo finished before it could be killed twice: make the game longer"
    assert any(n for n in logged if n), "no kill happened mid-game"
    if outcome is None and not ended:
        outcome = run_to_end(db)
    if outcome is not None:
        assert outcome == expected
    store = GameStore(db)
    (record,) = store.finished()                  # the crashed game reached the history, once
    assert store.unfinished() == []
    assert record.final["scores"] == expected["scores"]
    store.close()
