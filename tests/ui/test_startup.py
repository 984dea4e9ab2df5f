"""Start-up loads only what the home screen needs: the games' titles without their rules
engines, the other screens built on their first visit, and the devices (with OpenCV,
gpiozero and card vision's renderer) started behind the home screen, which says so until
they are up; once up, card vision has the camera, and a device layer that breaks while
starting is reported, never left waiting."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]

PROBE = """
import json, sys
from pathlib import Path
from ui.driver import Driver, isolated_environment
isolated_environment(Path(sys.argv[1]))
from companion.i18n import set_language
from ui.app import build_app, end_process
app = build_app(simulate=True, quiet=True)
set_language("en")
from kivy.base import EventLoop
app._run_prepare()
while not app.ready:
    EventLoop.idle()
def seen():
    return {"screens": list(app.manager.screen_names), "modules": sorted(sys.modules), "page": app.manager.current,
            "hardware": app.services.hardware is not None, "status": app.status_markup()}
ready = seen()
driver = Driver(app)
driver.wait_for_devices()
devices = seen()
driver.go("settings")
visited = seen()
print(json.dumps({"ready": ready, "devices": devices, "visited": visited}))
driver.stop()
end_process(0)
"""

LATER = ("cv2", "numpy", "gpiozero", "vision", "hardware.manager", "hardware.camera", "hardware.rfid.reader",
         "ui.screens.play", "ui.screens.settings", "ui.screens.deck", "ui.camera_view", "ui.board_widget")
"""What the home screen does without: other screens, the devices, card vision."""


def loaded(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == name or m.startswith(name + ".") for name in LATER)]


def test_the_home_screen_comes_up_before_the_other_screens_and_the_devices(tmp_path):
    done = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    ready, devices, visited = result["ready"], result["devices"], result["visited"]
    assert ready["page"] == "home" and ready["screens"] == ["home"]
    assert loaded(ready["modules"]) == []
    assert [m for m in ready["modules"] if m.startswith("companion.games.") and m.endswith(".rules")] == []
    assert not ready["hardware"] and "Sensors starting" in ready["status"]
    assert devices["hardware"] and "Sensors ready" in devices["status"]
    assert "hardware.manager" in devices["modules"] and devices["screens"] == ["home"]
    assert visited["page"] == "settings" and visited["screens"] == ["home", "settings"]


@pytest.fixture
def services(tmp_path, monkeypatch):
    from referee.services import open_services

    monkeypatch.setenv("COMPANION_STATE", str(tmp_path / "state"))
    opened = open_services(simulate=True, config_path=tmp_path / "config.toml", start_hardware=False)
    yield opened
    opened.close()


def started_devices(services) -> list[str]:
    """Start the devices and wait for them; what went wrong, in English."""
    import threading

    told: list[list] = []
    up = threading.Event()
    services.start_devices(lambda problems: (told.append(problems), up.set()))
    assert up.wait(60)
    return [problem.render("en") for problem in told[0]]


def test_devices_started_behind_the_screen_reach_card_vision(services):
    assert services.hardware is None and services.cards.camera is None
    assert started_devices(services) == []
    assert services.hardware is not None and services.cards.camera is services.hardware.camera


def test_a_device_layer_that_breaks_while_starting_is_reported_and_the_table_plays_by_touch(services, monkeypatch):
    def broken(*_args):
        raise RuntimeError("the SPI bus vanished")

    monkeypatch.setattr("referee.services._hardware", broken)
    problems = started_devices(services)
    assert problems == ["The hardware could not be started: the SPI bus vanished The game is played by touch "
                        "until it is fixed."]
    assert services.hardware is None and services.problems[-1].render("en") == problems[0]


def test_closing_while_the_devices_hang_keeps_within_its_budget(services, monkeypatch):
    # A reader that never answers must not hold the stop past systemd's stop timeout;
    # the devices that come up after all are closed as they come up.
    import threading
    import time

    release, closed = threading.Event(), []

    class Late:
        camera = None

        def close(self):
            closed.append(True)

    def hang(*_args):
        release.wait(30)
        return Late()

    monkeypatch.setattr("referee.services._hardware", hang)
    services.start_devices(lambda problems: None)
    began = time.monotonic()
    services.close(budget=0.5)
    services.close()   # the app's process closes them once more as it ends: nothing left to wait for
    assert time.monotonic() - began < 2.0
    release.set()
    services._starter.join(5)
    assert closed == [True] and services.hardware is None
