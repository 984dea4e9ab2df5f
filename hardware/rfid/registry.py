"""The token registry: which RFID tag is which token of which game.

Stored in the game database (``tokens`` table, created by :func:`ensure_schema`). One
tag is one token: a UID is enrolled at most once, and a game's token id belongs to at
most one tag. Enrolling the same tag as the same token again changes nothing.

A tag may also carry its identity in its own memory (:mod:`hardware.rfid.identity`,
written with :meth:`RfidReader.write_identity`); :meth:`TokenRegistry.recover_from_tag`
rebuilds the entry from it, so tokens enrolled at one table work at another.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from companion import paths
from companion.db import connect, ensure_schema
from companion.errors import StorageError
from companion.game import TokenSpec
from companion.i18n import Text
from hardware.rfid.domain import DOMAIN
from hardware.rfid.errors import DuplicateEnrolment, UnknownTag
from hardware.rfid.iso14443 import normalise_uid

if TYPE_CHECKING:
    from hardware.rfid.reader import RfidReader

SCHEMA = """
CREATE TABLE IF NOT EXISTS tokens (
    uid TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    token_id TEXT NOT NULL,
    label TEXT,
    enrolled_at TEXT NOT NULL,
    UNIQUE (game, token_id)
)
"""
_COLUMNS = "uid, game, token_id, label, enrolled_at"


@dataclass(frozen=True)
class Enrolment:
    """Tag ``uid`` is token ``token_id`` of ``game``; ``enrolled_at`` is ISO 8601 UTC."""

    uid: str
    game: str
    token_id: str
    label: str | None
    enrolled_at: str


@dataclass(frozen=True)
class EnrolmentProgress:
    """How far a game's tokens are enrolled: specs with a tag, specs without, and
    enrolments for token ids the game does not (or no longer) have."""

    game: str
    enrolled: tuple[TokenSpec, ...]
    missing: tuple[TokenSpec, ...]
    unexpected: tuple[Enrolment, ...]

    @property
    def total(self) -> int:
        return len(self.enrolled) + len(self.missing)

    @property
    def complete(self) -> bool:
        return not self.missing

    def summary(self) -> Text:
        """"12 of 40 tokens enrolled." in the table's language."""
        return Text("{done} of {n} token enrolled.", {"done": len(self.enrolled), "n": self.total},
                    DOMAIN.name, plural="{done} of {n} tokens enrolled.")


class TokenRegistry:
    """Enrolments in the game database behind ``conn`` (from :func:`companion.db.connect`)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        ensure_schema(conn, SCHEMA)

    @classmethod
    def open(cls, path: str | Path | None = None) -> "TokenRegistry":
        """The registry in the database at ``path`` (default: the game database)."""
        return cls(connect(path if path is not None else paths.database_file()))

    def enroll(self, uid: str, game: str, token_id: str, label: str | None = None) -> Enrolment:
        """Record tag ``uid`` as ``token_id`` of ``game``.

        Raises :class:`DuplicateEnrolment` if the tag is already another token, or the
        token already has another tag; enrolling the same pair again returns it as is.
        """
        uid = normalise_uid(uid)
        existing = self._check_free(uid, game, token_id)
        if existing is not None:
            return existing
        enrolment = Enrolment(uid, game, token_id, label,
                              datetime.now(timezone.utc).isoformat(timespec="seconds"))
        try:
            self._conn.execute(f"INSERT INTO tokens ({_COLUMNS}) VALUES (?, ?, ?, ?, ?)",
                               (uid, game, token_id, label, enrolment.enrolled_at))
        except sqlite3.IntegrityError as err:
            existing = self._check_free(uid, game, token_id)  # another writer won the race: say who
            if existing is not None:
                return existing
            raise self._storage(err) from err
        except sqlite3.Error as err:
            raise self._storage(err) from err
        return enrolment

    def _check_free(self, uid: str, game: str, token_id: str) -> Enrolment | None:
        """The enrolment if ``uid`` already is this token; raises if the tag or the token
        is taken otherwise; ``None`` if both are free."""
        existing = self.lookup(uid)
        if existing is not None:
            if (existing.game, existing.token_id) == (game, token_id):
                return existing
            raise DuplicateEnrolment(DOMAIN.text(
                "This tag ({uid}) is already enrolled as {token} of {game}. Forget it first in "
                "Teach the tokens (home screen) to enrol it as {wanted}.",
                uid=uid, token=existing.token_id, game=existing.game, wanted=token_id))
        holder = self._one(f"SELECT {_COLUMNS} FROM tokens WHERE game = ? AND token_id = ?", (game, token_id))
        if holder is not None:
            raise DuplicateEnrolment(DOMAIN.text(
                "The token {token} of {game} already has a tag ({other}). Forget that tag first, "
                "or choose another token for this one.", token=token_id, game=game, other=holder.uid))
        return None

    def lookup(self, uid: str) -> Enrolment | None:
        return self._one(f"SELECT {_COLUMNS} FROM tokens WHERE uid = ?", (normalise_uid(uid),))

    def forget(self, uid: str) -> bool:
        """Remove the enrolment of ``uid``; ``False`` if there was none."""
        try:
            cursor = self._conn.execute("DELETE FROM tokens WHERE uid = ?", (normalise_uid(uid),))
        except sqlite3.Error as err:
            raise self._storage(err) from err
        return cursor.rowcount > 0

    def tokens(self, game: str) -> list[Enrolment]:
        """The enrolments of ``game``, by token id."""
        return self._all(f"SELECT {_COLUMNS} FROM tokens WHERE game = ? ORDER BY token_id", (game,))

    def enrolled(self, game: str) -> dict[str, str]:
        """``{token_id: uid}`` of the enrolled tokens of ``game``."""
        return {e.token_id: e.uid for e in self.tokens(game)}

    def progress(self, game: str, specs: Sequence[TokenSpec]) -> EnrolmentProgress:
        """Which of the game's tokens (``specs``, its engine's ``tokens()``) have a tag."""
        enrolled = {e.token_id: e for e in self.tokens(game)}
        ids = {spec.id for spec in specs}
        return EnrolmentProgress(
            game,
            enrolled=tuple(s for s in specs if s.id in enrolled),
            missing=tuple(s for s in specs if s.id not in enrolled),
            unexpected=tuple(e for token_id, e in enrolled.items() if token_id not in ids))

    def identify(self, uid: str, game: str | None = None) -> Enrolment:
        """The token tag ``uid`` is; raises :class:`UnknownTag` (with the UID) for a tag
        that is not enrolled, or enrolled for another game than ``game``."""
        found = self.lookup(uid)
        if found is None:
            raise UnknownTag(DOMAIN.text("This tag is not a known token: teach it first on the home screen, "
                                         "under Teach the tokens."), normalise_uid(uid))
        if game is not None and found.game != game:
            raise UnknownTag(DOMAIN.text(
                "This tag is the token {token} of {other}, not a token of {game}: put it back in its box.",
                token=found.token_id, other=found.game, game=game), found.uid)
        return found

    def recover_from_tag(self, reader: RfidReader, uid: str | None = None) -> Enrolment:
        """Enrol the tag on ``reader`` (``uid``: only that tag) from the identity written
        on it. Raises :class:`UnknownTag` for a tag that carries none."""
        found, identity = reader.read_identity(uid=uid)
        if identity is None:
            raise UnknownTag(DOMAIN.text(
                "Tag {uid} does not say which token it is: teach it on the home screen, under Teach the tokens.",
                uid=found), found)
        return self.enroll(found, identity.game, identity.token_id)

    # --- storage -----------------------------------------------------------------------
    def _one(self, sql: str, args: tuple) -> Enrolment | None:
        rows = self._all(sql, args)
        return rows[0] if rows else None

    def _all(self, sql: str, args: tuple) -> list[Enrolment]:
        try:
            rows = self._conn.execute(sql, args).fetchall()
        except sqlite3.Error as err:
            raise self._storage(err) from err
        return [Enrolment(*row) for row in rows]

    @staticmethod
    def _storage(err: sqlite3.Error) -> StorageError:
        return StorageError(DOMAIN.text("The token registry cannot be read or written: {detail}",
                                        detail=str(err)))
