"""The RFID reader backend: one MFRC522 board watching one zone of the table.

:class:`RfidReader` drives the chip through :class:`~hardware.rfid.driver.Mfrc522`,
handing it an SPI object: on a Raspberry Pi ``spidev`` on the reader's bus and chip
select, with the simulated backend the emulated chip of a
:class:`~hardware.rfid.table.SimulatedTable` at that address; the reset pin is a gpiozero
output (on the table's mock pins in simulation). So the same code runs at the table,
in the app's simulation mode and in the tests.

A background thread polls: REQA then ANTICOLLISION, which gives the UID of a tag in the
field. These two go through :mod:`hardware.rfid.exchange` (the driver's register
access with a bounded wait); everything else is the driver's. A MIFARE tag left in READY
by such a poll treats the next REQA as an error and drops back to IDLE without answering,
so a present tag is seen on every other poll only. The reader therefore debounces: a tag
counts as lifted after ``removal_misses`` consecutive polls without it (2 or more), and puts exactly one
:class:`~companion.inputs.TagPlaced` and one :class:`~companion.inputs.TagRemoved` on
the queue per visit. Any successful read of the tag (a probe, a block read) counts as
seeing it.

A board that stops answering (no chip: the version register reads 0x00 or 0xFF; SPI
errors; only garbled frames) puts ``DeviceStatus(online=False)`` on the queue, is
retried with exponential backoff up to ``retry_cap`` seconds, and puts
``DeviceStatus(online=True)`` when it works again. The loop never ends by itself.
"""

from __future__ import annotations

import contextlib
import enum
import threading
import time
from typing import Any, Iterator

from companion.errors import DeviceOffline
from companion.i18n import Text
from companion.inputs import DeviceStatus, InputQueue, TagPlaced, TagRemoved
from hardware.device import Device, DeviceReport
from hardware.rfid.domain import DOMAIN
from hardware.rfid.driver import Mfrc522, open_spi
from hardware.rfid.emulator import PARITY_ERR, CRC_ERR, PROTOCOL_ERR
from hardware.rfid.errors import TagNotPresent, TagOperationFailed
from hardware.rfid.exchange import ATQA_BITS, anticollision, request
from hardware.rfid.identity import IDENTITY_BLOCKS, TagIdentity
from hardware.rfid.iso14443 import REQA, WUPA, format_uid, normalise_uid
from hardware.rfid.mifare import BLOCK_SIZE, BLOCKS, DEFAULT_KEY, is_trailer, sector_of
from hardware.rfid.reset import ResetPins
from hardware.rfid.settings import ReaderConfig
from hardware.rfid.table import SimulatedTable

GARBLED_LIMIT = 3
"""Consecutive polls with only garbled frames before the reader counts as offline."""
GARBLE_ERRORS = PROTOCOL_ERR | PARITY_ERR | CRC_ERR
CHIP_NAMES = {0x91: "MFRC522 v1.0", 0x92: "MFRC522 v2.0", 0x88: "FM17522", 0x12: "MFRC522 (counterfeit)"}

RESET_PINS = ResetPins()
"""The reset pins of every reader in this process (readers may share one)."""


class _Poll(enum.Enum):
    MISS = "miss"
    UNSURE = "unsure"


def chip_name(version: int) -> str:
    """What a VersionReg value says about the chip."""
    return CHIP_NAMES.get(version, f"unknown chip 0x{version:02X}")


class RfidReader(Device):
    """One reader board; inputs go to ``queue``. ``table`` selects the simulated backend."""

    def __init__(self, config: ReaderConfig, queue: InputQueue, *, poll_interval: float = 0.05,
                 removal_misses: int = 2, table: SimulatedTable | None = None,
                 retry_cap: float = 2.0, pin_factory: Any = None) -> None:
        self.config = config
        self.zone = config.zone
        self.name = f"rfid:{config.zone}"
        self._queue = queue
        self._poll_interval = poll_interval
        self._removal_misses = removal_misses
        self._table = table
        self._retry_cap = max(retry_cap, poll_interval)
        self._pin_factory = pin_factory
        self._lock = threading.RLock()  # one conversation with the chip at a time
        self._driver: Mfrc522 | None = None
        self._reset: Any = None
        self._present: str | None = None
        self._misses = 0
        self._garbled = 0
        self._offline: Text | None = None
        self._polls = 0
        self._polled = threading.Condition()
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._irq: Any = None
        self._irq_problem: str | None = None

    # --- state -------------------------------------------------------------------------
    @property
    def address(self) -> tuple[int, int]:
        """The chip's SPI ``(bus, device)``."""
        return self.config.bus, self.config.device

    @property
    def simulated(self) -> bool:
        return self._table is not None

    @property
    def present(self) -> str | None:
        """The UID of the tag on the reader, as last reported on the queue."""
        return self._present

    @property
    def online(self) -> bool:
        """``False`` from an offline status until the matching online status."""
        return self._offline is None

    @property
    def polls(self) -> int:
        """How many polls the thread has finished (successful or not)."""
        return self._polls

    def wait_polls(self, count: int, timeout: float | None = None) -> bool:
        """Wait until ``count`` more polls have finished; ``False`` on timeout."""
        with self._polled:
            target = self._polls + count
            return self._polled.wait_for(lambda: self._polls >= target, timeout)

    # --- life cycle --------------------------------------------------------------------
    def start(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._open_irq()
        self._thread = threading.Thread(target=self._run, name=f"rfid-{self.zone}", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        if self._irq is not None:
            self._irq.close()
            self._irq = None
        with self._lock:
            self._disconnect()
            if self._reset is not None:
                RESET_PINS.release(self._reset)
                self._reset = None

    def _open_irq(self) -> None:
        """Let a falling edge on the IRQ pin wake the poll loop (pull-up, active low)."""
        if self.config.irq_pin is None or self._irq is not None:
            return
        try:
            import gpiozero
        except ImportError as err:
            self._irq_problem = str(err)
            return
        try:
            self._irq = gpiozero.DigitalInputDevice(self.config.irq_pin, pull_up=True,
                                                    pin_factory=self._pin_factory)
        except (gpiozero.GPIOZeroError, OSError, RuntimeError) as err:
            self._irq_problem = str(err)
            return
        self._irq.when_activated = self._wake.set
        self._irq_problem = None

    # --- the poll loop -----------------------------------------------------------------
    def _run(self) -> None:
        backoff = self._poll_interval
        while not self._stop.is_set():
            with self._lock:
                try:
                    seen = self._poll()
                except Exception as err:  # noqa: BLE001 - nothing may end the loop
                    self._disconnect()
                    self._report_offline(err.text if isinstance(err, DeviceOffline) else DOMAIN.text(
                        "RFID reader {zone} failed: {detail}; retrying.", zone=self.zone, detail=repr(err)))
                    wait, backoff = backoff, min(backoff * 2, self._retry_cap)
                else:
                    self._report_online()
                    self._track(seen)
                    wait = backoff = self._poll_interval
            self._wake.clear()  # interrupts raised by this poll's own commands do not count
            with self._polled:
                self._polls += 1
                self._polled.notify_all()
            self._wake.wait(wait)

    def _poll(self) -> str | _Poll:
        driver = self._connect()
        try:
            self._check_version(driver)
            reception = request(driver, REQA)
            if reception.answered(ATQA_BITS):
                reception = anticollision(driver)
                if reception.serial is not None:
                    self._garbled = 0
                    return format_uid(reception.serial[:4])
        except OSError as err:
            raise DeviceOffline(self._spi_failed(err)) from err
        if not reception.errors & GARBLE_ERRORS:
            self._garbled = 0
            return _Poll.MISS
        self._garbled += 1
        if self._garbled >= GARBLED_LIMIT:
            raise DeviceOffline(DOMAIN.text(
                "RFID reader {zone} receives only garbled data. Move it away from metal and from "
                "other readers and check its antenna; retrying.", zone=self.zone))
        return _Poll.UNSURE

    def _track(self, seen: str | _Poll) -> None:
        """Debounce one poll's outcome into TagPlaced / TagRemoved."""
        if seen is _Poll.UNSURE:
            return
        now = time.monotonic()
        if isinstance(seen, str):
            self._misses = 0
            if seen != self._present:
                if self._present is not None:
                    self._queue.put(TagRemoved(self._present, self.zone, now))
                self._present = seen
                self._queue.put(TagPlaced(seen, self.zone, now))
        elif self._present is not None:
            self._misses += 1
            if self._misses >= self._removal_misses:
                self._queue.put(TagRemoved(self._present, self.zone, now))
                self._present = None
                self._misses = 0

    def _saw(self, uid: str) -> None:
        """Another read found the tag: it is not missing, whatever the last poll said."""
        if uid == self._present:
            self._misses = 0

    def _report_offline(self, text: Text) -> None:
        if self._offline != text:
            self._offline = text
            self._queue.put(DeviceStatus(self.name, False, text, time.monotonic()))

    def _report_online(self) -> None:
        if self._offline is not None:
            self._offline = None
            self._queue.put(DeviceStatus(self.name, True, DOMAIN.text(
                "RFID reader {zone} is working again.", zone=self.zone), time.monotonic()))

    # --- the chip ----------------------------------------------------------------------
    def _connect(self) -> Mfrc522:
        """The driver of a chip that answers; builds it (resetting the chip) if needed."""
        if self._driver is not None:
            return self._driver
        bus, device = self.address
        try:
            spi = self._table.spi(bus, device) if self._table is not None else open_spi(bus, device)
        except ImportError as err:
            raise DeviceOffline(DOMAIN.text(
                "RFID reader {zone} cannot start: spidev is not installed ({detail}). Install the "
                "hardware extras on the Raspberry Pi, or use the simulated backend.",
                zone=self.zone, detail=str(err))) from err
        except OSError as err:
            raise DeviceOffline(self._cannot_open(err)) from err
        try:
            if self._reset is None:
                factory = self._pin_factory or (self._table.pins if self._table is not None else None)
                self._reset = RESET_PINS.claim(self.config.reset_pin, factory)
            driver = Mfrc522(spi, self._reset)
            self._check_version(driver)
        except (OSError, DeviceOffline) as err:
            with contextlib.suppress(OSError):
                spi.close()
            if isinstance(err, OSError):
                raise DeviceOffline(self._spi_failed(err)) from err
            raise
        except Exception as err:  # noqa: BLE001 - gpiozero's errors about the reset pin
            with contextlib.suppress(OSError):
                spi.close()
            raise DeviceOffline(DOMAIN.text(
                "RFID reader {zone} cannot drive its reset pin (BCM {pin}): {detail}. Check that the "
                "referee's user is in the gpio group and starts in a directory it may write to (the "
                "service starts in /var/lib/table-companion); retrying.",
                zone=self.zone, pin=self.config.reset_pin, detail=str(err) or type(err).__name__)) from err
        self._driver = driver
        return driver

    def _check_version(self, driver: Mfrc522) -> int:
        version = driver.version()
        if version in (0x00, 0xFF):
            raise DeviceOffline(DOMAIN.text(
                "RFID reader {zone} is not answering (its version register reads 0x{version:02X}). "
                "Check its power, ground and SPI wires; retrying.", zone=self.zone, version=version))
        return version

    def _cannot_open(self, err: Exception) -> Text:
        bus, device = self.address
        return DOMAIN.text(
            "RFID reader {zone} cannot open SPI bus {bus}, chip select {device} ({detail}). "
            "Enable SPI with raspi-config and check the wiring; retrying.",
            zone=self.zone, bus=bus, device=device, detail=str(err))

    def _spi_failed(self, err: OSError) -> Text:
        return DOMAIN.text("RFID reader {zone} stopped answering over SPI ({detail}). "
                           "Check its cable; retrying.", zone=self.zone, detail=str(err))

    def _disconnect(self) -> None:
        driver, self._driver = self._driver, None
        if driver is not None:
            with contextlib.suppress(OSError):
                driver.close()

    # --- reading a tag on demand -------------------------------------------------------
    def probe(self) -> DeviceReport:
        """The chip's version and the UID of the tag on it now (``None`` without one)."""
        details: dict[str, Any] = {"zone": self.zone, "bus": self.config.bus, "device": self.config.device,
                                   "reset_pin": self.config.reset_pin, "irq_pin": self.config.irq_pin,
                                   "simulated": self.simulated}
        if self._irq_problem:
            details["irq_problem"] = self._irq_problem
        with self._lock:
            try:
                driver = self._connect()
                version = self._check_version(driver)
                uid = self._find_tag(driver, select=False)[0]
            except TagNotPresent:
                uid = None
            except (DeviceOffline, TagOperationFailed) as err:
                self._disconnect()
                return DeviceReport(self.name, "rfid", False, err.text, details)
            except OSError as err:
                self._disconnect()
                return DeviceReport(self.name, "rfid", False, self._spi_failed(err), details)
            if uid is not None:
                self._saw(uid)
        details.update(version=f"0x{version:02X}", chip=chip_name(version), uid=uid)
        if uid is None:
            message = DOMAIN.text("RFID reader {zone} works ({chip}); no tag is on it.",
                                  zone=self.zone, chip=chip_name(version))
        else:
            message = DOMAIN.text("RFID reader {zone} works ({chip}); tag {uid} is on it.",
                                  zone=self.zone, chip=chip_name(version), uid=uid)
        return DeviceReport(self.name, "rfid", True, message, details)

    def read_block(self, block: int, *, key: bytes = DEFAULT_KEY, uid: str | None = None) -> bytes:
        """The 16 bytes of ``block`` of the tag on the reader (``uid``: only that tag),
        after authenticating its sector with key A ``key``."""
        with self._session(uid, key) as session:
            return session.read(block)

    def write_block(self, block: int, data: bytes, *, key: bytes = DEFAULT_KEY, uid: str | None = None) -> None:
        """Write ``data`` (≤ 16 bytes, zero-padded) into ``block`` and read it back.
        Block 0 and sector trailers (keys and access bits) are refused."""
        with self._session(uid, key) as session:
            session.write(block, data)

    def read_identity(self, *, uid: str | None = None, key: bytes = DEFAULT_KEY) -> tuple[str, TagIdentity | None]:
        """The UID of the tag on the reader and the token identity written on it, if any."""
        with self._session(uid, key) as session:
            data = b"".join(session.read(block) for block in IDENTITY_BLOCKS)
            return session.uid, TagIdentity.decode(data)

    def write_identity(self, identity: TagIdentity, *, uid: str | None = None, key: bytes = DEFAULT_KEY) -> str:
        """Write ``identity`` on the tag on the reader; returns its UID."""
        data = identity.encode()
        with self._session(uid, key) as session:
            for n, block in enumerate(IDENTITY_BLOCKS):
                session.write(block, data[n * BLOCK_SIZE:(n + 1) * BLOCK_SIZE])
            return session.uid

    @contextlib.contextmanager
    def _session(self, uid: str | None, key: bytes) -> Iterator["_TagSession"]:
        expected = normalise_uid(uid) if uid is not None else None
        with self._lock:
            driver = self._connect()
            try:
                found, serial = self._find_tag(driver, select=True, expected=expected)
                yield _TagSession(self, driver, found, serial, bytes(key))
            except OSError as err:
                self._disconnect()
                raise DeviceOffline(self._spi_failed(err)) from err
            finally:
                with contextlib.suppress(OSError):
                    driver.stop_crypto()
            self._saw(found)

    def _find_tag(self, driver: Any, *, select: bool, expected: str | None = None) -> tuple[str, list[int]]:
        """Wake the tag on the reader (WUPA, twice: a tag the last poll left READY or
        ACTIVE ignores one), read its UID and optionally select it."""
        if not any(request(driver, WUPA).answered(ATQA_BITS) for _ in range(2)):
            raise TagNotPresent(DOMAIN.text("There is no tag on RFID reader {zone}: put the token on it "
                                            "and try again.", zone=self.zone))
        serial = anticollision(driver).serial
        if serial is None:
            raise TagOperationFailed(DOMAIN.text(
                "RFID reader {zone} cannot read the tag's number. Leave one token on it, hold it still "
                "and try again.", zone=self.zone))
        found = format_uid(serial[:4])
        if expected is not None and found != expected:
            raise TagNotPresent(DOMAIN.text("Tag {uid} is not on RFID reader {zone} (tag {found} is).",
                                            uid=expected, zone=self.zone, found=found))
        if select and not driver.select(serial):
            raise TagOperationFailed(DOMAIN.text(
                "The tag {uid} on RFID reader {zone} did not answer; hold it still and try again.",
                uid=found, zone=self.zone))
        return found, list(serial)


class _TagSession:
    """One selected tag: authenticates sector by sector with key A as blocks are used."""

    def __init__(self, reader: RfidReader, driver: Mfrc522, uid: str, serial: list[int], key: bytes) -> None:
        self._reader = reader
        self._driver = driver
        self.uid = uid
        self._serial = serial
        self._key = key
        self._sector: int | None = None

    def read(self, block: int) -> bytes:
        self._open(block)
        data = self._driver.read_block(block)
        if data is None:
            self._sector = None
            raise self._failed(block)
        return data

    def write(self, block: int, data: bytes) -> None:
        if block == 0 or is_trailer(block) or len(data) > BLOCK_SIZE:
            raise TagOperationFailed(DOMAIN.text(
                "Block {block} cannot be written: block 0 and every fourth block hold the tag's number "
                "and keys, and a block holds at most 16 bytes.", block=block))
        content = bytes(data).ljust(BLOCK_SIZE, b"\0")
        self._open(block)
        self._driver.write_block(block, content)
        if self._driver.read_block(block) != content:
            self._sector = None
            raise self._failed(block)

    def _open(self, block: int) -> None:
        if not 0 <= block < BLOCKS:
            raise TagOperationFailed(DOMAIN.text("A MIFARE Classic 1K tag has blocks 0 to 63, not {block}.",
                                                 block=block))
        if sector_of(block) == self._sector:
            return
        if not self._driver.authenticate(block, self._key, self._serial):
            self._sector = None
            raise TagOperationFailed(DOMAIN.text(
                "The tag {uid} on RFID reader {zone} refused the key for block {block}: it was set up "
                "with another key, or it is not a token's tag.", uid=self.uid, zone=self._reader.zone,
                block=block))
        self._sector = sector_of(block)

    def _failed(self, block: int) -> TagOperationFailed:
        return TagOperationFailed(DOMAIN.text(
            "Block {block} of tag {uid} could not be read or written on RFID reader {zone}; "
            "hold the token still and try again.", block=block, uid=self.uid, zone=self._reader.zone))
