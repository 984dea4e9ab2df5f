"""A deck's shared layout, and reference cuts moved onto it.

A deck's faces differ in their middles but share what lies along their edges: the
paper's border, a printed frame, the places of the corner indices. A reference cut a
few pixels off (its outline refined onto a printed frame, or onto a line of the table
beside the card) shows that band moved against every other face's; taught so, that face
is read as its twin on every card cut right (a jack of clubs cut low is nearer the jack
of spades cut right than its own reference).

:func:`deck_layout` is the band as most of the deck's cuts show it; :func:`layout_fit`
finds where a cut's own band lies against it (OpenCV's enhanced-correlation fit,
``cv2.findTransformECC``, of an affine map, on the band alone), and :func:`placement`
where it puts a card found in a picture; :func:`align_to_deck` cuts again, from the
picture it came from, each card whose band lies :data:`LAYOUT_SHIFT` or more off, onto
an outline on the card's edges that the layout agrees with as it does with a cut that
is right. A deck whose faces share nothing along their edges gives no fit, or no such
outline, and its cuts are kept as they are. The recogniser tries a card it could not
name where the layout puts it, too (:meth:`vision.recognize.Recognizer.recognize`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

import cv2
import numpy as np

from vision.describe import _warp_target, warp_card
from vision.reference import REFERENCE_SIZE, Cut, cut_out, reference_finder, settlings

LAYOUT_BAND = 0.12
"""The band along each side of an upright cut (a share of its width and height) whose
print a deck's faces share."""

LAYOUT_SHIFT = 0.015
"""A cut is cut again when the layout puts a corner of its card this far (a share of
the cut's width) from its own."""

LAYOUT_LEAST = 8
"""The cuts a deck needs before its layout is trusted."""

PAPER_SHARE = 90
"""The percentile of a cut's grey levels taken as its paper's level."""

FIT_SMOOTHING = 5
"""The Gaussian (pixels across) that the enhanced-correlation fit smooths both pictures by."""

FIT_STEPS = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 100, 1e-5)
"""When the fit stops: after 100 steps, or a step that changes its correlation by less."""


class LayoutFit(NamedTuple):
    """Where the layout puts a cut's card (:func:`layout_fit`)."""

    corners: np.ndarray
    """The layout's card corners in the cut's pixels (4 × 2, clockwise from the top left)."""
    offset: float
    """How far the farthest of them lies from the cut's own corner, in the cut's pixels."""


def _level(image: np.ndarray) -> np.ndarray:
    """The grey picture of a cut over its paper's level (:data:`PAPER_SHARE`)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    return np.asarray(grey / max(float(np.percentile(grey, PAPER_SHARE)), 1.0), np.float32)


def _band(size: tuple[int, int]) -> np.ndarray:
    """The mask (uint8) of the band :data:`LAYOUT_BAND` along the sides of an upright
    cut of ``size`` (width, height)."""
    w, h = size
    bw, bh = round(LAYOUT_BAND * w), round(LAYOUT_BAND * h)
    mask = np.ones((h, w), np.uint8)
    mask[bh:h - bh, bw:w - bw] = 0
    return mask


def deck_layout(images: Sequence[np.ndarray], size: tuple[int, int] = REFERENCE_SIZE) -> np.ndarray:
    """The print a deck's faces share, at ``size`` (width, height): at each pixel, the
    median of the upright cuts ``images`` (BGR, any one size) over their paper's level,
    each cut counted as it lies and turned half round (which end of a cut is up does not
    matter)."""
    levels = [cv2.resize(_level(image), size, interpolation=cv2.INTER_AREA) for image in images]
    return np.asarray(np.median(np.array(levels + [level[::-1, ::-1] for level in levels]), axis=0), np.float32)


def layout_fit(layout: np.ndarray, image: np.ndarray) -> LayoutFit | None:
    """Where ``layout`` (:func:`deck_layout`) puts the card of the upright cut ``image``
    (of the layout's size): the affine map that best lays the cut's band onto the
    layout's, or None when the fit does not converge (a deck whose band is plain
    paper). The corners and the offset are in the layout's pixels."""
    size = (layout.shape[1], layout.shape[0])
    target = _warp_target(size, 0.0)
    try:
        _, warp = cv2.findTransformECC(layout, _level(image), np.eye(2, 3, dtype=np.float32), cv2.MOTION_AFFINE,
                                       FIT_STEPS, _band(size), FIT_SMOOTHING)
    except cv2.error:
        return None
    corners = cv2.transform(target[None], warp)[0]
    if not np.isfinite(corners).all():
        return None
    return LayoutFit(corners, float(np.hypot(*(corners - target).T).max()))


def placed(layout: np.ndarray, image: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, bool] | None:
    """Where ``layout`` (:func:`deck_layout`) puts the card whose outline in ``image``
    (BGR) is ``quad`` (4 × 2, clockwise, the first at the top left of the upright card):
    its corners in ``image``'s pixels, and whether they lie :data:`LAYOUT_SHIFT` or
    more from ``quad``'s own (measured on the card cut out upright at the layout's
    size); None when the layout cannot be fitted."""
    size = (layout.shape[1], layout.shape[0])
    corners = np.asarray(quad, np.float32)
    target = _warp_target(size, 0.0)
    fit = layout_fit(layout, warp_card(image, corners, size, inset=0.0))
    if fit is None:
        return None
    back = np.linalg.inv(cv2.getPerspectiveTransform(corners, target))
    return (np.asarray(cv2.perspectiveTransform(fit.corners[None].astype(np.float32), back)[0], np.float32),
            fit.offset >= LAYOUT_SHIFT * size[0])


def placement(layout: np.ndarray, image: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """Where ``layout`` puts the card whose outline in ``image`` is ``quad``, as
    :func:`placed` finds it, when that is :data:`LAYOUT_SHIFT` or more from ``quad``;
    None when it is not, or the layout cannot be fitted."""
    fitted = placed(layout, image, quad)
    return fitted[0] if fitted is not None and fitted[1] else None


def align_to_deck(cuts: Mapping[str, Cut], aspect: float, tolerance: float | None) -> dict[str, Cut]:
    """``cuts`` (card id → cut), each cut whose card the deck's layout puts
    :data:`LAYOUT_SHIFT` or more from its own corners cut again from its source: the
    outline where the layout puts the card is refined onto the card's edges from each
    of its sizes (:func:`vision.reference.settlings`: those that fit the card, in the
    proportions ``aspect`` within ``tolerance``, as the cut was checked), each is cut
    out, and the one the layout puts nearest its own corners is kept if that is within
    :data:`LAYOUT_SHIFT`, as for a cut that is right. A cut with no such outline (a
    face whose own print lies along its edges, as a joker's may) is kept as it is, as
    are a scan (no source) and every cut of a deck of fewer than :data:`LAYOUT_LEAST`."""
    kept = dict(cuts)
    if len(cuts) < LAYOUT_LEAST:
        return kept
    layout = deck_layout([cut.image for cut in cuts.values()])
    for card, cut in cuts.items():
        if cut.source is None or cut.outline is None:
            continue
        moved = placement(layout, cut.source, cut.outline)
        if moved is None:
            continue
        finder = reference_finder(cut.source, aspect)
        nearest = LAYOUT_SHIFT * REFERENCE_SIZE[0]
        for outline, _ in settlings(finder, moved, aspect, tolerance):
            other = cut_out(cut.source, outline)
            again = layout_fit(layout, other.image)
            if again is not None and again.offset < nearest:
                kept[card], nearest = other, again.offset
    return kept
