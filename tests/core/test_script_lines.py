"""``companion replay`` on malformed scripts: every bad line is refused with one line on
stderr naming the line number and the field, exit status 2, no traceback, and no game
left in the database given with ``--db``."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[2]
SETUP = {"setup": {"game": "mustang", "seats": ["Will", "Frank"], "seed": 3}}
GOOD = json.dumps(SETUP)


def _setup(**fields) -> str:
    return json.dumps({"setup": {**SETUP["setup"], **fields}})


def _replay(tmp_path, content: str | bytes, *extra: str, capsys) -> tuple[int, str]:
    script = tmp_path / "game.jsonl"
    script.write_bytes(content if isinstance(content, bytes) else content.encode())
    status = main(["--lang", "en", "replay", str(script), "--db", str(tmp_path / "games.sqlite3"), *extra])
    return status, capsys.readouterr().err


def _games_in(db: Path) -> int:
    if not db.exists():
        return 0
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]


# (script, the line it names, words the message must hold: the field and what it must be)
BAD = {
    "a number": ("42", 1, ["not a number"]),
    "null": (f"{GOOD}\nnull", 2, ["null"]),
    "a string": (f'{GOOD}\n"scan"', 2, ["a string"]),
    "a list": (f"{GOOD}\n[1, 2]", 2, ["a list"]),
    "setup as a list": ('{"setup": ["mustang"]}', 1, ["setup must be a JSON object"]),
    "options as a list": (_setup(options=["birth_to"]), 1, ["setup.options must be a JSON object"]),
    "tags as a list": (_setup(tags=["04A1"]), 1, ["setup.tags must be"]),
    "seats as a number": (_setup(seats=3), 1, ["setup.seats must be a list"]),
    "seats as a string": (_setup(seats="ABC"), 1, ["setup.seats must be a list"]),
    "a seat without a name": (_setup(seats=[{"colour": "red"}, "Frank"]), 1, ["setup.seats[0].name"]),
    "seed as a string": (_setup(seed="abc"), 1, ["setup.seed must be a whole number"]),
    "seed NaN": (GOOD.replace('"seed": 3', '"seed": NaN'), 1, ["not valid JSON", "NaN"]),
    "seed Infinity": (GOOD.replace('"seed": 3', '"seed": Infinity'), 1, ["not valid JSON", "Infinity"]),
    "seed too large": (_setup(seed=2**63), 1, ["setup.seed must be a whole number from 0 to 9223372036854775807"]),
    "seed 1.5": (_setup(seed=1.5), 1, ["setup.seed must be a whole number"]),
    "seed 1e400": (GOOD.replace('"seed": 3', '"seed": 1e400'), 1, ["setup.seed must be a whole number"]),
    "dealer as a string": (_setup(dealer="x"), 1, ["setup.dealer must be a seat number from 0 to 1"]),
    "dealer beyond the seats": (_setup(dealer=2), 1, ["setup.dealer must be a seat number from 0 to 1"]),
    "game as a list": (_setup(game=["mustang"]), 1, ["setup.game must be a non-empty string"]),
    "an unknown game": (_setup(game="chess"), 1, ["Line 1:", "chess"]),
    "simulated_hands as a string": (_setup(simulated_hands="false"), 1,
                                    ["setup.simulated_hands must be true or false"]),
    "an unknown setup field": (_setup(seeds=4), 1, ["setup.seeds is not a setup field"]),
    "a bad rule option": (_setup(options={"birth_to": "moon"}), 1, ["Line 1:", "birth_to"]),
    "cards as a number": (f'{GOOD}\n{{"cards": 6}}', 2, ["cards must be a list of card ids"]),
    "cards as a string": (f'{GOOD}\n{{"cards": "red-6"}}', 2, ["cards must be a list of card ids"]),
    "cards as a list of lists": (f'{GOOD}\n{{"cards": [["red-6"]]}}', 2, ["cards must be a list of card ids"]),
    "action as a string": (f'{GOOD}\n{{"action": "catch"}}', 2, ["action must be a JSON object"]),
    "action as a list": (f'{GOOD}\n{{"action": ["catch"]}}', 2, ["action must be a JSON object"]),
    "scan as a number": (f'{GOOD}\n{{"scan": 5}}', 2, ["scan must be a non-empty string"]),
    "intent as a list": (f'{GOOD}\n{{"intent": ["exchange"]}}', 2, ["intent must be a non-empty string"]),
    "tag zone as a number": (f'{GOOD}\n{{"tag": "04A1", "zone": 1}}', 2, ["zone must be a non-empty string"]),
    "confirm false": (f'{GOOD}\n{{"confirm": false}}', 2, ["confirm must be true"]),
    "an unknown input": (f'{GOOD}\n{{"dance": 1}}', 2, ["no table input"]),
    "input before the setup": ('{"scan": "foal-red-1"}', 1, ["must start with a setup line"]),
    "nested 100 000 deep": (f'{GOOD}\n{{"action": ' + "[" * 100_000 + "]" * 100_000 + "}", 2, ["too deeply"]),
    "a bad line after good ones": (f'{GOOD}\n{{"scan": "stallion-red-1"}}\n\n# note\n{{"cards": 6}}', 5, ["cards"]),
}


@pytest.mark.parametrize("name", BAD)
def test_a_malformed_line_is_refused_by_number_and_field(tmp_path, capsys, name):
    script, line, words = BAD[name]
    status, err = _replay(tmp_path, script, capsys=capsys)
    assert status == 2
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"companion: Line {line}"), err
    for word in words:
        assert word in err
    assert _games_in(tmp_path / "games.sqlite3") == 0


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16", "cp1252"])
def test_a_script_not_in_utf8_is_refused_not_misread(tmp_path, capsys, encoding):
    text = json.dumps({"setup": {"seats": ["François", "Zoë"]}}, ensure_ascii=False) + "\n"
    status, err = _replay(tmp_path, text.encode(encoding), capsys=capsys)
    assert status == 2
    assert err.strip() == "companion: Line 1 is not UTF-8 text; save the script as UTF-8."
    assert not (tmp_path / "games.sqlite3").exists()


def test_non_utf8_bytes_on_a_later_line_name_that_line(tmp_path, capsys):
    status, err = _replay(tmp_path, (GOOD + '\n{"scan": "foal-red-1"}\n{"scan": "poulain-\xe9"}\n').encode("latin-1"),
                          capsys=capsys)
    assert (status, err.strip()) == (2, "companion: Line 3 is not UTF-8 text; save the script as UTF-8.")


def test_a_utf8_byte_order_mark_is_read(tmp_path, capsys):
    status, _err = _replay(tmp_path, b"\xef\xbb\xbf" + GOOD.encode(), capsys=capsys)
    assert status == 0
    assert _games_in(tmp_path / "games.sqlite3") == 1


def test_well_typed_values_are_taken_as_written(tmp_path, capsys):
    """No coercion: a seed of 7 stays 7, simulated hands stay off unless true."""
    script = _setup(seed=7, seats=[{"name": "Will", "colour": "red"}, "Frank"], simulated_hands=False)
    status, _err = _replay(tmp_path, script, "--json", capsys=capsys)
    assert status == 0
    with sqlite3.connect(tmp_path / "games.sqlite3") as conn:
        seed, seats, setup = conn.execute("SELECT seed, seats, setup FROM games").fetchone()
    assert (seed, json.loads(seats), json.loads(setup)["simulated_hands"]) == (
        7, [{"name": "Will", "colour": "red", "team": None}, {"name": "Frank", "colour": None, "team": None}], False)


def test_messages_are_in_the_tables_language(tmp_path):
    script = tmp_path / "game.jsonl"
    script.write_text(_setup(seed="abc"))
    result = subprocess.run([sys.executable, "-m", "companion", "--lang", "nl", "replay", str(script)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("companion: Regel 1: setup.seed moet een geheel getal van 0 tot"), result.stderr
