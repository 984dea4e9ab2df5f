"""Finding card-shaped quadrilaterals in an image.

Two segmentations run side by side, so that white cards are found on dark and on light
tables: a global Otsu threshold (bright cards on a darker table) and the regions closed
by Canny edges (any card whose outline shows, even faintly, against a light table).
Each region is kept when it is nearly rectangular, has a card's proportions and a
plausible size, and most of its outline lies on an edge; a region lying inside a larger card-shaped region (a framed court
card's frame, the same card found twice) is dropped.

Corners come back clockwise, starting so that the first side is a short side: the card
stands upright or upside down, which :mod:`vision.describe` settles.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.decks import POKER_ASPECT


@dataclass(frozen=True)
class DetectSettings:
    """What a card looks like to the segmentation.

    ``aspect`` is the card's width over height; ``aspect_tolerance`` how far a found
    shape may be from it; areas are fractions of the image; ``rectangularity`` is the
    least ratio of a region's area to its enclosing rectangle's.
    """

    aspect: float = POKER_ASPECT
    aspect_tolerance: float = 0.12
    min_area: float = 0.01
    max_area: float = 0.35
    rectangularity: float = 0.86
    edge_support: float = 0.75
    canny_low: int = 20
    canny_high: int = 60


def _clockwise_short_first(quad: np.ndarray) -> np.ndarray:
    centre = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    quad = quad[np.argsort(angles)]
    if np.linalg.norm(quad[1] - quad[0]) > np.linalg.norm(quad[2] - quad[1]):
        quad = np.roll(quad, -1, axis=0)
    return quad.astype(np.float32)


def _grow(quad: np.ndarray, pixels: float) -> np.ndarray:
    """Move each corner ``pixels`` outward along both adjacent sides' normals (about)."""
    centre = quad.mean(axis=0)
    out = quad - centre
    lengths = np.linalg.norm(out, axis=1, keepdims=True)
    return centre + out * (1 + pixels * 1.41 / np.maximum(lengths, 1))


def _quad_of(contour: np.ndarray, settings: DetectSettings, area_range: tuple[float, float],
             grow: float) -> tuple[np.ndarray, float] | None:
    hull = cv2.convexHull(contour)
    area = cv2.contourArea(hull)
    if not area_range[0] <= area <= area_range[1]:
        return None
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(contour)
    if rw * rh <= 0:
        return None
    fill = area / (rw * rh)
    if fill < settings.rectangularity:
        return None
    if abs(min(rw, rh) / max(rw, rh) - settings.aspect) > settings.aspect_tolerance:
        return None
    approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(approx) == 4 and cv2.contourArea(approx) >= 0.9 * area:
        quad = approx.astype(np.float64)
    else:
        quad = cv2.boxPoints(((cx, cy), (rw, rh), angle)).astype(np.float64)
    return _clockwise_short_first(_grow(quad, grow)), float(area)


def _bright_mask(blurred: np.ndarray) -> np.ndarray:
    """Where the image is clearly brighter than its surroundings: the image less a
    median-filtered background (taken on an eighth-size image, so that cards, their
    shadows and uneven light do not bias it), thresholded by Otsu."""
    h, w = blurred.shape
    small = cv2.resize(blurred, (max(w // 8, 1), max(h // 8, 1)), interpolation=cv2.INTER_AREA)
    side = max(3, int(0.6 * min(small.shape)) | 1)
    background = cv2.resize(cv2.medianBlur(small, min(side, 255)), (w, h), interpolation=cv2.INTER_LINEAR)
    lifted = cv2.subtract(blurred, background)
    level, _ = cv2.threshold(lifted, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    return cv2.threshold(lifted, max(level, 12), 255, cv2.THRESH_BINARY)[1]


def _edge_support(quad: np.ndarray, edges: np.ndarray, samples: int = 16) -> float:
    """The fraction of points along the quad's sides that have an edge within a few
    pixels (more for a large card, whose sides a lens bends a little)."""
    reach = max(2, int(round(0.012 * float(np.linalg.norm(quad[2] - quad[0])))))
    t = (np.arange(samples) + 0.5) / samples
    hits = 0
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        side = b - a
        normal = np.array([-side[1], side[0]]) / max(float(np.linalg.norm(side)), 1e-6)
        points = a + np.outer(t, side)
        offsets = np.arange(-reach, reach + 1)
        probe = points[:, None, :] + offsets[None, :, None] * normal
        xs = np.clip(np.round(probe[..., 0]).astype(int), 0, edges.shape[1] - 1)
        ys = np.clip(np.round(probe[..., 1]).astype(int), 0, edges.shape[0] - 1)
        hits += int(np.count_nonzero(edges[ys, xs].any(axis=1)))
    return hits / (4 * samples)


def _split(contour: np.ndarray, settings: DetectSettings, area_range: tuple[float, float]) -> list[tuple[np.ndarray, float]]:
    """Cards in a blob of touching or slightly overlapping cards.

    Inside a rectangle, the points at least ``d`` from its border form the rectangle
    shrunk by ``d`` on every side; in a blob of several cards these *cores* come apart.
    Each core, grown back by ``d``, is a card when the blob covers it.
    """
    x, y, w, h = cv2.boundingRect(contour)
    solid = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(solid, [contour - (x - 1, y - 1)], -1, 255, -1)
    distance = cv2.distanceTransform(solid, cv2.DIST_L2, 3)
    out = []
    for level in (0.55, 0.7, 0.85):
        depth = level * float(distance.max())
        if depth < 4:
            return out
        cores, _ = cv2.findContours((distance >= depth).astype(np.uint8), cv2.RETR_EXTERNAL,
                                    cv2.CHAIN_APPROX_SIMPLE)
        for core in cores:
            (cx, cy), (rw, rh), angle = cv2.minAreaRect(core)
            rw, rh = rw + 2 * depth, rh + 2 * depth
            if not area_range[0] <= rw * rh <= area_range[1]:
                continue
            if abs(min(rw, rh) / max(rw, rh) - settings.aspect) > settings.aspect_tolerance:
                continue
            box = cv2.boxPoints(((cx, cy), (rw, rh), angle))
            inside = np.zeros_like(solid)
            cv2.fillConvexPoly(inside, np.round(box).astype(np.int32), 255)
            covered = cv2.countNonZero(cv2.bitwise_and(inside, solid)) / max(cv2.countNonZero(inside), 1)
            if covered >= settings.rectangularity:
                out.append((_clockwise_short_first(box + (x - 1, y - 1)), float(rw * rh)))
    return out


def _blobs(mask: np.ndarray, settings: DetectSettings, area_range: tuple[float, float],
           grow: float) -> list[tuple[np.ndarray, float]]:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out: list[tuple[np.ndarray, float]] = []
    for contour in contours:
        if cv2.contourArea(contour) < area_range[0]:
            continue
        single = _quad_of(contour, settings, area_range, grow)
        if single is not None:
            out.append(single)
        else:
            out += _split(contour, settings, area_range)
    return out


def find_cards(image: np.ndarray, settings: DetectSettings = DetectSettings()) -> list[np.ndarray]:
    """Corners (4×2 float32, image pixels) of every card-shaped region of a BGR image."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    blurred = cv2.GaussianBlur(grey, (5, 5), 0)
    total = grey.shape[0] * grey.shape[1]
    area_range = (settings.min_area * total, settings.max_area * total)

    edges = cv2.dilate(cv2.Canny(blurred, settings.canny_low, settings.canny_high), np.ones((3, 3), np.uint8))
    found = _blobs(_bright_mask(blurred), settings, area_range, 0.0)
    found += _blobs(edges, settings, area_range, -1.0)

    found = [(q, a) for q, a in found if _edge_support(q, edges) >= settings.edge_support]
    kept: list[np.ndarray] = []
    for quad, _area in sorted(found, key=lambda item: -item[1]):
        centre = tuple(float(v) for v in quad.mean(axis=0))
        if any(cv2.pointPolygonTest(other, centre, False) >= 0 for other in kept):
            continue
        kept.append(quad)
    return kept
