"""A register-level emulation of the NXP MFRC522 reader chip, as seen over SPI.

The chip is driven exactly as a real one: by SPI frames (:meth:`Mfrc522Chip.transfer`)
that read and write its 64 registers. What is modelled:

* the 64-byte FIFO (``FIFODataReg``, ``FIFOLevelReg`` with FlushBuffer and BufferOvfl);
* ``CommandReg``: Idle, Mem, Generate RandomID, CalcCRC (CRC_A with the ``ModeReg``
  preset into ``CRCResultReg``), Transmit, Receive, Transceive, MFAuthent, SoftReset;
* the interrupt registers ``ComIrqReg``/``DivIrqReg`` with their Set1/Set2 write
  semantics, ``ErrorReg``, ``Status2Reg`` (MFCrypto1On after authentication);
* ``BitFramingReg`` StartSend and TxLastBits (the 7-bit REQA/WUPA short frame),
  ``ControlReg`` RxLastBits, ``CollReg`` on a collision, ``TModeReg`` TAuto (a missing
  answer raises TimerIRq), ``TxControlReg`` antenna bits (no field: tags lose power);
* ``VersionReg`` (0x92, an MFRC522 v2.0, unless told otherwise).

Other registers are stored and read back. Faults (:class:`Fault`) make the chip behave
like a missing board, a noisy RF link, or a failing SPI bus.
"""

from __future__ import annotations

import enum
import errno
import os
import random
import threading
from typing import Sequence

from hardware.rfid.iso14443 import CRC_A_PRESET, crc_a
from hardware.rfid.tag import AUTH_KEY_A, AUTH_KEY_B, Frame, SimTag

FIFO_SIZE = 64
VERSION_V2 = 0x92


class Reg(enum.IntEnum):
    """MFRC522 register addresses (data sheet, section 9)."""

    Command = 0x01
    ComIEn = 0x02
    DivIEn = 0x03
    ComIrq = 0x04
    DivIrq = 0x05
    Error = 0x06
    Status1 = 0x07
    Status2 = 0x08
    FIFOData = 0x09
    FIFOLevel = 0x0A
    WaterLevel = 0x0B
    Control = 0x0C
    BitFraming = 0x0D
    Coll = 0x0E
    Mode = 0x11
    TxMode = 0x12
    RxMode = 0x13
    TxControl = 0x14
    TxASK = 0x15
    TxSel = 0x16
    RxSel = 0x17
    RxThreshold = 0x18
    Demod = 0x19
    MfTx = 0x1C
    MfRx = 0x1D
    SerialSpeed = 0x1F
    CRCResultH = 0x21
    CRCResultL = 0x22
    ModWidth = 0x24
    RFCfg = 0x26
    GsN = 0x27
    CWGsP = 0x28
    ModGsP = 0x29
    TMode = 0x2A
    TPrescaler = 0x2B
    TReloadH = 0x2C
    TReloadL = 0x2D
    Version = 0x37


class Command(enum.IntEnum):
    Idle = 0x0
    Mem = 0x1
    GenerateRandomID = 0x2
    CalcCRC = 0x3
    Transmit = 0x4
    NoCmdChange = 0x7
    Receive = 0x8
    Transceive = 0xC
    MFAuthent = 0xE
    SoftReset = 0xF


# ComIrqReg bits
TIMER_IRQ, ERR_IRQ, IDLE_IRQ, RX_IRQ, TX_IRQ = 0x01, 0x02, 0x10, 0x20, 0x40
CRC_IRQ = 0x04  # DivIrqReg
# ErrorReg bits
PROTOCOL_ERR, PARITY_ERR, CRC_ERR, COLL_ERR, BUFFER_OVFL = 0x01, 0x02, 0x04, 0x08, 0x10
RECEIVE_ERRORS = PROTOCOL_ERR | PARITY_ERR | CRC_ERR | COLL_ERR
MF_CRYPTO1_ON = 0x08  # Status2Reg

_RESET_VALUES = {
    Reg.Command: 0x20, Reg.ComIEn: 0x80, Reg.ComIrq: 0x14, Reg.Status1: 0x21, Reg.WaterLevel: 0x08,
    Reg.Control: 0x10, Reg.Coll: 0xA0, Reg.Mode: 0x3F, Reg.TxControl: 0x80, Reg.TxSel: 0x10,
    Reg.RxSel: 0x84, Reg.RxThreshold: 0x84, Reg.Demod: 0x4D, Reg.MfTx: 0x62, Reg.SerialSpeed: 0xEB,
    Reg.CRCResultH: 0xFF, Reg.CRCResultL: 0xFF, Reg.ModWidth: 0x26, Reg.RFCfg: 0x48, Reg.GsN: 0x88,
    Reg.CWGsP: 0x20, Reg.ModGsP: 0x20,
}
_READ_ONLY = {Reg.Status1, Reg.Error, Reg.CRCResultH, Reg.CRCResultL, Reg.Version}
_CRC_PRESETS = (0x0000, CRC_A_PRESET, 0xA671, 0xFFFF)


class Fault(enum.Enum):
    """What can go wrong with a reader board, for fault injection."""

    ABSENT = "absent"
    """No chip on the bus: every read gives 0x00, writes are lost."""
    ABSENT_HIGH = "absent-high"
    """No chip, MISO pulled high: every read gives 0xFF."""
    GARBLED = "garbled"
    """A noisy RF link: every reception carries parity and CRC errors."""
    SPI_ERROR = "spi-error"
    """The SPI driver fails: every transfer raises :class:`OSError`."""


class Mfrc522Chip:
    """One emulated MFRC522 and the tags lying on its antenna. Thread-safe."""

    def __init__(self, version: int = VERSION_V2, *, seed: int = 0) -> None:
        self.version = version
        self._lock = threading.RLock()
        self._tags: list[SimTag] = []
        self._fault: Fault | None = None
        self._rng = random.Random(seed)
        self._buffer = bytearray(25)
        self._command: int = Command.Idle          # what software wrote, known command or not
        self._crypto_tag: SimTag | None = None
        self._power_on()

    # --- the simulated world -----------------------------------------------------------
    @property
    def tags(self) -> tuple[SimTag, ...]:
        with self._lock:
            return tuple(self._tags)

    def place(self, tag: SimTag) -> None:
        """Put ``tag`` on the antenna; it powers up in IDLE."""
        with self._lock:
            tag.power_off()
            if tag not in self._tags:
                self._tags.append(tag)

    def lift(self, tag: SimTag) -> None:
        with self._lock:
            if tag in self._tags:
                self._tags.remove(tag)
                tag.power_off()
                if self._crypto_tag is tag:
                    self._crypto_tag = None

    @property
    def fault(self) -> Fault | None:
        return self._fault

    def set_fault(self, fault: Fault | None) -> None:
        """Inject ``fault`` (``None`` clears it). A board that comes back after being
        absent has been powered off: its registers are back to their reset values."""
        with self._lock:
            if self._fault in (Fault.ABSENT, Fault.ABSENT_HIGH) and fault is None:
                self._power_on()
            self._fault = fault

    @property
    def field_on(self) -> bool:
        with self._lock:
            return self._field_on()

    # --- SPI ---------------------------------------------------------------------------
    def transfer(self, data: Sequence[int]) -> list[int]:
        """One SPI transaction (chip select held low for all of ``data``).

        A first byte with bit 7 set reads: each following byte names the next address
        to read, and the answer to an address comes one byte later. Otherwise every
        following byte is written to the one address (a FIFO burst).
        """
        with self._lock:
            if self._fault is Fault.SPI_ERROR:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            if self._fault in (Fault.ABSENT, Fault.ABSENT_HIGH):
                return [0xFF if self._fault is Fault.ABSENT_HIGH else 0x00] * len(data)
            if not data:
                return []
            address = (data[0] >> 1) & 0x3F
            if data[0] & 0x80:
                out = [0]
                for following in data[1:]:
                    out.append(self._read(address))
                    address = (following >> 1) & 0x3F
                return out
            for value in data[1:]:
                self._write(address, value & 0xFF)
            return [0] * len(data)

    # --- registers ---------------------------------------------------------------------
    def _power_on(self) -> None:
        self._regs = bytearray(64)
        for reg, value in _RESET_VALUES.items():
            self._regs[reg] = value
        self._fifo = bytearray()
        self._command = Command.Idle
        self._crypto_tag = None
        for tag in self._tags:
            tag.power_off()

    def _field_on(self) -> bool:
        return bool(self._regs[Reg.TxControl] & 0x03) and not self._regs[Reg.Command] & 0x10

    def _read(self, address: int) -> int:
        if address == Reg.FIFOData:
            return self._fifo.pop(0) if self._fifo else 0
        if address == Reg.FIFOLevel:
            return len(self._fifo)
        if address == Reg.Version:
            return self.version
        if address == Reg.Command:
            return (self._regs[Reg.Command] & 0x30) | self._command
        return self._regs[address]

    def _write(self, address: int, value: int) -> None:
        was_on = self._field_on()
        if address == Reg.Command:
            self._regs[Reg.Command] = value & 0x30
            if value & 0x0F != Command.NoCmdChange:
                self._start(value & 0x0F)
        elif address in (Reg.ComIrq, Reg.DivIrq):
            if value & 0x80:
                self._regs[address] |= value & 0x7F
            else:
                self._regs[address] &= ~value & 0x7F
        elif address == Reg.FIFOData:
            if len(self._fifo) < FIFO_SIZE:
                self._fifo.append(value)
            else:
                self._error(BUFFER_OVFL)
        elif address == Reg.FIFOLevel:
            if value & 0x80:
                self._fifo.clear()
                self._regs[Reg.Error] &= ~BUFFER_OVFL
        elif address == Reg.BitFraming:
            self._regs[address] = value
            if value & 0x80 and self._command == Command.Transceive:
                self._transceive()
        elif address == Reg.Status2:
            if not value & MF_CRYPTO1_ON:
                self._regs[Reg.Status2] &= ~MF_CRYPTO1_ON
                self._crypto_tag = None
        elif address == Reg.Control:
            self._regs[address] = (value & 0x38) | (self._regs[address] & 0x07)
        elif address not in _READ_ONLY:
            self._regs[address] = value
        if was_on and not self._field_on():
            self._field_lost()

    def _field_lost(self) -> None:
        self._regs[Reg.Status2] &= ~MF_CRYPTO1_ON
        self._crypto_tag = None
        for tag in self._tags:
            tag.power_off()

    def _irq(self, bits: int) -> None:
        self._regs[Reg.ComIrq] |= bits

    def _error(self, bits: int) -> None:
        self._regs[Reg.Error] |= bits
        self._irq(ERR_IRQ)

    def _finish(self) -> None:
        """The running command terminates by itself."""
        self._command = Command.Idle
        self._irq(IDLE_IRQ)

    def _timeout(self) -> None:
        """Nothing answered: with TAuto the timer runs out and says so."""
        if self._regs[Reg.TMode] & 0x80:
            self._irq(TIMER_IRQ)

    # --- commands ----------------------------------------------------------------------
    def _start(self, command: int) -> None:
        self._command = command
        if command == Command.Idle or command == Command.Transceive:
            return  # Idle started by software raises no IdleIRq; Transceive waits for StartSend
        if command == Command.SoftReset:
            self._power_on()
        elif command == Command.CalcCRC:
            preset = _CRC_PRESETS[self._regs[Reg.Mode] & 0x03]
            crc = crc_a(bytes(self._fifo), preset)
            self._fifo.clear()
            self._regs[Reg.CRCResultL], self._regs[Reg.CRCResultH] = crc[0], crc[1]
            self._regs[Reg.DivIrq] |= CRC_IRQ  # CalcCRC stays active until another command
        elif command == Command.MFAuthent:
            self._authenticate()
        elif command == Command.Receive:
            self._clear_receive_errors()
            self._timeout()
        elif command == Command.Transmit:
            self._send()
            self._irq(TX_IRQ)
            self._finish()
        elif command == Command.Mem:
            if self._fifo:
                self._buffer[:] = bytes(self._fifo[:25]).ljust(25, b"\0")
                del self._fifo[:25]
            else:
                self._fifo.extend(self._buffer)
            self._finish()
        elif command == Command.GenerateRandomID:
            self._buffer[:10] = self._rng.randbytes(10)
            self._finish()
        else:
            self._finish()  # an unknown command ends at once

    def _clear_receive_errors(self) -> None:
        self._regs[Reg.Error] &= ~RECEIVE_ERRORS

    def _send(self) -> list[Frame]:
        """Put the FIFO on the air; return the tags' answers."""
        frame = Frame(bytes(self._fifo), self._regs[Reg.BitFraming] & 0x07,
                      encrypted=self._crypto_tag is not None)
        self._fifo.clear()
        if not self._field_on() or not frame.data:
            return []
        answers = []
        for tag in self._tags:
            if frame.encrypted and tag is not self._crypto_tag:
                tag.hear_noise()
                continue
            answer = tag.receive(frame)
            if answer is not None:
                answers.append(answer)
        return answers

    def _transceive(self) -> None:
        self._clear_receive_errors()
        answers = self._send()
        self._irq(TX_IRQ)
        if self._fault is Fault.GARBLED:
            self._receive_noise(answers)
        elif answers:
            self._receive(answers)
        else:
            self._timeout()

    def _receive(self, answers: list[Frame]) -> None:
        first = answers[0]
        data = bytearray(max(len(a.data) for a in answers))
        for answer in answers:
            for i, byte in enumerate(answer.data):
                data[i] |= byte
        differing = [i * 8 + bit for i in range(len(data)) for bit in range(8)
                     if any(i >= len(a.data) or (a.data[i] ^ data[i]) >> bit & 1 for a in answers)]
        if differing:
            self._regs[Reg.Coll] = (self._regs[Reg.Coll] & 0x80) | ((differing[0] + 1) & 0x1F)
            self._error(COLL_ERR)
        self._deliver(bytes(data), first.last_bits)

    def _receive_noise(self, answers: list[Frame]) -> None:
        length = len(answers[0].data) if answers else self._rng.randint(1, 4)
        self._deliver(self._rng.randbytes(length), 0)
        self._error(PARITY_ERR | CRC_ERR)

    def _deliver(self, data: bytes, last_bits: int) -> None:
        room = FIFO_SIZE - len(self._fifo)
        self._fifo.extend(data[:room])
        if len(data) > room:
            self._error(BUFFER_OVFL)
        self._regs[Reg.Control] = (self._regs[Reg.Control] & 0xF8) | last_bits
        self._irq(RX_IRQ)

    def _authenticate(self) -> None:
        """MFAuthent: FIFO holds auth command, block, 6-byte key and the UID's 4 bytes.
        Success sets MFCrypto1On and ends the command; failure leaves it running until
        the timer gives up, as on the real chip."""
        data = bytes(self._fifo)
        self._fifo.clear()
        self._clear_receive_errors()
        if (len(data) >= 12 and data[0] in (AUTH_KEY_A, AUTH_KEY_B) and self._field_on()
                and self._fault is not Fault.GARBLED):
            crypto = self._crypto_tag
            candidates = [crypto] if crypto is not None and crypto in self._tags else self._tags
            for tag in candidates:
                if tag.authenticate(data[0], data[1], data[2:8], data[8:12]):
                    self._crypto_tag = tag
                    self._regs[Reg.Status2] |= MF_CRYPTO1_ON
                    self._finish()
                    return
        if self._fault is Fault.GARBLED:
            self._error(PARITY_ERR)
        self._regs[Reg.Status2] &= ~MF_CRYPTO1_ON
        self._crypto_tag = None
        self._timeout()
