"""The touchscreen app under Xvfb: every screen at both sizes, a whole simulated game
read by card vision, cards laid under the camera, the deck wizard, what the play screen
says without card vision, resume after a kill, live language switch. Each scenario runs
in its own process (see scenarios.py) because Kivy opens one window per process.

Every app gets the simulation's deck model built once for the session (conftest.py)
and a play zone set by hand over the whole picture (``[zone] method = "manual"``), so
card vision reads the synthetic camera whatever OpenCV's marker detection does."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui.conftest import table_for

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def run(name: str, work: Path, timeout: float = 240) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.ui.scenarios", name, str(work)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("scenario", ["screens", "screens_in_dutch"])
def test_every_screen_builds_at_both_sizes_with_big_targets(work, scenario):
    report = run(scenario, work)
    assert len(report) == 24
    for key, found in report.items():
        assert found["failure"] is None, (key, found["failure"])
        assert found["buttons"] > 0, key
        assert found["smallest"] >= 48, (key, found["smallest"])
        assert all(found["status_words_whole"]), key   # the top bar's status wraps between words only
        assert found["words_broken"] == [], key   # a button's word too wide for it shrinks its text first


@pytest.mark.slow
def test_a_whole_simulated_game_read_by_card_vision_ends_on_the_engines_scores(work):
    result = run("game", work, timeout=300)
    assert result["problem"] is None
    assert result["over"] and result["page"] == "scores", {k: v for k, v in result.items() if k not in ("seen", "laid")}
    assert {"Catch", "DrawToken"} <= set(result["kinds"])
    assert result["shown"] == result["expected"]
    assert result["finished"] == 1
    assert result["laid"] and all(cards in result["seen"] for cards in result["laid"])
    assert result["unknown"] == 0


def test_laid_cards_reach_the_referee_through_card_vision_and_make_a_proposal(work):
    result = run("cards", work)
    assert result["read"] and result["referee"] == result["laid"]
    assert result["marks"] == result["names"] and set(result["outlines"]) == {4}
    assert result["proposal"] and result["proposal"][0] == result["action"]


def test_the_deck_wizard_saves_a_model_that_card_vision_then_uses(work):
    result = run("teach", work)
    assert result["learnt"] and result["captured"] == sorted(result["taught"])
    assert result["saved"] and result["file"] and result["skipped"] == 43   # 41 cowboy and 5 event faces, 3 taught
    assert sorted(result["model"]) == sorted(result["taught"])
    assert any("ready for play" in text for text in result["status"])
    assert result["named"] == [result["taught"][1]]


def test_the_token_wizard_teaches_writes_forgets_and_reads_back_a_sticker(work):
    result = run("tokens", work)
    assert any(label.endswith("Black Prince  0/1") for label in result["labels"])
    assert any(label.endswith("Snow-White Mare  0/1") for label in result["labels"])
    assert any("Taught: red stallion. Its identity is written on the sticker." in t for t in result["taught"])
    assert any("1 of 47 tokens taught" in t for t in result["taught"])
    assert result["first"] == "stallion-red-1"
    assert any("already taught: it is the red stallion" in t for t in result["again"])
    assert not result["forgotten"]
    assert any("The sticker says it is the red stallion: taught." in t for t in result["recovered"])
    assert result["last"] == "stallion-red-1"


def test_without_a_usable_model_or_camera_the_play_screen_says_what_to_do(work):
    config = work / "config.toml"
    config.write_text(config.read_text() + f'model = "{work / "broken.npz"}"\n')
    (work / "broken.npz").write_bytes(b"not a deck model")
    result = run("no_vision", work)
    assert result["no_model"]["state"] == "no-model"
    assert any("teach the deck again" in text for text in result["no_model"]["texts"])
    assert "Teach the card deck" in result["no_model"]["buttons"]
    assert any("not delivering pictures" in text for text in result["offline"]["texts"])
    assert "Enter cards by hand" in result["offline"]["buttons"]
    assert result["by_hand"]


def test_a_killed_game_is_offered_and_resumed_unchanged(work):
    child = subprocess.Popen([sys.executable, "-m", "tests.ui.scenarios", "interrupted", str(work)], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        before = json.loads(child.stdout.readline())
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    after = run("resumed", work)
    assert any("A game was interrupted" in text for text in after["offered"])
    assert after["page"] == "play" and after["game_id"] == before["game_id"]
    assert after["observation"] == before["observation"]
    assert "Back to the game" in after["home"]  # the game on the table is not offered twice
    assert not any(text.startswith("Resume:") for text in after["home"])


def test_language_switches_live_and_is_remembered(work):
    result = run("language", work)
    assert any("Réglages" in t for t in result["texts"]["fr"])
    assert any("Instellingen" in t for t in result["texts"]["nl"])
    assert any("Settings" in t for t in result["texts"]["en"])
    assert result["saved"] == "en"


def test_a_typo_in_the_settings_file_keeps_the_rest_and_no_tap_writes_over_it(work):
    path = work / "config.toml"
    text = (path.read_text(encoding="utf-8")
            + '[app]\nlanguage = "fr"\nadmin_pin = "2468"\n[camera]\nfps = "fast"\nwidth = 800\n')
    path.write_text(text, encoding="utf-8")
    result = run("settings_with_a_mistake", work)
    assert result["loaded"] == {"language": "fr", "fps": 15}
    assert any("camera&br; fps" in t and "'fast'" in t for t in result["at_start"])  # markup-escaped [camera]
    assert path.read_text(encoding="utf-8") == text
    assert any(str(work / "config.new.toml") in t for t in result["after_tap"])
    assert 'language = "en"' in (work / "config.new.toml").read_text(encoding="utf-8")
    wrong, wait = result["answers"][0], result["answers"][2]
    assert any("That PIN is not right" in t for t in wrong)
    assert any("Too many wrong PINs. Try again in 30 seconds." in t for t in wait)
    assert any("Too many wrong PINs" in t for t in result["answers"][3]) and not result["unlocked"]


@pytest.fixture
def dog_work(tmp_path: Path, deck_models) -> Path:
    """A working directory for a DOG table: the DOG Royal box's model in place."""
    return table_for("dog", tmp_path, deck_models)


@pytest.mark.slow
@pytest.mark.parametrize("name, kinds, vision", [("dog_royal_game", {"Play", "Place", "Exchange"}, True),
                                                 ("dog_basic_game", {"Play", "Exchange"}, False)])
def test_a_whole_simulated_dog_game_ends_on_the_engines_scores(dog_work, name, kinds, vision):
    """DOG through the simulator's hands, its last moves through the table; the synthetic
    camera draws the DOG box's faces. In the royal game every card reaches the referee
    through card vision, none left unknown; the longer basic game puts its cards on the
    queue as card vision reports them (see scenarios._dog_game)."""
    from tests.ui.scenarios import DOG_TAIL

    result = run(name, dog_work, timeout=900)
    assert result["problem"] is None
    assert result["over"] and result["page"] == "scores", result
    assert kinds <= set(result["kinds"]) and result["moves"] == DOG_TAIL
    assert result["shown"] == result["expected"]
    assert result["seen"] > DOG_TAIL // 3 and result["deck"] == result["camera"] == "dog-royal"
    assert result["vision"] is vision and result["unknown"] == 0
    assert result["rejected"] == []


def test_one_dog_move_by_the_real_widgets(dog_work):
    """A card laid, the highlighted pawn tapped on the board with real touch events, an
    alternative's button pressed: the move is played as the button said."""
    pytest.importorskip("ui.board_widget")
    result = run("dog_one_move", dog_work)
    assert result["pawn"] in result["lit"]
    assert result["touched"] == [result["pawn"]]
    assert len(result["labels"]) > 1 and result["button"]
    assert result["played"]
    assert result["said"].endswith(result["pressed"])   # the button said the move that was played
    assert result["banner"]


def test_every_prompt_can_be_answered_by_the_screen_or_a_sensor_without_the_simulator(work):
    """Issue 17, item 2: each kind of prompt Mustang's referee waits for, answered by a
    button of the screen or a sensor's input; never the simulator or an action typed in."""
    from tests.ui.scenarios import PROMPT_KINDS

    result = run("every_prompt", work, timeout=300)
    stuck = [a for a in result["answers"] if not a["moved"]]
    assert not stuck, stuck
    assert result["kinds"] == sorted(PROMPT_KINDS), result["answers"]
    assert all(a["by"].startswith(("button:", "sensor:")) for a in result["answers"])
    assert {a["by"] for a in result["answers"] if a["kind"] == "event"} >= {
        "sensor:CardsSeen", "button:These cards are in the zone (picker)"}
    assert result["events"][:3] == ["heavy_rain", "rotten_fence", "birth"]
    assert "Intent:action" not in result["fed"] and not result["simulator_shown"]
    assert result["folds"] == {"Done": True, "Let the steal go": True}    # at 800×480, without scrolling


def test_the_keypad_types_hyphens_apostrophes_and_accents(work):
    typed = run("keypad_names", work)["typed"]
    assert typed == {"Dirk-Jan": "Dirk-Jan", "François": "François", "O'Neill": "O'Neill"}


def test_deleting_a_player_asks_first(work):
    result = run("remove_asks", work)
    assert result["kept"] == result["before"] and result["before"][-1] == "Dirk-Jan"
    assert any("Remove Dirk-Jan from the game?" in t for t in result["asked"]), result
    assert result["after"] == result["before"][:-1]
    assert result["nl"] == ["Speler 1", "Speler 2", "Speler 3"]          # default names follow the language


def test_entering_a_token_by_hand_uses_each_rulebooks_word(work):
    """Mustang's French rulebook calls its horses compteurs, its Dutch one paardenfiches;
    DOG's pawns are pions and pionnen (issue 17, item 10)."""
    found = run("token_words", work)
    assert found["mustang-fr"] == {"button": "Saisir un compteur à la main", "picker": ["Quel compteur a été scanné ?"]}
    assert found["mustang-nl"] == {"button": "Paardenfiche met de hand invoeren",
                                   "picker": ["Welk paardenfiche werd gescand?"]}
    assert found["dog-fr"] == {"button": "Saisir un pion à la main", "picker": ["Quel pion a été scanné ?"]}
    assert found["dog-nl"] == {"button": "Pion met de hand invoeren", "picker": ["Welke pion werd gescand?"]}


def test_starting_the_deck_wizard_again_asks_first(work):
    result = run("restart_asks", work)
    assert len(result["taught"]) == 1 and result["kept"] == result["taught"]
    assert any("Start again and forget the 1 card taught so far?" in t for t in result["asked"]), result["asked"]
    assert result["after"] == [] and result["index"] == 0


def test_the_home_screens_language_row_is_whole_at_800x480(work):
    found = run("language_row", work)
    for lang, row in found.items():
        assert len(row) == 3, (lang, row)
        assert all(b["seen"] and b["fits"] and b["font"] == b["base"] for b in row), (lang, row)
