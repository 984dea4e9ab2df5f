"""What every device backend has in common, in the manner of gpiozero's ``Device``.

A device is started, reports its health through :meth:`Device.probe`, delivers table
inputs to the :class:`~companion.inputs.InputQueue` it was given, and is closed. A
device that fails goes *offline* (a :class:`~companion.inputs.DeviceStatus` on the
queue), keeps retrying with backoff, and comes back online by itself.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.i18n import Text


@dataclass(frozen=True)
class DeviceReport:
    """The result of probing one device for ``companion hardware check``.

    ``details`` holds measured facts (chip version, frame size, frame rate…) as
    JSON-ready values; ``message`` says in the table's language what was found and, on
    failure, what to do.
    """

    device: str
    kind: str
    ok: bool
    message: Text
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        return {"device": self.device, "kind": self.kind, "ok": self.ok,
                "message": self.message.render(lang), "details": dict(self.details)}


class Device(ABC):
    """Base of every device backend."""

    name: str = "device"

    def start(self) -> None:
        """Begin delivering inputs (threads start here, never in ``__init__``)."""

    @abstractmethod
    def probe(self) -> DeviceReport:
        """Check the device now and say how it is."""

    def close(self) -> None:
        """Stop threads and release the hardware; safe to call twice."""

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()
