"""Running the app step by step, without its main loop: screenshots, benchmarks, tests.

:class:`Driver` builds the app, advances Kivy's event loop a few frames at a time,
resizes the window and saves what the screen shows. :func:`play_moves` advances a game
with the built-in player, as a table would, to reach a mid-game or final position.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

from companion.game import Chance


def isolated_environment(directory: Path) -> None:
    """Keep the database, configuration and Kivy's own files inside ``directory``."""
    os.environ["COMPANION_STATE"] = str(directory / "state")
    os.environ["COMPANION_CONFIG"] = str(directory / "config.toml")
    os.environ["COMPANION_CACHE"] = str(directory / "cache")
    os.environ.setdefault("KIVY_HOME", str(directory / "kivy"))
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")


def play_moves(referee: Any, moves: int) -> None:
    """Advance ``referee`` by up to ``moves`` inputs with the built-in player."""
    for _ in range(moves):
        if referee.is_over:
            return
        if isinstance(referee.pending, Chance):
            referee.simulate_chance()
        else:
            referee.submit(referee.bot_action())


class Driver:
    """Drives a :class:`~ui.shell.CompanionApp` frame by frame."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def start(self) -> "Driver":
        from kivy.base import EventLoop

        self.app._run_prepare()  # builds the app and opens the window, like App.run()
        EventLoop.idle()
        self.pump(4)
        self.wait_for_devices()
        return self

    def wait_for_devices(self, timeout: float = 60.0) -> None:
        """Pump frames until the devices, started behind the home screen, are up."""
        deadline = time.monotonic() + timeout
        while not self.app.devices_up and time.monotonic() < deadline:
            time.sleep(0.01)
            self.pump(1)
        self.pump(3)

    def pump(self, frames: int = 3) -> None:
        from kivy.base import EventLoop

        for _ in range(frames):
            EventLoop.idle()

    def resize(self, width: int, height: int) -> None:
        from kivy.core.window import Window

        Window.size = (width, height)
        self.pump(6)
        self.app.resized()
        self.pump(4)

    def close_popups(self) -> None:
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        for child in list(Window.children):
            if isinstance(child, ModalView):
                child.dismiss(animation=False)
        self.pump(3)

    def go(self, page: str) -> None:
        self.app.go(page)
        self.pump(4)

    def shot(self, path: Path) -> Path:
        """Save the window as ``path`` (PNG)."""
        from kivy.core.window import Window

        self.pump(3)
        path.parent.mkdir(parents=True, exist_ok=True)
        made = Window.screenshot(name=str(path))  # Kivy numbers the file; it is renamed
        shutil.move(made, path)
        return path

    def stop(self) -> None:
        """Stop the app and its devices and card vision (their threads must not outlive
        it: a thread still inside OpenCV when Python exits aborts the process)."""
        from kivy.base import EventLoop

        self.app.stop()
        self.app.services.close()
        EventLoop.close()
