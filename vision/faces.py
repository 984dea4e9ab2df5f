"""Card faces drawn with OpenCV: the designs games declare, and the standard pack.

Every face is white with a readable index (value or rank, and a symbol) in the top-left
corner and, turned round, in the bottom-right one, and a large centre design. A game's
face is drawn from its :class:`companion.game.FaceArt` (layout, index, centre text, ink,
symbol and count), by :func:`art_face`, for any game alike. The standard pack is no
game's own: its faces have the usual pip layouts, a big letter for the court cards and
a star for the joker (:func:`standard_face`).

:func:`face_image` returns a face as a BGR image of :data:`FACE_SIZE`, cached.
"""

from __future__ import annotations

import re
from functools import lru_cache

import cv2
import numpy as np

from companion.game import FaceArt, FaceLayout
from companion.i18n import Domain
from vision.decks import JOKER, STANDARD, builtin, is_standard_card
from vision.errors import UnknownDeck

D = Domain("vision", "vision")

FACE_SIZE = (250, 350)
"""Width and height of a rendered face in pixels (poker proportions)."""

PAPER = (242, 244, 246)
INK = (30, 30, 30)
SUIT_SHAPE = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
SUIT_INK = {"S": INK, "C": INK, "H": (30, 30, 200), "D": (30, 30, 200)}

# Pip positions for 1–10 in the unit square of the centre area.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: ((0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6),
         (0, 1), (1, 1)),
}


def _unit_shape(name: str) -> list[np.ndarray]:
    """Polygons of a symbol in a unit box centred on 0 (y down), pointing up."""
    t = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    if name == "heart":
        x = 16 * np.sin(t) ** 3
        y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
        return [np.stack([x / 34, (y + 2.5) / 34], 1)]
    if name == "spade":
        x = 16 * np.sin(t) ** 3
        y = 13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t)
        body = np.stack([x / 34, (y - 3) / 34], 1)
        stem = np.array([[0, 0.05], [0.14, 0.48], [-0.14, 0.48]])
        return [body, stem]
    if name == "club":
        circle = np.stack([np.cos(t), np.sin(t)], 1) * 0.2
        stem = np.array([[0, 0.0], [0.14, 0.48], [-0.14, 0.48]])
        return [circle + (0, -0.24), circle + (-0.23, 0.1), circle + (0.23, 0.1), stem,
                np.array([[-0.1, -0.1], [0.1, -0.1], [0.1, 0.15], [-0.1, 0.15]])]
    if name == "diamond":
        return [np.array([[0, -0.5], [0.36, 0], [0, 0.5], [-0.36, 0]])]
    if name == "triangle":
        return [np.array([[0, -0.48], [0.48, 0.38], [-0.48, 0.38]])]
    if name == "disc":
        return [np.stack([np.cos(t), np.sin(t)], 1) * 0.42]
    if name == "leaf":
        a = np.linspace(-np.pi / 2, np.pi / 2, 24)
        right = np.stack([0.55 * np.cos(a) - 0.2, 0.48 * np.sin(a)], 1)
        return [np.concatenate([right, right[::-1] * (-1, 1)])]
    if name == "square":
        return [np.array([[-0.38, -0.38], [0.38, -0.38], [0.38, 0.38], [-0.38, 0.38]])]
    if name == "star":
        angles = -np.pi / 2 + np.arange(10) * np.pi / 5
        radius = np.where(np.arange(10) % 2 == 0, 0.5, 0.21)
        return [np.stack([radius * np.cos(angles), radius * np.sin(angles) + 0.04], 1)]
    if name == "hat":
        crown = np.array([[-0.22, 0.05], [-0.18, -0.35], [0, -0.25], [0.18, -0.35], [0.22, 0.05]])
        brim_a = np.linspace(0, np.pi, 20)
        brim = np.stack([0.5 * np.cos(brim_a), 0.05 + 0.18 * np.sin(brim_a) - 0.1 * np.abs(np.cos(brim_a))], 1)
        return [crown, np.concatenate([brim, brim[::-1] * (1, 0) + (0, 0.02)])]
    if name == "sun":
        angles = -np.pi / 2 + np.arange(24) * np.pi / 12
        radius = np.where(np.arange(24) % 2 == 0, 0.5, 0.34)
        return [np.stack([radius * np.cos(angles), radius * np.sin(angles)], 1)]
    if name == "drop":
        a = np.linspace(-np.pi / 9, np.pi + np.pi / 9, 30)
        return [np.concatenate([np.stack([0.32 * np.cos(a), 0.14 + 0.32 * np.sin(a)], 1), [[0, -0.5]]])]
    if name == "feather":
        a = np.linspace(-np.pi / 2, np.pi / 2, 24)
        right = np.stack([0.17 * np.cos(a), 0.42 * np.sin(a) - 0.06], 1)
        vane = np.concatenate([right, right[::-1] * (-1, 1)])
        tilt = np.array([[np.cos(0.5), -np.sin(0.5)], [np.sin(0.5), np.cos(0.5)]])
        quill = np.array([[-0.02, 0.3], [0.02, 0.3], [0.03, 0.5], [-0.03, 0.5]])
        return [vane @ tilt.T, quill @ tilt.T]
    if name == "fence":
        pickets = [np.array([[x - 0.09, 0.45], [x - 0.09, -0.3], [x, -0.45], [x + 0.09, -0.3], [x + 0.09, 0.45]])
                   for x in (-0.3, 0.0, 0.3)]
        rails = [np.array([[-0.48, y - 0.05], [0.48, y - 0.05], [0.48, y + 0.05], [-0.48, y + 0.05]])
                 for y in (-0.12, 0.25)]
        return [*pickets, *rails]
    if name == "equals":
        return [np.array([[-0.42, y - 0.1], [0.42, y - 0.1], [0.42, y + 0.1], [-0.42, y + 0.1]])
                for y in (-0.2, 0.2)]
    if name == "arrows":
        right = np.array([[-0.45, -0.3], [0.15, -0.3], [0.15, -0.45], [0.48, -0.2], [0.15, 0.05], [0.15, -0.1],
                          [-0.45, -0.1]])
        return [right, right * (-1, -1)]
    if name == "magnet":
        a = np.linspace(0, np.pi, 20)
        outer = np.stack([0.4 * np.cos(a), -0.03 + 0.4 * np.sin(a)], 1)
        inner = np.stack([0.17 * np.cos(a), -0.03 + 0.17 * np.sin(a)], 1)
        return [np.concatenate([[[0.4, -0.48]], outer, [[-0.4, -0.48], [-0.17, -0.48]], inner[::-1],
                                [[0.17, -0.48]]])]
    if name == "paw":
        pad = np.stack([0.25 * np.cos(t), 0.2 * np.sin(t) + 0.2], 1)
        toe = np.stack([np.cos(t), np.sin(t)], 1) * 0.1
        return [pad, *(toe + centre for centre in ((-0.32, -0.06), (-0.12, -0.3), (0.12, -0.3), (0.32, -0.06)))]
    raise ValueError(name)


SHAPES: tuple[str, ...] = ("heart", "spade", "club", "diamond", "triangle", "disc", "leaf", "square", "star", "hat",
                           "sun", "drop", "feather", "fence", "equals", "arrows", "magnet", "paw")
"""The symbols a :class:`companion.game.FaceArt` can name."""


def draw_symbol(img: np.ndarray, name: str, centre: tuple[float, float], size: float,
                colour: tuple[int, int, int], flip: bool = False, outline: bool = True) -> None:
    """Draw a filled symbol of height ``size`` (turned round with ``flip``)."""
    sign = -1 if flip else 1
    polys = [np.round((p * sign * size + centre) * 16).astype(np.int32) for p in _unit_shape(name)]
    for poly in polys:  # one by one: overlapping parts must not cancel out
        cv2.fillPoly(img, [poly], colour, cv2.LINE_AA, shift=4)
    if outline:
        cv2.polylines(img, polys[:1], True, INK, max(1, int(size / 30)), cv2.LINE_AA, shift=4)


def _text(img: np.ndarray, text: str, centre: tuple[float, float], height: float,
          colour: tuple[int, int, int], thickness: int, width: float | None = None) -> None:
    """``text`` centred on ``centre``; narrowed (smaller and thinner) to ``width`` pixels
    when it is wider."""
    font = cv2.FONT_HERSHEY_DUPLEX
    scale = height / 22.0
    (w, h), _ = cv2.getTextSize(text, font, scale, thickness)
    if width is not None and w > width:
        factor = width / w
        scale, thickness = scale * factor, max(1, round(thickness * factor))
        (w, h), _ = cv2.getTextSize(text, font, scale, thickness)
    org = (int(centre[0] - w / 2), int(centre[1] + h / 2))
    cv2.putText(img, text, org, font, scale, colour, thickness, cv2.LINE_AA)


def _index(img: np.ndarray, label: str, shape: str, colour: tuple[int, int, int]) -> None:
    """The corner index: top left, and the same turned round at bottom right."""
    w, h = FACE_SIZE
    corner = np.full((int(h * 0.30), int(w * 0.2), 3), PAPER, np.uint8)
    cw = corner.shape[1]
    _text(corner, label, (cw / 2 + 2, 26), 36 if len(label) < 2 else 28, colour, 3, width=cw)
    draw_symbol(corner, shape, (cw / 2 + 2, 70), 30, colour)
    img[6:6 + corner.shape[0], 4:4 + cw] = corner
    img[h - 6 - corner.shape[0]:h - 6, w - 4 - cw:w - 4] = corner[::-1, ::-1]


def _blank() -> np.ndarray:
    w, h = FACE_SIZE
    return np.full((h, w, 3), PAPER, np.uint8)


def _pips(img: np.ndarray, count: int, shape: str, colour: tuple[int, int, int], size: float) -> None:
    w, h = FACE_SIZE
    x0, x1, y0, y1 = 0.3 * w, 0.7 * w, 0.2 * h, 0.8 * h
    for px, py in PIPS[count]:
        draw_symbol(img, shape, (x0 + px * (x1 - x0), y0 + py * (y1 - y0)), size, colour, flip=py > 0.55)


def _bgr(ink: str) -> tuple[int, int, int]:
    """``"#rrggbb"`` as OpenCV's (blue, green, red)."""
    return int(ink[5:7], 16), int(ink[3:5], 16), int(ink[1:3], 16)


def _ring(img: np.ndarray, art: FaceArt, ink: tuple[int, int, int]) -> None:
    w, h = FACE_SIZE
    cv2.rectangle(img, (40, 20), (w - 40, h - 20), ink, 4, cv2.LINE_AA)
    n = art.count
    size = 36 if n <= 8 else 36 * np.sqrt(8 / n)
    for a in -np.pi / 2 + 2 * np.pi * np.arange(n) / max(n, 1):
        draw_symbol(img, art.symbol, (w / 2 + 0.27 * w * np.cos(a), h / 2 + 0.33 * h * np.sin(a)), size, ink)
    cv2.ellipse(img, (w // 2, h // 2), (50, 62), 0, 0, 360, ink, -1, cv2.LINE_AA)
    _text(img, art.centre or art.index, (w / 2, h / 2), 80, PAPER, 7, width=88)


def _emblem(img: np.ndarray, art: FaceArt, ink: tuple[int, int, int]) -> None:
    w, h = FACE_SIZE
    cv2.rectangle(img, (48, 80), (w - 48, h - 80), ink, 5, cv2.LINE_AA)
    draw_symbol(img, art.emblem or art.symbol, (w / 2, h * 0.42), 150, ink)
    if art.centre:
        _text(img, art.centre, (w / 2, h * 0.66), 26, ink, 3, width=w - 96)
    if art.accent:
        accent = _bgr(art.accent_ink or art.ink)
        for x, y in ((70, 100), (w - 70, 100), (70, h - 100), (w - 70, h - 100)):
            draw_symbol(img, art.accent, (x, y), 26, accent)


def art_face(art: FaceArt) -> np.ndarray:
    """The face ``art`` describes (BGR, :data:`FACE_SIZE`); :class:`UnknownDeck` when it
    names a symbol card vision does not know (:data:`SHAPES`) or an ink that is not
    ``#rrggbb``."""
    unknown = {art.symbol, art.emblem, art.accent} - {"", *SHAPES}
    if unknown:
        raise UnknownDeck(D.text("A card face names unknown symbols: {names}; known: {known}.",
                                 names=", ".join(sorted(unknown)), known=", ".join(SHAPES)))
    for written in filter(None, (art.ink, art.accent_ink)):
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", written):
            raise UnknownDeck(D.text("A card face's ink {ink} is not a colour written as #rrggbb.", ink=written))
    img = _blank()
    ink = _bgr(art.ink)
    if art.layout is FaceLayout.EMBLEM:
        _emblem(img, art, ink)
    else:
        _ring(img, art, ink)
    _index(img, art.index, art.symbol, ink)
    return img


def standard_face(card_id: str) -> np.ndarray:
    w, h = FACE_SIZE
    img = _blank()
    if card_id == JOKER:
        ink = (40, 40, 170)
        draw_symbol(img, "star", (w / 2, h / 2), 150, (0, 170, 230))
        for i, letter in enumerate("JOKER"):
            _text(img, letter, (34, 60 + i * 48), 34, ink, 3)
        _text(img, "JK", (w - 40, h - 40), 30, ink, 3)
        return img
    rank, suit = card_id[:-1], card_id[-1]
    shape, ink = SUIT_SHAPE[suit], SUIT_INK[suit]
    if rank == "A":
        draw_symbol(img, shape, (w / 2, h / 2), 140, ink)
    elif rank in ("J", "Q", "K"):
        cv2.rectangle(img, (52, 70), (w - 52, h - 70), ink, 4, cv2.LINE_AA)
        _text(img, rank, (w / 2, h / 2), 110, ink, 9)
        draw_symbol(img, shape, (w / 2 - 50, 105), 44, ink)
        draw_symbol(img, shape, (w / 2 + 50, h - 105), 44, ink, flip=True)
    else:
        _pips(img, int(rank), shape, ink, 52)
    _index(img, rank, shape, ink)
    return img


@lru_cache(maxsize=512)
def _face(deck: str, card_id: str) -> np.ndarray:
    face = builtin(deck).face(card_id)
    if face.art is not None:
        image = art_face(face.art)
    elif deck == STANDARD and is_standard_card(card_id):
        image = standard_face(card_id)
    else:
        raise UnknownDeck(D.text("Card vision cannot draw the {card} card of the {deck} deck.",
                                 card=card_id, deck=deck))
    image.setflags(write=False)
    return image


def face_image(card_id: str, deck: str = "mustang") -> np.ndarray:
    """The face of ``card_id`` in ``deck``, a deck a game declares (BGR, read-only,
    :data:`FACE_SIZE`); :class:`UnknownDeck` for a card the deck lacks or card vision
    cannot draw (:func:`vision.decks.drawable`)."""
    return _face(deck, card_id)


__all__ = ["FACE_SIZE", "SHAPES", "art_face", "face_image", "draw_symbol", "standard_face"]
