"""The Raspberry Pi camera module, through picamera2 (libcamera).

picamera2 comes with Raspberry Pi OS (``apt install python3-picamera2``) and is
imported only when this camera opens, so the rest of the project runs without it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from companion.errors import HardwareError
from companion.inputs import InputQueue
from hardware.camera.base import Backoff, Camera, D


class Picamera2Camera(Camera):
    """A Pi camera delivering ``RGB888`` frames, which picamera2 lays out in OpenCV's BGR
    order, at the configured size and frame rate.

    ``exposure_us`` fixes the exposure time (automatic exposure off) and ``awb_gains``
    the red and blue colour gains (automatic white balance off), so the card colours
    the deck model learnt stay the same under changing room light.
    """

    backend = "picamera2"

    def __init__(self, queue: InputQueue | None, *, width: int = 640, height: int = 480, fps: float = 15,
                 rotation: int = 0, exposure_us: int | None = None,
                 awb_gains: tuple[float, float] | None = None, camera_num: int = 0,
                 backoff: Backoff = Backoff()) -> None:
        super().__init__(queue, width=width, height=height, fps=fps, rotation=rotation, backoff=backoff)
        self.exposure_us = exposure_us
        self.awb_gains = awb_gains
        self.camera_num = camera_num

    def controls(self) -> dict[str, Any]:
        """The libcamera controls this camera is started with."""
        frame_us = int(round(1_000_000 / self._fps))
        controls: dict[str, Any] = {"FrameDurationLimits": (frame_us, frame_us)}
        if self.exposure_us is not None:
            controls.update(AeEnable=False, ExposureTime=self.exposure_us)
        if self.awb_gains is not None:
            controls.update(AwbEnable=False, ColourGains=tuple(self.awb_gains))
        return controls

    def _open(self) -> Any:
        try:
            from picamera2 import Picamera2
        except ImportError as err:
            raise HardwareError(D.text("picamera2 is not installed; on Raspberry Pi OS run "
                                       "\"sudo apt install python3-picamera2\"")) from err
        if self.camera_num >= len(Picamera2.global_camera_info()):
            raise HardwareError(D.text(
                "no Pi camera detected: check that the ribbon cable sits the right way round with its "
                "latches closed and that config.txt has camera_auto_detect=1, then reboot; "
                "\"rpicam-hello --list-cameras\" must list the camera"))
        camera = Picamera2(self.camera_num)
        try:
            camera.configure(camera.create_video_configuration(
                main={"size": (self.width, self.height), "format": "RGB888"},
                controls=self.controls()))
            camera.start()
        except Exception:
            camera.close()
            raise
        return camera

    def _read(self, source: Any) -> np.ndarray | None:
        return source.capture_array("main")

    def _release(self, source: Any) -> None:
        try:
            source.stop()
        finally:
            source.close()
