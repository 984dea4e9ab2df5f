"""The camera backends with real frames: OpenCV on a video file, replay, synthetic, picamera2's
configuration on a stand-in module, and recovery when a camera disappears."""

from __future__ import annotations

import itertools
import sys
import threading
import time
import types
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.errors import VisionError
from companion.inputs import DeviceStatus, InputQueue
from hardware.camera import Backoff, OpenCVCamera, Picamera2Camera, ReplayCamera, SyntheticCamera

FAST = Backoff(first=0.01, limit=0.05)
WAIT = 5.0  # generous upper bound for a frame to arrive; never asserted on


def write_video(path: Path, frames: int, size=(160, 120)) -> Path:
    """An MJPG .avi whose frame k is a flat grey of level 20 * k (so frames can be told apart)."""
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30, size)
    assert writer.isOpened()
    for k in range(frames):
        writer.write(np.full((size[1], size[0], 3), 20 * k, np.uint8))
    writer.release()
    return path


def write_images(folder: Path, colours) -> list[Path]:
    folder.mkdir(exist_ok=True)
    out = []
    for n, colour in enumerate(colours):
        path = folder / f"frame{n}.png"
        cv2.imwrite(str(path), np.full((90, 120, 3), colour, np.uint8))
        out.append(path)
    return out


def level(frame) -> int:
    return int(round(float(frame.image.mean())))


def statuses(queue: InputQueue) -> list[DeviceStatus]:
    return [item for item in queue.drain() if isinstance(item, DeviceStatus)]


def until(condition, timeout: float = WAIT) -> None:
    """Wait (bounded) for ``condition()`` to hold; fail if it never does."""
    event = threading.Event()
    for _ in range(int(timeout / 0.01)):
        if condition():
            return
        event.wait(0.01)
    assert condition()


def frames_from(camera, count: int) -> list:
    """``count`` successive frames as the consumer sees them (the latest each time)."""
    out, seen = [], -1
    for _ in range(count):
        frame = camera.wait_frame(seen, timeout=WAIT)
        assert frame is not None, camera.last_error
        out.append(frame)
        seen = frame.index
    return out


def test_opencv_camera_delivers_the_videos_frames_as_bgr(tmp_path):
    video = write_video(tmp_path / "table.avi", frames=6)
    with OpenCVCamera(None, device=str(video), width=160, height=120, fps=60, backoff=FAST) as camera:
        frames = frames_from(camera, 4)
    for frame in frames:
        assert frame.image.shape == (120, 160, 3) and frame.image.dtype == np.uint8
    levels = [level(f) for f in frames]
    assert all(any(abs(lv - 20 * k) <= 3 for k in range(6)) for lv in levels), levels
    assert len(set(levels)) > 1, "the frames of the video should differ"
    assert [f.index for f in frames] == sorted({f.index for f in frames})


def test_opencv_camera_that_runs_dry_goes_offline_and_comes_back(tmp_path):
    """A video file ends like a camera being unplugged: the read fails, the camera reports
    offline, reopens the file after the backoff and reports online again."""
    queue = InputQueue()
    video = write_video(tmp_path / "short.avi", frames=3)
    with OpenCVCamera(queue, device=str(video), width=160, height=120, fps=120, backoff=FAST) as camera:
        frames = frames_from(camera, 12)
    news = statuses(queue)
    assert [s.online for s in news][:2] == [False, True]
    assert news[0].device == "camera" and "no picture" in news[0].message.render("en")
    assert frames[-1].index >= 11  # indices count on across reopenings


def test_a_camera_that_cannot_open_is_retried_until_it_can():
    queue = InputQueue()
    attempts = itertools.count(1)

    class FlakyCapture:
        """Fails to open three times, then delivers frames."""

        def __init__(self, target):
            self.opened = next(attempts) > 3

        def isOpened(self):
            return self.opened

        def set(self, *args):
            return True

        def read(self):
            return True, np.zeros((48, 64, 3), np.uint8)

        def release(self):
            pass

    with OpenCVCamera(queue, device=7, width=64, height=48, fps=60, backoff=FAST,
                      capture_factory=FlakyCapture) as camera:
        frame = camera.wait_frame(timeout=WAIT)
    assert frame is not None and frame.image.shape == (48, 64, 3)
    assert next(attempts) == 5  # three failures, one success, and this call
    news = statuses(queue)
    assert [s.online for s in news] == [False, True]
    assert "OpenCV cannot open camera 7" in news[0].message.render("en")
    assert camera.online


def test_backoff_doubles_up_to_its_limit():
    assert list(itertools.islice(Backoff(first=0.5, limit=4).delays(), 6)) == [0.5, 1, 2, 4, 4, 4]


def test_replay_cycles_a_directory_of_images_in_name_order(tmp_path):
    write_images(tmp_path / "shots", [(10, 10, 10), (100, 100, 100), (200, 200, 200)])
    with ReplayCamera(None, path=tmp_path / "shots", fps=120, backoff=FAST) as camera:
        frames = frames_from(camera, 12)
    cycle = [10, 100, 200]
    for before, after in zip(frames, frames[1:]):
        if after.index == before.index + 1:
            assert cycle.index(level(after)) == (cycle.index(level(before)) + 1) % 3
    assert {level(f) for f in frames} <= set(cycle)
    assert frames[0].image.shape == (90, 120, 3)


def test_replay_loops_a_video_file_without_going_offline(tmp_path):
    queue = InputQueue()
    video = write_video(tmp_path / "game.avi", frames=4)
    with ReplayCamera(queue, path=video, fps=120, backoff=FAST) as camera:
        frames = frames_from(camera, 10)
    assert frames[-1].index >= 9  # more frames than the video has: it looped
    assert statuses(queue) == []


def test_replayed_images_that_disappear_put_the_camera_offline_until_they_return(tmp_path):
    queue = InputQueue()
    folder = tmp_path / "shots"
    images = write_images(folder, [(50, 50, 50), (150, 150, 150)])
    with ReplayCamera(queue, path=folder, fps=120, backoff=FAST) as camera:
        frames_from(camera, 2)
        for image in images:
            image.unlink()
        until(lambda: not camera.online)
        offline = statuses(queue)
        assert [s.online for s in offline] == [False]
        assert "the camera returned no picture" in offline[0].message.render("en")
        write_images(folder, [(90, 90, 90)])
        frame = camera.wait_frame(camera.latest().index, timeout=WAIT)
    assert frame is not None and level(frame) == 90
    assert [s.online for s in statuses(queue)] == [True]


def test_rotation_turns_frames_and_the_reported_resolution(tmp_path):
    write_images(tmp_path / "shots", [(30, 30, 30)])
    with ReplayCamera(None, path=tmp_path / "shots", width=120, height=90, fps=60, rotation=90) as camera:
        frame = camera.wait_frame(timeout=WAIT)
    assert camera.resolution == (90, 120)
    assert frame.image.shape == (120, 90, 3)


def test_latest_keeps_only_the_newest_frame(tmp_path):
    write_images(tmp_path / "shots", [(30, 30, 30)])
    with ReplayCamera(None, path=tmp_path / "shots", fps=200, backoff=FAST) as camera:
        assert camera.wait_frame(20, timeout=WAIT) is not None
        camera.stop()
        latest = camera.latest()
    assert latest.index >= 21
    assert camera.wait_frame(latest.index, timeout=0) is None  # nothing newer is queued up
    assert camera.wait_frame(latest.index - 5, timeout=0) is latest  # older frames are gone


def test_probe_measures_the_frame_rate_and_size(tmp_path):
    write_images(tmp_path / "shots", [(30, 30, 30), (60, 60, 60)])
    camera = ReplayCamera(None, path=tmp_path / "shots", fps=40)
    report = camera.probe(duration=0.5)
    assert report.ok and report.kind == "camera"
    assert report.details["width"] == 120 and report.details["height"] == 90
    assert 0 < report.details["fps"] <= 45
    assert not camera.running  # the probe stopped what it started
    assert "120×90" in report.message.render("en")


def test_probe_of_a_missing_camera_says_what_is_wrong(tmp_path):
    camera = ReplayCamera(None, path=tmp_path / "nowhere", fps=30, backoff=FAST)
    report = camera.probe(duration=0.1, timeout=0.2)
    assert not report.ok
    assert "does not exist" in report.message.render("en")
    assert report.message.render("nl") != report.message.render("en")


def test_synthetic_camera_shows_the_cards_it_is_given():
    camera = SyntheticCamera(None, deck="mustang", width=320, height=240, fps=60)
    with camera:
        empty = camera.wait_frame(timeout=WAIT)
        camera.set_cards(["red-5", "cowboy"])
        shown = camera.wait_frame(empty.index, timeout=WAIT)
        while shown.image.tobytes() == empty.image.tobytes():
            shown = camera.wait_frame(shown.index, timeout=WAIT)
    assert shown.image.shape == (240, 320, 3)
    assert camera.cards == ("red-5", "cowboy")
    assert sorted(card.kind for card in camera.truth.cards) == ["cowboy", "red-5"]


def test_synthetic_camera_refuses_cards_the_deck_lacks_and_keeps_its_scene():
    camera = SyntheticCamera(None, deck="mustang", width=320, height=240)
    camera.set_cards(["blue-1"])
    with pytest.raises(VisionError):
        camera.set_cards(["ace-of-spades"])
    assert camera.cards == ("blue-1",)


def test_unplugged_synthetic_camera_goes_offline_and_back():
    queue = InputQueue()
    camera = SyntheticCamera(queue, deck="mustang", width=160, height=120, fps=100, backoff=FAST)
    with camera:
        first = camera.wait_frame(timeout=WAIT)
        camera.set_connected(False)
        until(lambda: not camera.online)
        camera.set_connected(True)
        assert camera.wait_frame(camera.latest().index, timeout=WAIT) is not None
    assert first is not None
    assert [s.online for s in statuses(queue)] == [False, True]


class FakePicamera2:
    """Stands in for picamera2.Picamera2: records the configuration, hands out frames."""

    instances: list["FakePicamera2"] = []
    cameras: list[dict] = [{"Model": "imx708", "Num": 0}]

    @staticmethod
    def global_camera_info():
        return list(FakePicamera2.cameras)

    def __init__(self, camera_num=0):
        self.camera_num = camera_num
        self.configured = None
        self.running = False
        self.closed = False
        FakePicamera2.instances.append(self)

    def create_video_configuration(self, main=None, controls=None, **kwargs):
        return {"main": main, "controls": controls}

    def configure(self, config):
        self.configured = config

    def start(self):
        self.running = True

    def capture_array(self, name="main"):
        width, height = self.configured["main"]["size"]
        return np.full((height, width, 3), 77, np.uint8)

    def stop(self):
        self.running = False

    def close(self):
        self.closed = True


@pytest.fixture
def fake_picamera2(monkeypatch):
    FakePicamera2.instances = []
    monkeypatch.setattr(FakePicamera2, "cameras", [{"Model": "imx708", "Num": 0}])
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2
    monkeypatch.setitem(sys.modules, "picamera2", module)
    return FakePicamera2


def test_picamera2_is_configured_for_bgr_frames_with_fixed_exposure_and_white_balance(fake_picamera2):
    camera = Picamera2Camera(None, width=320, height=240, fps=20, exposure_us=8000, awb_gains=(1.8, 1.4))
    with camera:
        frame = camera.wait_frame(timeout=WAIT)
    device = fake_picamera2.instances[0]
    assert device.configured["main"] == {"size": (320, 240), "format": "RGB888"}
    assert device.configured["controls"] == {
        "FrameDurationLimits": (50_000, 50_000), "AeEnable": False, "ExposureTime": 8000,
        "AwbEnable": False, "ColourGains": (1.8, 1.4)}
    assert frame.image.shape == (240, 320, 3) and level(frame) == 77
    assert device.closed and not device.running


def test_picamera2_leaves_exposure_and_white_balance_automatic_by_default(fake_picamera2):
    assert Picamera2Camera(None, fps=10).controls() == {"FrameDurationLimits": (100_000, 100_000)}


def test_missing_picamera2_is_reported_with_the_install_command(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # makes the import fail
    report = Picamera2Camera(None, backoff=FAST).probe(duration=0.1, timeout=0.2)
    assert not report.ok
    assert "apt install python3-picamera2" in report.message.render("en")


def test_no_pi_camera_is_said_in_plain_words(fake_picamera2):
    fake_picamera2.cameras = []  # picamera2 finds no camera: Picamera2(0) would raise IndexError
    report = Picamera2Camera(None, backoff=FAST).probe(duration=0.1, timeout=0.3)
    assert not report.ok
    message = report.message.render("en")
    assert "no Pi camera detected" in message and "rpicam-hello --list-cameras" in message
    assert "index" not in message
    assert fake_picamera2.instances == []


class HangingPicamera2(FakePicamera2):
    """A camera that vanishes: the first one delivers two frames, then its capture_array
    blocks until ``unblock`` is set (never, while the test looks). Later ones work."""

    unblock = threading.Event()

    def capture_array(self, name="main"):
        self.captured = getattr(self, "captured", 0) + 1
        if self is FakePicamera2.instances[0] and self.captured > 2:
            HangingPicamera2.unblock.wait()
        return super().capture_array(name)


@pytest.fixture
def hanging_picamera2(fake_picamera2):
    HangingPicamera2.unblock = threading.Event()
    sys.modules["picamera2"].Picamera2 = HangingPicamera2
    yield HangingPicamera2
    HangingPicamera2.unblock.set()  # let the abandoned driver thread end


def test_a_picamera2_whose_capture_hangs_goes_offline_and_is_reopened(hanging_picamera2):
    queue = InputQueue()
    camera = Picamera2Camera(queue, width=64, height=48, fps=30, backoff=FAST)
    camera.stall_after = 0.3
    with camera:
        until(lambda: len(hanging_picamera2.instances) >= 2 and camera.online)
        frame = camera.wait_frame(camera.latest().index, timeout=WAIT)
    assert frame is not None and frame.image.shape == (48, 64, 3)
    stuck, fresh = hanging_picamera2.instances[:2]
    assert stuck.closed and not stuck.running  # let go of while its capture still hung
    news = statuses(queue)
    assert [s.online for s in news] == [False, True]
    assert "did not answer for 0.3 seconds" in news[0].message.render("en")
    assert news[0].message.render("nl") != news[0].message.render("en")


def test_stop_returns_while_the_driver_hangs(hanging_picamera2, monkeypatch):
    monkeypatch.setattr("hardware.camera.base.RELEASE_WAIT", 0.2)
    monkeypatch.setattr(HangingPicamera2, "stop", lambda self: HangingPicamera2.unblock.wait())
    camera = Picamera2Camera(None, width=64, height=48, fps=30)  # stall_after: 3 s
    camera.start()
    until(lambda: hanging_picamera2.instances and getattr(hanging_picamera2.instances[0], "captured", 0) > 2)
    started = time.monotonic()
    camera.stop()
    assert time.monotonic() - started < 1.0
