"""The readers' reset pins: one gpiozero output per pin, shared by the readers wired to it.

Boards may share a reset pin (they are reset together), but gpiozero opens a pin once:
:meth:`ResetPins.claim` hands every reader of a pin the same device, driven high (the
chip runs), and :meth:`ResetPins.release` closes it when its last reader lets go.
"""

from __future__ import annotations

import threading
from typing import Any


class ResetPins:
    """Reset-pin outputs by ``(pin factory, BCM pin)``, counted by their users."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[tuple[int, int], list[Any]] = {}  # key -> [device, users]

    def claim(self, pin: int, factory: Any = None) -> Any:
        """The output on BCM ``pin`` (``factory``: gpiozero's pin factory, ``None`` its
        default), opened high on first use. Raises what gpiozero raises."""
        from gpiozero import DigitalOutputDevice

        key = (id(factory), pin)
        with self._lock:
            entry = self._open.get(key)
            if entry is None or entry[0].closed:
                entry = self._open[key] = [DigitalOutputDevice(pin, initial_value=True, pin_factory=factory), 0]
            entry[1] += 1
            return entry[0]

    def release(self, device: Any) -> None:
        """One user less of ``device``; closed with its last one."""
        with self._lock:
            for key, entry in list(self._open.items()):
                if entry[0] is device:
                    entry[1] -= 1
                    if entry[1] <= 0:
                        del self._open[key]
                        device.close()
                    return
