"""The describer's gradient histograms in C (vision._refine.gradient_histograms): the same
bits as the OpenCV and NumPy code they replaced, for every gradient a grey image can have,
on random images of many sizes and on the greys of cards cut from rendered scenes."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import _refine, describe
from vision.describe import HOG_BINS, _unit_rows, describe_all, describe_index, warp_card
from vision.detect import find_outlines
from vision.render import SURFACES, random_cards, render_scene

from tests.vision.helpers import random_picture


def _roots_numpy(greys: np.ndarray, cell: int) -> np.ndarray:
    """The square-rooted histograms (N × cells·HOG_BINS, float32) as the OpenCV and NumPy
    code that _refine.gradient_histograms replaced made them: the images stacked with a
    mirrored row above and below each, cv2.Sobel and cv2.cartToPolar, np.bincount."""
    n, height, width = greys.shape
    padded = np.concatenate([greys[:, 1:2], greys, greys[:, -2:-1]], axis=1).reshape(-1, width)
    magnitude, angle = cv2.cartToPolar(cv2.Sobel(padded, cv2.CV_32F, 1, 0, ksize=3),
                                       cv2.Sobel(padded, cv2.CV_32F, 0, 1, ksize=3))
    bins = (angle * (HOG_BINS / (2 * np.pi))).astype(np.int32) & (HOG_BINS - 1)
    length = (height // cell) * (width // cell) * HOG_BINS
    cell_of = (np.arange(height)[:, None] // cell) * (width // cell) + np.arange(width)[None, :] // cell
    slots = np.full((n, height + 2, width), n * length, np.int32)  # the added rows: past the histograms
    slots[:, 1:-1] = np.arange(n)[:, None, None] * length + cell_of * HOG_BINS
    slots = slots.reshape(-1, width) + bins
    hist = np.bincount(slots.ravel(), magnitude.ravel(), (n + 1) * length)[:n * length]
    return np.sqrt(hist).astype(np.float32).reshape(n, -1)


def _roots(greys: np.ndarray, cell: int) -> np.ndarray:
    """_refine.gradient_histograms' square-rooted histograms, every number written."""
    n, height, width = greys.shape
    roots = np.full((n, (height // cell) * (width // cell) * HOG_BINS), np.nan, np.float32)
    _refine.gradient_histograms(greys, cell, HOG_BINS, roots)
    return roots


def _random_greys(rng: np.random.Generator, shape: tuple[int, int, int]) -> np.ndarray:
    """A random picture (:func:`tests.vision.helpers.random_picture`), or slopes whose
    gradients lie on and beside the bins' edges."""
    if rng.random() < 5 / 6:
        return random_picture(rng, shape)
    y, x = np.mgrid[:shape[1], :shape[2]]
    steps = rng.integers(-3, 4, (shape[0], 2, 1, 1))
    return np.clip(128 + steps[:, 0] * x + steps[:, 1] * y, 0, 255).astype(np.uint8)


def _every_gradient() -> tuple[np.ndarray, np.ndarray]:
    """Grey images (N × 3 × 3·1024) in which each gradient (gx, gy) a uint8 image can have
    is that of the centre of one 3 × 3 block (the blocks side by side along the middle
    row, in the order of the gradients, also given: G × 2), gx and gy alike odd or even,
    |gx|, |gy| ≤ 1020 and |gx| + |gy| ≤ 1530. In a block of rows a, b, c the centre's
    gradient is (a2 − a0 + c2 − c0) + 2 (b2 − b0) across and (c0 − a0 + c2 − a2) + 2 (c1 − a1)
    down: the corners give u + 2m and v + 2k with |u| + |v| ≤ 510, u and v alike odd or even."""
    gy, gx = np.mgrid[-1020:1021, -1020:1021].reshape(2, -1)
    keep = ((gx - gy) % 2 == 0) & (np.abs(gx) + np.abs(gy) <= 1530)
    gx, gy = gx[keep], gy[keep]
    m = np.sign(gx) * np.minimum(np.abs(gx) // 2, 255)
    k = np.sign(gy) * np.minimum(np.abs(gy) // 2, 255)
    u, v = gx - 2 * m, gy - 2 * k
    along, against = (u + v) // 2, (u - v) // 2  # c2 − a0 and a2 − c0
    blocks = np.zeros((gx.size, 3, 3), np.int64)
    blocks[:, 0, 0] = np.maximum(0, -along)
    blocks[:, 2, 2] = blocks[:, 0, 0] + along
    blocks[:, 2, 0] = np.maximum(0, -against)
    blocks[:, 0, 2] = blocks[:, 2, 0] + against
    blocks[:, 1, 0] = np.maximum(0, -m)
    blocks[:, 1, 2] = blocks[:, 1, 0] + m
    blocks[:, 0, 1] = np.maximum(0, -k)
    blocks[:, 2, 1] = blocks[:, 0, 1] + k
    assert blocks.min() >= 0 and blocks.max() <= 255
    blocks = np.concatenate([blocks, np.zeros((-gx.size % 1024, 3, 3), np.int64)])
    greys = blocks.reshape(-1, 1024, 3, 3).transpose(0, 2, 1, 3).reshape(-1, 3, 3 * 1024).astype(np.uint8)
    return greys, np.stack([gx, gy], axis=1)


def test_every_gradient_as_opencv():
    greys, gradients = _every_gradient()
    stacked = greys.reshape(-1, greys.shape[2])  # the middle rows' neighbours are their own image's
    centres = [cv2.Sobel(stacked, cv2.CV_32F, dx, 1 - dx, ksize=3)[1::3, 1::3].ravel() for dx in (1, 0)]
    assert np.array_equal(np.stack(centres, axis=1)[:len(gradients)], gradients)
    for start in range(0, len(greys), 200):
        # cells of 3 × 3: a block each, so that a centre in the wrong bin changes its cell
        chunk = greys[start:start + 200]
        assert np.array_equal(_roots(chunk, 3), _roots_numpy(chunk, 3)), start


def test_random_images_as_opencv():
    rng = np.random.default_rng(820)
    for trial in range(3000):
        if trial % 3 == 0:
            n, height, width, cell = int(rng.integers(1, 8)), 64, 48, 8
        elif trial % 3 == 1:
            n, height, width, cell = int(rng.integers(1, 16)), 28, 16, 4
        else:
            n, cell = int(rng.integers(1, 5)), int(rng.integers(1, 9))
            least = 2 if cell == 1 else 1  # at least 2 pixels each way
            height, width = cell * int(rng.integers(least, 12)), cell * int(rng.integers(least, 12))
        greys = _random_greys(rng, (n, height, width))
        assert np.array_equal(_roots(greys, cell), _roots_numpy(greys, cell)), (trial, greys.shape, cell)


@pytest.mark.parametrize("surface", SURFACES)
def test_rendered_cards_as_opencv(surface, monkeypatch):
    checked = []

    def checking(greys: np.ndarray, cell: int) -> np.ndarray:
        got = gradient_histograms(greys, cell)
        assert np.array_equal(got, _unit_rows(_roots_numpy(greys, cell))), (surface, greys.shape, cell)
        checked.append(cell)
        return got

    gradient_histograms = describe.gradient_histograms
    monkeypatch.setattr(describe, "gradient_histograms", checking)
    for seed in range(820_000, 820_004):
        rng = np.random.default_rng(seed)
        image, _ = render_scene(random_cards(rng, "mustang", int(rng.integers(3, 7))), seed=seed, surface=surface)
        cards = [warp_card(image, quad) for quad, _ in find_outlines(image)]
        describe_all(cards)
        describe_index(cards)
    assert sorted(set(checked)) == [describe.INDEX_CELL, describe.HOG_CELL]


def test_arguments_are_checked():
    greys = np.zeros((2, 64, 48), np.uint8)
    with pytest.raises(ValueError, match="power of two"):
        _refine.gradient_histograms(greys, 8, 6, np.empty((2, 48 * 6), np.float32))
    with pytest.raises(ValueError, match="multiples of cell"):
        _refine.gradient_histograms(greys, 7, 8, np.empty((2, 48 * 8), np.float32))
    with pytest.raises(ValueError, match="out must be"):
        _refine.gradient_histograms(greys, 8, 8, np.empty((2, 47 * 8), np.float32))
    with pytest.raises(ValueError, match="float32"):
        _refine.gradient_histograms(greys, 8, 8, np.empty((2, 48 * 8), np.float64))
