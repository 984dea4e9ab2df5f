"""The Kivy application: screens, the input pump, language switching, systemd.

:class:`CompanionApp` drains the :class:`~companion.inputs.InputQueue` on Kivy's
clock, gives each input to the screen on show (enrolment, scoring) or else to the
referee, and re-renders screens when the game, the language or the window size
changes. Exceptions anywhere in the event loop are logged and shown as a message.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion import systemd
from companion.i18n import on_language_change
from companion.inputs import DeviceStatus, TableInput
from ui import D, theme
from ui.screens.base import Page, error_text
from referee.services import Services
from referee.table import Table
from ui.widgets import escape, icon, message_dialog

if TYPE_CHECKING:
    from ui.simulator import SimulatorPanel

_, N_, ngettext = D.markers()
log = logging.getLogger(__name__)

POLL_INTERVAL = 1 / 20
"""Seconds between two drains of the input queue."""


class _Survive(ExceptionHandler):
    """Keeps the app alive: an exception in a callback is logged and shown."""

    def __init__(self, app: "CompanionApp") -> None:
        super().__init__()
        self.app = app

    def handle_exception(self, inst: BaseException) -> int:
        if isinstance(inst, (KeyboardInterrupt, SystemExit)):
            return ExceptionManager.RAISE
        log.exception("unhandled error in the app", exc_info=inst)
        self.app.report(inst)
        return ExceptionManager.PASS


class CompanionApp(App):
    """The touchscreen app on top of :class:`~referee.services.Services`."""

    title = "Table companion"

    def __init__(self, services: Services, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.services = services
        self.simulate = services.simulate
        self.table = Table(services)
        self.manager: ScreenManager | None = None
        self.simulator: SimulatorPanel | None = None
        self.ready = False
        """Whether the home screen is up (systemd has been told)."""
        self.devices_up = False
        """Whether the devices have been started (or failed to start), behind the home screen."""
        self._refresh_event = None

    # --- building --------------------------------------------------------------------
    def build(self) -> BoxLayout:
        """The home screen (the others are built on their first visit, :meth:`screen`),
        the simulator panel in simulation, the input pump; the devices start once the
        home screen is up (:meth:`_started`)."""
        from ui.screens import PAGES

        Window.clearcolor = theme.BACKGROUND
        root = BoxLayout(orientation="horizontal")
        self.manager = ScreenManager(transition=NoTransition())
        self.screen(next(iter(PAGES)))
        root.add_widget(self.manager)
        if self.simulate:
            from ui.simulator import SimulatorPanel

            self.simulator = SimulatorPanel(self)
            root.add_widget(self.simulator)
        self._handler = _Survive(self)
        ExceptionManager.add_handler(self._handler)
        self.table.subscribe(lambda _table: self._table_changed())
        self.services.cards.listen(lambda _status: Clock.schedule_once(self._cards_changed, 0))
        on_language_change(lambda _lang: Clock.schedule_once(self.refresh_all, 0))
        Window.bind(size=lambda *_a: self._schedule_refresh())
        Clock.schedule_interval(self.poll, POLL_INTERVAL)
        Clock.schedule_once(self._started, 0)
        return root

    def _started(self, _dt: float) -> None:
        """The first frame: the home screen, built with the window, is up."""
        if self.simulator is not None:
            self.simulator.refresh()
        for problem in self.services.problems:
            message_dialog(problem.render(), title=_("Check the settings"))
        self.ready = True
        systemd.notify_ready()
        interval = systemd.watchdog_interval()
        if interval:
            Clock.schedule_interval(lambda _dt: systemd.notify_watchdog(), interval)
        if self.services.hardware is None:
            Clock.schedule_once(lambda _dt: self.start_devices(), 0)
        else:
            self.devices_up = True

    def start_devices(self) -> None:
        """Start the devices behind the home screen (:meth:`Services.start_devices`);
        when they are up, card vision takes the camera, every screen shows them and a
        device that failed is reported."""
        def up(problems: list[Any]) -> None:
            Clock.schedule_once(lambda _dt: self._devices_started(problems), 0)

        self.services.start_devices(up)

    def _devices_started(self, problems: list[Any]) -> None:
        self.devices_up = True
        self.services.cards.restart()
        for problem in problems:
            message_dialog(problem.render(), title=_("Check the settings"))
        self.refresh_all()

    def on_stop(self) -> None:
        """Closing (by the app, or on SIGTERM through :func:`ui.app.run_app`, which has
        already told systemd): release the devices."""
        self.services.close()

    # --- navigation and rendering ---------------------------------------------------------
    @property
    def _screens(self) -> ScreenManager:
        if self.manager is None:
            raise RuntimeError("the app's screens are not built yet")
        return self.manager

    @property
    def page(self) -> Page:
        return self._screens.current_screen

    def go(self, name: str) -> None:
        self.screen(name)
        if self._screens.current == name:
            self.page.refresh()
        else:
            self._screens.current = name
        if self.simulator is not None:
            self.simulator.refresh()

    def screen(self, name: str) -> Page:
        """Screen ``name`` (:data:`ui.screens.PAGES`), imported and built on first use."""
        if not self._screens.has_screen(name):
            from ui.screens import page_class

            self._screens.add_widget(page_class(name)(self))
        return self._screens.get_screen(name)

    def refresh_all(self, *_args: Any) -> None:
        if self.manager is None:
            return
        if self.simulator is not None:
            self.simulator.refresh()
        self.page.refresh()

    def resized(self, *_args: Any) -> None:
        """The window changed size: lay everything out again for it."""
        if self.simulator is not None:
            self.simulator.fit()
        self.refresh_all()

    def _schedule_refresh(self) -> None:
        if self._refresh_event is not None:
            self._refresh_event.cancel()
        self._refresh_event = Clock.schedule_once(self.resized, 0.15)

    def _table_changed(self) -> None:
        self.page.table_changed()
        if self.simulator is not None:
            self.simulator.refresh()

    def _cards_changed(self, _dt: float) -> None:
        if self.manager is not None:
            self.page.cards_changed()

    def set_language(self, lang: str) -> None:
        """Switch the language now (every screen re-renders) and remember it."""
        import dataclasses

        from companion.errors import CompanionError
        from companion.i18n import set_language

        set_language(lang)
        config = self.services.config
        try:
            notice = self.services.save_config(dataclasses.replace(config, app=dataclasses.replace(config.app,
                                                                                                   language=lang)))
        except CompanionError as err:
            self.report(err)
        else:
            if notice is not None:
                message_dialog(notice.render(), title=_("Check the settings"))

    def toggle_simulator(self) -> None:
        if self.simulator is not None:
            self.simulator.toggle()

    def report(self, err: BaseException) -> None:
        """Show an error to the table; the app carries on."""
        self.report_text(error_text(err))

    def report_text(self, message: str) -> None:
        message_dialog(message, title=_("Something went wrong"))

    def latest_frame(self) -> Any | None:
        """The camera's latest picture (``.image``, ``.timestamp``); ``None`` without a
        camera or while it is offline."""
        camera = self.services.camera
        if camera is None or not camera.online:
            return None
        return camera.latest()

    # --- inputs ---------------------------------------------------------------------------
    def poll(self, _dt: float = 0.0) -> None:
        """Drain the input queue (never blocks)."""
        for item in self.services.queue.drain():
            try:
                self.take(item)
            except Exception as err:  # one bad input must not stop the pump
                log.exception("input %r failed", item)
                self.report(err)

    def take(self, item: TableInput) -> None:
        """Give one input to the screen on show, else to the referee.

        (Not ``dispatch``: that is Kivy's event dispatch, which fires ``on_stop``.)
        """
        if isinstance(item, DeviceStatus):
            self.services.note_status(item)
            self.table.signal()
            self.page.refresh()
            return
        if self.page.handle_input(item):
            return
        if self.table.playing:
            self.table.feed(item)

    def status_markup(self) -> str:
        """Devices offline (or, when all are fine, a short all-clear) for the top bar."""
        offline = self.services.offline()
        if not self.devices_up:
            return escape(_("Sensors starting…"))
        if self.services.hardware is None:
            return f"[color=d55e00]{icon(theme.ICON_REJECTED)}[/color] " + escape(_("No sensors: touch entry"))
        if offline:
            names = ", ".join(s.device for s in offline)
            return f"[color=d55e00]{icon(theme.ICON_REJECTED)}[/color] " + escape(
                _("Offline: {devices}").format(devices=names))
        return f"[color=009e73]{icon(theme.ICON_ACCEPTED)}[/color] " + escape(_("Sensors ready"))
