"""The describer's pixel work in C (vision._refine: blur, white_balance, shrink): the same
bits as the OpenCV and NumPy calls it replaced, on random pictures of many sizes and on
cards cut from rendered scenes."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import _refine
from vision.describe import _BLUR_TAPS, WARP_SIZE, _shrunk, _white_balanced, warp_card
from vision.detect import find_outlines
from vision.render import SURFACES, random_cards, render_scene

from tests.vision.helpers import random_picture


def _rendered_cards(seed: int, surface: str) -> np.ndarray:
    """The upright images (N × 88 × 64 × 3) of the cards found in a rendered scene."""
    rng = np.random.default_rng(seed)
    image, _ = render_scene(random_cards(rng, "mustang", int(rng.integers(3, 7))), seed=seed, surface=surface)
    return np.stack([warp_card(image, quad) for quad, _ in find_outlines(image)])


def _white_balanced_numpy(cards: np.ndarray) -> np.ndarray:
    """The NumPy and OpenCV white balance that _white_balanced replaced."""
    n, height, width, _ = cards.shape
    stacked = cards.reshape(n * height, width, 3)
    patches = cv2.resize(stacked, (width // 8, height // 8 * n), interpolation=cv2.INTER_AREA).reshape(n, -1, 3)
    bright = patches[np.arange(n), np.argmax(patches.sum(axis=2, dtype=np.int32), axis=1)].astype(np.float32)
    gains = 235.0 / np.maximum(bright, 20.0)
    levels = cards.astype(np.float32) * gains[:, None, None, :]
    balanced = np.empty_like(cards)
    np.minimum(levels, np.float32(255.0), out=balanced, casting="unsafe")
    return balanced


def _assert_describer_steps_as_opencv(cards: np.ndarray, what: object) -> None:
    """Each C step on N cards (N × 88 × 64 × 3) as the OpenCV or NumPy call it replaced."""
    n, (width, height) = len(cards), WARP_SIZE
    blurred = np.full_like(cards, 77)  # every pixel must be written
    _refine.blur(cards, _BLUR_TAPS, blurred)
    for card, got in zip(cards, blurred):
        assert np.array_equal(got, cv2.GaussianBlur(card, (5, 5), 1.0)), what
    balanced, grey = _white_balanced(blurred)
    assert np.array_equal(balanced, _white_balanced_numpy(blurred)), what
    stacked, grey = balanced.reshape(n * height, width, 3), grey.reshape(n * height, width)
    assert np.array_equal(grey, cv2.cvtColor(stacked, cv2.COLOR_BGR2GRAY)), what
    for picture, size in ((grey, (16, 22 * n)), (grey, (48, 64 * n)), (stacked, (8, 11 * n))):
        assert np.array_equal(_shrunk(picture, size), cv2.resize(picture, size, interpolation=cv2.INTER_AREA)), \
            (what, picture.shape, size)


@pytest.mark.parametrize("surface", SURFACES)
def test_rendered_cards_as_opencv(surface):
    for seed in range(810_000, 810_004):
        cards = _rendered_cards(seed, surface)
        _assert_describer_steps_as_opencv(cards, (surface, seed))
        dim = (cards * np.float32([0.3, 0.5, 0.4])).astype(np.uint8)  # tinted and dim: large gains
        _assert_describer_steps_as_opencv(dim, (surface, seed, "dim"))


def test_random_cards_as_opencv():
    rng = np.random.default_rng(811)
    for trial in range(300):
        n = int(rng.integers(1, 8))
        cards = random_picture(rng, (n, WARP_SIZE[1], WARP_SIZE[0], 3))
        _assert_describer_steps_as_opencv(cards, trial)


def test_shrink_as_opencv_at_any_size():
    # whole factors (OpenCV's fast path; 2 × 2 rounds halves up) and others (shares)
    rng = np.random.default_rng(812)
    for trial in range(1500):
        channels = int(rng.choice([1, 2, 3, 4]))
        if trial % 3 == 0:
            fx, fy = int(rng.integers(1, 9)), int(rng.integers(1, 9))
            dw, dh = int(rng.integers(1, 15)), int(rng.integers(1, 15))
            width, height = fx * dw, fy * dh
        else:
            width, height = int(rng.integers(1, 100)), int(rng.integers(1, 100))
            dw, dh = int(rng.integers(1, width + 1)), int(rng.integers(1, height + 1))
        picture = random_picture(rng, (height, width, channels) if channels > 1 else (height, width))
        expected = cv2.resize(picture, (dw, dh), interpolation=cv2.INTER_AREA)
        assert np.array_equal(_shrunk(picture, (dw, dh)), expected), (trial, picture.shape, (dh, dw))


def test_blur_as_opencv_at_any_size():
    rng = np.random.default_rng(813)
    for trial in range(300):
        shape = (int(rng.integers(1, 4)), int(rng.integers(3, 40)), int(rng.integers(3, 40)),
                 int(rng.choice([1, 3, 4])))
        cards = random_picture(rng, shape)
        out = np.full_like(cards, 77)
        _refine.blur(cards, _BLUR_TAPS, out)
        for card, got in zip(cards, out):
            assert np.array_equal(got, cv2.GaussianBlur(card, (5, 5), 1.0).reshape(got.shape)), (trial, shape)


def test_grey_levels_as_opencv_for_every_colour():
    # with white 255 and a white patch first, the gains are 1: balanced = cards, and the
    # grey levels are cv2.COLOR_BGR2GRAY's of all 2^24 colours
    colours = np.arange(1 << 24, dtype=np.uint32)
    pixels = np.stack([colours >> 16, (colours >> 8) & 255, colours & 255], axis=-1).astype(np.uint8)
    cards = np.full((64, 8 + 1024, 256, 3), 255, np.uint8)
    cards[:, 8:] = pixels.reshape(64, 1024, 256, 3)
    balanced, grey = np.empty_like(cards), np.empty(cards.shape[:3], np.uint8)
    _refine.white_balance(cards, 8, 255.0, 20.0, balanced, grey)
    assert np.array_equal(balanced, cards)
    assert np.array_equal(grey[:, 8:].reshape(4096, 4096), cv2.cvtColor(pixels.reshape(4096, 4096, 3),
                                                                         cv2.COLOR_BGR2GRAY))


def test_arguments_are_checked():
    cards = np.zeros((2, 88, 64, 3), np.uint8)
    with pytest.raises(ValueError, match="taps"):
        _refine.blur(cards, (14, 62, 104, 62, 15), np.empty_like(cards))
    with pytest.raises(ValueError, match="share memory"):
        _refine.blur(cards, _BLUR_TAPS, cards)
    with pytest.raises(ValueError, match="multiples of patch"):
        _refine.white_balance(cards, 7, 235.0, 20.0, np.empty_like(cards), np.empty(cards.shape[:3], np.uint8))
    with pytest.raises(ValueError, match="shaped"):
        _refine.white_balance(cards, 8, 235.0, 20.0, np.empty_like(cards), np.empty((2, 88, 63), np.uint8))
    with pytest.raises(ValueError, match="out must be"):
        _refine.shrink(cards[0], np.empty((89, 64, 3), np.uint8))  # not a shrink
    with pytest.raises(ValueError, match="channels"):
        _refine.shrink(cards[0], np.empty((44, 32, 1), np.uint8))
