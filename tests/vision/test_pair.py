"""The pair reading (vision.pair) and the recogniser's use of it: two faces that differ only
in the shape of small symbols (a spade's point, a club's lobes) are told apart on a
camera's card, and a card that shows neither is not claimed by either."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.bench import real_photos
from vision.otherstyle import face, write_dataset
from vision.pair import MARGIN, PairReading
from vision.reference import REFERENCE_SIZE

ASPECT = 63 / 88


def _reference(card: str) -> np.ndarray:
    drawn = face(card, ASPECT)
    paper = np.full(drawn.shape[:2] + (3,), 230, np.float32)
    alpha = drawn[..., 3:].astype(np.float32) / 255
    flat = (drawn[..., :3] * alpha + paper * (1 - alpha)).astype(np.uint8)
    return cv2.resize(flat, REFERENCE_SIZE, interpolation=cv2.INTER_AREA)


def _seen(reference: np.ndarray, rng: np.random.Generator,
          moved: tuple[float, float] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The card as a 640-pixel frame's camera shows it: about 100 pixels wide on a green
    cloth, slanted, under warm dim light, blurred and noisy; with the outline a
    detector would report, a pixel or two off its true corners. ``moved`` (length in
    pixels, angle in degrees) smears it as a card moved while the shutter was open."""
    h, w = reference.shape[:2]
    corners = np.float32([[60, 40], [162, 48], [156, 190], [52, 182]])
    frame = np.zeros((240, 220, 3), np.uint8)
    frame[:] = (40, 110, 30)
    matrix = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), corners)
    cv2.warpPerspective(reference, matrix, (220, 240), frame, borderMode=cv2.BORDER_TRANSPARENT)
    frame = frame * np.float32([0.6, 0.75, 0.9])
    if moved is not None:
        length, angle = moved
        smear = np.zeros((41, 41), np.float32)
        step = np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))]) * length / 2
        cv2.line(smear, tuple(np.round(20 - step).astype(int)), tuple(np.round(20 + step).astype(int)), 1.0)
        frame = cv2.filter2D(frame, -1, smear / smear.sum())
    frame = cv2.GaussianBlur(frame, (0, 0), 1.2) + rng.normal(0, 4, frame.shape)
    found = corners + rng.uniform(-2, 2, corners.shape).astype(np.float32)
    return np.clip(frame, 0, 255).astype(np.uint8), found


@pytest.mark.parametrize("first,second", [("7S", "7C"), ("2S", "2C"), ("5C", "5S"), ("QH", "QD")])
def test_two_faces_differing_only_in_their_symbols_shape_are_told_apart(first, second):
    references = np.stack([_reference(first), _reference(second)])
    reader = PairReading(references, ASPECT)
    rng = np.random.default_rng(7)
    for k, sign in ((0, 1), (1, -1)):
        for turned in (False, True):
            frame, quad = _seen(references[k], rng)
            if turned:  # the outline starts at the face's far corner: the match says it lies turned round
                quad = np.roll(quad, 2, axis=0)
            assert sign * (reader.read(frame, quad, turned, 0, 1) or 0.0) >= MARGIN
            assert sign * (reader.read(frame, quad, turned, 1, 0) or 0.0) <= -MARGIN


@pytest.mark.parametrize("first,second", [("7C", "7S"), ("9C", "9S"), ("6C", "6S"), ("7H", "7D")])
def test_a_card_the_descriptors_think_upside_down_is_read_the_way_up_its_ink_fits(first, second):
    # These faces' symbols are laid out alike both ways up, so the descriptors may name
    # the face but take it turned round. Read that way its symbols are upside down, and
    # a club's lobes turned round leaned towards a spade's point: a seven of clubs read
    # -0.12, a seven of spades (a spade or a diamond turned round still reads itself).
    references = np.stack([_reference(first), _reference(second)])
    reader = PairReading(references, ASPECT)
    rng = np.random.default_rng(7)
    for k, sign in ((0, 1), (1, -1)):
        frame, quad = _seen(references[k], rng)
        for said_turned in (False, True):
            assert sign * (reader.read(frame, quad, said_turned, 0, 1) or 0.0) >= 2 * MARGIN


@pytest.mark.parametrize("first,second,moved", [("2S", "2C", (12, 30)), ("QS", "QC", (10, 100)),
                                                ("5C", "5S", (14, 160)), ("KH", "KD", (12, 70))])
def test_a_card_moved_while_the_shutter_was_open_is_read_clearly(first, second, moved):
    # The smear spreads a spade's point and a club's lobes alike; the faces smeared as
    # the card is still differ where the smear leaves them apart, and the card is read
    # as clearly as a still one.
    references = np.stack([_reference(first), _reference(second)])
    reader = PairReading(references, ASPECT)
    rng = np.random.default_rng(11)
    for k, sign in ((0, 1), (1, -1)):
        frame, quad = _seen(references[k], rng, moved)
        assert sign * (reader.read(frame, quad, False, 0, 1) or 0.0) >= 2 * MARGIN


def _cut_off(reference: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """A reference cut out a little off its card: moved by (``dx``, ``dy``) pixels."""
    h, w = reference.shape[:2]
    return cv2.warpAffine(reference, np.float32([[1, 0, dx], [0, 1, dy]]), (w, h), borderMode=cv2.BORDER_REPLICATE)


@pytest.mark.parametrize("first,second,off", [("QS", "QC", (3, -2)), ("KS", "KC", (-2, 4)),
                                              ("JS", "JC", (4, 3)), ("7S", "7C", (-3, -3))])
def test_two_faces_whose_references_are_cut_a_little_apart_are_told_apart(first, second, off):
    # Each reference is cut out of its own photo, a pixel or two off its card; a court
    # card's figure is most of its print, and unshifted the two faces' difference was
    # mostly the figure's edges: with the second reference cut 1 to 2 % of the card's
    # width off, a card of either face read 0.13 or less, some the wrong way round.
    faces = [_reference(first), _reference(second)]
    reader = PairReading(np.stack([faces[0], _cut_off(faces[1], *off)]), ASPECT)
    rng = np.random.default_rng(5)
    for k, sign in ((0, 1), (1, -1)):
        frame, quad = _seen(faces[k], rng)
        assert sign * (reader.read(frame, quad, False, 0, 1) or 0.0) >= 2 * MARGIN


def test_a_card_that_is_neither_face_or_cannot_be_aligned_gets_no_say():
    references = np.stack([_reference(card) for card in ("7S", "7C", "KS", "2S")])
    reader = PairReading(references, ASPECT)
    rng = np.random.default_rng(3)
    for shown in (np.full_like(references[0], 230), np.full_like(references[0], 40), references[2], references[3]):
        frame, quad = _seen(shown, rng)  # a blank card, a dark one, a court card, a two
        assert reader.read(frame, quad, False, 0, 1) is None
    frame, quad = _seen(references[0], rng)
    assert reader.read(frame, quad, False, 0, 0) is None  # one face against itself tells nothing


def test_two_faces_differing_only_in_their_colour_are_told_apart_under_tinted_light():
    # SET's twins: the same symbols in red and in purple. The light's colour divides out
    # with the paper's; the print's stays.
    def oval(colour: tuple[int, int, int]) -> np.ndarray:
        card = np.full((280, 200, 3), 235, np.uint8)
        for y in (100, 180):
            cv2.ellipse(card, (100, y), (64, 26), 0, 0, 360, colour, -1, cv2.LINE_AA)
        return card

    references = np.stack([oval((40, 40, 200)), oval((150, 40, 150))])  # red, purple (BGR)
    reader = PairReading(references, 200 / 280)
    rng = np.random.default_rng(5)
    for k, sign in ((0, 1), (1, -1)):
        frame, quad = _seen(references[k], rng)
        assert sign * (reader.read(frame, quad, False, 0, 1) or 0.0) >= MARGIN


def test_cards_of_a_whole_pack_on_camera_photos_are_named_right_and_never_wrong(tmp_path):
    # The standard pack in the second render style, taught from one photo of each card
    # on a table: a third of the cards found are spades or clubs whose twin of the
    # other suit the descriptors and the ink see alike.
    write_dataset(tmp_path, scenes=10, seed=21)
    tally = real_photos(tmp_path, report=lambda row: None)
    found = tally.cards - tally.missed
    assert found >= 0.9 * tally.cards
    assert tally.wrong == 0
    assert tally.right >= 0.95 * found, tally


def test_a_name_another_outline_gives_is_heard_by_the_pair_reading(monkeypatch):
    # On the second render style a seven of spades taught from a photo under warm light
    # was left unknown on its outline, and on an outline tried again a little off it
    # the descriptors and the ink both named it the seven of clubs, clearly; that name
    # was taken without the pair reading, which named the seven of spades. Here the
    # descriptors and the ink name a clean seven of clubs clearly, and a pair reading
    # that leans clearly to the other face has the last word on a try, not on the
    # outline first found (whose clear names it is not asked about: it costs too much
    # to read every card).
    from vision.enrol import build_model
    from vision.recognize import Recognizer

    cards = ["7S", "7C", "7H", "7D", "5S", "5C", "AS", "AC"]
    recognizer = Recognizer(build_model("custom", {card: _reference(card) for card in cards}, ASPECT))
    frame, found = _seen(_reference("7C"), np.random.default_rng(3))
    asked = []

    def leaning_to_the_other(image, quad, upside_down, first, second):
        asked.append((cards[first], cards[second]))
        return -0.5

    monkeypatch.setattr(recognizer.pair, "read", leaning_to_the_other)
    (first, *_), _ = recognizer._match(frame, [found], faint=True)
    assert first.card == "7C" and not asked
    tries = recognizer._clearest(frame, [(0, found)])
    assert asked == [("7C", "7S")]
    assert tries[0][1].card == "7S"
