"""A game database written by the previous version (``data/previous-version.sqlite``:
one finished and one unfinished Mustang game, with an undo, made by the version whose
games table had ``dealer`` and ``simulated_hands`` columns) opens, resumes exactly and
keeps its history."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.commands import play_out
from companion.game import ScoreSheet
from companion.session import Referee
from companion.store import GameStore

DATA = Path(__file__).parent / "data"


@pytest.fixture
def old_store(tmp_path):
    path = tmp_path / "games.sqlite"
    shutil.copy(DATA / "previous-version.sqlite", path)
    store = GameStore(path)
    yield store
    store.close()


def test_the_unfinished_game_resumes_where_it_stood(old_store):
    unfinished = old_store.unfinished()
    assert [r.id for r in unfinished] == [2]
    record = unfinished[0]
    assert (record.dealer, record.simulated_hands, record.options["birth_to"]) == (1, True, "stable")
    assert [(s.name, s.colour) for s in record.seats] == [("Ada", "green"), ("Bo", None)]
    ref = Referee.resume(old_store, 2)
    expected = json.loads((DATA / "previous-version-game2.json").read_text())
    assert json.loads(json.dumps(ref.game.observation(ref.state), sort_keys=True)) == expected
    assert len(ref.actions) == 24          # 25 moves, the last one undone


def test_the_resumed_game_plays_on_and_is_logged(old_store):
    ref = Referee.resume(old_store, 2)
    ref.submit(ref.bot_action())
    assert len(Referee.resume(old_store, 2).actions) == 25
    play_out(ref)
    assert ref.is_over and [r.id for r in old_store.finished()] == [2, 1]


def test_the_history_keeps_the_finished_game(old_store):
    record = old_store.finished()[0]
    sheet = ScoreSheet.from_record(record.final["sheet"])
    assert [p.name for p in sheet.players] == ["Will", "Frank", "Annie"]
    assert sheet.winners and record.finished_at is not None


def test_opening_twice_migrates_once(tmp_path):
    path = tmp_path / "games.sqlite"
    shutil.copy(DATA / "previous-version.sqlite", path)
    GameStore(path).close()
    store = GameStore(path)
    columns = [row[1] for row in store.connection.execute("PRAGMA table_info(games)")]
    assert "setup" in columns and "dealer" not in columns
    assert len(store.entries(2)) == 26
    store.close()
