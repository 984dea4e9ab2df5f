"""Opening the game database: one SQLite file for the log, history and token registry.

Every connection is in WAL mode with ``synchronous=FULL``: a transaction that has
returned from ``commit`` survives a power cut. Modules that keep tables here create them
with ``CREATE TABLE IF NOT EXISTS`` through :func:`ensure_schema`.

:func:`open_checked` opens the file only after reading it: ``PRAGMA quick_check`` must
pass (else :class:`DamagedDatabase`), and its ``user_version`` must be the schema's
version or that of a file not yet numbered holding only our tables (else
:class:`ForeignDatabase`, raised before anything is written, not even WAL mode).
:func:`set_aside` renames a damaged file, its WAL and shared-memory files with it, to a
name holding the time, so it is kept for recovery.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from companion.errors import StorageError
from companion.i18n import Text


class DamagedDatabase(StorageError):
    """The file is not a database SQLite can read, or fails its ``quick_check``."""


class ForeignDatabase(StorageError):
    """The file is a database, but of a newer schema or of another program: it is left
    as it is."""


def _open(path: Path) -> sqlite3.Connection:
    if str(path) != ":memory:":
        path.parent.mkdir(parents=True, exist_ok=True)
    return sqlite3.connect(str(path), timeout=10, isolation_level=None, check_same_thread=False)


def _cannot_open(path: Path, err: Exception) -> StorageError:
    return StorageError(Text("Cannot open the game database {path}: {detail}", path=str(path), detail=str(err)))


def _durable(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=10000")


def connect(path: str | Path) -> sqlite3.Connection:
    """Open (creating if needed) the database at ``path`` with durable settings.

    Raises :class:`StorageError` with a readable message if the file cannot be used
    (a directory that cannot be created, a file that is not a database).
    """
    path = Path(path)
    try:
        conn = _open(path)
        _durable(conn)
    except (sqlite3.Error, OSError) as err:
        raise _cannot_open(path, err) from err
    return conn


def open_checked(path: str | Path, version: int, own_tables: frozenset[str]) -> sqlite3.Connection:
    """Open the database at ``path`` for a schema numbered ``version``, checking it first.

    A new or empty file gets ``version``; a file numbered 0 whose tables are all in
    ``own_tables`` (made before the schema was numbered) too. A file that SQLite cannot
    read or whose ``quick_check`` fails raises :class:`DamagedDatabase`; a higher
    version, or tables of another program, :class:`ForeignDatabase` (nothing written).
    """
    path = Path(path)
    try:
        conn = _open(path)
    except (sqlite3.Error, OSError) as err:
        raise _cannot_open(path, err) from err
    try:
        problems = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as err:
        conn.close()
        raise DamagedDatabase(Text("The game database {path} cannot be read: {detail}",
                                   path=str(path), detail=str(err))) from err
    if problems != ["ok"]:
        conn.close()
        raise DamagedDatabase(Text("The game database {path} is damaged: {detail}",
                                   path=str(path), detail="; ".join(map(str, problems[:3]))))
    if found > version or (found == 0 and not tables <= own_tables) or found < 0:
        conn.close()
        raise ForeignDatabase(Text("The file {path} is not a game database of this version of the referee "
                                   "(schema {found}, this version reads {version}).",
                                   path=str(path), found=found, version=version))
    try:
        _durable(conn)
        if found != version:
            conn.execute(f"PRAGMA user_version = {int(version)}")
    except sqlite3.Error as err:
        conn.close()
        raise DamagedDatabase(Text("The game database {path} cannot be written: {detail}",
                                   path=str(path), detail=str(err))) from err
    return conn


def set_aside(path: str | Path, label: str = "damaged") -> Path:
    """Rename the database at ``path`` (and its ``-wal`` and ``-shm`` files) to
    ``<name>.<label>-<UTC time><suffix>`` beside it; returns the new name."""
    path = Path(path)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.{label}-{stamp}-{n}{path.suffix}")
    for extra in ("-wal", "-shm"):
        companion = path.with_name(path.name + extra)
        if companion.exists():
            companion.rename(target.with_name(target.name + extra))
    path.rename(target)
    return target


def ensure_schema(conn: sqlite3.Connection, statements: str) -> None:
    """Run ``CREATE … IF NOT EXISTS`` statements in one transaction."""
    try:
        conn.executescript("BEGIN;" + statements + ";COMMIT;")
    except sqlite3.Error as err:
        raise StorageError(Text("The game database is damaged: {detail}", detail=str(err))) from err
