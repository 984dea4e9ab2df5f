"""Card faces: every deck a game declares is card vision's, every face it declares can
be drawn, and the faces card vision was tuned on have not moved by a pixel."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.game import FaceArt, FaceLayout
from companion.games import available, get_game
from vision.decks import builtin, deck_names, drawable
from vision.errors import UnknownDeck
from vision.faces import FACE_SIZE, SHAPES, art_face, face_image

REFERENCE = Path(__file__).with_name("data") / "face-hashes.json"
"""SHA-256 of every Mustang and standard face as drawn before the faces became the
games' data (generated on main with OpenCV 5.0.0)."""


def test_card_vision_decks_are_the_games_decks() -> None:
    declared = {deck.name: deck for game in available() for deck in get_game(game).decks()}
    assert set(deck_names()) == set(declared)
    assert {"mustang", "standard", "dog-royal", "dog-classic"} <= set(deck_names())
    for name, deck in declared.items():
        vision = builtin(name)
        assert vision.ids == tuple(card.id for card in deck.cards)
        assert [f.copies for f in vision.faces] == [card.copies for card in deck.cards]
        assert vision.aspect == deck.aspect


def test_mustang_events_are_part_of_the_mustang_deck() -> None:
    ids = builtin("mustang").ids
    assert {"red-1", "purple-8", "cowboy", "rotten_fence", "indians", "heavy_rain", "birth", "sunshine"} <= set(ids)
    assert builtin("mustang").card_count == 49 + 6


@pytest.mark.parametrize("deck", ["mustang", "standard", "dog-royal", "dog-classic"])
def test_every_face_of_every_deck_is_drawn_and_distinct(deck: str) -> None:
    assert drawable(deck)
    faces = {card: face_image(card, deck) for card in builtin(deck).ids}
    assert all(f.shape == (FACE_SIZE[1], FACE_SIZE[0], 3) for f in faces.values())
    hashes = {hashlib.sha256(f.tobytes()).hexdigest() for f in faces.values()}
    assert len(hashes) == len(faces)


def test_dog_boxes_have_their_fifteen_and_fourteen_faces() -> None:
    assert len(builtin("dog-royal").ids) == 15
    assert len(builtin("dog-classic").ids) == 14


def test_faces_of_one_dog_box_differ_in_ink_and_symbol() -> None:
    for deck in ("dog-royal", "dog-classic"):
        looks = [(f.art.ink, f.art.symbol) for f in builtin(deck).faces if f.art is not None]
        assert len(set(looks)) == len(builtin(deck).ids), deck


def test_every_declared_symbol_is_known() -> None:
    for name in deck_names():
        for face in builtin(name).faces:
            if face.art is not None:
                assert {face.art.symbol, face.art.emblem, face.art.accent} <= {"", *SHAPES}, face


@pytest.mark.skipif(json.loads(REFERENCE.read_text())["opencv"] != cv2.__version__,
                    reason="the reference hashes were drawn with another OpenCV, whose anti-aliasing may differ")
@pytest.mark.parametrize("deck", ["mustang", "standard"])
def test_mustang_and_standard_faces_are_pixel_identical_to_before(deck: str) -> None:
    reference = json.loads(REFERENCE.read_text())["faces"][deck]
    drawn = {card: hashlib.sha256(np.ascontiguousarray(face_image(card, deck)).tobytes()).hexdigest()
             for card in reference}
    assert [card for card in reference if drawn[card] != reference[card]] == []


def test_the_simulated_camera_draws_a_dog_box_and_falls_back_to_the_standard_pack() -> None:
    from hardware.camera import open_camera
    from hardware.config import CameraConfig

    camera = open_camera(CameraConfig(), None, simulate=True, deck="dog-classic")
    assert camera.deck == "dog-classic"
    camera.set_cards(["joker", "7"])
    assert camera.truth is not None and sorted(c.kind for c in camera.truth.cards) == ["7", "joker"]
    assert open_camera(CameraConfig(), None, simulate=True, deck="no-such-deck").deck == "standard"


def test_every_symbol_a_face_can_name_is_drawn_and_distinct() -> None:
    from vision.faces import draw_symbol

    drawn = {}
    for name in SHAPES:
        img = np.zeros((120, 120), np.uint8)
        draw_symbol(img, name, (60, 60), 100, 255, outline=False)
        assert np.count_nonzero(img) > 0.2 * 100 * 100, name
        drawn[name] = img > 0
    for a in SHAPES:
        for b in SHAPES[SHAPES.index(a) + 1:]:
            assert np.count_nonzero(drawn[a] ^ drawn[b]) > 500, (a, b)


@pytest.mark.parametrize("art, named", [
    (FaceArt("1", "moon", "#112233"), "moon"),
    (FaceArt("1", "disc", "red"), "red"),
    (FaceArt("1", "disc", "#112233", FaceLayout.EMBLEM, accent="star", accent_ink="#12"), "#12"),
])
def test_a_face_card_vision_cannot_draw_is_refused_naming_the_fault(art, named) -> None:
    with pytest.raises(UnknownDeck) as refused:
        art_face(art)
    assert named in refused.value.text.render("en")
