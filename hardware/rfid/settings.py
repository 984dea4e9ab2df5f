"""The ``[rfid]`` configuration: which backend, how fast to poll, and the reader boards.

The configuration loader turns the TOML section into these dataclasses; each checks
its values when built and raises :class:`~companion.errors.ConfigError` with a message
naming the key. Pin numbers are BCM GPIO numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import ConfigError
from hardware.rfid.domain import DOMAIN

BACKENDS = ("mfrc522", "simulated")
MAX_BCM = 27
"""The GPIO pins of the 40-pin header are BCM 0 to 27."""


def _whole(value: object, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


@dataclass(frozen=True)
class ReaderConfig:
    """One RC522 board: the table zone it watches and how it is wired."""

    zone: str = "main"
    bus: int = 0
    device: int = 0
    reset_pin: int = 25
    irq_pin: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.zone, str) or not self.zone.strip():
            raise ConfigError(DOMAIN.text("Every RFID reader needs a zone name, not {value!r}.",
                                          value=self.zone))
        for key in ("bus", "device"):
            value = getattr(self, key)
            if not _whole(value, 0):
                raise ConfigError(DOMAIN.text(
                    "RFID reader {zone}: {key} must be a whole number of 0 or more, not {value!r}.",
                    zone=self.zone, key=key, value=value))
        for key in ("reset_pin", "irq_pin"):
            value = getattr(self, key)
            if value is None and key == "irq_pin":
                continue
            if not _whole(value, 0) or value > MAX_BCM:
                raise ConfigError(DOMAIN.text(
                    "RFID reader {zone}: {key} must be a BCM GPIO number from 0 to 27, not {value!r}.",
                    zone=self.zone, key=key, value=value))


@dataclass(frozen=True)
class RfidConfig:
    """The ``[rfid]`` section.

    ``removal_misses``: consecutive polls without the tag before it counts as lifted.
    It must be 2 or more, because the reader misses a present tag on every other poll.
    """

    backend: str = "mfrc522"
    poll_interval: float = 0.05
    removal_misses: int = 2
    readers: tuple[ReaderConfig, ...] = (ReaderConfig(),)

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise ConfigError(DOMAIN.text("Unknown RFID backend {value!r}; use mfrc522 or simulated.",
                                          value=self.backend))
        interval = self.poll_interval
        if isinstance(interval, bool) or not isinstance(interval, (int, float)) or not 0 < interval <= 10:
            raise ConfigError(DOMAIN.text(
                "The RFID poll_interval must be a number of seconds above 0 and at most 10, not {value!r}.",
                value=interval))
        if not _whole(self.removal_misses, 2):
            raise ConfigError(DOMAIN.text(
                "The RFID removal_misses must be a whole number of 2 or more, not {value!r}: "
                "a reader misses a tag that is present on every other poll.",
                value=self.removal_misses))
        object.__setattr__(self, "readers", tuple(self.readers))
        if not self.readers or not all(isinstance(r, ReaderConfig) for r in self.readers):
            raise ConfigError(DOMAIN.text("The RFID section needs at least one [[rfid.readers]] entry."))
        zones = [r.zone for r in self.readers]
        addresses = [(r.bus, r.device) for r in self.readers]
        for reader in self.readers:
            if zones.count(reader.zone) > 1:
                raise ConfigError(DOMAIN.text(
                    "Two RFID readers watch the zone {zone}; give each reader its own zone.",
                    zone=reader.zone))
            if addresses.count((reader.bus, reader.device)) > 1:
                raise ConfigError(DOMAIN.text(
                    "Two RFID readers use SPI bus {bus}, chip select {device}; "
                    "wire each board to its own chip select.", bus=reader.bus, device=reader.device))
