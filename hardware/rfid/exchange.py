"""REQA/WUPA and anticollision with a bounded wait, over the driver's own register access.

``MFRC522_ToCard`` of the ``mfrc522`` package (0.0.7) waits for the chip by reading
ComIrqReg up to 2000 times and does not stop when the chip's timer says nothing
answered: every poll of a reader without a tag costs about 2,000 SPI transfers. The
reader polls empty readers many times a second, so it makes these two exchanges here.
They write the same registers in the same order as the driver, through the driver's
``Write_MFRC522`` and ``Read_MFRC522`` (so over the real ``spidev``, or the emulator),
but the wait ends as soon as the chip reports an answer or its timer running out
(TimerIRq; the driver's ``MFRC522_Init`` arms the timer with TAuto and a 15 ms timeout),
and after :data:`ANSWER_WAIT` seconds at the latest, reading ComIrqReg once per
:data:`WAIT_STEP`. An empty poll is then about ten transfers.

Selecting, authenticating, reading and writing blocks stay the driver's: a tag is on
the reader then, and the driver's wait ends at its answer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Sequence

from hardware.rfid.emulator import (BUFFER_OVFL, COLL_ERR, IDLE_IRQ, PARITY_ERR, PROTOCOL_ERR, RX_IRQ,
                                    TIMER_IRQ, Command, Reg)
from hardware.rfid.iso14443 import NVB_ANTICOLLISION, SEL_CL1, bcc

ANSWER_WAIT = 0.03
"""Seconds an exchange waits at most: twice the timeout the driver gives the chip's timer."""
WAIT_STEP = 0.001
"""Seconds between two looks at ComIrqReg while the chip is still waiting."""
IRQ_ENABLE = 0xF7
"""ComIEnReg as the driver sets it for a transceive: IRQ pin inverted, every request but HiAlert."""
REFUSED = PROTOCOL_ERR | PARITY_ERR | COLL_ERR | BUFFER_OVFL
"""ErrorReg bits that make the driver refuse an answer (its mask 0x1B)."""
ATQA_BITS = 16
UID_CL1_BITS = 40


@dataclass(frozen=True)
class Reception:
    """The end of one exchange: the bytes received, how many bits of them are valid, and
    ErrorReg. No answer at all is ``data == b""`` and ``bits == 0``."""

    data: bytes
    bits: int
    errors: int

    def answered(self, bits: int) -> bool:
        """Whether a clean answer of exactly ``bits`` bits came back."""
        return self.bits == bits and not self.errors & REFUSED

    @property
    def serial(self) -> bytes | None:
        """An anticollision answer: the UID's four bytes and their BCC (the driver's
        ``serNum``), or ``None`` unless the five bytes came back and the BCC fits."""
        if self.answered(UID_CL1_BITS) and bcc(self.data[:4]) == self.data[4]:
            return self.data
        return None


def transceive(driver: Any, data: Sequence[int], last_bits: int = 0) -> Reception:
    """Send ``data`` (only ``last_bits`` bits of its last byte, 0 meaning all 8) and
    collect the answer. Raises what the driver's SPI transfers raise (:class:`OSError`)."""
    write, read = driver.Write_MFRC522, driver.Read_MFRC522
    write(Reg.ComIEn, IRQ_ENABLE)
    write(Reg.ComIrq, 0x7F)  # clear every interrupt request
    write(Reg.FIFOLevel, 0x80)  # flush the FIFO
    write(Reg.Command, Command.Idle)
    for byte in data:
        write(Reg.FIFOData, byte)
    write(Reg.Command, Command.Transceive)
    write(Reg.BitFraming, 0x80 | last_bits)  # StartSend
    deadline = time.monotonic() + ANSWER_WAIT
    while not (irq := read(Reg.ComIrq)) & (RX_IRQ | IDLE_IRQ | TIMER_IRQ) and time.monotonic() < deadline:
        time.sleep(WAIT_STEP)
    write(Reg.BitFraming, last_bits)
    errors = read(Reg.Error)
    if not irq & RX_IRQ:
        return Reception(b"", 0, errors)
    count = read(Reg.FIFOLevel)
    valid = read(Reg.Control) & 0x07
    received = bytes(read(Reg.FIFOData) for _ in range(count))
    return Reception(received, (count - 1) * 8 + valid if valid else count * 8, errors)


def request(driver: Any, command: int) -> Reception:
    """REQA or WUPA (``command``) as a 7-bit short frame; a tag answers its 16-bit ATQA."""
    return transceive(driver, [command], 7)


def anticollision(driver: Any) -> Reception:
    """ANTICOLLISION at cascade level 1: the tag answers its UID and BCC (:attr:`Reception.serial`)."""
    return transceive(driver, [SEL_CL1, NVB_ANTICOLLISION])
