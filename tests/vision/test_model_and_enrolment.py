"""Model files, enrolment from images and live enrolment."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from vision.describe import (DESCRIPTOR_VERSION, HOG_BINS, INDEX_LENGTH, WARP_SIZE, _unit_rows, _white_balanced,
                             describe_all, describe_both_ways, describe_index, gradient_histograms, warp_card)
from vision.decks import builtin
from vision.detect import find_cards
from vision.enrol import EnrolState, LiveEnrolment, enrol_images
from vision.errors import EnrolmentError, ModelFileError
from vision.faces import face_image
from vision.model import DeckModel, Match
from vision.recognize import Recognizer
from vision.render import render_scene

from tests.vision.tables import lay


def test_model_file_round_trip(tmp_path, mustang_model):
    path = tmp_path / "mustang.npz"
    mustang_model.save(path)
    loaded = DeckModel.load(path)
    assert loaded.ids == mustang_model.ids
    assert loaded.copies["cowboy"] == 9
    image, _ = render_scene(["green-4", "purple-7"], seed=500_900, distortions=())
    assert [m.card for m in loaded.match(np.stack([mustang_model.prototypes[:1]] * 2, axis=1))] == \
        [m.card for m in mustang_model.match(np.stack([mustang_model.prototypes[:1]] * 2, axis=1))]
    assert len(Recognizer(loaded).recognize(image)) == 2
    assert loaded.index_scale == mustang_model.index_scale
    assert np.array_equal(loaded.index_projection, mustang_model.index_projection)


def test_a_cards_descriptor_is_the_same_alone_or_among_others():
    # the cards of a frame are described together, stacked into one image; no card's
    # numbers may depend on its neighbours in the stack (and so on how many were found)
    image, _ = render_scene(["green-4", "purple-7", "red-1", "cowboy"], seed=500_901, distortions=("glare", "blur"))
    cards = [warp_card(image, quad) for quad in find_cards(image)]
    cards.append(np.zeros_like(cards[0]))  # a black picture: no paper to balance on
    together = describe_both_ways(cards)
    assert len(cards) == 5 and together.shape[:2] == (5, 2)
    for k, card in enumerate(cards):
        assert np.array_equal(describe_both_ways([card])[0], together[k])
        assert np.array_equal(describe_all([card])[0], together[k, 0])
    assert np.array_equal(describe_both_ways(cards[::-1]), together[::-1])
    index = describe_index(cards)
    assert index.shape == (5, INDEX_LENGTH)
    for k, card in enumerate(cards):
        assert np.array_equal(describe_index([card])[0], index[k])
        # turned round, the bottom-right index reads as the top-left one did
        turned = describe_index([np.ascontiguousarray(card[::-1, ::-1])])[0]
        assert np.array_equal(turned, np.roll(index[k], INDEX_LENGTH // 2))


@pytest.mark.parametrize("shape, cell", [((3, 64, 48), 8), ((5, 28, 16), 4), ((1, 8, 8), 8)])
def test_gradient_histograms_are_each_images_own(shape, cell):
    # one image at a time, with OpenCV's own border (mirrored about the edge pixel),
    # the cells' magnitudes summed pixel by pixel
    greys = np.random.default_rng(7).integers(0, 256, shape).astype(np.uint8)
    greys[0, : shape[1] // 2] = 90  # flat: no gradient
    for grey, got in zip(greys, gradient_histograms(greys, cell)):
        levels = grey.astype(np.float32)
        magnitude, angle = cv2.cartToPolar(cv2.Sobel(levels, cv2.CV_32F, 1, 0, ksize=3),
                                           cv2.Sobel(levels, cv2.CV_32F, 0, 1, ksize=3))
        bins = (angle * (HOG_BINS / (2 * np.pi))).astype(np.int64) % HOG_BINS
        hist = np.zeros((shape[1] // cell, shape[2] // cell, HOG_BINS))
        for (y, x), m in np.ndenumerate(magnitude):
            hist[y // cell, x // cell, bins[y, x]] += m
        hist = np.sqrt(hist.ravel()).astype(np.float32)
        assert np.allclose(got, hist / max(float(np.linalg.norm(hist)), 1e-3), rtol=0, atol=1e-6)


def test_white_balance_is_each_cards_own_table_of_levels():
    # each card's levels through its own table: level × gain (float32), cut to a whole
    # level and at most 255; a dim card's gains are capped (its brightest patch counts as 20)
    rng = np.random.default_rng(11)
    height = WARP_SIZE[1]
    cards = rng.integers(0, 256, (4, height, WARP_SIZE[0], 3)).astype(np.uint8)
    cards[1] //= 8  # dim: gains reach 235 / 20, bright pixels are cut at 255
    cards[2, :8, :8] = (250, 120, 40)  # a bright tinted patch: one gain below 1, others above
    cards[3] = 255
    balanced = _white_balanced(cards.reshape(-1, WARP_SIZE[0], 3)).reshape(cards.shape)  # stacked, as described
    for card, got in zip(cards, balanced):
        patches = cv2.resize(card, (8, 11), interpolation=cv2.INTER_AREA).reshape(-1, 3)
        bright = patches[np.argmax(patches.sum(axis=1, dtype=np.int32))].astype(np.float32)
        gains = np.float32(235.0) / np.maximum(bright, np.float32(20.0))
        table = np.clip(np.arange(256, dtype=np.float32)[:, None] * gains, 0, 255).astype(np.uint8)
        assert np.array_equal(got, cv2.LUT(card, table[:, None, :]))
    assert balanced[1].max() == 255 and balanced[3].max() == 235


def test_unit_rows_are_each_row_over_its_norm():
    rows = np.random.default_rng(12).standard_normal((6, 352)).astype(np.float32)
    rows[2] *= 1e-5  # shorter than 1e-3: divided by 1e-3
    for row, got in zip(rows, _unit_rows(rows)):
        assert np.array_equal(got, row / np.float32(max(np.linalg.norm(row), 1e-3)))


def test_match_names_each_cards_nearest_face_and_runner_up(mustang_model):
    # every prototype to every seen descriptor, both ways round, face by face
    model = mustang_model
    rng = np.random.default_rng(13)
    seen = model.prototypes[rng.choice(len(model.prototypes), 8)]
    seen = np.stack([seen + rng.normal(0, 0.03, seen.shape), seen[:, ::-1]], axis=1).astype(np.float32)
    seen[5] = np.mean(model.prototypes, axis=0)  # near no face in particular
    projected = model.prototypes.astype(np.float64) @ model.projection
    for views, match in zip(seen, model.match(seen)):
        d2 = ((views.astype(np.float64) @ model.projection)[:, None, :] - projected[None]) ** 2
        per_face = np.stack([d2.sum(axis=2)[:, model.labels == k].min(axis=1) for k in range(len(model.ids))], axis=1)
        nearest = per_face.min(axis=0)
        best, second = np.argsort(nearest)[:2]
        assert (match.best, match.runner_up) == (model.ids[best], model.ids[second])
        assert match.upside_down == bool(per_face[:, best].argmin())
        assert match.confidence == pytest.approx(1 / (1 + nearest[best] / model.scale), abs=1e-4)
        assert match.margin == pytest.approx(1 - nearest[best] / nearest[second], abs=1e-4)
        accepted = match.confidence >= model.min_confidence and match.margin >= model.min_margin
        assert match.card == (match.best if accepted else None)


def _upright(face: np.ndarray) -> np.ndarray:
    h, w = face.shape[:2]
    return warp_card(face, np.float32([[0, 0], [w, 0], [w, h], [0, h]]))


def test_a_near_tie_is_settled_by_the_corner_index(standard_model):
    # the queens of spades and of clubs differ only in their suit symbols: a card
    # equally near both is named by its corner index, when that is clear
    tie = Match(None, 0.3, 0.02, "QS", "QC", False)
    assert standard_model.near_tie(tie)
    for face in ("QS", "QC"):
        settled = standard_model.settle(tie, describe_index([_upright(face_image(face, "standard"))])[0])
        assert (settled.card, settled.best) == (face, face)
        assert settled.runner_up == ({"QS", "QC"} - {face}).pop()
        assert settled.margin >= 0.2 and settled.confidence == tie.confidence
    # a corner that shows neither index (plain paper, the joker's) leaves the card unknown
    for stranger in (np.full((350, 250, 3), 240, np.uint8), face_image("JK", "standard")):
        assert standard_model.settle(tie, describe_index([_upright(stranger)])[0]) == tie
    # not a near tie: too far from every face, or named already
    for match in (Match(None, 0.05, 0.02, "QS", "QC", False), Match("QS", 0.6, 0.3, "QS", "QC", False)):
        assert not standard_model.near_tie(match)
        assert standard_model.settle(match, describe_index([_upright(face_image("QS", "standard"))])[0]) == match


def test_model_file_is_not_pickle(tmp_path, mustang_model):
    path = tmp_path / "m.npz"
    mustang_model.save(path)
    with np.load(path, allow_pickle=False) as data:
        assert all(data[k].dtype != object for k in data.files)


@pytest.mark.parametrize("content", [b"", b"not a model", b"PK\x03\x04broken"])
def test_damaged_model_file_is_a_clear_error(tmp_path, content):
    path = tmp_path / "bad.npz"
    path.write_bytes(content)
    with pytest.raises(ModelFileError) as err:
        DeckModel.load(path)
    assert "teach the deck again" in str(err.value)
    with pytest.raises(ModelFileError):
        DeckModel.load(tmp_path / "missing.npz")


def test_enrol_custom_deck_from_photos(tmp_path):
    # "Phone photos": each card lying on a table, found and cut out by enrolment.
    for k, card in enumerate(("red-2", "blue-6", "cowboy")):
        image, _ = render_scene([card], seed=501_000 + k, distortions=("noise",), distractors=0,
                                card_width=(220, 240))
        cv2.imwrite(str(tmp_path / f"{card}.png"), image)
    model = enrol_images(tmp_path, "custom")
    assert set(model.ids) == {"red-2", "blue-6", "cowboy"}
    for card in ("red-2", "blue-6", "cowboy"):  # each photo names its own card
        photo = cv2.imread(str(tmp_path / f"{card}.png"))
        found = [d.card for d in Recognizer(model).recognize(photo)]
        assert found == [card]


NARROW = ("red-2", "blue-6", "green-4", "yellow-5", "purple-3", "cowboy")
"""Faces drawn as cards of bridge proportions (0.64, SET's too), narrower than poker's."""


def _narrow(card: str) -> np.ndarray:
    return cv2.resize(face_image(card), (128, 200), interpolation=cv2.INTER_AREA)


@pytest.mark.parametrize("scanned", [None, cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_90_COUNTERCLOCKWISE])
def test_custom_deck_is_looked_for_in_its_own_proportions(tmp_path, scanned):
    # Scans of cards narrower than poker cards: the deck is looked for in their
    # proportions, so that cards seen narrower still (0.56: a tilted camera) are
    # found and named; looked for as poker cards (0.72), none was. Cards scanned
    # lying on their side (landscape pictures, either way) are the same deck.
    for card in NARROW:
        scan = _narrow(card)
        cv2.imwrite(str(tmp_path / f"{card}.png"), scan if scanned is None else cv2.rotate(scan, scanned))
    model = enrol_images(tmp_path, "custom")
    assert model.aspect == pytest.approx(128 / 200, abs=0.005)
    found = Recognizer(model).recognize(lay([_narrow(card) for card in NARROW], seen=(100, 180)))
    assert sorted(str(d.card) for d in found) == sorted(NARROW)


def test_custom_deck_proportions_are_learnt_from_photos_too(tmp_path):
    # Phone photos of each card lying on the table: the card found in each is measured.
    for k, card in enumerate(NARROW[:3]):
        cv2.imwrite(str(tmp_path / f"{card}.png"), lay([_narrow(card)], seen=(190, 297), seed=k))
    assert enrol_images(tmp_path, "custom").aspect == pytest.approx(128 / 200, abs=0.02)
    cv2.imwrite(str(tmp_path / "red-1.png"), face_image("red-1"))
    for card in NARROW[:3]:
        (tmp_path / f"{card}.png").unlink()
    assert builtin("mustang").aspect == pytest.approx(enrol_images(tmp_path, "mustang", partial=True).aspect)


def test_model_of_an_older_descriptor_must_be_taught_again(tmp_path, mustang_model):
    path = tmp_path / "old.npz"
    mustang_model.save(path)
    with np.load(path, allow_pickle=False) as data:
        arrays = dict(data)
    header = json.loads(bytes(arrays["header"]).decode("utf-8"))
    header["descriptor_version"] = DESCRIPTOR_VERSION - 1
    arrays["header"] = np.frombuffer(json.dumps(header).encode("utf-8"), np.uint8)
    del arrays["index_prototypes"], arrays["index_projection"]  # older models had no index descriptors
    np.savez(path, **arrays)
    with pytest.raises(ModelFileError) as err:
        DeckModel.load(path)
    assert "older version" in str(err.value)
    assert "opnieuw" in err.value.text.render("nl")


def test_enrol_builtin_deck_reports_missing_and_strange_images(tmp_path):
    cv2.imwrite(str(tmp_path / "red-1.png"), face_image("red-1"))
    with pytest.raises(EnrolmentError) as err:
        enrol_images(tmp_path, "mustang")
    assert "red-2" in str(err.value)
    cv2.imwrite(str(tmp_path / "joker.png"), face_image("red-1"))
    with pytest.raises(EnrolmentError) as err:
        enrol_images(tmp_path, "mustang", partial=True)
    assert "joker" in str(err.value)


def test_live_enrolment_captures_a_still_card_and_refuses_a_repeat():
    live = LiveEnrolment("mustang")
    live.expect("red-5")
    empty, _ = render_scene([], seed=502_000, distortions=(), distractors=0)
    assert live.feed(empty).state is EnrolState.SEARCHING
    frame, _ = render_scene(["red-5"], seed=502_001, distortions=("noise",), distractors=0, card_width=150)
    states = [live.feed(frame).state for _ in range(live.still_frames)]
    assert states[:-1] == [EnrolState.HOLD_STILL] * (live.still_frames - 1)
    assert states[-1] is EnrolState.CAPTURED
    assert live.progress == (1, len(builtin("mustang").ids))
    live.expect("blue-3")
    statuses = [live.feed(frame) for _ in range(live.still_frames)]
    assert statuses[-1].state is EnrolState.RETRY
    assert "red-5" in statuses[-1].message.render("en")
    two, _ = render_scene(["blue-3", "green-1"], seed=502_002, distortions=(), distractors=0)
    assert live.feed(two).state is EnrolState.RETRY
    with pytest.raises(EnrolmentError):
        live.finish()
    assert live.finish(partial=True).ids == ("red-5",)


def test_the_companion_command_matches_faces_on_one_thread():
    """Matching a card with the taught faces (numpy's BLAS) starts no threads in the
    ``companion`` process: the card reader runs beside the touchscreen, and the speed
    figure is for one thread."""
    import os
    import subprocess
    import sys

    if not os.path.isdir("/proc/self/task"):
        pytest.skip("counting threads needs Linux's /proc")
    code = ("import os, companion.cli, numpy\n"
            "numpy.ones((12, 256), numpy.float32) @ numpy.ones((256, 1353), numpy.float32)\n"
            "print(len(os.listdir('/proc/self/task')))")
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}
    threads = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert threads.stdout.strip() == "1"
