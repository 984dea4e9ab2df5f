"""Bumerang in the app under Xvfb (bumerang_scenarios.py runs each scenario in its own
process): a simulated 4-player game to the end, one capture and Stop pressed with real
touches, and the board a table described chosen on the new-game screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def run(name: str, work: Path, timeout: float = 300) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.ui.bumerang_scenarios", name, str(work)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_a_simulated_four_player_game_ends_on_the_engines_scores(work):
    pytest.importorskip("ui.board_widget")
    result = run("bumerang_game", work)
    assert result["problem"] is None
    assert result["over"] and result["page"] == "scores", result
    assert result["shown"] == result["expected"]
    assert result["finished"] == 1
    assert {"Place", "Move", "Capture"} <= set(result["kinds"])
    assert result["touches"] > result["moves"]  # taps on the board, not actions entered whole


def test_a_capture_and_stop_by_touching_the_board_and_the_buttons(work):
    pytest.importorskip("ui.board_widget")
    result = run("bumerang_capture", work)
    stone = result["stone"]
    assert result["movable"] == [stone] and result["targets"] == ["D4"]  # capture is compulsory
    assert result["tapped"][1] == "D4" and result["tapped"][0] in (stone, "D3")
    assert result["proposal"] == [{"type": "capture", "player": 0, "stone": stone, "to": "D4"}]
    assert result["confirmed"] and result["chain_targets"] == {stone: ["D5"]}
    assert result["stop_offered"] and result["stopped"]
    assert result["actions"][-2:] == [{"type": "capture", "player": 0, "stone": stone, "to": "D4"},
                                      {"type": "stop", "player": 0}]
    assert result["prisoners"][0] == [result["victim"]] and result["current"] == 1


def test_the_new_game_screen_plays_on_a_board_the_table_described(work):
    pytest.importorskip("companion.board_edit")
    result = run("bumerang_boards", work)
    assert any(label.endswith("Default board") for label in result["labels"])
    assert any(label.endswith("our-square") for label in result["labels"])
    assert result["chose_good"] == [] and result["after_good"] == result["file"]
    assert any("Z9" in text for text in result["broken"]), result["broken"]
    assert any("line 3" in text for text in result["torn"]), result["torn"]
    assert result["after_broken"] == result["after_torn"] == result["file"]
    assert result["page"] == "play" and result["fields"] == result["expected_fields"]


def test_the_bumerang_screenshots_show_the_chain_and_the_penalty_buttons(work):
    pytest.importorskip("ui.board_widget")
    report = run("bumerang_screens", work)
    assert len(report) == 4
    for key, found in report.items():
        assert found["failure"] is None, (key, found["failure"])
        assert found["smallest"] >= 48, key
        if key.startswith("chain"):
            (stone, victims), = found["targets"].items()
            assert victims and set(victims) <= set(found["victims"]), key
            assert any("stop capturing" in text for text in found["on_screen"]), key    # above the fold
        else:
            assert sum("Penalty?" in text for text in found["on_screen"]) == 2, key
        assert not any("seat" in text.lower() for text in found["buttons"]), key     # players by name
