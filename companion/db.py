"""Opening the game database: one SQLite file for the log, history and token registry.

Every connection is in WAL mode with ``synchronous=FULL``: a transaction that has
returned from ``commit`` survives a power cut. Modules that keep tables here create them
with ``CREATE TABLE IF NOT EXISTS`` through :func:`ensure_schema`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.errors import StorageError
from companion.i18n import Text


def connect(path: str | Path) -> sqlite3.Connection:
    """Open (creating if needed) the database at ``path`` with durable settings.

    Raises :class:`StorageError` with a readable message if the file cannot be used
    (a directory that cannot be created, a file that is not a database).
    """
    path = Path(path)
    try:
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=10, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=10000")
    except (sqlite3.Error, OSError) as err:
        raise StorageError(Text("Cannot open the game database {path}: {detail}",
                                path=str(path), detail=str(err))) from err
    return conn


def ensure_schema(conn: sqlite3.Connection, statements: str) -> None:
    """Run ``CREATE … IF NOT EXISTS`` statements in one transaction."""
    try:
        conn.executescript("BEGIN;" + statements + ";COMMIT;")
    except sqlite3.Error as err:
        raise StorageError(Text("The game database is damaged: {detail}", detail=str(err))) from err
