"""The ink reading (vision.ink) and the benchmark on real photos (vision.bench)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from vision.bench import REAL_LONG_SIDE, real_photos, score_labels
from vision.enrol import enrol_images
from vision.errors import ImageError
from vision.model import DeckModel
from vision.recognize import WORKING_LONG_SIDE, Recognizer, scaled
from vision.ink import InkFaces, ink_of

SET_GAME = Path(__file__).resolve().parents[2].parent / "shared" / "samples" / "set-game"


def _card(fill: bool, count: int = 1, colour=(40, 40, 200)) -> np.ndarray:
    """A plain card (140 × 196) with ``count`` ovals, filled or drawn as outlines."""
    card = np.full((196, 140, 3), 235, np.uint8)
    for k in range(count):
        y = 98 + (k - (count - 1) / 2) * 50
        cv2.ellipse(card, (70, int(y)), (45, 18), 0, 0, 360, colour, -1 if fill else 3, cv2.LINE_AA)
    return card


def test_ink_divides_out_the_light_but_keeps_the_amount_of_ink():
    card = _card(fill=True)
    ink, colour = ink_of(card)
    tinted = np.clip(card * np.float32([0.7, 0.85, 1.0]) * 0.6, 0, 255).astype(np.uint8)  # dim, warm light
    shaded = card * np.linspace(0.5, 1.0, card.shape[1], dtype=np.float32)[None, :, None]  # light falling off
    for other in (tinted, shaded.astype(np.uint8)):
        ink2, colour2 = ink_of(other)
        assert float(np.abs(ink - ink2).mean()) < 0.05
        assert float(np.linalg.norm(colour - colour2)) < 0.1 * float(np.linalg.norm(colour))
    hollow, _ = ink_of(_card(fill=False))
    assert float(np.abs(ink - hollow).mean()) > 3 * float(np.abs(ink - ink_of(tinted)[0]).mean())
    assert float(np.linalg.norm(ink_of(_card(False))[1] - colour)) < 0.2 * float(np.linalg.norm(colour))  # one print
    assert float(np.linalg.norm(ink_of(_card(True, colour=(40, 160, 40)))[1] - colour)) > float(np.linalg.norm(colour))
    assert float(np.linalg.norm(ink_of(_card(True, colour=(30, 30, 30)))[1])) < 0.2 * float(np.linalg.norm(colour))


def test_ink_colour_is_its_hue_whatever_its_strength():
    # A thin or faded stroke of one print mixes with the paper and has less chroma per
    # unit of ink than a solid one; its hue stays, and tells red from purple.
    red, pale, purple = (ink_of(_card(True, colour=c))[1] for c in ((40, 40, 200), (150, 150, 215), (150, 40, 150)))
    assert float(np.linalg.norm(red - pale)) < 0.25
    assert float(np.linalg.norm(red - purple)) > 4 * float(np.linalg.norm(red - pale))
    assert 0.95 < float(np.linalg.norm(red)) <= 1.0 + 1e-6


def test_faces_differing_only_by_count_filling_or_colour_are_read_apart():
    faces = [_card(f, n, c) for f in (True, False) for n in (1, 2, 3) for c in ((40, 40, 200), (40, 160, 40))]
    reader = InkFaces(np.stack(faces), 140 / 196)
    for k, face in enumerate(faces):
        seen = cv2.GaussianBlur(np.clip(face * 0.8 + 20, 0, 255).astype(np.uint8), (5, 5), 1.5)
        h, w = seen.shape[:2]
        quad = np.float32([[0, 0], [w, 0], [w, h], [0, h]]) + np.float32([[2, 1], [-1, 2], [-2, -1], [1, -2]])
        for turned in (False, True):
            reading = reader.read(seen, [np.roll(quad, 2, axis=0) if turned else quad])[0]
            assert reading.best == k  # these faces look the same turned round
            assert reading.margin >= 0.1
            assert all(reader.tells(reading, other) for other in range(len(faces)))


def _faces_with_a_twin() -> tuple[list[np.ndarray], InkFaces]:
    """Six faces, the first two alike but for a small mark (like spades and clubs of one
    rank at the ink map's width), and their ink."""
    plain = _card(True, 2)
    marked = plain.copy()
    cv2.circle(marked, (118, 22), 3, (40, 40, 200), -1, cv2.LINE_AA)
    faces = [plain, marked, _card(True, 1), _card(False, 2), _card(True, 2, (40, 160, 40)),
             _card(True, 3, (150, 40, 150))]
    return faces, InkFaces(np.stack(faces), 140 / 196)


def test_the_ink_gets_no_vote_between_faces_that_differ_only_in_a_small_mark():
    # The two faces' ink maps lie nearer each other than a card seen under other light
    # lies from its own.
    faces, reader = _faces_with_a_twin()
    h, w = faces[0].shape[:2]
    quad = np.float32([[0, 0], [w, 0], [w, h], [0, h]]) + np.float32([[3, 1], [-1, 3], [-3, -1], [1, -3]])
    for k in (0, 1):
        seen = cv2.GaussianBlur(np.clip(faces[k] * np.float32([0.7, 0.85, 1.0]) * 0.8 + 25, 0, 255).astype(np.uint8),
                                (7, 7), 2.0)
        reading = reader.read(seen, [quad])[0]
        assert reading.best in (0, 1)
        assert not reader.tells(reading, 1 - reading.best)
        assert all(reader.tells(reading, other) for other in range(2, len(faces)))


def test_the_ink_does_not_tell_faces_apart_finer_than_it_resolves():
    # Seen exactly as taught, a card lies on its own face's ink; two faces that differ
    # only in a small mark are still not told apart by the ink, however near the card is.
    faces, reader = _faces_with_a_twin()
    h, w = faces[0].shape[:2]
    for k in (0, 1):
        reading = reader.read(faces[k], [np.float32([[0, 0], [w, 0], [w, h], [0, h]])])[0]
        assert reading.best == k and reading.distances[k] < 0.01
        assert not reader.tells(reading, 1 - k)
        assert all(reader.tells(reading, other) for other in range(2, len(faces)))


def test_a_tables_colour_at_the_cards_edge_is_not_its_inks():
    # An outline a little off lets the table in along an edge: a red cloth there must
    # not make black print read as red.
    black = _card(True, 2, (30, 30, 30))
    framed = black.copy()
    framed[:, :7] = framed[:8] = (40, 40, 190)
    colour = ink_of(framed)[1]
    red = ink_of(_card(True, 2))[1]
    assert float(np.linalg.norm(colour - ink_of(black)[1])) < 0.1
    assert float(np.linalg.norm(colour - red)) > 0.8


def test_real_scores_compare_multisets():
    found = [SimpleNamespace(card=c) for c in ("a", "a", "x", None, None)]
    tally = score_labels(["a", "a", "b", "c", "d", "e"], found)
    assert (tally.right, tally.wrong, tally.unknown, tally.missed, tally.extra) == (2, 1, 2, 1, 0)
    tally = score_labels(["a"], [SimpleNamespace(card=c) for c in ("b", "c")])
    assert (tally.right, tally.wrong, tally.unknown, tally.missed, tally.extra) == (0, 1, 0, 0, 1)


def test_pictures_are_scaled_to_the_long_side_asked_for():
    assert scaled(np.zeros((1280, 960, 3), np.uint8), 640).shape == (640, 480, 3)
    assert scaled(np.zeros((100, 300, 3), np.uint8), 640).shape == (213, 640, 3)


def test_a_folder_without_labels_is_a_clear_error(tmp_path):
    (tmp_path / "refs").mkdir()
    with pytest.raises(ImageError) as err:
        real_photos(tmp_path, report=lambda line: None)
    assert "labels.json" in str(err.value)


@pytest.mark.skipif(not SET_GAME.is_dir(), reason="the set-game photos are not beside the repository")
def test_real_set_photos_name_no_card_wrongly(tmp_path):
    # The set's reference crops are mirror images of its scenes' cards (docs/vision.md,
    # "On real photos"); taught as shipped, each face is also taught mirrored.
    (tmp_path / "refs").symlink_to(SET_GAME / "refs")
    (tmp_path / "scenes").symlink_to(SET_GAME / "scenes")
    (tmp_path / "labels.json").symlink_to(SET_GAME / "labels.json")
    lines: list[str] = []
    # the last two: a card whose descriptors name another ink, settled by its cues
    # (vision.cues); a purple card under bluish light whose ink reads nearly red, and
    # cards too faint for the descriptors that the ink and the cues name
    scenes = ["20170106_205743.jpg", "red-2-20161231_114330.jpg", "green-3-20161231_114632.jpg",
              "20170529_203823.jpg"]
    tally = real_photos(tmp_path, lines.append, scenes)
    assert tally.cards == 45 and tally.missed == 0
    assert tally.wrong == 0 and tally.extra == 0
    # two left unknown are purple cards under tinted light; the third, an empty red
    # squiggle, is named by its descriptors alone while the pair reading (vision.pair)
    # leans to the striped one, so it is left unknown rather than risked (43 without
    # that check); without the softened ink maps, the deck's own proportions and the
    # slant allowed: 40; without the cues: 37; without the mirrored teaching and the
    # ink's hue: 12 of 24
    assert tally.right >= 42
    assert len(lines) == 2 + len(scenes)


@pytest.fixture(scope="module")
def set_model() -> DeckModel:
    if not SET_GAME.is_dir():
        pytest.skip("the set-game photos are not beside the repository")
    return enrol_images(SET_GAME / "refs", "custom")


def test_a_real_cards_ink_reads_alike_whichever_corner_its_outline_starts_at(set_model):
    # Empty symbols' strokes are about a pixel wide in the ink map; compared unsoftened,
    # at shifts two pixels apart, the two-diamond card of this scene read clearly one way
    # round and not at all the other (margin 0.05 against 0.79).
    model = set_model
    recognizer = Recognizer(model)
    image = scaled(cv2.imread(str(SET_GAME / "scenes" / "red-2-20161231_114330.jpg"), cv2.IMREAD_COLOR), REAL_LONG_SIDE)
    found = recognizer.recognize(image)
    assert len(found) == 9
    for detection in found:
        outline = np.float32(detection.outline)
        readings = recognizer.ink.read(image, [outline, np.roll(outline, 2, axis=0)])
        assert {model.ids[reading.best] for reading in readings} == {detection.best}
        assert min(reading.margin for reading in readings) >= model.min_margin


def test_a_real_photo_larger_than_asked_for_is_read_at_the_working_size(set_model):
    # A camera that gives more than it was asked for: this real photo (1280 pixels wide)
    # taken at 2560 had one card named wrong when frames were read at their own size.
    # Now it is read as that frame scaled to WORKING_LONG_SIDE is, and its outlines come
    # back in the large frame's pixels.
    name = "purple-1-20170101_164036.jpg"
    labels = json.loads((SET_GAME / "labels.json").read_text(encoding="utf-8"))[name]
    photo = cv2.imread(str(SET_GAME / "scenes" / name), cv2.IMREAD_COLOR)
    recognizer = Recognizer(set_model)
    frame = scaled(photo, 2 * WORKING_LONG_SIDE)
    large = recognizer.recognize(frame)
    working = recognizer.recognize(scaled(frame, WORKING_LONG_SIDE))
    assert len(large) == len(labels)
    tally = score_labels(labels, large)
    assert tally.wrong == 0 and tally.missed == 0 and tally.right >= len(labels) - 1
    for big, small in zip(large, working):
        assert big.card == small.card
        assert np.abs((np.float32(big.outline) + 0.5) / 2 - 0.5 - np.float32(small.outline)).max() < 0.01
