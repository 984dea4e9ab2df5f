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
  the ink and divided by the ink's amount (the colour per unit of ink), then divided by
  its own length, or by :data:`GREY_CHROMA` when that is longer: the print's hue, the
  same for a solid, a striped and an empty symbol of one print whatever a camera's
  saturation (a thin stroke's chroma mixes with the paper's, its hue much less), and
  near 0 for black print (whose hue is only noise). A band at the card's edges
  (:data:`EDGE`) is left out of it: the table may show there.

A card is compared with every taught face, both ways round and mirrored (a reference
may be a mirror image: a scan, a selfie camera; no deck holds two faces that are
mirror images of each other), the face's ink map shifted
by up to :data:`SHIFT` of the card's width each way (an outline a little off): the
mean squared difference of the ink maps (both softened by :data:`SOFTEN`), and the squared difference of the ink
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
"""The shifts tried are this many pixels apart (the ink maps, softened by
:data:`SOFTEN`, are smooth at that scale)."""
SOFTEN = STEP / 2
"""The ink maps are compared softened by a Gaussian of this many pixels (σ): a thin
stroke (an empty symbol's outline is about a pixel wide at :data:`WIDTH`) that lies
between two shifts tried, a pixel off the nearest, then still overlaps its face's
stroke; unsoftened it would miss it, and the reading would depend on where the outline
happened to fall (on real photos, a card read clearly one way round and not at all
the other)."""
CANDIDATES = 8
"""How many of the faces nearest at the coarse shifts are tried at every shift."""
PAPER_WINDOW = 21 / 60
"""The side (a fraction of the width) of the closing that finds the paper's level: wider
than any stroke, narrower than the card's light varies over."""
GREY_CHROMA = 25.0
"""An ink's chroma (CIE Lab units per unit of ink) below which it counts as grey: its
colour is compared by direction (hue) only above it, and shrinks towards none below it.
Black print under tinted light reaches 10 and more (at 10, four of the rendered
benchmark's black cards in tinted, blurred light were left unknown); coloured print
lies far above."""
INK_FLOOR = 0.08
"""Ink below this (of the paper's level) is left out of the ink's colour: paper's grain
and the light's faint gradients have no colour of the print."""
EDGE = 0.08
"""The share of the card's width at each edge whose ink is left out of the ink's colour:
an outline a little off lets the table in there, and a coloured table's would pass for
the print's (a black card on a red cloth read as red)."""
FINEST = 0.07
"""The least ink difference between two taught faces' references, as a share of the
typical difference between two faces (:attr:`InkFaces.separation`'s units), that the ink
may tell apart. At :data:`WIDTH` pixels two suits drawn as small pips differ by less:
their difference lies in a pixel or two of each pip's outline, which a camera's blur and
a print's own weight move as much. A filling or a count differs by more."""


def reflectance_of(card: np.ndarray) -> np.ndarray:
    """The picture of an upright card image (BGR uint8) over its paper, as the module
    describes it: height × width × 3 float32, 1 on paper, 0 on black."""
    width = card.shape[1]
    picture = cv2.GaussianBlur(card, (0, 0), 0.8 * width / WIDTH).astype(np.float32)
    side = max(3, int(round(PAPER_WINDOW * width)) | 1)
    paper = cv2.morphologyEx(picture, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (side, side)),
                             borderType=cv2.BORDER_REPLICATE)
    paper = cv2.blur(paper, (side, side), borderType=cv2.BORDER_REPLICATE)
    return np.minimum(picture / np.maximum(paper, 1.0), 1.0)


def strongest_ink(grey: np.ndarray) -> float:
    """The level of a card's strongest ink (its grey ink's 99th percentile), by which
    its ink is scaled to about 1 (at least 0.05: a blank card's grain is not scaled up)."""
    flat = grey.ravel()
    k = int(0.99 * (flat.size - 1))
    return max(float(np.partition(flat, k)[k]), 0.05)


def ink_of(card: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The ink map (height × width float32, strongest ink about 1) and ink colour (Lab
    a and b per unit of ink, float32) of an upright card image (BGR uint8), as the
    module describes them."""
    width = card.shape[1]
    reflectance = reflectance_of(card)
    grey = 1.0 - reflectance.mean(axis=2)
    weight = np.maximum(grey - INK_FLOOR, 0.0)
    edge = int(round(EDGE * width))
    if edge:
        weight[:edge], weight[-edge:], weight[:, :edge], weight[:, -edge:] = 0.0, 0.0, 0.0, 0.0
    chroma = cv2.cvtColor(reflectance, cv2.COLOR_BGR2LAB)[..., 1:]
    colour = (chroma * weight[..., None]).reshape(-1, 2).sum(axis=0) / max(float((grey * weight).sum()), 1e-6)
    colour = colour / max(float(np.hypot(*colour)), GREY_CHROMA)
    return np.ascontiguousarray(np.clip(grey / strongest_ink(grey), 0.0, 1.5), np.float32), colour.astype(np.float32)


def _soft(ink: np.ndarray) -> np.ndarray:
    """An ink map softened by a Gaussian of :data:`SOFTEN` pixels, to be compared."""
    return cv2.GaussianBlur(ink, (0, 0), SOFTEN, borderType=cv2.BORDER_REPLICATE)


def _half(ink: np.ndarray) -> np.ndarray:
    """An ink map shrunk to half its size (each pixel the mean of the four it covers)."""
    return cv2.resize(ink, (ink.shape[1] // 2, ink.shape[0] // 2), interpolation=cv2.INTER_AREA)


@dataclass(frozen=True)
class InkReading:
    """One card's ink reading: ``best`` is the index of the nearest taught face,
    ``runner_up`` the next (``None`` for a one-face deck), ``margin`` as the module says,
    ``upside_down`` whether the card fits its face (or its mirror image) turned round,
    ``distances`` the card's distance to every taught face (in the units of
    :attr:`InkFaces.separation`)."""

    best: int
    runner_up: int | None
    margin: float
    upside_down: bool
    distances: np.ndarray


class InkFaces:
    """The taught faces' ink, from the upright reference images of a deck model
    (:attr:`vision.model.DeckModel.references`), and the comparing of cards with it.

    ``maps`` holds the ``faces`` faces' ink maps, then the same mirrored (left to
    right); a card's distance to a face is the nearer of the two, and a reading names
    faces by their index in the references. ``separation`` holds the distance between
    every two faces' references, measured as a card's is (the layout's both ways
    round, averaged, plus the colour's)."""

    def __init__(self, references: np.ndarray, aspect: float) -> None:
        self.size = (WIDTH, int(round(WIDTH / aspect)))
        self.pad = int(round(SHIFT * WIDTH))
        height, width = references.shape[1:3]
        whole = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
        maps, colours = [], []
        for reference in references:
            ink, colour = ink_of(warp_card(reference, whole, self._padded(), inset=0.0))
            ink = _soft(ink)
            maps.append(self._inner(ink))
            colours.append(colour)
        n = len(maps)
        self.faces = n
        self.maps = np.stack(maps + [np.ascontiguousarray(m[:, ::-1]) for m in maps])
        self.colours = np.stack(colours)
        self._flat = np.ascontiguousarray(self.maps.reshape(len(self.maps), -1))
        self._squares = np.einsum("ij,ij->i", self._flat, self._flat)
        halves = np.stack([_half(face) for face in self.maps])
        self._half_flat = np.ascontiguousarray(halves.reshape(len(self.maps), -1))
        self._half_squares = np.einsum("ij,ij->i", self._half_flat, self._half_flat)
        if n > 1:
            pairs = [self._distances(self._padded_map(k), self._flat[:n], self._squares[:n], self.maps.shape[1:],
                                     STEP)[0] for k in range(n)]
            layout = np.stack([p[:, 0] for p in pairs])
            colour = ((self.colours[:, None, :] - self.colours[None, :, :]) ** 2).sum(axis=2)
            off = ~np.eye(n, dtype=bool)
            self.layout_scale = max(float(np.median(layout[off])), 1e-6)
            self.colour_scale = max(float(np.median(colour[off])), 1e-6)
            self.separation = (layout + layout.T) / (2 * self.layout_scale) + colour / self.colour_scale
        else:
            self.layout_scale = self.colour_scale = 1.0
            self.separation = np.zeros((1, 1))

    def _padded(self) -> tuple[int, int]:
        return self.size[0] + 2 * self.pad, self.size[1] + 2 * self.pad

    def _inner(self, ink: np.ndarray) -> np.ndarray:
        p = self.pad
        return np.ascontiguousarray(ink[p:-p, p:-p]) if p else ink

    def _padded_map(self, k: int) -> np.ndarray:
        return cv2.copyMakeBorder(self.maps[k], self.pad, self.pad, self.pad, self.pad, cv2.BORDER_REPLICATE)

    def _distances(self, ink: np.ndarray, flat: np.ndarray, squares: np.ndarray, shape: tuple[int, int],
                   step: int) -> tuple[np.ndarray, np.ndarray]:
        """For a padded ink map: the mean squared difference to each face's map (the
        rows of ``flat``, ``shape`` each, with their squared lengths ``squares``) at the
        best shift, the shifts ``step`` pixels apart (faces × 2: as found, turned
        round), and which way fitted. Every shift's window of the card, both ways round,
        is one row of a matrix; the differences are ``|window|² + |face|² - 2
        window·face``, one matrix product."""
        windows = []
        for way in (ink, ink[::-1, ::-1]):
            view = np.lib.stride_tricks.sliding_window_view(way, shape)[::step, ::step]
            windows.append(view.reshape(-1, shape[0] * shape[1]))
        rows = np.concatenate(windows)
        d2 = np.einsum("ij,ij->i", rows, rows)[:, None] + squares[None, :] - 2.0 * (rows @ flat.T)
        per_way = d2.reshape(2, -1, len(flat)).min(axis=1).T / float(shape[0] * shape[1])
        return per_way, per_way.argmin(axis=1)

    def tells(self, reading: InkReading, face: int) -> bool:
        """Whether ``reading`` can tell its face from the taught face of index ``face``
        (the same face, or another): the two faces' references lie at least as far
        apart in ink (:attr:`separation`) as the card lies from its nearest face, and at
        least :data:`FINEST` apart. Faces whose references read alike in ink, as near to
        each other as the card is to either or nearer than the ink resolves (two suits of
        one rank drawn in small symbols), cannot be told apart by the ink, however large
        its margin between them."""
        return reading.best == face or \
            bool(self.separation[reading.best, face] >= max(float(reading.distances[reading.best]), FINEST))

    def read(self, image: np.ndarray, quads: Sequence[np.ndarray]) -> list[InkReading]:
        """The ink reading of each card with corners ``quads`` in ``image``. Every face
        is tried first on maps of half the size (:func:`_half`), at shifts
        :data:`STEP` · 2 pixels apart; the :data:`CANDIDATES` nearest are tried again
        on the whole maps at every shift, and only their distances are exact."""
        readings = []
        for quad in quads:
            ink, colour = ink_of(warp_card(image, quad, self._padded(), inset=0.0))
            ink = _soft(ink)
            colour_parts = np.tile(((self.colours - colour) ** 2).sum(axis=1) / self.colour_scale, 2)
            layout, ways = self._distances(_half(ink), self._half_flat, self._half_squares,
                                           _half(self.maps[0]).shape, STEP)
            d = layout.min(axis=1) / self.layout_scale + colour_parts
            nearest = np.argsort(d.reshape(2, self.faces).min(axis=0))[:CANDIDATES]
            near = np.concatenate([nearest, nearest + self.faces])
            fine, fine_ways = self._distances(ink, self._flat[near], self._squares[near], self.maps.shape[1:], STEP)
            d[near] = fine.min(axis=1) / self.layout_scale + colour_parts[near]
            ways[near] = fine_ways
            faces = d.reshape(2, self.faces)
            mirrored = faces.argmin(axis=0)
            d = faces.min(axis=0)
            ways = ways.reshape(2, self.faces)[mirrored, np.arange(self.faces)]
            order = np.argsort(d)
            best = int(order[0])
            if len(order) > 1:
                runner_up: int | None = int(order[1])
                margin = 1.0 - float(d[best]) / max(float(d[order[1]]), 1e-9)
            else:
                runner_up, margin = None, 1.0
            readings.append(InkReading(best, runner_up, margin, bool(ways[best]), d))
        return readings
