"""The parts of ISO/IEC 14443-3 type A that readers and simulated tags share.

Command bytes, the CRC_A checksum, the block check character (BCC) of an anticollision
answer, and the one spelling of a UID the project uses: four bytes as eight upper-case
hex digits, ``"04A1B2C3"`` (single-size UIDs, cascade level 1).
"""

from __future__ import annotations

import re

from hardware.rfid.domain import DOMAIN
from hardware.rfid.errors import TagOperationFailed

REQA = 0x26
"""Request, type A: wakes tags in IDLE (sent as a 7-bit short frame)."""
WUPA = 0x52
"""Wake-up, type A: wakes tags in IDLE and in HALT (7-bit short frame)."""
SEL_CL1 = 0x93
"""Select / anticollision, cascade level 1."""
NVB_ANTICOLLISION = 0x20
NVB_SELECT = 0x70
HLTA = 0x50

ATQA_CLASSIC_1K = bytes((0x04, 0x00))
SAK_CLASSIC_1K = 0x08

CRC_A_PRESET = 0x6363

_UID = re.compile(r"^[0-9A-F]{8}$")


def crc_a(data: bytes, preset: int = CRC_A_PRESET) -> bytes:
    """The CRC_A of ``data`` as sent on the air: low byte first.

    ``preset`` is the register's start value (ISO 14443 uses 0x6363; the MFRC522 can
    also start from 0x0000, 0xA671 or 0xFFFF).
    """
    crc = preset
    for byte in data:
        byte ^= crc & 0xFF
        byte ^= (byte << 4) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return bytes((crc & 0xFF, crc >> 8))


def has_valid_crc(frame: bytes) -> bool:
    """Whether the last two bytes of ``frame`` are the CRC_A of the others."""
    return len(frame) > 2 and crc_a(frame[:-2]) == frame[-2:]


def bcc(uid: bytes) -> int:
    """The block check character: the XOR of the UID bytes."""
    out = 0
    for byte in uid:
        out ^= byte
    return out


def parse_uid(uid: str) -> bytes:
    """The four bytes of a UID written in hex (any case, spaces and colons allowed).

    Raises :class:`TagOperationFailed` for anything that is not four bytes. (A first
    byte 0x88 is the cascade tag of a longer UID on a real card; simulated tags may
    use it.)
    """
    cleaned = uid.replace(":", "").replace(" ", "").upper() if isinstance(uid, str) else ""
    if not _UID.match(cleaned):
        raise TagOperationFailed(DOMAIN.text(
            "{uid!r} is not a tag number: write it as eight hex digits such as 04A1B2C3.",
            uid=uid))
    return bytes.fromhex(cleaned)


def format_uid(uid: bytes) -> str:
    """``b"\\x04\\xa1\\xb2\\xc3"`` → ``"04A1B2C3"``."""
    return uid.hex().upper()


def normalise_uid(uid: str) -> str:
    """A UID in the project's spelling; raises like :func:`parse_uid`."""
    return format_uid(parse_uid(uid))
