"""The app's building blocks: readable labels, big buttons, panels, banners, keypads.

Every widget sizes itself from :func:`sizes` (the current window's
:class:`~ui.theme.Metrics`), so a screen built at 800×480 and one built at 1280×720
both keep ≥ 48 px touch targets. Text that might not fit (French and Dutch run long)
wraps, then shrinks a little; it is never cut off silently.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial

from typing import Callable, Iterable, Sequence

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics import Color, Line, Rectangle, RoundedRectangle
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from ui import D, theme

_, N_, ngettext = D.markers()


def sizes() -> theme.Metrics:
    """Metrics of the window as it is now."""
    return theme.metrics(int(Window.width), int(Window.height))


def hex_of(colour: theme.RGBA) -> str:
    return "".join(f"{int(round(c * 255)):02x}" for c in colour[:3])


def swatch(colour_name: str | None) -> str:
    """Markup for a colour's symbol drawn in that colour (never colour alone)."""
    return (f"[font={theme.SYMBOL_FONT}][color={hex_of(theme.colour_of(colour_name))}]"
            f"{theme.symbol_of(colour_name)}[/color][/font]")


SYMBOLS = re.compile("[\u2190-\u21ff\u25a0-\u27bf]+")
"""Arrows, shapes and dingbats: the body font has none of them, the symbol font has."""


def escape(text: str) -> str:
    """Text safe inside Kivy markup; symbols in it (a translation's "→") are drawn in
    the symbol font, so they never show as empty boxes."""
    safe = text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
    return SYMBOLS.sub(lambda found: icon(found.group()), safe)


def icon(glyph: str) -> str:
    return f"[font={theme.SYMBOL_FONT}]{glyph}[/font]"


class Panel(BoxLayout):
    """A box with a rounded background of ``bg`` colour."""

    bg = ListProperty(list(theme.SURFACE))
    border = ListProperty([0, 0, 0, 0])

    def __init__(self, **kwargs) -> None:
        m = sizes()
        kwargs.setdefault("padding", m.unit)
        kwargs.setdefault("spacing", m.unit)
        super().__init__(**kwargs)
        with self.canvas.before:
            self._bg_colour = Color(*self.bg)
            self._rect = RoundedRectangle(radius=[m.unit])
            self._border_colour = Color(*self.border)
            self._line = Line(width=max(1.5, m.unit / 3))
        self.bind(pos=self._redraw, size=self._redraw, bg=self._redraw, border=self._redraw)

    def _redraw(self, *_args) -> None:
        self._bg_colour.rgba = self.bg
        self._rect.pos, self._rect.size = self.pos, self.size
        self._border_colour.rgba = self.border
        self._line.rounded_rectangle = (self.x, self.y, self.width, self.height, sizes().unit)


class Words(Label):
    """A label that wraps to its width and grows to its text's height."""

    def __init__(self, text: str = "", *, size: str = "body", dim: bool = False, **kwargs) -> None:
        m = sizes()
        kwargs.setdefault("font_size", {"small": m.font_small, "body": m.font, "large": m.font_large,
                                        "huge": m.font_huge}[size])
        kwargs.setdefault("color", theme.TEXT_DIM if dim else theme.TEXT)
        kwargs.setdefault("markup", True)
        kwargs.setdefault("halign", "left")
        kwargs.setdefault("valign", "middle")
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", kwargs["font_size"] * 1.4)
        super().__init__(text=text, **kwargs)
        self.bind(width=self._wrap, texture_size=self._grow)
        self._wrap()

    def _wrap(self, *_args) -> None:
        self.text_size = (max(1, self.width), None)

    def _grow(self, *_args) -> None:
        if self.size_hint_y is None:
            self.height = max(self.texture_size[1], self.font_size * 1.2)


def one_line(label: Label, text: str | None = None) -> float:
    """The width ``text`` (default: the label's own) takes on one line in ``label``'s font."""
    return _line_width(label.text if text is None else text, float(label.font_size), str(label.font_name))


@lru_cache(maxsize=2048)
def _line_width(text: str, font_size: float, font_name: str) -> float:
    """Measured once per text, size and font: screens are built again on every change."""
    from kivy.core.text.markup import MarkupLabel

    line = MarkupLabel(text=text, font_size=font_size, font_name=font_name)
    line.refresh()
    return float(line.content_width)


def status_words(markup: str, **kwargs) -> Words:
    """The top bar's device status (small text), to be laid out by :func:`share_bar`."""
    return Words(markup, size="small", halign="right", size_hint_y=1, size_hint_x=None, **kwargs)


def share_bar(bar: BoxLayout, title: Label, status: Label, share: float) -> None:
    """Share what ``bar``'s fixed-width children (its buttons) leave between its ``title``
    (whose turn it is, a screen's name) and its device ``status``, whenever the bar's
    width changes: the status gets ``share`` of it, but at least its widest word (it
    wraps between words, never inside one: "Sens-oren") and at most its one line; the
    title takes the rest, shortened when that is too little."""
    title.size_hint_x = status.size_hint_x = None
    pad = sizes().unit
    status_line = one_line(status) + pad
    status_word = max((one_line(status, word) for word in status.text.split()), default=0.0) + pad

    def allot(*_args: object) -> None:
        others = [c for c in bar.children if c is not title and c is not status]
        spare = bar.width - sum(c.width for c in others) - bar.padding[0] - bar.padding[2] - \
            bar.spacing * (len(bar.children) - 1)
        status.width = min(status_line, max(status_word, spare * share))
        title.width = max(0.0, spare - status.width)

    bar.bind(width=allot)
    allot()


class BigButton(Button):
    """A touch target of at least 48 px whose text wraps and shrinks to fit."""

    min_font = NumericProperty(12)

    def __init__(self, text: str, on_press: Callable[[], object] | None = None, *,
                 colour: theme.RGBA = theme.SURFACE_HIGH, **kwargs) -> None:
        m = sizes()
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", m.touch)
        kwargs.setdefault("font_size", m.font)
        kwargs.setdefault("markup", True)
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        super().__init__(text=text, background_normal="", background_down="",
                         background_color=colour, color=theme.text_on(colour), **kwargs)
        self._base_font: float = self.font_size
        self._pressed_colour = tuple(min(1.0, c * 1.3) for c in colour[:3]) + (1.0,)
        self._colour = colour
        self.min_font = m.font_small * 0.8
        self.bind(size=self._fit, texture_size=self._shrink)
        self.bind(state=self._show_state)
        if on_press is not None:
            self.bind(on_release=lambda *_a: on_press())
        self._fit()

    def _show_state(self, *_args) -> None:
        self.background_color = self._pressed_colour if self.state == "down" else self._colour

    def _fit(self, *_args) -> None:
        self.font_size = self._base_font
        self.text_size = (max(1, self.width - sizes().unit), None)

    def _shrink(self, *_args) -> None:
        """Smaller text while it is taller than the button, or while a word is wider than
        a line (Kivy would break it inside: "Ongedaa-n-knop"), down to ``min_font``."""
        if self.font_size > self.min_font and (self.texture_size[1] > self.height - 4 or self._word_broken()):
            self.font_size = max(self.min_font, self.font_size * 0.9)

    def _word_broken(self) -> bool:
        line = self.text_size[0]
        if not line or self.texture_size[1] < 1.8 * self.font_size:  # one line: nothing was broken
            return False
        return any(one_line(self, word) > line for word in self.text.split())


def primary(text: str, on_press: Callable[[], object] | None = None, **kwargs) -> BigButton:
    return BigButton(text, on_press, colour=theme.ACCENT, **kwargs)


def danger(text: str, on_press: Callable[[], object] | None = None, **kwargs) -> BigButton:
    return BigButton(text, on_press, colour=theme.DANGER, **kwargs)


class Column(BoxLayout):
    """A vertical box that is as tall as its children (for scrolling pages)."""

    def __init__(self, **kwargs) -> None:
        m = sizes()
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", m.unit)
        kwargs.setdefault("size_hint_y", None)
        super().__init__(**kwargs)
        self.bind(minimum_height=self.setter("height"))


def scrolling(child: Widget) -> ScrollView:
    """``child`` (with ``size_hint_y=None``) in a vertical scroller with a wide bar."""
    view = ScrollView(do_scroll_x=False, bar_width=max(8, sizes().unit), scroll_type=["bars", "content"])
    view.add_widget(child)
    return view


def row(*children: Widget, height: float | None = None, spacing: float | None = None) -> BoxLayout:
    m = sizes()
    box = BoxLayout(orientation="horizontal", size_hint_y=None, height=height or m.touch,
                    spacing=m.unit if spacing is None else spacing)
    for child in children:
        box.add_widget(child)
    return box


def grid(children: Iterable[Widget], cols: int, row_height: float | None = None) -> GridLayout:
    m = sizes()
    layout = GridLayout(cols=cols, spacing=m.unit, size_hint_y=None,
                        row_default_height=row_height or m.touch, row_force_default=True)
    layout.bind(minimum_height=layout.setter("height"))
    for child in children:
        layout.add_widget(child)
    return layout


class Banner(Panel):
    """A verdict or message across the screen: icon and word, message, rulebook section.

    The word ("Accepted", "Not allowed") and the icon say it without colour.
    """

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("size_hint_y", None)
        super().__init__(**kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.opacity = 0

    def show(self, kind: str, message: str, detail: str | None = None) -> None:
        """``kind``: ``"accepted"``, ``"rejected"`` or ``"info"``."""
        self.clear_widgets()
        colour, glyph, word = {
            "accepted": (theme.ACCENT, theme.ICON_ACCEPTED, _("Accepted")),
            "rejected": (theme.DANGER, theme.ICON_REJECTED, _("Not allowed")),
            "info": (theme.SURFACE_HIGH, theme.ICON_INFO, _("Note")),
        }[kind]
        self.bg = colour
        ink = theme.text_on(colour)
        self.add_widget(Words(f"{icon(glyph)} [b]{escape(word)}:[/b] {escape(message)}", size="large", color=ink))
        if detail:
            self.add_widget(Words(escape(detail), color=ink))
        self.opacity = 1
        self.kind = kind

    def hide(self) -> None:
        self.clear_widgets()
        self.opacity = 0
        self.height = 0


class Keypad(ModalView):
    """An on-screen keyboard (letters or digits) so no physical keyboard is needed.

    ``on_done(text)`` is called with what was typed; ``secret`` hides the digits. Names
    such as "Dirk-Jan", "François" or "O'Neill" can be typed: a hyphen, an apostrophe and
    the accented letters of Dutch and French; a letter after a space, a hyphen or an apostrophe is a
    capital, the others small.
    """

    LETTERS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-'ÇÉ", "ÈÊËÏÎÖÔÜÛÀ")
    CAPITAL_AFTER = " -'"

    def __init__(self, title: str, on_done: Callable[[str], None], *, digits: bool = False,
                 initial: str = "", secret: bool = False, max_length: int = 16) -> None:
        m = sizes()
        super().__init__(size_hint=(0.96, 0.94), auto_dismiss=False, background_color=(0, 0, 0, 0.7))
        self._on_done, self._secret, self._max = on_done, secret, max_length
        self.value = initial
        box = Panel(orientation="vertical", bg=theme.BACKGROUND)
        box.add_widget(Words(escape(title), size="large"))
        self._shown = Words("", size="huge", halign="center")
        box.add_widget(self._shown)
        keys: list[Sequence[str]] = [("123", "456", "789", "0")] if digits else [self.LETTERS]
        lines = [c for group in keys for c in group]
        cols = 3 if digits else 10
        pad = GridLayout(cols=cols, spacing=m.unit / 2)
        for line in lines:
            for ch in line:
                pad.add_widget(BigButton(ch, partial(self._type, ch), size_hint_y=1, height=m.touch))
        box.add_widget(pad)
        controls = [BigButton(_("Delete"), self._delete)]
        if not digits:
            controls.insert(0, BigButton(_("Space"), lambda: self._type(" ")))
        controls += [BigButton(_("Cancel"), self.dismiss), primary(_("Done"), self._done)]
        box.add_widget(row(*controls))
        self.add_widget(box)
        self._refresh()

    def _type(self, ch: str) -> None:
        if len(self.value) < self._max:
            capital = not self.value or self.value[-1] in self.CAPITAL_AFTER
            self.value += ch if capital else ch.lower()
        self._refresh()

    def _delete(self) -> None:
        self.value = self.value[:-1]
        self._refresh()

    def _refresh(self) -> None:
        shown = "•" * len(self.value) if self._secret else self.value
        self._shown.text = escape(shown) + "_"

    def _done(self) -> None:
        self.dismiss()
        self._on_done(self.value.strip())


class Countdown(Panel):
    """Seconds left, as a number and a shrinking bar; ``on_expire`` runs at zero."""

    def __init__(self, seconds: float, on_expire: Callable[[], None], label: str, **kwargs) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("bg", theme.WARNING)
        super().__init__(**kwargs)
        self.total = self.left = float(seconds)
        self._on_expire = on_expire
        self._label = label
        self._text = Words("", size="large", color=theme.text_on(theme.WARNING))
        self._bar = Widget(size_hint_y=None, height=sizes().unit * 1.5)
        with self._bar.canvas:
            Color(0, 0, 0, 0.7)
            self._fill = Rectangle()
        self._bar.bind(pos=self._draw, size=self._draw)
        self.add_widget(self._text)
        self.add_widget(self._bar)
        self.bind(minimum_height=self.setter("height"))
        self._event = Clock.schedule_interval(self._tick, 0.25)
        self._draw()

    def _draw(self, *_args) -> None:
        self._text.text = f"{escape(self._label)} — {int(self.left + 0.999)} s"
        self._fill.pos = self._bar.pos
        self._fill.size = (self._bar.width * max(0.0, self.left / self.total), self._bar.height)

    def _tick(self, dt: float) -> None:
        self.left -= dt
        self._draw()
        if self.left <= 0:
            self.stop()
            self._on_expire()

    def stop(self) -> None:
        self._event.cancel()


def confirm_dialog(question: str, on_yes: Callable[[], object], *, yes: str | None = None) -> ModalView:
    """A yes/no question in a modal; ``on_yes`` runs on yes."""
    view = ModalView(size_hint=(0.8, None), auto_dismiss=True, background_color=(0, 0, 0, 0.7))
    box = Panel(orientation="vertical", bg=theme.SURFACE, size_hint_y=None)
    box.bind(minimum_height=box.setter("height"))
    box.add_widget(Words(escape(question), size="large"))

    def accept() -> None:
        view.dismiss()
        on_yes()

    box.add_widget(row(BigButton(_("Cancel"), view.dismiss), danger(yes or _("Yes"), accept)))
    view.add_widget(box)
    box.bind(height=lambda *_a: setattr(view, "height", box.height))
    view.open()
    return view


def message_dialog(message: str, *, title: str | None = None) -> ModalView:
    """A message the players dismiss with one touch."""
    view = ModalView(size_hint=(0.85, None), background_color=(0, 0, 0, 0.7))
    box = Panel(orientation="vertical", bg=theme.SURFACE, size_hint_y=None)
    box.bind(minimum_height=box.setter("height"))
    if title:
        box.add_widget(Words(f"[b]{escape(title)}[/b]", size="large"))
    box.add_widget(Words(escape(message)))
    box.add_widget(primary(_("OK"), view.dismiss))
    view.add_widget(box)
    box.bind(height=lambda *_a: setattr(view, "height", box.height))
    view.open()
    return view


def chips(items: Iterable[str], *, font_size: float | None = None) -> Widget:
    """Short markup texts (tokens, cards) laid out left to right, wrapping as whole chips."""
    from kivy.uix.stacklayout import StackLayout

    m = sizes()
    size = font_size or m.font_small
    layout = StackLayout(orientation="lr-tb", spacing=m.unit / 2, size_hint_y=None)
    layout.bind(minimum_height=layout.setter("height"))
    for item in items:
        chip = Label(text=item, markup=True, font_size=size, color=theme.TEXT, size_hint=(None, None),
                     padding=(m.unit, m.unit / 3))
        chip.bind(texture_size=lambda c, ts: setattr(c, "size", (ts[0], max(ts[1], size * 1.5))))
        with chip.canvas.before:
            Color(*theme.SURFACE_HIGH)
            chip._bg = RoundedRectangle(radius=[m.unit / 2])
        chip.bind(pos=lambda c, p: setattr(c._bg, "pos", p), size=lambda c, s: setattr(c._bg, "size", s))
        layout.add_widget(chip)
    return layout
