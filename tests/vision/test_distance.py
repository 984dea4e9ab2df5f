"""The blob distances of vision.detect._split (vision._refine.distances): the bits of
cv2.distanceTransform(mask, cv2.DIST_L2, 3) as OpenCV's own code computes them (without
Intel's IPP, as Debian's OpenCV 4.6 on the Pi does)."""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np
import pytest

from vision import _refine, detect
from vision.render import random_cards, render_scene

# OpenCV's own 3 × 3 chamfer for DIST_L2, in its fixed point of 2^-16 pixel
_SHIFT = 16
_STRAIGHT = int(np.rint(np.float32(0.955) * np.float32(1 << _SHIFT)))
_DIAGONAL = int(np.rint(np.float32(1.3693) * np.float32(1 << _SHIFT)))
_FAR = 2**31 - 1  # what lies beyond the mask (INT_MAX)
_LARGEST = (2**31 - 1) >> 2  # larger distances are written as this


def _reference(mask: np.ndarray) -> np.ndarray:
    """OpenCV's two chamfer passes as its code runs them, pixel by pixel (slow: small
    masks only)."""
    height, width = mask.shape
    d = np.full((height + 2, width + 2), _FAR, np.int64)  # beyond the mask all round
    for y in range(1, height + 1):
        for x in range(1, width + 1):
            if mask[y - 1, x - 1]:
                d[y, x] = min(d[y - 1, x - 1] + _DIAGONAL, d[y - 1, x] + _STRAIGHT, d[y - 1, x + 1] + _DIAGONAL,
                              d[y, x - 1] + _STRAIGHT)
            else:
                d[y, x] = 0
    for y in range(height, 0, -1):
        for x in range(width, 0, -1):
            d[y, x] = min(d[y, x], d[y + 1, x + 1] + _DIAGONAL, d[y + 1, x] + _STRAIGHT, d[y + 1, x - 1] + _DIAGONAL,
                          d[y, x + 1] + _STRAIGHT)
    inner = np.minimum(d[1:-1, 1:-1], _LARGEST)
    return inner.astype(np.float32) * np.float32(1.0 / (1 << _SHIFT))


def _distances(mask: np.ndarray) -> np.ndarray:
    out = np.full(mask.shape, np.nan, np.float32)  # every pixel must be written
    _refine.distances(mask, out)
    return out


def _same_bits(found: np.ndarray, expected: np.ndarray) -> bool:
    return found.dtype == expected.dtype == np.float32 and np.array_equal(found.view(np.uint32),
                                                                          expected.view(np.uint32))


def _as_opencv(mask: np.ndarray) -> bool:
    """Whether the distances are cv2.distanceTransform's, to the bit. OpenCV 5 writes a
    mask without zero pixels otherwise than 4.6 does (65534.63 everywhere, not 8192):
    such a mask is left to the reference there."""
    if int(cv2.__version__.split(".")[0]) >= 5 and mask.all():
        return True
    return _same_bits(_distances(mask), cv2.distanceTransform(mask, cv2.DIST_L2, 3))


def _blob(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """A few filled, turned rectangles in a mask with a zero border, as _split fills a
    blob of touching cards."""
    mask = np.zeros((height + 2, width + 2), np.uint8)
    for _ in range(int(rng.integers(1, 4))):
        centre = (float(rng.uniform(0, width)), float(rng.uniform(0, height)))
        size = (float(rng.uniform(1, width + 3)), float(rng.uniform(1, height + 3)))
        box = cv2.boxPoints((centre, size, float(rng.uniform(0, 90)))).astype(np.int32)
        cv2.fillPoly(mask, [box], 255)
    mask[0], mask[-1], mask[:, 0], mask[:, -1] = 0, 0, 0, 0
    return mask


def _random_mask(rng: np.random.Generator, kind: int, height: int, width: int) -> np.ndarray:
    """Sparse or dense noise (any non-zero level), few zero pixels or none, a blob."""
    if kind == 0:
        return (rng.random((height, width)) < rng.random()).astype(np.uint8) * np.uint8(rng.integers(1, 256))
    if kind == 1:
        return rng.integers(0, 256, (height, width), dtype=np.uint8)
    if kind == 2:
        mask = np.full((height, width), 255, np.uint8)
        mask[rng.integers(0, height, 2), rng.integers(0, width, 2)] = 0
        return mask
    if kind == 3:
        return np.full((height, width), rng.integers(1, 256), np.uint8)
    return _blob(rng, height, width)


def _masks(seed: int, count: int, largest: int) -> Iterator[np.ndarray]:
    rng = np.random.default_rng(seed)
    for i in range(count):
        height, width = (int(n) for n in rng.integers(1, largest, 2))
        yield _random_mask(rng, i % 5, height, width)


@pytest.fixture(scope="module")
def split_masks() -> list[np.ndarray]:
    """The masks vision.detect._split measures on a few rendered frames."""
    seen: list[np.ndarray] = []
    measure = _refine.distances

    def keep(mask: np.ndarray, out: np.ndarray) -> None:
        seen.append(mask.copy())
        measure(mask, out)

    _refine.distances = keep
    try:
        for seed in range(800_000, 800_004):
            rng = np.random.default_rng(seed)
            image, _ = render_scene(random_cards(rng, "mustang", 5), seed=seed)
            detect.find_outlines(image)
    finally:
        _refine.distances = measure
    assert seen
    return seen


@pytest.fixture()
def own_opencv() -> Iterator[None]:
    """OpenCV with Intel's IPP switched off: its own fixed-point code (OpenCV 5 turns
    to it then, as OpenCV 4.6 built without IPP always does)."""
    was = cv2.ipp.useIPP()
    cv2.ipp.setUseIPP(False)
    try:
        if cv2.ipp.useIPP():
            pytest.skip("IPP cannot be switched off")
        yield
    finally:
        cv2.ipp.setUseIPP(was)


def test_steps_are_opencvs():
    assert (_STRAIGHT, _DIAGONAL) == (62587, 89738)


def test_small_masks_as_reference():
    for mask in _masks(1, 300, 24):
        assert _same_bits(_distances(mask), _reference(mask)), mask.shape


@pytest.mark.parametrize("shape", [(1, 1), (1, 9), (9, 1), (2, 2), (3, 17)])
@pytest.mark.parametrize("level", [0, 1, 255])
def test_flat_masks_as_reference(shape, level):
    mask = np.full(shape, level, np.uint8)
    assert _same_bits(_distances(mask), _reference(mask))


def test_no_zero_pixel_is_far():
    assert np.all(_distances(np.full((40, 70), 9, np.uint8)) == 8192.0)


def test_random_masks_as_opencv(own_opencv):
    for mask in _masks(2, 2000, 90):
        assert _as_opencv(mask), mask.shape


def test_large_masks_as_opencv(own_opencv):
    rng = np.random.default_rng(3)
    for height, width in [(480, 640), (700, 1500), (2, 3000), (3000, 2)]:
        for mask in (_blob(rng, height - 2, width - 2), _random_mask(rng, 2, height, width)):
            assert _as_opencv(mask), mask.shape


def test_split_masks_as_opencv(split_masks, own_opencv):
    for mask in split_masks:
        assert _as_opencv(mask), mask.shape


def test_split_masks_near_opencv_as_it_runs(split_masks):
    """With IPP (OpenCV 5 on a PC), OpenCV sums in float: the same to a few units in the
    last place."""
    for mask in split_masks:
        found, expected = _distances(mask), cv2.distanceTransform(mask, cv2.DIST_L2, 3)
        assert np.allclose(found, expected, rtol=1e-4, atol=0), mask.shape


def test_arguments_are_checked():
    mask = np.ones((4, 5), np.uint8)
    with pytest.raises(ValueError):
        _refine.distances(mask, np.empty((5, 4), np.float32))
    with pytest.raises(ValueError):
        _refine.distances(mask, np.empty((4, 5), np.float64))
    with pytest.raises(ValueError):
        _refine.distances(mask.astype(np.int32), np.empty((4, 5), np.float32))
    with pytest.raises(ValueError):
        _refine.distances(np.ones((4, 10), np.uint8)[:, ::2], np.empty((4, 5), np.float32))
    with pytest.raises(ValueError):
        _refine.distances(np.ones((1, 16385), np.uint8), np.empty((1, 16385), np.float32))
    with pytest.raises(TypeError):
        _refine.distances([[1]], np.empty((1, 1), np.float32))
