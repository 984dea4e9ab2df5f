"""The cues a card shares with its face's reference (vision.cues): symbol count, colour."""

from __future__ import annotations

import cv2
import numpy as np

from vision.cues import FaceCues, cues_of

RED, GREEN, PURPLE = (40, 40, 200), (40, 160, 40), (150, 40, 150)


def _card(count: int, fill: str, colour=RED) -> np.ndarray:
    """A plain card (140 × 196) with ``count`` ovals: ``solid``, ``striped`` or ``empty``."""
    card = np.full((196, 140, 3), 235, np.uint8)
    for k in range(count):
        centre = (70, int(98 + (k - (count - 1) / 2) * 50))
        if fill == "solid":
            cv2.ellipse(card, centre, (45, 18), 0, 0, 360, colour, -1, cv2.LINE_AA)
        else:
            if fill == "striped":
                mask = np.zeros(card.shape[:2], np.uint8)
                cv2.ellipse(mask, centre, (45, 18), 0, 0, 360, 255, -1)
                mask[:, ::6] = 0
                mask[:, 1::6] = 0
                mask[:, 2::6] = 0
                card[mask > 0] = colour
            cv2.ellipse(card, centre, (45, 18), 0, 0, 360, colour, 3, cv2.LINE_AA)
    return card


def _photographed(card: np.ndarray) -> np.ndarray:
    """The card under dim, warm light, blurred and shaded from one side."""
    shade = np.linspace(0.6, 1.0, card.shape[1], dtype=np.float32)[None, :, None]
    seen = card * np.float32([0.75, 0.9, 1.0]) * shade * 0.8
    return cv2.GaussianBlur(np.clip(seen, 0, 255).astype(np.uint8), (5, 5), 1.2)


def test_symbols_are_counted_whatever_their_filling_and_the_light():
    for count in (1, 2, 3):
        for fill in ("solid", "striped", "empty"):
            assert cues_of(_card(count, fill)).count == count
            assert cues_of(_photographed(_card(count, fill))).count == count, (count, fill)


def test_a_card_agrees_with_its_face_and_not_with_another_count_or_ink():
    faces = [_card(n, f, c) for n in (1, 2, 3) for f in ("solid", "striped", "empty") for c in (RED, GREEN, PURPLE)]
    taught = FaceCues(np.stack(faces), 140 / 196, colour_scale=1.0, share=0.1)
    for k, face in enumerate(faces):
        cues = cues_of(_photographed(face))
        agreeing = {j for j in range(len(faces)) if taught.agree(cues, j)}
        assert k in agreeing
        # only the faces of the same count and ink: the filling is the ink map's to tell
        assert all(j // 9 == k // 9 and j % 3 == k % 3 for j in agreeing)


def test_a_hue_between_two_inks_names_neither():
    red, purple = _card(1, "solid", RED), _card(1, "solid", PURPLE)
    taught = FaceCues(np.stack([red, purple]), 140 / 196, colour_scale=1.0, share=0.1)
    between = _card(1, "solid", tuple(int(a + b) // 2 for a, b in zip(RED, PURPLE)))
    cues = cues_of(between)
    assert not taught.agree(cues, 0) and not taught.agree(cues, 1)
    assert taught.agree(cues_of(red), 0) and not taught.agree(cues_of(red), 1)
