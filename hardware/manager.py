"""Every device of the table in one place: RFID readers, the camera, buttons, LED, buzzer.

:meth:`Hardware.from_config` opens what the configuration names. A device that cannot
be opened is not fatal: it is left out, reported by :meth:`Hardware.probe` (and so by
``companion hardware check``) with what to do, and the referee runs on with entry on
the touchscreen instead.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from companion.errors import CompanionError, HardwareError
from companion.i18n import Domain, Text
from companion.inputs import InputQueue
from hardware.camera import Camera, SyntheticCamera, open_camera
from hardware.config import Config
from hardware.device import Device, DeviceReport
from hardware.feedback import Feedback

if TYPE_CHECKING:
    from hardware.rfid.reader import RfidReader

D = Domain("hardware", "hardware")

SIMULATED_SURFACE = "cloth"
"""The table top the synthetic camera renders: a plain card-table cloth, on which card
vision reads every card of a clean scene (wood and light tables are harder)."""


@dataclass(frozen=True)
class Check:
    """Probing one device: ``run()`` gives its reports (several for the GPIO parts)."""

    device: str
    kind: str
    run: Callable[[], list[DeviceReport]]


class Hardware:
    """The table's devices, opened from one :class:`~hardware.config.Config`.

    ``readers`` (a list), ``camera`` and ``gpio`` (the :class:`Feedback` of buttons,
    LED and buzzer) hold what opened; ``failures`` one report per device that did not.
    """

    def __init__(self, *, readers: list[RfidReader], camera: Camera | None, gpio: Feedback | None,
                 failures: list[DeviceReport], simulated: bool) -> None:
        self.readers = readers
        self.camera = camera
        self.gpio = gpio
        self.failures = failures
        self.simulated = simulated

    @classmethod
    def from_config(cls, config: Config, queue: InputQueue, *, simulate: bool = False,
                    deck: str | None = None) -> "Hardware":
        """Open every device of ``config``; ``simulate`` (or a simulated ``config``)
        uses the simulated backends, the simulated camera drawing ``deck``'s cards."""
        from hardware.rfid import open_readers

        simulate = simulate or config.simulated
        failures: list[DeviceReport] = []
        readers = _attempt("rfid", failures, lambda: list(open_readers(config.rfid, queue, simulate=simulate)))
        camera = _attempt("camera", failures, lambda: open_camera(
            config.camera, queue, simulate=simulate, deck=deck,
            markers=config.zone.method == "markers", surface=SIMULATED_SURFACE))
        gpio = _attempt("gpio", failures, lambda: Feedback.from_config(config.gpio, queue, simulate=simulate))
        return cls(readers=readers or [], camera=camera, gpio=gpio, failures=failures, simulated=simulate)

    @property
    def devices(self) -> list[Device]:
        """Every device that opened."""
        return [*self.readers, *(d for d in (self.camera, self.gpio) if d is not None)]

    def start(self) -> None:
        """Start reading tags and capturing frames; the LED shows ``idle``."""
        for device in self.devices:
            device.start()
        self.feedback("idle")

    def close(self) -> None:
        """Stop and release every device (safe to call twice)."""
        for device in reversed(self.devices):
            device.close()

    def checks(self, camera_seconds: float = 1.0) -> list[Check]:
        """One check per device that opened, in the order :meth:`probe` runs them: the
        readers, the camera (measured for ``camera_seconds``), then the buttons, LED
        and buzzer together. Each may take a while (run them off the UI thread) and
        never raises: a probe that breaks gives a failure report."""
        found = [Check(reader.name, "rfid", functools.partial(_checked, reader.name, "rfid",
                                                              functools.partial(_one, reader.probe)))
                 for reader in self.readers]
        if self.camera is not None:
            found.append(Check("camera", "camera", functools.partial(_checked, "camera", "camera", functools.partial(
                _one, self.camera.probe, duration=camera_seconds))))
        if self.gpio is not None:
            found.append(Check("gpio", "gpio", functools.partial(_checked, "gpio", "gpio", self.gpio.probe_parts)))
        return found

    def probe(self, camera_seconds: float = 1.0) -> list[DeviceReport]:
        """One report per device: the readers, the camera (measured for
        ``camera_seconds``), each button, the LED and the buzzer; devices that did not
        open come first."""
        reports = list(self.failures)
        for check in self.checks(camera_seconds):
            reports += check.run()
        return reports

    def feedback(self, pattern: str) -> None:
        """Play a light and sound pattern (see :data:`hardware.feedback.PATTERNS`); without
        an LED and buzzer, nothing happens."""
        if self.gpio is not None:
            self.gpio.play(pattern)

    # --- for the simulation panel and tests ---------------------------------------------------
    @property
    def synthetic_camera(self) -> SyntheticCamera | None:
        """The simulated camera, to lay cards in front of (``None`` with a real camera)."""
        return self.camera if isinstance(self.camera, SyntheticCamera) else None

    def simulated_table(self):
        """The simulated RFID table (:func:`hardware.rfid.simulated_table`), to put tags on
        readers; ``None`` with real readers."""
        if not any(reader.simulated for reader in self.readers):
            return None
        from hardware.rfid import simulated_table

        return simulated_table()

    def press(self, button: str) -> None:
        """Press a simulated button (``"confirm"`` or ``"undo"``) through its mock pin."""
        self._buttons().press(button)

    def button_pin(self, button: str):
        """The mock pin of a simulated button."""
        return self._buttons().button_pin(button)

    def _buttons(self) -> Feedback:
        if self.gpio is None:
            raise HardwareError(D.text("The buttons could not be opened; run \"companion hardware check\" "
                                       "to see why."))
        return self.gpio


def _attempt(device: str, failures: list[DeviceReport], opener: Callable[[], Any]) -> Any:
    """``opener()``, or ``None`` with a failure report for ``device``."""
    try:
        return opener()
    except Exception as err:  # whatever a driver raises, the table goes on without the device
        failures.append(DeviceReport(device, device, False, D.text(
            "Cannot open the {device}: {reason}. Moves can still be entered on the screen.",
            device=device, reason=_reason(err))))
        return None


def _one(probe: Callable[..., DeviceReport], **args: float) -> list[DeviceReport]:
    return [probe(**args)]


def _checked(device: str, kind: str, probe: Callable[[], list[DeviceReport]]) -> list[DeviceReport]:
    """The reports of ``probe()``, or one failure report if probing itself broke."""
    try:
        return probe()
    except Exception as err:  # a probe that breaks is a device that does not work
        return [DeviceReport(device, kind, False, D.text("Checking {device} went wrong: {reason}.",
                                                         device=device, reason=_reason(err)))]


def _reason(err: Exception) -> Text:
    return err.text if isinstance(err, CompanionError) else Text.raw(str(err) or type(err).__name__)
