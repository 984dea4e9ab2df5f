"""The edge mask of vision.detect (vision._refine.edge_mask): OpenCV's Canny edges grown
by a pixel, the same bits as cv2.dilate(cv2.Canny(...)) give."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import _refine
from vision.render import SURFACES, random_cards, render_scene

from tests.vision.helpers import assert_pictures_checked


def _opencv(grey: np.ndarray, low: int, high: int) -> np.ndarray:
    return cv2.dilate(cv2.Canny(grey, low, high), np.ones((3, 3), np.uint8))


def _edge_mask(grey: np.ndarray, low: int, high: int) -> np.ndarray:
    out = np.full_like(grey, 77)  # every pixel must be written
    _refine.edge_mask(grey, low, high, out)
    return out


def _assert_as_opencv(grey: np.ndarray, low: int, high: int, what: object) -> None:
    expected, found = _opencv(grey, low, high), _edge_mask(grey, low, high)
    assert np.array_equal(found, expected), (what, grey.shape, low, high, int((found != expected).sum()))


THRESHOLDS = [(20, 90), (0, 0), (5, 200), (90, 20), (1, 2), (60, 60), (-5, 10), (0, 5000), (2040, 2040), (2039, 2039)]


@pytest.mark.parametrize("surface", SURFACES)
def test_rendered_scenes_as_opencv(surface):
    for seed in range(700_100, 700_104):
        rng = np.random.default_rng(seed)
        image, _ = render_scene(random_cards(rng, "mustang", int(rng.integers(3, 7))), seed=seed, surface=surface,
                                distortions=None if seed % 2 else ())
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        blurred = cv2.GaussianBlur(grey, (5, 5), 0)  # as vision.detect gives it
        for low, high in THRESHOLDS:
            _assert_as_opencv(blurred, low, high, (surface, seed))
        _assert_as_opencv(grey, 20, 90, (surface, seed, "unblurred"))


def _random_picture(rng: np.random.Generator, kind: int, height: int, width: int) -> np.ndarray:
    """Noise, a few grey levels (ties between neighbours' magnitudes everywhere), a ramp
    at a random angle (every gradient direction, one magnitude along it), one grey,
    blurred noise, or black and white."""
    if kind == 0:
        return rng.integers(0, 256, (height, width), dtype=np.uint8)
    if kind == 1:
        return (rng.integers(0, 4, (height, width)) * 85).astype(np.uint8)
    if kind == 2:
        rows, columns = np.mgrid[:height, :width]
        slope = rng.uniform(-12, 12, 2)
        return ((columns * slope[0] + rows * slope[1]) % 256).astype(np.uint8)
    if kind == 3:
        return np.full((height, width), rng.integers(0, 256), np.uint8)
    if kind == 4:
        return cv2.GaussianBlur(rng.integers(0, 256, (height, width), dtype=np.uint8), (5, 5), 0)
    return np.where(rng.random((height, width)) < 0.5, 255, 0).astype(np.uint8)


def test_random_pictures_of_any_size_as_opencv():
    rng = np.random.default_rng(11)
    shapes = [(1, 1), (1, 2), (2, 1), (2, 3), (3, 2), (3, 3), (4, 4), (5, 7), (16, 16), (17, 31), (31, 17),
              (1, 40), (40, 1), (64, 65), (101, 33), (7, 300), (240, 320)]
    for k in range(1200):
        height, width = shapes[k % len(shapes)]
        grey = _random_picture(rng, k % 6, height, width)
        low, high = THRESHOLDS[k % len(THRESHOLDS)]
        if k % 5 == 0:
            low, high = int(rng.integers(-3, 400)), int(rng.integers(-3, 1200))
        _assert_as_opencv(grey, low, high, k)


def test_ties_along_the_gradient():
    # a step between columns 5 and 6: along each row the magnitudes are 0, m, m, 0 at
    # columns 4 to 7, and only the first of the two is a maximum (m > the one before,
    # m ≥ the one after); the same across the rows with the step turned
    step = np.zeros((12, 12), np.uint8)
    step[:, 6:] = 200
    for grey, axis in ((step, 0), (step[:, ::-1], 0), (step.T, 1), (step.T[::-1], 1)):
        grey = np.ascontiguousarray(grey)
        assert np.flatnonzero(cv2.Canny(grey, 20, 90).any(axis=axis)).tolist() == [5]  # OpenCV's rule
        _assert_as_opencv(grey, 20, 90, axis)


def _pair(difference: int) -> tuple[int, int]:
    """Two grey levels (0 … 255) the first of which exceeds the second by ``difference``."""
    return max(0, difference), max(0, -difference)


def _picture_with_gradient(rng: np.random.Generator, dx: int, dy: int) -> np.ndarray | None:
    """A 7×7 picture of noise but for the pixels around its centre, where the 3×3 Sobel
    derivatives are ``dx`` and ``dy``; None where no pixels give them. The eight pixels
    make four differences: the corners down-right less up-left (a, adding to both) and
    up-right less down-left (b: to dx, from dy), and the middles right less left (e,
    twice to dx) and down less up (f, twice to dy)."""
    e, f = int(np.clip(dx // 2, -255, 255)), int(np.clip(dy // 2, -255, 255))
    s, t = dx - 2 * e, dy - 2 * f  # a + b, a − b
    if (s + t) % 2 or abs(s + t) > 510 or abs(s - t) > 510:
        return None
    picture = rng.integers(0, 256, (7, 7))
    (picture[4, 4], picture[2, 2]), (picture[2, 4], picture[4, 2]) = _pair((s + t) // 2), _pair((s - t) // 2)
    (picture[3, 4], picture[3, 2]), (picture[4, 3], picture[2, 3]) = _pair(e), _pair(f)
    return picture.astype(np.uint8)


def test_gradients_on_the_direction_bounds():
    # OpenCV's direction is horizontal where |dy| · 2^15 < |dx| · 13573, vertical where
    # |dy| · 2^15 > |dx| · (13573 + 2^16): a centre pixel's gradient just inside and just
    # outside each bound, every way round, amid noise that makes the direction decide
    rng = np.random.default_rng(23)
    tried = 0
    for ax in range(1, 1021):
        below = ax * 13573 // 32768
        for ay in (below, below + 1, 2 * ax + below, 2 * ax + below + 1):
            for dx, dy in ((ax, ay), (-ax, ay), (ax, -ay), (-ax, -ay)):
                for _ in range(4):
                    grey = _picture_with_gradient(rng, dx, dy)
                    if grey is None:
                        break
                    centre = (cv2.Sobel(grey, cv2.CV_16S, 1, 0)[3, 3], cv2.Sobel(grey, cv2.CV_16S, 0, 1)[3, 3])
                    assert centre == (dx, dy)
                    _assert_as_opencv(grey, 0, 0, (dx, dy))
                    tried += 1
    assert tried > 20_000


def _followed_sideways_only(grey: np.ndarray, low: int, high: int) -> np.ndarray:
    """Canny's edges were weak ones followed through the four side neighbours only (not
    the eight OpenCV follows through)."""
    maxima = cv2.Canny(grey, low, low) > 0  # every maximum above low: none is weak
    strong = cv2.Canny(grey, high, high) > 0
    _, labels = cv2.connectedComponents(maxima.astype(np.uint8), connectivity=4)
    return maxima & np.isin(labels, labels[strong])


def test_weak_edges_touching_at_corners_are_followed():
    rng = np.random.default_rng(29)
    telling = 0
    for k in range(60):
        grey = cv2.GaussianBlur(rng.integers(0, 256, (40, 40), dtype=np.uint8), (3, 3), 0)
        low, high = 10, int(rng.integers(150, 400))
        telling += not np.array_equal(cv2.Canny(grey, low, high) > 0, _followed_sideways_only(grey, low, high))
        _assert_as_opencv(grey, low, high, k)
    assert telling >= 30  # pictures whose edges the four side neighbours alone would not give


def test_each_pixel_is_written_and_the_picture_is_kept():
    grey = np.random.default_rng(5).integers(0, 256, (50, 60), dtype=np.uint8)
    before = grey.copy()
    for fill in (0, 255, 77):
        out = np.full_like(grey, fill)
        _refine.edge_mask(grey, 20, 90, out)
        assert np.array_equal(out, _opencv(grey, 20, 90))
    assert np.array_equal(grey, before)


def test_malformed_arguments_are_refused():
    grey = np.zeros((20, 30), np.uint8)
    out = np.zeros_like(grey)
    with pytest.raises(TypeError):
        _refine.edge_mask(grey.tolist(), 20, 90, out)
    with pytest.raises(TypeError):
        _refine.edge_mask(grey, 20, 90, None)
    with pytest.raises(TypeError):
        _refine.edge_mask(grey, 20.5, 90, out)
    with pytest.raises(TypeError):
        _refine.edge_mask(grey, 20, 90)
    assert_pictures_checked(lambda grey, out: _refine.edge_mask(grey, 20, 90, out))
