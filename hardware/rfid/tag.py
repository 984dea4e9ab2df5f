"""A simulated MIFARE Classic 1K tag: the ISO 14443-3 state machine and the card commands.

The tag answers what a real card answers to the frames a reader chip sends it:

* ``IDLE`` → REQA or WUPA → ``READY`` (answers ATQA ``04 00``); ``HALT`` wakes only on WUPA;
* ``READY``: ANTICOLLISION (cascade level 1, whole-byte NVB) answers the rest of
  UID + BCC; SELECT with the tag's UID → ``ACTIVE`` (answers SAK ``08`` + CRC_A);
* ``ACTIVE``: HLTA → ``HALT`` (no answer); authentication (run by the reader chip's
  MFAuthent command, see :meth:`SimTag.authenticate`) opens one sector; then READ answers
  16 bytes + CRC_A and WRITE takes two steps, each acknowledged with the 4-bit ACK ``A``.

Any frame a state does not expect sends a ``READY`` or ``ACTIVE`` tag back to ``IDLE``
(or to ``HALT`` if it was woken from there) without an answer. That is why a reader
that repeats REQA + ANTICOLLISION without SELECT sees a present tag only on every other
poll. Crypto1 itself is not computed: a frame is either *encrypted* (the chip's
MFCrypto1On was set by an authentication with this tag) or not, and a tag that expects
one and hears the other takes it for noise.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Mapping

from hardware.rfid.iso14443 import (ATQA_CLASSIC_1K, HLTA, NVB_SELECT, REQA, SAK_CLASSIC_1K, SEL_CL1,
                                    WUPA, bcc, crc_a, has_valid_crc)
from hardware.rfid.mifare import BLOCKS, ClassicMemory, sector_of

READ = 0x30
WRITE = 0xA0
AUTH_KEY_A = 0x60
AUTH_KEY_B = 0x61
ACK = 0x0A
NAK_NOT_ALLOWED = 0x04
NAK_TRANSMISSION = 0x05


class TagState(enum.Enum):
    IDLE = "idle"
    READY = "ready"
    ACTIVE = "active"
    HALT = "halt"


@dataclass(frozen=True)
class Frame:
    """Bits on the air: ``last_bits`` valid bits in the final byte (0: all eight)."""

    data: bytes
    last_bits: int = 0
    encrypted: bool = False

    @property
    def bits(self) -> int:
        return (len(self.data) - 1) * 8 + self.last_bits if self.last_bits else len(self.data) * 8


def _with_crc(body: bytes) -> Frame:
    return Frame(body + crc_a(body))


class SimTag:
    """One tag with its UID, memory and protocol state. Not thread-safe: the chip that
    holds it serialises access."""

    def __init__(self, uid: bytes, blocks: Mapping[int, bytes] | None = None) -> None:
        self.uid = bytes(uid)
        self.memory = ClassicMemory(self.uid)
        for block, content in (blocks or {}).items():
            self.memory.load(block, content)
        self.state = TagState.IDLE
        self._woken_from_halt = False
        self._auth: tuple[int, str] | None = None
        self._pending_write: int | None = None

    @property
    def authenticated(self) -> bool:
        return self._auth is not None

    def power_off(self) -> None:
        """The field went away: the tag forgets everything but its memory."""
        self.state = TagState.IDLE
        self._woken_from_halt = False
        self._auth = None
        self._pending_write = None

    def hear_noise(self) -> None:
        """A frame the tag cannot decode (encrypted for another tag, or plain while it
        expects encryption)."""
        if self.state in (TagState.READY, TagState.ACTIVE):
            self._fall_back()

    def receive(self, frame: Frame) -> Frame | None:
        """Process one frame; return the answer, or ``None`` when the tag stays silent."""
        if frame.encrypted != self.authenticated:
            self.hear_noise()
            return None
        if frame.bits == 7:
            return self._short_frame(frame.data[0])
        if frame.last_bits:
            self.hear_noise()  # bit-oriented anticollision is not modelled
            return None
        if self.authenticated:
            return self._classic(frame.data)
        if self.state is TagState.READY:
            return self._anticollision(frame.data)
        if self.state is TagState.ACTIVE:
            return self._active(frame.data)
        return None

    def authenticate(self, key_type: int, block: int, key: bytes, uid: bytes) -> bool:
        """The three-pass authentication the reader chip runs for its MFAuthent command."""
        if self.state is not TagState.ACTIVE:
            self.hear_noise()
            return False
        which = "A" if key_type == AUTH_KEY_A else "B"
        if (key_type not in (AUTH_KEY_A, AUTH_KEY_B) or block >= BLOCKS or bytes(uid) != self.uid
                or not self.memory.may_authenticate(sector_of(block), which, key)):
            self._fall_back()
            return False
        self._auth = (sector_of(block), which)
        self._pending_write = None
        return True

    # --- states ------------------------------------------------------------------------
    def _short_frame(self, command: int) -> Frame | None:
        if (self.state is TagState.IDLE and command in (REQA, WUPA)) or (
                self.state is TagState.HALT and command == WUPA):
            self._woken_from_halt = self.state is TagState.HALT
            self.state = TagState.READY
            return Frame(ATQA_CLASSIC_1K)
        self.hear_noise()
        return None

    def _anticollision(self, data: bytes) -> Frame | None:
        uid_bcc = self.uid + bytes((bcc(self.uid),))
        if len(data) >= 2 and data[0] == SEL_CL1:
            nvb = data[1]
            if nvb == NVB_SELECT and len(data) == 9 and has_valid_crc(data):
                if data[2:7] != uid_bcc:
                    return None  # another tag is being selected; this one stays READY
                self.state = TagState.ACTIVE
                return _with_crc(bytes((SAK_CLASSIC_1K,)))
            known = nvb >> 4
            if nvb & 0x0F == 0 and 2 <= known <= 6 and len(data) == known:
                if uid_bcc.startswith(data[2:]):
                    return Frame(uid_bcc[known - 2:])
                return None
        self._fall_back()
        return None

    def _active(self, data: bytes) -> Frame | None:
        if data[:2] == bytes((HLTA, 0)) and has_valid_crc(data):
            self.state = TagState.HALT
            return None
        if len(data) == 4 and data[0] in (READ, WRITE) and has_valid_crc(data):
            return self._nak(NAK_NOT_ALLOWED)
        self._fall_back()
        return None

    def _classic(self, data: bytes) -> Frame | None:
        sector, key = self._auth  # type: ignore[misc]
        if self._pending_write is not None:
            block, self._pending_write = self._pending_write, None
            if len(data) != 18 or not has_valid_crc(data):
                return self._nak(NAK_TRANSMISSION)
            self.memory.write(block, data[:16], key)
            return Frame(bytes((ACK,)), last_bits=4)
        if len(data) != 4 or not has_valid_crc(data):
            return self._nak(NAK_TRANSMISSION)
        command, block = data[0], data[1]
        if command == HLTA and block == 0:
            self._auth = None
            self.state = TagState.HALT
            return None
        if block < BLOCKS and sector_of(block) == sector:
            if command == READ and self.memory.may_read(block, key):
                return _with_crc(self.memory.read(block, key))
            if command == WRITE and self.memory.may_write(block, key):
                self._pending_write = block
                return Frame(bytes((ACK,)), last_bits=4)
        return self._nak(NAK_NOT_ALLOWED)

    def _nak(self, code: int) -> Frame:
        self._fall_back()
        return Frame(bytes((code,)), last_bits=4)

    def _fall_back(self) -> None:
        self.state = TagState.HALT if self._woken_from_halt else TagState.IDLE
        self._auth = None
        self._pending_write = None
