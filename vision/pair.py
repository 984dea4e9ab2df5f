"""A third reading of a card, for two given faces only: which of the two it shows.

The descriptors (:mod:`vision.describe`) and the ink (:mod:`vision.ink`) compare a card
with every taught face; where two faces differ only in the shape of small symbols (the
spades and clubs of one rank, the hearts and diamonds of a court card) both see the two
alike. This reading looks at nothing but what tells those two faces apart:

* the card and the two faces' references are read as ink in each colour channel: one
  minus the picture over its paper (:func:`vision.ink.reflectance_of`, which divides out
  the light's level and colour), scaled by the card's strongest ink
  (:func:`vision.ink.strongest_ink`, which divides out a camera's contrast), at
  :data:`WIDTH` pixels, softened by :data:`SOFTEN`, a band of :data:`EDGE` at each side
  left out (an outline a little off, or a reference cut a little wide, shows the table
  there: the table's colour would count as print). So two faces that differ in their
  symbols' shape, in their colour, or in both are told apart alike;
* the card's ink, its channels averaged, is aligned to the two faces' mean by OpenCV's
  enhanced correlation (``cv2.findTransformECC``, an affine map): what an outline found
  a pixel or two off, or a card not quite flat, moves is moved back;
* the card's ink, scaled to the faces' strength, less their mean, is projected on their
  difference: ``+0.5`` when the card is the first face exactly, ``-0.5`` the second, near
  0 when it could be either. When the card's aligned ink does not look like the two
  faces' at all (:data:`ALIGNED`), the reading has no say.

A reading is clear when its value is at least :data:`MARGIN` from 0: the card's ink lies
at least that share of the way nearer one face than the other.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.describe import warp_card
from vision.ink import reflectance_of, strongest_ink

WIDTH = 100
"""The width (pixels) of the upright card image the two faces are compared at: a small
symbol's shape (a spade's point, a club's lobes) shows at it in a 640-pixel frame."""
SOFTEN = 1.0
"""The ink maps are compared softened by a Gaussian of this many pixels (σ)."""
EDGE = 0.05
"""The share of the card's width at each side that is left out of the comparison."""
MARGIN = 0.1
"""How far from 0 (of the ±0.5 between the two faces) a reading must lie to be clear."""
ALIGNED = 0.8
"""The least correlation (the alignment's own measure, 1 for a perfect fit) of the card's
aligned ink with the two faces' mean for the reading to have a say: a card of either face
fits their mean nearly as well as its own (the two differ only in small symbols); a blank
card, or one of another layout, fits it by half or less, and its projection on their
difference would be noise, however large."""
ALIGN_STEPS = 50
"""At most this many steps of the enhanced-correlation alignment."""


class PairReading:
    """Tells two taught faces apart on one card; faces are named by their index in the
    upright ``references`` (N × H × W × 3 BGR uint8, a deck model's) of cards of width
    to height ``aspect``. A face's map is made when it is first compared."""

    def __init__(self, references: np.ndarray, aspect: float) -> None:
        self.references = references
        self.size = (WIDTH, int(round(WIDTH / aspect)))
        width, height = self.size
        edge = int(round(EDGE * WIDTH))
        self.mask = np.zeros((height, width), np.uint8)
        self.mask[edge:height - edge, edge:width - edge] = 1
        self._maps: dict[int, np.ndarray] = {}

    def _map(self, card: np.ndarray) -> np.ndarray:
        """A card's ink in each colour channel (height × width × 3 float32), as the module
        says."""
        ink = 1.0 - reflectance_of(card)
        ink = np.clip(ink / strongest_ink(ink.mean(axis=2)), 0.0, 1.5)
        return cv2.GaussianBlur(ink, (0, 0), SOFTEN, borderType=cv2.BORDER_REPLICATE) * self.mask[..., None]

    def face(self, k: int) -> np.ndarray:
        """Face ``k``'s ink as a card's is compared."""
        if k not in self._maps:
            self._maps[k] = self._map(cv2.resize(self.references[k], self.size, interpolation=cv2.INTER_AREA))
        return self._maps[k]

    def read(self, image: np.ndarray, quad: np.ndarray, upside_down: bool, first: int, second: int) -> float | None:
        """Which of faces ``first`` and ``second`` the card with corners ``quad`` in
        ``image`` shows, turned round when ``upside_down``: ``+0.5`` the first, ``-0.5``
        the second, as the module says; ``None`` (no say) when the two faces' maps are
        the same, or the card cannot be aligned to them or, aligned, does not fit them
        (:data:`ALIGNED`)."""
        a, b = self.face(first), self.face(second)
        difference = a - b
        spread = float((difference * difference).sum())
        if spread <= 1e-9:
            return None
        mean = (a + b) / 2
        card = warp_card(image, quad, self.size, inset=0.0)
        if upside_down:
            card = np.ascontiguousarray(card[::-1, ::-1])
        ink = self._map(card)
        try:
            likeness, warp = cv2.findTransformECC(
                mean.mean(axis=2), ink.mean(axis=2), np.eye(2, 3, dtype=np.float32), cv2.MOTION_AFFINE,
                (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, ALIGN_STEPS, 1e-4), self.mask, 5)
        except cv2.error:  # the card's ink does not correlate with the faces' at all
            return None
        if likeness < ALIGNED:
            return None
        ink = cv2.warpAffine(ink, warp, self.size, flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP,
                             borderMode=cv2.BORDER_REPLICATE) * self.mask[..., None]
        strength = float((ink * mean).sum()) / max(float((mean * mean).sum()), 1e-9)
        if strength <= 0:
            return None
        return float(((ink / strength - mean) * difference).sum()) / spread
