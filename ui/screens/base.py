"""What every screen shares: the top bar, re-rendering, and errors shown, never fatal.

A :class:`Page` rebuilds its whole content in :meth:`Page.build` whenever it is shown,
the language changes, the window is resized or the game changes. An exception while
building is logged and shown in place of the content; the app goes on.
"""

from __future__ import annotations

import logging
import math
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.inputs import TableInput
from companion.pin import PinGuard
from ui import D, theme
from ui.widgets import (BigButton, Keypad, Panel, Words, escape, icon, message_dialog, row, share_bar, sizes,
                        status_words)

if TYPE_CHECKING:
    from ui.shell import CompanionApp

_, N_, ngettext = D.markers()

PIN_GUARD = PinGuard()
"""Wrong admin PINs typed on any screen of this app, counted together."""

log = logging.getLogger(__name__)


def error_text(err: BaseException) -> str:
    """What to tell the table about an exception, in its language."""
    from companion.errors import CompanionError

    if isinstance(err, CompanionError):
        return err.text.render()
    return _("Something went wrong ({detail}). The game is saved; you can carry on.").format(
        detail=f"{type(err).__name__}: {err}")


class Page(Screen):
    """A screen of the app. Subclasses set :attr:`page` and implement :meth:`build`."""

    page: ClassVar[str] = ""
    home_button: ClassVar[bool] = True

    def __init__(self, app: "CompanionApp", **kwargs: Any) -> None:
        super().__init__(name=self.page, **kwargs)
        self.app = app
        self.failure: str | None = None
        """Why the last rebuild failed (shown in place of the content), or ``None``."""

    # --- content -------------------------------------------------------------------
    def title(self) -> str:
        raise NotImplementedError

    def build(self) -> Widget:
        raise NotImplementedError

    def refresh(self, *_args: Any) -> None:
        """Rebuild the screen from the current state."""
        m = sizes()
        frame = BoxLayout(orientation="vertical", padding=m.unit, spacing=m.unit)
        self.failure = None
        try:
            frame.add_widget(self.top_bar())
            frame.add_widget(self.build())
        except Exception as err:  # a broken screen must not kill the app
            log.exception("building %s failed", self.page)
            self.failure = error_text(err)
            frame.clear_widgets()
            frame.add_widget(self.top_bar(safe=True))
            box = Panel(orientation="vertical", bg=theme.DANGER)
            box.add_widget(Words(escape(error_text(err)), size="large", color=theme.text_on(theme.DANGER)))
            box.add_widget(Widget())
            frame.add_widget(box)
        self.clear_widgets()
        self.add_widget(frame)

    def on_pre_enter(self, *_args: Any) -> None:
        self.refresh()

    def on_leave(self, *_args: Any) -> None:
        self.clear_widgets()

    def handle_input(self, item: TableInput) -> bool:
        """Take a table input meant for this screen (enrolment, scoring); ``True`` if used."""
        return False

    def table_changed(self) -> None:
        """The game changed; screens that show it refresh."""

    def cards_changed(self) -> None:
        """Card vision's status changed (:class:`referee.watcher.WatchStatus`); screens that
        show it refresh."""

    # --- the bar across the top ------------------------------------------------------
    def top_bar(self, safe: bool = False) -> Widget:
        m = sizes()
        children: list[Widget] = []
        if self.home_button:
            children.append(BigButton(f"{icon('⌂')} {escape(_('Home'))}", lambda: self.app.go("home"),
                                      size_hint_x=None, width=m.touch * 2.4))
        title = _("Table companion") if safe else self.title()
        heading = Words(f"[b]{escape(title)}[/b]", size="large", size_hint_y=1, shorten=True, shorten_from="right")
        children.append(heading)
        markup = self.app.status_markup()
        status = status_words(markup) if markup else None
        if status is not None:
            children.append(status)
        if self.app.simulate:
            children.append(BigButton(_("Simulator"), self.app.toggle_simulator,
                                      size_hint_x=None, width=m.touch * 2.6))
        bar = row(*children)
        if status is not None:
            share_bar(bar, heading, status, 0.45 if m.compact else 0.35)
        return bar

    def game_row(self, names: list[str], current: str, choose: Callable[[str], None]) -> Widget | None:
        """One button per game of ``names`` (the chosen one marked), or ``None`` when
        there is nothing to choose."""
        from companion import games

        if len(names) < 2:
            return None
        return row(*(BigButton(("» " if name == current else "") + escape(games.title(name).render()),
                               partial(choose, name),
                               colour=theme.ACCENT if name == current else theme.SURFACE_HIGH)
                     for name in names))

    def explain(self, message: str, title: str | None = None) -> None:
        message_dialog(message, title=title)

    def with_pin(self, action: Callable[[], None]) -> None:
        """Run ``action`` once the admin PIN has been typed on the keypad; after wrong
        tries the keypad waits longer each time (:class:`companion.pin.PinGuard`)."""

        def refuse_while_waiting() -> bool:
            wait = PIN_GUARD.wait()
            if wait:
                self.explain(ngettext("Too many wrong PINs. Try again in {n} second.",
                                      "Too many wrong PINs. Try again in {n} seconds.",
                                      math.ceil(wait)).format(n=math.ceil(wait)))
            return bool(wait)

        def check(pin: str) -> None:
            if refuse_while_waiting():
                return
            if PIN_GUARD.check(self.app.services.config.app.admin_pin, pin):
                action()
            elif not refuse_while_waiting():
                self.explain(_("That PIN is not right. Ask the owner of the table for the admin PIN."))

        if not refuse_while_waiting():
            Keypad(_("Admin PIN"), check, digits=True, secret=True, max_length=8).open()
