"""Photo-like scenes of cards on a table, for tests, the benchmark and the synthetic camera.

:func:`render_scene` lays the faces of a deck a game declares (:mod:`vision.faces`) at
any rotation on a table texture and photographs them, with the troubles a real overhead camera meets:
camera tilt, uneven and tinted light, glare, shadows, blur, sensor noise, JPEG
artefacts, cards overlapping a little and objects that are not cards. It returns the
image and a :class:`SceneTruth` naming each card and its outline. A scene takes a few
milliseconds, so a synthetic camera can render live.

Everything is decided by ``seed``: the same arguments give the same image.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence

import cv2
import numpy as np

from companion.i18n import Domain
from vision.decks import builtin
from vision.errors import UnknownDeck
from vision.faces import FACE_SIZE, face_image

D = Domain("vision", "vision")

SURFACES: tuple[str, ...] = ("wood", "cloth", "light", "dark")
"""Table surfaces: wood (light or dark), felt cloth (mostly green), light laminate, dark slate."""

DISTORTIONS: tuple[str, ...] = ("perspective", "uneven-light", "glare", "shadow", "blur", "noise",
                                "jpeg", "overlap", "distractors")
"""What can trouble a scene; :func:`render_scene` applies all of them unless told otherwise."""

DISTRACTORS: tuple[str, ...] = ("coin", "die", "pen", "note", "business-card", "phone")


@dataclass(frozen=True)
class ObjectTruth:
    """One object of a scene: a card id (for cards) or a kind (for distractors), and its
    outline in image pixels. A card's outline starts at its face's top-left corner and
    goes clockwise as seen on the face, so it also tells the card's orientation."""

    kind: str
    corners: tuple[tuple[float, float], ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "corners": [[round(x, 2), round(y, 2)] for x, y in self.corners]}


@dataclass(frozen=True)
class SceneTruth:
    """What a rendered scene shows."""

    size: tuple[int, int]
    deck: str
    surface: str
    distortions: tuple[str, ...]
    seed: int
    cards: tuple[ObjectTruth, ...]
    distractors: tuple[ObjectTruth, ...] = ()
    zone: tuple[tuple[float, float], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"size": list(self.size), "deck": self.deck, "surface": self.surface,
                "distortions": list(self.distortions), "seed": self.seed,
                "cards": [c.to_json() for c in self.cards],
                "distractors": [d.to_json() for d in self.distractors],
                "zone": [list(c) for c in self.zone] if self.zone else None}


# --- table surfaces -----------------------------------------------------------------------

def _smooth_noise(rng: np.random.Generator, size: tuple[int, int], cells: tuple[int, int]) -> np.ndarray:
    w, h = size
    small = rng.random((cells[1], cells[0])).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def _surface(rng: np.random.Generator, kind: str, size: tuple[int, int]) -> np.ndarray:
    w, h = size
    fine = rng.standard_normal((h, w), np.float32)
    if kind == "wood":
        base = np.array(rng.choice([(95, 150, 200), (60, 105, 150), (40, 70, 110), (120, 170, 205)]), np.float32)
        along = rng.random() < 0.5
        grain_cells = (4, max(8, h // 6)) if along else (max(8, w // 6), 4)
        warp = _smooth_noise(rng, size, grain_cells)
        coord = np.arange(h if along else w, dtype=np.float32)
        coord = coord[:, None] if along else coord[None, :]
        rings = np.sin(coord * rng.uniform(0.08, 0.2) + 9.0 * warp)
        shade = 0.88 + 0.1 * rings + 0.02 * fine
    elif kind == "cloth":
        base = np.array(rng.choice([(40, 115, 25), (35, 100, 30), (30, 125, 45), (110, 60, 25), (35, 35, 120)]),
                        np.float32)
        shade = 0.92 + 0.1 * _smooth_noise(rng, size, (6, 5)) + 0.05 * fine
    elif kind == "light":
        base = np.array(rng.choice([(222, 226, 228), (200, 212, 220), (210, 210, 205), (185, 205, 215)]),
                        np.float32)
        shade = 0.96 + 0.04 * _smooth_noise(rng, size, (5, 4)) + 0.015 * fine
    elif kind == "dark":
        base = np.array(rng.choice([(45, 45, 48), (30, 32, 30), (60, 55, 50), (25, 25, 35)]), np.float32)
        shade = 0.9 + 0.15 * _smooth_noise(rng, size, (8, 6)) + 0.06 * fine
    else:
        raise UnknownDeck(D.text("Unknown table surface {name}; choose one of: {choices}.",
                                 name=kind, choices=", ".join(SURFACES)))
    return shade[:, :, None] * base


# --- sprites: what lies on the table --------------------------------------------------------

def _rounded_alpha(w: int, h: int, radius: float) -> np.ndarray:
    alpha = np.zeros((h, w), np.uint8)
    r = max(1, int(radius))
    cv2.rectangle(alpha, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(alpha, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return alpha


_CARD_ALPHA = _rounded_alpha(*FACE_SIZE, FACE_SIZE[0] * 0.05)


@lru_cache(maxsize=512)
def _card_sprite(deck: str, card_id: str) -> np.ndarray:
    return np.dstack([face_image(card_id, deck), _CARD_ALPHA])


def _distractor_sprite(rng: np.random.Generator, kind: str, card_long: float) -> tuple[np.ndarray, tuple[float, float]]:
    """A distractor image (BGRA) and its size on the table (width, height) in pixels."""
    colour = tuple(int(c) for c in rng.integers(20, 235, 3))
    if kind == "coin":
        d = 64
        img = np.zeros((d, d, 4), np.uint8)
        metal = rng.choice([(150, 150, 155), (60, 150, 190), (80, 110, 160)])
        cv2.circle(img, (32, 32), 31, (*map(int, metal), 255), -1, cv2.LINE_AA)
        cv2.circle(img, (32, 32), 24, tuple(int(c * 0.8) for c in metal) + (255,), 2, cv2.LINE_AA)
        s = card_long * rng.uniform(0.15, 0.22)
        return img, (s, s)
    if kind == "die":
        img = np.dstack([np.full((60, 60, 3), (235, 235, 235) if rng.random() < 0.6 else (40, 40, 200), np.uint8),
                         _rounded_alpha(60, 60, 8)])
        for _ in range(int(rng.integers(1, 7))):
            x, y = (int(v) for v in rng.choice([15, 30, 45], 2))
            cv2.circle(img, (x, y), 5, (20, 20, 20, 255), -1, cv2.LINE_AA)
        s = card_long * rng.uniform(0.13, 0.2)
        return img, (s, s)
    if kind == "pen":
        img = np.dstack([np.full((200, 14, 3), colour, np.uint8), _rounded_alpha(14, 200, 6)])
        img[:40, :, :3] = (40, 40, 40)
        return img, (card_long * 0.08, card_long * rng.uniform(0.8, 1.2))
    if kind == "note":
        paper = rng.choice([(120, 230, 250), (200, 170, 250), (170, 240, 190), (240, 240, 240)])
        img = np.dstack([np.full((100, 100, 3), paper, np.uint8), np.full((100, 100), 255, np.uint8)])
        for y in range(25, 90, 18):
            cv2.line(img, (12, y), (int(rng.integers(40, 90)), y + int(rng.integers(-3, 4))),
                     (120, 60, 20, 255), 2, cv2.LINE_AA)
        s = card_long * rng.uniform(0.5, 0.65)
        return img, (s, s)
    if kind == "business-card":
        img = np.dstack([np.full((150, 255, 3), (238, 238, 236), np.uint8), np.full((150, 255), 255, np.uint8)])
        cv2.rectangle(img, (14, 14), (60, 60), (*colour, 255), -1)
        for i, y in enumerate(range(85, 140, 18)):
            text = "".join(chr(int(c)) for c in rng.integers(65, 91, 10 - i))
            cv2.putText(img, text, (14, y), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (40, 40, 40, 255), 1, cv2.LINE_AA)
        long = card_long * rng.uniform(0.9, 1.0)
        return img, (long, long * 55 / 85)
    if kind == "phone":
        img = np.dstack([np.full((300, 146, 3), (25, 25, 28), np.uint8), _rounded_alpha(146, 300, 18)])
        cv2.rectangle(img, (8, 20), (137, 280), (*[int(c) // 3 for c in colour], 255), -1)
        return img, (card_long * 1.4 * 146 / 300, card_long * 1.4)
    raise ValueError(kind)


def _quad(centre: np.ndarray, w: float, h: float, angle: float) -> np.ndarray:
    """The corners (TL, TR, BR, BL of the sprite) of a w×h rectangle turned by ``angle``."""
    c, s = np.cos(angle), np.sin(angle)
    local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return local @ np.array([[c, s], [-s, c]]) + centre


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(area)


def _layout(rng: np.random.Generator, sizes: list[tuple[float, float]], region: tuple[float, float, float, float],
            overlap: float) -> list[np.ndarray] | None:
    """Place rectangles in ``region`` (x0, y0, x1, y1) with at most ``overlap`` of each one's
    area covered; ``None`` when they do not fit."""
    x0, y0, x1, y1 = region
    placed: list[np.ndarray] = []
    for w, h in sizes:
        for _ in range(150):
            angle = rng.uniform(0, 2 * np.pi)
            quad = _quad(np.zeros(2), w, h, angle)
            lo, hi = quad.min(axis=0), quad.max(axis=0)
            if hi[0] - lo[0] > x1 - x0 or hi[1] - lo[1] > y1 - y0:
                continue
            centre = np.array([rng.uniform(x0 - lo[0], x1 - hi[0]), rng.uniform(y0 - lo[1], y1 - hi[1])])
            quad = quad + centre
            grown = _quad(centre, w + 6, h + 6, angle)
            if all(_overlap(grown if overlap == 0 else quad, other) <= overlap * w * h for other in placed):
                placed.append(quad)
                break
        else:
            return None
    return placed


def paste_sprite(canvas: np.ndarray, sprite: np.ndarray, quad: np.ndarray) -> None:
    """Warp a BGRA sprite onto ``canvas`` (float32 BGR) so its corners land on ``quad``."""
    h, w = canvas.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    target_w = np.linalg.norm(quad[1] - quad[0])
    while sprite.shape[1] > 2.2 * target_w and sprite.shape[1] > 16:
        sprite = cv2.pyrDown(sprite)
    sh, sw = sprite.shape[:2]
    src = np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, np.array(quad - (x0, y0), np.float32))
    warped = cv2.warpPerspective(sprite, matrix, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0)).astype(np.float32)
    alpha = warped[:, :, 3:] / 255.0
    roi = canvas[y0:y1, x0:x1]
    roi *= 1.0 - alpha
    roi += warped[:, :, :3] * alpha


def _camera(rng: np.random.Generator, size: tuple[int, int], tilt: bool) -> np.ndarray:
    w, h = size
    rect = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    if not tilt:
        return np.eye(3)
    jitter = rng.uniform(-0.05, 0.05, (4, 2)) * (w, h)
    return cv2.getPerspectiveTransform(rect, np.array(rect + jitter, np.float32))


def _project(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(np.asarray(points, np.float64).reshape(-1, 1, 2), matrix).reshape(-1, 2)


def _marker_sprites(size: tuple[int, int]) -> tuple[list[tuple[np.ndarray, np.ndarray]], np.ndarray]:
    """The four zone markers (sprite, table quad) and the zone's corners on the table."""
    from vision.zone import ZONE_MARKER_IDS, Aruco

    w, h = size
    side = round(0.12 * h)
    pad = round(0.05 * h)
    aruco = Aruco()
    zone = np.array([[pad + side, pad + side], [w - pad - side, pad + side],
                     [w - pad - side, h - pad - side], [pad + side, h - pad - side]], np.float64)
    outward = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]])
    sprites = []
    for marker_id, corner, direction in zip(ZONE_MARKER_IDS, zone, outward):
        cells = 6  # 4×4 bits and a black border
        image = cv2.copyMakeBorder(aruco.marker(marker_id, cells * 10), 15, 15, 15, 15,
                                   cv2.BORDER_CONSTANT, value=255)
        far = corner + direction * side
        lo, hi = np.minimum(corner, far), np.maximum(corner, far)
        margin = 1.5 * side / cells
        quad = np.array([[lo[0] - margin, lo[1] - margin], [hi[0] + margin, lo[1] - margin],
                         [hi[0] + margin, hi[1] + margin], [lo[0] - margin, hi[1] + margin]])
        sprites.append((np.dstack([cv2.cvtColor(image, cv2.COLOR_GRAY2BGR), np.full(image.shape, 255, np.uint8)]),
                        quad))
    return sprites, zone


def render_scene(cards: Sequence[str], *, deck: str = "mustang", size: tuple[int, int] = (640, 480),
                 seed: int = 0, surface: str | None = None, distortions: Iterable[str] | None = None,
                 distractors: int | None = None, card_width: float | tuple[float, float] | None = None,
                 markers: bool = False) -> tuple[np.ndarray, SceneTruth]:
    """A photo-like BGR image (uint8, ``size`` = width, height) of ``cards`` on a table.

    ``surface`` is one of :data:`SURFACES` (chosen by ``seed`` when ``None``);
    ``distortions`` a subset of :data:`DISTORTIONS` (all when ``None``, none for ``()``),
    each at a strength chosen by ``seed``; ``distractors`` how many non-card objects to
    add (one to three when ``"distractors"`` is on); ``card_width`` the cards' width in
    pixels, or a range (default: 13–17 % of the image width). With ``markers`` the four
    ArUco zone markers lie in the corners and the cards inside them; the truth's
    ``zone`` then gives the zone's corners.
    """
    rng = np.random.default_rng(seed)
    known = builtin(deck)
    for card in cards:
        if card not in known:
            raise UnknownDeck(D.text("These cards are not in the {deck} deck: {cards}.", deck=deck, cards=card))
    active = tuple(DISTORTIONS if distortions is None else (d for d in DISTORTIONS if d in set(distortions)))
    surface = surface or str(rng.choice(SURFACES))
    w, h = size
    if card_width is None:
        card_width = (0.13 * w, 0.17 * w)
    if distractors is None:
        distractors = int(rng.integers(1, 4)) if "distractors" in active else 0

    camera = _camera(rng, size, "perspective" in active)
    canvas = _surface(rng, surface, size)
    region = (0.0, 0.0, float(w), float(h))
    fixed: list[tuple[np.ndarray, np.ndarray]] = []
    zone = None
    if markers:
        fixed, zone = _marker_sprites(size)
        region = (*zone[0], *zone[2])

    kinds = [str(k) for k in rng.choice(DISTRACTORS, distractors)] if distractors else []
    for attempt in range(8):
        scale = 0.9 ** attempt
        widths = [scale * (rng.uniform(*card_width) if isinstance(card_width, tuple) else card_width)
                  for _ in cards]
        card_sizes = [(cw, cw * FACE_SIZE[1] / FACE_SIZE[0]) for cw in widths]
        long = float(np.mean([s[1] for s in card_sizes])) if cards else 0.15 * w / 0.7
        extras = [_distractor_sprite(rng, kind, long) for kind in kinds]
        placed = _layout(rng, card_sizes + [e[1] for e in extras], region,
                         0.06 if "overlap" in active else 0.0)
        if placed is not None:
            break
    else:
        raise UnknownDeck(D.text("{n} cards do not fit in a {w}×{h} scene.", n=len(cards), w=w, h=h))

    objects = [(_card_sprite(deck, c), q) for c, q in zip(cards, placed)]
    objects += [(e[0], q) for e, q in zip(extras, placed[len(cards):])]
    order = rng.permutation(len(objects))
    projected = [_project(camera, q) for q in placed]

    shadow: np.ndarray = np.zeros((h // 2, w // 2), np.float32)
    offset = rng.uniform(1.5, 4.0, 2) * rng.choice([-1, 1], 2)
    for i in order:
        cv2.fillConvexPoly(shadow, np.round((projected[i] + offset) * 8).astype(np.int32), 1.0, cv2.LINE_AA, shift=4)
    shadow = cv2.resize(cv2.GaussianBlur(shadow, (0, 0), 1.25), (w, h))
    canvas *= (1.0 - 0.35 * shadow)[:, :, None]
    for sprite, quad in fixed:
        paste_sprite(canvas, sprite, _project(camera, quad))
    for i in order:
        paste_sprite(canvas, objects[i][0], projected[i])

    apply_light(rng, canvas, active)
    image = apply_sensor(rng, canvas, active)
    truth = SceneTruth(
        size=(w, h), deck=deck, surface=surface, distortions=active, seed=seed,
        cards=tuple(ObjectTruth(c, _corners(p)) for c, p in zip(cards, projected)),
        distractors=tuple(ObjectTruth(k, _corners(p)) for k, p in zip(kinds, projected[len(cards):])),
        zone=_corners(_project(camera, zone)) if zone is not None else None)
    return image, truth


def _corners(points: np.ndarray) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in points)


def apply_light(rng: np.random.Generator, canvas: np.ndarray, active: tuple[str, ...]) -> None:
    """Uneven and tinted light, a passing shadow and glare, in place."""
    h, w = canvas.shape[:2]
    if "uneven-light" in active:
        sw, sh = w // 8, h // 8
        ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32) * 8
        gx, gy = rng.uniform(-0.35, 0.35, 2)
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        radial = ((xs - cx) ** 2 + (ys - cy) ** 2) / float(w * w + h * h)
        gain = rng.uniform(0.75, 1.15) * (1 + gx * (xs / w - 0.5) + gy * (ys / h - 0.5)) * (1 - 0.5 * radial)
        tint = np.array([rng.uniform(0.85, 1.1), 1.0, rng.uniform(0.9, 1.15)], np.float32)
        canvas *= cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)[:, :, None] * tint
    if "shadow" in active:
        mask = np.zeros((h // 4, w // 4), np.float32)
        centre = (int(rng.uniform(0, w / 4)), int(rng.uniform(0, h / 4)))
        axes = (int(rng.uniform(0.15, 0.35) * w / 4), int(rng.uniform(0.08, 0.2) * h / 4))
        cv2.ellipse(mask, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
        mask = cv2.resize(cv2.GaussianBlur(mask, (0, 0), rng.uniform(1.5, 5)), (w, h))
        canvas *= (1.0 - rng.uniform(0.25, 0.5) * mask)[:, :, None]
    if "glare" in active:
        for _ in range(int(rng.integers(1, 3))):
            sigma = rng.uniform(0.04, 0.1) * w
            cx, cy = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h
            x0, x1 = int(max(cx - 3 * sigma, 0)), int(min(cx + 3 * sigma, w))
            y0, y1 = int(max(cy - 3 * sigma, 0)), int(min(cy + 3 * sigma, h))
            ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
            blob = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * sigma * sigma)) * rng.uniform(80, 160)
            canvas[y0:y1, x0:x1] += blob[:, :, None]


def apply_sensor(rng: np.random.Generator, canvas: np.ndarray, active: tuple[str, ...]) -> np.ndarray:
    """Blur, noise and JPEG compression; the uint8 image."""
    if "blur" in active:
        if rng.random() < 0.3:
            length = int(rng.integers(3, 7))
            kernel: np.ndarray = np.zeros((length, length), np.float32)
            kernel[length // 2, :] = 1.0 / length
            rotation = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1.0)
            kernel = cv2.warpAffine(kernel, rotation, (length, length))
            canvas = cv2.filter2D(canvas, -1, kernel / max(kernel.sum(), 1e-6))
        else:
            canvas = cv2.GaussianBlur(canvas, (0, 0), rng.uniform(0.7, 1.6))
    if "noise" in active:
        canvas += rng.standard_normal(canvas.shape, np.float32) * np.float32(rng.uniform(3, 9))
    image = np.clip(canvas, 0, 255).astype(np.uint8)
    if "jpeg" in active:
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 75))])
        image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return image


def random_cards(rng: np.random.Generator, deck: str, count: int) -> list[str]:
    """``count`` distinct faces of ``deck`` drawn with ``rng``."""
    ids = builtin(deck).ids
    return [ids[int(i)] for i in rng.choice(len(ids), size=count, replace=False)]
