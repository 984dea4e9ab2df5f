"""The hardware check screen shows each device's result as its probe finishes, one line
per device in the player's language, with what to do on a problem (issue 17, item 10)."""

from __future__ import annotations

import os

import pytest

from tests.ui.test_app import run

pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def lines(texts: list[str], start: str) -> list[str]:
    return [t for t in texts if start in t]


def test_each_devices_result_shows_as_soon_as_its_probe_ends(work):
    found = run("hardware_live", work)
    en = found["en"]
    assert lines(en["first"], "Camera") and all("Checking…" in t for t in lines(en["first"], "Camera"))
    reader = lines(en["while_camera"], "RFID reader main")
    assert reader and "Works" in reader[0] and "MFRC522" in reader[0], en["while_camera"]
    assert all("Checking…" in t for t in lines(en["while_camera"], "Camera"))   # still measuring
    camera = lines(en["end"], "Camera")
    assert len(camera) == 1 and "Works" in camera[0] and "frames per second" in camera[0]
    gpio = lines(en["end"], "Buttons, LED and buzzer")
    assert len(gpio) == 1 and "Problem" in gpio[0] and "/dev/gpiomem" in gpio[0]
    assert not any("Checking…" in t for t in en["end"])
    assert "Check again" in en["buttons"]
    fr = found["fr"]
    assert all("Checking" not in t and "Works" not in t for t in fr["end"]), fr["end"]
    assert any("Caméra" in t and "images par seconde" in t for t in fr["end"]), fr["end"]
