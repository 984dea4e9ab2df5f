"""The live camera panel: the camera's latest picture with, over it, the outline and the
name of every card card vision found ("?" for a card it could not read)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Rectangle
from kivy.graphics.texture import Texture
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets import sizes

Outline = Sequence[tuple[float, float]]
Mark = tuple[str, Outline]
"""A label and the outline it belongs to, in frame pixels."""

FrameSource = Callable[[], Any]
"""Gives the latest frame (``.image`` BGR pixels, ``.timestamp``), or ``None``."""

MarkSource = Callable[[], Sequence[Mark]]

REFRESH = 0.2
"""Seconds between two looks at the camera while the panel is on screen."""


Box = tuple[float, float, float, float]
"""left, bottom, right, top in window pixels."""

MIN_LABEL_FONT = 15
"""The smallest a card's name is written on the picture before names move off their card."""


def no_marks() -> Sequence[Mark]:
    return ()


class CameraView(Widget):
    """Draws ``frames()`` and ``marks()`` over it, scaled to fit and centred.

    ``frame_size`` is the camera's (width, height) until a picture arrives. The panel
    looks again every :data:`REFRESH` seconds while on screen and redraws only when the
    picture or the marks changed; it never waits for a frame. Without a picture it
    shows an empty frame (the panel's caption says why).
    """

    def __init__(self, frames: FrameSource | None, marks: MarkSource = no_marks, *,
                 frame_size: tuple[int, int], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.frames = frames
        self.marks = marks
        self.frame_size = frame_size
        self._texture: Texture | None = None
        self._shown: tuple[Any, tuple[Mark, ...]] | None = None
        self._labels: dict[tuple[str, int, int | None], Texture] = {}
        self.labels: list[tuple[str, Box]] = []
        """Each card's name as last drawn and the box of its dark backing."""
        self._event = Clock.schedule_interval(self.update, REFRESH) if frames else None
        self.bind(pos=self.draw, size=self.draw)
        self.update()

    def on_parent(self, _widget: Widget, parent: Widget | None) -> None:
        if parent is None and self._event is not None:
            self._event.cancel()

    @property
    def drawn_marks(self) -> tuple[Mark, ...]:
        """The marks now drawn over the picture."""
        return self._shown[1] if self._shown else ()

    def update(self, *_args: Any) -> None:
        """Look at the camera and the marks; redraw if either changed."""
        frame = self.frames() if self.frames else None
        marks = tuple((label, tuple(outline)) for label, outline in self.marks())
        stamp = frame.timestamp if frame is not None else None
        if self._shown is not None and self._shown == (stamp, marks):
            return
        if frame is None:
            self._texture = None
        elif self._shown is None or self._shown[0] != stamp:
            self._upload(frame.image)
        self._shown = (stamp, marks)
        self.draw()

    def _upload(self, image: np.ndarray) -> None:
        h, w = image.shape[:2]
        rgb = np.ascontiguousarray(image[::-1, :, ::-1]) if image.ndim == 3 else np.repeat(image[::-1, :, None], 3, 2)
        if self._texture is None or self._texture.size != (w, h):
            self._texture = Texture.create(size=(w, h), colorfmt="rgb")
        self._texture.blit_buffer(rgb.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
        self.frame_size = (w, h)

    def _label(self, text: str, font_size: float, width: float | None = None) -> Texture:
        """``text`` in bold at ``font_size`` on one line, or wrapped between words at
        ``width`` pixels."""
        key = (text, round(font_size), None if width is None else round(width))
        if key not in self._labels:
            label = CoreLabel(text=text, font_size=font_size, bold=True, halign="center",
                              text_size=(width, None))
            label.refresh()
            self._labels[key] = label.texture
        return self._labels[key]

    def _fitted(self, text: str, font_size: float, width: float) -> Texture:
        """``text`` on one line if it is no wider than ``width``, else wrapped between
        words as narrow as its longest word allows."""
        line = self._label(text, font_size)
        if line.width <= width:
            return line
        widest = max(self._label(word, font_size).width for word in text.split())
        return self._label(text, font_size, max(width, widest + 2))

    def draw(self, *_args: Any) -> None:
        self.canvas.clear()
        self.labels = []
        fw, fh = self.frame_size
        if fw <= 0 or fh <= 0:
            return
        scale = min(self.width / fw, self.height / fh)
        ox, oy = self.x + (self.width - fw * scale) / 2, self.y + (self.height - fh * scale) / 2
        picture = (ox, oy, ox + fw * scale, oy + fh * scale)
        cards: list[tuple[str, list[tuple[float, float]]]] = []
        with self.canvas:
            if self._texture is not None:
                Color(1, 1, 1, 1)
                Rectangle(texture=self._texture, pos=(ox, oy), size=(fw * scale, fh * scale))
            else:
                Color(*theme.SURFACE_HIGH)
                Rectangle(pos=(ox, oy), size=(fw * scale, fh * scale))
            for text, outline in self.drawn_marks:
                corners = [(ox + x * scale, oy + (fh - y) * scale) for x, y in outline]
                if len(corners) < 3:
                    continue
                cards.append((text, corners))
                Color(*(theme.ACCENT if text != "?" else theme.WARNING))
                Line(points=[c for corner in corners for c in corner], close=True, width=2)
            for (text, _corners), (x, y, texture) in zip(cards, self._place(cards, picture)):
                w, h = texture.size
                Color(0, 0, 0, 0.7)
                Rectangle(pos=(x - 2, y - 2), size=(w + 4, h + 4))
                Color(1, 1, 1, 1)
                Rectangle(texture=texture, size=texture.size, pos=(x, y))
                self.labels.append((text, (x - 2, y - 2, x + w + 2, y + h + 2)))

    def _place(self, cards: Sequence[tuple[str, Sequence[tuple[float, float]]]],
               picture: Box) -> list[tuple[float, float, Texture]]:
        """Where each card's name goes, and its texture: inside the card's outline when
        it fits there clear of the names placed before it, else smaller, else as close
        to the card as a free place in the picture allows (names of cards that lie on
        one another stack). No two names overlap and none leaves the picture, as long
        as the picture has room for them all."""
        m = sizes()
        placed: list[Box] = []
        out: list[tuple[float, float, Texture]] = []
        for text, corners in cards:
            room = max(x for x, _ in corners) - min(x for x, _ in corners) - 6
            centre = (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners))
            font, spot = m.font_small, None
            while True:
                texture = self._fitted(text, font, room)
                if texture.width <= room:
                    spot = _free_spot(texture.size, centre, placed, picture, corners)
                if spot is not None or font <= MIN_LABEL_FONT:
                    break
                font = max(MIN_LABEL_FONT, font * 0.85)
            if spot is None:  # no room on the card: on one line, as near to it as the others allow
                texture = self._label(text, font)
                spot = _free_spot(texture.size, centre, placed, picture, None) or (
                    _clamp(centre[0] - texture.width / 2, picture[0] + 2, picture[2] - texture.width - 2),
                    _clamp(centre[1] - texture.height / 2, picture[1] + 2, picture[3] - texture.height - 2))
            x, y = spot
            placed.append((x - 2, y - 2, x + texture.width + 2, y + texture.height + 2))
            out.append((x, y, texture))
        return out


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(value, high))


def _free_spot(size: tuple[float, float], centre: tuple[float, float], placed: Sequence[Box], picture: Box,
               outline: Sequence[tuple[float, float]] | None) -> tuple[float, float] | None:
    """The lower-left corner of a ``size`` box nearest ``centre`` that overlaps no box of
    ``placed`` and lies inside ``picture`` and, given an ``outline``, inside it (``None``
    if there is none): tried on a grid over the outline's bounds (or the picture's)."""
    w, h = size
    area = picture if outline is None else (min(x for x, _ in outline), min(y for _, y in outline),
                                            max(x for x, _ in outline), max(y for _, y in outline))
    fine = outline is not None
    xs = _steps(area[0] + 2, area[2] - w - 2, max(2.0, w / (8 if fine else 4)))
    ys = _steps(area[1] + 2, area[3] - h - 2, max(2.0, h / (4 if fine else 2)))
    left, bottom = centre[0] - w / 2, centre[1] - h / 2
    for x, y in sorted(((x, y) for x in xs for y in ys), key=lambda p: (p[0] - left) ** 2 + (p[1] - bottom) ** 2):
        box = (x - 2, y - 2, x + w + 2, y + h + 2)
        if box[0] < picture[0] or box[1] < picture[1] or box[2] > picture[2] or box[3] > picture[3]:
            continue
        if any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in placed):
            continue
        if outline is not None and not all(_inside((cx, cy), outline) for cx in (x, x + w) for cy in (y, y + h)):
            continue
        return x, y
    return None


def _steps(low: float, high: float, step: float) -> list[float]:
    """``low`` to ``high`` by ``step``, both ends included (nothing if ``high < low``)."""
    count = int((high - low) // step) if high >= low else -1
    return [low + k * step for k in range(count + 1)] + ([high] if count >= 0 and high > low + count * step else [])


def _inside(point: tuple[float, float], outline: Sequence[tuple[float, float]]) -> bool:
    """Whether ``point`` lies inside the polygon ``outline`` (even-odd rule)."""
    px, py = point
    inside = False
    for (x1, y1), (x2, y2) in zip(outline, [*outline[1:], outline[0]]):
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside
