"""Moving candidate outlines onto a card's real edges, many candidates at once.

Across each side of a candidate outline, grey-level profiles are sampled and the places
where they fall from the paper's level to the table's are collected
(:func:`_side_edges`); the line that enough of them agree on, the outermost such line (a
frame printed near the card's edge is not its edge), becomes the side (:func:`_vote`),
and the corners are where the sides meet (so rounded card corners do not pull them in).
A side that cannot be seen (glare, the picture's edge) is placed from the opposite side
and the card's proportions. This runs twice, with a shorter reach the second time.

The work is done in C where the project's compiled module :mod:`vision._refine` was
built (``vision/_refine.c``, when the project is installed): an outline's refinement is
a few hundred small steps, and as NumPy array operations their per-call overhead costs
more than their arithmetic (a frame's refinements take about 8 ms in NumPy, 1 ms in C).
Where the module could not be built, :func:`refine_numpy` does the same steps in NumPy,
on a whole batch of candidates in the same array operations; the two agree within a
small tolerance (a tie between two edge candidates may round either way). Either way
each candidate is refined on its own: what one gives does not depend on the others in
its batch.
"""

from __future__ import annotations

import math
from types import ModuleType

import cv2
import numpy as np

compiled: ModuleType | None
"""The project's compiled part (:mod:`vision._refine`: this refinement, and the tracing of
:func:`vision.detect._outer_contours`), or None where it was not built."""
try:
    from vision import _refine as compiled
except ImportError:  # not built: no C compiler where the project was installed
    compiled = None

SAMPLES_PER_SIDE = 14
"""Points sampled across each side when refining an outline."""

CROSSINGS = 3
"""How many edge candidates, outermost first, each profile offers the line fit."""

PAPER_LIKE = 0.35
"""A fall is an edge candidate only when the profile just inside it (three pixels)
comes within this share of the contrast of the paper's level: the fall from the table
to a dark object or a shadow beyond a card is not its edge."""

SLOPES = np.linspace(-0.06, 0.06, 7)
"""Tilts (offset change per pixel along a side) tried when voting for a side's line."""

MAX_COORDINATE = 8192.0
"""Outline corners must lie within this many pixels of the origin (no card in a camera
frame lies farther)."""

_ALONG = np.linspace(0.12, 0.88, SAMPLES_PER_SIDE)
"""Where along each side (as a share of it) the profiles are taken: away from the
rounded corners."""

_PASSES = ((0.15, 4.0), (0.05, 3.0))
"""The two refinement passes: the reach across a side is this share of the outline's
first side, and at least this many pixels."""

_NEXT = np.array([1, 2, 3, 0])
"""Each corner's next one, clockwise."""
_PREV = np.array([3, 0, 1, 2])
"""Each corner's previous one."""
_TURN = np.array([1.0, -1.0], np.float32)
_TILTS = SLOPES[:, None, None, None, None]
_INSIDE = np.ones((1, 3), np.uint8)
"""With its anchor on the right, the brightest of a profile's three samples up to each."""


def refine_all(grey: np.ndarray, quads: np.ndarray, aspect: float,
               edge_contrast: float) -> tuple[np.ndarray, np.ndarray]:
    """The outlines ``quads`` (N × 4 × 2, clockwise) moved onto the cards' edges in
    ``grey`` (a uint8 image, or any other taken as float32), and the fraction of each
    one's sides that lie on an edge where the card is at least ``edge_contrast`` grey
    levels brighter than the table (N; NaN where an outline's sides cannot be placed).

    ``aspect`` (width over height) places a side that cannot be seen from its opposite.
    Each outline is refined on its own, in C (:mod:`vision._refine`) or where that was
    not built in NumPy (:func:`refine_numpy`). Arguments that do not fit (an image that
    is not 2-D or is empty, outlines that are not N × 4 × 2 finite corners within
    :data:`MAX_COORDINATE` pixels of the origin, an aspect that is not a positive number)
    raise ValueError; an aspect that is not a number, TypeError.
    """
    grey = np.ascontiguousarray(grey, np.uint8 if np.asarray(grey).dtype == np.uint8 else np.float32)
    refined = np.array(quads, np.float32, order="C").reshape(-1, 4, 2)
    if grey.ndim != 2 or grey.size == 0:
        raise ValueError(f"grey must be a 2-D picture that is not empty, not of shape {grey.shape}")
    if not np.all(np.abs(refined) <= MAX_COORDINATE):
        raise ValueError(f"outline corners must be finite and within {MAX_COORDINATE:.0f} pixels of the origin")
    if not (aspect > 0 and math.isfinite(aspect)):
        raise ValueError(f"aspect must be a positive number, not {aspect}")
    if compiled is None:
        return refine_numpy(grey, refined, aspect, edge_contrast)
    support = np.full(len(refined), np.nan)
    compiled.refine(grey, refined, support, aspect, edge_contrast, _ALONG, SLOPES, CROSSINGS, PAPER_LIKE)
    return refined, support


def refine_numpy(grey: np.ndarray, quads: np.ndarray, aspect: float,
                 edge_contrast: float) -> tuple[np.ndarray, np.ndarray]:
    """:func:`refine_all` in NumPy (the arguments as it checks them; ``quads`` float32,
    changed in place and returned): the fallback where :mod:`vision._refine` was not
    built. The profiles are sampled with ``cv2.remap`` on the picture as float32."""
    grey = grey.astype(np.float32, copy=False)
    support = np.full(len(quads), np.nan)
    first = quads[:, 1] - quads[:, 0]
    side = np.hypot(first[:, 0], first[:, 1]).astype(np.float64)
    alive = np.ones(len(quads), bool)
    for share, least in _PASSES:
        index = np.flatnonzero(alive)
        if not len(index):
            return quads, support
        current = quads[index]
        reach = np.maximum(least, share * side[index])
        along, found, contrast, points, normals = _side_edges(grey, current, reach)
        fitted, ok = _vote(along, found, contrast >= edge_contrast, reach)
        directions = points[:, :, -1] - points[:, :, 0]
        directions /= np.maximum(np.hypot(directions[..., 0], directions[..., 1]), 1e-6)[..., None]
        middles = points.sum(axis=2) / SAMPLES_PER_SIDE + fitted[..., :1] * normals
        directions += fitted[..., 1:] * normals
        placed = ok.sum(axis=1)
        for k in np.flatnonzero(placed == 3):
            _opposite(middles[k], directions[k], int(np.argmin(ok[k])), aspect)
        moved, exists = _corners(middles, directions)
        moved = moved.astype(np.float32)
        exists &= (placed >= 3) & (np.abs(moved - current).max(axis=(1, 2)) <= 0.3 * side[index])
        alive[index[~exists]] = False
        quads[index[exists]] = moved[exists]
    index = np.flatnonzero(alive)
    if not len(index):
        return quads, support
    _, found, contrast, points, _ = _side_edges(grey, quads[index], np.full(len(index), 3.0))
    on_edge = (np.abs(np.nan_to_num(found, nan=99.0)) <= 1.5).any(axis=3)
    size = np.array(grey.shape[1::-1], np.float64)
    seen = np.all((points >= 2) & (points <= size - 3), axis=3)
    shown = seen.sum(axis=(1, 2))
    fraction = np.sum((contrast >= edge_contrast) & on_edge & seen, axis=(1, 2)) / np.maximum(shown, 1)
    support[index] = np.where(shown >= 0.6 * 4 * SAMPLES_PER_SIDE, fraction, np.nan)
    return quads, support


def _side_edges(grey: np.ndarray, quads: np.ndarray, reach: np.ndarray) -> tuple[np.ndarray, ...]:
    """Where each side's edge may be, for N candidate outlines ``quads`` (N × 4 × 2).

    For :data:`SAMPLES_PER_SIDE` points along each side (away from the rounded
    corners), the grey-level profile across the side is sampled from ``reach`` (N)
    pixels inside to ``reach`` outside (rounded up). The paper's level is the profile's
    brightest inside the side, the table's the darkest of its outer two thirds (a
    neighbouring card may lie at its end); an edge candidate is a place where the
    profile falls through the level halfway between (:data:`PAPER_LIKE`), and up to
    :data:`CROSSINGS` of them, outermost first, are kept. The batch's arrays are as wide
    as its longest reach; what lies beyond a candidate's own is masked.

    Returns the along-side positions (N × 4 × S), the candidates' offsets along the
    outward normal (N × 4 × S × C, NaN where there is none), the contrast paper − table
    of each profile (N × 4 × S), the sample points (N × 4 × S × 2) and the outward
    normals (N × 4 × 2).
    """
    n = len(quads)
    steps = np.ceil(reach).astype(np.int64)
    widest = int(steps.max())
    offsets = np.arange(-widest, widest + 1, dtype=np.float32)
    sides = quads[:, _NEXT] - quads
    lengths = np.maximum(np.hypot(sides[..., 0], sides[..., 1]), 1e-6)[..., None]
    normals = sides[..., ::-1] * _TURN / lengths
    middles = quads + sides / 2 - quads.sum(axis=1, keepdims=True) / 4
    normals[(normals * middles).sum(axis=2) < 0] *= -1
    points = quads[:, :, None, :] + _ALONG[None, None, :, None] * sides[:, :, None, :]
    shape = (n * 4 * SAMPLES_PER_SIDE, len(offsets))
    across_x, across_y = [(points[..., axis, None] + offsets * normals[:, :, None, axis, None])
                          .astype(np.float32).reshape(shape) for axis in (0, 1)]
    flat = cv2.remap(grey, across_x, across_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    profile = flat.reshape(n, 4, SAMPLES_PER_SIDE, -1)
    inside = cv2.dilate(flat, _INSIDE, anchor=(2, 0), borderType=cv2.BORDER_REPLICATE).reshape(profile.shape)
    own = steps[:, None, None, None]
    paper = np.where((offsets <= 0) & (offsets >= -own), profile, -np.inf).max(axis=3)
    table = np.where((offsets >= own + 1 - (2 * own + 2) // 3) & (offsets <= own), profile, np.inf).min(axis=3)
    within = (offsets[:-1] >= -own) & (offsets[1:] <= own)
    middle = ((paper + table) / 2)[..., None]
    above = profile >= middle
    falls = (above[..., :-1] > above[..., 1:]) & within
    falls &= inside[..., :-1] >= (paper - PAPER_LIKE * (paper - table))[..., None]
    drop = profile[..., :-1] - profile[..., 1:]
    fraction = (profile[..., :-1] - middle) / np.maximum(drop, 1e-6)
    position = np.where(falls, offsets[:-1] + np.clip(fraction, 0.0, 1.0), -np.inf)
    found = np.sort(position, axis=3)[..., :-CROSSINGS - 1:-1]
    found[found == -np.inf] = np.nan
    return _ALONG * lengths, found, paper - table, points, normals


def _vote(along: np.ndarray, found: np.ndarray, usable: np.ndarray, reach: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each side's line as ``offset = a + b · (along - mean)``: of the lines through
    the edge candidates that enough profiles agree on, the outermost.

    Candidates vote for (tilt, offset) cells, one pixel apart, within the candidate's
    ``reach`` (N); a cell counts its votes and half its neighbours'; a line needs at
    least half the votes of its side's most agreed one, and at least four. Returns
    (N × 4 × 2) rows ``a, b`` and whether each side has a line through at least three
    candidates (N × 4).
    """
    n = len(found)
    x = (along - along.sum(axis=2, keepdims=True) / SAMPLES_PER_SIDE)[..., None]
    valid = np.isfinite(found) & usable[..., None]
    given = np.where(valid, found, 0.0)
    a = given[None] - _TILTS * x[None]
    radius = np.ceil(reach + np.abs(x).reshape(n, -1).max(axis=1) * SLOPES[-1]).astype(np.int64) + 2
    widest = int(radius.max())
    width = 2 * widest + 1
    own = radius[None, :, None, None, None]
    cells = np.clip(np.rint(a).astype(np.int64), -own, own) + widest
    cells += (np.arange(len(SLOPES) * n * 4).reshape(len(SLOPES), n, 4, 1, 1)) * width
    votes = np.bincount(cells[:, valid].ravel(), minlength=len(SLOPES) * n * 4 * width).reshape(len(SLOPES), n, 4,
                                                                                                 width)
    smooth = votes.astype(np.float32)
    smooth[..., 1:] += 0.5 * votes[..., :-1]
    smooth[..., :-1] += 0.5 * votes[..., 1:]
    smooth *= (np.abs(np.arange(width) - widest) <= radius[:, None])[None, :, None, :]
    best = smooth.max(axis=0)
    enough = best >= np.maximum(4.0, 0.5 * best.max(axis=2, keepdims=True))
    cell = width - 1 - np.argmax(enough[..., ::-1], axis=2)
    sides = np.arange(n * 4)
    slope = np.argmax(smooth.reshape(len(SLOPES), n * 4, width)[:, sides, cell.ravel()], axis=0)
    chosen = a.reshape(len(SLOPES), n * 4, -1)[slope, sides].reshape(found.shape)
    near = valid & (np.abs(chosen - (cell - widest)[..., None, None]) <= 1.5)
    weight = near.astype(np.float64)
    xw = x * weight
    count, sx, sy, sxx, sxy = np.stack([weight, xw, given * weight, x * xw, given * xw]).sum(axis=(3, 4))
    spread = count * sxx - sx * sx
    b = np.where(spread > 1e-6, (count * sxy - sx * sy) / np.maximum(spread, 1e-6), 0.0)
    return np.stack([(sy - b * sx) / np.maximum(count, 1), b], axis=2), enough.any(axis=2) & (count >= 3)


def _corners(points: np.ndarray, directions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each side's line (through ``points[:, k]`` along ``directions[:, k]``,
    N × 4 × 2) meets the previous side's: the corners (N × 4 × 2), and whether they
    exist (N; not when two sides are parallel)."""
    p, d = points[:, _PREV], directions[:, _PREV]
    cross = d[..., 0] * directions[..., 1] - d[..., 1] * directions[..., 0]
    exists: np.ndarray = np.abs(cross).min(axis=1) >= 1e-6
    cross = np.where(np.abs(cross) < 1e-6, 1.0, cross)
    gap = points - p
    s = (gap[..., 0] * directions[..., 1] - gap[..., 1] * directions[..., 0]) / cross
    return p + s[..., None] * d, exists


def _opposite(points: np.ndarray, directions: np.ndarray, k: int, aspect: float) -> None:
    """Place side ``k``'s line (``points[k]``, ``directions[k]``, changed in place)
    from its opposite side and the card's proportions (for a side that cannot be
    seen: in glare, or outside the picture). Side 0 runs along the card's width."""
    point, direction = points[(k + 2) % 4], directions[(k + 2) % 4]
    across = points[(k + 1) % 4] - points[(k + 3) % 4]
    length = max(float(np.hypot(*direction)), 1e-6)
    normal = np.array([-direction[1], direction[0]]) / length
    other = abs(float(np.dot(across, direction))) / length
    distance = other / aspect if k % 2 == 0 else other * aspect
    if float(np.dot(points[k] - point, normal)) < 0:
        normal = -normal
    points[k] = point + distance * normal
    directions[k] = direction.copy()
