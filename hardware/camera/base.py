"""The camera interface: a capture thread that keeps only the latest frame.

A backend says how to open its source, read one image and release it
(:meth:`Camera._open`, :meth:`Camera._read`, :meth:`Camera._release`); this module
does the rest the same way for all of them: the capture thread, pacing to the
configured frame rate, rotation, the latest-frame slot, and recovery. A source that
fails to open or to deliver a picture puts the camera *offline* (one
:class:`~companion.inputs.DeviceStatus` on the queue), is released, and is reopened
after a capped exponential backoff; the first good picture after that puts it back
online.

The backend's calls are made on a :class:`~hardware.camera.calls.DriverThread`, each
with a time limit: a source that takes more than ``stall_after`` seconds for a
picture (a camera that vanished, whose driver waits for ever) counts as failed like
any other, and :meth:`Camera.stop` returns within :data:`STOP_WAIT` seconds whatever
the driver does.
"""

from __future__ import annotations

import threading
import time
from abc import abstractmethod
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Iterator

import cv2
import numpy as np

from companion.errors import CompanionError, HardwareError
from companion.i18n import Domain, Text
from companion.inputs import DeviceStatus, InputQueue
from hardware.camera.calls import DriverThread
from hardware.device import Device, DeviceReport

D = Domain("hardware", "hardware")

OPEN_WAIT = 10.0
"""Seconds a source may take to open (a Pi camera needs about one)."""
RELEASE_WAIT = 3.0
"""Seconds a source may take to let go; after that it is left to its driver."""
STOP_WAIT = RELEASE_WAIT + 1.0
"""Seconds :meth:`Camera.stop` waits for the capture thread at most."""

ROTATIONS = {0: None, 90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_COUNTERCLOCKWISE}


@dataclass(frozen=True)
class Frame:
    """One picture: BGR ``uint8`` pixels, the ``time.monotonic()`` it was captured at,
    and its number in the camera's stream (counting on across reopenings)."""

    image: np.ndarray
    timestamp: float
    index: int


@dataclass(frozen=True)
class Backoff:
    """Reopen delays: ``first``, doubling, never more than ``limit`` seconds."""

    first: float = 0.5
    limit: float = 30.0

    def delays(self) -> Iterator[float]:
        delay = self.first
        while True:
            yield delay
            delay = min(delay * 2, self.limit)


@dataclass(frozen=True)
class _Opened:
    """An open source and the thread that makes the calls into it."""

    driver: DriverThread
    source: Any


class Camera(Device):
    """Base of the camera backends. Threads start in :meth:`start`, never before.

    ``width``/``height``/``fps`` are what was asked of the source; frames are turned
    clockwise by ``rotation`` degrees after capture. ``queue`` receives the
    online/offline statuses (``None``: nobody is told). A picture that takes more than
    :attr:`stall_after` seconds (3, or five frame periods if longer) means the source
    has stopped.
    """

    name = "camera"
    backend: ClassVar[str]

    def __init__(self, queue: InputQueue | None, *, width: int, height: int, fps: float,
                 rotation: int = 0, backoff: Backoff = Backoff()) -> None:
        if rotation not in ROTATIONS:
            raise HardwareError(D.text("The camera can only be turned by 0, 90, 180 or 270 degrees, not {rotation}.",
                                       rotation=rotation))
        self.queue = queue
        self.width, self.height, self._fps, self.rotation = width, height, float(fps), rotation
        self.backoff = backoff
        self.stall_after = max(3.0, 5 / self._fps)
        """Seconds a picture may take before the source counts as stopped (set before :meth:`start`)."""
        self._latest: Frame | None = None
        self._new_frame = threading.Condition()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._online: bool | None = None
        self.last_error: Text | None = None
        """Why the source last failed (``None`` while it works)."""

    # --- public --------------------------------------------------------------------------
    @property
    def resolution(self) -> tuple[int, int]:
        """``(width, height)`` of delivered frames as configured (after rotation)."""
        if self.rotation in (90, 270):
            return self.height, self.width
        return self.width, self.height

    @property
    def fps(self) -> float:
        """The configured frame rate; :meth:`probe` measures the real one."""
        return self._fps

    @property
    def online(self) -> bool:
        """Whether the last attempt to read a picture succeeded."""
        return bool(self._online)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start the capture thread (no effect if it runs)."""
        if self.running:
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name=f"camera-{self.backend}", daemon=True)
        self._thread.start()

    def latest(self) -> Frame | None:
        """The most recent frame, or ``None`` before the first one."""
        return self._latest

    def wait_frame(self, after: int = -1, timeout: float | None = None) -> Frame | None:
        """The latest frame once its index is above ``after``; ``None`` after ``timeout``."""
        with self._new_frame:
            self._new_frame.wait_for(lambda: self._latest is not None and self._latest.index > after, timeout)
            frame = self._latest
        return frame if frame is not None and frame.index > after else None

    def stop(self) -> None:
        """Stop the capture thread and release the source; :meth:`start` may follow.

        Returns within :data:`STOP_WAIT` seconds: a source whose driver hangs is left to it.
        """
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(STOP_WAIT)
            self._thread = None

    def close(self) -> None:
        self.stop()

    def probe(self, duration: float = 1.0, timeout: float = 3.0) -> DeviceReport:
        """Capture for ``duration`` seconds and report frame size and measured frame rate.

        Waits up to ``timeout`` seconds for the first picture. Starts the camera for the
        probe if it was not running (and stops it after).
        """
        started_here = not self.running
        seen = self._latest.index if self._latest is not None else -1
        self.start()
        try:
            first = self.wait_frame(seen, timeout=timeout)
            last = first
            if first is not None:
                end, frame = first.timestamp + duration, first
                while (remaining := end - time.monotonic()) > 0:
                    frame = self.wait_frame(frame.index, timeout=remaining) or frame
                last = frame
        finally:
            if started_here:
                self.stop()
        details = {"backend": self.backend, "configured_fps": self._fps}
        if first is None or last is None:
            reason = self.last_error or D.text("no picture arrived")
            return DeviceReport(self.name, "camera", False, D.text(
                "No picture from the camera ({reason}). Check the cable and the [camera] settings, "
                "and that no other program uses the camera.", reason=reason), details)
        height, width = last.image.shape[:2]
        span = last.timestamp - first.timestamp
        measured = (last.index - first.index) / span if span > 0 else 0.0
        details.update(width=width, height=height, fps=round(measured, 1))
        return DeviceReport(self.name, "camera", True, D.text(
            "{width}×{height} pictures at {fps} frames per second ({backend}).",
            width=width, height=height, fps=f"{measured:.1f}", backend=self.backend), details)

    # --- for the backends ----------------------------------------------------------------
    @abstractmethod
    def _open(self) -> Any:
        """Open the source and return it (any object the other two take); raise (any
        exception) if it cannot be opened."""

    @abstractmethod
    def _read(self, source: Any) -> np.ndarray | None:
        """One picture (BGR, grey or BGRA) from ``source``; ``None`` or an exception if
        there is none."""

    @abstractmethod
    def _release(self, source: Any) -> None:
        """Let go of ``source``; called once for every source :meth:`_open` returned,
        possibly on another thread than the one that opened it."""

    # --- the capture thread --------------------------------------------------------------
    def _run(self) -> None:
        delays = self.backoff.delays()
        opened: _Opened | None = None
        index = self._latest.index + 1 if self._latest is not None else 0
        period = 1 / self._fps
        due: float | None = None  # when the next frame is due; re-anchored after a stall
        try:
            while not self._stopping.is_set():
                try:
                    if opened is None:
                        opened = self._open_on_a_driver_thread()
                    image = opened.driver.call(partial(self._read, opened.source), self.stall_after,
                                               self._stopping)
                    if image is None:
                        raise HardwareError(D.text("the camera returned no picture"))
                except Exception as err:  # any driver failure means: offline, retry later
                    if opened is not None:
                        self._let_go(opened)
                        opened = None
                    if self._stopping.is_set():
                        break
                    self._went_offline(err)
                    due = None
                    if self._stopping.wait(next(delays)):
                        break
                    continue
                delays = self.backoff.delays()
                self._deliver(self._oriented(image), index)
                index += 1
                now = time.monotonic()
                due = now + period if due is None or now > due + period else due + period
                self._stopping.wait(due - now)
        finally:
            if opened is not None:
                self._let_go(opened)

    def _open_on_a_driver_thread(self) -> "_Opened":
        driver = DriverThread(f"camera-{self.backend}-driver")
        try:
            source = driver.call(self._open, OPEN_WAIT, self._stopping, orphan=self._release_quietly)
        except BaseException:
            driver.close()
            raise
        return _Opened(driver, source)

    def _let_go(self, opened: "_Opened") -> None:
        """Close the driver thread and release the source on a thread of its own, waiting
        :data:`RELEASE_WAIT` seconds at most: the driver thread may be stuck in a call."""
        opened.driver.close()
        releaser = DriverThread(f"camera-{self.backend}-release")
        try:
            releaser.call(partial(self._release_quietly, opened.source), RELEASE_WAIT, threading.Event())
        except HardwareError:
            pass  # the driver hangs even in letting go: the source is dropped
        finally:
            releaser.close()

    def _deliver(self, image: np.ndarray, index: int) -> None:
        frame = Frame(image, time.monotonic(), index)
        with self._new_frame:
            self._latest = frame
            self._new_frame.notify_all()
        if self._online is not True:
            if self._online is False:
                self._report(True, D.text("The camera is working again."))
            self._online = True
            self.last_error = None

    def _went_offline(self, err: Exception) -> None:
        self.last_error = err.text if isinstance(err, CompanionError) else Text.raw(str(err) or type(err).__name__)
        if self._online is not False:
            self._online = False
            self._report(False, D.text(
                "The camera is not delivering pictures ({reason}). The referee keeps trying; check the "
                "cable and that no other program uses the camera. Cards can be entered on the screen meanwhile.",
                reason=self.last_error))

    def _report(self, online: bool, message: Text) -> None:
        if self.queue is not None:
            self.queue.put(DeviceStatus(self.name, online, message, at=time.monotonic()))

    def _release_quietly(self, source: Any) -> None:
        try:
            self._release(source)
        except Exception:  # a source that fails even to close is simply dropped
            pass

    def _oriented(self, image: np.ndarray) -> np.ndarray:
        if image.ndim == 2:
            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        elif image.shape[2] == 4:
            image = cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
        turn = ROTATIONS[self.rotation]
        return image if turn is None else cv2.rotate(image, turn)
