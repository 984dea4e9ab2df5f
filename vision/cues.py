"""Cues of a card that a face's reference shows too: how many symbols, and the ink's hue.

The descriptors (:mod:`vision.describe`) and the ink map (:mod:`vision.ink`) compare
whole pictures; on real photos they may disagree about a card whose faces differ only
in a count or a colour (SET). These cues are measured on the card alone, the same way
on each taught face's reference, so that a card's cue can be checked against a face's
without anything learnt about the deck beyond its references:

* the **symbol count**: the card's ink (:func:`vision.ink.ink_of`, its strongest ink
  1) read at :data:`WIDTH` pixels, a :data:`BORDER` at each edge left out (a card's
  outline a little off lets the table in there), is cut at :data:`INK_LEVEL`; the
  connected pieces of ink at least :data:`PIECE` as large as the largest are counted
  (a face's symbols are alike; specks and a stripe broken off are not symbols). On a
  face without separate symbols (a picture) the count is still a number that card and
  reference share;
* the **ink's colour** (hue per unit of ink, as :func:`vision.ink.ink_of` gives it).

A card *agrees* with a face when their counts are equal and their colours lie within a
tolerance (a share of the typical colour difference between two different taught
faces, :attr:`vision.ink.InkFaces.colour_scale`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.describe import warp_card
from vision.ink import ink_of

WIDTH = 120
"""The width (pixels) of the upright card image the symbols are counted on: twice the
ink map's, so that an empty symbol's thin outline stays one closed piece."""
BORDER = 0.08
"""The share of the width left out at each edge when counting."""
INK_LEVEL = 0.5
"""Ink (of the card's strongest) from which a pixel belongs to a symbol."""
PIECE = 0.4
"""A piece of ink counts as a symbol when it is at least this share of the largest."""


@dataclass(frozen=True)
class Cues:
    """A card's (or a reference's) cues: ``count`` symbols, ink ``colour`` (Lab a, b
    per unit of ink, as :func:`vision.ink.ink_of` gives it)."""

    count: int
    colour: np.ndarray


def cues_of(card: np.ndarray) -> Cues:
    """The cues of an upright card image (BGR uint8, any size), as the module says."""
    width = card.shape[1]
    if width != WIDTH:
        card = cv2.resize(card, (WIDTH, max(1, int(round(card.shape[0] * WIDTH / width)))),
                          interpolation=cv2.INTER_AREA if width > WIDTH else cv2.INTER_LINEAR)
    ink, colour = ink_of(card)
    border = int(BORDER * WIDTH)
    inner = ink[border:-border, border:-border] if border else ink
    _, _, stats, _ = cv2.connectedComponentsWithStats((inner > INK_LEVEL).astype(np.uint8), connectivity=8)
    areas = stats[1:, cv2.CC_STAT_AREA]
    count = int((areas >= PIECE * areas.max()).sum()) if len(areas) else 0
    return Cues(count, colour)


class FaceCues:
    """The cues of each taught face, measured on the upright reference images of a deck
    model (:attr:`vision.model.DeckModel.references`), and a card's agreeing with a
    face's. Colours agree within ``share`` of ``colour_scale`` (the typical squared
    colour difference between two different taught faces)."""

    def __init__(self, references: np.ndarray, aspect: float, colour_scale: float, share: float) -> None:
        self.size = (WIDTH, int(round(WIDTH / aspect)))
        self.share = share
        self.tolerance = share * colour_scale
        height, width = references.shape[1:3]
        whole = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
        self.faces = [cues_of(warp_card(reference, whole, self.size, inset=0.0)) for reference in references]

    def of(self, image: np.ndarray, quad: np.ndarray) -> Cues:
        """The cues of the card with corners ``quad`` in ``image``."""
        return cues_of(warp_card(image, quad, self.size, inset=0.0))

    def _colour(self, colour: np.ndarray, face: int) -> float:
        return float(((colour - self.faces[face].colour) ** 2).sum())

    def agree(self, cues: Cues, face: int) -> bool:
        """Whether a card's ``cues`` agree with the taught face of index ``face``: the
        same count, the colours within the tolerance, and the card's colour nearer to
        the face's by ``share`` of its difference to any other colour taught (of faces
        whose colour does not agree with ``face``'s): a hue that lies between two inks,
        or that a tinted light has moved towards another ink, names neither."""
        near = self._colour(cues.colour, face)
        if cues.count != self.faces[face].count or near > self.tolerance:
            return False
        others = [self._colour(cues.colour, k) for k in range(len(self.faces))
                  if self._colour(self.faces[k].colour, face) > self.tolerance]
        return not others or near <= self.share * min(others)
