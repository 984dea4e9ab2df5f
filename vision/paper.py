"""How like a card's paper each pixel around a candidate card is: a picture to refine
an outline on where the card and the table are alike in brightness.

The outline refinement (:mod:`vision.outline`) looks for the fall from the paper's grey
level to the table's. A card on a light cloth (white between coloured dots or stripes)
has no such fall: its paper and the cloth are about as bright, and told apart only by
their colour (a cream card on a bluish-white cloth). For such a card,
:func:`paper_likeness` gives a picture in which the card is the brightest thing
around: each pixel's colour distance ``d`` from the paper's, in CIE L*a*b*
(:data:`SPACE`, OpenCV's 8-bit scale), lightness weighed by :data:`LIGHTNESS_WEIGHT`
(light and shade over a card change its lightness far more than its colour), mapped to
``255·exp(-(d/SPREAD)²)``.
The paper's colour is the median of the brightest pixels (:data:`PAPER_SHARE`) inside
the candidate, shrunk to :data:`INNER` of its size: a card's print is darker than its
paper, and a court card's figure covers much of it.
"""

from __future__ import annotations

import cv2
import numpy as np

SPACE = cv2.COLOR_BGR2LAB
"""The colour space colours are compared in: CIE L*a*b*, lightness first, then the two
colour axes (a perceptual space: equal distances look about equally different)."""
LIGHTNESS_WEIGHT = 0.3
"""How much a difference in lightness counts against one in colour (a*, b*)."""
SPREAD = 7.0
"""The colour distance (in :data:`SPACE`'s 8-bit units) at which a pixel's likeness
has fallen to 1/e of the paper's own: the paper's colour across a card (its light,
the camera's noise) stays well within it; a cloth of another tint lies about as far,
or farther."""
PAPER_SHARE = 0.4
"""The share of the candidate's inner pixels, the brightest, taken as its paper."""
INNER = 0.7
"""The candidate shrunk about its centre to this share of its size is where its paper
is looked for: an outline a few pixels off still has its inner part on the card."""
MARGIN = 30
"""How many pixels beyond the candidate's bounds the picture reaches at least: an
outline a little small is moved outwards onto the card's edge."""
MARGIN_SHARE = 0.3
"""How far beyond the candidate's bounds the picture reaches, as a share of its first
side, where that is more than :data:`MARGIN`: twice the refinement's first reach
(:mod:`vision.outline`), so that a large picture's card is refined as a small one's."""


def paper_likeness(image: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """For a candidate card with corners ``quad`` (4 × 2, pixels, first side a short
    one) in ``image`` (BGR or BGRA, uint8): the picture the module describes (float32,
    0–255) over the candidate's bounds widened as :data:`MARGIN` and
    :data:`MARGIN_SHARE` say, and the picture's origin in ``image`` (x, y). None when
    that part of the image is too small to hold a card or the candidate has no pixels
    inside it."""
    height, width = image.shape[:2]
    margin = max(MARGIN, MARGIN_SHARE * float(np.hypot(*(quad[1] - quad[0]))))
    low = np.maximum(np.floor(quad.min(axis=0) - margin), 0).astype(int)
    high = np.minimum(np.ceil(quad.max(axis=0) + margin), (width, height)).astype(int)
    if np.any(high - low < 16):
        return None
    colours = cv2.cvtColor(np.ascontiguousarray(image[low[1]:high[1], low[0]:high[0]]), SPACE)
    centre = quad.mean(axis=0)
    inner = np.zeros(colours.shape[:2], np.uint8)
    cv2.fillConvexPoly(inner, np.round(centre + INNER * (quad - centre) - low).astype(np.int32), 1)
    pixels = colours[::2, ::2][inner[::2, ::2] > 0]  # every fourth pixel is plenty
    if len(pixels) < 16:
        return None
    paper = np.median(pixels[pixels[:, 0] >= np.quantile(pixels[:, 0], 1 - PAPER_SHARE)], axis=0)
    # each pixel less the paper, its lightness weighed, as one affine map; then the sum
    # of the squares
    weights = np.array([LIGHTNESS_WEIGHT, 1.0, 1.0])
    shift = np.hstack([np.diag(weights), -(weights * paper)[:, None]])
    difference = cv2.transform(colours.astype(np.float32), shift.astype(np.float32))
    distance = cv2.transform(cv2.multiply(difference, difference), np.ones((1, 3), np.float32))
    return np.exp(distance * np.float32(-1.0 / SPREAD ** 2)) * np.float32(255.0), low.astype(np.float32)
