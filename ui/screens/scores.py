"""The score screen: winner, tie-break, the breakdown per player and a chart.

It shows the sheet of the game just finished, of a game from the history, or of a
game scored without refereeing (:mod:`ui.screens.scoring`).
"""

from __future__ import annotations

from typing import Any, Mapping

from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.game import ScoreSheet
from ui import D, theme
from ui.chart import ScoreChart, legend
from ui.screens.base import Page
from ui.widgets import (BigButton, Column, Panel, Words, escape, hex_of, icon, primary, row, scrolling, sizes,
                        swatch)

_, N_, ngettext = D.markers()


class ScoresScreen(Page):
    page = "scores"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.sheet: ScoreSheet | None = None
        self.colours: dict[int, str | None] = {}
        self.heading: str | None = None

    def show(self, sheet: ScoreSheet, *, colours: Mapping[int, str | None] | None = None,
             heading: str | None = None) -> None:
        self.sheet, self.colours, self.heading = sheet, dict(colours or {}), heading
        self.app.go(self.page)

    def title(self) -> str:
        return self.heading or _("Final scores")

    def build(self) -> Widget:
        m = sizes()
        page = Column()
        sheet = self.sheet
        if sheet is None:
            page.add_widget(Words(escape(_("No scores to show yet."))))
            return scrolling(page)
        names = [p.name for p in sheet.players if p.player in sheet.winners]
        banner = Panel(orientation="vertical", bg=theme.ACCENT, size_hint_y=None)
        banner.bind(minimum_height=banner.setter("height"))
        ink = theme.text_on(theme.ACCENT)
        winner = ngettext("Winner: {names}", "Shared win: {names}", len(names)).format(names=", ".join(names))
        banner.add_widget(Words(f"{icon('★')} [b]{escape(winner)}[/b]", size="huge", color=ink))
        if sheet.tiebreak is not None:
            banner.add_widget(Words(escape(sheet.tiebreak.render()), color=ink))
        page.add_widget(banner)
        page.add_widget(self._table(sheet))
        chart = ScoreChart(sheet, m.font_small, size_hint_y=None, height=max(200, m.height * 0.5))
        page.add_widget(chart)
        page.add_widget(Words("   ".join(f"[color={hex_of(shade)}]■[/color] {escape(label)}"
                                         for _key, label, shade in legend(sheet)), size="small",
                             font_name=theme.SYMBOL_FONT))
        page.add_widget(row(BigButton(_("History and statistics"), lambda: self.app.go("history")),
                            primary(_("Home"), self._home)))
        return scrolling(page)

    def _table(self, sheet: ScoreSheet) -> Widget:
        m = sizes()
        keys: dict[str, str] = {}
        for p in sheet.players:
            for line in p.lines:
                keys.setdefault(line.key, line.label.render())
        table = GridLayout(cols=len(sheet.players) + 1, spacing=m.unit / 2, size_hint_y=None)
        table.bind(minimum_height=table.setter("height"))

        def cell(text: str, **kw: Any) -> Words:
            return Words(text, size="small", halign=kw.pop("halign", "center"), **kw)

        table.add_widget(cell("", halign="left"))
        for p in sheet.players:
            table.add_widget(cell(f"{swatch(self.colours.get(p.player))} [b]{escape(p.name)}[/b]"))
        for key, label in keys.items():
            table.add_widget(cell(escape(label), halign="left"))
            for p in sheet.players:
                found = next((l for l in p.lines if l.key == key), None)
                shown = "" if found is None else (f"{found.points}" + (f"  (×{found.count})" if found.count else ""))
                table.add_widget(cell(shown))
        table.add_widget(cell(f"[b]{escape(_('Total'))}[/b]", halign="left"))
        for p in sheet.players:
            star = f"{icon('★')} " if p.player in sheet.winners else ""
            table.add_widget(cell(f"[b]{star}{p.total}[/b]", size_hint_y=None))
        return table

    def _home(self) -> None:
        if self.app.table.playing and self.app.table.live.is_over:
            self.app.table.leave()
        self.app.go("home")

