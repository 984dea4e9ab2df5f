"""Table inputs: what the sensors and the screen tell the referee.

Devices (``hardware``) and the screen (``ui``) produce these small immutable records and
put them on one :class:`InputQueue`; the app drains it on its clock and hands them to
the referee session. Times are ``time.monotonic()`` seconds taken by the producer.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.i18n import Text


@dataclass(frozen=True)
class TagPlaced:
    """An RFID tag arrived on the reader of ``zone``."""

    uid: str
    zone: str
    at: float = 0.0


@dataclass(frozen=True)
class TagRemoved:
    """The tag left the reader (after two or more consecutive missed polls)."""

    uid: str
    zone: str
    at: float = 0.0


@dataclass(frozen=True)
class CardsSeen:
    """The set of cards in the play zone has been stable over consecutive frames.

    ``cards`` are card ids of the enrolled deck (sorted; empty when the zone was
    cleared); ``unknown`` counts card-shaped objects that could not be identified;
    ``outlines`` maps each entry of ``cards`` (same order) to its corner points in
    frame pixels, for the UI to draw.
    """

    cards: tuple[str, ...]
    zone: str = "play"
    unknown: int = 0
    outlines: tuple[tuple[tuple[float, float], ...], ...] = ()
    at: float = 0.0


@dataclass(frozen=True)
class ButtonPressed:
    """A physical or virtual button: ``"confirm"`` or ``"undo"``."""

    name: str
    at: float = 0.0


@dataclass(frozen=True)
class Intent:
    """A touch on the screen that means a game input (``"exchange"``, ``"decline"``…)."""

    name: str
    args: Mapping[str, Any] = field(default_factory=dict)
    at: float = 0.0


@dataclass(frozen=True)
class DeviceStatus:
    """A device went online or offline; ``message`` says so to the table."""

    device: str
    online: bool
    message: Text
    at: float = 0.0


TableInput = TagPlaced | TagRemoved | CardsSeen | ButtonPressed | Intent | DeviceStatus


class InputQueue:
    """The one thread-safe queue from devices to the app. ``put`` never blocks."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[TableInput] = queue.SimpleQueue()

    def put(self, item: TableInput) -> None:
        self._queue.put(item)

    def drain(self, limit: int = 100) -> list[TableInput]:
        """Everything waiting (at most ``limit``), without blocking."""
        out: list[TableInput] = []
        while len(out) < limit:
            try:
                out.append(self._queue.get_nowait())
            except queue.Empty:
                break
        return out

    def get(self, timeout: float | None = None) -> TableInput | None:
        """The next input, waiting up to ``timeout`` seconds; ``None`` if none came."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None
