"""Hardware check: probe every device off the UI thread and show each result as it comes.

One line per device in the player's language; the measured details (chip version,
frame size, pins) are in ``companion hardware check --json``.

Every device that opened gets its line at once ("Checking…"); a worker thread probes
them one after the other and hands each result to the UI thread through Kivy's Clock,
so the line turns into "Works" or "Problem" with what to do as soon as that device's
probe finishes, while the slower ones (the camera measures its frame rate) still run.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.uix.widget import Widget

from hardware.device import DeviceReport
from ui import D, theme
from ui.screens.base import Page
from ui.widgets import Column, Panel, Words, escape, icon, primary, scrolling

_, N_, ngettext = D.markers()

DEVICE_NAMES = {"camera": N_("Camera"), "gpio": N_("Buttons, LED and buzzer"), "rfid": N_("RFID readers"),
                "confirm_button": N_("Confirm button"), "undo_button": N_("Undo button"), "led": N_("LED"),
                "buzzer": N_("Buzzer")}
"""What the player reads for each device (``rfid:<zone>`` readers are named by zone)."""


def device_name(device: str) -> str:
    """``device`` (a report's or a check's name) in the current language."""
    if device.startswith("rfid:"):
        return _("RFID reader {zone}").format(zone=device.split(":", 1)[1])
    return _(DEVICE_NAMES[device]) if device in DEVICE_NAMES else device


class HardwareScreen(Page):
    page = "hardware"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.results: dict[str, list[DeviceReport] | None] = {}
        """Each device being checked, in probing order: its reports, ``None`` until its probe ends."""
        self.running = False

    def title(self) -> str:
        return _("Hardware check")

    def on_pre_enter(self, *args: Any) -> None:
        self.check()
        super().on_pre_enter(*args)

    def check(self) -> None:
        """Probe in a thread, one device after the other: a slow or hanging device never
        freezes the screen, and each result is shown as soon as it is known."""
        hardware = self.app.services.hardware
        if hardware is None or self.running:
            return
        checks = hardware.checks()
        self.running, self.results = True, {c.device: None for c in checks}

        def work() -> None:
            for one in checks:
                reports = one.run()  # never raises: a broken probe is a failure report
                Clock.schedule_once(partial(self._arrived, one.device, reports), 0)
            Clock.schedule_once(self._done, 0)

        threading.Thread(target=work, name="hardware-probe", daemon=True).start()

    def _arrived(self, device: str, reports: list[DeviceReport], _dt: float = 0) -> None:
        self.results[device] = reports
        self._show()

    def _done(self, _dt: float = 0) -> None:
        self.running = False
        self._show()

    def _show(self) -> None:
        if self.manager is not None and self.manager.current == self.page:
            self.refresh()

    def build(self) -> Widget:
        page = Column()
        for problem in self.app.services.problems:
            page.add_widget(self._line(False, _("Settings"), problem.render()))
        hardware = self.app.services.hardware
        if hardware is None:
            page.add_widget(Words(escape(_("No sensors are running: the game is played by touch."))))
            return scrolling(page)
        for report in hardware.failures:
            page.add_widget(self._report(report))
        for device, reports in self.results.items():
            if reports is None:
                page.add_widget(self._line(None, device_name(device), _("Checking…")))
            for report in reports or ():
                page.add_widget(self._report(report))
        if not self.running:
            page.add_widget(primary(_("Check again"), self._again))
        return scrolling(page)

    def _again(self) -> None:
        self.check()
        self.refresh()

    def _report(self, report: DeviceReport) -> Widget:
        return self._line(report.ok, device_name(report.device), report.message.render())

    def _line(self, ok: bool | None, device: str, message: str) -> Widget:
        """One device's line: works, problem (the message says what to do) or, with
        ``ok`` ``None``, still being checked."""
        colour = theme.TEXT_DIM if ok is None else theme.OK if ok else theme.DANGER
        box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE, border=colour)
        box.bind(minimum_height=box.setter("height"))
        if ok is None:
            box.add_widget(Words(f"{icon('…')} [b]{escape(device)}[/b] — {escape(message)}", dim=True))
        else:
            word = _("Works") if ok else _("Problem")
            mark = theme.ICON_ACCEPTED if ok else theme.ICON_REJECTED
            box.add_widget(Words(f"{icon(mark)} [b]{escape(device)}: {escape(word)}[/b] — {escape(message)}"))
        return box
