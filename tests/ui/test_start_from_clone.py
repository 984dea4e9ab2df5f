"""The README's quick start as a new user meets it: ``scripts/start`` in a fresh clone,
with nothing in the environment but a home, a path and a display.

The clone holds the working tree as it is (``git stash create`` makes a commit of the
uncommitted changes to tracked files without touching them), sets up its own ``.venv``
through ``scripts/setup-venv`` (pip's cache is shared, so it takes seconds) and starts
on its own Xvfb. The app is ready when it says ``READY=1`` on ``$NOTIFY_SOCKET``, as it
does to systemd; then the screen is captured with ``xwd`` and the app stopped with
SIGTERM.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.ui.test_service_lifecycle import _messages
from ui import theme

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.ui, pytest.mark.slow,
              pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xwd")),
                                 reason="needs Xvfb and xwd (apt install xvfb x11-apps)")]
SCREEN = (1280, 800)


def _git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _clone(into: Path) -> Path:
    """A clone of this repository at its working tree's tracked files."""
    snapshot = _git("stash", "create") or _git("rev-parse", "HEAD")
    _git("clone", "--quiet", "--no-checkout", str(ROOT), str(into), cwd=into.parent)
    _git("fetch", "--quiet", str(ROOT), snapshot, cwd=into)
    _git("checkout", "--quiet", "--detach", snapshot, cwd=into)
    return into


def _xwd_pixels(data: bytes) -> np.ndarray:
    """The picture of an ``xwd`` dump (TrueColor, 24 or 32 bits a pixel) as rows of RGB."""
    header = np.frombuffer(data[:100], ">u4")
    size, width, height, order, bits, line = (int(header[i]) for i in (0, 4, 5, 7, 11, 12))
    colours = int(header[19])
    assert bits in (24, 32), f"xwd wrote {bits} bits a pixel"
    step = bits // 8
    start = size + 12 * colours
    raw = np.frombuffer(data[start:start + line * height], np.uint8).reshape(height, line)[:, :width * step]
    pixels = raw.reshape(height, width, step)
    return pixels[..., 2::-1] if order == 0 else pixels[..., step - 3:]   # LSB first: B G R (X)


def _home_screen(display: str, seconds: float = 60.0) -> np.ndarray:
    """The screen once the home screen is drawn: the first frame may follow READY by
    a moment. It is known by its background and by the chosen language's button,
    the only one in the accent colour."""
    deadline = time.monotonic() + seconds
    while True:
        dump = subprocess.run(["xwd", "-root", "-silent", "-display", display], check=True,
                              capture_output=True).stdout
        picture = _xwd_pixels(dump)
        colours = {tuple(c) for c in np.unique(picture.reshape(-1, 3), axis=0)}
        if {_rgb(theme.BACKGROUND), _rgb(theme.ACCENT)} <= colours or time.monotonic() > deadline:
            assert {_rgb(theme.BACKGROUND), _rgb(theme.ACCENT)} <= colours, "the home screen was not drawn"
            return picture
        time.sleep(0.5)


def _rgb(colour) -> tuple[int, int, int]:
    return tuple(round(c * 255) for c in colour[:3])


@pytest.fixture
def display(tmp_path):
    """A fresh X server; yields its display name (``:N``)."""
    server = subprocess.Popen(["Xvfb", "-displayfd", "1", "-nolisten", "tcp", "-screen", "0",
                               f"{SCREEN[0]}x{SCREEN[1]}x24"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True)
    number = server.stdout.readline().strip()
    assert number.isdigit(), "Xvfb did not start"
    yield f":{number}"
    server.terminate()
    server.wait(10)


def test_scripts_start_from_a_clean_clone_shows_the_home_screen(tmp_path, display):
    clone = _clone(tmp_path / "clone")
    home = tmp_path / "home"
    home.mkdir()
    address = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(home), "DISPLAY": display,
           "NOTIFY_SOCKET": address,
           "PIP_CACHE_DIR": os.environ.get("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip"))}
    log = tmp_path / "start.log"
    with log.open("w") as out:
        app = subprocess.Popen(["scripts/start"], cwd=clone, env=env, stdout=out, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        started: list[str] = []
        deadline = time.monotonic() + 600   # set-up included
        while "READY=1" not in started and app.poll() is None and time.monotonic() < deadline:
            started += _messages(sock, {"READY=1"}, 2)
        assert "READY=1" in started, log.read_text()[-2000:]
        picture = _home_screen(display)
        cv2.imwrite(str(tmp_path / "screen.png"), picture[..., ::-1])   # for a person to look at
        assert picture.shape[:2] == (SCREEN[1], SCREEN[0])
        app.send_signal(signal.SIGTERM)
        assert "STOPPING=1" in _messages(sock, {"STOPPING=1"}, 60)
        assert app.wait(60) == 0
    finally:
        if app.poll() is None:
            os.killpg(app.pid, signal.SIGKILL)
            app.wait()
        sock.close()
