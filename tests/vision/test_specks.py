"""Leaving out a mask's specks from its outer contours (vision.detect._outer_contours with
a least extent: traced in C, vision._refine.outer_contours, or by OpenCV where that was not
built), checked against OpenCV's labelling of the mask's components."""

import cv2
import numpy as np
import pytest

from vision import outline
from vision.detect import _outer_contours, _regions


@pytest.fixture(params=["c", "opencv"], autouse=True)
def implementation(request, monkeypatch) -> str:
    """Each test runs with the compiled tracing and with OpenCV's, used where the
    compiled part was not built."""
    if request.param == "opencv":
        monkeypatch.setattr(outline, "compiled", None)
    return request.param


def _without_small_components(mask: np.ndarray, least: float) -> np.ndarray:
    """``mask`` with every 8-connected component whose bounding box (w × h) has
    (w − 1) · (h − 1) < ``least`` zeroed, by OpenCV's labelling."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats((mask != 0).astype(np.uint8), connectivity=8)
    small = (stats[:, cv2.CC_STAT_WIDTH] - 1).astype(np.int64) * (stats[:, cv2.CC_STAT_HEIGHT] - 1) < least
    small[0] = True  # the background: zero already
    return np.where(small[labels], 0, mask).astype(np.uint8)


def _assert_contours_of_large_components(mask: np.ndarray, least: float) -> None:
    """The contours kept are OpenCV's contours of the mask without its small components,
    and the mask is left as it was."""
    before = mask.copy()
    found = _outer_contours(mask, least)
    expected, _ = cv2.findContours(_without_small_components(mask, least), cv2.RETR_EXTERNAL,
                                   cv2.CHAIN_APPROX_SIMPLE)
    assert len(found) == len(expected)
    assert all(np.array_equal(a, b) for a, b in zip(found, expected))
    assert np.array_equal(mask, before)


def test_small_components_are_left_out_as_opencv_labels_them():
    rng = np.random.default_rng(7)
    shapes = [(1, 1), (1, 37), (41, 1), (2, 2), (9, 8), (8, 9), (33, 64), (57, 71), (120, 160)]
    for k in range(600):
        height, width = shapes[k % len(shapes)]
        density = rng.uniform(0.05, 0.75)
        chosen = rng.random((height, width)) < density
        mask = np.where(chosen, rng.integers(1, 256, (height, width)), 0).astype(np.uint8)
        least = float(rng.choice([0, 1, 2.5, 4, 30, 200, height * width]))
        _assert_contours_of_large_components(mask, least)


def test_components_inside_a_speck_free_ring_and_specks_inside_a_kept_ring():
    mask = np.zeros((60, 80), np.uint8)
    cv2.rectangle(mask, (5, 5), (70, 50), 255, 2)      # a ring, kept
    mask[20:23, 20:23] = 255                            # a speck in its hole: OpenCV leaves it out anyway
    cv2.rectangle(mask, (30, 15), (60, 40), 255, 1)     # a large component in the hole: left out too
    mask[55, 2] = mask[2, 75] = 255                     # specks outside, before and after the ring
    for least in (0.0, 8.0, 100.0, 65.0 * 45.0, 65.0 * 45.0 + 1):
        _assert_contours_of_large_components(mask, least)


def test_whole_and_empty_masks():
    for height, width in ((1, 1), (1, 50), (50, 1), (31, 45)):
        for value in (0, 1, 255):
            mask = np.full((height, width), value, np.uint8)
            for least in (0.0, float((height - 1) * (width - 1)), float((height - 1) * (width - 1)) + 0.5):
                _assert_contours_of_large_components(mask, least)


def test_diagonal_neighbours_are_one_component():
    # pixels that touch only at their corners, both ways, and at the picture's border:
    # each alone would be left out, together they span the picture
    for mask in (np.eye(40, 60, dtype=np.uint8) * 255, np.fliplr(np.eye(40, 60, dtype=np.uint8)).copy(),
                 np.kron(np.eye(20, dtype=np.uint8), np.ones((2, 3), np.uint8))):
        least = float((mask.shape[0] - 2) * (mask.shape[0] - 2))
        assert len(_outer_contours(mask, least)) == 1
        _assert_contours_of_large_components(mask, least)
    zigzag = np.zeros((3, 40), np.uint8)
    zigzag[np.arange(40) % 2 * 2, np.arange(40)] = 1  # rows 0 and 2 only: never touching
    assert _outer_contours(zigzag, 1.0) == ()
    zigzag[1, ::2] = 7  # now each column's pixel touches its neighbours' diagonally
    assert len(_outer_contours(zigzag, 2 * 39.0)) == 1


def test_regions_of_a_textured_mask_are_those_of_every_contour_traced():
    rng = np.random.default_rng(3)
    area_range = (0.01 * 640 * 480, 0.35 * 640 * 480)
    for _ in range(4):
        mask = np.where(rng.random((480, 640)) < 0.06, 255, 0).astype(np.uint8)
        mask = cv2.dilate(mask, np.ones((2, 2), np.uint8))  # specks, some merged into larger ones
        for centre, size, angle in (((200, 200), (126, 176), 20), ((500, 300), (60, 80), 0), ((5, 470), (90, 40), 45)):
            cv2.polylines(mask, [np.int32(cv2.boxPoints((centre, size, angle)))], True, 255, 2)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        expected = []
        for contour in contours:
            extent = contour.reshape(-1, 2).max(axis=0) - contour.reshape(-1, 2).min(axis=0)
            hull = cv2.convexHull(contour)
            if int(extent[0]) * int(extent[1]) >= area_range[0] and cv2.contourArea(hull) >= area_range[0]:
                expected.append((contour, hull))
        found = _regions(mask, area_range)
        assert len(found) == len(expected) >= 1
        for (contour, hull), (want_contour, want_hull) in zip(found, expected):
            assert np.array_equal(contour, want_contour) and np.array_equal(hull, want_hull)


def test_a_least_extent_that_is_not_a_number_is_refused(implementation):
    if implementation == "opencv":
        return
    from vision import _refine

    mask = np.zeros((6, 8), np.uint8)
    with pytest.raises(ValueError):
        _refine.outer_contours(mask, float("nan"))
    with pytest.raises(TypeError):
        _refine.outer_contours(mask, "four")
    with pytest.raises(TypeError):
        _refine.outer_contours("mask", 4.0)
