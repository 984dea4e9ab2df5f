"""Pictures and checks shared by the tests of vision's C functions (vision._refine)."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest


def random_picture(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """A uint8 picture of ``shape`` (its first axis may stack several) of a random kind:
    noise, a few levels (ties everywhere), one level, blurred noise, or the extremes and
    the middle of the range."""
    kind = int(rng.integers(0, 5))
    if kind == 0:
        return rng.integers(0, 256, shape, dtype=np.uint8)
    if kind == 1:
        return (rng.integers(0, 4, shape) * 85).astype(np.uint8)
    if kind == 2:
        return np.full(shape, rng.integers(0, 256), np.uint8)
    if kind == 3:
        noise = rng.integers(0, 256, (shape[0], int(np.prod(shape[1:]))), dtype=np.uint8)
        return cv2.GaussianBlur(noise, (5, 5), 0).reshape(shape)
    return rng.choice(np.array([0, 1, 2, 127, 128, 254, 255], np.uint8), shape)


def assert_pictures_checked(make: Callable[[np.ndarray, np.ndarray], None]) -> None:
    """That ``make(grey, out)`` (a C function writing a uint8 picture from one) refuses a
    grey picture or an out that is not a non-empty 2-D C-contiguous uint8 array of the
    same size (out writable, apart from grey), and takes two pictures side by side in
    one array."""
    grey = np.zeros((20, 30), np.uint8)
    for bad_grey in (grey.astype(np.float32), grey.astype(np.int16), np.zeros((20, 30, 3), np.uint8),
                     np.zeros((0, 30), np.uint8), np.zeros((20, 0), np.uint8), np.zeros((20, 60), np.uint8)[:, ::2]):
        with pytest.raises(ValueError):
            make(bad_grey, np.zeros(bad_grey.shape[:2], np.uint8))
    read_only = np.zeros_like(grey)
    read_only.flags.writeable = False
    for bad_out in (np.zeros((20, 31), np.uint8), np.zeros((30, 20), np.uint8), grey.astype(np.int16), read_only,
                    np.zeros((20, 60), np.uint8)[:, ::2], np.zeros((20, 30, 1), np.uint8)):
        with pytest.raises(ValueError):
            make(grey, bad_out)
    with pytest.raises(ValueError):
        make(grey, grey)
    rows = np.zeros((40, 30), np.uint8)
    with pytest.raises(ValueError):
        make(rows[:20], rows[10:30])  # overlapping
    make(rows[:20], rows[20:])  # side by side
