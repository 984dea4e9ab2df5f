"""``companion vision …`` on the games' decks: every ``--deck`` choice lists the decks
the games declare, DOG's boxes print at card size and render as scenes, and the
rendered benchmark measures a DOG box as it does Mustang."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pikepdf
import pytest

from vision.bench import accuracy
from vision.cli import register
from vision.decks import builtin, deck_names
from vision.sheets import CARD_MM

ROOT = Path(__file__).resolve().parents[2]


def companion(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", "--lang", "en", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def _choices(*command: str) -> tuple[str, ...]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    action = parser
    for word in ("vision", *command):
        action = next(a for a in action._actions if isinstance(a, argparse._SubParsersAction)).choices[word]
    deck = next(a for a in action._actions if a.dest == "deck")
    return tuple(deck.choices)


@pytest.mark.parametrize("command", [("render", "deck"), ("render", "sheet"), ("render", "scene"), ("bench",)])
def test_every_deck_option_lists_the_games_decks(command):
    assert set(_choices(*command)) == set(deck_names()) >= {"mustang", "standard", "dog-royal", "dog-classic"}


def test_enroll_also_takes_a_custom_deck():
    assert set(_choices("enroll")) == {*deck_names(), "custom"}


@pytest.mark.parametrize("deck", ["dog-royal", "dog-classic"])
def test_a_dog_sheet_prints_every_face_at_card_size(tmp_path, deck):
    result = companion("vision", "render", "sheet", "--deck", deck, "--out", str(tmp_path / "x.pdf"))
    assert result.returncode == 0, result.stderr
    faces = len(builtin(deck).ids)
    with pikepdf.open(tmp_path / "x.pdf") as pdf:
        assert len(pdf.pages) == -(-faces // 9)
        xobjects = pdf.pages[0].Resources.XObject   # keys() and [] as Debian's older pikepdf has them too
        (name,) = list(xobjects.keys())
        embedded = xobjects[name]
        image = np.asarray(pikepdf.PdfImage(embedded).as_pil_image().convert("L"))
    # the cut lines frame cards of 63 × 88 mm on the 150 dpi A4 page
    card_w, card_h = (round(mm / 25.4 * 150) for mm in CARD_MM)
    column = image[:, image.shape[1] // 2]
    lines = np.flatnonzero((column > 190) & (column < 210))
    assert lines.size and (lines.max() - lines.min() + 1) in (3 * card_h, 3 * card_h - 1, 3 * card_h + 1)
    assert image.shape[1] > 3 * card_w


def test_a_dog_scene_is_rendered_with_its_truth(tmp_path):
    result = companion("vision", "render", "scene", "--deck", "dog-classic", "--cards", "joker", "7", "13",
                       "--clean", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    truth = json.loads((tmp_path / "scene-0.json").read_text())
    assert truth["deck"] == "dog-classic" and sorted(c["kind"] for c in truth["cards"]) == ["13", "7", "joker"]


def test_a_card_of_another_deck_is_refused_with_a_message(tmp_path):
    result = companion("vision", "render", "scene", "--deck", "dog-royal", "--cards", "joker", "--out", str(tmp_path))
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "These cards are not in the dog-royal deck: joker." in result.stdout + result.stderr


@pytest.mark.parametrize("deck", ["dog-royal", "dog-classic"])
def test_the_rendered_bench_reads_a_dog_box_as_well_as_mustang(deck):
    lines: list[str] = []
    tally = accuracy(1, (deck,), report=lines.append)
    assert tally.cards > 150
    assert tally.correct / tally.cards >= 0.97 and tally.wrong == 0, "\n".join(lines)
