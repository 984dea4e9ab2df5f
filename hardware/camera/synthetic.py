"""A simulated overhead camera: the play zone with whatever cards it is told are there.

Scenes come from card vision's renderer (:func:`vision.render.render_scene`), so the
pictures are the ones the card recogniser is tested on. Tests and the UI's simulation
panel lay cards down with :meth:`SyntheticCamera.set_cards` and can pull the
camera's plug with :meth:`SyntheticCamera.set_connected`.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Iterable, Sequence

import numpy as np

from companion.errors import HardwareError
from companion.inputs import InputQueue
from hardware.camera.base import Backoff, Camera, D

if TYPE_CHECKING:
    from vision.render import SceneTruth


class SyntheticCamera(Camera):
    """Renders ``deck``'s cards on a table at the configured size and frame rate.

    A scene is rendered once per :meth:`set_cards` (with ``seed`` plus the number of
    scenes so far, so every new layout looks different but a run is reproducible) and
    delivered unchanged until the next, as a still table would be. ``markers`` puts
    the four zone markers in the corners; ``surface`` is the table top (one of
    :data:`vision.render.SURFACES`; ``None``: a different one per scene);
    ``distortions`` are passed to the renderer (none by default: a clean, well-lit
    table).
    """

    backend = "synthetic"

    def __init__(self, queue: InputQueue | None, *, deck: str, width: int = 640, height: int = 480,
                 fps: float = 15, rotation: int = 0, markers: bool = False, seed: int = 0,
                 surface: str | None = None, distortions: Iterable[str] = (),
                 backoff: Backoff = Backoff()) -> None:
        super().__init__(queue, width=width, height=height, fps=fps, rotation=rotation, backoff=backoff)
        self.deck, self.markers, self.seed, self.surface = deck, markers, seed, surface
        self.distortions = tuple(distortions)
        self._lock = threading.Lock()
        self._cards: tuple[str, ...] = ()
        self._scene: np.ndarray | None = None
        self._scenes = 0
        self._connected = True
        self.truth: SceneTruth | None = None
        """The renderer's :class:`vision.render.SceneTruth` of the current scene."""

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards now in the scene."""
        return self._cards

    def set_cards(self, card_ids: Sequence[str]) -> None:
        """Show ``card_ids`` from the next frame on.

        Raises :class:`~companion.errors.VisionError` (and keeps the old scene) for a
        card the deck does not have or more cards than fit in the picture.
        """
        from vision.render import render_scene

        cards = tuple(card_ids)
        with self._lock:
            image, truth = render_scene(cards, deck=self.deck, size=(self.width, self.height),
                                        seed=self.seed + self._scenes, surface=self.surface,
                                        distortions=self.distortions, markers=self.markers)
            image.setflags(write=False)
            self._cards, self._scene, self.truth = cards, image, truth
            self._scenes += 1

    def set_connected(self, connected: bool) -> None:
        """Plug the simulated camera in or out; unplugged, it fails like a real one."""
        self._connected = connected

    def _open(self) -> None:
        """The source is the scene this object keeps: nothing to hand out."""
        self._check_plugged()
        if self._scene is None:
            self.set_cards(self._cards)

    def _read(self, source: None) -> np.ndarray | None:
        self._check_plugged()
        return None if self._scene is None else self._scene.copy()

    def _release(self, source: None) -> None:
        """Nothing to release: the scene stays for the next opening."""

    def _check_plugged(self) -> None:
        if not self._connected:
            raise HardwareError(D.text("the simulated camera is unplugged"))
