"""Stramash in the touchscreen app under Xvfb: simulated 2-, 4- and 6-player games played
to the score screen through the simulator's "Play to the end" (cards laid in the play
zone, laddies tapped, choices made, confirms through the mock button pin), and one move
made with the play screen's own widgets (the player's button, real touches on the board
drawing, the play's button), its card read by card vision. Each scenario runs in its own
process (see scenarios.py).

The built-in player plays each game on the referee up to its last moves, which the
simulated table plays: the 2-player game's last 12 with every card laid under the
synthetic camera and read by card vision (a few seconds a move), the 4- and 6-player
games' last 40 with the cards reported as card vision reports them (``stramash_game`` in
scenarios.py).

The board drawing (``ui.board_widget``) comes with the shared play screen; without it
these tests are skipped."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.ui.conftest import table_for
from tests.ui.test_app import run

pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]
pytest.importorskip("ui.board_widget")


@pytest.fixture
def work(tmp_path: Path, deck_models) -> Path:
    """A working directory for a Stramash table: the standard deck's model in place."""
    return table_for("stramash", tmp_path, deck_models)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_simulated_stramash_game_ends_on_the_engines_scores(work, players):
    result = run(f"stramash_game_{players}", work, timeout=1000)
    summary = {k: v for k, v in result.items() if k not in ("shown", "expected")}
    assert result["problem"] is None, summary
    assert result["over"] and result["page"] == "scores", summary
    assert result["shown"] == result["expected"]
    assert result["home"][result["winner"]] == 5
    assert result["moves"] == (12 if players == 2 else 40)               # the last moves through the table
    assert result["misread"] == []
    assert {"FirstPlayer", "ComeOut", "Move"} <= set(result["kinds"])
    assert result["inputs"]["CardsSeen"] >= result["moves"] - 1          # every play's card through card vision
    assert result["inputs"]["touch"] > 0 and result["inputs"]["choose"] > 0
    assert result["inputs"]["ButtonPressed"] > 0                        # confirms through the mock button pin


def test_a_move_made_with_the_play_screens_own_widgets(work):
    result = run("stramash_buttons", work)
    assert result["starter"] == 1                                          # the second player's button
    assert result["read"], result
    assert result["taps"] == result["touches"] or all(result["taps"]), result
    assert set(result["lit"]) >= {t for t in result["touches"] if t.startswith("laddie-")}
    assert result["labels"] and result["pressed"] == 1, result
    assert result["played"] == [result["action"]]
    assert result["page"] == "play"
