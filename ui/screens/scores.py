"""The score screen: winner, ranks, a chart, then the breakdown per player.

It shows the sheet of the game just finished, of a game from the history, or of a
game scored without refereeing (:mod:`ui.screens.scoring`). The winner's banner, the
ranks (1st, 2nd…, ties sharing a rank) and the chart with its names and legend fill
exactly the visible height, so at 800×480 they are all seen without scrolling, for
two to six players; the breakdown table and the buttons follow below.
"""

from __future__ import annotations

from typing import Any, Mapping

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.game import ScoreSheet
from ui import D, theme
from ui.chart import ScoreChart, legend
from ui.history import ranks
from ui.screens.base import Page
from ui.widgets import (BigButton, Column, Panel, Words, escape, hex_of, icon, primary, row, scrolling, sizes,
                        swatch)

_, N_, ngettext = D.markers()

ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"))
"""Rank names for the largest table of any game (six players)."""


def placings(sheet: ScoreSheet) -> dict[int, tuple[int, bool]]:
    """``player -> (rank, tied)``: the winners first (together on a shared win), the
    others by total, equal totals sharing a rank (:func:`ui.history.ranks`)."""
    found = dict(zip((p.player for p in sheet.players),
                     ranks([(p.player in sheet.winners, p.total) for p in sheet.players])))
    return {player: (rank, list(found.values()).count(rank) > 1) for player, rank in found.items()}


def rank_name(rank: int, tied: bool) -> str:
    """"2nd", or "2nd (tie)" when several players share it, in the current language."""
    name = _(ORDINALS[rank - 1]) if rank <= len(ORDINALS) else str(rank)
    return _("{rank} (tie)").format(rank=name) if tied else name


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
        page = Column()
        sheet = self.sheet
        if sheet is None:
            page.add_widget(Words(escape(_("No scores to show yet."))))
            return scrolling(page)
        summary = self._summary(sheet)
        page.add_widget(summary)
        page.add_widget(self._table(sheet))
        page.add_widget(row(BigButton(_("History and statistics"), lambda: self.app.go("history")),
                            primary(_("Home"), self._home)))
        view: ScrollView = scrolling(page)
        view.bind(height=lambda _view, height: setattr(summary, "height", max(height, sizes().touch * 4)))
        return view

    def _summary(self, sheet: ScoreSheet) -> Widget:
        """The banner over the ranks (left) and the chart with its legend (right); as
        tall as the visible part of the page (set when the page is laid out)."""
        m = sizes()
        summary = BoxLayout(orientation="vertical", spacing=m.unit, size_hint_y=None, height=m.height / 2)
        summary.add_widget(self._banner(sheet))
        side = BoxLayout(orientation="horizontal", spacing=m.unit)
        side.add_widget(self._ranks(sheet))
        drawing = BoxLayout(orientation="vertical", spacing=m.unit / 2, size_hint_x=0.58)
        drawing.add_widget(ScoreChart(sheet, m.font_small))
        drawing.add_widget(Words("   ".join(f"[color={hex_of(shade)}]■[/color] {escape(label)}"
                                            for _key, label, shade in legend(sheet)), size="small",
                                 font_name=theme.SYMBOL_FONT))
        side.add_widget(drawing)
        summary.add_widget(side)
        return summary

    def _banner(self, sheet: ScoreSheet) -> Widget:
        names = [p.name for p in sheet.players if p.player in sheet.winners]
        banner = Panel(orientation="vertical", bg=theme.ACCENT, size_hint_y=None)
        banner.bind(minimum_height=banner.setter("height"))
        ink = theme.text_on(theme.ACCENT)
        winner = ngettext("Winner: {names}", "Shared win: {names}", len(names)).format(names=", ".join(names))
        banner.add_widget(Words(f"{icon('★')} [b]{escape(winner)}[/b]", size="large", color=ink))
        if sheet.tiebreak is not None:
            banner.add_widget(Words(escape(sheet.tiebreak.render()), color=ink))
        return banner

    def _ranks(self, sheet: ScoreSheet) -> Widget:
        """One line per player, best first: rank, colour and name, total. The rank
        and the total are as wide as their words, the name takes the rest (and wraps)."""
        m = sizes()
        placed = placings(sheet)
        table = GridLayout(cols=3, spacing=(m.unit, m.unit / 2), size_hint_x=0.42, size_hint_y=None,
                           pos_hint={"top": 1})
        table.bind(minimum_height=table.setter("height"))
        for p in sorted(sheet.players, key=lambda p: (placed[p.player][0], p.player)):
            star = f"{icon('★')} " if p.player in sheet.winners else ""
            rank, total = (Label(text=f"[b]{text}[/b]", markup=True, font_size=m.font, color=theme.TEXT,
                                 size_hint=(None, None))
                           for text in (escape(rank_name(*placed[p.player])), f"{star}{p.total}"))
            name = Words(f"{swatch(self.colours.get(p.player))} {escape(p.name)}")
            for label in (rank, total):
                label.bind(texture_size=label.setter("size"))
            table.add_widget(rank)
            table.add_widget(name)
            table.add_widget(total)
        return table

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
