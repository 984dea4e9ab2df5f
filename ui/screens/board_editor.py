"""The board editor: a table that owns a board the app does not know describes it once.

Over a background (a camera photo of the board, or blank) the table taps in the
board: in *Fields* mode a tap on an empty spot adds a field; in *Lines* mode two fields
tapped in turn are joined (the arrow points to the second) and a tap on a line turns its
arrow (→, ←, none, both); in *Trios* mode three fields make a speckled triangle; in
*Delete* mode a tap removes the field, trio or line under it. Every problem is marked on
the drawing as it arises (errors in red, warnings in orange) and summed up beside it;
*Save* keeps the board in the table's boards folder, *Export* and *Import* write and read
board files on a USB stick. The editing itself is :mod:`companion.board_edit` (no Kivy).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, Callable

from kivy.graphics import Color, Ellipse, Line, Rectangle, Triangle
from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.board_edit import (BoardDraft, board_files, boards_dir, import_board, removable_folders,
                                  save)
from companion.boards import Board, BoardError, Direction
from ui import D, theme
from ui.board_widget import arrowhead, min_target, speckles, text_texture
from ui.screens.base import Page
from ui.widgets import (BigButton, Column, Keypad, Panel, Words, escape, grid, hex_of, icon, primary, row,
                        scrolling, sizes)

_, N_, ngettext = D.markers()

MODES = {"field": N_("Fields"), "line": N_("Lines"), "trio": N_("Trios"), "delete": N_("Delete")}
HINTS = {
    "field": N_("Tap an empty spot to add a field."),
    "line": N_("Tap two fields to join them; tap a line to turn its arrow (→, ←, none, both)."),
    "trio": N_("Tap three fields to make a speckled trio triangle."),
    "delete": N_("Tap a field, a trio or a line to remove it."),
}
BLANK_FRAME = (0.0, 0.0, 12.0, 8.0)
"""The area a new board is drawn in (coordinate units; 40 mm each: 48 × 32 cm)."""


def body_font() -> float:
    """Text on this screen: at least 22 px, read from 60 cm away."""
    return max(22.0, sizes().font)


class EditorCanvas(Widget):
    """The drawing: background, the draft's trios, lines, fields, the fields picked so
    far and every problem's marks; a tap goes to :meth:`BoardEditorScreen.tap` in board
    coordinates."""

    def __init__(self, screen: "BoardEditorScreen", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.screen = screen
        self.bind(pos=self.draw, size=self.draw)

    # --- geometry ----------------------------------------------------------------------
    def scale(self) -> float:
        x0, y0, x1, y1 = self.screen.frame
        return max(1e-6, min(self.width / (x1 - x0), self.height / (y1 - y0)))

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        x0, y0, x1, y1 = self.screen.frame
        s = self.scale()
        return self.center_x + (x - (x0 + x1) / 2) * s, self.center_y - (y - (y0 + y1) / 2) * s

    def to_board(self, sx: float, sy: float) -> tuple[float, float]:
        x0, y0, x1, y1 = self.screen.frame
        s = self.scale()
        return (x0 + x1) / 2 + (sx - self.center_x) / s, (y0 + y1) / 2 - (sy - self.center_y) / s

    def reach(self) -> float:
        """How far from a field or line a tap still hits it, in board units."""
        return min_target() / 2 / self.scale()

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        self.screen.tap(*self.to_board(*touch.pos))
        return True

    # --- drawing -------------------------------------------------------------------------
    def draw(self, *_args: Any) -> None:
        self.canvas.clear()
        draft = self.screen.draft
        at = {f.id: self.to_screen(f.x, f.y) for f in draft.fields}
        problems = draft.problems()
        wrong = {f for p in problems if p.error for f in p.fields}
        odd = {f for p in problems if not p.error for f in p.fields}
        spacing = Board("", tuple(draft.fields)).spacing() * self.scale() if len(draft.fields) > 1 else min_target()
        radius = max(5.0, min(min_target() * 0.3, spacing * 0.16))
        (x0, y0), (x1, y1) = self.to_screen(*self.screen.frame[:2]), self.to_screen(*self.screen.frame[2:])
        with self.canvas:
            Color(*theme.SURFACE)
            Rectangle(pos=self.pos, size=self.size)
            Color(1, 1, 1, 1) if self.screen.photo is not None else Color(*theme.BACKGROUND)
            Rectangle(texture=self.screen.photo, pos=(x0, y1), size=(x1 - x0, y0 - y1))
            for region in draft.regions:
                corners = [at[f] for f in region.fields]
                Color(*(theme.DANGER[:3] if set(region.fields) <= wrong else theme.WARNING[:3]), 0.35)
                Triangle(points=[c for corner in corners for c in corner])
                speckles(corners, region.id, max(1.5, radius / 5))
            Color(*theme.DANGER)
            for a, b in self.screen.missing_sides():
                Line(points=[*at[a], *at[b]], width=2, dash_length=8, dash_offset=6)
            for line in draft.lines:
                start, end = at[line.a], at[line.b]
                Color(*(theme.ACCENT if line.direction is Direction.NONE else theme.TEXT))
                Line(points=[*start, *end], width=2)
                if line.direction in (Direction.TO_B, Direction.BOTH):
                    arrowhead(start, end, radius * 1.5)
                if line.direction in (Direction.TO_A, Direction.BOTH):
                    arrowhead(end, start, radius * 1.5)
            for f in draft.fields:
                x, y = at[f.id]
                Color(*theme.TEXT)
                Ellipse(pos=(x - radius, y - radius), size=(2 * radius, 2 * radius))
                mark = theme.DANGER if f.id in wrong else theme.WARNING if f.id in odd else None
                if f.id in self.screen.picked:
                    mark = theme.ACCENT
                if mark is not None:
                    Color(*mark)
                    Line(circle=(x, y, radius * 1.7), width=3)
                if spacing >= min_target() * 1.2:  # room for the field's name beside it
                    texture = text_texture(f.id, 18, theme.TEXT)
                    Color(1, 1, 1, 1)
                    Rectangle(texture=texture, pos=(x + radius, y + radius * 0.4), size=texture.size)


class BoardEditorScreen(Page):
    """See the module's docstring. :meth:`edit` opens a board (or a blank one)."""

    page = "board_editor"

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.draft = BoardDraft()
        self.mode = "field"
        self.picked: list[str] = []
        self.note = ""
        self.photo: Texture | None = None
        self.frame = BLANK_FRAME
        self.saved: Path | None = None
        self.canvas_view: EditorCanvas | None = None
        self._status: Words | None = None

    def title(self) -> str:
        return _("Describe a board")

    def edit(self, board: Board | None = None) -> None:
        """Start on ``board`` (a copy: nothing changes until saved) or on a blank one."""
        self.draft = BoardDraft.from_board(board) if board is not None else BoardDraft()
        self.picked, self.note, self.saved = [], "", None
        if board is not None:
            min_x, min_y, max_x, max_y = board.bounds()
            pad = board.spacing()
            self.frame = (min_x - pad, min_y - pad, max_x + pad, max_y + pad)
        else:
            self.frame = BLANK_FRAME

    # --- layout ----------------------------------------------------------------------------
    def build(self) -> Widget:
        m = sizes()
        body = BoxLayout(orientation="horizontal", spacing=m.unit)
        self.canvas_view = EditorCanvas(self, size_hint_x=0.58)
        body.add_widget(self.canvas_view)
        side = BoxLayout(orientation="vertical", spacing=m.unit, size_hint_x=0.42)
        font = body_font()

        def button(text: str, action: Callable[[], None], chosen: bool = False) -> BigButton:
            return BigButton(escape(text), action, colour=theme.ACCENT if chosen else theme.SURFACE_HIGH,
                             font_size=font)

        side.add_widget(grid([button(_(label), partial(self.choose, key), key == self.mode)
                              for key, label in MODES.items()], 2))
        status = Column()
        self._status = Words("", font_size=font)
        status.add_widget(self._status)
        side.add_widget(scrolling(status))
        side.add_widget(grid([button(_("Photo"), self.take_photo), button(_("Blank"), self.blank),
                              button(_("Name"), self.ask_name), button(_("Import"), self.import_from_stick),
                              button(_("Export"), self.export),
                              primary(escape(_("Save")), self.save, font_size=font)], 2))
        body.add_widget(side)
        self.show_status()
        return body

    def show_status(self) -> None:
        """Redraw the drawing and the text beside it (mode hint, last note, problems)."""
        if self.canvas_view is not None:
            self.canvas_view.draw()
        if self._status is None:
            return
        problems = self.draft.problems()
        errors = [p for p in problems if p.error]
        lines = [f"[b]{escape(self.draft.name or _('(no name yet)'))}[/b]"]
        if self.note:
            lines.append(f"[color={hex_of(theme.WARNING)}]{escape(self.note)}[/color]")
        warnings = len(problems) - len(errors)
        if problems:
            lines.append(escape(ngettext("{n} error", "{n} errors", len(errors)).format(n=len(errors)) + ", "
                                + ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings)))
        lines += [f"{icon(theme.ICON_REJECTED) if p.error else icon(theme.ICON_INFO)} {escape(p.text.render())}"
                  for p in problems]
        counts = (ngettext("{n} field", "{n} fields", len(self.draft.fields)),
                  ngettext("{n} line", "{n} lines", len(self.draft.lines)),
                  ngettext("{n} trio", "{n} trios", len(self.draft.regions)))
        lines.append(escape(", ".join(c.format(n=n) for c, n in zip(counts, (
            len(self.draft.fields), len(self.draft.lines), len(self.draft.regions))))))
        lines.append(escape(_(HINTS[self.mode])))
        self._status.text = "\n".join(lines)

    def missing_sides(self) -> list[tuple[str, str]]:
        """The sides of trio triangles that are no line (shown dashed in red)."""
        return [(a, b) for region in self.draft.regions for a, b in zip(region.fields, region.fields[1:] +
                                                                          region.fields[:1])
                if self.draft.line(a, b) is None]

    # --- taps ------------------------------------------------------------------------------
    def choose(self, mode: str) -> None:
        self.mode, self.picked, self.note = mode, [], ""
        self.refresh()

    def tap(self, x: float, y: float) -> None:
        """A tap on the drawing at board point ``(x, y)``, as the mode says."""
        assert self.canvas_view is not None
        reach = self.canvas_view.reach()
        hit = self.draft.field_at(x, y, reach)
        self.note = ""
        try:
            if self.mode == "field":
                if hit is None:
                    self.draft.add_field(x, y)
                else:
                    self.note = _("Field {id} is already here.").format(id=hit.id)
            elif self.mode == "delete":
                self._delete(x, y, hit, reach)
            elif hit is not None:
                self._pick(hit.id)
            elif self.mode == "line":
                line = self.draft.line_at(x, y, reach)
                if line is not None:
                    self.draft.cycle_arrow(line)
        except BoardError as err:
            self.note, self.picked = err.text.render(), []
        self.saved = None
        self.show_status()

    def _pick(self, field_id: str) -> None:
        if field_id in self.picked:
            self.picked.remove(field_id)
            return
        self.picked.append(field_id)
        wanted = 2 if self.mode == "line" else 3
        if len(self.picked) == wanted:
            picked, self.picked = self.picked, []
            if self.mode == "line":
                self.draft.add_line(*picked)
            else:
                self.draft.add_trio(*picked)

    def _delete(self, x: float, y: float, hit: Any, reach: float) -> None:
        if hit is not None:
            self.draft.remove_field(hit.id)
            return
        line = self.draft.line_at(x, y, reach)
        if line is not None:
            self.draft.remove_line(line)
            return
        trio = self.draft.trio_at(x, y)
        if trio is not None:
            self.draft.remove_region(trio)

    # --- background, name, files ---------------------------------------------------------------
    def take_photo(self) -> None:
        frame = self.app.latest_frame()
        if frame is None:
            self.explain(_("The camera has no picture yet. Check that it is connected and try again."))
            return
        image = frame.image[::-1, :, ::-1].copy()  # BGR rows top down → RGB rows bottom up
        height, width = image.shape[:2]
        texture = Texture.create(size=(width, height), colorfmt="rgb")
        texture.blit_buffer(image.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
        self.photo = texture
        x0, y0, x1, _y1 = self.frame
        self.frame = (x0, y0, x1, y0 + (x1 - x0) * height / width)
        self.refresh()

    def blank(self) -> None:
        self.photo = None
        self.refresh()

    def ask_name(self, then: Callable[[], None] | None = None) -> None:
        def named(text: str) -> None:
            if text:
                self.draft.name = text
                if then is not None:
                    then()
            self.show_status()

        Keypad(_("Name of the board"), named, initial=self.draft.name, max_length=40).open()

    def save(self) -> None:
        if not self.draft.name.strip():
            self.ask_name(self.save)
            return
        try:
            self.saved = save(self.draft)
        except BoardError as err:
            self.note = err.text.render()
        else:
            self.note = _("Saved as {file}.").format(file=self.saved.name)
        self.show_status()

    def export(self) -> None:
        if not self.draft.name.strip():
            self.ask_name(self.export)
            return
        self._with_stick(self._export_to, _("Export to which stick?"))

    def _export_to(self, folder: Path) -> None:
        try:
            written = save(self.draft, folder)
        except BoardError as err:
            self.note = err.text.render()
        else:
            self.note = _("Exported to {file}.").format(file=str(written))
        self.show_status()

    def import_from_stick(self) -> None:
        files = [f for folder in removable_folders() for f in board_files(folder)]
        files += board_files(boards_dir())
        if not files:
            self.explain(_("No board file found on a USB stick or among the saved boards."))
            return
        self._choose(_("Which board?"), [(str(f), f) for f in files], self._import)

    def _import(self, path: Path) -> None:
        try:
            board = import_board(path)
        except BoardError as err:  # the board being edited stays as it was
            self.explain(err.text.render(), title=_("This board file cannot be used"))
            return
        self.edit(board)
        self.note = _("Imported {file}.").format(file=path.name)
        self.refresh()

    def _with_stick(self, action: Callable[[Path], None], question: str) -> None:
        sticks = removable_folders()
        if not sticks:
            self.explain(_("No USB stick found. Put one in and try again."))
        elif len(sticks) == 1:
            action(sticks[0])
        else:
            self._choose(question, [(str(s), s) for s in sticks], action)

    def _choose(self, question: str, choices: list[tuple[str, Path]], action: Callable[[Path], None]) -> None:
        view = ModalView(size_hint=(0.9, 0.9), background_color=(0, 0, 0, 0.7))
        box = Panel(orientation="vertical", bg=theme.SURFACE)
        box.add_widget(Words(escape(question), size="large"))
        items = Column()

        def pick(value: Path) -> None:
            view.dismiss()
            action(value)

        for label, value in choices:
            items.add_widget(BigButton(escape(label), partial(pick, value), font_size=body_font()))
        box.add_widget(scrolling(items))
        box.add_widget(row(BigButton(_("Cancel"), view.dismiss, font_size=body_font())))
        view.add_widget(box)
        view.open()
