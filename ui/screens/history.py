"""History of finished games, player statistics, export to BG Stats, deletion (PIN)."""

from __future__ import annotations

import glob
from functools import partial
from pathlib import Path
from typing import Any

from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion import paths
from companion.i18n import format_number
from ui import D
from ui.history import describe_summary, export_bgstats, final_sheet, statistics, stored_sheet
from ui.screens.base import Page
from ui.widgets import BigButton, Column, Words, confirm_dialog, danger, escape, row, scrolling, sizes

_, N_, ngettext = D.markers()


def export_directory() -> Path:
    """A USB stick if one is mounted (``/media/<user>/<stick>``), else the state directory."""
    sticks = sorted(glob.glob("/media/*/*/")) + sorted(glob.glob("/media/usb*/"))
    return Path(sticks[0]) / "table-companion" if sticks else paths.state_dir() / "exports"


class HistoryScreen(Page):
    page = "history"

    def title(self) -> str:
        return _("History and statistics")

    def build(self) -> Widget:
        m = sizes()
        finished = self.app.services.store.finished()
        page = Column()
        if not finished:
            page.add_widget(Words(escape(_("No finished games yet. Finished games appear here with their scores."))))
            return scrolling(page)
        page.add_widget(Words("[b]" + escape(_("Players")) + "[/b]", size="large"))
        table = GridLayout(cols=5, spacing=m.unit / 2, size_hint_y=None)
        table.bind(minimum_height=table.setter("height"))
        for head in (_("Name"), _("Games"), _("Wins"), _("Average"), _("Best")):
            table.add_widget(Words(f"[b]{escape(head)}[/b]", size="small"))
        for record in statistics(finished):
            for value in record.cells():
                table.add_widget(Words(escape(value), size="small"))
        page.add_widget(table)
        page.add_widget(BigButton(_("Export all games for BG Stats"), lambda: self._export(finished)))
        page.add_widget(Words("[b]" + escape(_("Finished games")) + "[/b]", size="large"))
        for summary in finished:
            final = final_sheet(summary)
            totals = ", ".join(f"{p['name']} {format_number(p['total'])}" for p in final.get("players", ()))
            page.add_widget(row(
                BigButton(escape(f"{describe_summary(summary)}: {totals}"), partial(self._open, summary)),
                danger(_("Delete"), partial(self._delete, summary), size_hint_x=None, width=m.touch * 2.2),
                height=m.touch * 1.4))
        return scrolling(page)

    def _open(self, summary: Any) -> None:
        sheet = stored_sheet(summary)
        if sheet is None:
            self.explain(_("The scores of {game} cannot be shown: its record in the game database is damaged. "
                           "The other games are not affected; delete this one from the list if it is of no more use."
                           ).format(game=describe_summary(summary)))
            return
        colours = {i: seat.colour for i, seat in enumerate(summary.seats)}
        self.app.screen("scores").show(sheet, colours=colours, heading=describe_summary(summary))

    def _export(self, finished: list[Any]) -> None:
        directory = export_directory()
        written = export_bgstats(finished, directory)
        self.explain(ngettext("{n} game written to {path}. Open the file with the BG Stats app to import it.",
                              "{n} games written to {path}. Open the files with the BG Stats app to import them.",
                              len(written)).format(n=len(written), path=str(directory)))

    def _delete(self, summary: Any) -> None:
        def really() -> None:
            confirm_dialog(_("Delete {game} for good?").format(game=describe_summary(summary)),
                           lambda: self._really_delete(summary), yes=_("Delete"))

        self.with_pin(really)

    def _really_delete(self, summary: Any) -> None:
        self.app.services.store.delete(summary.id)
        self.refresh()
