"""The game database when it is damaged: checked on open, set aside or left untouched,
and a bad row never takes more than itself."""

from __future__ import annotations

import hashlib
import sqlite3

import pytest

from companion.commands import play_out
from companion.db import DamagedDatabase, ForeignDatabase
from companion.game import Chance, Seat
from companion.session import Referee
from companion.store import SCHEMA_VERSION, GameStore, open_store_safely

SEATS = [Seat("Ann"), Seat("Bob"), Seat("Cy")]


def _played(store: GameStore, seed: int, moves: int | None = None) -> Referee:
    ref = Referee.new(store, "mustang", SEATS, seed=seed, simulated_hands=True)
    if moves is None:
        play_out(ref)
    else:
        for _ in range(moves):
            _step(ref)
    return ref


def _step(ref: Referee) -> None:
    verdict = ref.simulate_chance() if isinstance(ref.pending, Chance) else ref.submit(ref.bot_action())
    assert verdict.accepted


def test_a_new_database_carries_the_schema_version(tmp_path):
    GameStore(tmp_path / "g.sqlite3").close()
    with sqlite3.connect(tmp_path / "g.sqlite3") as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2


def test_an_unnumbered_database_of_ours_is_opened_and_numbered(tmp_path):
    path = tmp_path / "g.sqlite3"
    store = GameStore(path)
    ref = _played(store, 1, 10)
    store.connection.execute("PRAGMA user_version = 0")
    store.close()
    again = GameStore(path)
    assert Referee.resume(again, ref.game_id).actions == ref.actions
    assert again.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_another_programs_database_is_refused_unwritten(tmp_path):
    path = tmp_path / "g.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(ForeignDatabase):
        GameStore(path)
    store, notice = open_store_safely(path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert store.path.name == f"g-v{SCHEMA_VERSION}.sqlite3" and "another program" in notice.render("en")


def test_a_database_failing_its_quick_check_is_set_aside_with_its_contents(tmp_path):
    path = tmp_path / "g.sqlite3"
    store = GameStore(path)
    for seed in range(6):
        _played(store, seed)
    store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[3 * page + 8: 3 * page + 400] = b"\xff" * 392    # scribble over a page of the tables
    path.write_bytes(bytes(data))
    with pytest.raises(DamagedDatabase):
        GameStore(path)
    store, notice = open_store_safely(path)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("g.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == bytes(data)
    assert kept[0].name in notice.render("en") and store.finished() == []
    assert len({notice.render(lang) for lang in ("nl", "fr", "en")}) == 3   # translated


def test_history_survives_a_bad_row(tmp_path):
    store = GameStore(tmp_path / "g.sqlite3")
    games = [_played(store, seed).game_id for seed in (1, 2, 3)]
    store.connection.execute("UPDATE games SET options = '[1' WHERE id = ?", (games[1],))
    store.connection.execute("UPDATE games SET final = 'x' WHERE id = ?", (games[2],))
    assert [r.id for r in store.finished()] == [games[0]]


def test_a_game_whose_log_has_a_bad_row_resumes_at_its_last_good_move(tmp_path):
    store = GameStore(tmp_path / "g.sqlite3")
    ref = _played(store, 7, 30)
    good = list(ref.actions[:12])
    store.connection.execute("UPDATE moves SET payload = '{\"type\": 5' WHERE game_id = ? AND seq = 12",
                             (ref.game_id,))
    resumed = Referee.resume(store, ref.game_id)
    assert list(resumed.actions) == good
    assert resumed.observation() == Referee.resume(store, ref.game_id).observation()
    # The table plays on; the entries it could not use are kept aside, not replayed again.
    _step(resumed)
    again = Referee.resume(store, ref.game_id)
    assert list(again.actions) == list(resumed.actions) and len(again.actions) == 13
    kept = store.connection.execute("SELECT count(*) FROM moves_set_aside WHERE game_id = ?",
                                    (ref.game_id,)).fetchone()[0]
    assert kept == 30 - 12


def test_a_log_entry_the_rules_refuse_ends_the_replay_there(tmp_path):
    store = GameStore(tmp_path / "g.sqlite3")
    ref = _played(store, 8, 20)
    store.connection.execute("UPDATE moves SET payload = '{\"type\": \"no-such-move\"}' WHERE game_id = ? AND seq = 5",
                             (ref.game_id,))
    assert list(Referee.resume(store, ref.game_id).actions) == list(ref.actions[:5])


def test_when_no_file_can_be_used_games_are_kept_in_memory_and_the_table_is_told(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    store, notice = open_store_safely(blocked / "games.sqlite3")   # its folder cannot be made
    assert str(store.path) == ":memory:"
    assert "Games are not saved until it is fixed" in notice.render("en")
    ref = Referee.new(store, "mustang", SEATS, seed=1)
    assert store.unfinished()[0].id == ref.game_id
