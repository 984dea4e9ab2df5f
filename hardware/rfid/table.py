"""The simulated side of the table: emulated reader chips, their zones and the tags.

One :class:`SimulatedTable` holds one emulated MFRC522 per SPI address (bus, chip
select), created when first opened, and every simulated tag ever placed (a tag keeps
its memory when it is lifted and put on another reader). Readers opened with the
simulated backend attach their zone to their address, so the UI's simulation panel and
the tests can say "put tag 04A1B2C3 on the *main* reader". All methods are thread-safe.
"""

from __future__ import annotations

import errno
import os
import threading
from typing import Mapping, Protocol, Sequence, Union
from typing import Any

from hardware.rfid.domain import DOMAIN
from hardware.rfid.emulator import Fault, Mfrc522Chip
from hardware.rfid.errors import HardwareError
from hardware.rfid.iso14443 import format_uid, parse_uid
from hardware.rfid.tag import SimTag

Address = tuple[int, int]


class HasAddress(Protocol):
    """A reader: anything with the ``(bus, device)`` of its chip."""

    @property
    def address(self) -> Address: ...


Where = Union[str, Address, HasAddress]
"""A zone name, an SPI address ``(bus, device)`` or a reader."""


class SimulatedTable:
    """Emulated chips by SPI address, zone names, and the simulated tags."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._chips: dict[Address, Mfrc522Chip] = {}
        self._zones: dict[str, Address] = {}
        self._tags: dict[str, SimTag] = {}
        self._pins: Any = None

    # --- chips and zones ---------------------------------------------------------------
    def chip(self, bus: int, device: int) -> Mfrc522Chip:
        """The chip at SPI ``bus``/``device`` (chip select), created on first use."""
        with self._lock:
            return self._chips.setdefault((bus, device), Mfrc522Chip(seed=bus * 256 + device))

    def attach(self, zone: str, bus: int, device: int) -> Mfrc522Chip:
        """Name the chip at ``(bus, device)`` after the zone its reader watches."""
        with self._lock:
            self._zones[zone] = (bus, device)
            return self.chip(bus, device)

    def zones(self) -> dict[str, Address]:
        with self._lock:
            return dict(self._zones)

    @property
    def pins(self) -> Any:
        """gpiozero's mock pins, on which the simulated readers drive their reset pins."""
        from gpiozero.pins.mock import MockFactory

        with self._lock:
            if self._pins is None:
                self._pins = MockFactory()
            return self._pins

    def spi(self, bus: int, device: int) -> "EmulatedSpi":
        """An SPI connection to the chip at ``(bus, device)``, as the driver takes one."""
        return EmulatedSpi(self.chip(bus, device))

    def reset(self) -> None:
        """Forget every chip, zone, tag and pin (a fresh table; tests use it)."""
        with self._lock:
            self._chips.clear()
            self._zones.clear()
            self._tags.clear()
            if self._pins is not None:
                self._pins.close()
            self._pins = None

    # --- tags --------------------------------------------------------------------------
    def tag(self, uid: str) -> SimTag:
        """The simulated tag ``uid``, made blank on first mention."""
        raw = parse_uid(uid)
        with self._lock:
            return self._tags.setdefault(format_uid(raw), SimTag(raw))

    def place(self, where: Where, uid: str, data: Mapping[int, bytes] | None = None) -> str:
        """Put tag ``uid`` on a reader (moving it if it lies on another one).

        ``data`` preloads blocks (block number → up to 16 bytes) without any key check,
        like a tag that was written elsewhere. Returns the UID as the readers report it.
        """
        with self._lock:
            target = self._chip_at(where)
            tag = self.tag(uid)
            for block, content in (data or {}).items():
                tag.memory.load(block, content)
            for chip in self._chips.values():
                if chip is not target and tag in chip.tags:
                    chip.lift(tag)
            target.place(tag)
            return format_uid(tag.uid)

    def lift(self, where: Where, uid: str) -> bool:
        """Take tag ``uid`` off a reader; ``False`` if it was not there."""
        with self._lock:
            chip = self._chip_at(where)
            tag = self._tags.get(format_uid(parse_uid(uid)))
            if tag is None or tag not in chip.tags:
                return False
            chip.lift(tag)
            return True

    def tags_on(self, where: Where) -> tuple[str, ...]:
        """UIDs of the tags lying on a reader, in the order they were placed."""
        with self._lock:
            return tuple(format_uid(tag.uid) for tag in self._chip_at(where).tags)

    # --- faults ------------------------------------------------------------------------
    def inject_fault(self, where: Where, kind: Fault | str) -> None:
        """Make a reader's board fail: ``absent``, ``absent-high``, ``garbled`` or ``spi-error``."""
        try:
            fault = Fault(kind)
        except ValueError:
            raise HardwareError(DOMAIN.text(
                "Unknown reader fault {kind!r}; choose one of {choices}.",
                kind=kind, choices=", ".join(f.value for f in Fault))) from None
        self._chip_at(where).set_fault(fault)

    def clear_fault(self, where: Where) -> None:
        self._chip_at(where).set_fault(None)

    def _chip_at(self, where: Where) -> Mfrc522Chip:
        with self._lock:
            if isinstance(where, str):
                if where not in self._zones:
                    raise HardwareError(DOMAIN.text(
                        "There is no simulated reader for the zone {zone!r}; the zones are: {zones}.",
                        zone=where, zones=", ".join(self._zones) or "-"))
                return self.chip(*self._zones[where])
            bus, device = where if isinstance(where, tuple) else where.address
            return self.chip(bus, device)


class EmulatedSpi:
    """An SPI connection to an emulated chip: ``xfer2`` is one transaction; after
    ``close`` it fails as a closed ``spidev`` does."""

    def __init__(self, chip: Mfrc522Chip) -> None:
        self._chip: Mfrc522Chip | None = chip

    def xfer2(self, values: Sequence[int]) -> list[int]:
        if self._chip is None:
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        return self._chip.transfer(list(values))

    def close(self) -> None:
        self._chip = None


_table: SimulatedTable | None = None
_table_lock = threading.Lock()


def simulated_table() -> SimulatedTable:
    """The process's one simulated table, created on first use."""
    global _table
    with _table_lock:
        if _table is None:
            _table = SimulatedTable()
        return _table
