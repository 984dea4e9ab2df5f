"""The app with a game database that cannot be used as it is: it always starts, keeps
the old file, and says on the home screen what happened."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest

from companion.game import Seat
from companion.session import Referee
from companion.store import GameStore
from tests.ui.test_app import run

pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def _db(work: Path) -> Path:
    return work / "state" / "games.sqlite3"


def _usable_home(result: dict) -> None:
    assert result["page"] == "home" and result["failure"] is None
    assert "New game of Mustang" in result["buttons"] and "History and statistics" in result["buttons"]


def test_a_file_that_is_no_database_is_kept_and_a_new_one_started(work):
    garbage = b"this is not SQLite\n" * 300
    _db(work).write_bytes(garbage)
    result = run("home", work)
    _usable_home(result)
    kept = [p for p in _db(work).parent.iterdir() if p.name.startswith("games.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == garbage
    assert any("The game database was damaged" in t and kept[0].name in t for t in result["texts"])
    with sqlite3.connect(_db(work)) as conn:
        assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"


def test_a_newer_database_is_left_untouched_and_games_go_beside_it(work):
    with sqlite3.connect(_db(work)) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, setup TEXT)")
        conn.execute("PRAGMA user_version = 7")
    before = hashlib.sha256(_db(work).read_bytes()).hexdigest()
    result = run("home", work)
    _usable_home(result)
    assert hashlib.sha256(_db(work).read_bytes()).hexdigest() == before
    assert any("newer version" in t and "games-v2.sqlite3" in t for t in result["texts"])
    assert (_db(work).parent / "games-v2.sqlite3").is_file()


def test_one_bad_game_row_leaves_the_home_screen_working(work):
    store = GameStore(_db(work))
    Referee.new(store, "mustang", [Seat("Ann"), Seat("Bob")], seed=4)
    broken = Referee.new(store, "mustang", [Seat("Cy"), Seat("Di")], seed=5)
    store.connection.execute("UPDATE games SET seats = '{not json' WHERE id = ?", (broken.game_id,))
    store.close()
    result = run("home", work)
    _usable_home(result)
    assert any("Ann" in t for t in result["dialogs"])   # the readable game is offered
    assert not any("Cy" in t for t in result["texts"] + result["dialogs"])
    assert json.dumps(result).count("The game is saved") == 0


def test_a_finished_game_whose_scores_are_damaged_is_listed_and_says_so(work):
    from companion.commands import play_out

    store = GameStore(_db(work))
    for names, seed in ((("Ann", "Bob"), 2), (("Cy", "Di"), 3)):
        play_out(Referee.new(store, "mustang", [Seat(n) for n in names], seed=seed, simulated_hands=True))
    good, bad = sorted(store.finished(), key=lambda r: r.seats[0].name)
    damaged = dict(bad.final)
    damaged["sheet"] = {"players": [{"player": 0, "name": "Cy"}], "winners": "?"}   # keys lost, a list gone
    damaged["scores"] = {"players": [{"player": "x", "total": None}], "winners": [0]}
    store.connection.execute("UPDATE games SET final = ? WHERE id = ?", (json.dumps(damaged), bad.id))
    store.close()
    result = run("history", work)
    assert result["page"] == "history" and result["failure"] is None
    shown = {label.split(" — ")[1].split(" (")[0]: press for label, press in result["pressed"].items()}
    assert set(shown) == {"Ann, Bob", "Cy, Di"}
    assert shown["Ann, Bob"]["page"] == "scores" and not shown["Ann, Bob"]["dialogs"]
    assert shown["Cy, Di"]["page"] == "history"
    assert any("cannot be shown" in t and "damaged" in t for t in shown["Cy, Di"]["dialogs"])
    assert any(t.startswith("Ann") for t in result["texts"])   # the statistics still count the good game
