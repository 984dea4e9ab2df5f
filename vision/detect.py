"""Finding card-shaped quadrilaterals in an image.

Finding a card is done in three steps:

1. *Candidates.* Several segmentations run side by side, so that white cards are found
   on dark, patterned and light tables alike: the image's brightness above its local
   background (a median of the surroundings, so uneven light and shadows cancel) cut at
   two levels, and the regions closed by Canny edges. A region that has a card's
   proportions becomes a candidate; a blob of touching or slightly overlapping cards is
   split into its cards (:func:`_split`).
2. *Refinement.* Each candidate's sides are moved onto the card's real edges: across
   each side, grey-level profiles are sampled and the places where they fall from the
   paper's level to the table's are collected (:func:`_side_edges`); the line that enough
   of them agree on, the outermost such line (a frame printed near the card's edge is not
   its edge), becomes the side (:func:`_vote`), and the corners are where the sides meet
   (so rounded card corners do not pull them in). A side that cannot be seen (glare, the
   picture's edge) is placed from the opposite side and the card's proportions. This runs
   twice, with a shorter reach the second time.
3. *Choice.* A refined candidate is kept when enough of its outline lies on such an
   edge (:attr:`DetectSettings.edge_support`) and it still has a card's shape; of
   candidates that describe the same card, the best supported wins; a region inside a
   larger card (a court card's frame) is dropped.

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
    least ratio of a region's area to its enclosing rectangle's; ``edge_support`` the
    least fraction of the refined outline that must lie on an edge where the card is at
    least ``edge_contrast`` grey levels brighter than the table.
    """

    aspect: float = POKER_ASPECT
    aspect_tolerance: float = 0.1
    min_area: float = 0.01
    max_area: float = 0.35
    rectangularity: float = 0.8
    edge_support: float = 0.7
    edge_contrast: float = 10.0
    canny_low: int = 20
    canny_high: int = 60


SAMPLES_PER_SIDE = 14
"""Points sampled across each side when refining an outline."""

_NEXT = np.array([1, 2, 3, 0])
"""Each corner's next one, clockwise."""
_PREV = np.array([3, 0, 1, 2])


def _clockwise_short_first(quad: np.ndarray) -> np.ndarray:
    spoke = quad - quad.mean(axis=0)
    quad = quad[np.argsort(np.arctan2(spoke[:, 1], spoke[:, 0]))]
    first, second = quad[1] - quad[0], quad[2] - quad[1]
    if first @ first > second @ second:
        quad = quad[_NEXT]
    return quad.astype(np.float32)


def _card_shaped(quad: np.ndarray, settings: DetectSettings, area_range: tuple[float, float]) -> bool:
    """Whether a quad (clockwise, short side first) is convex, of a card's size and
    proportions, and close to a rectangle."""
    if not cv2.isContourConvex(quad.astype(np.float32)):
        return False
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    short, long = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    if long <= 0 or abs(short / long - settings.aspect) > settings.aspect_tolerance:
        return False
    if min(sides[0], sides[2]) < 0.8 * max(sides[0], sides[2]) or \
            min(sides[1], sides[3]) < 0.8 * max(sides[1], sides[3]):
        return False
    return area_range[0] <= cv2.contourArea(quad.astype(np.float32)) <= area_range[1]


def _quad_of(contour: np.ndarray, settings: DetectSettings, area_range: tuple[float, float]) -> np.ndarray | None:
    hull = cv2.convexHull(contour)
    area = cv2.contourArea(hull)
    if not area_range[0] <= area <= 1.2 * area_range[1]:
        return None
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(contour)
    if rw * rh <= 0 or area / (rw * rh) < settings.rectangularity:
        return None
    if abs(min(rw, rh) / max(rw, rh) - settings.aspect) > 1.5 * settings.aspect_tolerance:
        return None
    approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(approx) == 4 and cv2.contourArea(approx) >= 0.9 * area:
        quad = approx.astype(np.float64)
    else:
        quad = cv2.boxPoints(((cx, cy), (rw, rh), angle)).astype(np.float64)
    return _clockwise_short_first(quad)


def _split(contour: np.ndarray, settings: DetectSettings, area_range: tuple[float, float]) -> list[np.ndarray]:
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
                out.append(_clockwise_short_first(box + (x - 1, y - 1)))
    return out


def _regions(mask: np.ndarray, area_range: tuple[float, float]) -> list[np.ndarray]:
    """The outer contours of ``mask`` large enough to hold a card."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return [c for c in contours if cv2.contourArea(c) >= area_range[0]]


def _lifted(blurred: np.ndarray) -> np.ndarray:
    """The image less a median-filtered background (taken on an eighth-size image, so
    that cards, their shadows and uneven light do not bias it)."""
    h, w = blurred.shape
    small = cv2.resize(blurred, (max(w // 8, 1), max(h // 8, 1)), interpolation=cv2.INTER_AREA)
    side = max(3, int(0.6 * min(small.shape)) | 1)
    background = cv2.resize(cv2.medianBlur(small, min(side, 255)), (w, h), interpolation=cv2.INTER_LINEAR)
    return cv2.subtract(blurred, background)


def _bright_masks(lifted: np.ndarray) -> list[np.ndarray]:
    """Where the image is clearly brighter than its surroundings, at Otsu's level and
    at a stricter one (which parts cards from bright streaks of a wooden table)."""
    level, _ = cv2.threshold(lifted, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    level = max(level, 10)
    return [cv2.threshold(lifted, t, 255, cv2.THRESH_BINARY)[1] for t in (level, min(1.7 * level, 200))]


CROSSINGS = 3
"""How many edge candidates, outermost first, each profile offers the line fit."""

SLOPES = np.linspace(-0.06, 0.06, 7)
"""Tilts (offset change per pixel along a side) tried when voting for a side's line."""


def _side_edges(grey: np.ndarray, quad: np.ndarray, reach: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where each side's edge may be.

    For :data:`SAMPLES_PER_SIDE` points along each side (away from the rounded
    corners), the grey-level profile across the side is sampled from ``reach`` pixels
    inside to ``reach`` outside. The paper's level is the profile's brightest inside
    the side, the table's the darkest of its outer two thirds (a
    neighbouring card may lie at its end); an edge candidate is a place
    where the profile falls through the level halfway between, and up to
    :data:`CROSSINGS` of them, outermost first, are kept (the card's edge, a dark
    frame line printed near it, a neighbouring card's print).

    Returns the along-side positions (S), the candidates' offsets along the outward
    normal (4 × S × C, NaN where there is none), the contrast paper − table of each
    profile (4 × S), the sample points (4 × S × 2) and the outward normals (4 × 2).
    """
    steps = int(np.ceil(reach))
    offsets = np.arange(-steps, steps + 1, dtype=np.float32)
    sides = quad[_NEXT] - quad
    lengths = np.maximum(np.sqrt(np.einsum("ij,ij->i", sides, sides)), 1e-6)[:, None]
    normals = sides[:, ::-1] * _TURN / lengths
    middles = quad + sides / 2 - quad.mean(axis=0)
    normals[np.einsum("ij,ij->i", normals, middles) < 0] *= -1
    points = quad[:, None, :] + _ALONG[None, :, None] * sides[:, None, :]
    probe = points[:, :, None, :] + offsets[None, None, :, None] * normals[:, None, None, :]
    profile = cv2.remap(grey, probe.reshape(4 * SAMPLES_PER_SIDE, len(offsets), 2).astype(np.float32), None,
                        cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).reshape(4, SAMPLES_PER_SIDE, len(offsets))
    paper = profile[..., :steps + 1].max(axis=2)
    table = profile[..., -(2 * steps) // 3:].min(axis=2)
    middle = ((paper + table) / 2)[..., None]
    above = profile >= middle
    falls = above[..., :-1] > above[..., 1:]
    drop = profile[..., :-1] - profile[..., 1:]
    fraction = (profile[..., :-1] - middle) / np.maximum(drop, 1e-6)
    position = np.where(falls, offsets[:-1] + np.clip(fraction, 0.0, 1.0), -np.inf)
    found = np.sort(position, axis=2)[..., :-CROSSINGS - 1:-1]
    found[found == -np.inf] = np.nan
    return _ALONG * lengths, found, paper - table, points, normals


_TURN = np.array([1.0, -1.0], np.float32)
_ALONG = np.linspace(0.12, 0.88, SAMPLES_PER_SIDE)


def _vote(along: np.ndarray, found: np.ndarray, usable: np.ndarray, reach: float) -> tuple[np.ndarray, np.ndarray]:
    """Each side's line as ``offset = a + b · (along - mean)``: of the lines through
    the edge candidates that enough profiles agree on, the outermost.

    Candidates vote for (tilt, offset) cells, one pixel apart; a line needs at least
    half the votes of its side's most agreed one, and at least four. Returns
    (4 × 2) rows ``a, b`` and whether each side has a line (4).
    """
    x = (along - along.mean(axis=1, keepdims=True))[:, :, None]
    valid = np.isfinite(found) & usable[:, :, None]
    given = np.where(valid, found, 0.0)
    a = given[None] - _TILTS * x[None]
    radius = int(np.ceil(reach + float(np.abs(x).max()) * SLOPES[-1])) + 2
    width = 2 * radius + 1
    cells = np.clip(np.rint(a).astype(np.int64) + radius, 0, width - 1)
    cells += _BALLOT * width
    votes = np.bincount(cells[:, valid].ravel(), minlength=len(SLOPES) * 4 * width).reshape(len(SLOPES), 4, width)
    smooth = votes.astype(np.float32)
    smooth[..., 1:] += 0.5 * votes[..., :-1]
    smooth[..., :-1] += 0.5 * votes[..., 1:]
    best = smooth.max(axis=0)
    enough = best >= np.maximum(4.0, 0.5 * best.max(axis=1, keepdims=True))
    cell = width - 1 - np.argmax(enough[:, ::-1], axis=1)
    slope = np.argmax(smooth[:, _SIDES, cell], axis=0)
    near = valid & (np.abs(a[slope, _SIDES] - (cell - radius)[:, None, None]) <= 1.5)
    weight = near.astype(np.float64)
    xw = x * weight
    n, sx, sy, sxx, sxy = np.stack([weight, xw, given * weight, x * xw, given * xw]).sum(axis=(2, 3))
    spread = n * sxx - sx * sx
    b = np.where(spread > 1e-6, (n * sxy - sx * sy) / np.maximum(spread, 1e-6), 0.0)
    return np.stack([(sy - b * sx) / np.maximum(n, 1), b], axis=1), enough.any(axis=1) & (n >= 3)


_SIDES = np.arange(4)
_TILTS = SLOPES[:, None, None, None]
_BALLOT = (np.arange(len(SLOPES))[:, None] * 4 + _SIDES[None, :])[:, :, None, None]
"""The vote cells' first index for each (tilt, side)."""


def _corners(points: np.ndarray, directions: np.ndarray) -> np.ndarray | None:
    """Where each side's line (through ``points[k]`` along ``directions[k]``) meets
    the previous side's: corner ``k`` (4 × 2), or ``None`` when two are parallel."""
    p, d = points[_PREV], directions[_PREV]
    cross = d[:, 0] * directions[:, 1] - d[:, 1] * directions[:, 0]
    if np.abs(cross).min() < 1e-6:
        return None
    gap = points - p
    s = (gap[:, 0] * directions[:, 1] - gap[:, 1] * directions[:, 0]) / cross
    return p + s[:, None] * d


def refine(grey: np.ndarray, quad: np.ndarray,
           settings: DetectSettings = DetectSettings()) -> tuple[np.ndarray, float] | None:
    """The outline ``quad`` moved onto the card's edges in ``grey`` (float32 image),
    and the fraction of its sides that lie on an edge; ``None`` when the sides cannot
    be placed."""
    first = quad[1] - quad[0]
    side = float(np.sqrt(first @ first))
    size = np.array(grey.shape[1::-1], np.float64)
    for reach in (max(4.0, 0.15 * side), max(3.0, 0.05 * side)):
        along, found, contrast, points, normals = _side_edges(grey, quad, reach)
        fitted, ok = _vote(along, found, contrast >= settings.edge_contrast, reach)
        directions = points[:, -1] - points[:, 0]
        directions /= np.maximum(np.sqrt(np.einsum("ij,ij->i", directions, directions)), 1e-6)[:, None]
        middles = points.mean(axis=1) + fitted[:, :1] * normals
        directions += fitted[:, 1:] * normals
        if not ok.all():
            if ok.sum() < 3:
                return None
            _opposite(middles, directions, int(np.argmin(ok)), settings.aspect)
        moved = _corners(middles, directions)
        if moved is None:
            return None
        moved = moved.astype(np.float32)
        if float(np.abs(moved - quad).max()) > 0.3 * side:
            return None
        quad = moved
    _, found, contrast, points, _ = _side_edges(grey, quad, 3.0)
    on_edge = (np.abs(np.nan_to_num(found, nan=99.0)) <= 1.5).any(axis=2)
    seen = ((points >= 2) & (points <= size - 3)).all(axis=2)
    if seen.sum() < 0.6 * seen.size:
        return None
    support = float(np.sum((contrast >= settings.edge_contrast) & on_edge & seen) / seen.sum())
    return quad, support


def _opposite(points: np.ndarray, directions: np.ndarray, k: int, aspect: float) -> None:
    """Place side ``k``'s line (``points[k]``, ``directions[k]``, changed in place)
    from its opposite side and the card's proportions (for a side that cannot be
    seen: in glare, or outside the picture)."""
    point, direction = points[(k + 2) % 4], directions[(k + 2) % 4]
    across = points[(k + 1) % 4] - points[(k + 3) % 4]
    normal = np.array([-direction[1], direction[0]]) / max(float(np.linalg.norm(direction)), 1e-6)
    other = abs(float(np.dot(across, direction))) / max(float(np.linalg.norm(direction)), 1e-6)
    distance = other / aspect if k % 2 == 0 else other * aspect
    if float(np.dot(points[k] - point, normal)) < 0:
        normal = -normal
    points[k] = point + distance * normal
    directions[k] = direction


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """The area of two convex quads' intersection over the smaller one's area."""
    area, _ = cv2.intersectConvexConvex(a, b)
    return float(area) / max(min(cv2.contourArea(a), cv2.contourArea(b)), 1e-6)


def find_cards(image: np.ndarray, settings: DetectSettings = DetectSettings()) -> list[np.ndarray]:
    """Corners (4×2 float32, image pixels) of every card-shaped region of a BGR image."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    if min(grey.shape[:2]) < 16:
        return []
    blurred = cv2.GaussianBlur(grey, (5, 5), 0)
    total = grey.shape[0] * grey.shape[1]
    area_range = (settings.min_area * total, settings.max_area * total)
    smooth = cv2.GaussianBlur(grey, (3, 3), 0).astype(np.float32)
    tried: list[np.ndarray] = []
    found: list[tuple[np.ndarray, float]] = []
    centres: list[np.ndarray] = []

    def accept(candidate: np.ndarray) -> bool:
        """Refine a candidate and keep it if it is a card; whether it is one (also when
        it is a card found before)."""
        first = candidate[1] - candidate[0]
        if centres and (np.linalg.norm(np.array(centres) - candidate.mean(axis=0), axis=1).min()
                        < 0.2 * np.sqrt(first @ first)):
            return True
        if tried and np.abs(np.array(tried) - candidate).max(axis=(1, 2)).min() < 3:
            return False
        tried.append(candidate)
        refined = refine(smooth, candidate, settings)
        if refined is None or refined[1] < settings.edge_support:
            return False
        quad = _clockwise_short_first(refined[0])
        if not _card_shaped(quad, settings, area_range):
            return False
        found.append((quad, refined[1]))
        centres.append(quad.mean(axis=0))
        return True

    edges = cv2.dilate(cv2.Canny(blurred, settings.canny_low, settings.canny_high), np.ones((3, 3), np.uint8))
    bright = _bright_masks(_lifted(blurred))
    for mask in (bright[0], edges, bright[1]):
        for region in _regions(mask, area_range):
            single = _quad_of(region, settings, area_range)
            alone = single is not None and accept(single)
            if not alone or cv2.contourArea(region) > 1.4 * cv2.contourArea(single):
                for part in _split(region, settings, area_range):
                    accept(part)
    kept: list[np.ndarray] = []
    for quad, _support in sorted(found, key=lambda item: (-round(item[1], 1), -cv2.contourArea(item[0]))):
        if any(_overlap(quad, other) > 0.3 for other in kept):
            continue
        kept.append(quad)
    return kept
