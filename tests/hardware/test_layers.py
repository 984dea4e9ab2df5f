"""The device layer knows no game: importing any ``hardware`` module loads no game
registry, no game package and nothing of the referee or the touchscreen app."""

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
