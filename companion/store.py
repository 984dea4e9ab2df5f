"""The durable game log and the history of finished games, in SQLite.

The log is the truth. A game is its setup (game, seats, options, seed, and the game's
:class:`~companion.game.Setup` as JSON: teams, dealer, board, whether hands are
simulated) and the ordered list of accepted inputs: actions (and chance outcomes, which
are actions too) and undos. An action that is part of the same move as the one before it
(a catch and the token drawn for it) is logged ``joined``, so one undo takes back the
whole move. Each entry is committed with ``synchronous=FULL`` before
:meth:`GameStore.append` returns, so an input the table was told about survives a power
cut; the state is rebuilt by replaying the entries.

A database written by an earlier version (``dealer`` and ``simulated_hands`` columns, no
``joined``) is migrated when opened, in one transaction.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from companion.db import connect, ensure_schema
from companion.errors import StorageError
from companion.game import Seat, Setup
from companion.i18n import Text

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    setup TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    final TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'undo')),
    payload TEXT,
    at TEXT NOT NULL,
    joined INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq)
)
"""

MIGRATE_SETUP = """
CREATE TABLE games_new (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    setup TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    final TEXT
);
INSERT INTO games_new (id, game, seats, options, seed, setup, started_at, finished_at, final)
    SELECT id, game, seats, options, seed,
           json_object('seats', json(seats), 'dealer', dealer,
                       'simulated_hands', json(CASE WHEN simulated_hands THEN 'true' ELSE 'false' END),
                       'board', json_object(), 'board_file', NULL),
           started_at, finished_at, final FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
"""


@dataclass(frozen=True)
class GameRecord:
    """A game's setup and, once finished, its final score sheet (JSON)."""

    id: int
    game: str
    seats: tuple[Seat, ...]
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any]
    started_at: str
    finished_at: str | None
    final: dict[str, Any] | None


    @property
    def dealer(self) -> int:
        return int(self.setup.get("dealer", 0))

    @property
    def simulated_hands(self) -> bool:
        return bool(self.setup.get("simulated_hands", False))


@dataclass(frozen=True)
class LogEntry:
    seq: int
    kind: str
    payload: dict[str, Any] | None
    at: str
    joined: bool = False


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class GameStore:
    """All games of one database file (see :func:`companion.paths.database_file`)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.connection = connect(path)
        self._migrate()
        ensure_schema(self.connection, SCHEMA)

    def _migrate(self) -> None:
        """Bring a database of an earlier version to this schema, in one transaction."""
        conn = self.connection
        try:
            games = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
            moves = {row[1] for row in conn.execute("PRAGMA table_info(moves)")}
            if not (games and "setup" not in games) and not (moves and "joined" not in moves):
                return
            conn.execute("PRAGMA foreign_keys=OFF")
            try:
                script = "BEGIN;"
                if games and "setup" not in games:
                    script += MIGRATE_SETUP
                if moves and "joined" not in moves:
                    script += "ALTER TABLE moves ADD COLUMN joined INTEGER NOT NULL DEFAULT 0;"
                conn.executescript(script + "COMMIT;")
            finally:
                conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as err:
            if conn.in_transaction:
                conn.rollback()
            raise StorageError(Text("The game database could not be brought up to date: {detail}",
                                    detail=str(err))) from err

    def close(self) -> None:
        self.connection.close()

    def _write(self, sql: str, params: tuple) -> sqlite3.Cursor:
        try:
            with self.connection:
                return self.connection.execute(sql, params)
        except sqlite3.Error as err:
            raise StorageError(Text("Could not save to the game database: {detail}", detail=str(err))) from err

    def create(self, game: str, options: dict[str, Any], seed: int, setup: Setup) -> int:
        seats_json = json.dumps([{"name": s.name, "colour": s.colour, "team": s.team} for s in setup.seats])
        cur = self._write("INSERT INTO games (game, seats, options, seed, setup, started_at) VALUES (?, ?, ?, ?, ?, ?)",
                          (game, seats_json, json.dumps(options), seed, json.dumps(setup.to_json()), _now()))
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

    def append(self, game_id: int, seq: int, kind: str, payload: dict[str, Any] | None, *,
               joined: bool = False) -> None:
        """Durably add entry ``seq``; a second writer of the same ``seq`` fails.
        ``joined``: the action belongs to the same move as the entry before it."""
        self._write("INSERT INTO moves (game_id, seq, kind, payload, at, joined) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seq, kind, json.dumps(payload) if payload is not None else None, _now(),
                     int(joined)))

    def finish(self, game_id: int, final: dict[str, Any]) -> None:
        self._write("UPDATE games SET finished_at = ?, final = ? WHERE id = ?", (_now(), json.dumps(final), game_id))

    def reopen(self, game_id: int) -> None:
        """Mark a game unfinished again (an undo after the last move)."""
        self._write("UPDATE games SET finished_at = NULL, final = NULL WHERE id = ?", (game_id,))

    def delete(self, game_id: int) -> None:
        self._write("DELETE FROM games WHERE id = ?", (game_id,))

    def _records(self, where: str, params: tuple = ()) -> list[GameRecord]:
        try:
            rows = self.connection.execute(
                "SELECT id, game, seats, options, seed, setup, started_at, finished_at, final "
                f"FROM games {where}", params).fetchall()
        except sqlite3.Error as err:
            raise StorageError(Text("The game database is damaged: {detail}", detail=str(err))) from err
        return [GameRecord(r[0], r[1], tuple(Seat(s["name"], s.get("colour"), s.get("team")) for s in json.loads(r[2])),
                           json.loads(r[3]), r[4], json.loads(r[5]), r[6], r[7],
                           json.loads(r[8]) if r[8] else None) for r in rows]

    def record(self, game_id: int) -> GameRecord:
        found = self._records("WHERE id = ?", (game_id,))
        if not found:
            raise StorageError(Text("There is no game number {id} in the database.", id=game_id))
        return found[0]

    def unfinished(self) -> list[GameRecord]:
        """Games not finished, newest first (the app offers to resume the first)."""
        return self._records("WHERE finished_at IS NULL ORDER BY id DESC")

    def finished(self) -> list[GameRecord]:
        """Finished games with their final score sheets, newest first."""
        return self._records("WHERE finished_at IS NOT NULL ORDER BY id DESC")

    def entries(self, game_id: int) -> list[LogEntry]:
        try:
            rows = self.connection.execute("SELECT seq, kind, payload, at, joined FROM moves WHERE game_id = ? "
                                           "ORDER BY seq", (game_id,)).fetchall()
        except sqlite3.Error as err:
            raise StorageError(Text("The game database is damaged: {detail}", detail=str(err))) from err
        return [LogEntry(r[0], r[1], json.loads(r[2]) if r[2] else None, r[3], bool(r[4])) for r in rows]
