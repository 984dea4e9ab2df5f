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
        self._labels: dict[str, Texture] = {}
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

    def _label(self, text: str) -> Texture:
        if text not in self._labels:
            label = CoreLabel(text=text, font_size=sizes().font_small, bold=True)
            label.refresh()
            self._labels[text] = label.texture
        return self._labels[text]

    def draw(self, *_args: Any) -> None:
        self.canvas.clear()
        fw, fh = self.frame_size
        if fw <= 0 or fh <= 0:
            return
        scale = min(self.width / fw, self.height / fh)
        ox, oy = self.x + (self.width - fw * scale) / 2, self.y + (self.height - fh * scale) / 2
        with self.canvas:
            if self._texture is not None:
                Color(1, 1, 1, 1)
                Rectangle(texture=self._texture, pos=(ox, oy), size=(fw * scale, fh * scale))
            else:
                Color(*theme.SURFACE_HIGH)
                Rectangle(pos=(ox, oy), size=(fw * scale, fh * scale))
            for text, outline in self.drawn_marks:
                points: list[float] = []
                for x, y in outline:
                    points += [ox + x * scale, oy + (fh - y) * scale]
                if len(points) < 6:
                    continue
                Color(*(theme.ACCENT if text != "?" else theme.WARNING))
                Line(points=points, close=True, width=2)
                texture = self._label(text)
                cx = sum(points[0::2]) / (len(points) // 2)
                cy = sum(points[1::2]) / (len(points) // 2)
                w, h = texture.size
                Color(0, 0, 0, 0.7)
                Rectangle(pos=(cx - w / 2 - 2, cy - h / 2 - 2), size=(w + 4, h + 4))
                Color(1, 1, 1, 1)
                Rectangle(texture=texture, size=texture.size, pos=(cx - w / 2, cy - h / 2))

