"""The board widget and the board editor in a bare Kivy window, pressed with real touch
events (Kivy's ``UnitTestTouch`` goes through the window's input dispatch as a finger's
touch does). ``python -m tests.ui.board_scenarios NAME [OUT_DIR]`` prints one JSON line
of findings; each scenario runs in its own process (Kivy opens one window per process).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

from tests.ui.scenarios import buttons

SCENARIOS: dict[str, Callable[[Path | None], dict[str, Any]]] = {}


def scenario(func: Callable[[Path | None], dict[str, Any]]) -> Callable[[Path | None], dict[str, Any]]:
    SCENARIOS[func.__name__] = func
    return func


def pump(seconds: float = 0.0, frames: int = 3) -> None:
    from kivy.base import EventLoop

    deadline = time.monotonic() + seconds
    for _ in range(frames):
        EventLoop.idle()
    while time.monotonic() < deadline:
        EventLoop.idle()
        time.sleep(1 / 60)


def press(x: float, y: float) -> None:
    """A finger down and up at window point ``(x, y)``."""
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(x, y)
    touch.touch_down()
    pump()
    touch.touch_up()
    pump()


def window(size: tuple[int, int]) -> Any:
    from kivy.core.window import Window

    Window.size = size
    pump(frames=6)
    return Window


def boards() -> dict[str, Any]:
    from companion.games.bumerang.board import default_board
    from companion.games.dog.board import dog_board

    return {"bumerang": default_board(), "dog4": dog_board(4), "dog6": dog_board(6)}


def board_view(name: str, board: Any, last: tuple = ()) -> Any:
    """A mid-game position: three players' pieces, one of seat 0 movable to two fields."""
    from companion.view import BoardView, PieceView

    if name == "bumerang":
        pieces = (PieceView("r1", 0, "E5"), PieceView("g1", 1, "E6"), PieceView("b1", 2, "C3"),
                  PieceView("r2", 0, None))
        return BoardView(board, pieces, movable=("r1",), targets={"r1": ("E6", "D4")}, last=last)
    pieces = (PieceView("p0.1", 0, "t3", "1"), PieceView("p0.2", 0, "h0.2", "2"), PieceView("p1.1", 1, "t7", "1"),
              PieceView("p2.1", 2, "h2.1", "1"))
    return BoardView(board, pieces, movable=("p0.1", "p0.2"), targets={"p0.1": ("t7", "t8"), "p0.2": ("t0",)},
                     last=last)


@scenario
def widget(out: Path | None) -> dict[str, Any]:
    """Each board at both sizes: fitted to its parent, a piece and then a field picked by
    touch (zooming first where fields are small), the last move animated."""
    from kivy.uix.boxlayout import BoxLayout

    from companion.view import Move
    from ui.board_widget import BoardWidget
    from ui.kivyenv import SIZES
    from ui.board_widget import min_target

    report: dict[str, Any] = {}
    for size in SIZES.values():
        win = window(size)
        for name, board in boards().items():
            taps: list[str] = []
            root = BoxLayout(padding=10)
            widget = BoardWidget(on_tap=taps.append)
            root.add_widget(widget)
            win.add_widget(root)
            pump(frames=6)
            view = board_view(name, board)
            widget.show(view)
            pump(frames=3)
            inside = all(widget.collide_point(*widget.to_screen(f.x, f.y)) for f in board.fields)
            piece, target = view.movable[0], view.targets[view.movable[0]][0]
            steps = []
            for wanted in (piece, target):
                field_id = next(p.field for p in view.pieces if p.id == wanted) if wanted == piece else wanted
                f = board.field(field_id)
                before = len(taps)
                press(*widget.to_screen(f.x, f.y))
                zoomed = len(taps) == before
                if zoomed:  # the first tap zoomed in: tap the same field again, now larger
                    steps.append({"zoom": widget.zoom, "spacing": widget.spacing_px()})
                    press(*widget.to_screen(f.x, f.y))
                steps.append({"tapped": taps[-1] if len(taps) > before else None, "zoomed": zoomed,
                              "selected": widget.selected, "targets": list(widget.targets())})
            if out is not None:
                win.screenshot(name=str(out / f"board-{name}-{size[0]}x{size[1]}.png"))
                f = board.field(view.pieces[0].field)
                press(*widget.to_screen(f.x, f.y))
                if widget.zoom > 1:  # the first tap zoomed in; the second picks
                    press(*widget.to_screen(f.x, f.y))
                win.screenshot(name=str(out / f"board-{name}-{size[0]}x{size[1]}-picked.png"))
                press(widget.x + 2, widget.y + 2)  # beside every field: zoomed out, nothing picked
                widget.selected = None
                widget.show(view)
            # the last move: seat 0's piece onto the target, seat 1's piece there sent back
            victim = next((p for p in view.pieces if p.field == target), None)
            home = None if name == "bumerang" else "h1.1"
            # and, on Bumerang, a stone from the supply placed on A1 (it fades in)
            arrival = ("r2", "A1") if name == "bumerang" else None
            moves = (Move(piece, view.pieces[0].field, target),) + (
                (Move(victim.id, target, home, hit=True),) if victim else ()) + (
                (Move(arrival[0], None, arrival[1]),) if arrival else ())
            from dataclasses import replace

            moved = tuple(replace(p, field=target) if p.id == piece else
                          replace(p, field=home) if victim and p.id == victim.id else
                          replace(p, field=arrival[1]) if arrival and p.id == arrival[0] else p for p in view.pieces)
            widget.show(replace(view, pieces=moved, movable=(), targets={}, last=moves))
            start = widget.to_screen(board.field(view.pieces[0].field).x, board.field(view.pieces[0].field).y)
            end = widget.to_screen(board.field(target).x, board.field(target).y)
            deadline = time.monotonic() + 1.0  # caught at the first frame the animation has begun
            while tuple(widget.sprites[piece].center) == tuple(start) and time.monotonic() < deadline:
                pump(frames=1)
            middle = tuple(widget.sprites[piece].center)
            fading = [widget.sprites[arrival[0]].opacity] if arrival else []
            pump(1.8)
            fading += [widget.sprites[arrival[0]].opacity] if arrival else []
            report[f"{name}@{size[0]}x{size[1]}"] = {
                "inside": inside, "fits": [widget.width, widget.height] == [size[0] - 20, size[1] - 20],
                "needs_zoom": widget.needs_zoom(), "touch": min_target(), "steps": steps,
                "start": start, "middle": middle, "end": end, "landed": tuple(widget.sprites[piece].center),
                "victim_left": victim is None or (victim.id in widget.sprites) == (home is not None),
                "animating": widget.animating, "arrival": fading}
            win.remove_widget(root)
    return report


class BareApp:
    """What a screen asks of the app shell, for a screen shown alone in the window: no
    status line, no camera picture, navigation noted. (The whole app is driven by
    scenarios.py.)"""

    simulate = False

    def __init__(self) -> None:
        self.went: list[str] = []

    def status_markup(self) -> str:
        return ""

    def go(self, page: str) -> None:
        self.went.append(page)

    frame: Any = None
    """The camera's picture (``.image``: BGR pixels, top row first), if any."""

    def latest_frame(self) -> Any:
        return self.frame


def press_button(root: Any, text: str) -> None:
    """Touch the button whose text is ``text`` (markup aside) at its centre."""
    matches = [b for b in buttons(root) if _plain(b.text) == text]
    assert matches, (text, [_plain(b.text) for b in buttons(root)])
    button = matches[-1]
    press(*button.to_window(*button.center))
    pump(frames=3)


def _plain(markup: str) -> str:
    import re

    return re.sub(r"\[/?[a-z]+[^\]]*\]", "", markup).strip()


def editor_screen(size: tuple[int, int], app: BareApp | None = None) -> tuple[Any, Any]:
    from kivy.uix.screenmanager import ScreenManager

    from ui.screens.board_editor import BoardEditorScreen

    win = window(size)
    manager = ScreenManager()
    screen = BoardEditorScreen(app or BareApp())
    manager.add_widget(screen)
    win.add_widget(manager)
    pump(frames=6)
    return win, screen


@scenario
def editor(out: Path | None) -> dict[str, Any]:
    """A small valid board built from taps alone: three fields, a trio that is wrong
    until its third side is drawn, an arrow turned, a name typed, saved and read back."""
    from kivy.core.window import Window

    from companion.boards import read_board

    win, screen = editor_screen((800, 480))
    canvas = screen.canvas_view
    report: dict[str, Any] = {}
    corners = [(2.0, 2.0), (6.0, 2.0), (4.0, 5.4)]

    def tap(x: float, y: float) -> None:
        press(*canvas.to_screen(x, y))

    for point in corners:
        tap(*point)
    report["fields"] = [f.id for f in screen.draft.fields]
    press_button(win, "Lines")
    for a, b in ((0, 1), (1, 2)):
        tap(*corners[a])
        tap(*corners[b])
    press_button(win, "Trios")
    for point in corners:
        tap(*point)
    report["errors_before"] = [p.text.render() for p in screen.draft.problems() if p.error]
    report["status_before"] = screen._status.text
    if out is not None:
        Window.screenshot(name=str(out / "editor-error.png"))
    press_button(win, "Lines")
    tap(*corners[2])
    tap(*corners[0])
    middle = ((corners[0][0] + corners[1][0]) / 2, corners[0][1])
    tap(*middle)  # the line P1–P2: its arrow turns from → to ←
    report["errors_after"] = [p.text.render() for p in screen.draft.problems() if p.error]
    report["lines"] = [(l.a, l.b, l.direction.value) for l in screen.draft.lines]
    press_button(win, "Name")
    for letter in "TRI":
        press_button(win, letter)
    press_button(win, "Done")
    pump(0.6)  # the keypad closes
    press_button(win, "Save")
    report["saved"] = str(screen.saved) if screen.saved else None
    if screen.saved:
        board = read_board(screen.saved)
        report["board"] = {"name": board.name, "fields": len(board.fields), "lines": len(board.lines),
                           "trios": [list(r.fields) for r in board.regions_of("trio")]}
    report["status_after"] = screen._status.text
    if out is not None:
        Window.screenshot(name=str(out / "editor-saved.png"))
    # a malformed file is refused with its fault named, and the board being edited stays
    import json

    from companion.board_edit import boards_dir
    from companion.games.bumerang.board import default_board
    from tests.ui.scenarios import texts

    broken = default_board().to_json()
    broken["lines"][1]["b"] = "Z9"
    (boards_dir() / "broken.json").write_text(json.dumps(broken))
    press_button(win, "Import")
    press_button(win, str(boards_dir() / "broken.json"))
    pump(0.5)
    report["refused"] = [t for t in texts(win) if "Z9" in t]
    report["kept"] = [f.id for f in screen.draft.fields]
    press_button(win, "OK")
    pump(0.5)
    # in Delete mode a tapped field goes, with its lines and its trio
    press_button(win, "Delete")
    tap(*corners[2])
    report["after_delete"] = {"fields": [f.id for f in screen.draft.fields],
                              "lines": [(l.a, l.b) for l in screen.draft.lines], "trios": len(screen.draft.regions)}
    return report


def luminance(rgba: Any) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgba[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: Any, other: Any) -> float:
    """WCAG's contrast ratio of two colours."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def labels(widget: Any) -> list[Any]:
    """Every label with text in ``widget`` (buttons are labels too)."""
    from kivy.uix.label import Label

    found = [widget] if isinstance(widget, Label) and widget.text.strip() else []
    for child in widget.children:
        found += labels(child)
    return found


@scenario
def editor_looks(out: Path | None) -> dict[str, Any]:
    """The editor on the default Bumerang board in each language at both sizes: the
    smallest text and the lowest contrast of its body (the top bar is every screen's)."""
    from kivy.core.window import Window

    from companion.games.bumerang.board import default_board
    from companion.i18n import set_language
    from ui import theme
    from ui.kivyenv import SIZES
    from ui.widgets import BigButton

    Window.clearcolor = theme.BACKGROUND
    _window, screen = editor_screen((800, 480))
    report: dict[str, Any] = {}
    for size in SIZES.values():
        window(size)
        for lang in ("nl", "fr", "en"):
            set_language(lang)
            screen.edit(default_board())
            screen.refresh()
            pump(0.3)
            body = screen.children[0].children[0]  # the frame's content below the top bar
            shown = [w for w in labels(body) if w.get_root_window() is not None]
            report[f"{lang}@{size[0]}x{size[1]}"] = {
                "smallest": min(w.font_size for w in shown),
                "contrast": min(contrast(w.color, w.background_color if isinstance(w, BigButton)
                                         else theme.BACKGROUND) for w in shown),
                "problems": len(screen.draft.problems()), "fields": len(screen.draft.fields)}
            if out is not None:
                Window.screenshot(name=str(out / f"editor-{lang}-{size[0]}x{size[1]}.png"))
    return report


@scenario
def photo(out: Path | None) -> dict[str, Any]:
    """The camera's picture as the editor's background: its colours and its proportions."""
    import tempfile
    from types import SimpleNamespace

    import numpy as np
    from kivy.core.window import Window
    from PIL import Image

    app = BareApp()
    win, screen = editor_screen((800, 480), app)
    report: dict[str, Any] = {}
    press_button(win, "Photo")  # no picture yet: the editor says so
    from tests.ui.scenarios import texts

    report["no_picture"] = any("no picture yet" in t for t in texts(win))
    press_button(win, "OK")
    pump(0.5)
    picture = np.zeros((300, 400, 3), np.uint8)
    picture[:, :200] = (255, 0, 0)  # BGR: the left half blue
    picture[:, 200:] = (0, 0, 255)  # the right half red
    app.frame = SimpleNamespace(image=picture)
    press_button(win, "Photo")
    canvas = screen.canvas_view
    x0, y0, x1, y1 = screen.frame
    report["aspect"] = (x1 - x0) / (y1 - y0)
    shot = Path(tempfile.mkdtemp()) / "photo.png"
    made = Window.screenshot(name=str(shot))
    image = Image.open(made).convert("RGB")
    colours = {}
    for name, (bx, by) in {"left": (x0 + (x1 - x0) * 0.25, (y0 + y1) / 2),
                           "right": (x0 + (x1 - x0) * 0.75, (y0 + y1) / 2)}.items():
        sx, sy = canvas.to_screen(bx, by)
        colours[name] = image.getpixel((int(sx), int(Window.height - sy)))
    report["colours"] = colours
    return report


def main() -> None:
    import os

    name = sys.argv[1]
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    if out is not None:  # the saved boards go there too
        os.environ["COMPANION_STATE"] = str(out / "state")
    from ui import kivyenv

    kivyenv.configure(kivyenv.SIZES["pi"], fullscreen=False, quiet=True)
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    result = SCENARIOS[name](out)
    print(json.dumps(result), flush=True)
    EventLoop.close()


if __name__ == "__main__":
    main()
