"""The app as systemd runs it: ``companion --simulate`` started with ``$NOTIFY_SOCKET``
and ``$WATCHDOG_USEC`` set, as ``Type=notify`` with ``WatchdogSec=`` does. It must say
READY once the home screen is up, keep pinging the watchdog from its clock, and on
SIGTERM (``systemctl stop``) say STOPPING and exit cleanly."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def _messages(sock: socket.socket, until: set[str], seconds: float) -> list[str]:
    """Every assignment received until each of ``until`` has come (or time runs out)."""
    got: list[str] = []
    deadline = time.monotonic() + seconds
    while not until <= set(got) and time.monotonic() < deadline:
        sock.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            got += sock.recv(4096).decode().split("\n")
        except socket.timeout:
            break
    return got


def test_ready_watchdog_and_a_clean_stop_on_sigterm(tmp_path):
    address = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    env = {**os.environ, "NOTIFY_SOCKET": address, "WATCHDOG_USEC": "400000",
           "COMPANION_STATE": str(tmp_path / "state"), "COMPANION_CONFIG": str(tmp_path / "config.toml"),
           "KIVY_HOME": str(tmp_path / "kivy"), "KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1"}
    env.pop("WATCHDOG_PID", None)
    app = subprocess.Popen([sys.executable, "-m", "companion", "--simulate"], cwd=ROOT, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        started = _messages(sock, {"READY=1"}, 120)
        assert "READY=1" in started, app.stderr.read()[-3000:] if app.poll() is not None else started
        pings = [m for m in _messages(sock, {"never"}, 1.5) if m == "WATCHDOG=1"]
        assert len(pings) >= 3  # every 0.2 s: half of WATCHDOG_USEC
        app.send_signal(signal.SIGTERM)
        stopping = _messages(sock, {"STOPPING=1"}, 30)
        assert "STOPPING=1" in stopping
        assert app.wait(30) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        sock.close()
