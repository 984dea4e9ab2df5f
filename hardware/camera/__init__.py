"""The overhead camera: one interface (:class:`Camera`), four backends.

=================  ==============================================================
``picamera2``      the Raspberry Pi camera module (:class:`Picamera2Camera`)
``opencv``         a USB webcam through OpenCV (:class:`OpenCVCamera`)
``replay``         recorded images or a video file, looped (:class:`ReplayCamera`)
``synthetic``      rendered scenes of the cards a test lays (:class:`SyntheticCamera`)
=================  ==============================================================

:func:`open_camera` builds the one the ``[camera]`` settings name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from companion.inputs import InputQueue
from hardware.camera.base import Backoff, Camera, Frame
from hardware.camera.opencv import OpenCVCamera
from hardware.camera.picam import Picamera2Camera
from hardware.camera.replay import ReplayCamera
from hardware.camera.synthetic import SyntheticCamera

if TYPE_CHECKING:
    from hardware.config import CameraConfig

__all__ = ["Backoff", "Camera", "Frame", "OpenCVCamera", "Picamera2Camera", "ReplayCamera",
           "SyntheticCamera", "open_camera"]


class _Common(TypedDict):
    """What every camera backend is built with."""

    width: int
    height: int
    fps: float
    rotation: int
    backoff: Backoff


def open_camera(config: "CameraConfig", queue: InputQueue | None, *, simulate: bool = False,
                deck: str | None = None, markers: bool = False, surface: str | None = None,
                backoff: Backoff = Backoff()) -> Camera:
    """The camera ``config`` describes (not started).

    ``simulate`` (or ``backend = "synthetic"``) gives a :class:`SyntheticCamera`
    rendering cards of ``deck`` on ``surface`` (the standard deck when card vision
    cannot draw ``deck``), with the zone markers when ``markers``.
    Opening the source happens in the capture thread, so a missing camera is reported
    on the queue rather than raised here.
    """
    common = _Common(width=config.width, height=config.height, fps=config.fps,
                     rotation=config.rotation, backoff=backoff)
    backend = "synthetic" if simulate else config.backend
    if backend == "synthetic":
        from vision.decks import STANDARD, drawable

        drawn = deck if deck is not None and drawable(deck) else STANDARD
        return SyntheticCamera(queue, deck=drawn, markers=markers, surface=surface, **common)
    if backend == "replay":
        assert config.path is not None, "a replay camera without a path passed the configuration's check"
        return ReplayCamera(queue, path=config.path, **common)
    if backend == "opencv":
        return OpenCVCamera(queue, device=config.device, **common)
    return Picamera2Camera(queue, exposure_us=config.exposure_us, awb_gains=config.awb_gains, **common)
