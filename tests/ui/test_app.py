"""The touchscreen app under Xvfb: every screen at both sizes, a whole simulated game,
resume after a kill, live language switch. Each scenario runs in its own process
(see scenarios.py) because Kivy opens one window per process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def run(name: str, work: Path, timeout: float = 240) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.ui.scenarios", name, str(work)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_screen_builds_at_both_sizes_with_big_targets(tmp_path):
    report = run("screens", tmp_path)
    assert len(report) == 22
    for key, found in report.items():
        assert found["failure"] is None, (key, found["failure"])
        assert found["buttons"] > 0, key
        assert found["smallest"] >= 48, (key, found["smallest"])


@pytest.mark.slow
def test_a_whole_simulated_game_ends_on_the_engines_scores(tmp_path):
    result = run("game", tmp_path)
    assert result["over"] and result["page"] == "scores"
    assert {"Catch", "DrawToken"} <= set(result["kinds"])
    assert result["shown"] == result["expected"]
    assert result["finished"] == 1


def test_a_killed_game_is_offered_and_resumed_unchanged(tmp_path):
    child = subprocess.Popen([sys.executable, "-m", "tests.ui.scenarios", "interrupted", str(tmp_path)], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        before = json.loads(child.stdout.readline())
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    after = run("resumed", tmp_path)
    assert any("A game was interrupted" in text for text in after["offered"])
    assert after["page"] == "play" and after["game_id"] == before["game_id"]
    assert after["observation"] == before["observation"]


def test_language_switches_live_and_is_remembered(tmp_path):
    result = run("language", tmp_path)
    assert any("Réglages" in t for t in result["texts"]["fr"])
    assert any("Instellingen" in t for t in result["texts"]["nl"])
    assert any("Settings" in t for t in result["texts"]["en"])
    assert result["saved"] == "en"
