"""Hardware check: probe every device off the UI thread and show what was found."""

from __future__ import annotations

import threading
from typing import Any

from kivy.clock import Clock
from kivy.uix.widget import Widget

from ui import D, theme
from ui.screens.base import Page, error_text
from ui.widgets import Column, Panel, Words, escape, icon, primary, scrolling

_, N_, ngettext = D.markers()


class HardwareScreen(Page):
    page = "hardware"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.reports: list[Any] | None = None
        self.failure: str | None = None
        self.running = False

    def title(self) -> str:
        return _("Hardware check")

    def on_pre_enter(self, *args: Any) -> None:
        self.check()
        super().on_pre_enter(*args)

    def check(self) -> None:
        """Probe in a thread: a slow or hanging device never freezes the screen."""
        hardware = self.app.services.hardware
        if hardware is None or self.running:
            return
        self.running, self.reports, self.failure = True, None, None

        def work() -> None:
            try:
                reports, failure = hardware.probe(), None
            except Exception as err:  # shown on the screen, the app goes on
                reports, failure = [], error_text(err)
            Clock.schedule_once(lambda _dt: self._done(reports, failure), 0)

        threading.Thread(target=work, name="hardware-probe", daemon=True).start()

    def _done(self, reports: list[Any], failure: str | None) -> None:
        self.running, self.reports, self.failure = False, reports, failure
        if self.manager is not None and self.manager.current == self.page:
            self.refresh()

    def build(self) -> Widget:
        page = Column()
        for problem in self.app.services.problems:
            page.add_widget(self._report(False, problem.render(), {}))
        if self.app.services.hardware is None:
            page.add_widget(Words(escape(_("No sensors are running: the game is played by touch."))))
        elif self.running:
            page.add_widget(Words(escape(_("Checking the readers, the camera and the buttons…")), size="large"))
        else:
            if self.failure:
                page.add_widget(self._report(False, self.failure, {}))
            for report in self.reports or ():
                page.add_widget(self._report(report.ok, f"{report.device}: {report.message.render()}",
                                             report.details))
            page.add_widget(primary(_("Check again"), self._again))
        return scrolling(page)

    def _again(self) -> None:
        self.check()
        self.refresh()

    def _report(self, ok: bool, message: str, details: Any) -> Widget:
        colour = theme.OK if ok else theme.DANGER
        box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE, border=colour)
        box.bind(minimum_height=box.setter("height"))
        word = _("Works") if ok else _("Problem")
        mark = theme.ICON_ACCEPTED if ok else theme.ICON_REJECTED
        box.add_widget(Words(f"{icon(mark)} [b]{escape(word)}[/b] — {escape(message)}"))
        if details:
            box.add_widget(Words(escape(", ".join(f"{k}: {v}" for k, v in details.items())), size="small", dim=True))
        return box
