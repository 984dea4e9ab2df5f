"""Play-zone calibration, the ArUco shim, stability filtering and the watcher thread."""

from __future__ import annotations

import time
from dataclasses import dataclass

import cv2
import numpy as np
import pytest

from companion.inputs import CardsSeen, InputQueue
from vision.errors import CalibrationError
from vision.recognize import Detection, PlayZoneWatcher, Recognizer, StabilityFilter, StillView
from vision.render import render_scene
from vision.zone import Aruco, PlayZone, find_zone


def test_aruco_shim_finds_the_markers_it_draws():
    aruco = Aruco()
    page = np.full((300, 300), 255, np.uint8)
    page[50:170, 50:170] = aruco.marker(2, 120)
    found = aruco.detect(page)
    assert list(found) == [2]
    assert np.allclose(found[2][0], (50, 50), atol=2)


def test_zone_found_by_the_printed_marker_sheet():
    from vision.sheets import marker_sheet

    page = marker_sheet(dpi=60)
    tilt = cv2.getPerspectiveTransform(np.float32([[0, 0], [496, 0], [496, 701], [0, 701]]),
                                       np.float32([[20, 10], [470, 30], [490, 690], [5, 660]]))
    photo = cv2.warpPerspective(page, tilt, (500, 705), borderValue=(255, 255, 255))
    zone = find_zone(photo)
    xs, ys = zip(*zone.corners)
    assert xs[0] < xs[1] and ys[1] < ys[2] and xs[3] < xs[2]  # clockwise from top left
    assert zone.flatten(photo).shape[1::-1] == zone.size


def test_missing_markers_are_named():
    image, _ = render_scene(["red-1"], seed=503_001, distortions=())
    with pytest.raises(CalibrationError) as err:
        find_zone(image)
    assert "0, 1, 2, 3" in str(err.value)


def test_zone_by_hand_and_round_trip(tmp_path, mustang_model):
    image, truth = render_scene(["purple-3", "yellow-8", "green-2"], seed=503_002, markers=True,
                                distortions=(), distractors=0)
    corners = list(reversed(truth.zone))  # any order will do
    zone = PlayZone.from_corners(corners)
    path = tmp_path / "zone.json"
    zone.save(path)
    again = PlayZone.load(path)
    assert again == zone
    detections = Recognizer(mustang_model, again).recognize(image)
    named = [d for d in detections if d.card]
    assert len(detections) == 3 and len(named) >= 2
    for d in named:  # outlines come back in frame pixels (which corner leads is tested elsewhere)
        card = next(c for c in truth.cards if c.kind == d.card)
        outline, corners = np.array(d.outline), np.array(card.corners)
        assert min(np.abs(np.roll(outline, k, axis=0) - corners).max() for k in range(4)) < 8


@pytest.mark.parametrize("corners", [[(0, 0), (1, 1), (2, 2), (3, 3)], [(0, 0), (10, 0)]])
def test_bad_corners_are_refused(corners):
    with pytest.raises(CalibrationError):
        PlayZone.from_corners(corners)


def _seen(*cards: str | None) -> list[Detection]:
    return [Detection(c, 0.5, 0.5, ((0, 0), (1, 0), (1, 1), (0, 1)), c or "x", None) for c in cards]


def test_stability_filter_reports_once_after_n_frames():
    f = StabilityFilter(frames=3)
    assert f.update(_seen("red-1", "cowboy")) is None
    assert f.update(_seen("cowboy", "red-1")) is None
    play = f.update(_seen("red-1", "cowboy"))
    assert play is not None and play.cards == ("cowboy", "red-1") and play.unknown == 0
    assert f.update(_seen("red-1", "cowboy")) is None
    assert f.update(_seen("red-1", None)) is None  # a flicker is not a play
    assert f.update(_seen("red-1", "cowboy")) is None
    for _ in range(2):
        assert f.update(_seen("red-1", None)) is None
    changed = f.update(_seen("red-1", None))
    assert changed is not None and changed.cards == ("red-1",) and changed.unknown == 1


@dataclass
class _Frame:
    image: np.ndarray
    timestamp: float


class _Camera:
    def __init__(self, frames):
        self.frames = frames
        self.index = 0

    def latest(self):
        frame = self.frames[min(self.index, len(self.frames) - 1)]
        self.index += 1
        return frame


def test_watcher_puts_cards_seen_on_the_queue(mustang_model):
    image, _ = render_scene(["red-4", "cowboy", "cowboy"], seed=503_100, distortions=("noise",), distractors=0)
    frames = [_Frame(image, float(k)) for k in range(4)] + [_Frame(np.zeros((2, 2), np.uint8), 99.0)]
    queue = InputQueue()
    watcher = PlayZoneWatcher(_Camera(frames), Recognizer(mustang_model), queue, stable_frames=3, interval=0.01)
    with watcher:
        deadline = time.monotonic() + 10
        item = None
        while item is None and time.monotonic() < deadline:
            item = queue.get(timeout=0.1)
    assert isinstance(item, CardsSeen)
    assert item.zone == "play" and len(item.cards) + item.unknown == 3
    assert set(item.cards) <= {"cowboy", "red-4"} and len(item.outlines) == len(item.cards)
    assert len(watcher.latest.detections) in (0, 3)


def test_still_view_tells_noise_from_a_card_changed():
    laid, _ = render_scene(["red-4", "cowboy", "blue-2"], seed=503_300, distractors=0, distortions=())
    swapped, _ = render_scene(["red-4", "cowboy", "green-2"], seed=503_300, distractors=0, distortions=())
    noisy = np.clip(laid + np.random.default_rng(1).normal(0, 5, laid.shape), 0, 255).astype(np.uint8)
    still = StillView(refresh=2.0)
    assert not still.same(laid, 0.0)  # nothing recognised yet
    still.keep(laid, 0.0)
    assert still.same(noisy, 1.0)
    assert not still.same(swapped, 1.0)  # same places, another colour
    assert not still.same(np.zeros_like(laid), 1.0)  # a hand over the zone
    assert not still.same(noisy, 2.5)  # recognised again after ``refresh`` seconds


def test_watcher_recognises_a_still_table_once_and_a_change_again(mustang_model):
    laid, _ = render_scene(["red-4", "cowboy", "blue-2"], seed=503_300, distractors=0, distortions=())
    swapped, _ = render_scene(["red-4", "cowboy", "green-2"], seed=503_300, distractors=0, distortions=())
    rng = np.random.default_rng(2)
    noisy = [np.clip(laid + rng.normal(0, 4, laid.shape), 0, 255).astype(np.uint8) for _ in range(4)]
    frames = [_Frame(image, 0.1 * k) for k, image in enumerate([*noisy, swapped, swapped, swapped])]
    queue = InputQueue()
    watcher = PlayZoneWatcher(_Camera(frames), Recognizer(mustang_model), queue, stable_frames=3)
    for _ in frames:
        watcher.step()
    first, second = queue.get(timeout=1), queue.get(timeout=1)
    assert first.cards == ("blue-2", "cowboy", "red-4") and second.cards == ("cowboy", "green-2", "red-4")
    assert watcher.recognitions == 2  # the first frame of each view; the others were still
