"""MIFARE Classic 1K memory: 16 sectors of 4 blocks, keys and access conditions.

Block 3 of each sector is its *trailer*: key A (6 bytes), the access bits (3 bytes and
a user byte), key B (6 bytes). The access bits give each block of the sector a
condition ``(C1, C2, C3)`` that says which key may read or write it, following NXP's
MF1S50 data sheet (increment, decrement and value blocks are not modelled). Block 0
holds the UID and manufacturer data and is read-only.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.rfid.iso14443 import SAK_CLASSIC_1K, ATQA_CLASSIC_1K, bcc

BLOCK_SIZE = 16
BLOCKS = 64
DEFAULT_KEY = bytes([0xFF] * 6)
TRANSPORT_ACCESS = bytes((0xFF, 0x07, 0x80, 0x69))
"""Access bits as shipped: data blocks read/write with key A or B, trailer writable with A."""

# Data block condition → (keys that may read, keys that may write).
_DATA_RULES: dict[tuple[int, int, int], tuple[str, str]] = {
    (0, 0, 0): ("AB", "AB"), (0, 1, 0): ("AB", ""), (1, 0, 0): ("AB", "B"),
    (1, 1, 0): ("AB", "B"), (0, 0, 1): ("AB", ""), (0, 1, 1): ("B", "B"),
    (1, 0, 1): ("B", ""), (1, 1, 1): ("", ""),
}


@dataclass(frozen=True)
class _TrailerRule:
    key_a_write: str
    access_read: str
    access_write: str
    key_b_read: str
    key_b_write: str


_TRAILER_RULES: dict[tuple[int, int, int], _TrailerRule] = {
    (0, 0, 0): _TrailerRule("A", "A", "", "A", "A"),
    (0, 1, 0): _TrailerRule("", "A", "", "A", ""),
    (1, 0, 0): _TrailerRule("B", "AB", "", "", "B"),
    (1, 1, 0): _TrailerRule("", "AB", "", "", ""),
    (0, 0, 1): _TrailerRule("A", "A", "A", "A", "A"),
    (0, 1, 1): _TrailerRule("B", "AB", "B", "", "B"),
    (1, 0, 1): _TrailerRule("", "AB", "B", "", ""),
    (1, 1, 1): _TrailerRule("", "AB", "", "", ""),
}


def sector_of(block: int) -> int:
    return block // 4


def trailer_of(block: int) -> int:
    return sector_of(block) * 4 + 3


def is_trailer(block: int) -> bool:
    return block % 4 == 3


class ClassicMemory:
    """The 1 KiB of one simulated tag, with the card's own access checks.

    ``key`` arguments are ``"A"`` or ``"B"``: the key the current authentication used.
    """

    def __init__(self, uid: bytes) -> None:
        self.data = bytearray(BLOCKS * BLOCK_SIZE)
        self.data[0:16] = (uid + bytes((bcc(uid), SAK_CLASSIC_1K)) + ATQA_CLASSIC_1K
                           + b"TCSIM" + bytes(3))
        for sector in range(BLOCKS // 4):
            self.data[self._span(sector * 4 + 3)] = DEFAULT_KEY + TRANSPORT_ACCESS + DEFAULT_KEY

    @staticmethod
    def _span(block: int) -> slice:
        return slice(block * BLOCK_SIZE, (block + 1) * BLOCK_SIZE)

    def block(self, block: int) -> bytes:
        """The raw stored bytes, keys included (for the simulation, not the air)."""
        return bytes(self.data[self._span(block)])

    def load(self, block: int, content: bytes) -> None:
        """Store ``content`` (≤ 16 bytes, zero-padded) without any access check."""
        self.data[self._span(block)] = bytes(content[:BLOCK_SIZE]).ljust(BLOCK_SIZE, b"\0")

    def key(self, sector: int, which: str) -> bytes:
        trailer = self.block(sector * 4 + 3)
        return trailer[0:6] if which == "A" else trailer[10:16]

    def condition(self, block: int) -> tuple[int, int, int]:
        """``(C1, C2, C3)`` of ``block`` from its sector trailer's access bits."""
        access = self.block(trailer_of(block))[6:9]
        i = block % 4
        c1 = (access[1] >> (4 + i)) & 1
        c2 = (access[2] >> i) & 1
        c3 = (access[2] >> (4 + i)) & 1
        return c1, c2, c3

    def key_b_readable(self, sector: int) -> bool:
        return "A" in _TRAILER_RULES[self.condition(sector * 4 + 3)].key_b_read

    def may_authenticate(self, sector: int, which: str, key: bytes) -> bool:
        """Whether ``key`` opens ``sector`` as key ``which``; a readable key B is no key."""
        if which == "B" and self.key_b_readable(sector):
            return False
        return self.key(sector, which) == bytes(key)

    def may_read(self, block: int, key: str) -> bool:
        if is_trailer(block):
            return True  # the parts a key may not read come back as zeros
        return block == 0 or key in _DATA_RULES[self.condition(block)][0]

    def may_write(self, block: int, key: str) -> bool:
        if block == 0:
            return False
        if is_trailer(block):
            rule = _TRAILER_RULES[self.condition(block)]
            return key in rule.key_a_write + rule.access_write + rule.key_b_write
        return key in _DATA_RULES[self.condition(block)][1]

    def read(self, block: int, key: str) -> bytes:
        """What a READ returns: a trailer hides key A always and the other parts unless
        the access conditions let ``key`` read them."""
        raw = self.block(block)
        if not is_trailer(block):
            return raw
        rule = _TRAILER_RULES[self.condition(block)]
        access = raw[6:10] if key in rule.access_read else bytes(4)
        key_b = raw[10:16] if key in rule.key_b_read else bytes(6)
        return bytes(6) + access + key_b

    def write(self, block: int, content: bytes, key: str) -> None:
        """A WRITE already allowed by :meth:`may_write`; a trailer keeps the parts
        ``key`` may not change."""
        if not is_trailer(block):
            self.load(block, content)
            return
        rule = _TRAILER_RULES[self.condition(block)]
        new = bytearray(self.block(block))
        if key in rule.key_a_write:
            new[0:6] = content[0:6]
        if key in rule.access_write:
            new[6:10] = content[6:10]
        if key in rule.key_b_write:
            new[10:16] = content[10:16]
        self.load(block, bytes(new))
