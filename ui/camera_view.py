"""The live camera panel: the latest frame (when the camera gives one) with the outline
and name of every card the vision pipeline recognised."""

from __future__ import annotations

from typing import Callable

import numpy as np
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Rectangle
from kivy.graphics.texture import Texture
from kivy.uix.widget import Widget

from companion.inputs import CardsSeen
from ui import theme

FrameSource = Callable[[], "np.ndarray | None"]


class CameraView(Widget):
    """Draws ``frame_source()`` (BGR pixels) and the outlines of ``seen``.

    ``frame_size`` is the camera's (width, height), which the outlines are measured in.
    The panel redraws twice a second while it is on screen; it never waits for a frame.
    """

    def __init__(self, seen: CardsSeen | None, frame_size: tuple[int, int], labels: Callable[[str], str],
                 frame_source: FrameSource | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seen = seen
        self.frame_size = frame_size
        self.labels = labels
        self.frame_source = frame_source
        self._texture: Texture | None = None
        self.bind(pos=self.draw, size=self.draw)
        self._event = Clock.schedule_interval(self._tick, 0.5) if frame_source else None

    def on_parent(self, _widget, parent) -> None:
        if parent is None and self._event is not None:
            self._event.cancel()

    def _tick(self, _dt: float) -> None:
        image = self.frame_source() if self.frame_source else None
        if image is not None:
            self._upload(image)
            self.draw()

    def _upload(self, image: np.ndarray) -> None:
        h, w = image.shape[:2]
        rgb = np.ascontiguousarray(image[::-1, :, ::-1]) if image.ndim == 3 else np.repeat(image[::-1, :, None], 3, 2)
        if self._texture is None or self._texture.size != (w, h):
            self._texture = Texture.create(size=(w, h), colorfmt="rgb")
        self._texture.blit_buffer(rgb.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
        self.frame_size = (w, h)

    def draw(self, *_args) -> None:
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
            if self.seen is None:
                return
            for card, outline in zip(self.seen.cards, self.seen.outlines):
                points: list[float] = []
                for x, y in outline:
                    points += [ox + x * scale, oy + (fh - y) * scale]
                Color(*theme.ACCENT)
                Line(points=points, close=True, width=2)
                label = CoreLabel(text=self.labels(card), font_size=max(12, 14 * scale * 2), bold=True)
                label.refresh()
                cx = sum(points[0::2]) / max(1, len(points) // 2)
                cy = sum(points[1::2]) / max(1, len(points) // 2)
                Color(0, 0, 0, 0.7)
                Rectangle(pos=(cx - label.texture.width / 2 - 2, cy - label.texture.height / 2 - 2),
                          size=(label.texture.width + 4, label.texture.height + 4))
                Color(1, 1, 1, 1)
                Rectangle(texture=label.texture, size=label.texture.size,
                          pos=(cx - label.texture.width / 2, cy - label.texture.height / 2))

