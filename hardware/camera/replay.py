"""Replay recorded pictures: a directory of images or a video file, over and over."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from companion.errors import HardwareError
from companion.inputs import InputQueue
from hardware.camera.base import Backoff, Camera, D
from hardware.camera.opencv import open_capture

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"})


class ReplayCamera(Camera):
    """Plays ``path`` at the configured frame rate, starting again at the end.

    A directory plays its images in name order (the listing is read again whenever
    the camera reopens, so images may be added between runs); anything else is opened
    as a video file. An image that can no longer be read makes the camera go offline
    and reopen, as a real camera would.
    """

    backend = "replay"

    def __init__(self, queue: InputQueue | None, *, path: str | Path, width: int = 640, height: int = 480,
                 fps: float = 15, rotation: int = 0, backoff: Backoff = Backoff()) -> None:
        super().__init__(queue, width=width, height=height, fps=fps, rotation=rotation, backoff=backoff)
        self.path = Path(path)
        self._images: list[Path] = []
        self._next = 0
        self._video = None

    def _open(self) -> None:
        if not self.path.exists():
            raise HardwareError(D.text("{path} does not exist", path=str(self.path)))
        if self.path.is_dir():
            self._images = sorted(p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            if not self._images:
                raise HardwareError(D.text("{path} holds no images", path=str(self.path)))
            self._next = 0
        else:
            self._video = open_capture(cv2.VideoCapture, str(self.path), self.width, self.height, self._fps)

    def _read(self) -> np.ndarray | None:
        if self._video is None:
            image = cv2.imread(str(self._images[self._next]), cv2.IMREAD_COLOR)
            self._next = (self._next + 1) % len(self._images)
            return image
        ok, image = self._video.read()
        if not ok:
            self._video.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, image = self._video.read()
        return image if ok else None

    def _release(self) -> None:
        if self._video is not None:
            self._video.release()
        self._video = None
        self._images = []
