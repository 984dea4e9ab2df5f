"""The card-shape test of vision.detect in C gives what its NumPy and OpenCV version gave."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import _refine
from vision.detect import DetectSettings, _card_shaped

AREA_RANGE = (3072.0, 107520.0)
"""A 640 × 480 frame's card areas (DetectSettings' min_area and max_area of it)."""


def numpy_card_shaped(quads: np.ndarray, settings: DetectSettings, area_range: tuple[float, float]) -> list[bool]:
    """The test as vision.detect made it with NumPy and OpenCV before it was C."""
    steps = quads[:, [1, 2, 3, 0]] - quads
    sides = np.sqrt((steps * steps).sum(axis=2))
    short, long = (sides[:, 0] + sides[:, 2]) / 2, (sides[:, 1] + sides[:, 3]) / 2
    with np.errstate(divide="ignore", invalid="ignore"):
        proportioned = (long > 0) & ~(np.abs(short / long - settings.aspect) > settings.aspect_tolerance)
    for a, b in ((0, 2), (1, 3)):
        proportioned &= np.minimum(sides[:, a], sides[:, b]) >= 0.8 * np.maximum(sides[:, a], sides[:, b])
    return [bool(ok) and cv2.isContourConvex(quad) and area_range[0] <= cv2.contourArea(quad) <= area_range[1]
            for quad, ok in zip(quads, proportioned)]


def card_like_quads(rng: np.random.Generator, count: int) -> np.ndarray:
    """Quads around cards of every size and turn, many near each test's limits: the
    proportion, the 0.8 of opposite sides, the areas; some folded, flat or repeated."""
    width = rng.uniform(10, 400, count)
    height = width / rng.choice([0.714, 0.62, 0.6, 0.8, 0.81, 0.84, 1.0, 0.714 * 0.8], count)
    box = np.stack([np.zeros(count), np.zeros(count), width, np.zeros(count), width, height,
                    np.zeros(count), height], axis=1).reshape(count, 4, 2)
    box += rng.normal(0, rng.choice([0.0, 0.3, 3.0, 20.0], count)[:, None, None], box.shape)
    angle = rng.uniform(0, 2 * np.pi, count)
    turn = np.stack([np.cos(angle), -np.sin(angle), np.sin(angle), np.cos(angle)], axis=1).reshape(count, 2, 2)
    quads = np.einsum("nij,nkj->nki", turn, box) + rng.uniform(-50, 700, (count, 1, 2))
    folded = rng.random(count) < 0.05
    quads[folded] = quads[folded][:, [0, 2, 1, 3]]
    flat = rng.random(count) < 0.03
    quads[flat, 2] = quads[flat, 1]
    whole = rng.random(count) < 0.2
    quads[whole] = np.round(quads[whole])
    return quads.astype(np.float32)


@pytest.mark.parametrize("seed", range(4))
def test_the_same_answers_as_numpy_and_opencv(seed: int) -> None:
    rng = np.random.default_rng(seed)
    settings = DetectSettings()
    quads = card_like_quads(rng, 5000)
    expected = numpy_card_shaped(quads, settings, AREA_RANGE)
    assert 0.2 < np.mean(expected) < 0.8  # both answers are tried, many times
    assert _card_shaped(quads, settings, AREA_RANGE) == expected


def test_other_proportions_and_areas() -> None:
    rng = np.random.default_rng(7)
    quads = card_like_quads(rng, 3000)
    for settings, area_range in ((DetectSettings(aspect=0.62, aspect_tolerance=0.05), (100.0, 5000.0)),
                                 (DetectSettings(aspect=1.0, aspect_tolerance=0.3), (0.0, 1e9))):
        assert _card_shaped(quads, settings, area_range) == numpy_card_shaped(quads, settings, area_range)


def test_a_card_and_what_is_not_one() -> None:
    settings = DetectSettings()
    card = [[100, 100], [171.4, 100], [171.4, 200], [100, 200]]
    square = [[100, 100], [200, 100], [200, 200], [100, 200]]
    tiny = [[0, 0], [7.14, 0], [7.14, 10], [0, 10]]
    bow_tie = [[100, 100], [171.4, 200], [171.4, 100], [100, 200]]
    nan = [[100, 100], [np.nan, 100], [171.4, 200], [100, 200]]
    quads = np.array([card, square, tiny, bow_tie, nan], np.float32)
    assert _card_shaped(quads, settings, AREA_RANGE) == [True, False, False, False, False]
    assert _card_shaped(quads[:0], settings, AREA_RANGE) == []


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="N x 4 x 2"):
        _refine.card_shaped(np.zeros((2, 3, 2), np.float32), 0.7, 0.1, 0.0, 1.0)
    with pytest.raises(ValueError, match="float32"):
        _refine.card_shaped(np.zeros((2, 4, 2)), 0.7, 0.1, 0.0, 1.0)


def test_the_limits_are_kept_to_the_bit() -> None:
    # 75 × 100: a ratio of exactly 0.5 + 0.25, an area of exactly 7,500
    exact = np.array([[[0, 0], [75, 0], [75, 100], [0, 100]]], np.float32)
    halves = DetectSettings(aspect=0.5, aspect_tolerance=0.25)
    assert _card_shaped(exact, halves, (0.0, 7500.0)) == [True]
    assert _card_shaped(exact, halves, (7500.0, 8000.0)) == [True]
    assert _card_shaped(exact, DetectSettings(aspect=0.5, aspect_tolerance=0.2499), (0.0, 1e6)) == [False]
    assert _card_shaped(exact, halves, (0.0, 7499.9)) == [False]
    # a top side of 80 and a bottom one of 100: 80 is float32(0.8) × 100 in float32
    trapezoid = np.array([[[0, 0], [80, 0], [90, 120], [-10, 120]]], np.float32)
    assert _card_shaped(trapezoid, DetectSettings(aspect=0.75), (0.0, 1e6)) == [True]
    narrower = trapezoid.copy()
    narrower[0, 1, 0] = np.nextafter(np.float32(80), np.float32(0))
    assert _card_shaped(narrower, DetectSettings(aspect=0.75), (0.0, 1e6)) == [False]
    three_quarters = DetectSettings(aspect=0.75)
    for quads, settings, area_range in ((exact, halves, (0.0, 7500.0)), (trapezoid, three_quarters, (0.0, 1e6)),
                                        (narrower, three_quarters, (0.0, 1e6))):
        assert _card_shaped(quads, settings, area_range) == numpy_card_shaped(quads, settings, area_range)
