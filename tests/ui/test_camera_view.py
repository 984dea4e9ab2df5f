"""Card names on the live camera panel (issue 17, item 10): fanned, turned, overlapping
cards and a card at the picture's edge, at the play screen's panel sizes; no two names
overlap, none leaves the picture, and a card with room for its name has it inside."""

from __future__ import annotations

import os

import pytest

from tests.ui.test_app import run

pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def inside(point: tuple[float, float], polygon: list[list[float]]) -> bool:
    (px, py), hit = point, False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


ROOM = {"320x240": ("?",), "480x360": ("?", "Snow-White Mare", "Blue foal 3")}
"""The cards with room for their names (60 and 90 px wide on screen)."""


def test_card_names_never_overlap_or_leave_the_picture(work):
    found = run("camera_labels", work)
    for size, panel in found.items():
        labels = {text: box for text, box in panel["labels"]}
        assert sorted(labels) == sorted(panel["outlines"]), size             # every card named
        left, bottom, right, top = panel["picture"]
        for text, (x0, y0, x1, y1) in labels.items():
            assert left <= x0 and x1 <= right and bottom <= y0 and y1 <= top, (size, text)
        boxes = list(labels.items())
        for i, (a, (ax0, ay0, ax1, ay1)) in enumerate(boxes):
            for b, (bx0, by0, bx1, by1) in boxes[i + 1:]:
                assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (size, a, b)
        for text in ROOM[size]:   # room on the card: the name is on it
            x0, y0, x1, y1 = labels[text]
            assert all(inside(corner, panel["outlines"][text]) for corner in ((x0 + 2, y0 + 2), (x1 - 2, y1 - 2))), (
                size, text)
