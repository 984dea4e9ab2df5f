"""The second render style (``vision.otherstyle``): its datasets are decided by the seed,
their labels name the cards drawn, ``bench --real`` reads them, and ``companion vision
render style`` writes them and refuses bad arguments with a message."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.bench import real_photos
from vision.decks import builtin
from vision.otherstyle import face, scene_photo, write_dataset

ROOT = Path(__file__).resolve().parents[2]
CARDS = ("AS", "7H", "KD", "10C", "JK")
"""Faces unlike each other, so that a card cut out of a scene can be told by its picture alone."""


def companion(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", "--lang", "en", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> tuple[Path, dict[str, list[str]]]:
    out = tmp_path_factory.mktemp("style")
    return out, write_dataset(out, scenes=3, seed=5, cards=CARDS)


def test_a_seed_decides_the_dataset(dataset, tmp_path):
    out, _ = dataset
    write_dataset(tmp_path / "again", scenes=3, seed=5, cards=CARDS)
    write_dataset(tmp_path / "other", scenes=3, seed=6, cards=CARDS)
    assert files(tmp_path / "again") == files(out)
    other = files(tmp_path / "other")
    assert all(other[name] != data for name, data in files(out).items() if name.startswith("scenes/"))


def test_the_dataset_has_the_layout_bench_reads(dataset):
    out, labels = dataset
    assert json.loads((out / "labels.json").read_text(encoding="utf-8")) == labels
    assert sorted(p.name for p in (out / "scenes").iterdir()) == sorted(labels)
    assert sorted(p.stem for p in (out / "refs").iterdir()) == sorted(CARDS)
    for image in (out / "scenes").iterdir():
        assert cv2.imread(str(image)).shape == (480, 640, 3)
    for cards in labels.values():
        assert 3 <= len(cards) <= 8 and set(cards) <= set(CARDS)
        assert all(cards.count(c) <= builtin("standard").face(c).copies for c in cards)


def _grey(image: np.ndarray) -> np.ndarray:
    small = cv2.resize(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (50, 70), interpolation=cv2.INTER_AREA)
    small = small.astype(np.float32) - small.mean()
    return small / np.linalg.norm(small)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_labels_name_the_cards_drawn_where_they_lie(seed):
    deck = builtin("standard").subset(CARDS)
    photo = scene_photo(deck, np.random.default_rng(seed))
    references = {c: _grey(face(c, deck.aspect)[:, :, :3]) for c in CARDS}
    target = np.array([[0, 0], [250, 0], [250, 350], [0, 350]], np.float32)
    assert len(photo.cards) == len(photo.corners) >= 3
    for card, corners in zip(photo.cards, photo.corners):
        assert (corners >= 0).all() and (corners < (640, 480)).all()
        cut = cv2.warpPerspective(photo.image, cv2.getPerspectiveTransform(corners.astype(np.float32), target),
                                  (250, 350))
        likeness = {c: float((_grey(cut) * ref).sum()) for c, ref in references.items()}
        assert max(likeness, key=likeness.__getitem__) == card, likeness


def test_the_real_photo_bench_reads_it(dataset):
    out, labels = dataset
    rows: list[str] = []
    tally = real_photos(out, report=rows.append)
    assert tally.cards == sum(len(cards) for cards in labels.values())
    assert tally.right + tally.wrong + tally.unknown + tally.missed == tally.cards
    assert tally.right >= tally.cards // 2
    assert [row.split()[0] for row in rows[1:-1]] == sorted(labels)


def test_the_command_writes_a_dataset(tmp_path):
    result = companion("vision", "render", "style", "--cards", "AS", "JK", "QH", "--scenes", "2", "--seed", "3",
                       "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert f"Wrote 2 scenes to {tmp_path}." in result.stdout
    labels = json.loads((tmp_path / "labels.json").read_text(encoding="utf-8"))
    assert len(labels) == 2 and sorted(p.name for p in (tmp_path / "refs").iterdir()) == ["AS.png", "JK.png",
                                                                                           "QH.png"]


@pytest.mark.parametrize("args, message", [
    (("--scenes", "0"), "argument --scenes: 0 is not a whole number of at least 1"),
    (("--seed", "-1"), "argument --seed: -1 is not a whole number of at least 0"),
    (("--cards", "AS", "1X"), "These cards are not in the standard deck: 1X."),
])
def test_bad_arguments_are_refused_with_a_message(tmp_path, args, message):
    result = companion("vision", "render", "style", *args, "--out", str(tmp_path / "out"))
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert message in result.stdout + result.stderr
    assert not (tmp_path / "out" / "labels.json").exists()
