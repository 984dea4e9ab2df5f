"""A second render style for the standard pack, drawn independently of :mod:`vision.faces`
and :mod:`vision.render`, to check card vision on art and photos its tuning never saw.

Faces are drawn with Pillow in TrueType fonts (DejaVu Serif for the corner index, the
court letters and the pips, whose suit symbols are the font's glyphs; DejaVu Sans Mono
for the joker), on cream paper with a thin blue frame and wider rounded corners; the
pips stand in rows, the court cards are double-ended figures (crown, tiara or cap) and
the joker is a jester's cap. Photos are made with OpenCV: tables of wood planks,
coloured felt or patterned cloth (checks, stripes, dots), cards with a soft shadow, a
camera a little tilted, light warm or cool, vignetted, falling off to one side and now
and then a glare spot, then defocus or motion blur, sensor noise and JPEG.

:func:`write_dataset` writes what ``companion vision bench --real DIR`` reads: one
photo of each card alone on a table in ``refs/<card id>.png`` (taken again where
teaching refuses it, as a table would be asked to), scenes of 3 to 8 cards
at 640×480 in ``scenes/*.jpg`` and ``labels.json`` (scene file name → card ids).
Everything is decided by the seed: the same arguments write the same files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.i18n import Domain
from vision.decks import JOKER, STANDARD, Deck, builtin
from vision.errors import ImageError
from vision.reference import UnclearReference, crop_reference

D = Domain("vision", "vision")

FACE_WIDTH = 360
"""Width in pixels of a drawn face; its height follows from the deck's aspect."""

SCENE_SIZE = (640, 480)
REF_SIZE = (800, 600)
CARDS_PER_SCENE = (3, 8)
RETAKES = 5
"""How often a reference photo that teaching refuses is taken again (:func:`taught_photo`)."""
SURFACES: tuple[str, ...] = ("planks", "felt", "checks", "stripes", "dots")

PAPER = (246, 239, 222)
FRAME = (84, 98, 150)
RED = (176, 22, 42)
BLACK = (22, 24, 36)
GOLD = (214, 170, 52)
SKIN = (244, 214, 184)
SUIT_GLYPH = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
ROBES = {"K": ((40, 70, 160), (190, 40, 40)), "Q": ((150, 40, 110), (40, 120, 80)),
         "J": ((40, 120, 80), (40, 70, 160))}
ROWS = {2: (1, 1), 3: (1, 1, 1), 4: (2, 2), 5: (2, 1, 2), 6: (2, 2, 2), 7: (2, 3, 2), 8: (3, 2, 3),
        9: (3, 3, 3), 10: (2, 3, 3, 2)}
"""Pips per row, top to bottom, for each count: rows, not the usual columns."""


@lru_cache(maxsize=16)
def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    """The TrueType font ``name`` (fonts-dejavu-core) at ``size`` pixels."""
    try:
        return ImageFont.truetype(name, size)
    except OSError as err:
        raise ImageError(D.text("The font {name} is missing; install the fonts-dejavu-core package.",
                                name=name)) from err


def _glyph(text: str, font: str, size: int) -> Image.Image:
    """``text`` as a tight grey-level mask."""
    face = _font(font, size)
    left, top, right, bottom = (round(v) for v in face.getbbox(text))
    mask = Image.new("L", (right - left + 2, bottom - top + 2), 0)
    ImageDraw.Draw(mask).text((1 - left, 1 - top), text, font=face, fill=255)
    return mask


def _stamp(img: Image.Image, mask: Image.Image, centre: tuple[float, float], colour: tuple[int, int, int],
           upside_down: bool = False) -> None:
    """Ink ``mask`` centred on ``centre`` (turned round with ``upside_down``)."""
    if upside_down:
        mask = mask.transpose(Image.Transpose.ROTATE_180)
    img.paste(colour, (round(centre[0] - mask.width / 2), round(centre[1] - mask.height / 2)), mask)


def _mirror_half(img: Image.Image, box: tuple[int, int, int, int]) -> None:
    """Make ``box`` double-ended: its lower half the upper half turned round."""
    x0, y0, x1, y1 = box
    middle = (y0 + y1) // 2
    top = img.crop((x0, y0, x1, middle)).transpose(Image.Transpose.ROTATE_180)
    img.paste(top, (x0, y1 - top.height))


def _court(img: Image.Image, rank: str, suit: str, ink: tuple[int, int, int]) -> None:
    """A double-ended court figure in a frame: head, robe and the rank's headwear."""
    w, h = img.size
    box = (round(0.2 * w), round(0.16 * h), round(0.8 * w), round(0.84 * h))
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    cx, mid = (x0 + x1) / 2, (y0 + y1) / 2
    draw.rectangle(box, fill=(250, 246, 232))
    robe, trim = ROBES[rank]
    draw.polygon([(x0 + 0.1 * (x1 - x0), mid), (cx - 0.16 * w, y0 + 0.22 * h), (cx + 0.16 * w, y0 + 0.22 * h),
                  (x1 - 0.1 * (x1 - x0), mid)], fill=robe)
    draw.polygon([(cx - 0.16 * w, y0 + 0.22 * h), (cx, y0 + 0.3 * h), (cx + 0.16 * w, y0 + 0.22 * h)], fill=trim)
    draw.line([(cx, y0 + 0.3 * h), (cx, mid)], fill=GOLD, width=max(2, w // 60))
    head = 0.085 * w
    hy = y0 + 0.15 * h
    draw.ellipse((cx - head, hy - head * 1.15, cx + head, hy + head * 1.15), fill=SKIN, outline=BLACK,
                 width=max(1, w // 180))
    top = hy - head * 1.1
    if rank == "K":
        points = [(cx - head, top)] + [(cx - head + k * head / 2, top - head * (0.9 if k % 2 == 0 else 0.45))
                                       for k in range(5)] + [(cx + head, top)]
        draw.polygon(points, fill=GOLD, outline=BLACK)
        draw.ellipse((cx - head * 0.15, top - head * 0.35, cx + head * 0.15, top - head * 0.05), fill=RED)
    elif rank == "Q":
        draw.arc((cx - head * 1.05, top - head * 0.6, cx + head * 1.05, top + head * 0.6), 180, 360, fill=GOLD,
                 width=max(2, w // 70))
        for k in (-0.6, 0.0, 0.6):
            r = head * 0.14
            draw.ellipse((cx + k * head - r, top - head * 0.5 - r, cx + k * head + r, top - head * 0.5 + r),
                         fill=(60, 130, 200))
    else:
        draw.chord((cx - head * 1.1, top - head * 0.7, cx + head * 1.1, top + head * 0.7), 180, 360, fill=trim,
                   outline=BLACK)
        draw.polygon([(cx + head * 0.6, top - head * 0.3), (cx + head * 1.6, top - head * 1.2),
                      (cx + head * 0.9, top - head * 0.1)], fill=GOLD)
    _stamp(img, _glyph(SUIT_GLYPH[suit], "DejaVuSerif.ttf", round(0.2 * w)), (x0 + 0.09 * w, y0 + 0.08 * h), ink)
    _stamp(img, _glyph(rank, "DejaVuSerif-Bold.ttf", round(0.14 * w)), (x1 - 0.08 * w, y0 + 0.07 * h), ink)
    _mirror_half(img, box)
    draw.line([(x0, mid), (x1, mid)], fill=FRAME, width=max(1, w // 120))
    draw.rectangle(box, outline=ink, width=max(2, w // 90))


def _pips(img: Image.Image, count: int, suit: str, ink: tuple[int, int, int]) -> None:
    """``count`` suit glyphs in rows (:data:`ROWS`), the lower half turned round; an ace one big glyph."""
    w, h = img.size
    if count == 1:
        _stamp(img, _glyph(SUIT_GLYPH[suit], "DejaVuSerif.ttf", round(0.62 * w)), (w / 2, h / 2), ink)
        return
    rows = ROWS[count]
    mask = _glyph(SUIT_GLYPH[suit], "DejaVuSerif.ttf", round(0.2 * w))
    y0, y1 = 0.22 * h, 0.78 * h
    for r, n in enumerate(rows):
        y = y0 + (y1 - y0) * r / (len(rows) - 1)
        for k in range(n):
            x = w / 2 + (k - (n - 1) / 2) * 0.2 * w
            _stamp(img, mask, (x, y), ink, upside_down=y > h / 2 + 1)


def _joker(img: Image.Image) -> None:
    """A jester's cap of three lobes with bells, and JOKER down both corners."""
    w, h = img.size
    draw = ImageDraw.Draw(img)
    base = (w / 2, 0.64 * h)
    tips = [(0.22 * w, 0.32 * h), (0.5 * w, 0.22 * h), (0.78 * w, 0.32 * h)]
    for tip, colour, side in zip(tips, (RED, (30, 110, 60), (40, 70, 160)), (-1, 0, 1)):
        draw.polygon([(base[0] - 0.17 * w + side * 0.06 * w, base[1]), tip,
                      (base[0] + 0.17 * w + side * 0.06 * w, base[1])], fill=colour, outline=BLACK)
        r = 0.035 * w
        draw.ellipse((tip[0] - r, tip[1] - r, tip[0] + r, tip[1] + r), fill=GOLD, outline=BLACK)
    draw.rounded_rectangle((0.3 * w, base[1] - 0.01 * h, 0.7 * w, base[1] + 0.06 * h), radius=0.02 * w, fill=GOLD,
                           outline=BLACK)
    letters = [_glyph(c, "DejaVuSansMono-Bold.ttf", round(0.09 * w)) for c in "JOKER"]
    for k, mask in enumerate(letters):
        _stamp(img, mask, (0.09 * w, 0.08 * h + k * 0.075 * h), RED)
        _stamp(img, mask, (0.91 * w, 0.92 * h - k * 0.075 * h), RED, upside_down=True)


@lru_cache(maxsize=64)
def face(card_id: str, aspect: float) -> np.ndarray:
    """The face of ``card_id`` (a standard-pack id) in this style: BGRA (read-only), the
    alpha its rounded corners, :data:`FACE_WIDTH` wide and ``FACE_WIDTH / aspect`` high."""
    scale = 2
    w, h = FACE_WIDTH * scale, round(FACE_WIDTH / aspect) * scale
    img = Image.new("RGB", (w, h), PAPER)
    draw = ImageDraw.Draw(img)
    inset = round(0.03 * w)
    draw.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius=round(0.05 * w), outline=FRAME,
                           width=max(2, w // 150))
    if card_id == JOKER:
        _joker(img)
    else:
        rank, suit = card_id[:-1], card_id[-1]
        ink = RED if suit in "HD" else BLACK
        if rank in ROBES:
            _court(img, rank, suit, ink)
        else:
            _pips(img, 1 if rank == "A" else int(rank), suit, ink)
        label = _glyph(rank, "DejaVuSerif-Bold.ttf", round(0.13 * w))
        label = label.resize((min(label.width, round(0.12 * w)), label.height), Image.Resampling.LANCZOS)
        suit_mark = _glyph(SUIT_GLYPH[suit], "DejaVuSerif.ttf", round(0.1 * w))
        for upside_down in (False, True):
            for mask, y in ((label, 0.075 * h), (suit_mark, 0.16 * h)):
                x, y = (0.1 * w, y) if not upside_down else (0.9 * w, h - y)
                _stamp(img, mask, (x, y), ink, upside_down)
    alpha = Image.new("L", (w, h), 0)
    ImageDraw.Draw(alpha).rounded_rectangle((0, 0, w - 1, h - 1), radius=round(0.09 * w), fill=255)
    img.putalpha(alpha)
    small = img.resize((w // scale, h // scale), Image.Resampling.LANCZOS)
    drawn = cv2.cvtColor(np.asarray(small), cv2.COLOR_RGBA2BGRA)
    drawn.setflags(write=False)
    return drawn


# --- tables ---------------------------------------------------------------------------------

def _noise(rng: np.random.Generator, size: tuple[int, int], cells: tuple[int, int]) -> np.ndarray:
    """Smooth noise in [0, 1): ``cells`` random values stretched over ``size``."""
    return cv2.resize(rng.random((cells[1], cells[0])).astype(np.float32), size, interpolation=cv2.INTER_LINEAR)


def _table(rng: np.random.Generator, kind: str, size: tuple[int, int]) -> np.ndarray:
    """A table top (BGR, float32, 0–255) of ``kind`` (:data:`SURFACES`)."""
    w, h = size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    along = xs * np.cos(angle) + ys * np.sin(angle)
    across = -xs * np.sin(angle) + ys * np.cos(angle)
    grain = rng.standard_normal((h, w)).astype(np.float32)
    if kind == "planks":
        light, dark = (np.array(rng.choice(pair), np.float32) for pair in
                       (((168, 198, 226), (120, 160, 200), (150, 170, 190)),
                        ((70, 100, 140), (40, 60, 90), (60, 70, 85))))
        width = rng.uniform(70, 140)
        plank = np.floor(across / width)
        streak = np.sin(across * rng.uniform(0.25, 0.6) + 4 * _noise(rng, size, (3, 24)) + plank * 1.7)
        mix = np.clip(0.5 + 0.35 * streak + 0.1 * grain + 0.15 * np.sin(plank * 12.9898), 0, 1)
        table = light + (dark - light) * mix[:, :, None]
        seam = np.abs(across / width - np.round(across / width)) * width < 1.2
        table[seam] *= 0.45
        return table
    if kind == "felt":
        colour = np.array(rng.choice(((40, 40, 150), (120, 70, 30), (60, 110, 40), (60, 40, 90), (90, 90, 90))),
                          np.float32)
        shade = 0.94 + 0.08 * _noise(rng, size, (7, 5)) + 0.05 * cv2.GaussianBlur(grain, (0, 0), 0.8)
        return colour * shade[:, :, None]
    first, second = (np.array(c, np.float32) for c in
                     rng.permutation(np.array(((235, 235, 235), (50, 50, 170), (150, 90, 40), (60, 140, 60),
                                               (40, 160, 210), (120, 60, 120))))[:2])
    period = rng.uniform(18, 40)
    if kind == "checks":
        weight = (0.5 * (np.sin(along * np.pi / period) > 0) + 0.5 * (np.sin(across * np.pi / period) > 0))
    elif kind == "stripes":
        weight = (np.sin(across * np.pi / period) > 0).astype(np.float32)
    else:
        u, v = np.mod(along, 2 * period) - period, np.mod(across, 2 * period) - period
        weight = (u * u + v * v < (0.45 * period) ** 2).astype(np.float32)
    weave = 1 + 0.06 * np.sin(xs * 2.1) * np.sin(ys * 2.1) + 0.03 * grain
    weight = cv2.GaussianBlur(weight.astype(np.float32), (0, 0), 0.7)
    return (first + (second - first) * weight[:, :, None]) * weave[:, :, None]


# --- photographing ---------------------------------------------------------------------------

def _lay(table: np.ndarray, card: np.ndarray, quad: np.ndarray, rng: np.random.Generator) -> None:
    """Lay ``card`` (BGRA) on ``table`` with its corners at ``quad`` (clockwise from the
    face's top left), with a soft shadow, in place."""
    h, w = table.shape[:2]
    side = float(np.linalg.norm(quad[1] - quad[0]))
    factor = min(1.0, 1.5 * side / card.shape[1])
    small = cv2.resize(card, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    sh, sw = small.shape[:2]
    source = np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, quad.astype(np.float32))
    warped = cv2.warpPerspective(small, matrix, (w, h), flags=cv2.INTER_LINEAR).astype(np.float32)
    alpha = warped[:, :, 3:] / 255.0
    offset = np.array([[1, 0, rng.uniform(1, 4)], [0, 1, rng.uniform(1, 4)]], np.float32)
    shadow = cv2.GaussianBlur(cv2.warpAffine(alpha[:, :, 0], offset, (w, h)), (0, 0), rng.uniform(2, 4))
    table *= (1 - 0.4 * shadow)[:, :, None]
    table[:] = table * (1 - alpha) + warped[:, :, :3] * alpha


def _light(rng: np.random.Generator, image: np.ndarray, glare: bool) -> np.ndarray:
    """Warm or cool white balance, exposure, a gradient across, vignetting and maybe glare."""
    h, w = image.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    u, v = (xs - w / 2) / (w / 2), (ys - h / 2) / (h / 2)
    warmth = rng.uniform(-1, 1)
    gains = np.array([1 - 0.12 * warmth, 1.0, 1 + 0.1 * warmth], np.float32) * rng.uniform(0.85, 1.08)
    direction = rng.uniform(0, 2 * np.pi)
    gradient = 1 + rng.uniform(0.08, 0.22) * (u * np.cos(direction) + v * np.sin(direction)) / 1.4
    vignette = 1 - rng.uniform(0.12, 0.35) * (u * u + v * v) / 2
    lit = image * gains * (gradient * vignette)[:, :, None]
    if glare:
        gx, gy, radius = rng.uniform(0.15, 0.85) * w, rng.uniform(0.15, 0.85) * h, rng.uniform(25, 70)
        spot = np.exp(-((xs - gx) ** 2 + ((ys - gy) * rng.uniform(0.6, 1.4)) ** 2) / (2 * radius ** 2))
        lit += rng.uniform(60, 150) * spot[:, :, None] * np.array([0.95, 1.0, 1.0], np.float32)
    return lit


def _camera(rng: np.random.Generator, image: np.ndarray, quality: int, blur: bool) -> np.ndarray:
    """With ``blur``, defocus or motion blur now and then; sensor noise and JPEG; uint8 BGR."""
    fault = rng.choice(("sharp", "defocus", "motion"), p=(0.4, 0.35, 0.25)) if blur else "sharp"
    if fault == "defocus":
        radius = rng.uniform(1.0, 2.2)
        size = 2 * int(np.ceil(radius)) + 1
        kernel = np.zeros((size, size), np.float32)
        cv2.circle(kernel, (size // 2 * 16, size // 2 * 16), round(radius * 16), 1.0, -1, cv2.LINE_AA, 4)
        image = cv2.filter2D(image, -1, kernel / kernel.sum())
    elif fault == "motion":
        length, angle = rng.uniform(3, 7), rng.uniform(0, np.pi)
        size = 2 * int(np.ceil(length / 2)) + 1
        kernel = np.zeros((size, size), np.float32)
        dx, dy = length / 2 * np.cos(angle), length / 2 * np.sin(angle)
        c = size // 2
        cv2.line(kernel, (round((c - dx) * 16), round((c - dy) * 16)), (round((c + dx) * 16), round((c + dy) * 16)),
                 1.0, 1, cv2.LINE_AA, 4)
        image = cv2.filter2D(image, -1, kernel / kernel.sum())
    clipped = np.clip(image, 0, 255)
    noisy = clipped + rng.standard_normal(image.shape).astype(np.float32) * (
        rng.uniform(1.0, 3.0) + 0.12 * np.sqrt(clipped))
    encoded = cv2.imencode(".jpg", np.clip(noisy, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality])[1]
    return np.asarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR))


def _tilt(rng: np.random.Generator, size: tuple[int, int], amount: float) -> np.ndarray:
    """A homography for a camera a little off vertical: the frame shows a quadrilateral
    whose corners lie up to ``amount`` of the frame inside its own."""
    w, h = size
    frame = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    inward = np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]], np.float32)
    seen = frame + inward * rng.uniform(0, amount, (4, 2)) * (w, h)
    return cv2.getPerspectiveTransform(seen.astype(np.float32), frame)


def _card_quad(centre: np.ndarray, width: float, aspect: float, angle: float) -> np.ndarray:
    """The corners of a card of ``width`` turned by ``angle``, clockwise from its top left."""
    half = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * (width / 2, width / aspect / 2)
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    return (half @ turn.T + centre).astype(np.float32)


@dataclass(frozen=True)
class Photo:
    """A photo (BGR) and the cards in it: their ids and corners in the photo's pixels."""

    image: np.ndarray
    cards: tuple[str, ...]
    corners: tuple[np.ndarray, ...]


def _photograph(rng: np.random.Generator, table: np.ndarray, laid: list[tuple[str, np.ndarray]], aspect: float,
                tilt: float, glare: bool, blur: bool, quality: int) -> Photo:
    size = (table.shape[1], table.shape[0])
    for card, quad in laid:
        _lay(table, face(card, aspect), quad, rng)
    matrix = _tilt(rng, size, tilt)
    seen = cv2.warpPerspective(table, matrix, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    image = _camera(rng, _light(rng, seen, glare), quality, blur)
    corners = tuple(cv2.perspectiveTransform(q[None], matrix)[0] for _, q in laid)
    return Photo(image, tuple(c for c, _ in laid), corners)


def reference_photo(card: str, aspect: float, rng: np.random.Generator) -> Photo:
    """A photo (:data:`REF_SIZE`) of ``card`` alone on a table, a little turned and tilted,
    in uneven light of some colour but not blurred (a reference is taken with care)."""
    w, h = REF_SIZE
    table = _table(rng, str(rng.choice(SURFACES)), REF_SIZE)
    width = rng.uniform(0.3, 0.4) * w
    centre = np.array([w / 2, h / 2]) + rng.uniform(-0.06, 0.06, 2) * (w, h)
    quad = _card_quad(centre, width, aspect, rng.uniform(-0.15, 0.15))
    return _photograph(rng, table, [(card, quad)], aspect, 0.04, glare=False, blur=False,
                       quality=int(rng.integers(85, 96)))


def taught_photo(card: str, aspect: float, seed: int, number: int) -> Photo:
    """The reference photo of ``card`` (``number`` in the pack) that teaching takes, as
    the table would give it: the first :func:`reference_photo` of ``seed``, taken again
    (another table, pose and light) each time teaching refuses it
    (:class:`vision.reference.UnclearReference`), up to :data:`RETAKES` times; the last
    one is given even when refused."""
    for attempt in range(RETAKES + 1):
        key = (seed, 0, number) if attempt == 0 else (seed, 2, number, attempt)
        photo = reference_photo(card, aspect, np.random.default_rng(key))
        try:
            crop_reference(photo.image, aspect)
        except UnclearReference:
            continue
        return photo
    return photo


def scene_photo(deck: Deck, rng: np.random.Generator) -> Photo:
    """A 640×480 photo of 3 to 8 cards of ``deck`` (as many of a face as it has copies),
    none overlapping and all wholly in view, at any rotation (a card that finds no free
    place is left out)."""
    pool = [f.id for f in deck.faces for _ in range(f.copies)]
    count = int(rng.integers(min(CARDS_PER_SCENE[0], len(pool)), min(CARDS_PER_SCENE[1], len(pool)) + 1))
    cards = [pool[k] for k in rng.choice(len(pool), count, replace=False)]
    w, h = SCENE_SIZE
    width = rng.uniform(80, 100)
    taken = np.zeros((h, w), np.uint8)
    laid: list[tuple[str, np.ndarray]] = []
    margin = 0.05 * w + 0.86 * width  # the card's half diagonal: wholly in view after the tilt
    for card in cards:
        for _ in range(200):
            centre = rng.uniform((margin, margin), (w - margin, h - margin))
            quad = _card_quad(centre, width * rng.uniform(0.96, 1.04), deck.aspect, rng.uniform(0, 2 * np.pi))
            mask = np.zeros_like(taken)
            cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
            mask = np.asarray(cv2.dilate(mask, np.ones((9, 9), np.uint8)))
            if not (mask & taken).any():
                taken |= mask
                laid.append((card, quad))
                break
    table = _table(rng, str(rng.choice(SURFACES)), SCENE_SIZE)
    return _photograph(rng, table, laid, deck.aspect, 0.05, glare=bool(rng.random() < 0.5), blur=True,
                       quality=int(rng.integers(55, 91)))


def write_dataset(out: str | Path, scenes: int = 40, seed: int = 0,
                  cards: Sequence[str] | None = None) -> dict[str, list[str]]:
    """Write a reference photo of every card of the standard pack (or of ``cards``) and
    ``scenes`` scenes of them to ``out`` (``refs/``, ``scenes/``, ``labels.json``), the
    layout of :func:`vision.bench.real_photos`; return the labels. Raises
    :class:`vision.errors.UnknownDeck` for ids not in the pack and
    :class:`vision.errors.ImageError` for a folder or file that cannot be written."""
    from vision.sheets import write_image

    deck = builtin(STANDARD) if cards is None else builtin(STANDARD).subset(cards)
    folder = Path(out)
    try:
        (folder / "refs").mkdir(parents=True, exist_ok=True)
        (folder / "scenes").mkdir(exist_ok=True)
    except OSError as err:
        raise ImageError(D.text("Cannot make the folder {path}: {detail}", path=str(folder),
                                detail=err.strerror or str(err))) from err
    index = {card: k for k, card in enumerate(builtin(STANDARD).ids)}
    for card in deck.ids:
        write_image(folder / "refs" / f"{card}.png", taught_photo(card, deck.aspect, seed, index[card]).image)
    labels = {}
    for k in range(scenes):
        photo = scene_photo(deck, np.random.default_rng((seed, 1, k)))
        name = f"scene-{k:03d}.jpg"
        write_image(folder / "scenes" / name, photo.image)
        labels[name] = list(photo.cards)
    try:
        (folder / "labels.json").write_text(json.dumps(labels, indent=1), encoding="utf-8")
    except OSError as err:
        raise ImageError(D.text("Could not write the image {path}: {detail}", path=str(folder / "labels.json"),
                                detail=err.strerror or str(err))) from err
    return labels
