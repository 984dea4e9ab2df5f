"""The board set-up on the drawing in the app under Xvfb (issue 19): a game's board
parameters that are fields of its drawing are tapped there, not counted (Stramash's
start and castle-entry holes), with real touch events and the set-up's own buttons;
the scenario runs in its own process (see scenarios.py)."""

from __future__ import annotations

import os

import pytest

from tests.ui.test_app import run

pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def test_stramash_holes_are_tapped_on_one_mashie_and_the_game_starts_with_them(work):
    result = run("board_setup", work)
    assert result["drawn"] == sorted(f"t{i}" for i in range(12))       # one mashie of the 12 holes set
    assert result["prompts"][0].startswith("[b]Tap the start hole")
    assert result["first"] == "t4" and "t4" in result["marked_after_start"]
    assert result["prompts"][1].startswith("[b]Tap the castle-entry hole")
    assert result["same"] == "t4"
    assert result["still_open"]                                          # refused: the set-up stays
    assert any("cannot be the start hole (4)" in line for line in result["refused"]), result["refused"]
    assert result["second"] == "t9" and result["marked"] == ["t4", "t9"]
    assert result["shrunk"] == ["t4", "t7"]                              # 8 holes: the entry moved to the last
    assert not result["open_after"]
    assert result["chosen"] == {"holes_per_mashie": 8, "start_hole": 4, "castle_entry_hole": 7}
    assert any("Start hole: 4 · Castle entry hole: 7" in line for line in result["page_lines"])
    assert result["page"] == "play" and result["game"] == "stramash"
    assert result["board"] == result["chosen"]
    assert (result["start"], result["entry"]) == (4, 7)                 # the engine plays on those holes
