"""vision.detect's quad helpers in C give what their Python and NumPy versions gave."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision import _refine
from vision.detect import _cards_around, _clockwise_short_first, _corner_quads, _Quads


def python_clockwise_short_first(quad: np.ndarray | list[list[float]]) -> np.ndarray:
    """The corners' order as vision.detect made it in Python before it was C."""
    corners = quad.tolist() if isinstance(quad, np.ndarray) else quad
    cx = (corners[0][0] + corners[1][0] + corners[2][0] + corners[3][0]) / 4
    cy = (corners[0][1] + corners[1][1] + corners[2][1] + corners[3][1]) / 4
    corners = sorted(corners, key=lambda corner: math.atan2(corner[1] - cy, corner[0] - cx))
    (x0, y0), (x1, y1), (x2, y2) = corners[:3]
    if (x1 - x0) ** 2 + (y1 - y0) ** 2 > (x2 - x1) ** 2 + (y2 - y1) ** 2:
        corners = corners[1:] + corners[:1]
    return np.array(corners, np.float32)


def some_quads(rng: np.random.Generator, count: int) -> np.ndarray:
    """Cards of every size and turn with their corners shuffled, squares (equal sides),
    quads with repeated corners (equal angles), corners on the centre, whole numbers."""
    width = rng.uniform(1, 300, count)
    height = width * rng.choice([1.4, 1.0, 0.7, 2.0], count)
    box = np.stack([-width, -height, width, -height, width, height, -width, height], axis=1).reshape(count, 4, 2) / 2
    angle = rng.uniform(0, 2 * np.pi, count)
    angle[rng.random(count) < 0.2] = rng.choice([0, np.pi / 2, np.pi, np.pi / 4], 1)
    turn = np.stack([np.cos(angle), -np.sin(angle), np.sin(angle), np.cos(angle)], axis=1).reshape(count, 2, 2)
    quads = np.einsum("nij,nkj->nki", turn, box) + rng.normal(0, rng.choice([0, 0.5, 5], count)[:, None, None],
                                                              box.shape)
    quads += rng.uniform(-100, 700, (count, 1, 2))
    quads = np.take_along_axis(quads, rng.permuted(np.tile(np.arange(4), (count, 1)), axis=1)[:, :, None], axis=1)
    repeated = rng.random(count) < 0.05
    quads[repeated, 1] = quads[repeated, 0]
    whole = rng.random(count) < 0.3
    quads[whole] = np.round(quads[whole])
    return quads


@pytest.mark.parametrize("seed", range(3))
def test_the_corners_come_in_the_order_python_gave(seed: int) -> None:
    rng = np.random.default_rng(seed)
    quads = some_quads(rng, 4000)
    for quad in quads:
        for given in (quad, quad.astype(np.float32), quad.tolist()):
            assert np.array_equal(_clockwise_short_first(given), python_clockwise_short_first(given))


def test_a_card_turned_any_way_starts_at_a_short_side() -> None:
    card = [[10.0, 10.0], [10.0, 110.0], [80.0, 110.0], [80.0, 10.0]]  # counter-clockwise, long side first
    for start in range(4):
        corners = _clockwise_short_first(card[start:] + card[:start])
        sides = np.hypot(*(np.roll(corners, -1, axis=0) - corners).T)
        assert sides[0] == pytest.approx(70) and sides[1] == pytest.approx(100)
        (ux, uy), (vx, vy) = corners[1] - corners[0], corners[2] - corners[1]
        assert ux * vy - uy * vx > 0  # clockwise with y down


def test_corners_at_the_same_angle_keep_their_order() -> None:
    # (3, 0) and (6, 0) lie on one ray from the corners' mean (0, 0)
    outer_first = [[6.0, 0.0], [3.0, 0.0], [-4.5, 5.0], [-4.5, -5.0]]
    inner_first = [[3.0, 0.0], [6.0, 0.0], [-4.5, 5.0], [-4.5, -5.0]]
    for quad in (outer_first, inner_first):
        assert np.array_equal(_clockwise_short_first(quad), python_clockwise_short_first(quad))
    assert not np.array_equal(_clockwise_short_first(outer_first), _clockwise_short_first(inner_first))


def test_corners_that_are_not_finite_come_back_as_given() -> None:
    quad = [[0.0, 0.0], [float("nan"), 1.0], [5.0, 5.0], [0.0, 5.0]]
    assert np.array_equal(_clockwise_short_first(quad), np.array(quad, np.float32), equal_nan=True)


def test_repeats_as_numpy_told_it() -> None:
    rng = np.random.default_rng(5)
    kept = _Quads()
    for _ in range(300):
        candidate = (rng.normal(0, 1, (4, 2)) * 4 + rng.integers(0, 3)).astype(np.float32)
        expected = kept._count > 0 and float(np.abs(np.array(list(kept)) - candidate).max(axis=(1, 2)).min()) < 3
        assert kept.repeats(candidate) == expected
        kept.append(candidate)
    assert all(kept.repeats(q + np.float32(2.9)) for q in kept)
    assert not any(kept.repeats(q + np.float32(1e3)) for q in kept)
    assert not kept.repeats(np.full((4, 2), np.nan, np.float32))
    whole = _Quads([np.zeros((4, 2), np.float32)])
    assert whole.repeats(np.full((4, 2), 2.99, np.float32)) and not whole.repeats(np.full((4, 2), 3, np.float32))


def test_bad_arguments_are_refused() -> None:
    out = np.empty((4, 2), np.float32)
    with pytest.raises(ValueError, match="four"):
        _refine.clockwise_short_first([[0.0, 0.0]] * 3, out)
    with pytest.raises(ValueError, match="4 x 2"):
        _refine.clockwise_short_first(np.zeros((3, 2)), out)
    with pytest.raises(ValueError, match="count"):
        _refine.repeats(np.zeros((2, 4, 2), np.float32), 3, np.zeros((4, 2), np.float32))
    with pytest.raises(ValueError, match="N x 2"):
        _refine.corner_cards(np.zeros((5, 3), np.int32), 10.0, 14.0)
    with pytest.raises(ValueError, match="int32 or float64"):
        _refine.corner_cards(np.zeros((5, 2), np.int64), 10.0, 14.0)
    with pytest.raises(ValueError, match="4 x 2"):
        _refine.cards_around(np.zeros((3, 2)), 10.0, 14.0)


def python_cards_at(corner: list[float], along_u: list[float], along_v: list[float], short: float,
                    long: float) -> list[np.ndarray]:
    (x, y), (ux, uy), (vx, vy) = corner, along_u, along_v
    return [python_clockwise_short_first([[x, y], [x + a * ux, y + a * uy], [x + a * ux + b * vx, y + a * uy + b * vy],
                                          [x + b * vx, y + b * vy]])
            for a, b in ((short, long), (long, short))]


def python_corner_quads(contour: np.ndarray, short: float, long: float) -> list[np.ndarray]:
    """The cards at a region's square corners as vision.detect placed them with NumPy (its
    cosine as a plain sum, as the C's: NumPy's dot product may fuse it)."""
    poly = cv2.approxPolyDP(contour, max(2.0, 0.03 * short), True).reshape(-1, 2).astype(np.float64)
    count = len(poly)
    if count < 3:
        return []
    sides = np.concatenate((poly[1:], poly[:1])) - poly
    lengths = np.hypot(sides[:, 0], sides[:, 1])
    first = np.flatnonzero(lengths >= 0.25 * short)
    if len(first) < 2:
        return []
    second = np.concatenate((first[1:], first[:1]))
    between = (second - first - 1) % count
    rounding = np.where(between >= 1, lengths[(first + 1) % count], 0.0) + \
        np.where(between >= 2, lengths[(first + 2) % count], 0.0)
    u, v = sides[first] / lengths[first, None], sides[second] / lengths[second, None]
    out: list[np.ndarray] = []
    for k in np.flatnonzero((between <= 2) & ~(rounding > 0.1 * short)).tolist():
        (ux, uy), (vx, vy) = u[k].tolist(), v[k].tolist()
        cross = ux * vy - uy * vx
        if abs(ux * vx + uy * vy) > 0.25 or abs(cross) < 1e-6:
            continue
        (x0, y0), (x1, y1) = poly[first[k]].tolist(), poly[second[k]].tolist()
        along = ((x1 - x0) * vy - (y1 - y0) * vx) / cross
        out += python_cards_at([x0 + along * ux, y0 + along * uy], [-ux, -uy], [vx, vy], short, long)
    return out


def python_cards_around(quad: np.ndarray, short: float, long: float) -> list[np.ndarray]:
    corners = quad.astype(np.float64)
    along = corners[[1, 2, 3, 0]] - corners
    along /= np.maximum(np.hypot(along[:, 0], along[:, 1]), 1e-6)[:, None]
    return [card
            for corner, following, preceding in zip(corners.tolist(), along.tolist(), (-along[[3, 0, 1, 2]]).tolist())
            for card in python_cards_at(corner, following, preceding, short, long)]


def region_outlines(rng: np.random.Generator, count: int) -> list[np.ndarray]:
    """Outlines (int32 N × 1 × 2) of masks of one to three overlapping turned cards, some
    with rounded corners or ragged edges, as a frame's regions have them."""
    outlines = []
    for _ in range(count):
        mask = np.zeros((300, 300), np.uint8)
        for _ in range(int(rng.integers(1, 4))):
            box = ((float(rng.uniform(80, 220)), float(rng.uniform(80, 220))),
                   (float(rng.uniform(30, 120)), float(rng.uniform(40, 160))), float(rng.uniform(0, 180)))
            cv2.fillConvexPoly(mask, np.round(cv2.boxPoints(box)).astype(np.int32), 255)
        if rng.random() < 0.3:
            mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9)))
        if rng.random() < 0.3:
            mask[rng.random(mask.shape) < 0.02] = 0
        contours = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
        outlines += list(contours)
    return outlines


def test_cards_at_square_corners_as_numpy_placed_them() -> None:
    rng = np.random.default_rng(11)
    placed = 0
    for outline in region_outlines(rng, 400):
        short = float(rng.uniform(30, 90))
        found, expected = _corner_quads(outline, short, short * 1.4), python_corner_quads(outline, short, short * 1.4)
        assert len(found) == len(expected)
        assert all(np.array_equal(a, b) for a, b in zip(found, expected))
        placed += len(found)
    assert placed > 500
    assert _corner_quads(np.array([[[0, 0]], [[10, 0]]], np.int32), 50, 70) == []


def test_cards_around_a_quad_as_numpy_placed_them() -> None:
    rng = np.random.default_rng(12)
    for quad in some_quads(rng, 1000):
        for given in (quad, quad.astype(np.float32)):
            found, expected = _cards_around(given, 63.0, 88.5), python_cards_around(given, 63.0, 88.5)
            assert len(found) == len(expected) == 8
            assert all(np.array_equal(a, b) for a, b in zip(found, expected))
    flat = np.zeros((4, 2), np.float32)  # sides of no length: directions of 0
    assert all(np.array_equal(a, b) for a, b in zip(_cards_around(flat, 10, 14), python_cards_around(flat, 10, 14)))
