"""Outer contours traced in C (vision._refine.outer_contours, through vision.detect._outer_contours)
as cv2.findContours(mask, RETR_EXTERNAL, CHAIN_APPROX_SIMPLE) traces them."""

import cv2
import numpy as np
import pytest

from vision import _refine, detect
from vision.detect import _outer_contours, find_outlines
from vision.render import SURFACES, random_cards, render_scene


def _assert_as_opencv(mask: np.ndarray, what: object = None) -> None:
    expected = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
    found = _outer_contours(mask)
    assert len(found) == len(expected), what
    for k, (mine, theirs) in enumerate(zip(found, expected)):
        assert mine.dtype == np.int32 and mine.shape == theirs.shape, (what, k)
        assert np.array_equal(mine, theirs), (what, k)


def _noise(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """Pixels of any non-zero value at a random density."""
    density = rng.choice([0.01, 0.05, 0.2, 0.4, 0.5, 0.6, 0.8, 0.95, 0.99])
    return np.where(rng.random(shape) < density, rng.integers(1, 256, shape), 0)


def _blobs(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """Smoothed noise cut at about half: blobs with holes, touching the borders."""
    smooth = cv2.GaussianBlur(rng.random(shape).astype(np.float32), (0, 0), rng.uniform(0.5, 6))
    return smooth > np.float32(rng.uniform(0.45, 0.55))


def _rings(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """Nested rings around a point (components in holes in components), some broken."""
    rows, columns = np.mgrid[:shape[0], :shape[1]]
    distance = np.hypot(rows - rng.uniform(0, shape[0]), columns - rng.uniform(0, shape[1]))
    rings = np.floor(distance / rng.uniform(1, 8)) % 2 == 0
    return rings & (rng.random(shape) < 0.97) if rng.random() < 0.5 else rings


def _lines(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """One-pixel lines, 8- and 4-connected (diagonal chains), over the borders too."""
    lines = np.zeros(shape, np.uint8)
    for _ in range(int(rng.integers(1, 12))):
        ends = [(int(rng.integers(-5, shape[1] + 5)), int(rng.integers(-5, shape[0] + 5))) for _ in range(2)]
        cv2.line(lines, *ends, int(rng.integers(1, 256)), 1, cv2.LINE_8 if rng.random() < 0.7 else cv2.LINE_4)
    return lines


def _checkers(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """Checkerboards of 1 to 3 pixel squares (diagonal-only connections), some thinned."""
    rows, columns = np.mgrid[:shape[0], :shape[1]]
    size = int(rng.integers(1, 4))
    board = (rows // size + columns // size) % 2 == int(rng.integers(0, 2))
    return board & (rng.random(shape) < 0.8) if rng.random() < 0.5 else board


def _nested_boxes(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """Boxes inside boxes, alternately filled and empty: holes inside holes, walls of 0 to
    2 pixels, the outermost the picture-sized component."""
    boxes = np.zeros(shape, np.uint8)
    top, left, bottom, right, value = 0, 0, shape[0], shape[1], 1
    while bottom > top and right > left:
        boxes[top:bottom, left:right] = value
        value ^= 1
        top, left = top + int(rng.integers(0, 3)), left + int(rng.integers(1, 3))
        bottom, right = bottom - int(rng.integers(0, 3)), right - int(rng.integers(0, 3))
    return boxes


SHAPES = [(1, 1), (1, 9), (9, 1), (1, 64), (64, 1), (2, 2), (3, 17), (17, 3), (7, 8), (8, 7), (31, 33),
          (64, 64), (97, 131), (240, 320)]
KINDS = [_noise, _blobs, _rings, _lines, _checkers, _nested_boxes]


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__[1:])
def test_random_masks_as_opencv(kind):
    rng = np.random.default_rng(KINDS.index(kind))
    for k in range(150):
        shape = SHAPES[k % len(SHAPES)]
        _assert_as_opencv(np.ascontiguousarray(kind(rng, shape).astype(np.uint8)), (kind.__name__, k, shape))


def test_whole_empty_and_lone_pixels():
    for shape in SHAPES + [(0, 5), (5, 0), (0, 0)]:
        for value in (0, 1, 255):
            _assert_as_opencv(np.full(shape, value, np.uint8), (shape, value))
    lone = np.zeros((9, 11), np.uint8)
    lone[::2, ::3] = 9  # single pixels, also in the corners and on the borders
    _assert_as_opencv(lone)
    assert len(_outer_contours(lone)) == 5 * 4


def test_components_in_holes_are_left_out_and_the_order_is_opencvs():
    mask = np.zeros((40, 60), np.uint8)
    mask[2:30, 2:30] = 1
    mask[5:27, 5:27] = 0  # a hole ...
    mask[8:24, 8:24] = 1  # ... with a component in it, left out ...
    mask[11:21, 11:21] = 0  # ... with a hole ...
    mask[14:18, 14:18] = 1  # ... with a component in it, left out too
    mask[5, 40] = mask[6, 41] = mask[7, 40] = 1  # diagonal neighbours: one component
    mask[35:, 50:] = 1  # on the picture's border
    _assert_as_opencv(mask)
    found = _outer_contours(mask)
    # the last started in the raster scan first
    assert [contour[0, 0].tolist() for contour in found] == [[50, 35], [40, 5], [2, 2]]


def test_the_masks_of_rendered_scenes_as_opencv(monkeypatch):
    seen = []

    def traced(mask, least=0.0):
        seen.append(mask.copy())  # the segmentation masks with their specks: all traced alike
        return _outer_contours(mask, least)

    monkeypatch.setattr(detect, "_outer_contours", traced)
    for seed in range(6):
        rng = np.random.default_rng(seed)
        image = render_scene(random_cards(rng, "mustang", int(rng.integers(3, 7))), deck="mustang", seed=seed,
                             surface=SURFACES[seed % len(SURFACES)])[0]
        find_outlines(image)
    assert sum(mask.shape == (480, 640) for mask in seen) == 2 * 6 and len(seen) > 2 * 6
    for k, mask in enumerate(seen):
        _assert_as_opencv(mask, k)


def test_malformed_masks_are_refused():
    with pytest.raises(TypeError):
        _refine.outer_contours([[0, 1], [1, 0]])
    for mask in (np.zeros((4, 4), np.float32), np.zeros((4, 4, 1), np.uint8), np.zeros(4, np.uint8),
                 np.zeros((4, 8), np.uint8)[:, ::2], np.zeros((4, 4), np.int8)):
        with pytest.raises(ValueError):
            _refine.outer_contours(mask)
    with pytest.raises(TypeError):
        _refine.outer_contours()
