"""What the app runs on: configuration, game store, input queue, hardware, token registry,
card vision.

:func:`open_services` builds them once at start-up; the app starts the devices only
once its home screen is up (:meth:`Services.start_devices`). Nothing here needs Kivy, so
the tests and command-line tools use the same wiring. A broken configuration file or a
device that cannot be opened never stops the app: it runs on the defaults or without
that device, and :attr:`Services.problems` says what to fix.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from companion.errors import CompanionError
from companion.i18n import Text
from companion.inputs import DeviceStatus, InputQueue

from referee import D
from referee.watcher import CardWatcher, decks_dir

STOP_BUDGET = 15.0
"""Seconds :meth:`Services.close` may take in all, waiting for devices still starting
and then for card vision's set-up to give up (it stops between steps; building a
simulation's deck model is one step): within the systemd unit's stop timeout
(``TimeoutStopSec``), with time left to flush the log and exit."""

log = logging.getLogger(__name__)


@dataclass
class Services:
    """The long-lived objects the screens share.

    ``hardware`` is ``None`` when no device layer could be started (the table then
    plays by touch); ``devices`` holds the last :class:`DeviceStatus` of each device;
    ``cards`` runs card vision on the camera for the game being played
    (:class:`referee.watcher.CardWatcher`). ``store_notice`` says what happened to a game
    database that could not be used as it was (the home screen shows it).
    """

    config: Any
    config_path: Path | None
    store: Any
    queue: InputQueue
    hardware: Any | None
    registry: Any | None
    simulate: bool
    cards: CardWatcher
    problems: list[Text] = field(default_factory=list)
    store_notice: Text | None = None
    devices: dict[str, DeviceStatus] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _starter: threading.Thread | None = field(default=None, repr=False)
    _closed: bool = field(default=False, repr=False)

    @property
    def watcher(self) -> Any | None:
        """The running :class:`vision.recognize.PlayZoneWatcher` (``None`` while card
        vision is not reading the zone)."""
        return self.cards.watcher

    @property
    def camera(self) -> Any | None:
        return self.hardware.camera if self.hardware is not None else None

    def watch_cards(self, game: str, options: Mapping[str, Any] | None = None) -> None:
        """Read the play zone with the deck ``game`` is played with; the simulated camera
        draws that deck when card vision can draw it."""
        from vision.decks import drawable

        deck = self.cards.follow(game, options)
        synthetic = self.hardware.synthetic_camera if self.hardware is not None else None
        if deck is not None and drawable(deck) and synthetic is not None:
            synthetic.deck = deck

    def feedback(self, pattern: str) -> None:
        """Play an LED/buzzer pattern; a failing device is logged, never raised."""
        if self.hardware is None:
            return
        try:
            self.hardware.feedback(pattern)
        except CompanionError as err:
            log.warning("feedback %s failed: %s", pattern, err)

    def note_status(self, status: DeviceStatus) -> None:
        self.devices[status.device] = status

    def offline(self) -> list[DeviceStatus]:
        """Devices whose last status was offline."""
        return [s for s in self.devices.values() if not s.online]

    def save_config(self, config: Any) -> Text | None:
        """Save ``config`` and use it; what to tell the table if the file had a mistake
        and the settings went to a new file beside it (:func:`hardware.config.save_config`)."""
        from hardware.config import save_config, saved_elsewhere

        written = save_config(config, self.config_path)
        self.config = config
        return saved_elsewhere(self.config_path, written)

    def start_devices(self, started: Callable[[list[Text]], None]) -> None:
        """Open and start the devices on a thread of their own, so no screen waits for
        them (the imports, the readers and the camera take a while on a Pi). Once they
        run, :attr:`hardware` and card vision's camera are set and ``started(problems)``
        is called on that thread with what went wrong (also added to :attr:`problems`);
        card vision already following a game needs :meth:`CardWatcher.restart` to use the
        camera. Devices that come up after :meth:`close` are closed at once."""
        def start() -> None:
            problems: list[Text] = []
            try:
                hardware = _hardware(self.config, self.queue, self.simulate, problems)
            except Exception as err:  # the app waits for ``started``: this thread must not die silently
                log.exception("starting the devices failed")
                problems.append(_not_started(str(err)))
                hardware = None
            with self._lock:
                closed = self._closed
                if not closed:
                    self.hardware = hardware
                    self.cards.camera = hardware.camera if hardware is not None else None
                    self.problems.extend(problems)
            if closed:
                _close(hardware)
            else:
                started(problems)

        self._starter = threading.Thread(target=start, name="devices-start", daemon=True)
        self._starter.start()

    def close(self, budget: float = STOP_BUDGET) -> None:
        """Stop card vision and the devices, waiting at most ``budget`` seconds in all for
        devices still starting and card vision's set-up under way (devices that come up
        later are closed as they come up: :meth:`start_devices`). Closing again does
        nothing: the app closes them when it stops and once more when its process ends,
        and both together must keep within the budget."""
        deadline = time.monotonic() + budget
        with self._lock:
            if self._closed:
                return
            self._closed = True
        if self._starter is not None:
            self._starter.join(timeout=budget)
        self.cards.close(wait=max(0.0, deadline - time.monotonic()))
        _close(self.hardware)


def open_services(*, simulate: bool, config_path: str | Path | None = None,
                  start_hardware: bool = True) -> Services:
    """Load the settings (:class:`referee.settings.Settings`), open the database and
    start the devices.

    ``simulate`` runs every device on its simulated backend. A damaged, newer or foreign
    database does not stop the app (:func:`companion.store.open_store_safely`).
    """
    from companion.store import open_store_safely
    from hardware.config import load_config_or_defaults

    from referee.settings import Settings

    problems: list[Text] = []
    path = Path(config_path) if config_path else None
    config, error = load_config_or_defaults(path, simulate=simulate, cls=Settings)
    if error is not None:
        problems.append(error.text)
    store, store_notice = open_store_safely(config.app.database)
    queue = InputQueue()
    registry = _registry(store, problems)
    hardware = _hardware(config, queue, simulate, problems) if start_hardware else None
    cards = CardWatcher(hardware.camera if hardware is not None else None, config, queue, simulate=simulate,
                        directory=decks_dir())
    return Services(config=config, config_path=path, store=store, queue=queue, hardware=hardware,
                    registry=registry, simulate=simulate, cards=cards, problems=problems,
                    store_notice=store_notice)


def _close(hardware: Any | None) -> None:
    if hardware is None:
        return
    try:
        hardware.close()
    except CompanionError as err:
        log.warning("closing the hardware failed: %s", err)


def _registry(store: Any, problems: list[Text]) -> Any | None:
    try:
        from hardware.rfid.registry import TokenRegistry

        return TokenRegistry(store.connection)
    except ImportError as err:
        problems.append(D.text("The token registry is not installed ({detail}); tokens cannot be "
                               "recognised, use the touch buttons instead.", detail=str(err)))
    except CompanionError as err:
        problems.append(err.text)
    return None


def _hardware(config: Any, queue: InputQueue, simulate: bool, problems: list[Text]) -> Any | None:
    try:
        from hardware.manager import Hardware

        hardware = Hardware.from_config(config, queue, simulate=simulate, deck=config.deck())
        hardware.start()
        return hardware
    except ImportError as err:
        problems.append(D.text("The hardware drivers are not installed ({detail}); the game is "
                               "played by touch.", detail=str(err)))
    except CompanionError as err:
        problems.append(_not_started(err.text))
    return None


def _not_started(detail: Text | str) -> Text:
    return D.text("The hardware could not be started: {detail} The game is played by touch until it is fixed.",
                  detail=detail)
