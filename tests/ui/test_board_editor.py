"""The board editor builds a small valid board from touches alone (board_scenarios.py:
the screen in a window of its own, 800×480, pressed with touch events)."""

from __future__ import annotations

import os

import pytest

from tests.ui.test_board_widget import run

pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def test_the_editor_builds_a_small_valid_board_from_taps(tmp_path):
    found = run("editor", str(tmp_path))
    assert found["fields"] == ["P1", "P2", "P3"]
    # the trio drawn before its third side is an error, named and shown beside the drawing
    assert found["errors_before"] == ["Region trio1: its side P1–P3 is not a line of the board."]
    assert "1 error, 0 warnings" in found["status_before"]
    assert "its side P1–P3 is not a line" in found["status_before"]
    assert found["errors_after"] == []
    # lines go the way they were tapped; the tapped line P1–P2 turned from → to ←
    assert found["lines"] == [["P1", "P2", "a"], ["P2", "P3", "b"], ["P3", "P1", "b"]]
    assert found["saved"] == str(tmp_path / "state" / "boards" / "tri.board.json")
    assert found["board"] == {"name": "Tri", "fields": 3, "lines": 3, "trios": [["P1", "P2", "P3"]]}
    assert "Saved as tri.board.json." in found["status_after"]
    assert any("Line 2 names field 'Z9', which the board does not have." in t for t in found["refused"])
    assert found["kept"] == ["P1", "P2", "P3"]
    assert found["after_delete"] == {"fields": ["P1", "P2"], "lines": [["P1", "P2"]], "trios": 0}


def test_the_editor_reads_from_60_cm_in_every_language_at_both_sizes():
    found = run("editor_looks")
    assert sorted(found) == sorted(f"{lang}@{size}" for lang in ("nl", "fr", "en") for size in ("800x480", "1280x720"))
    for key, seen in found.items():
        assert seen["fields"] == 61 and seen["problems"] == 0, key
        assert seen["smallest"] >= 22, key
        assert seen["contrast"] >= 4.5, key


def test_a_camera_picture_is_the_background_in_its_colours_and_proportions():
    found = run("photo")
    assert found["no_picture"]
    assert found["aspect"] == 400 / 300
    left, right = found["colours"]["left"], found["colours"]["right"]
    assert left[2] > 200 and left[0] < 60, left  # blue
    assert right[0] > 200 and right[2] < 60, right  # red
