"""Commands to the chip and its tag with a bounded wait: REQA/WUPA, anticollision, and
the transceive and MFAuthent steps the driver (:mod:`hardware.rfid.driver`) builds on.

``MFRC522_ToCard`` of the ``mfrc522`` package (0.0.7), whose register sequences the
driver keeps, waited for the chip by reading ComIrqReg up to 2000 times and did not stop
when the chip's timer said nothing answered: every poll of a reader without a tag cost
about 2,000 SPI transfers. Here the wait ends as soon as the chip reports an answer or
its timer running out (TimerIRq; the driver arms the timer with TAuto and a 15 ms
timeout), and after :data:`ANSWER_WAIT` seconds at the latest, reading ComIrqReg once
per :data:`WAIT_STEP`. An empty poll is about ten transfers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from hardware.rfid.emulator import (BUFFER_OVFL, COLL_ERR, IDLE_IRQ, PARITY_ERR, PROTOCOL_ERR, RX_IRQ,
                                    TIMER_IRQ, Command, Reg)
from hardware.rfid.iso14443 import NVB_ANTICOLLISION, SEL_CL1, bcc

ANSWER_WAIT = 0.03
"""Seconds an exchange waits at most: twice the timeout the driver gives the chip's timer."""
WAIT_STEP = 0.001
"""Seconds between two looks at ComIrqReg while the chip is still waiting."""
IRQ_ENABLE = 0xF7
"""ComIEnReg for a transceive: IRQ pin inverted, every request but HiAlert."""
AUTH_IRQ_ENABLE = 0x92
"""ComIEnReg for MFAuthent (as the mfrc522 package set it): IRQ pin inverted, IdleIRq and ErrIRq."""
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


def wait_for(ready: Callable[[], Any]) -> Any:
    """Ask ``ready()`` once per :data:`WAIT_STEP` until it is true or :data:`ANSWER_WAIT`
    passed; its last answer."""
    deadline = time.monotonic() + ANSWER_WAIT
    while not (answer := ready()) and time.monotonic() < deadline:
        time.sleep(WAIT_STEP)
    return answer


def execute(driver: Any, command: int, data: Sequence[int], last_bits: int = 0) -> Reception:
    """Run ``command`` (Transceive or MFAuthent) on ``data`` and collect the answer;
    Transceive sends only ``last_bits`` bits of the last byte (0 meaning all 8). Raises
    what the driver's SPI transfers raise (:class:`OSError`)."""
    write, read = driver.write, driver.read
    transceive = command == Command.Transceive
    write(Reg.ComIEn, IRQ_ENABLE if transceive else AUTH_IRQ_ENABLE)
    write(Reg.ComIrq, 0x7F)  # clear every interrupt request
    write(Reg.FIFOLevel, 0x80)  # flush the FIFO
    write(Reg.Command, Command.Idle)
    for byte in data:
        write(Reg.FIFOData, byte)
    write(Reg.Command, command)
    if transceive:
        write(Reg.BitFraming, 0x80 | last_bits)  # StartSend
    irq = wait_for(lambda: read(Reg.ComIrq) & ((RX_IRQ if transceive else 0) | IDLE_IRQ | TIMER_IRQ))
    if transceive:
        write(Reg.BitFraming, last_bits)
    errors = read(Reg.Error)
    if not irq & RX_IRQ:
        return Reception(b"", 0, errors)
    count = read(Reg.FIFOLevel)
    valid = read(Reg.Control) & 0x07
    received = bytes(read(Reg.FIFOData) for _ in range(count))
    return Reception(received, (count - 1) * 8 + valid if valid else count * 8, errors)


def transceive(driver: Any, data: Sequence[int], last_bits: int = 0) -> Reception:
    """Send ``data`` to the tag and collect its answer (:func:`execute` with Transceive)."""
    return execute(driver, Command.Transceive, data, last_bits)


def request(driver: Any, command: int) -> Reception:
    """REQA or WUPA (``command``) as a 7-bit short frame; a tag answers its 16-bit ATQA."""
    return transceive(driver, [command], 7)


def anticollision(driver: Any) -> Reception:
    """ANTICOLLISION at cascade level 1: the tag answers its UID and BCC (:attr:`Reception.serial`)."""
    return transceive(driver, [SEL_CL1, NVB_ANTICOLLISION])
