"""The play zone: where the camera looks for laid cards, and how it is flattened.

Four ArUco markers (dictionary 4×4_50, ids 0 to 3 clockwise from top left) lie at the
corners of the zone; :func:`find_zone` finds them in a frame and takes, of each marker,
the corner pointing into the zone. Without markers the four corners can be set by hand
(:meth:`PlayZone.from_corners`). The zone warps a camera frame to a flat, upright
image (:meth:`PlayZone.flatten`) in which cards are searched, and maps points found
there back to frame pixels (:meth:`PlayZone.to_frame`) for the screen.

OpenCV changed its ArUco API in 4.7; :class:`Aruco` hides the difference so the same
code runs on Debian's 4.6 (``Dictionary_get``, ``DetectorParameters_create``,
``detectMarkers``) and on 4.7+ (``getPredefinedDictionary``, ``ArucoDetector``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import cv2
import numpy as np

from companion.i18n import Domain
from vision.errors import CalibrationError

D = Domain("vision", "vision")

ZONE_MARKER_IDS: tuple[int, ...] = (0, 1, 2, 3)
"""Marker ids at the zone's top-left, top-right, bottom-right and bottom-left corners."""


class Aruco:
    """The ArUco calls this project needs, on either OpenCV API."""

    def __init__(self, dictionary: int = cv2.aruco.DICT_4X4_50) -> None:
        aruco = cv2.aruco
        # grey image -> (each marker's corners, their ids or None, the rejected candidates)
        self._detect: Callable[[np.ndarray], tuple[Sequence[np.ndarray], np.ndarray | None, Sequence[np.ndarray]]]
        if hasattr(aruco, "ArucoDetector"):  # OpenCV 4.7 and later
            self.dictionary = aruco.getPredefinedDictionary(dictionary)
            parameters = aruco.DetectorParameters()
            parameters.minDistanceToBorder = 0  # markers may sit at the edge of the picture
            detector = aruco.ArucoDetector(self.dictionary, parameters)
            self._detect = detector.detectMarkers
            self._draw = aruco.generateImageMarker
        else:  # OpenCV 4.6 and earlier (Debian 12's), an API the stubs of 4.7 and later do not describe
            legacy: Any = aruco
            self.dictionary = legacy.Dictionary_get(dictionary)
            parameters = legacy.DetectorParameters_create()
            parameters.minDistanceToBorder = 0
            self._detect = lambda image: legacy.detectMarkers(image, self.dictionary, parameters=parameters)
            self._draw = legacy.drawMarker

    def detect(self, image: np.ndarray) -> dict[int, np.ndarray]:
        """``{marker id: its four corners (4×2 float32, clockwise from its top left)}``."""
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        corners, ids, _rejected = self._detect(grey)
        if ids is None:
            return {}
        return {int(i): np.asarray(c, np.float32).reshape(4, 2) for i, c in zip(ids.ravel(), corners)}

    def marker(self, marker_id: int, pixels: int) -> np.ndarray:
        """The marker as a ``pixels``×``pixels`` black-and-white image (uint8)."""
        return self._draw(self.dictionary, marker_id, pixels)


@dataclass(frozen=True)
class PlayZone:
    """A quadrilateral of the camera frame and the flat image it is warped to.

    ``corners`` are frame pixels, clockwise from the zone's top left; ``size`` is the
    flattened image's ``(width, height)``.
    """

    corners: tuple[tuple[float, float], ...]
    size: tuple[int, int]

    @classmethod
    def from_corners(cls, corners: Sequence[Sequence[float]] | np.ndarray, size: tuple[int, int] | None = None,
                     longest: int = 640) -> "PlayZone":
        """A zone from four corners set by hand (any order: they are sorted clockwise).

        Without ``size`` the flat image keeps the zone's proportions with its longer side
        ``longest`` pixels.
        """
        points = np.asarray(corners, np.float64)
        if points.shape != (4, 2) or not np.all(np.isfinite(points)):
            raise CalibrationError(D.text("A play zone needs exactly four corners."))
        ordered = order_corners(points)
        if cv2.contourArea(ordered.astype(np.float32)) < 100 or not cv2.isContourConvex(ordered.astype(np.float32)):
            raise CalibrationError(D.text(
                "The four corners of the play zone do not enclose an area; set them again."))
        if size is None:
            width = max(np.linalg.norm(ordered[1] - ordered[0]), np.linalg.norm(ordered[2] - ordered[3]))
            height = max(np.linalg.norm(ordered[3] - ordered[0]), np.linalg.norm(ordered[2] - ordered[1]))
            scale = longest / max(width, height)
            size = (int(round(width * scale)), int(round(height * scale)))
        return cls(tuple((float(x), float(y)) for x, y in ordered), (int(size[0]), int(size[1])))

    @property
    def homography(self) -> np.ndarray:
        """Frame pixels → flat zone pixels."""
        w, h = self.size
        target = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        return cv2.getPerspectiveTransform(np.array(self.corners, np.float32), target)

    def flatten(self, frame: np.ndarray) -> np.ndarray:
        """The zone of ``frame`` warped flat to :attr:`size`."""
        return cv2.warpPerspective(frame, self.homography, self.size, flags=cv2.INTER_LINEAR)

    def to_frame(self, points: np.ndarray) -> np.ndarray:
        """Flat-zone points (N×2) mapped back to frame pixels."""
        pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, np.linalg.inv(self.homography)).reshape(-1, 2)

    def to_json(self) -> dict:
        return {"corners": [list(c) for c in self.corners], "size": list(self.size)}

    @classmethod
    def from_json(cls, data: dict) -> "PlayZone":
        try:
            return cls.from_corners(data["corners"], tuple(data["size"]))
        except (KeyError, TypeError, ValueError) as err:
            raise CalibrationError(D.text("The saved play zone is damaged ({error}); calibrate it again.",
                                          error=str(err))) from err

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=2), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> "PlayZone":
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            raise CalibrationError(D.text("The saved play zone is damaged ({error}); calibrate it again.",
                                          error=str(err))) from err
        return cls.from_json(data)


def order_corners(points: np.ndarray) -> np.ndarray:
    """Four points sorted clockwise (in image coordinates) starting from the top left."""
    pts = np.asarray(points, np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # clockwise on screen (y points down)
    start = int(np.argmin(pts.sum(axis=1)))
    return np.roll(pts, -start, axis=0)


def find_zone(frame: np.ndarray, size: tuple[int, int] | None = None,
              aruco: Aruco | None = None) -> PlayZone:
    """The zone marked by the four corner markers in ``frame``.

    Raises :class:`CalibrationError` saying which markers are missing.
    """
    found = (aruco or Aruco()).detect(frame)
    missing = [i for i in ZONE_MARKER_IDS if i not in found]
    if missing:
        raise CalibrationError(D.text(
            "Corner markers {missing} are not visible; make sure all four markers are in view "
            "and not covered.", missing=", ".join(str(i) for i in missing)))
    centres = np.array([found[i].mean(axis=0) for i in ZONE_MARKER_IDS])
    middle = centres.mean(axis=0)
    inner = []
    for i in ZONE_MARKER_IDS:
        corners = found[i]
        inner.append(corners[int(np.argmin(np.linalg.norm(corners - middle, axis=1)))])
    return PlayZone.from_corners(np.array(inner), size)
