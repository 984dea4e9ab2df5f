"""The home screen: start, resume, score, history, settings, hardware, enrolment.

What happened to a game database that could not be used as it was (set aside, left
untouched, unreadable now) is said at the top (:attr:`referee.services.Services.store_notice`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.widget import Widget

from companion import games
from companion.errors import StorageError
from companion.i18n import LANGUAGE_NAMES, LANGUAGES, current_language
from ui import D, theme
from ui.history import describe_summary
from ui.screens.base import Page
from ui.widgets import BigButton, Column, Panel, Words, escape, grid, primary, row, scrolling, sizes
from kivy.uix.modalview import ModalView

_, N_, ngettext = D.markers()


class HomeScreen(Page):
    page = "home"
    home_button = False

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self._offered_resume = False

    def title(self) -> str:
        return _("Table companion")

    def build(self) -> Widget:
        m = sizes()
        page = Column()
        notice = self.app.services.store_notice
        playing = self.app.table.live.game_id if self.app.table.playing else None
        try:
            unfinished = [s for s in self.app.services.store.unfinished() if s.id != playing]
        except StorageError as err:
            unfinished, notice = [], err.text
        if notice is not None:
            page.add_widget(self.notice(notice.render()))
        if self.app.table.playing:
            page.add_widget(primary(_("Back to the game"), lambda: self.app.go("play"), height=m.touch * 1.3))
        for summary in unfinished[:3]:
            page.add_widget(primary(_("Resume: {game}").format(game=describe_summary(summary)),
                                    partial(self.resume, summary), height=m.touch * 1.3))
        cols = 2 if m.compact else 3
        page.add_widget(grid([BigButton(_("New game of {game}").format(game=games.title(name).render()),
                                        partial(self.new_game, name)) for name in games.available()],
                             2, row_height=m.touch * 1.3))
        page.add_widget(row(*[
            BigButton(("» " if lang == current_language() else "") + LANGUAGE_NAMES[lang],
                      partial(self.app.set_language, lang),
                      colour=theme.ACCENT if lang == current_language() else theme.SURFACE_HIGH)
            for lang in LANGUAGES]))
        page.add_widget(grid([
            BigButton(_("Score a finished game"), lambda: self.app.go("scoring")),
            BigButton(_("History and statistics"), lambda: self.app.go("history")),
            BigButton(_("Settings"), lambda: self.app.go("settings")),
            BigButton(_("Hardware check"), lambda: self.app.go("hardware")),
            BigButton(_("Teach the tokens"), lambda: self.app.go("tokens")),
            BigButton(_("Teach the card deck"), lambda: self.app.go("deck")),
            BigButton(_("Describe a board"), lambda: self.app.go("board_editor")),
        ], cols))
        if unfinished and not self._offered_resume and not self.app.table.playing:
            self._offered_resume = True
            self.offer_resume(unfinished[0])
        return scrolling(page)

    @staticmethod
    def notice(words: str) -> Widget:
        """A warning panel as wide as the page, as tall as its words."""
        box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE, border=theme.WARNING)
        label = Words(escape(words))
        box.add_widget(label)
        label.bind(height=lambda *_a: setattr(box, "height", label.height + 2 * sizes().unit))
        return box

    def new_game(self, name: str) -> None:
        self.app.screen("new_game").prepare(name)
        self.app.go("new_game")

    def resume(self, summary: Any) -> None:
        self.app.table.resume(summary.id)
        self.app.go("play")

    def offer_resume(self, summary: Any) -> None:
        """After a restart, offer the interrupted game straight away."""
        view = ModalView(size_hint=(0.85, None), background_color=(0, 0, 0, 0.7))
        box = Panel(orientation="vertical", size_hint_y=None)
        box.bind(minimum_height=box.setter("height"))
        box.add_widget(Words(escape(_("A game was interrupted: {game}. Carry on where you left off?").format(
            game=describe_summary(summary))), size="large"))

        def resume() -> None:
            view.dismiss()
            self.resume(summary)

        box.add_widget(row(BigButton(_("Not now"), view.dismiss), primary(_("Resume the game"), resume)))
        view.add_widget(box)
        box.bind(height=lambda *_a: setattr(view, "height", box.height))
        view.open()
