"""Stand-ins for ``spidev`` and ``RPi.GPIO`` that connect the unmodified ``mfrc522``
driver to emulated chips.

:func:`fake_modules` builds the two modules for one :class:`~hardware.rfid.table.SimulatedTable`:
``spidev.SpiDev().open(bus, device)`` reaches the table's chip at that address and
``xfer2`` is an SPI transaction with it; ``RPi.GPIO`` keeps pin modes and levels and
complains like the real module when used out of order. Two ways to use them:

* :func:`installed` puts them into :data:`sys.modules` for a ``with`` block, so that
  ``from mfrc522 import MFRC522, SimpleMFRC522`` works on any computer (tests, demos);
* :func:`load_driver` runs the driver's own source file once more as a private module
  whose imports resolve to the fakes. The simulated reader backend uses this, so the
  real ``RPi.GPIO`` and ``spidev`` stay untouched for gpiozero and real readers.
"""

from __future__ import annotations

import builtins
import contextlib
import errno
import importlib.util
import os
import sys
import threading
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Protocol, Sequence

from hardware.rfid.domain import DOMAIN
from hardware.rfid.emulator import Mfrc522Chip
from hardware.rfid.errors import HardwareError

BOARD, BCM = 10, 11
OUT, IN = 0, 1
LOW, HIGH = 0, 1
PUD_OFF, PUD_DOWN, PUD_UP = 20, 21, 22

BCM_TO_BOARD: dict[int, int] = {
    0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32, 13: 33,
    14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15, 23: 16, 24: 18, 25: 22,
    26: 37, 27: 13,
}
"""BCM GPIO number → physical pin of the 40-pin header."""

_FAKED = ("spidev", "RPi", "RPi.GPIO")
_DRIVER_MODULES = ("mfrc522.MFRC522", "mfrc522.SimpleMFRC522")


class ChipSource(Protocol):
    """What the fakes need of a simulated table."""

    gpio: "FakeGPIO"

    def chip(self, bus: int, device: int) -> Mfrc522Chip: ...


@dataclass
class PinState:
    direction: int
    level: int


class FakeGPIO:
    """The state behind a fake ``RPi.GPIO`` module, with the real module's complaints."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.mode: int | None = None
        self.warnings = True
        self.pins: dict[int, PinState] = {}

    def setmode(self, mode: int) -> None:
        with self._lock:
            if mode not in (BOARD, BCM):
                raise ValueError("An invalid mode was passed to setmode()")
            if self.mode is not None and mode != self.mode:
                raise ValueError("A different mode has already been set!")
            self.mode = mode

    def getmode(self) -> int | None:
        return self.mode

    def setwarnings(self, flag: bool) -> None:
        self.warnings = bool(flag)

    def setup(self, channel: int | Sequence[int], direction: int, pull_up_down: int = PUD_OFF,
              initial: int = -1) -> None:
        with self._lock:
            for pin in self._channels(channel):
                level = initial if initial != -1 else int(pull_up_down == PUD_UP)
                self.pins[pin] = PinState(direction, int(bool(level)))

    def output(self, channel: int | Sequence[int], value: int | Sequence[int]) -> None:
        with self._lock:
            pins = self._channels(channel)
            values = list(value) if isinstance(value, (list, tuple)) else [value] * len(pins)
            for pin, level in zip(pins, values):
                state = self.pins.get(pin)
                if state is None or state.direction != OUT:
                    raise RuntimeError("The GPIO channel has not been set up as an OUTPUT")
                state.level = int(bool(level))

    def input(self, channel: int) -> int:
        with self._lock:
            (pin,) = self._channels(channel)
            if pin not in self.pins:
                raise RuntimeError("You must setup() the GPIO channel first")
            return self.pins[pin].level

    def cleanup(self, channel: int | Sequence[int] | None = None) -> None:
        with self._lock:
            if channel is None:
                self.pins.clear()
                self.mode = None
                return
            for pin in self._channels(channel):
                self.pins.pop(pin, None)

    def level(self, pin: int) -> int | None:
        """The level of an output pin (numbered in the current mode), for tests."""
        state = self.pins.get(pin)
        return state.level if state is not None and state.direction == OUT else None

    def _channels(self, channel: int | Sequence[int]) -> list[int]:
        if self.mode is None:
            raise RuntimeError("Please set pin numbering mode using GPIO.setmode(GPIO.BOARD) "
                               "or GPIO.setmode(GPIO.BCM)")
        pins = list(channel) if isinstance(channel, (list, tuple)) else [channel]
        valid = BCM_TO_BOARD.values() if self.mode == BOARD else BCM_TO_BOARD.keys()
        for pin in pins:
            if pin not in valid:
                raise ValueError("The channel sent is invalid on a Raspberry Pi")
        return pins


class FakeSpiDev:
    """``spidev.SpiDev`` talking to emulated chips. Subclassed per table by
    :func:`fake_modules` (``_source`` names the table)."""

    _source: ChipSource

    def __init__(self, bus: int | None = None, device: int | None = None) -> None:
        self._chip: Mfrc522Chip | None = None
        self.bus = self.device = -1
        self.max_speed_hz = 125_000_000
        self.mode = 0
        self.bits_per_word = 8
        self.lsbfirst = False
        self.cshigh = False
        if bus is not None and device is not None:
            self.open(bus, device)

    def open(self, bus: int, device: int) -> None:
        self._chip = self._source.chip(bus, device)
        self.bus, self.device = bus, device

    def close(self) -> None:
        self._chip = None

    def xfer2(self, values: Sequence[int], speed_hz: int = 0, delay_usecs: int = 0,
              bits_per_word: int = 0) -> list[int]:
        """One transaction with chip select held for all bytes."""
        if self._chip is None:
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        return self._chip.transfer(list(values))

    xfer3 = xfer2

    def writebytes(self, values: Sequence[int]) -> None:
        self.xfer2(values)

    def readbytes(self, n: int) -> list[int]:
        return self.xfer2([0] * n)


def fake_modules(source: ChipSource) -> dict[str, types.ModuleType]:
    """``spidev``, ``RPi`` and ``RPi.GPIO`` modules wired to ``source``."""
    spidev = types.ModuleType("spidev", "Fake spidev: SPI transactions with emulated MFRC522 chips.")
    spidev.SpiDev = type("SpiDev", (FakeSpiDev,), {"_source": source})  # type: ignore[attr-defined]
    gpio = types.ModuleType("RPi.GPIO", "Fake RPi.GPIO: pin modes and levels, no hardware.")
    for name, value in dict(BOARD=BOARD, BCM=BCM, OUT=OUT, IN=IN, LOW=LOW, HIGH=HIGH, PUD_OFF=PUD_OFF,
                            PUD_DOWN=PUD_DOWN, PUD_UP=PUD_UP, VERSION="fake").items():
        setattr(gpio, name, value)
    for name in ("setmode", "getmode", "setwarnings", "setup", "output", "input", "cleanup"):
        setattr(gpio, name, getattr(source.gpio, name))
    rpi = types.ModuleType("RPi", "Fake RPi package.")
    rpi.__path__ = []  # type: ignore[attr-defined]
    rpi.GPIO = gpio  # type: ignore[attr-defined]
    return {"spidev": spidev, "RPi": rpi, "RPi.GPIO": gpio}


@contextlib.contextmanager
def installed(source: ChipSource) -> Iterator[ChipSource]:
    """Put the fake modules into :data:`sys.modules` for the ``with`` block.

    An ``mfrc522`` driver already imported is rebound to the fakes and back afterwards;
    one first imported inside the block is forgotten at the end, so a later import
    binds whatever is installed then.
    """
    modules = fake_modules(source)
    saved = {name: sys.modules.get(name) for name in _FAKED}
    preloaded = {name: sys.modules[name] for name in _DRIVER_MODULES if name in sys.modules}
    previous = {name: {k: vars(m)[k] for k in ("GPIO", "spidev") if k in vars(m)}
                for name, m in preloaded.items()}
    sys.modules.update(modules)
    for module in preloaded.values():
        _bind(module, modules)
    try:
        yield source
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
        for name in _DRIVER_MODULES:
            if name in preloaded:
                vars(preloaded[name]).update(previous[name])
            else:
                sys.modules.pop(name, None)
        if "mfrc522" in sys.modules and not preloaded:
            del sys.modules["mfrc522"]


def _bind(module: types.ModuleType, modules: dict[str, types.ModuleType]) -> None:
    if "GPIO" in vars(module):
        module.GPIO = modules["RPi.GPIO"]  # type: ignore[attr-defined]
    if "spidev" in vars(module):
        module.spidev = modules["spidev"]  # type: ignore[attr-defined]


def driver_source() -> Path:
    """The installed ``mfrc522/MFRC522.py``, found without importing the package (whose
    import needs a Raspberry Pi)."""
    spec = importlib.util.find_spec("mfrc522")
    if spec is None or not spec.submodule_search_locations:
        raise HardwareError(DOMAIN.text(
            "The mfrc522 driver is not installed: install the hardware extras "
            "(pip install 'table-companion[hardware]')."))
    return Path(list(spec.submodule_search_locations)[0]) / "MFRC522.py"


def load_driver(source: ChipSource) -> types.ModuleType:
    """A private copy of the ``mfrc522.MFRC522`` module whose ``RPi.GPIO`` and
    ``spidev`` are the fakes of ``source``; :data:`sys.modules` is not touched."""
    path = driver_source()
    modules = fake_modules(source)
    real_import = builtins.__import__

    def _import(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0):
        if level == 0 and name in modules:
            return modules[name] if fromlist else modules[name.partition(".")[0]]
        return real_import(name, globals, locals, fromlist, level)

    module = types.ModuleType("hardware.rfid.simulated_mfrc522")
    module.__file__ = str(path)
    module.__dict__["__builtins__"] = {**vars(builtins), "__import__": _import}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
    return module
