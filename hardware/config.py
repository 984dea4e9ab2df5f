"""The configuration file: one TOML file, typed sections, errors that name the key.

This module knows the file's device sections (``[rfid]``, ``[camera]``, ``[gpio]``,
``[zone]``) and ``[app]``'s settings that concern no game; it knows no game. The
application layer adds its own tables and keys to the same file by subclassing
:class:`Config` and giving its :class:`Layout` (:mod:`referee.settings` adds ``[app]
default_game`` and ``[rules.<game>]``); every function here reads and writes the class
it is given (``cls``) or the configuration's own class.

The file lives at :func:`companion.paths.config_file` (``COMPANION_CONFIG`` or
``--config`` override it); a missing file means every default. :func:`load_config`
reads it (:mod:`tomllib`) into a frozen :class:`Config`; an unknown key, wrong type or
value out of range raises :class:`~companion.errors.ConfigError` whose message names
the file, the section and the key of every mistake, for example::

    config.toml: [camera] width must be a whole number between 160 and 4056, not 'abc'.

:func:`load_config_or_defaults` is what the app uses: a file with mistakes still gives
every valid value (:func:`salvage_config`) and hands back the error to show.
:func:`save_config` writes the file atomically (temporary file, ``fsync``, rename): into
a file that loads cleanly only the changed values, through tomlkit, so the owner's
comments and layout stay; a file with a mistake is never written over (the settings go
to a new file beside it, :func:`beside`).

Each section is a frozen dataclass paired with a table of :class:`Rule` objects, one
per key, which both parse a TOML value and write it back. They stay rather than a
schema library: pydantic v2 is not packaged in Debian 12 / Raspberry Pi OS Bookworm
(python3-pydantic is 1.10) and msgspec not at all; either would still need our own
layer to word each error in the player's language with the file, section and key, to
keep every valid value of a section with a wrong one, and to check the pins across
sections, which is most of what these classes do.
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
import tempfile
import tomllib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Self, Sequence, TypeVar

from companion import paths
from companion.errors import ConfigError
from companion.i18n import LANGUAGES, Domain, Text
from companion.pin import DEFAULT_PIN, hash_pin, is_stored_pin
from hardware.rfid.settings import ReaderConfig, RfidConfig

D = Domain("hardware", "hardware")

Point = tuple[float, float]


# --- sections ----------------------------------------------------------------------------


@dataclass(frozen=True)
class AppConfig:
    """``[app]``: language, database and the settings PIN (the application layer's
    subclass adds its own keys)."""

    language: str = "nl"
    database: Path = field(default_factory=paths.database_file)
    admin_pin: str = DEFAULT_PIN
    """The PIN as :mod:`companion.pin` stores it (a salted hash; the factory ``0000`` in digits)."""


@dataclass(frozen=True)
class CameraConfig:
    """``[camera]``: which camera backend and how it captures.

    ``device`` is the OpenCV camera index; ``path`` the directory of images or video
    file the replay backend plays. ``exposure_us`` and ``awb_gains`` (red, blue) fix
    exposure and white balance when set, so card colours stay the same all evening.
    ``rotation`` turns every frame clockwise by that many degrees.
    """

    backend: str = "picamera2"
    width: int = 640
    height: int = 480
    fps: int = 15
    device: int = 0
    path: Path | None = None
    exposure_us: int | None = None
    awb_gains: tuple[float, float] | None = None
    rotation: int = 0


@dataclass(frozen=True)
class GpioConfig:
    """``[gpio]``: BCM pin numbers of the buttons, the RGB LED and the buzzer."""

    backend: str = "native"
    confirm_button: int = 5
    undo_button: int = 6
    led_red: int = 17
    led_green: int = 27
    led_blue: int = 22
    buzzer: int = 18
    led_active_high: bool = True

    def pins(self) -> dict[str, int]:
        """``{key: BCM pin}`` of every device on the header."""
        return {key: getattr(self, key) for key in
                ("confirm_button", "undo_button", "led_red", "led_green", "led_blue", "buzzer")}


@dataclass(frozen=True)
class ZoneConfig:
    """``[zone]``: where the play zone is in the camera frame, and the deck model.

    ``method = "markers"`` finds the zone from printed corner markers every frame;
    ``"manual"`` uses ``corners``, four ``(x, y)`` frame-pixel points clockwise from
    top left. ``model`` is the enrolled deck model file (``None``: card vision's own
    default).
    """

    method: str = "markers"
    corners: tuple[Point, Point, Point, Point] | None = None
    model: Path | None = None


@dataclass(frozen=True)
class Config:
    """The configuration of the devices and of the app's game-free settings.

    ``simulated_from`` is the configuration as the file had it when :func:`load_config`
    switched the backends to simulated ones; saving restores those backends so a
    simulated session never rewrites the table's hardware. A subclass that adds fields
    (all with defaults) says how the file holds them by overriding :meth:`layout`.
    """

    app: AppConfig = field(default_factory=AppConfig)
    rfid: RfidConfig = field(default_factory=RfidConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    gpio: GpioConfig = field(default_factory=GpioConfig)
    zone: ZoneConfig = field(default_factory=ZoneConfig)
    simulated_from: "Config | None" = field(default=None, repr=False, compare=False)

    @property
    def simulated(self) -> bool:
        return self.simulated_from is not None

    @classmethod
    def layout(cls) -> "Layout":
        """How the file holds this class's fields beyond the device sections."""
        return Layout(APP)

    def simulate(self) -> Self:
        """This configuration with every backend switched to its simulated one."""
        if self.simulated:
            return self
        return dataclasses.replace(
            self,
            rfid=dataclasses.replace(self.rfid, backend="simulated"),
            camera=dataclasses.replace(self.camera, backend="synthetic"),
            gpio=dataclasses.replace(self.gpio, backend="mock"),
            simulated_from=self,
        )

    def for_saving(self) -> Self:
        """This configuration with the backends the file had before simulation."""
        if not self.simulated:
            return self
        real = self.simulated_from
        assert real is not None     # self.simulated
        return dataclasses.replace(
            self,
            rfid=dataclasses.replace(self.rfid, backend=real.rfid.backend),
            camera=dataclasses.replace(self.camera, backend=real.camera.backend),
            gpio=dataclasses.replace(self.gpio, backend=real.gpio.backend),
            simulated_from=None,
        )


# --- rules: parse one TOML value, write it back ------------------------------------------


class Rule(ABC):
    """How one key is read from TOML (:meth:`parse`) and written back (:meth:`dump`).

    ``parse`` returns the normalised value or raises :class:`ConfigError` built by
    :meth:`Place.error`; ``dump`` returns a TOML-ready value.
    """

    @abstractmethod
    def parse(self, value: Any, place: "Place") -> Any: ...

    def dump(self, value: Any) -> Any:
        return value


@dataclass(frozen=True)
class Place:
    """Where a value sits: file name and ``[section] key``, for error messages, and the
    directory relative paths start from."""

    file: str
    where: str
    base: Path | None = None

    def key(self, key: str) -> "Place":
        return Place(self.file, f"{self.where} {key}", self.base)

    def error(self, message: Text) -> ConfigError:
        return ConfigError(D.text("{file}: {where} {problem}", file=self.file, where=self.where,
                                  problem=message))


@dataclass(frozen=True)
class Whole(Rule):
    low: int
    high: int

    def parse(self, value: Any, place: Place) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high:
            return value
        raise place.error(D.text("must be a whole number between {low} and {high}, not {value}.",
                                 low=self.low, high=self.high, value=_shown(value)))


@dataclass(frozen=True)
class Number(Rule):
    low: float
    high: float

    def parse(self, value: Any, place: Place) -> float:
        if _is_number(value, self.low, self.high):
            return float(value)
        raise place.error(D.text("must be a number between {low} and {high}, not {value}.",
                                 low=self.low, high=self.high, value=_shown(value)))


@dataclass(frozen=True)
class Choice(Rule):
    """One of a fixed list, or of a list computed when the file is read."""

    options: Sequence[Any] | Callable[[], Sequence[Any]]

    def parse(self, value: Any, place: Place) -> Any:
        allowed = self.options() if callable(self.options) else self.options
        if any(type(value) is type(a) and value == a for a in allowed):
            return value
        raise place.error(D.text("must be one of {choices}, not {value}.",
                                 choices=", ".join(_shown(a) for a in allowed), value=_shown(value)))


class Flag(Rule):
    def parse(self, value: Any, place: Place) -> bool:
        if isinstance(value, bool):
            return value
        raise place.error(D.text("must be true or false (without quotes), not {value}.",
                                 value=_shown(value)))


@dataclass(frozen=True)
class Words(Rule):
    """A non-empty string matching ``pattern``; ``hint`` says what is expected."""

    pattern: str
    hint: Text

    def parse(self, value: Any, place: Place) -> str:
        if isinstance(value, str) and re.fullmatch(self.pattern, value):
            return value
        raise place.error(D.text("must be {hint}, not {value}.", hint=self.hint, value=_shown(value)))


class FilePath(Rule):
    """A path; ``~`` is the home directory, a relative path starts at the settings file's directory."""

    def parse(self, value: Any, place: Place) -> Path:
        if isinstance(value, str) and value.strip():
            path = Path(value).expanduser()
            return place.base / path if place.base is not None and not path.is_absolute() else path
        raise place.error(D.text("must be a file or directory path in quotes, not {value}.",
                                 value=_shown(value)))

    def dump(self, value: Path) -> str:
        return str(value)


@dataclass(frozen=True)
class Points(Rule):
    """``count`` points ``[x, y]`` with coordinates in ``low..high`` (``count == 1``: one pair)."""

    count: int
    low: float
    high: float
    hint: Text

    def parse(self, value: Any, place: Place) -> tuple:
        items = value if self.count > 1 else [value]
        if isinstance(value, list) and len(items) == self.count and all(map(self._is_point, items)):
            out = tuple((float(x), float(y)) for x, y in items)
            return out if self.count > 1 else out[0]
        raise place.error(D.text("must be {hint}, not {value}.", hint=self.hint, value=_shown(value)))

    def _is_point(self, item: Any) -> bool:
        return (isinstance(item, list) and len(item) == 2
                and all(_is_number(c, self.low, self.high) for c in item))

    def dump(self, value: tuple) -> list:
        return [list(p) for p in value] if self.count > 1 else list(value)


def _is_number(value: Any, low: float, high: float) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and low <= value <= high)


def _shown(value: Any) -> str:
    """A TOML value as the message quotes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{…}"
    return repr(value)


class AdminPin(Rule):
    """The admin PIN: digits (an older file; hashed when read, but for the factory PIN
    everybody knows) or the hash the settings screen writes (:mod:`companion.pin`)."""

    def parse(self, value: Any, place: Place) -> str:
        if isinstance(value, str) and is_stored_pin(value):
            return value if value.startswith("scrypt$") or value == DEFAULT_PIN else hash_pin(value)
        raise place.error(D.text("must be {hint}, not {value}.", hint=D.text("4 to 8 digits in quotes, like \"0000\""),
                                 value=_shown(value)))

    def dump(self, value: str) -> str:
        return value if value.startswith("scrypt$") else hash_pin(value)


PIN = Whole(0, 27)


# --- the schema ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """One TOML table: its dataclass and the rule of each key."""

    name: str
    cls: type
    rules: Mapping[str, Rule]

    def parse(self, table: Any, place: Place, problems: list[ConfigError]) -> Any:
        """The section's object from ``table``: every valid value kept, each wrong or
        unknown key reported in ``problems`` and left at its default."""
        if not is_table(table, place, problems):
            return self.cls()
        values = {}
        for key, value in table.items():
            if key not in self.rules:
                problems.append(place.key(key).error(D.text("is not a setting; known settings: {known}.",
                                                            known=", ".join(self.rules))))
                continue
            try:
                values[key] = self.rules[key].parse(value, place.key(key))
            except ConfigError as err:
                problems.append(err)
        try:
            return self.cls(**values)
        except ConfigError as err:  # the section's own checks of its values together
            problems.append(place.error(err.text))
            return self.cls()

    def edit(self, table: Callable[[], Any], old: Any, new: Any) -> None:
        """Write into the TOML table (``table()`` finds or adds it) the keys whose value
        differs between ``old`` and ``new``; the other lines stay as they are."""
        for key, rule in self.rules.items():
            value = getattr(new, key)
            if value == getattr(old, key):
                continue
            if value is None:
                table().pop(key, None)
            else:
                table()[key] = rule.dump(value)


def is_table(value: Any, place: Place, problems: list[ConfigError]) -> bool:
    """Whether ``value`` is a TOML table; when it is not, ``problems`` gets the error."""
    if isinstance(value, dict):
        return True
    problems.append(place.error(D.text("must be a table of settings, not {value}.", value=_shown(value))))
    return False


Finder = Callable[..., Callable[[], Any]]
"""``find(*names)``: a function giving the TOML table at that path of the document
being written (``find("rules", "dog")()`` is ``[rules.dog]``), added when first used."""


@dataclass(frozen=True)
class FileTable:
    """A top-level table the application layer adds to the file, held in the field of
    the same ``name``.

    ``parse(value, file, problems)`` gives the field's value from the table as the file
    has it (``{}`` when absent), each mistake added to ``problems`` and left out;
    ``edit(find, old, new)`` writes into the document (:data:`Finder`) what differs
    between two values of the field, leaving the rest of the file as it is.
    """

    name: str
    parse: Callable[[Any, str, list[ConfigError]], Any]
    edit: Callable[[Finder, Any, Any], None]


@dataclass(frozen=True)
class Layout:
    """How a :class:`Config` class is laid out in the file beyond the device sections:
    its ``[app]`` section and its own top-level tables (:meth:`Config.layout`)."""

    app: Section
    tables: tuple[FileTable, ...] = ()

    def sections(self) -> tuple[str, ...]:
        """The file's top-level names in the order the messages list them."""
        return ("app", *(t.name for t in self.tables), "rfid", "camera", "gpio", "zone")


APP = Section("app", AppConfig, {
    "language": Choice(LANGUAGES),
    "database": FilePath(),
    "admin_pin": AdminPin(),
})
CAMERA = Section("camera", CameraConfig, {
    "backend": Choice(("picamera2", "opencv", "replay", "synthetic")),
    "width": Whole(160, 4056),
    "height": Whole(120, 3040),
    "fps": Whole(1, 120),
    "device": Whole(0, 63),
    "path": FilePath(),
    "exposure_us": Whole(100, 1_000_000),
    "awb_gains": Points(1, 0.0, 32.0, D.text("two numbers [red, blue] between 0 and 32")),
    "rotation": Choice((0, 90, 180, 270)),
})
GPIO = Section("gpio", GpioConfig, {
    "backend": Choice(("native", "mock")),
    **{key: PIN for key in GpioConfig().pins()},
    "led_active_high": Flag(),
})
ZONE = Section("zone", ZoneConfig, {
    "method": Choice(("markers", "manual")),
    "corners": Points(4, 0.0, 10_000.0, D.text("four [x, y] pairs of frame pixels, clockwise from top left")),
    "model": FilePath(),
})
RFID = Section("rfid", RfidConfig, {
    "backend": Choice(("mfrc522", "simulated")),
    "poll_interval": Number(0.01, 10.0),
    "removal_misses": Whole(2, 20),
})
READER = Section("rfid.readers", ReaderConfig, {
    "zone": Words(r"[A-Za-z0-9_-]{1,32}", D.text("a short name in quotes (letters, digits, - or _)")),
    "bus": Whole(0, 6),
    "device": Whole(0, 3),
    "reset_pin": PIN,
    "irq_pin": PIN,
})
DEVICES = (CAMERA, GPIO, ZONE)
C = TypeVar("C", bound=Config)


# --- reading ---------------------------------------------------------------------------------


def load_config(path: str | Path | None = None, *, simulate: bool = False,
                cls: type[C] = Config,  # type: ignore[assignment]  # mypy#3737: the bound as default
                ) -> C:
    """Read the configuration file (``None``: :func:`companion.paths.config_file`) as a
    ``cls``.

    A missing file gives the defaults. ``simulate`` switches every backend to its
    simulated one (:meth:`Config.simulate`). Raises :class:`ConfigError` naming the
    file and key of every wrong value.
    """
    config, error = load_config_or_defaults(path, simulate=simulate, cls=cls)
    if error is not None:
        raise error
    return config


def load_config_or_defaults(path: str | Path | None = None, *, simulate: bool = False,
                            cls: type[C] = Config,  # type: ignore[assignment]  # mypy#3737: the bound as default
                            ) -> tuple[C, ConfigError | None]:
    """Like :func:`load_config`, but a file with mistakes gives every valid value it
    holds (defaults for the wrong ones) and one error naming each mistake, for the app
    to show while it runs on."""
    path = Path(path) if path is not None else paths.config_file()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        config, problems = cls(), []
    except OSError as err:
        config, problems = cls(), [ConfigError(D.text(
            "{file} cannot be read: {detail}. Check that it is a file the referee may read.",
            file=str(path), detail=err.strerror or str(err)))]
    else:
        config, problems = salvage_config(raw, path.name, path.parent.absolute(), cls=cls)
    return (config.simulate() if simulate else config), _together(problems)


def parse_config(raw: bytes | str, file: str = "config.toml", base: Path | None = None, *,
                 cls: type[C] = Config,  # type: ignore[assignment]  # mypy#3737: the bound as default
                 ) -> C:
    """Parse the text of a configuration file as a ``cls``; ``file`` names it in
    messages, relative paths start at ``base`` (``None``: the working directory).
    Raises :class:`ConfigError` naming every mistake."""
    config, problems = salvage_config(raw, file, base, cls=cls)
    if (error := _together(problems)) is not None:
        raise error
    return config


def salvage_config(raw: bytes | str, file: str = "config.toml", base: Path | None = None, *,
                   cls: type[C] = Config,  # type: ignore[assignment]  # mypy#3737: the bound as default
                   ) -> tuple[C, list[ConfigError]]:
    """The ``cls`` in ``raw`` with every valid value, and a :class:`ConfigError`
    for each mistake (its key then keeps its default). Values that only clash with
    each other (pins, a replay camera without a path, a manual zone without corners)
    put their section back to its defaults."""
    problems: list[ConfigError] = []
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = tomllib.loads(text)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as err:
        return cls(), [ConfigError(D.text(
            "{file} is not a valid settings file ({detail}). Correct or delete it; until then the "
            "referee uses the default settings.", file=file, detail=str(err)))]
    layout = cls.layout()
    for name in data:
        if name not in layout.sections():
            problems.append(ConfigError(D.text("{file}: unknown section [{section}]; known sections: {known}.",
                                               file=file, section=name, known=", ".join(layout.sections()))))
    parts = {section.name: section.parse(data[section.name], Place(file, f"[{section.name}]", base), problems)
             for section in (layout.app, *DEVICES) if section.name in data}
    parts |= {table.name: table.parse(data.get(table.name, {}), file, problems) for table in layout.tables}
    config = cls(**parts, rfid=_parse_rfid(data.get("rfid", {}), file, problems))
    return _consistent(config, file, problems), problems


def _together(problems: Sequence[ConfigError]) -> ConfigError | None:
    """One error telling every problem, a line each (``None`` without any)."""
    if len(problems) <= 1:
        return problems[0] if problems else None
    lines = {f"p{n}": err.text for n, err in enumerate(problems)}
    return ConfigError(Text("\n".join("{%s}" % key for key in lines), lines, domain=""))


def _parse_rfid(table: Any, file: str, problems: list[ConfigError]) -> RfidConfig:
    place = Place(file, "[rfid]")
    if not is_table(table, place, problems):
        return RfidConfig()
    readers = table.get("readers")
    settings = RFID.parse({k: v for k, v in table.items() if k != "readers"}, place, problems)
    if readers is None:
        return settings
    if not isinstance(readers, list) or not readers:
        problems.append(place.key("readers").error(D.text(
            "must be one or more [[rfid.readers]] tables, not {value}.", value=_shown(readers))))
        return settings
    parsed = tuple(READER.parse(r, Place(file, f"[[rfid.readers]] #{n}"), problems)
                   for n, r in enumerate(readers, 1))
    try:
        return dataclasses.replace(settings, readers=parsed)
    except ConfigError as err:  # the readers together: zones and chip selects used twice
        problems.append(place.error(err.text))
        return settings


SPI_PINS: Mapping[int, tuple[int, ...]] = {0: (7, 8, 9, 10, 11), 1: (16, 17, 18, 19, 20, 21)}
"""BCM pins of SPI bus 0, and of bus 1 as ``dtoverlay=spi1-3cs`` sets it up (docs/rfid.md):
while a reader uses the bus, no other key may use them."""


def _consistent(config: C, file: str, problems: list[ConfigError]) -> C:
    """``config`` with the values that clash put back to their defaults, each clash in
    ``problems``: a replay camera without a path, a manual zone without corners, pins
    used twice or on a reader's SPI bus (first the [gpio] pins, then the readers)."""
    if config.camera.backend == "replay" and config.camera.path is None:
        problems.append(Place(file, "[camera] path").error(
            D.text("is needed when backend is \"replay\": a directory of images or a video file.")))
        config = dataclasses.replace(config, camera=dataclasses.replace(config.camera, backend=CameraConfig.backend))
    if config.zone.method == "manual" and config.zone.corners is None:
        problems.append(Place(file, "[zone] corners").error(
            D.text("are needed when method is \"manual\": four [x, y] pairs of frame pixels.")))
        config = dataclasses.replace(config, zone=dataclasses.replace(config.zone, method=ZoneConfig.method))
    gpio = dataclasses.replace(GpioConfig(), backend=config.gpio.backend, led_active_high=config.gpio.led_active_high)
    for fallback in (dataclasses.replace(config, gpio=gpio),
                     dataclasses.replace(config, gpio=gpio,
                                         rfid=dataclasses.replace(config.rfid, readers=RfidConfig().readers))):
        try:
            _check_pins(config, file)
            return config
        except ConfigError as err:
            if not any(err.text == known.text for known in problems):
                problems.append(err)
            config = fallback
    return config


def _check_pins(config: Config, file: str) -> None:
    """Every pin has one user, except a reset pin that readers share (the boards may be
    reset together), and no key uses a pin of an SPI bus a reader is on."""
    spi = {pin: bus for bus in sorted({r.bus for r in config.rfid.readers}) for pin in SPI_PINS.get(bus, ())}
    claims = [(f"[gpio] {key}", key, pin) for key, pin in config.gpio.pins().items()]
    claims += [(f"[[rfid.readers]] #{n} {key}", key, getattr(reader, key))
               for n, reader in enumerate(config.rfid.readers, 1) for key in ("reset_pin", "irq_pin")
               if getattr(reader, key) is not None]
    owners: dict[int, tuple[str, str]] = {}
    for where, key, pin in claims:
        if pin in spi:
            raise Place(file, where).error(D.text(
                "uses BCM pin {pin}, which belongs to SPI bus {bus} of the RFID readers (BCM {pins}); "
                "choose another pin.", pin=pin, bus=spi[pin], pins=", ".join(map(str, SPI_PINS[spi[pin]]))))
        other = owners.setdefault(pin, (where, key))
        if other[0] != where and not key == other[1] == "reset_pin":
            raise Place(file, where).error(D.text("uses BCM pin {pin}, which {other} already uses.",
                                                  pin=pin, other=other[0]))


def gpio_pin_choices(config: Config, key: str) -> list[int]:
    """The BCM pins the ``[gpio]`` ``key`` may take in ``config`` (its own included):
    every pin that is neither another key's nor on an SPI bus a reader uses. A pin
    stepper steps through these, so it never stops at a pin the file would refuse."""

    def fits(pin: int) -> bool:
        try:
            gpio: GpioConfig = dataclasses.replace(config.gpio, **{key: pin})  # type: ignore[arg-type]  # key names an int pin field
            _check_pins(dataclasses.replace(config, gpio=gpio), "")
        except ConfigError:
            return False
        return True

    return [pin for pin in range(PIN.low, PIN.high + 1) if fits(pin)]


# --- writing ---------------------------------------------------------------------------------

HEADER = ("Table companion settings, written by the settings screen.",
          "Every key with its default: config.example.toml, docs/hardware.md.")


def dump_config(config: Config, previous: str | None = None, base: Path | None = None) -> str:
    """The TOML text of ``config`` (its backends before any simulation), laid out as its
    class says (:meth:`Config.layout`).

    ``previous`` is the text of the file as it is, read cleanly (its relative paths
    start at ``base``): only the values that changed are written into it, so the
    owner's comments, order and layout stay (tomlkit). Without it, a new file holds the
    values that differ from the defaults.
    """
    import tomlkit

    config, cls = config.for_saving(), type(config)
    if previous is None:
        document, old = tomlkit.document(), cls()
        for line in HEADER:
            document.add(tomlkit.comment(line))
    else:
        document, old = tomlkit.parse(previous), parse_config(previous, base=base, cls=cls)

    def table(*names: str) -> Callable[[], Any]:
        def find() -> Any:
            found = document
            for name in names:
                if name not in found:
                    found.add(name, tomlkit.table())
                found = found[name]
            return found
        return find

    layout = cls.layout()
    for section in (layout.app, *DEVICES):
        section.edit(table(section.name), getattr(old, section.name), getattr(config, section.name))
    RFID.edit(table("rfid"), old.rfid, config.rfid)
    if config.rfid.readers != old.rfid.readers:
        if config.rfid.readers == RfidConfig().readers:
            table("rfid")().pop("readers", None)
        else:
            readers = tomlkit.aot()
            for reader in config.rfid.readers:
                readers.append(tomlkit.table())
                READER.edit(lambda: readers[-1], ReaderConfig(), reader)
            table("rfid")()["readers"] = readers
    for extra in layout.tables:
        extra.edit(table, getattr(old, extra.name), getattr(config, extra.name))
    return tomlkit.dumps(document)


def beside(path: Path) -> Path:
    """Where a save goes when ``path`` did not load cleanly: ``config.new.toml`` beside ``config.toml``."""
    return path.with_name(f"{path.stem}.new{path.suffix}")


def save_config(config: Config, path: str | Path | None = None) -> Path:
    """Write ``config`` atomically (default path: the configuration file); returns the
    path written.

    A file that loads cleanly gets only the changed values (:func:`dump_config`). A file
    with a mistake is never written over: the whole configuration goes to
    :func:`beside` it instead, and :func:`saved_elsewhere` says so. The new text goes to
    a temporary file in the same directory, is flushed to disk and renamed over the
    old one, so a power cut leaves either the old or the new file. The text is read back
    first: a configuration that would not load is refused with the :class:`ConfigError`
    loading would give.
    """
    path = Path(path) if path is not None else paths.config_file()
    try:
        previous: str | None = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        previous = None
    except (OSError, UnicodeDecodeError):
        previous, path = None, beside(path)
    if previous is not None and salvage_config(previous, path.name, path.parent.absolute(), cls=type(config))[1]:
        previous, path = None, beside(path)
    text = dump_config(config, previous, path.parent.absolute())
    parse_config(text, path.name, path.parent.absolute(), cls=type(config))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError as err:
        raise ConfigError(D.text("The settings cannot be saved to {file}: {detail}.",
                                 file=str(path), detail=err.strerror or str(err))) from err
    return path


def saved_elsewhere(intended: str | Path | None, written: Path) -> Text | None:
    """What to tell the table when :func:`save_config` wrote beside ``intended``
    (``None``: the configuration file) rather than over it; ``None`` when it did not."""
    intended = Path(intended) if intended is not None else paths.config_file()
    if written == intended:
        return None
    return D.text("{file} has a mistake, so it was left as it is and the settings were saved in {saved}. "
                  "Correct {file}, or replace it with {saved}, before the referee starts again.",
                  file=str(intended), saved=str(written))
