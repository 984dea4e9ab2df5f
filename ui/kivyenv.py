"""Kivy's process-wide settings, applied before Kivy opens its window.

Kivy reads its configuration when first imported and can open only one window per
process, so :func:`configure` must run before any other ``kivy`` import (the app,
``companion screenshots`` and the tests call it first).
"""

from __future__ import annotations

import logging
import os

SIZES: dict[str, tuple[int, int]] = {"pi": (800, 480), "hd": (1280, 720)}
"""The two screens the app is designed for: the official 7" Pi touchscreen and 720p."""


def on_raspberry_pi() -> bool:
    try:
        with open("/proc/device-tree/model", encoding="ascii", errors="replace") as model:
            return "Raspberry Pi" in model.read()
    except OSError:
        return False


def configure(size: tuple[int, int] | None = None, *, fullscreen: bool | None = None,
              quiet: bool = False) -> None:
    """Set Kivy's window size and input options for this process.

    ``size`` defaults to 800×480; ``fullscreen`` defaults to on for a Raspberry Pi.
    ``quiet`` keeps Kivy's informational log off the console (tests, screenshots).
    """
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    from kivy.config import Config
    from kivy.logger import Logger

    if quiet:  # warnings and errors still reach the console
        Logger.setLevel(logging.WARNING)

    width, height = size or SIZES["pi"]
    full = on_raspberry_pi() if fullscreen is None else fullscreen
    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "fullscreen", "auto" if full else "0")
    Config.set("graphics", "resizable", "1")
    Config.set("kivy", "exit_on_escape", "0")
    # A right click must not leave red multitouch dots on the table's screen.
    Config.set("input", "mouse", "mouse,multitouch_on_demand")
    Config.set("kivy", "window_icon", "")
