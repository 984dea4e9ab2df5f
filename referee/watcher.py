"""Card vision in the app: the play zone watched while a game is played.

:class:`CardWatcher` finds the deck model and the play zone for the game being played,
off the UI thread, then runs a :class:`vision.recognize.PlayZoneWatcher` on the camera:
stable sets of cards reach the input queue as ``CardsSeen`` and
:attr:`CardWatcher.watcher` ``.latest`` feeds the live camera panel. Until both are
found, :attr:`CardWatcher.status` says what is missing and what to do; the game goes
on by touch meanwhile.

The model, first found first:

1. the ``[zone] model`` file of the settings;
2. the model the deck wizard saved for the game's deck (:func:`taught_model_file`);
3. in simulation only, the deck taught from its rendered faces (a deck card vision can
   draw: :func:`vision.decks.drawable`), built once (about half a minute) and kept in
   :func:`rendered_model_file`; a kept model whose faces are no longer the deck's is
   built again.

The zone: with ``[zone] method = "markers"`` it is found from the corner markers in a
camera picture, tried again every :data:`ZONE_RETRY` seconds until all four are seen;
with ``"manual"`` it is ``[zone] corners``.

The model is built for a deck, the zone for a camera: :meth:`CardWatcher.follow`
switches to another game's deck, :meth:`CardWatcher.restart` takes a newly taught
model.
"""

from __future__ import annotations

import enum
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from companion import paths
from companion.errors import CompanionError, GameError
from companion.decks import deck_of
from companion.game import resolve_options
from companion.i18n import Text
from companion.inputs import InputQueue

from referee import D

log = logging.getLogger(__name__)

ZONE_RETRY = 0.5
"""Seconds between two searches for the corner markers."""


def decks_dir() -> Path:
    """Where the app keeps deck models (beside the game database)."""
    return paths.state_dir() / "decks"


def taught_model_file(directory: Path, deck: str) -> Path:
    """The model the deck wizard saves for ``deck``."""
    return directory / f"{deck}.npz"


def rendered_model_file(directory: Path, deck: str) -> Path:
    """The simulation's model of ``deck``, taught from its rendered faces."""
    return directory / f"{deck}-rendered.npz"


def rendered_model(deck: str) -> Any | None:
    """``deck`` taught from card vision's own rendered faces, if card vision can draw
    it (:func:`vision.decks.drawable`: the games' designs and the standard pack), else
    ``None``."""
    from vision.bench import taught
    from vision.decks import drawable

    return taught(deck) if drawable(deck) else None


def vision_deck(game: str, options: Mapping[str, Any] | None = None) -> Any:
    """The deck ``game`` is played with, as card vision teaches it (one face per card
    id, with its copies)."""
    from companion.games import get_game
    from vision.decks import Deck, Face

    found = get_game(game)
    deck = found.deck(resolve_options(found.options, options))
    if deck is None:
        raise GameError(Text("{game} uses no cards.", game=found.title))
    return Deck(deck.name, tuple(Face(card.id, card.copies, card.art) for card in deck.cards), deck.aspect)


class WatchState(enum.Enum):
    IDLE = "idle"
    """No game is being played: nothing is watched."""
    UNAVAILABLE = "unavailable"
    """No camera, or card vision is not installed: cards are entered by hand."""
    PREPARING = "preparing"
    """The deck model is being loaded (or, in simulation, built)."""
    NO_MODEL = "no-model"
    """No usable model for the deck: the deck must be taught."""
    NO_ZONE = "no-zone"
    """The play zone is not found (markers) or not set (manual corners)."""
    WATCHING = "watching"
    """Cards laid in the zone are being read."""


@dataclass(frozen=True)
class WatchStatus:
    """The watcher's state and, unless it is watching or idle, what to tell the table."""

    state: WatchState
    message: Text | None = None


class CardWatcher:
    """Runs card vision on ``camera`` for the deck of the game being played.

    ``config`` is the app's :class:`hardware.config.Config`; ``directory`` holds the
    deck models (:func:`decks_dir`). Nothing starts before :meth:`follow`. Listeners
    (:meth:`listen`) are called on the worker thread whenever :attr:`status` changes.
    """

    def __init__(self, camera: Any | None, config: Any, queue: InputQueue, *, simulate: bool,
                 directory: Path) -> None:
        self.camera = camera
        self.config = config
        self.queue = queue
        self.simulate = simulate
        self.directory = directory
        self.deck: str | None = None
        self.zone: Any | None = None
        """The play zone last found (``None`` until then)."""
        self._watcher: Any | None = None
        self._status = WatchStatus(WatchState.IDLE)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._setup: threading.Thread | None = None
        self._listeners: list[Callable[[WatchStatus], None]] = []

    # --- what the screens read ---------------------------------------------------------------
    @property
    def status(self) -> WatchStatus:
        return self._status

    @property
    def watcher(self) -> Any | None:
        """The running :class:`vision.recognize.PlayZoneWatcher`, or ``None``."""
        return self._watcher

    @property
    def available(self) -> bool:
        """Whether laid cards can be read at all (a camera and card vision), even if the
        model or the zone is still missing."""
        return self.camera is not None and self._status.state is not WatchState.UNAVAILABLE

    def listen(self, listener: Callable[[WatchStatus], None]) -> None:
        self._listeners.append(listener)

    # --- control -------------------------------------------------------------------------------
    def follow(self, game: str, options: Mapping[str, Any] | None = None) -> str | None:
        """Watch the zone with the deck ``game`` is played with under ``options``;
        returns that deck (``None`` when cards cannot be read). Nothing changes if that
        deck is already watched or prepared."""
        deck = deck_of(game, options)
        if deck is None:
            self._halt(WatchStatus(WatchState.IDLE))
            self.deck = None
            return None
        if deck == self.deck and self._status.state not in (WatchState.IDLE, WatchState.NO_MODEL):
            return deck
        self.deck = deck
        self.restart()
        return deck if self.available else None

    def restart(self) -> None:
        """Look for the model and the zone again (after the deck was taught); no effect
        before :meth:`follow`."""
        if self.deck is None:
            return
        if self.camera is None:
            self._halt(WatchStatus(WatchState.UNAVAILABLE, D.text("There is no camera: enter the cards by hand.")))
            return
        try:
            import vision.recognize  # noqa: F401  (card vision and OpenCV are installed)
        except ImportError as err:
            self._halt(WatchStatus(WatchState.UNAVAILABLE, D.text(
                "Card vision is not installed ({detail}): enter the cards by hand.", detail=str(err))))
            return
        stop = threading.Event()
        setup = threading.Thread(target=self._prepare, args=(self.deck, self.camera, stop),
                                 name="card-watcher-setup", daemon=True)
        self._halt(WatchStatus(WatchState.PREPARING, D.text("Card vision is getting ready…")), stop, setup)
        setup.start()

    def close(self, wait: float = 0.0) -> None:
        """Stop watching (a setup under way gives up at its next step) and fall back to
        :attr:`WatchState.IDLE`; :meth:`restart` starts again. With ``wait``, wait up to
        that many seconds for a setup under way to give up: at exit, a thread still inside
        OpenCV when Python ends aborts the process."""
        setup = self._halt(WatchStatus(WatchState.IDLE))
        if wait > 0 and setup is not None and setup is not threading.current_thread():
            setup.join(timeout=wait)

    def _halt(self, status: WatchStatus, stop: threading.Event | None = None,
              setup: threading.Thread | None = None) -> threading.Thread | None:
        """Stop the watcher and any setup under way and take ``status`` in the same step,
        so that no reader on another thread sees a status whose watcher is already gone
        (:attr:`status` is :attr:`WatchState.WATCHING` exactly while :attr:`watcher` is
        set). ``stop`` and ``setup`` are the next setup's, when one follows. Returns the
        setup started before (which may still be giving up, or may have ended)."""
        with self._lock:
            self._stop.set()
            self._stop = stop if stop is not None else threading.Event()
            watcher, self._watcher = self._watcher, None
            previous = self._setup
            if setup is not None:
                self._setup = setup
            changed = status != self._status
            self._status = status
        if watcher is not None:
            watcher.close()
        if changed:
            self._tell(status)
        return previous

    # --- the setup thread ------------------------------------------------------------------------
    def _prepare(self, deck: str, camera: Any, stop: threading.Event) -> None:
        from vision.recognize import PlayZoneWatcher, Recognizer

        try:
            model = self._model(deck)
            if model is None:
                self._set(WatchState.NO_MODEL, D.text(
                    "The camera does not know the cards of this game yet: teach them with Teach the card "
                    "deck on the home screen. Until then, enter the cards by hand."), stop)
                return
            zone = self._zone(camera, stop)
            if zone is None:
                return
            with self._lock:
                if stop.is_set():
                    return
                self.zone = zone
                self._watcher = PlayZoneWatcher(camera, Recognizer(model, zone), self.queue)
                self._watcher.start()
            self._set(WatchState.WATCHING, None, stop)
        except CompanionError as err:
            self._set(WatchState.NO_MODEL, err.text, stop)
        except Exception as err:  # card vision must never take the app down
            log.exception("card watcher setup failed")
            self._set(WatchState.UNAVAILABLE, D.text(
                "Card vision stopped ({detail}): enter the cards by hand.", detail=f"{type(err).__name__}: {err}"),
                stop)

    def _model(self, deck: str) -> Any | None:
        """The deck model to use, or ``None`` when the deck was never taught."""
        from vision.decks import builtin, drawable
        from vision.errors import ModelFileError
        from vision.model import DeckModel

        if self.config.zone.model is not None:
            return DeckModel.load(self.config.zone.model)
        taught = taught_model_file(self.directory, deck)
        if taught.exists():
            return DeckModel.load(taught)
        if not self.simulate:
            return None
        cached = rendered_model_file(self.directory, deck)
        if cached.exists():
            try:
                kept = DeckModel.load(cached)
            except ModelFileError as err:
                log.warning("rebuilding the simulation's deck model: %s", err)
            else:
                if drawable(deck) and set(kept.ids) == set(builtin(deck).ids):
                    return kept
                log.warning("rebuilding the simulation's deck model: the %s deck's faces changed", deck)
        model = rendered_model(deck)
        if model is None:
            return None
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            model.save(cached)
        except (OSError, ModelFileError) as err:  # the model still works, it is only built again next time
            log.warning("cannot keep the simulation's deck model: %s", err)
        return model

    def _zone(self, camera: Any, stop: threading.Event) -> Any | None:
        """The play zone; ``None`` if stopped before it was found or when it cannot be."""
        from vision.errors import CalibrationError
        from vision.zone import PlayZone, find_zone

        zone = self.config.zone
        if zone.method != "markers":
            try:
                return PlayZone.from_corners(zone.corners)
            except CalibrationError as err:
                self._set(WatchState.NO_ZONE, err.text, stop)
                return None
        seen: float | None = None
        while not stop.is_set():
            frame = camera.latest()
            if frame is not None and frame.timestamp != seen:
                seen = frame.timestamp
                try:
                    return find_zone(frame.image)
                except CalibrationError as err:
                    self._set(WatchState.NO_ZONE, D.text(
                        "Lay the four corner markers around the play zone. {reason}", reason=err.text), stop)
            stop.wait(ZONE_RETRY)
        return None

    def _set(self, state: WatchState, message: Text | None, stop: threading.Event | None = None) -> None:
        """Change the status, unless ``stop`` says this setup was replaced."""
        status = WatchStatus(state, message)
        with self._lock:
            if (stop is not None and stop.is_set()) or status == self._status:
                return
            self._status = status
        self._tell(status)

    def _tell(self, status: WatchStatus) -> None:
        """Call every listener with the new ``status`` (outside the lock)."""
        for listener in list(self._listeners):
            listener(status)
