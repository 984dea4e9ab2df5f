"""A token's identity written into its own tag, so another table can enrol it by reading.

The identity fills blocks 4–6 (sector 1, opened with key A): the magic ``TC``, a format
version, then the game name and the token id, each prefixed by its length in bytes
(UTF-8), zero-padded to 48 bytes. Sector 0 (the UID block) and the sector trailers are
never written.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.rfid.domain import DOMAIN
from hardware.rfid.errors import TokenError
from hardware.rfid.mifare import BLOCK_SIZE

IDENTITY_BLOCKS = (4, 5, 6)
MAGIC = b"TC"
FORMAT = 1
CAPACITY = len(IDENTITY_BLOCKS) * BLOCK_SIZE


@dataclass(frozen=True)
class TagIdentity:
    """Which token of which game a tag is."""

    game: str
    token_id: str

    def encode(self) -> bytes:
        """The 48 bytes for :data:`IDENTITY_BLOCKS`; raises :class:`TokenError` if the
        names do not fit."""
        game, token = self.game.encode("utf-8"), self.token_id.encode("utf-8")
        body = MAGIC + bytes((FORMAT, len(game))) + game + bytes((len(token),)) + token
        if not game or not token or len(body) > CAPACITY:
            raise TokenError(DOMAIN.text(
                "The token {token} of {game} cannot be written on a tag: the names must not be "
                "empty and must fit in {capacity} bytes together.",
                token=self.token_id, game=self.game, capacity=CAPACITY - 5))
        return body.ljust(CAPACITY, b"\0")

    @classmethod
    def decode(cls, data: bytes) -> "TagIdentity | None":
        """The identity in ``data``; ``None`` for a tag that carries none (no magic).
        A damaged identity raises :class:`TokenError`."""
        if not data.startswith(MAGIC):
            return None
        try:
            n = data[3]
            m = data[4 + n]
            if data[2] != FORMAT or not n or not m or len(data) < 5 + n + m:
                raise ValueError(data[:5 + n + m])
            game = data[4:4 + n].decode("utf-8")
            token = data[5 + n:5 + n + m].decode("utf-8")
        except (IndexError, ValueError, UnicodeDecodeError):
            raise TokenError(DOMAIN.text(
                "The token identity written on this tag is damaged: teach the tag again on the "
                "home screen, under Teach the tokens.")) from None
        return cls(game, token)
