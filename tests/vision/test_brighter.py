"""The brighter-than-around mask of vision.detect (vision._refine.brighter_mask): the same
bits as OpenCV's box mean, saturated difference and threshold give."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision import _refine
from vision.detect import DetectSettings, _brighter_than_around
from vision.render import SURFACES, random_cards, render_scene

from tests.vision.helpers import assert_pictures_checked

WIDEST = _refine.WIDEST_WINDOW


def _opencv(grey: np.ndarray, side: int, contrast: float) -> np.ndarray:
    mean = cv2.boxFilter(grey, -1, (side, side), borderType=cv2.BORDER_REPLICATE | cv2.BORDER_ISOLATED)
    return cv2.threshold(cv2.subtract(grey, mean), contrast, 255, cv2.THRESH_BINARY)[1]


def _brighter_mask(grey: np.ndarray, side: int, contrast: float) -> np.ndarray:
    out = np.full_like(grey, 77)  # every pixel must be written
    _refine.brighter_mask(grey, side, contrast, out)
    return out


def _assert_as_opencv(grey: np.ndarray, side: int, contrast: float, what: object) -> None:
    expected, found = _opencv(grey, side, contrast), _brighter_mask(grey, side, contrast)
    assert np.array_equal(found, expected), (what, grey.shape, side, contrast, int((found != expected).sum()))


CONTRASTS = [3.0, 0.0, -0.0, 2.5, 2.9999, -0.5, -1.0, -7.25, 1.0, 10.0, 254.5, 255.0, 300.0]


@pytest.mark.parametrize("surface", SURFACES)
def test_rendered_scenes_as_opencv(surface):
    for seed in range(710_100, 710_103):
        rng = np.random.default_rng(seed)
        image, _ = render_scene(random_cards(rng, "mustang", int(rng.integers(3, 7))), seed=seed, surface=surface,
                                distortions=None if seed % 2 else ())
        blurred = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (5, 5), 0)  # as vision.detect gives it
        for contrast in CONTRASTS[:6]:
            _assert_as_opencv(blurred, 51, contrast, (surface, seed))
        for side in (1, 3, 15, 17, 101, WIDEST):
            _assert_as_opencv(blurred, side, 3.0, (surface, seed))
        settings = DetectSettings()
        assert np.array_equal(_brighter_than_around(blurred, settings), _opencv(blurred, 51, settings.local_contrast))


def _random_picture(rng: np.random.Generator, kind: int, height: int, width: int) -> np.ndarray:
    """Noise, a few grey levels, blurred noise, one grey, near-black or near-white (means
    that round at the ends of the range), or a ramp."""
    if kind == 0:
        return rng.integers(0, 256, (height, width), dtype=np.uint8)
    if kind == 1:
        return (rng.integers(0, 4, (height, width)) * 85).astype(np.uint8)
    if kind == 2:
        return cv2.GaussianBlur(rng.integers(0, 256, (height, width), dtype=np.uint8), (5, 5), 0)
    if kind == 3:
        return np.full((height, width), rng.integers(0, 256), np.uint8)
    if kind == 4:
        return rng.integers(0, 3, (height, width), dtype=np.uint8) * np.uint8(rng.integers(0, 2) * 253 + 1)
    rows, columns = np.mgrid[:height, :width]
    return ((columns * rng.uniform(-5, 5) + rows * rng.uniform(-5, 5)) % 256).astype(np.uint8)


def test_random_pictures_of_any_size_and_side_as_opencv():
    rng = np.random.default_rng(13)
    shapes = [(1, 1), (1, 2), (2, 1), (1, 200), (200, 1), (2, 3), (3, 3), (5, 7), (16, 16), (17, 31), (31, 17),
              (50, 52), (64, 65), (101, 33), (7, 300), (163, 165), (240, 320)]
    for k in range(3000):
        height, width = shapes[k % len(shapes)] if k % 3 else (int(rng.integers(1, 120)), int(rng.integers(1, 120)))
        side = (int(rng.integers(0, WIDEST // 2 + 1)) * 2 + 1 if k % 4
                else int(rng.choice([1, 3, 5, 15, 17, 51, WIDEST])))
        contrast = CONTRASTS[k % len(CONTRASTS)] if k % 5 else float(rng.uniform(-3, 40))
        _assert_as_opencv(_random_picture(rng, k % 6, height, width), side, contrast, k)


def test_opencv_rounds_its_means_to_nearest_up_to_the_widest_window():
    # OpenCV's vectorised columns scale a window's sum by 1 / side² in float32 and round
    # it (to nearest, ties to even); for these sides that is the nearest whole number for
    # every sum a window can have
    for side in (51, WIDEST):
        area = side * side
        sums = np.arange(255 * area + 1)
        nearest = (2 * sums + area) // (2 * area)
        assert np.array_equal(np.rint(sums.astype(np.float32) * np.float32(1 / area)), nearest)
    # a side wider by two: a 165 × 165 picture of this sum, its centre's window the whole
    # picture, has a float32 mean one level above the nearest
    side, total = WIDEST + 2, 6_030_337
    level, extra = divmod(total, side * side)
    picture = np.full(side * side, level, np.uint8)
    picture[:extra] += 1
    picture = picture.reshape(side, side)
    mean = cv2.boxFilter(picture, -1, (side, side), borderType=cv2.BORDER_REPLICATE | cv2.BORDER_ISOLATED)
    assert round(total / side**2) == 221 and mean[side // 2, side // 2] == 222


def test_the_widest_windows_and_brightest_pictures():
    rng = np.random.default_rng(17)
    for height, width in ((WIDEST, WIDEST), (WIDEST + 40, 2 * WIDEST + 1), (3, 400)):
        for level in (255, 254, 0):
            grey = np.full((height, width), level, np.uint8)
            grey[rng.random((height, width)) < 0.01] = 255 - level
            for contrast in (3.0, -1.0, 0.0):
                _assert_as_opencv(grey, WIDEST, contrast, level)


def test_a_window_wider_than_the_widest_is_made_by_opencv():
    grey = np.random.default_rng(19).integers(0, 256, (60, 80), dtype=np.uint8)
    settings = DetectSettings(local_window=(WIDEST + 2) / math.sqrt(60 * 80))
    assert np.array_equal(_brighter_than_around(grey, settings), _opencv(grey, WIDEST + 2, settings.local_contrast))


def test_each_pixel_is_written_and_the_picture_is_kept():
    grey = np.random.default_rng(5).integers(0, 256, (50, 60), dtype=np.uint8)
    before = grey.copy()
    for fill in (0, 255, 77):
        for contrast in (3.0, -2.0):
            out = np.full_like(grey, fill)
            _refine.brighter_mask(grey, 21, contrast, out)
            assert np.array_equal(out, _opencv(grey, 21, contrast))
    assert np.array_equal(grey, before)


def test_malformed_arguments_are_refused():
    grey = np.zeros((20, 30), np.uint8)
    out = np.zeros_like(grey)
    with pytest.raises(TypeError):
        _refine.brighter_mask(grey.tolist(), 5, 3.0, out)
    with pytest.raises(TypeError):
        _refine.brighter_mask(grey, 5, 3.0, None)
    with pytest.raises(TypeError):
        _refine.brighter_mask(grey, 5.0, 3.0, out)
    with pytest.raises(TypeError):
        _refine.brighter_mask(grey, 5, 3.0)
    for side in (0, -1, 2, 50, WIDEST + 1, WIDEST + 2):
        with pytest.raises(ValueError):
            _refine.brighter_mask(grey, side, 3.0, out)
    for contrast in (math.nan, math.inf, -math.inf):
        with pytest.raises(ValueError):
            _refine.brighter_mask(grey, 5, contrast, out)
    assert_pictures_checked(lambda grey, out: _refine.brighter_mask(grey, 5, 3.0, out))
