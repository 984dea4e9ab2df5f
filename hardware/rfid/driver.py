"""The MFRC522 driver: register access, set-up and the MIFARE Classic commands, over an
SPI object it is handed.

The SPI object is anything with ``xfer2(bytes) -> bytes`` (one transaction, chip select
held) and ``close()``: at the table a ``spidev.SpiDev`` opened on the reader's bus and
chip select (:func:`open_spi`), in simulation and in the tests an
:class:`~hardware.rfid.table.EmulatedSpi` wired to the register-level emulator. So the
same code drives both, without patching any import.

The register sequences are those of the ``mfrc522`` package (0.0.7), which this driver
replaces: its module imports ``RPi.GPIO`` and opens ``spidev`` itself, so it could be
run off a Pi only by faking those modules. Unlike the package, every command waits
through :mod:`hardware.rfid.exchange` (bounded, ends at the chip's answer or timer) and
the reset pin is a gpiozero device.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from hardware.rfid.emulator import CRC_IRQ, MF_CRYPTO1_ON, Command, Reg
from hardware.rfid.exchange import REFUSED, Reception, execute, wait_for
from hardware.rfid.mifare import BLOCK_SIZE

SPI_SPEED_HZ = 1_000_000
READ, WRITE, AUTH_A = 0x30, 0xA0, 0x60
SELECT = (0x93, 0x70)
ACK = 0x0A
"""The 4-bit answer of a tag that accepts a WRITE step."""


class Spi(Protocol):
    """What the driver needs of an SPI device."""

    def xfer2(self, values: Sequence[int]) -> Sequence[int]: ...

    def close(self) -> None: ...


def open_spi(bus: int, device: int) -> Any:
    """``spidev.SpiDev`` on ``/dev/spidev<bus>.<device>`` at :data:`SPI_SPEED_HZ`, mode 0.
    Raises :class:`ImportError` without spidev and :class:`OSError` when the device is missing."""
    import spidev

    spi = spidev.SpiDev()
    spi.open(bus, device)
    spi.max_speed_hz, spi.mode = SPI_SPEED_HZ, 0
    return spi


class Mfrc522:
    """One MFRC522 chip on ``spi``; ``reset`` (a gpiozero output on RST) is driven high,
    which wakes the chip. Set up like the ``mfrc522`` package does: soft reset, a 15 ms
    timer started by each transmission (TAuto), 100 % ASK, CRC preset 0x6363, antenna on.
    Raises what ``spi`` raises (:class:`OSError`)."""

    def __init__(self, spi: Spi, reset: Any = None) -> None:
        self.spi = spi
        if reset is not None:
            reset.on()
        self.write(Reg.Command, Command.SoftReset)
        for register, value in ((Reg.TMode, 0x8D), (Reg.TPrescaler, 0x3E), (Reg.TReloadL, 30),
                                (Reg.TReloadH, 0), (Reg.TxASK, 0x40), (Reg.Mode, 0x3D)):
            self.write(register, value)
        self.write(Reg.TxControl, self.read(Reg.TxControl) | 0x03)

    def read(self, register: int) -> int:
        return self.spi.xfer2([((register << 1) & 0x7E) | 0x80, 0])[1]

    def write(self, register: int, value: int) -> None:
        self.spi.xfer2([(register << 1) & 0x7E, value])

    def version(self) -> int:
        """VersionReg: 0x91/0x92 for an MFRC522; 0x00 or 0xFF when no chip answers."""
        return self.read(Reg.Version)

    def close(self) -> None:
        self.spi.close()

    # --- MIFARE Classic ----------------------------------------------------------------
    def crc(self, data: Sequence[int]) -> list[int]:
        """The CRC_A of ``data``, computed by the chip (low byte first)."""
        self.write(Reg.DivIrq, CRC_IRQ)  # Set2 = 0: clear the CRC interrupt
        self.write(Reg.FIFOLevel, 0x80)
        for byte in data:
            self.write(Reg.FIFOData, byte)
        self.write(Reg.Command, Command.CalcCRC)
        wait_for(lambda: self.read(Reg.DivIrq) & CRC_IRQ)
        return [self.read(Reg.CRCResultL), self.read(Reg.CRCResultH)]

    def _send(self, data: Sequence[int]) -> Reception:
        return execute(self, Command.Transceive, [*data, *self.crc(data)])

    def select(self, serial: Sequence[int]) -> bool:
        """SELECT the tag whose UID and BCC are ``serial``; whether it answered its SAK."""
        return self._send([*SELECT, *serial[:5]]).answered(24)

    def authenticate(self, block: int, key: bytes, serial: Sequence[int]) -> bool:
        """MFAuthent with key A ``key`` for ``block``'s sector; whether Crypto1 is on."""
        done = execute(self, Command.MFAuthent, [AUTH_A, block, *key, *serial[:4]])
        return not done.errors & REFUSED and bool(self.read(Reg.Status2) & MF_CRYPTO1_ON)

    def stop_crypto(self) -> None:
        self.write(Reg.Status2, self.read(Reg.Status2) & ~MF_CRYPTO1_ON)

    def read_block(self, block: int) -> bytes | None:
        """The 16 bytes of ``block`` (its sector authenticated), ``None`` if the tag did not give them."""
        answer = self._send([READ, block])
        return answer.data[:BLOCK_SIZE] if answer.answered((BLOCK_SIZE + 2) * 8) else None

    def write_block(self, block: int, data: bytes) -> bool:
        """Write 16 bytes into ``block``; whether the tag acknowledged both steps."""
        for step in ([WRITE, block], list(data)):
            answer = self._send(step)
            if not (answer.answered(4) and answer.data[0] & 0x0F == ACK):
                return False
        return True
