"""The ``companion`` command on bad arguments and on a plain install: a clear message
and a non-zero status, never a traceback or a game played for nothing."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.errors import ConfigError
from hardware.config import parse_config

ROOT = Path(__file__).resolve().parents[1]


def companion(*args: str, cwd: Path = ROOT, exe: tuple[str, ...] = (sys.executable, "-m", "companion"),
              timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([*exe, "--lang", "en", *args], cwd=cwd, capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("lang, args, message", [
    ("nl", ("demo", "--game", "mustang", "--quiet", "--pace=-1"), "het tempo moet een aantal seconden zijn"),
    ("fr", ("vision", "render", "style", "--scenes", "0", "--out", "unused"), "0 n'est pas un nombre entier"),
])
def test_an_argument_refused_is_told_in_the_language_asked_for(lang, args, message):
    result = companion("--lang", lang, *args)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert message in result.stderr


def test_a_language_not_offered_is_refused_once():
    result = companion("--lang", "xx", "demo")
    assert result.returncode == 2 and result.stderr.count("invalid choice: 'xx'") == 1


@pytest.mark.parametrize("pace", ["-1", "nan", "inf", "-inf", "soon"])
def test_demo_refuses_a_pace_that_is_not_seconds(pace):
    result = companion("demo", "--game", "mustang", "--quiet", f"--pace={pace}")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"the pace must be a number of seconds, 0 or more, not {pace}." in result.stderr


def test_demo_refuses_a_seed_the_log_cannot_hold(tmp_path):
    result = companion("demo", "--game", "mustang", "--quiet", "--seed", "100000000000000000000",
                       "--db", str(tmp_path / "x"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "the seed must be a whole number from 0 to 9223372036854775807" in result.stderr
    assert not (tmp_path / "x").exists()


def test_demo_checks_the_record_folder_before_playing(tmp_path):
    started = time.monotonic()
    result = companion("demo", "--game", "mustang", "--players", "5",
                       "--record", str(tmp_path / "missing" / "game.jsonl"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stdout == ""     # not one move played
    assert "Cannot write the game to" in result.stderr and "missing" in result.stderr
    assert time.monotonic() - started < 30


def test_vision_render_writes_inside_the_folder_given_as_out(tmp_path):
    out = tmp_path / "prints"
    out.mkdir()
    result = companion("vision", "render", "markers", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert [p.name for p in out.iterdir()] == ["zone-markers.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prints"]   # nothing beside it
    assert str(out / "zone-markers.png") in result.stdout


def test_vision_render_says_when_an_image_cannot_be_written(tmp_path):
    target = tmp_path / "no" / "such" / "markers.png"
    result = companion("vision", "render", "markers", "--out", str(target))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "Wrote" not in result.stdout
    assert f"Could not write the image {target}" in result.stderr


def test_a_settings_file_nested_5000_deep_is_reported_not_crashed():
    with pytest.raises(ConfigError, match="not a valid settings file"):
        parse_config("corners = " + "[" * 5000 + "]" * 5000 + "\n")


@pytest.mark.slow
def test_a_plain_install_plays_and_names_the_extra_a_command_needs(tmp_path):
    """``pip install .`` with no extras (numpy only): the rules, ``demo`` and ``replay``
    work; the app and the vision and hardware commands say which extra to install."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check", str(ROOT)],
                   check=True, capture_output=True, timeout=600)
    plain = (str(venv / "bin" / "companion"),)
    missing = subprocess.run([str(venv / "bin" / "python"), "-c", "import cv2"], capture_output=True)
    assert missing.returncode != 0   # truly without the extras

    demo = companion("demo", "--game", "mustang", "--quiet", "--seed", "3", cwd=tmp_path, exe=plain)
    assert demo.returncode == 0, demo.stderr
    replay = companion("replay", str(ROOT / "docs" / "examples" / "mustang-3-players.jsonl"), cwd=tmp_path, exe=plain)
    assert replay.returncode == 0, replay.stderr
    for args, extra in ((("vision", "render", "markers", "--out", "x"), "vision"),
                        (("hardware", "check", "--simulate"), "vision"),
                        (("screenshots", "--out", "x"), "ui"),
                        ((), "ui")):
        result = companion(*args, cwd=tmp_path, exe=plain)
        assert result.returncode == 2 and "Traceback" not in result.stderr, (args, result.stderr)
        assert f"pip install 'table-companion[{extra}]'" in result.stderr, (args, result.stderr)
