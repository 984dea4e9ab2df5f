"""Turning a found card into numbers that can be compared.

:func:`warp_card` cuts a card out of an image by its four corners and stands it upright
(first corner at the top left); :func:`describe_all` makes descriptors of such images
that light, blur and small errors in the corners change little:

* the card's paper is taken as white (each colour channel scaled so that the
  brightest patch becomes white), which undoes tinted and dim light;
* a small grey thumbnail, centred and scaled to unit length (the layout of the face);
* histograms of gradient directions in 8×8-pixel cells (as in HOG: the shapes of
  numerals, pips and symbols, unaffected by a change of brightness);
* a coarse map of the colour (Lab a and b), kept absolute so that a red 5 and a
  purple 5 differ.

The three parts are weighted and joined; two descriptors are compared by Euclidean
distance, and their *similarity* is ``1 - d² / 2`` (1 for the same picture).

:func:`describe_index` describes only the corners that hold a card's index, in finer
cells: two faces that differ only in their suit symbols (the queens of spades and of
clubs) differ there most, in symbols a few pixels across that the 8×8 cells blur
together. :meth:`vision.model.DeckModel.settle` settles such near ties with it.

The pixel work is OpenCV's and NumPy's, a call per step for all of a frame's cards.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import cv2
import numpy as np

WARP_SIZE = (64, 88)
"""The upright card image descriptors are computed from (width, height)."""

INSET = 0.03
"""Fraction of the card's width and height cut from each side before describing, so
that the table around a slightly misplaced outline does not count."""

GREY_SIZE = (16, 22)
COLOUR_SIZE = (8, 11)
HOG_SIZE = (48, 64)
HOG_CELL = 8
HOG_BINS = 8
INDEX_SIZE = (16, 28)
"""The corner (width, height) of an upright card image of :data:`WARP_SIZE` that holds
its index (value or rank, and suit): about a fifth of the width and a third of the height."""
INDEX_CELL = 4
WEIGHTS = {"grey": 0.55, "hog": 0.65, "colour": 0.5}
DESCRIPTOR_VERSION = 3
"""Changes whenever :func:`describe_all` or :func:`describe_index` does; a model made with
another version must be taught again."""

_HOG_LENGTH = (HOG_SIZE[0] // HOG_CELL) * (HOG_SIZE[1] // HOG_CELL) * HOG_BINS
DESCRIPTOR_LENGTH = GREY_SIZE[0] * GREY_SIZE[1] + _HOG_LENGTH + COLOUR_SIZE[0] * COLOUR_SIZE[1] * 2
INDEX_LENGTH = 2 * (INDEX_SIZE[0] // INDEX_CELL) * (INDEX_SIZE[1] // INDEX_CELL) * HOG_BINS
"""The length of :func:`describe_index`'s descriptors."""


def _unit_rows(rows: np.ndarray) -> np.ndarray:
    """Each row of a float32 matrix scaled to unit length (a row shorter than 1e-3
    divided by 1e-3), as ``row / max(np.linalg.norm(row), 1e-3)`` does it: each row's
    sum of squares is the same dot product (a stack of row-by-column products), the
    roots and divisions are done at once."""
    lengths = np.sqrt(np.matmul(rows[:, None, :], rows[:, :, None]).reshape(-1, 1))
    return rows / np.maximum(lengths, np.float32(1e-3))


@functools.lru_cache(maxsize=64)
def _histogram_slots(n: int, height: int, width: int, cell: int) -> np.ndarray:
    """Where each pixel of N ``height`` × ``width`` images, stacked with a row above and
    below each (N·(height + 2) × width, int32, read-only), adds to their gradient
    histograms (:func:`gradient_histograms`): the first of its cell's :data:`HOG_BINS`
    slots; the added rows to slots past the N images' histograms."""
    length = (height // cell) * (width // cell) * HOG_BINS
    cell_of = (np.arange(height)[:, None] // cell) * (width // cell) + np.arange(width)[None, :] // cell
    slots = np.full((n, height + 2, width), n * length, np.int32)
    slots[:, 1:-1] = np.arange(n)[:, None, None] * length + cell_of * HOG_BINS
    slots.flags.writeable = False
    return slots.reshape(-1, width)


def gradient_histograms(greys: np.ndarray, cell: int) -> np.ndarray:
    """Magnitude-weighted histograms of gradient direction (signed, :data:`HOG_BINS`
    bins) in ``cell``×``cell`` cells, row by row, of each of N grey images (N × height
    × width, uint8, both multiples of ``cell``, at least 2), square-rooted and scaled to
    unit length (N × cells·:data:`HOG_BINS`, float32). The gradients are ``cv2.Sobel``'s
    3×3 with each image's own border reflected: the images are stacked with a mirrored
    row above and below each, so that one call serves them all."""
    n, height, width = greys.shape
    padded = np.concatenate([greys[:, 1:2], greys, greys[:, -2:-1]], axis=1).reshape(-1, width)
    magnitude, angle = cv2.cartToPolar(cv2.Sobel(padded, cv2.CV_32F, 1, 0, ksize=3),
                                       cv2.Sobel(padded, cv2.CV_32F, 0, 1, ksize=3))
    # "% HOG_BINS" as a mask: the angles are not negative and HOG_BINS is a power of two
    slots = (angle * (HOG_BINS / (2 * np.pi))).astype(np.int32)
    slots &= HOG_BINS - 1
    slots += _histogram_slots(n, height, width, cell)
    length = (height // cell) * (width // cell) * HOG_BINS
    hist = np.bincount(slots.ravel(), magnitude.ravel(), (n + 1) * length)[:n * length]
    return _unit_rows(np.sqrt(hist).astype(np.float32).reshape(n, -1))


@functools.lru_cache(maxsize=8)
def _warp_target(size: tuple[int, int], inset: float) -> np.ndarray:
    """Where :func:`warp_card` puts a card's four corners in an upright ``size`` image
    (4 × 2, float32, read-only): ``inset`` of each side beyond its edges."""
    w, h = size
    dx, dy = w * inset / (1 - 2 * inset), h * inset / (1 - 2 * inset)
    target = np.array([[-dx, -dy], [w + dx, -dy], [w + dx, h + dy], [-dx, h + dy]], np.float32)
    target.flags.writeable = False
    return target


def warp_card(image: np.ndarray, quad: np.ndarray, size: tuple[int, int] = WARP_SIZE,
              inset: float = INSET) -> np.ndarray:
    """The card with corners ``quad`` (clockwise, first = top left of the face) as an
    upright ``size`` image, less ``inset`` of each side."""
    w, h = size
    source = np.asarray(quad, np.float32)
    top = source[1] - source[0]
    side = float(np.sqrt(top.dot(top)))  # np.linalg.norm's sum and root
    if side > 2.5 * w:  # shrink first: a plain warp would alias a large card
        factor = 2 ** int(np.log2(side / (1.5 * w)))
        x0, y0 = np.floor(source.min(axis=0)).astype(int)
        x1, y1 = np.ceil(source.max(axis=0)).astype(int)
        x0, y0 = max(x0, 0), max(y0, 0)
        crop = image[y0:max(y1, y0 + 1), x0:max(x1, x0 + 1)]
        small = cv2.resize(crop, (max(1, crop.shape[1] // factor), max(1, crop.shape[0] // factor)),
                           interpolation=cv2.INTER_AREA)
        source = ((source - (x0, y0)) / factor).astype(np.float32)
        image = small
    matrix = cv2.getPerspectiveTransform(source, _warp_target(size, inset))
    return cv2.warpPerspective(image, matrix, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _shrunk(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """``image`` shrunk to ``size`` (width, height), each pixel the mean of the area it covers."""
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)


_ROW_CHANNELS = np.tile(np.arange(3), WARP_SIZE[0])
"""The colour channel of each number of a row of an upright card image (B, G, R, B, …)."""


def _white_balanced(cards: np.ndarray) -> np.ndarray:
    """Each of N stacked cards (N·height × width × 3, uint8) with its brightest 8×8
    patch (the paper; the first with the greatest sum of the patches' mean levels) made
    neutral white: each level scaled by the card's gain for its channel, 235 / max(the
    patch's level, 20) (float32), and cut to a whole level, at most 255."""
    height, width = WARP_SIZE[1], WARP_SIZE[0]
    n = len(cards) // height
    patches = _shrunk(cards, (width // 8, n * height // 8)).reshape(n, -1, 3)
    bright = patches[np.arange(n), np.argmax(patches.sum(axis=2, dtype=np.int32), axis=1)].astype(np.float32)
    gains = 235.0 / np.maximum(bright, np.float32(20.0))
    levels = cards.reshape(n, height, width * 3).astype(np.float32)  # a card's row: its pixels' channels in turn
    levels *= gains[:, _ROW_CHANNELS][:, None, :]
    balanced = np.empty_like(cards)
    np.minimum(levels, np.float32(255.0), out=balanced.reshape(levels.shape), casting="unsafe")
    return balanced


def _balanced(cards: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Upright card images of :data:`WARP_SIZE`, each slightly blurred
    (``cv2.GaussianBlur(card, (5, 5), 1.0)``) and white balanced (:func:`_white_balanced`),
    stacked: in colour (N·height × width × 3), and in grey (N·height × width)."""
    balanced = _white_balanced(np.concatenate([cv2.GaussianBlur(card, (5, 5), 1.0) for card in cards]))
    return balanced, cv2.cvtColor(balanced, cv2.COLOR_BGR2GRAY)


def describe_all(cards: Sequence[np.ndarray]) -> np.ndarray:
    """The descriptors (N × D, float32) of upright card images of :data:`WARP_SIZE`
    (as the module's introduction describes them). The cards are worked on stacked into
    one image, one call per step rather than one per card; each card's descriptor is
    the same as it would be alone: each shrink takes whole cards to whole cards (by whole
    factors, or 88 rows to 64, whose factor 1.375 is exact in binary, so that the stacked
    cards' row shares repeat card by card), and every other step works pixel by pixel or
    card by card."""
    n = len(cards)
    if n == 0:
        return np.zeros((0, DESCRIPTOR_LENGTH), np.float32)
    balanced, grey = _balanced(cards)
    thumbs = _shrunk(grey, (GREY_SIZE[0], GREY_SIZE[1] * n)).reshape(n, -1).astype(np.float32)
    thumbs -= thumbs.mean(axis=1, keepdims=True)
    thumbs = _unit_rows(thumbs)
    hog = gradient_histograms(_shrunk(grey, (HOG_SIZE[0], HOG_SIZE[1] * n)).reshape(n, HOG_SIZE[1], HOG_SIZE[0]),
                              HOG_CELL)
    lab = cv2.cvtColor(_shrunk(balanced, (COLOUR_SIZE[0], COLOUR_SIZE[1] * n)), cv2.COLOR_BGR2LAB)
    colour = (lab[:, :, 1:].reshape(n, -1).astype(np.float32) - 128.0) / 48.0
    return np.concatenate([WEIGHTS["grey"] * thumbs, WEIGHTS["hog"] * hog,
                           WEIGHTS["colour"] * colour / np.sqrt(colour.shape[1] / 8.0)], axis=1).astype(np.float32)


def describe_index(cards: Sequence[np.ndarray]) -> np.ndarray:
    """Descriptors (N × :data:`INDEX_LENGTH`, float32) of the corner indices of upright
    card images of :data:`WARP_SIZE`: gradient histograms in :data:`INDEX_CELL` cells of
    the :data:`INDEX_SIZE` corner at the top left and of the one at the bottom right
    turned round (so both read the same way), each of unit length, joined and scaled to
    unit length. A card turned round has the two halves swapped. Each card's
    descriptor is the same as it would be alone (as in :func:`describe_all`)."""
    n = len(cards)
    if n == 0:
        return np.zeros((0, INDEX_LENGTH), np.float32)
    greys = _balanced(cards)[1].reshape(n, WARP_SIZE[1], WARP_SIZE[0])
    width, height = INDEX_SIZE
    corners = np.concatenate([greys[:, :height, :width], greys[:, :-height - 1:-1, :-width - 1:-1]])
    histograms = gradient_histograms(corners, INDEX_CELL)
    return (np.concatenate([histograms[:n], histograms[n:]], axis=1) / np.sqrt(2.0)).astype(np.float32)


def _turned_order() -> np.ndarray:
    """Where each number of a card's descriptor is found in the descriptor of the card
    turned round: the thumbnail's and colour map's cells in reverse order, the
    gradient cells in reverse order with each direction turned by half a circle."""
    thumbnail = np.arange(GREY_SIZE[0] * GREY_SIZE[1])[::-1]
    cells = (HOG_SIZE[1] // HOG_CELL, HOG_SIZE[0] // HOG_CELL)
    hog = np.roll(np.arange(_HOG_LENGTH).reshape(*cells, HOG_BINS)[::-1, ::-1], -HOG_BINS // 2, axis=2).ravel()
    colour = np.arange(COLOUR_SIZE[0] * COLOUR_SIZE[1] * 2).reshape(COLOUR_SIZE[1], COLOUR_SIZE[0], 2)[::-1, ::-1]
    return np.concatenate([thumbnail, len(thumbnail) + hog, len(thumbnail) + _HOG_LENGTH + colour.ravel()])


_TURNED = _turned_order()


def describe_both_ways(cards: Sequence[np.ndarray]) -> np.ndarray:
    """Descriptors of each card as given and turned round (N × 2 × D). Blurring, white
    balance, shrinking and gradients commute with turning the card round, so the second
    is the first with its numbers reordered (:func:`_turned_order`); it differs from
    describing the turned image only by rounding at the gradient directions' bin edges."""
    one = describe_all(cards)
    return np.stack([one, one[:, _TURNED]], axis=1)
