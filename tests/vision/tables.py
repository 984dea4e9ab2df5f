"""Plain scenes for tests: cards laid in rows on a dark table, each seen at a size of
the test's choosing (a camera looking at a slant shows cards out of their proportions)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.render import paste_sprite


def lay(faces: Sequence[np.ndarray], seen: tuple[float, float], size: tuple[int, int] = (640, 480),
        seed: int = 0) -> np.ndarray:
    """A dark table (``size``, width × height) with the upright ``faces`` (BGR) laid in
    rows of up to three, each ``seen`` (width, height) pixels and turned by a few degrees."""
    canvas = np.full((size[1], size[0], 3), 45, np.float32)
    rng = np.random.default_rng(seed)
    w, h = seen
    columns = min(3, len(faces))
    rows = -(-len(faces) // columns)
    corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    for k, face in enumerate(faces):
        turn = np.deg2rad(rng.uniform(-8, 8))
        rotation = np.array([[np.cos(turn), np.sin(turn)], [-np.sin(turn), np.cos(turn)]])
        centre = (size[0] / (2 * columns) * (2 * (k % columns) + 1), size[1] / (2 * rows) * (2 * (k // columns) + 1))
        paste_sprite(canvas, np.dstack([face, np.full(face.shape[:2], 255, np.uint8)]), corners @ rotation + centre)
    return np.clip(canvas, 0, 255).astype(np.uint8)
