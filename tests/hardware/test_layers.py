"""The device layer knows no game: importing any ``hardware`` module loads no game
registry, no game package and nothing of the referee or the touchscreen app; reading the
settings or the token registry loads no RFID driver (the app's start-up needs them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import importlib, json, pkgutil, sys
import hardware
names = [m.name for m in pkgutil.walk_packages(hardware.__path__, "hardware.")]
for name in names:
    importlib.import_module(name)
print(json.dumps({"imported": names, "loaded": sorted(sys.modules)}))
"""

FORBIDDEN = ("companion.games", "companion.decks", "referee", "ui", "kivy")


def test_importing_every_hardware_module_loads_no_game():
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert {"hardware.config", "hardware.cli", "hardware.manager", "hardware.rfid.registry"} <= set(result["imported"])
    loaded = [m for m in result["loaded"] if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert loaded == []


def test_reading_the_settings_and_the_token_registry_loads_no_rfid_driver():
    probe = ("import json, sys, hardware.config, hardware.rfid.registry\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('hardware.'))))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert "hardware.rfid.settings" in loaded
    assert not {"hardware.rfid.reader", "hardware.rfid.driver", "hardware.rfid.emulator"} & set(loaded)


def test_the_rfid_package_still_gives_every_name_it_lists():
    import hardware.rfid as rfid

    assert all(callable(getattr(rfid, name)) for name in rfid.__all__)
