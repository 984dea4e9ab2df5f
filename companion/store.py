"""The durable game log and the history of finished games, in SQLite.

The log is the truth. A game is its setup (game, seats, options, seed, and the game's
:class:`~companion.game.Setup` as JSON: teams, dealer, board, whether hands are
simulated) and the ordered list of accepted inputs: actions (and chance outcomes, which
are actions too) and undos. An action that is part of the same move as the one before it
(a catch and the token drawn for it) is logged ``joined``, so one undo takes back the
whole move. Each entry is committed with ``synchronous=FULL`` before
:meth:`GameStore.append` returns, so an input the table was told about survives a power
cut; the state is rebuilt by replaying the entries.

A database of an earlier schema (``dealer`` and ``simulated_hands`` columns, no
``joined``) is migrated when opened, in one transaction.

A damaged file never stops the table: :func:`open_store_safely` sets aside a database
that cannot be read (kept beside it, named with the time) and starts a new one, and
leaves a newer or foreign one untouched, keeping games in a new file beside it; either
way it says so. A row that cannot be decoded is left out of :meth:`GameStore.unfinished`
and :meth:`GameStore.finished` (the others stay), and :meth:`GameStore.entries` stops
before the first unreadable entry of a log; :meth:`GameStore.cut_log` moves the entries
a resumed game cannot use to ``moves_set_aside``.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from companion.db import DamagedDatabase, ForeignDatabase, ensure_schema, open_checked, set_aside
from companion.errors import StorageError
from companion.game import Seat, Setup
from companion.i18n import Text

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2
"""``PRAGMA user_version`` of a database with the tables below; a file with a higher
number was written by a newer version and is never opened for writing."""

OWN_TABLES = frozenset({"games", "moves", "moves_set_aside", "tokens"})
"""The tables a game database holds (``tokens``: the RFID registry's); an unnumbered
file with others is another program's."""

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
);
CREATE TABLE IF NOT EXISTS moves_set_aside (
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT,
    payload TEXT,
    at TEXT,
    set_aside_at TEXT NOT NULL
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
        self.connection = open_checked(path, SCHEMA_VERSION, OWN_TABLES)
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

    def _write(self, sql: str, params: tuple[object, ...]) -> sqlite3.Cursor:
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

    def _records(self, where: str, params: tuple[object, ...] = ()) -> list[GameRecord]:
        """The rows that decode; one that does not is logged and left out."""
        rows = self._read("SELECT id, game, seats, options, seed, setup, started_at, finished_at, "
                          f"final FROM games {where}", params)
        records = []
        for r in rows:
            try:
                seats = tuple(Seat(_text(s["name"]), None if s.get("colour") is None else _text(s["colour"]),
                                   _team(s.get("team"))) for s in _json_list(r[2]))
                options = json.loads(r[3])
                setup = json.loads(r[5])
                final = json.loads(r[8]) if r[8] else None
                if not (isinstance(options, dict) and isinstance(setup, dict) and seats
                        and (final is None or isinstance(final, dict))
                        and isinstance(r[0], int) and isinstance(r[1], str) and isinstance(r[4], int)
                        and isinstance(r[6], str)):
                    raise ValueError("a field of the wrong type")
            except (ValueError, TypeError, KeyError, AttributeError) as err:
                log.warning("game %s in %s cannot be read and is left out: %s", r[0], self.path, err)
                continue
            records.append(GameRecord(r[0], r[1], seats, options, r[4], setup, r[6], r[7], final))
        return records

    def _read(self, sql: str, params: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self.connection.execute(sql, params).fetchall()
        except sqlite3.Error as err:
            raise StorageError(Text("The game database is damaged: {detail}", detail=str(err))) from err

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
        """The log of a game, up to (not including) its first entry that cannot be read."""
        entries = []
        for seq, kind, payload, at, joined in self._read("SELECT seq, kind, payload, at, joined FROM moves "
                                                         "WHERE game_id = ? ORDER BY seq", (game_id,)):
            try:
                data = json.loads(payload) if payload else None
                if kind not in ("action", "undo") or (kind == "action" and not isinstance(data, dict)):
                    raise ValueError(f"a {kind!r} entry with {payload!r}")
            except (ValueError, TypeError) as err:
                log.warning("game %s: log entry %s cannot be read; the game goes on from the one before: %s",
                            game_id, seq, err)
                break
            entries.append(LogEntry(seq, kind, data, at, bool(joined)))
        return entries

    def cut_log(self, game_id: int, seq: int) -> None:
        """Move the log entries of ``game_id`` from ``seq`` on to ``moves_set_aside`` (kept
        for recovery): a resumed game that could not use them goes on without them."""
        if not self._read("SELECT 1 FROM moves WHERE game_id = ? AND seq >= ? LIMIT 1", (game_id, seq)):
            return
        try:
            with self.connection:
                self.connection.execute(
                    "INSERT INTO moves_set_aside (game_id, seq, kind, payload, at, set_aside_at) "
                    "SELECT game_id, seq, kind, payload, at, ? FROM moves WHERE game_id = ? AND seq >= ?",
                    (_now(), game_id, seq))
                self.connection.execute("DELETE FROM moves WHERE game_id = ? AND seq >= ?", (game_id, seq))
        except sqlite3.Error as err:
            raise StorageError(Text("Could not save to the game database: {detail}", detail=str(err))) from err


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a string")
    return value


def _team(value: object) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise TypeError(f"{value!r} is not a team number")
    return value


def _json_list(raw: object) -> list[Any]:
    value = json.loads(raw)   # type: ignore[arg-type]  # TypeError for a non-text column
    if not isinstance(value, list):
        raise TypeError(f"{raw!r} is not a JSON list")
    return value


def open_store_safely(path: str | Path) -> tuple[GameStore, Text | None]:
    """The game store at ``path``, whatever the file holds, and what the table must be told.

    A file that cannot be read is set aside (:func:`companion.db.set_aside`) and a new
    one started in its place; a newer or foreign database is left untouched and games go
    to ``<name>-v<SCHEMA_VERSION><suffix>`` beside it; when no file can be used at all
    (a read-only disk), games are kept in memory until the app stops. The message is
    ``None`` when the file opened as it should.
    """
    path = Path(path)
    try:
        return GameStore(path), None
    except DamagedDatabase as err:
        log.error("%s", err)
        try:
            kept = set_aside(path)
            return GameStore(path), Text(
                "The game database was damaged and could not be read. It was kept as {kept} and a new one "
                "was started: finished games and the taught tokens are in the old file.", kept=kept.name)
        except (OSError, StorageError) as again:
            return _in_memory(again)
    except ForeignDatabase as err:
        log.error("%s", err)
        beside = path.with_name(f"{path.stem}-v{SCHEMA_VERSION}{path.suffix}")
        try:
            return GameStore(beside), Text(
                "The game database {path} was written by a newer version of the referee or by another "
                "program; it is left untouched. Games are kept in {beside} meanwhile.",
                path=path.name, beside=beside.name)
        except StorageError as again:
            return _in_memory(again)
    except StorageError as err:
        return _in_memory(err)


def _in_memory(err: StorageError | OSError) -> tuple[GameStore, Text]:
    log.error("%s", err)
    detail = err.text if isinstance(err, StorageError) else Text.raw(str(err))
    return GameStore(":memory:"), Text("The game database cannot be used ({detail}). Games are not saved "
                                       "until it is fixed.", detail=detail)
