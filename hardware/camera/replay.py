"""Replay recorded pictures: a directory of images or a video file, over and over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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

    def _open(self) -> "_Playlist | Any":
        if not self.path.exists():
            raise HardwareError(D.text("{path} does not exist", path=str(self.path)))
        if self.path.is_dir():
            images = sorted(p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            if not images:
                raise HardwareError(D.text("{path} holds no images", path=str(self.path)))
            return _Playlist(images)
        return open_capture(cv2.VideoCapture, str(self.path), self.width, self.height, self._fps)

    def _read(self, source: "_Playlist | Any") -> np.ndarray | None:
        if isinstance(source, _Playlist):
            return source.next_image()
        ok, image = source.read()
        if not ok:
            source.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, image = source.read()
        return image if ok else None

    def _release(self, source: "_Playlist | Any") -> None:
        if not isinstance(source, _Playlist):
            source.release()


class _Playlist:
    """The images of a directory, in name order, and the next one to show."""

    def __init__(self, images: list[Path]) -> None:
        self.images = images
        self.next = 0

    def next_image(self) -> np.ndarray | None:
        image = cv2.imread(str(self.images[self.next]), cv2.IMREAD_COLOR)
        self.next = (self.next + 1) % len(self.images)
        return image
