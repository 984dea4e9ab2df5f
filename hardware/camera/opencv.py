"""A USB webcam (or any source OpenCV's ``VideoCapture`` opens), through OpenCV."""

from __future__ import annotations

from typing import Any, Callable

import cv2
import numpy as np

from companion.errors import HardwareError
from companion.inputs import InputQueue
from hardware.camera.base import Backoff, Camera, D

CaptureFactory = Callable[[Any], Any]
"""Makes a ``cv2.VideoCapture``-like object from a device index or a path."""


def open_capture(factory: CaptureFactory, target: int | str, width: int, height: int, fps: float):
    """Open ``target`` and ask for the size and frame rate; raise if it does not open.

    Sources that cannot change size or rate (video files) keep their own.
    """
    capture = factory(target)
    if not capture.isOpened():
        capture.release()
        raise HardwareError(D.text("OpenCV cannot open camera {device}", device=target))
    capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
    capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
    capture.set(cv2.CAP_PROP_FPS, fps)
    capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)
    return capture


class OpenCVCamera(Camera):
    """``cv2.VideoCapture(device)``: a webcam index (``/dev/video<device>``) or a path.

    ``capture_factory`` makes the capture object (default ``cv2.VideoCapture``).
    """

    backend = "opencv"

    def __init__(self, queue: InputQueue | None, *, device: int | str = 0, width: int = 640,
                 height: int = 480, fps: float = 15, rotation: int = 0, backoff: Backoff = Backoff(),
                 capture_factory: CaptureFactory = cv2.VideoCapture) -> None:
        super().__init__(queue, width=width, height=height, fps=fps, rotation=rotation, backoff=backoff)
        self.device = device
        self.capture_factory = capture_factory

    def _open(self) -> Any:
        return open_capture(self.capture_factory, self.device, self.width, self.height, self._fps)

    def _read(self, source: Any) -> np.ndarray | None:
        ok, image = source.read()
        return image if ok else None

    def _release(self, source: Any) -> None:
        source.release()
