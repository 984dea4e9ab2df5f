"""Cutting the card out of a reference picture, and refusing a picture it cannot trust.

A reference is a photo of one card lying on a table, or a scan that is all card. The
card is found as card vision finds cards in a scene (:class:`vision.detect.CardFinder`:
the same segmentations and the same refinement onto the card's edges; the card may
fill most of the picture, and light stripes alone do not make the table part of a
segmentation, :func:`reference_finder`), and every
outline it finds, largest first, is checked before it is cut out (:func:`fits_card`):

* it lies wholly in the picture, clear of its edges (a card cut off by the picture's
  edge is half a card, and a side along the edge cannot be checked);
* it has the deck's proportions, within :data:`ASPECT_TOLERANCE`, and its opposite
  sides are parallel within :data:`PARALLEL` (a camera held a little askew keeps both
  within that; an outline with a side moved onto the table, or turned onto another
  edge at one end, usually does not);
* no side lies on a line of the table: a card's edge ends at its corners, while the
  edge of a stripe, a check or a plank runs on beyond them (:func:`runs_on`). On a
  striped or checked cloth as bright as the card, the refinement can take the first
  stripe beyond the card for its edge; this is what tells the two apart. Only for such
  an outline, whole and card-shaped but with a side on a line of the table, are the
  other outlines offered for it (:meth:`~vision.detect.CardFinder.alternatives`) tried
  too: for an outline that fails on its shape they can be as wrong in another way (a
  card taken short at a shadow across it, in the deck's proportions where the photo's
  own perspective put the true outline outside them).

The outline chosen is then refined again from a little smaller and larger starts, and
the one that lies most on the card's edges is cut out (:func:`settle`): on cloth with
dots or stripes as bright as the card, one refinement can take a row of dots just
beyond the card for a side, and a reference cut askew spoils that face in every game.

A picture in which no card is found is taken whole only when it looks like a scan of a
card (:func:`is_whole_card`): of the deck's proportions, the same paper along all four
sides, and print on it darker than the paper. Anything else raises
:class:`UnclearReference`: a reference cut out wrongly would be taught silently and
would spoil every later game, so the table is asked to take that picture again.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

import cv2
import numpy as np

from companion.i18n import Domain
from vision.decks import POKER_ASPECT
from vision.describe import warp_card
from vision.detect import CardFinder, DetectSettings
from vision.errors import ImageError

D = Domain("vision", "vision")

REFERENCE_SIZE = (200, 280)
"""Size of the stored upright reference image of each face (width, height)."""

LEAST_AREA = 0.1
"""A card in a reference photo covers at least this share of the picture."""

ASPECT_TOLERANCE = 0.05
"""How far a cut-out's short side over its long side may be from the deck's."""

SETTLE = np.linspace(0.88, 1.12, 13)
"""The sizes (shares of the chosen outline's) from which a cut's outline is refined again
before the card is cut out (:func:`settle`)."""

PARALLEL = 4.0
"""Degrees: how far from parallel a cut-out's opposite sides may be."""

MARGIN = 0.01
"""How far (a share of the picture's width and height) a card's corners must lie inside
the picture. A scan cut along the card's edge is taken whole instead (:func:`is_whole_card`)."""

RUN_ON = 0.8
"""A side lies on a line of the table when its edge runs on at this share of the places
sampled beyond the card's corners (:func:`runs_on`)."""

BEYOND = (0.1, 0.35)
"""Where beyond each corner of a side (as shares of its length) :func:`runs_on` looks."""

EDGE_STEP = 15.0
"""Grey levels: a side whose edge is weaker than this (a card on a table as bright as
its paper) is not judged by whether it runs on; its step is noise beyond the corners."""

SCAN_BORDER = (0.01, 0.04)
"""The band along each side of a scan (shares of the picture's size, from its edge in)
whose paper :func:`is_whole_card` compares."""

PAPER_SPREAD = 0.12
"""Along each side of a scan, the share of the paper's grey level within which nine
tenths of the band's pixels must lie, and the four sides' levels of one another."""

INK_DEPTH = 40.0
"""Grey levels: a scan's darkest print lies at least this far below its paper."""

SOURCE_MARGIN = 0.4
"""How much of the picture around a card (a share of its long side, each way) a
:class:`Cut` keeps: enough for :func:`runs_on` to look beyond its corners."""


class UnclearReference(ImageError):
    """A reference picture in which no whole card could be told from the table."""


class Cut(NamedTuple):
    """A card cut out of a reference picture."""

    image: np.ndarray
    """The card upright (BGR), :data:`REFERENCE_SIZE`."""
    proportions: float
    """Its short side over its long side as it lay in the picture (the outline's mean
    sides; a scan's own)."""
    source: np.ndarray | None = None
    """The part of the picture around the card (BGR; a scan's is None), from which it
    can be cut again (:func:`vision.layout.align_to_deck`)."""
    outline: np.ndarray | None = None
    """The card's corners in ``source`` (4 × 2, clockwise, the first at the top left of
    the upright card)."""


def cut_out(image: np.ndarray, quad: np.ndarray) -> Cut:
    """The card with corners ``quad`` (4 × 2, clockwise, the first at the top left of the
    upright card) in ``image`` (BGR), cut out upright, with the part of the picture
    around it: the card's bounding box grown by :data:`SOURCE_MARGIN` of its long side
    each way, shrunk by halves while the card's long side is over twice a reference's."""
    card = np.asarray(quad, np.float32)
    h, w = image.shape[:2]
    long = float(max(np.hypot(*(card[1] - card[0])), np.hypot(*(card[2] - card[1]))))
    (x0, y0), (x1, y1) = card.min(axis=0) - SOURCE_MARGIN * long, card.max(axis=0) + SOURCE_MARGIN * long
    x0, y0 = max(int(np.floor(x0)), 0), max(int(np.floor(y0)), 0)
    x1, y1 = min(int(np.ceil(x1)), w), min(int(np.ceil(y1)), h)
    source, outline = image[y0:y1, x0:x1], card - np.array((x0, y0), np.float32)
    factor = 1
    while long > 2 * factor * REFERENCE_SIZE[1]:
        factor *= 2
    if factor > 1:
        source = cv2.resize(source, (max(1, source.shape[1] // factor), max(1, source.shape[0] // factor)),
                            interpolation=cv2.INTER_AREA)
        outline = outline / np.float32(factor)
    return Cut(warp_card(image, card, REFERENCE_SIZE, inset=0.0), _proportions(card),
               np.ascontiguousarray(source), outline.astype(np.float32))


def crop_reference(image: np.ndarray, aspect: float = POKER_ASPECT,
                   tolerance: float | None = ASPECT_TOLERANCE) -> Cut:
    """The card of a reference picture (BGR), cut out upright.

    The card of a photo is the largest outline found that :func:`fits_card`, or else
    the first that does of the other outlines offered for those that fail only because
    a side :func:`runs_on`; a picture with no such outline is used whole when
    :func:`is_whole_card` (a scan). The card is looked for in the proportions
    ``aspect``, and must have them within ``tolerance``; with ``None`` (a custom deck,
    whose proportions are learnt from its pictures) within the scene detector's own
    tolerance only. A card photographed sideways is stood up; which end is up does not
    matter. Raises :class:`vision.errors.ImageError` for an image that is empty or too
    small and :class:`UnclearReference` when no whole card can be told apart from the
    table.
    """
    if image is None or image.ndim != 3 or min(image.shape[:2]) < 16:
        raise ImageError(D.text("The image is empty or too small to show a card."))
    h, w = image.shape[:2]
    finder = reference_finder(image, aspect)
    quads = sorted((quad for quad, _ in finder.outlines() if cv2.contourArea(quad) >= LEAST_AREA * w * h),
                   key=cv2.contourArea, reverse=True)
    flaws = [_flaw(finder.grey, quad, aspect, tolerance) for quad in quads]
    card = next((quad for quad, flaw in zip(quads, flaws) if flaw is None), None)
    lined = [k for k, flaw in enumerate(flaws) if flaw is _Flaw.TABLE_LINE]
    if card is None and lined:
        others = finder.alternatives(quads, lined)
        card = next((other for k in lined for other in others[k]
                     if fits_card(finder.grey, other, aspect, tolerance)), None)
    if card is not None:
        card = settle(finder, card, aspect, tolerance)
        return cut_out(image, np.roll(card, 2, axis=0) if card[0].sum() > card[2].sum() else card)
    upright = cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE) if w > h else image
    if is_whole_card(upright, aspect):
        return Cut(cv2.resize(upright, REFERENCE_SIZE, interpolation=cv2.INTER_AREA), min(w, h) / max(w, h))
    raise UnclearReference(D.text("No whole card could be told apart from the table in this picture."))


def reference_finder(image: np.ndarray, aspect: float) -> CardFinder:
    """The card finder of a reference picture (BGR) of a card with proportions
    ``aspect``: the card may fill most of it (up to 0.95), and the table is taken to be
    part of a segmentation only when one of its regions is larger still, not for its
    light stripes as a scene's table is (:data:`vision.detect.PATTERN_SHARE`): one card
    close up leaves the stripes much of the picture, and an outline the faint edges give
    across the stripes beside the card, larger than the card, can be taken for it."""
    return CardFinder(image, DetectSettings(aspect=aspect, max_area=0.95, pattern_share=None))


def settle(finder: CardFinder, quad: np.ndarray, aspect: float,
           tolerance: float | None = ASPECT_TOLERANCE) -> np.ndarray:
    """The outline ``quad`` of a card about to be taught (one of ``finder``'s), refined
    again from each of its sizes :data:`SETTLE` (about its centre): of the outlines that
    fit the card (:func:`fits_card` with ``tolerance``, and proportions within
    :data:`ASPECT_TOLERANCE` of ``quad``'s), the one that lies most on the card's edges;
    ``quad`` when none does. Of outlines that lie as much, the smallest: where the
    refinement errs, it takes a line of the table just beyond the card for its edge (the
    outermost line it finds).

    One refinement can land on such a line from one start and on the card's edge from a
    slightly other one (a row of dots or a stripe beside a card as bright as the
    cloth); the card's edge lies on more of its outline, and a reference is cut once,
    so it can afford the dozen refinements a scene's cards cannot."""
    fitting = settlings(finder, quad, aspect, tolerance)
    if not fitting:
        return quad
    return max(fitting, key=lambda pair: (pair[1], -cv2.contourArea(pair[0])))[0]


def settlings(finder: CardFinder, quad: np.ndarray, aspect: float,
              tolerance: float | None = ASPECT_TOLERANCE) -> list[tuple[np.ndarray, float]]:
    """The outlines :func:`settle` chooses from, with the share of each that lies on the
    card's edges: ``quad`` refined again from each of its sizes :data:`SETTLE`, where
    the refinement fits the card."""
    centre = quad.mean(axis=0)
    starts = np.array([centre + scale * (quad - centre) for scale in SETTLE], np.float32)
    outlines, support = finder.refined(starts)
    own = _proportions(quad)
    return [(np.asarray(outline, np.float32), float(share)) for outline, share in zip(outlines, support)
            if np.isfinite(share) and abs(_proportions(outline) - own) <= ASPECT_TOLERANCE
            and fits_card(finder.grey, outline, aspect, tolerance)]


class _Flaw(enum.Enum):
    """Why an outline cannot be cut out as the card (:func:`_flaw`)."""

    OUTSIDE = "outside"
    SHAPE = "shape"
    TABLE_LINE = "table-line"


def fits_card(grey: np.ndarray, quad: np.ndarray, aspect: float,
              tolerance: float | None = ASPECT_TOLERANCE) -> bool:
    """Whether the outline ``quad`` (4 × 2, clockwise) found in ``grey`` can be cut out
    as the card: it lies in the picture (at least :data:`MARGIN` inside), has the deck's
    proportions (within ``tolerance``; ``None``: not checked here), its opposite sides
    are parallel (within :data:`PARALLEL`) and none of its sides :func:`runs_on`."""
    return _flaw(grey, quad, aspect, tolerance) is None


def _proportions(quad: np.ndarray) -> float:
    """An outline's mean short side over its mean long side."""
    sides = np.hypot(*(np.roll(quad, -1, axis=0) - quad).T.astype(np.float64))
    first, second = sides[0] + sides[2], sides[1] + sides[3]
    return float(min(first, second) / max(first, second))


def _flaw(grey: np.ndarray, quad: np.ndarray, aspect: float, tolerance: float | None) -> _Flaw | None:
    """The first check of :func:`fits_card` that ``quad`` fails, or None."""
    h, w = grey.shape[:2]
    corners = np.asarray(quad, np.float64)
    margin = MARGIN * np.array([w, h])
    if np.any(corners < margin) or np.any(corners > np.array([w, h]) - margin):
        return _Flaw.OUTSIDE
    steps = np.roll(corners, -1, axis=0) - corners
    sides = np.hypot(*steps.T)
    short, long = sides[0] + sides[2], sides[1] + sides[3]
    angles = np.degrees(np.arctan2(steps[:, 1], steps[:, 0]))
    apart = np.abs((angles[:2] - angles[2:]) % 360 - 180)  # opposite sides run opposite ways
    off = abs(min(short, long) / max(short, long) - aspect) if long > 0 else np.inf
    if long <= 0 or (tolerance is not None and off > tolerance) or apart.max() > PARALLEL:
        return _Flaw.SHAPE
    return _Flaw.TABLE_LINE if runs_on(grey, corners) else None


def runs_on(grey: np.ndarray, quad: np.ndarray, samples: int = 24) -> bool:
    """Whether a side of ``quad`` (4 × 2) lies on a line of the table rather than on the
    card's edge: along the side (away from its rounded corners) the picture falls from
    inside to outside by at least :data:`EDGE_STEP` (the median step), and beyond its
    corners (:data:`BEYOND`) it still falls by half as much at :data:`RUN_ON` of the
    places sampled there that lie in the picture (at least a quarter of them must). The
    step at a place is the mean of the picture 1 to a fiftieth of the short side (at
    least 4 pixels) inside, less the same outside."""
    picture = cv2.GaussianBlur(grey, (3, 3), 0).astype(np.float32)
    corners = np.asarray(quad, np.float64)
    centre = corners.mean(axis=0)
    short = float(min(np.hypot(*(corners[1] - corners[0])), np.hypot(*(corners[2] - corners[1]))))
    depths = np.linspace(1.0, max(4.0, 0.02 * short), 5)
    within = np.linspace(0.15, 0.85, samples)
    beyond = np.concatenate([-np.linspace(*BEYOND, samples // 2), 1 + np.linspace(*BEYOND, samples // 2)])
    for k in range(4):
        start, end = corners[k], corners[(k + 1) % 4]
        direction = (end - start) / max(float(np.hypot(*(end - start))), 1e-6)
        normal = np.array([direction[1], -direction[0]])
        if np.dot((start + end) / 2 - centre, normal) < 0:
            normal = -normal
        along = _steps(picture, start, end, normal, within, depths)
        inside = float(np.median(along[np.isfinite(along)])) if np.isfinite(along).any() else 0.0
        if inside < EDGE_STEP:
            continue
        outside = _steps(picture, start, end, normal, beyond, depths)
        seen = outside[np.isfinite(outside)]
        if len(seen) >= len(beyond) // 4 and np.mean(seen >= 0.5 * inside) >= RUN_ON:
            return True
    return False


def _steps(picture: np.ndarray, start: np.ndarray, end: np.ndarray, normal: np.ndarray, where: np.ndarray,
           depths: np.ndarray) -> np.ndarray:
    """At each place ``where`` (shares of the way from ``start`` to ``end``), the mean of
    ``picture`` at ``depths`` pixels inside (against ``normal``) less the mean as far
    outside; NaN where a sample falls outside the picture."""
    places = start + np.outer(where, end - start)
    offsets = np.concatenate([-depths, depths])[None, :, None] * normal
    points = (places[:, None, :] + offsets).astype(np.float32)
    values = cv2.remap(picture, points[..., 0], points[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                       borderValue=np.nan)
    half = len(depths)
    return np.asarray(values[:, :half].mean(axis=1) - values[:, half:].mean(axis=1))


def is_whole_card(image: np.ndarray, aspect: float) -> bool:
    """Whether an upright picture (BGR) is all card, as a scan is: it has the deck's
    proportions (within the scene detector's tolerance), a band along each side
    (:data:`SCAN_BORDER`) is one paper (nine tenths of its pixels, and the four bands'
    medians, within :data:`PAPER_SPREAD` of the paper's level), and somewhere on it
    lies print at least :data:`INK_DEPTH` darker than that paper."""
    h, w = image.shape[:2]
    if abs(w / h - aspect) > DetectSettings().aspect_tolerance:
        return False
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    (a, b), (c, d) = (round(SCAN_BORDER[0] * h), round(SCAN_BORDER[1] * h)), \
        (round(SCAN_BORDER[0] * w), round(SCAN_BORDER[1] * w))
    bands = [grey[a:b, c:w - c], grey[h - b:h - a, c:w - c], grey[a:h - a, c:d], grey[a:h - a, w - d:w - c]]
    if any(band.size == 0 for band in bands):
        return False
    levels = np.array([np.median(band) for band in bands])
    paper = float(levels.max())
    if paper <= 0 or levels.min() < (1 - PAPER_SPREAD) * paper:
        return False
    if any(np.mean(np.abs(band - level) <= PAPER_SPREAD * paper) < 0.9 for band, level in zip(bands, levels)):
        return False
    return float(np.percentile(grey[b:h - b, d:w - d], 1)) <= paper - INK_DEPTH
