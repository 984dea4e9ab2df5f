"""A second, independent reading of a card: its ink laid over each taught face's.

The descriptors of :mod:`vision.describe` are compared under a whitening learnt from
synthetic variants of each reference; on real photos (light of another colour, a
camera's own contrast and blur) that is not enough to tell faces that differ only in
the count, the filling or the colour of their symbols (SET). This reading works on
the card's *ink*, measured against its own paper:

* the paper's level at every place is the brightest level nearby (a grey closing wider
  than a symbol's stroke, smoothed), so that shadows and uneven light across the card
  divide out, and so does the light's colour;
* the ink is one minus the picture over its paper (0 on paper, 1 on black), averaged
  over the colour channels and scaled so that the card's strongest ink is 1: a
  camera's contrast divides out, while a solid, a striped and an empty symbol keep
  their different amounts of ink;
* its colour is the chroma (CIE Lab a, b) of the picture over its paper, weighted by
  the ink and divided by the ink's amount: the colour per unit of ink, the same for a
  solid and a striped symbol of one print, and near 0 for black print (whose hue is
  only noise, so it is not made a unit vector).

A card is compared with every taught face, both ways round, the face's ink map shifted
by up to :data:`SHIFT` of the card's width each way (an outline a little off): the
mean squared difference of the ink maps, and the squared difference of the ink
colours, each divided by its typical value between two different taught faces (so that
neither scale is tuned by hand, and both count alike for any deck). The nearest face
is the reading; its margin is ``1 - d_best / d_runner_up``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.describe import warp_card

WIDTH = 60
"""The width (pixels) of the upright card image the ink is read from."""
SHIFT = 4 / 60
"""How far (a fraction of the width) a face's ink may be moved each way to fit a card's."""
STEP = 2
"""The shifts tried are this many pixels apart (the ink maps are smooth at that scale)."""
PAPER_WINDOW = 21 / 60
"""The side (a fraction of the width) of the closing that finds the paper's level: wider
than any stroke, narrower than the card's light varies over."""
INK_FLOOR = 0.08
"""Ink below this (of the paper's level) is left out of the ink's colour: paper's grain
and the light's faint gradients have no colour of the print."""


def ink_of(card: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The ink map (height × width float32, strongest ink about 1) and ink colour (Lab
    a and b per unit of ink, float32) of an upright card image (BGR uint8), as the
    module describes them."""
    width = card.shape[1]
    picture = cv2.GaussianBlur(card.astype(np.float32), (0, 0), 0.8 * width / WIDTH)
    side = max(3, int(round(PAPER_WINDOW * width)) | 1)
    paper = cv2.morphologyEx(picture, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (side, side)),
                             borderType=cv2.BORDER_REPLICATE)
    paper = cv2.GaussianBlur(paper, (0, 0), side / 3)
    ink = 1.0 - np.clip(picture / np.maximum(paper, 1.0), 0.0, 1.0)
    grey = ink.mean(axis=2)
    weight = np.clip(grey - INK_FLOOR, 0.0, None)
    reflectance = np.ascontiguousarray(1.0 - ink, np.float32)
    chroma = cv2.cvtColor(reflectance, cv2.COLOR_BGR2LAB)[..., 1:]
    colour = (chroma * weight[..., None]).reshape(-1, 2).sum(axis=0) / max(float((grey * weight).sum()), 1e-6)
    strongest = max(float(np.percentile(grey, 99)), 0.05)
    return np.ascontiguousarray(np.clip(grey / strongest, 0.0, 1.5), np.float32), colour.astype(np.float32)


@dataclass(frozen=True)
class InkReading:
    """One card's ink reading: ``best`` is the index of the nearest taught face,
    ``runner_up`` the next (``None`` for a one-face deck), ``margin`` as the module says,
    ``upside_down`` whether the card fits its face turned round, ``distances`` the
    distance to every face (each part divided by its typical value, as the module says)."""

    best: int
    runner_up: int | None
    margin: float
    upside_down: bool


class InkFaces:
    """The taught faces' ink, from the upright reference images of a deck model
    (:attr:`vision.model.DeckModel.references`), and the comparing of cards with it."""

    def __init__(self, references: np.ndarray, aspect: float) -> None:
        self.size = (WIDTH, int(round(WIDTH / aspect)))
        self.pad = int(round(SHIFT * WIDTH))
        height, width = references.shape[1:3]
        whole = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
        maps, colours = [], []
        for reference in references:
            ink, colour = ink_of(warp_card(reference, whole, self._padded(), inset=0.0))
            maps.append(self._inner(ink))
            colours.append(colour)
        self.maps = np.stack(maps)
        self.colours = np.stack(colours)
        self._flat = np.ascontiguousarray(self.maps.reshape(len(maps), -1))
        self._squares = np.einsum("ij,ij->i", self._flat, self._flat)
        n = len(maps)
        if n > 1:
            pairs = [self._distances(self._padded_map(k))[0] for k in range(n)]
            layout = np.stack([p[:, 0] for p in pairs])
            colour = ((self.colours[:, None, :] - self.colours[None, :, :]) ** 2).sum(axis=2)
            off = ~np.eye(n, dtype=bool)
            self.layout_scale = max(float(np.median(layout[off])), 1e-6)
            self.colour_scale = max(float(np.median(colour[off])), 1e-6)
        else:
            self.layout_scale = self.colour_scale = 1.0

    def _padded(self) -> tuple[int, int]:
        return self.size[0] + 2 * self.pad, self.size[1] + 2 * self.pad

    def _inner(self, ink: np.ndarray) -> np.ndarray:
        p = self.pad
        return np.ascontiguousarray(ink[p:-p, p:-p]) if p else ink

    def _padded_map(self, k: int) -> np.ndarray:
        return cv2.copyMakeBorder(self.maps[k], self.pad, self.pad, self.pad, self.pad, cv2.BORDER_REPLICATE)

    def _distances(self, ink: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For a padded ink map: the mean squared difference to each face's map at the
        best shift (faces × 2: as found, turned round), and which way fitted. Every
        shift's window of the card, both ways round, is one row of a matrix; the
        differences are ``|window|² + |face|² - 2 window·face``, one matrix product."""
        height, width = self.maps.shape[1:]
        windows = []
        for way in (ink, ink[::-1, ::-1]):
            view = np.lib.stride_tricks.sliding_window_view(way, (height, width))[::STEP, ::STEP]
            windows.append(view.reshape(-1, height * width))
        rows = np.concatenate(windows)
        squares = np.einsum("ij,ij->i", rows, rows)
        d2 = squares[:, None] + self._squares[None, :] - 2.0 * (rows @ self._flat.T)
        per_way = d2.reshape(2, -1, len(self.maps)).min(axis=1).T / float(height * width)
        return per_way, per_way.argmin(axis=1)

    def read(self, image: np.ndarray, quads: Sequence[np.ndarray]) -> list[InkReading]:
        """The ink reading of each card with corners ``quads`` in ``image``."""
        readings = []
        for quad in quads:
            ink, colour = ink_of(warp_card(image, quad, self._padded(), inset=0.0))
            layout, ways = self._distances(ink)
            d = layout.min(axis=1) / self.layout_scale + \
                ((self.colours - colour) ** 2).sum(axis=1) / self.colour_scale
            order = np.argsort(d)
            best = int(order[0])
            if len(order) > 1:
                runner_up: int | None = int(order[1])
                margin = 1.0 - float(d[best]) / max(float(d[order[1]]), 1e-9)
            else:
                runner_up, margin = None, 1.0
            readings.append(InkReading(best, runner_up, margin, bool(ways[best])))
        return readings
