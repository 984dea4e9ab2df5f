"""Buttons, the RGB LED and the buzzer, through gpiozero.

The confirm and undo buttons deliver :class:`~companion.inputs.ButtonPressed` to the
input queue from gpiozero's callbacks (``put`` never blocks). The LED and buzzer play
named :class:`Pattern` s in gpiozero's background threads, so :meth:`Feedback.play`
returns at once.

Patterns never rely on colour alone: each has its own colour from a colour-blind-safe
palette (Okabe and Ito), its own blink rhythm and its own number and length of beeps.
*Resting* patterns (``idle``, ``your_turn``, ``offline``) last until the next one;
*short* ones (``accepted``, ``rejected``, ``event``) play once and then the LED goes
back to the last resting pattern.

With ``backend = "mock"`` (and in simulation) the devices run on gpiozero's
``MockFactory`` with PWM-capable mock pins: the same code, with pins a test or the
simulation panel can drive (:meth:`Feedback.press` pulls a button's pin low).
"""

from __future__ import annotations

import threading
import time
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gpiozero import Button, Buzzer, RGBLED
from gpiozero.exc import BadPinFactory, PinFactoryFallback
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.errors import HardwareError
from companion.i18n import Domain, Text
from companion.inputs import ButtonPressed, InputQueue
from hardware.device import Device, DeviceReport

if TYPE_CHECKING:
    from hardware.config import GpioConfig

D = Domain("hardware", "hardware")

BUTTONS = ("confirm", "undo")
PART_NAMES: dict[str, Text] = {
    "confirm_button": D.text("the confirm button"),
    "undo_button": D.text("the undo button"),
    "led": D.text("the LED"),
    "buzzer": D.text("the buzzer"),
}
BOUNCE_TIME = 0.05
"""Seconds during which a button's contact bounce is ignored."""

Colour = tuple[float, float, float]

# Okabe–Ito colours, as LED duty cycles.
BLUE: Colour = (0.0, 0.45, 0.70)
VERMILLION: Colour = (0.84, 0.37, 0.0)
BLUISH_GREEN: Colour = (0.0, 0.62, 0.45)
REDDISH_PURPLE: Colour = (0.80, 0.47, 0.65)
YELLOW: Colour = (0.94, 0.89, 0.26)
DIM_WHITE: Colour = (0.15, 0.15, 0.15)


@dataclass(frozen=True)
class Pattern:
    """A light and sound signal.

    The LED shows ``colour`` for ``on_time`` seconds and is dark for ``off_time``,
    ``blinks`` times (``None``: until the next pattern); ``fade`` seconds of fading in
    and out make it a pulse; ``off_time == 0`` without fade is a steady light. The
    buzzer sounds ``beeps`` times, ``beep_on`` seconds each with ``beep_off`` between.
    """

    name: str
    colour: Colour
    on_time: float
    off_time: float
    blinks: int | None
    fade: float = 0.0
    beeps: int = 0
    beep_on: float = 0.1
    beep_off: float = 0.1

    @property
    def resting(self) -> bool:
        """Whether the pattern lasts until the next one."""
        return self.blinks is None

    @property
    def duration(self) -> float:
        """Seconds a short pattern's light lasts (0 for resting ones)."""
        return 0.0 if self.blinks is None else self.blinks * (self.on_time + self.off_time + 2 * self.fade)


PATTERNS: dict[str, Pattern] = {p.name: p for p in (
    # one long blue flash, one short chirp
    Pattern("accepted", BLUE, on_time=0.6, off_time=0.2, blinks=1, beeps=1, beep_on=0.08),
    # four fast vermillion blinks, three long buzzes
    Pattern("rejected", VERMILLION, on_time=0.15, off_time=0.15, blinks=4, beeps=3, beep_on=0.25, beep_off=0.15),
    # two slow purple blinks, one long tone
    Pattern("event", REDDISH_PURPLE, on_time=0.4, off_time=0.3, blinks=2, beeps=1, beep_on=0.4),
    # steady dim white, silent
    Pattern("idle", DIM_WHITE, on_time=1.0, off_time=0.0, blinks=None),
    # slow green pulse, two short chirps
    Pattern("your_turn", BLUISH_GREEN, on_time=0.2, off_time=0.3, blinks=None, fade=0.8,
            beeps=2, beep_on=0.06, beep_off=0.12),
    # slow yellow blink (one second on, one off), one very long tone
    Pattern("offline", YELLOW, on_time=1.0, off_time=1.0, blinks=None, beeps=1, beep_on=1.0),
)}


class Feedback(Device):
    """The confirm and undo buttons, the RGB LED and the buzzer of ``config``.

    Each part opens on its own: a part that cannot be opened (pin in use, no GPIO
    access) is left out and reported by :meth:`probe`, the others work. ``pin_factory``
    is gpiozero's (``None``: gpiozero's default for this machine).
    """

    name = "gpio"

    def __init__(self, config: "GpioConfig", queue: InputQueue, *, pin_factory: Any = None) -> None:
        self.config = config
        self.queue = queue
        self.pin_factory = pin_factory
        self.errors: dict[str, Text] = {}
        """Why a part could not be opened, by part name."""
        self.buttons: dict[str, Button] = {}
        for name in BUTTONS:
            button = self._open(f"{name}_button", Button, getattr(config, f"{name}_button"),
                                pull_up=True, bounce_time=BOUNCE_TIME)
            if button is not None:
                button.when_pressed = lambda name=name: self._pressed(name)
                self.buttons[name] = button
        self.led: RGBLED | None = self._open("led", RGBLED, config.led_red, config.led_green, config.led_blue,
                                             active_high=config.led_active_high, pwm=True)
        self.buzzer: Buzzer | None = self._open("buzzer", Buzzer, config.buzzer)
        self._lock = threading.Lock()
        self._resting = PATTERNS["idle"]
        self._generation = 0
        self._timer: threading.Timer | None = None

    @classmethod
    def from_config(cls, config: "GpioConfig", queue: InputQueue, *, simulate: bool = False) -> "Feedback":
        """Real pins, or mock ones when ``simulate`` or ``backend = "mock"``."""
        mock = simulate or config.backend == "mock"
        return cls(config, queue, pin_factory=MockFactory(pin_class=MockPWMPin) if mock else None)

    @property
    def simulated(self) -> bool:
        return isinstance(self.pin_factory, MockFactory)

    # --- buttons -------------------------------------------------------------------------
    def _pressed(self, name: str) -> None:
        self.queue.put(ButtonPressed(name, at=time.monotonic()))

    def button_pin(self, name: str):
        """The mock pin of button ``name`` (simulation only)."""
        if not self.simulated or name not in self.buttons:
            raise HardwareError(D.text("The {button} button can only be pressed on the screen in simulation.",
                                       button=name))
        return self.buttons[name].pin

    def press(self, name: str) -> None:
        """Press and release button ``name`` through its mock pin (simulation only)."""
        pin = self.button_pin(name)
        pin.drive_low()
        pin.drive_high()

    # --- light and sound -----------------------------------------------------------------
    def play(self, name: str) -> None:
        """Start pattern ``name`` (see :data:`PATTERNS`); returns at once.

        A short pattern interrupts whatever plays and hands back to the last resting
        pattern when done; a resting pattern replaces everything.
        """
        pattern = PATTERNS.get(name)
        if pattern is None:
            raise HardwareError(D.text("Unknown feedback pattern {name}; known: {known}.",
                                       name=name, known=", ".join(PATTERNS)))
        with self._lock:
            self._generation += 1
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if pattern.resting:
                self._resting = pattern
            else:
                self._timer = threading.Timer(pattern.duration, self._rest, (self._generation,))
                self._timer.daemon = True
                self._timer.start()
            self._show(pattern)
            if self.buzzer is not None and pattern.beeps:
                self.buzzer.beep(pattern.beep_on, pattern.beep_off, n=pattern.beeps, background=True)

    @property
    def resting(self) -> str:
        """The resting pattern the LED shows between short ones."""
        return self._resting.name

    def _rest(self, generation: int) -> None:
        with self._lock:
            if generation == self._generation:
                self._timer = None
                self._show(self._resting)

    def _show(self, pattern: Pattern) -> None:
        if self.led is None:
            return
        if pattern.off_time == 0 and not pattern.fade:
            self.led.color = pattern.colour
        else:
            self.led.blink(pattern.on_time, pattern.off_time, pattern.fade, pattern.fade,
                           on_color=pattern.colour, n=pattern.blinks, background=True)

    # --- health --------------------------------------------------------------------------
    def probe_parts(self) -> list[DeviceReport]:
        """One report per part: the two buttons, the LED and the buzzer."""
        config = self.config
        parts = [
            (f"{name}_button", "button", self.buttons.get(name), {"pin": getattr(config, f"{name}_button")})
            for name in BUTTONS
        ]
        parts.append(("led", "led", self.led,
                      {"pins": [config.led_red, config.led_green, config.led_blue],
                       "active_high": config.led_active_high}))
        parts.append(("buzzer", "buzzer", self.buzzer, {"pin": config.buzzer}))
        reports = []
        for part, kind, device, details in parts:
            details = {**details, "simulated": self.simulated}
            if device is None:
                reports.append(DeviceReport(part, kind, False, self.errors[part], details))
            elif kind == "button":
                pressed = device.is_pressed
                reports.append(DeviceReport(part, kind, True, (
                    D.text("Pressed right now on BCM pin {pin}; if nobody is pressing it, check the wiring "
                           "for a short to ground.", pin=details["pin"]) if pressed else
                    D.text("Ready on BCM pin {pin}.", pin=details["pin"])), {**details, "pressed": pressed}))
            else:
                reports.append(DeviceReport(part, kind, True, D.text(
                    "Ready on BCM pin(s) {pins}.",
                    pins=", ".join(map(str, details.get("pins", [details.get("pin")])))), details))
        return reports

    def probe(self) -> DeviceReport:
        """All parts in one report: ok when every part opened."""
        parts = self.probe_parts()
        failed = [r.device for r in parts if not r.ok]
        message = (D.text("Buttons, LED and buzzer are ready.") if not failed else
                   D.text("These parts do not work: {parts}.", parts=", ".join(failed)))
        return DeviceReport(self.name, "gpio", not failed, message,
                            {r.device: {"ok": r.ok, **r.details} for r in parts})

    def close(self) -> None:
        with self._lock:
            self._generation += 1
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
        for device in (*self.buttons.values(), self.led, self.buzzer):
            if device is not None:
                device.close()
        self.buttons, self.led, self.buzzer = {}, None, None

    def _open(self, part: str, cls: type, *args: Any, **kwargs: Any) -> Any:
        try:
            with warnings.catch_warnings():  # the error below says it better than the fallback warnings
                warnings.simplefilter("ignore", PinFactoryFallback)
                return cls(*args, pin_factory=self.pin_factory, **kwargs)
        except Exception as err:  # gpiozero raises many kinds; each means "this part is absent"
            detail = (D.text("this computer has no GPIO pins the referee may use") if isinstance(err, BadPinFactory)
                      else Text.raw(str(err).rstrip(".") or type(err).__name__))
            self.errors[part] = D.text(
                "Cannot use {part} on BCM pin(s) {pins}: {detail}. Check the [gpio] settings and that the "
                "referee's user is in the gpio group.", part=PART_NAMES[part], pins=", ".join(map(str, args)),
                detail=detail)
            return None
