"""A stacked bar chart of the final scores, drawn with Kivy graphics.

One bar per player, one segment per score line (kinds, colour bonuses, end bonus).
Segments alternate fill patterns as well as shades, and each carries its points when
there is room, so the chart reads without telling colours apart.
"""

from __future__ import annotations

from typing import Sequence

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Rectangle
from kivy.uix.widget import Widget

from companion.game import ScoreSheet
from ui import theme

SHADES = (theme.hex_colour("56b4e9"), theme.hex_colour("e69f00"), theme.hex_colour("009e73"),
          theme.hex_colour("cc79a7"), theme.hex_colour("f0e442"), theme.hex_colour("0072b2"),
          theme.hex_colour("d55e00"))


class ScoreChart(Widget):
    """Draws ``sheet`` whenever the widget moves or resizes."""

    def __init__(self, sheet: ScoreSheet, font_size: float, **kwargs) -> None:
        super().__init__(**kwargs)
        self.sheet = sheet
        self.font_size = font_size
        self.names: list[tuple[str, float, float]] = []
        """Each name as drawn under its bar: shown text, left and right edge."""
        self.bind(pos=self.draw, size=self.draw)

    def _text(self, text: str, colour: theme.RGBA = theme.TEXT):
        label = CoreLabel(text=text, font_size=self.font_size, color=colour, font_name=theme.SYMBOL_FONT)
        label.refresh()
        return label.texture

    def _fitted(self, text: str, width: float):
        """``text`` and its texture no wider than ``width``: shortened with "…" as far
        as needed."""
        shown, texture = text, self._text(text)
        cut = len(text)
        while texture.width > width and cut > 1:
            cut -= 1
            shown = text[:cut].rstrip() + "…"
            texture = self._text(shown)
        return shown, texture

    def draw(self, *_args) -> None:
        self.canvas.clear()
        self.names = []
        players = self.sheet.players
        if not players or self.width < 10 or self.height < 10:
            return
        top = max(1, max(p.total for p in players))
        label_h = self.font_size * 1.6
        chart_h = self.height - 2 * label_h
        slot = self.width / len(players)
        bar_w = slot * 0.6
        keys: list[str] = []
        with self.canvas:
            Color(*theme.TEXT_DIM)
            Line(points=[self.x, self.y + label_h, self.right, self.y + label_h], width=1.2)
            for index, player in enumerate(players):
                x = self.x + slot * index + (slot - bar_w) / 2
                y = self.y + label_h
                for line in player.lines:
                    if line.points <= 0:
                        continue
                    if line.key not in keys:
                        keys.append(line.key)
                    shade = keys.index(line.key)
                    h = chart_h * line.points / top
                    Color(*SHADES[shade % len(SHADES)])
                    Rectangle(pos=(x, y), size=(bar_w, h))
                    Color(0, 0, 0, 0.6)
                    Line(rectangle=(x, y, bar_w, h), width=1.2)
                    if shade % 2:  # hatching on every other segment
                        step = max(6.0, bar_w / 6)
                        for k in range(int(bar_w // step) + 1):
                            x0 = x + k * step
                            Line(points=[x0, y, min(x + bar_w, x0 + min(h, step)), y + min(h, step)], width=1)
                    if h > self.font_size * 1.2:
                        tex = self._text(str(line.points), theme.text_on(SHADES[shade % len(SHADES)]))
                        Color(1, 1, 1, 1)
                        Rectangle(texture=tex, size=tex.size,
                                  pos=(x + (bar_w - tex.width) / 2, y + (h - tex.height) / 2))
                    y += h
                winner = player.player in self.sheet.winners
                total = self._text(("★ " if winner else "") + str(player.total))
                Color(1, 1, 1, 1)
                Rectangle(texture=total, size=total.size, pos=(x + (bar_w - total.width) / 2, y + 2))
                shown, name = self._fitted(player.name, slot - 4)
                left = self.x + slot * index + (slot - name.width) / 2
                Rectangle(texture=name, size=name.size, pos=(left, self.y + (label_h - name.height) / 2))
                self.names.append((shown, left, left + name.width))


def legend(sheet: ScoreSheet) -> Sequence[tuple[str, str, theme.RGBA]]:
    """``(key, label, shade)`` in the order the chart stacks them."""
    seen: dict[str, tuple[str, theme.RGBA]] = {}
    for player in sheet.players:
        for line in player.lines:
            if line.points > 0 and line.key not in seen:
                seen[line.key] = (line.label.render(), SHADES[len(seen) % len(SHADES)])
    return [(key, label, shade) for key, (label, shade) in seen.items()]
