"""Finding card-shaped quadrilaterals in an image.

Finding a card is done in three steps:

1. *Candidates.* Two segmentations run side by side, so that white cards are found on
   dark, patterned and light tables alike: where the image is a little brighter than
   the mean of its surroundings (:func:`_brighter_than_around`: uneven light and
   shadows cancel, and a card barely brighter than a light table still stands out
   along its edges), and the regions closed by Canny edges grown by a pixel
   (:func:`_edge_mask`). Where the table itself took part in one of these (a region
   larger than any card: a light cloth with a pattern; or regions that together,
   outside the cards found, cover :data:`PATTERN_SHARE` of the frame: a cloth with
   light stripes), a third follows, the same edges at Canny's lower thresholds: there
   a card's faint edge beside the pattern's strong ones (a white card on light cloth
   with dark dots) closes too. It adds only regions that the cards found leave
   unexplained and that hold at most :data:`FAINT_REGION` cards. Last, the same way,
   the regions that these faint edges enclose, each parted from the table where only a
   gap in its outline joined them (:func:`_enclosed`): a card on a cloth whose white
   stripes, or the cloth between its dots, are as light as its paper is a region of no
   mask, its outline broken where it meets the light cloth and joined to the pattern's.
   The regions are the outer contours of the masks (:func:`_outer_contours`, traced in
   C). A region that has a card's proportions becomes a candidate; a blob of touching
   or slightly overlapping cards is split into its cards (:func:`_split`).
2. *Refinement.* Each candidate's sides are moved onto the card's real edges
   (:mod:`vision.outline`), all of a frame's candidates in a few batches: first the
   regions' own quads, then the parts of the regions that need splitting. Last, where
   the cards found leave much of a region unexplained (a card merged with glare, a
   shadow or its neighbours, or overlapped by several others in a cluster that no
   split parts), cards of the frame's typical size placed at the region's square
   corners are candidates too, as are such cards placed at the corners of the
   candidates whose outline could not be placed, and centred on those of them smaller
   than a card (a court card's printed frame); the candidates of a segmentation that
   finds no card wait for one that does, which gives the typical size. On a frame
   whose table took part in a segmentation (the faint edges are searched), a candidate
   that cannot be placed on the grey picture is refined again on a picture of how like
   its own paper each pixel around it is (:mod:`vision.paper`): a card on a light cloth
   as bright as its paper still differs from it in colour.
3. *Choice.* A refined candidate is kept when enough of its outline lies on such an
   edge (:attr:`DetectSettings.edge_support`) and it still has a card's shape; of
   candidates that describe the same card, the best supported wins; a region inside a
   larger card (a court card's frame) is dropped. The refined candidates that keep a
   card's shape with less of their outline on an edge, down to :data:`WEAK_SUPPORT`,
   are kept aside (:meth:`CardFinder.weak_outlines`): a card on a cloth as light as its
   paper, or in glare, can show no more, and the caller may confirm such an outline by
   what it knows of the deck.

Corners come back clockwise, starting so that the first side is a short side: the card
stands upright or upside down, which :mod:`vision.describe` settles.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision import outline
from vision.decks import POKER_ASPECT
from vision.outline import refine_all
from vision.paper import paper_likeness


CORNER_COVER = 0.7
"""How much of a card placed at a region's corner the region must cover (:meth:`_Search._take_corners`)."""

UNEXPLAINED = 0.6
"""How much of a card of the frame's typical size a region must leave unexplained by the
cards found (:meth:`_Search._unexplained`) to be searched again: for cards at its
corners (:meth:`_Search._take_corners`), and in the faint edges
(:meth:`_Search._searched_beyond`)."""

FAINT_REGION = 4.0
"""How many cards of the frame's typical size a region of the faint edges may hold to be
searched (:meth:`_Search._searched_beyond`): a card whose outline closes only there,
with the table's pattern touching it, is a card and a little more, or, on cloth striped
or checked white as light as the card, a card and the piece of a stripe or check its
broken edge lets in; a larger region joins cards and table, and splitting it costs time
and gives outlines that are no card."""

PATTERN_SHARE = 0.25
"""How much of the frame the regions of one segmentation may cover, outside the cards
found, before the table is taken to have taken part in it though no region is larger
than a card can be (:meth:`_Search.add`, :attr:`DetectSettings.pattern_share`): the
light stripes of a striped cloth, each no larger than a card or two, cover a third of
the frame or more, and the cards lying on them are joined to them; glare and the light
side of a shadow on a plain table cover a sixth at most."""

WEAK_SUPPORT = 0.5
"""The least share of a refined outline that must lie on the card's edges for it to be
kept aside as a weak outline (:meth:`CardFinder.weak_outlines`), under the
:attr:`DetectSettings.edge_support` a card found needs: a card lying partly on a white
stripe, or in glare, shows its edge along half its outline or a little more."""

NEAR_STEP = 0.1
"""The step (a share of the card's side) of the grid of cards around an outline left
unknown (:func:`_cards_near`)."""

NEAR_STEPS = 2
"""How many steps of :data:`NEAR_STEP` the grid of :func:`_cards_near` reaches each way
from the outline's centre: a fifth of the card's side, as far as an outline off the
card by a piece of a stripe or a check lies."""

NEAR_TURNS = (-20.0, -10.0, 10.0, 20.0)
"""The angles (degrees) by which a card of :func:`_cards_near` is laid turned from the
outline too, about its centre: an outline that took in a piece of a check or a stripe
beside the card, or of the glare on it, can lie turned from the card by a fifth of a
right angle. Only about the centre: laid turned on the grid too, such cards named more
cards right and more wrong (a twin named by the pair reading on an outline a little off)."""

ENCLOSED_GAP = 0.0162
"""How wide a gap in a card's outline :func:`_enclosed` closes, as a share of the
geometric mean of the picture's width and height (9 pixels at 640×480): a card's edge
against a cloth as light as its paper (a white stripe or the cloth between dots) is
lost for a few pixels here and there, while the stripes and the cloth between dots
are wider."""

SLANT = 1.5
"""How many times :attr:`DetectSettings.aspect_tolerance` a shape's proportions may be
off where more is allowed: a region's rough outline (it is refined, and checked again),
and a refined outline whose sides lie on the card's edges all along (an outline gone
wrong, a side on a neighbour's print or a shadow, seldom does). A camera that looks at
the table at a slant, with no play zone to flatten the view, shows the far cards
squatter and the near ones longer than they are (on the real SET photos, 0.74 and 0.61
for cards of 0.64)."""

_NEXT = np.array([1, 2, 3, 0])
"""Each corner's following one, clockwise: ``quad[_NEXT] - quad`` are a quad's sides
(indexing costs less than ``np.roll`` on four points)."""

_PREVIOUS = np.array([3, 0, 1, 2])
"""Each corner's preceding one."""


@dataclass(frozen=True)
class DetectSettings:
    """What a card looks like to the segmentation.

    ``aspect`` is the card's width over height; ``aspect_tolerance`` how far a found
    shape may be from it; areas are fractions of the image; ``rectangularity`` is the
    least ratio of a region's area to its enclosing rectangle's; ``edge_support`` the
    least fraction of the refined outline that must lie on an edge where the card is at
    least ``edge_contrast`` grey levels brighter than the table. A pixel is part of the
    brighter-than-around segmentation when it is more than ``local_contrast`` grey levels
    above the mean (rounded to a grey level) of a square around it whose side is
    ``local_window`` of the geometric mean of the image's width and height (51 pixels at
    640×480). The edge segmentations use Canny's thresholds ``canny_low`` and
    ``canny_high``, then ``faint_low`` and ``faint_high``. The table is taken to be part
    of a segmentation (and the faint edges are searched) when a region is larger than
    ``max_area``, or when the regions of one segmentation cover ``pattern_share`` of the
    image outside the cards found (None: never).
    """

    aspect: float = POKER_ASPECT
    aspect_tolerance: float = 0.1
    min_area: float = 0.01
    max_area: float = 0.35
    rectangularity: float = 0.8
    edge_support: float = 0.7
    edge_contrast: float = 7.0
    canny_low: int = 20
    canny_high: int = 90
    faint_low: int = 10
    faint_high: int = 40
    local_window: float = 0.092
    local_contrast: float = 3.0
    pattern_share: float | None = PATTERN_SHARE


def _corners(quad: np.ndarray | list[list[float]]) -> list[list[float]]:
    """A quad's corners (an array, or a list of [x, y]) as a list of [x, y], the list
    itself when given one (not to be changed): the quads' arithmetic is plain Python,
    as on four points NumPy's per-call overhead dominates."""
    return quad.tolist() if isinstance(quad, np.ndarray) else quad


def _bounds(quad: np.ndarray | list[list[float]]) -> tuple[float, float, float, float]:
    """A quad's bounding box: least x, least y, greatest x, greatest y."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = _corners(quad)
    return min(x0, x1, x2, x3), min(y0, y1, y2, y3), max(x0, x1, x2, x3), max(y0, y1, y2, y3)


def _apart(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two bounding boxes (:func:`_bounds`) do not overlap: the quads they
    bound then have no area in common."""
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _centre(quad: np.ndarray | list[list[float]]) -> tuple[float, float]:
    """The mean of a quad's four corners."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = _corners(quad)
    return (x0 + x1 + x2 + x3) / 4, (y0 + y1 + y2 + y3) / 4


def _clockwise_short_first(quad: np.ndarray | list[list[float]]) -> np.ndarray:
    """A quad's four corners (float32) clockwise in image coordinates, the first side
    a short one: ordered by their angles about the corners' mean, then turned by one
    when the first side is longer than the second."""
    corners = _corners(quad)
    cx, cy = _centre(corners)
    corners = sorted(corners, key=lambda corner: math.atan2(corner[1] - cy, corner[0] - cx))
    (x0, y0), (x1, y1), (x2, y2) = corners[:3]
    if (x1 - x0) ** 2 + (y1 - y0) ** 2 > (x2 - x1) ** 2 + (y2 - y1) ** 2:
        corners = corners[1:] + corners[:1]
    return np.array(corners, np.float32)


def _side_lengths(quads: np.ndarray) -> np.ndarray:
    """The lengths of the sides (N × 4) of N quads (N × 4 × 2), each from its corner to the next."""
    steps = quads[:, _NEXT] - quads
    return np.sqrt((steps * steps).sum(axis=2))


def _card_shaped(quads: np.ndarray, settings: DetectSettings, area_range: tuple[float, float],
                 support: np.ndarray) -> list[bool]:
    """Whether each of N quads (N × 4 × 2 float32, clockwise, short side first) is
    convex, of a card's size and proportions, and close to a rectangle: its mean short
    side over its mean long side within ``aspect_tolerance`` of ``aspect`` (within
    :data:`SLANT` times that for a quad whose ``support``, N, is 1: its sides lie on
    the card's edges all along), each side at least 0.8 of the one opposite, its area
    within ``area_range``. The proportions are checked for all quads at once."""
    sides = _side_lengths(quads)
    short, long = (sides[:, 0] + sides[:, 2]) / 2, (sides[:, 1] + sides[:, 3]) / 2
    tolerance = np.where(support >= 1.0, SLANT * settings.aspect_tolerance, settings.aspect_tolerance)
    with np.errstate(divide="ignore", invalid="ignore"):
        proportioned = (long > 0) & ~(np.abs(short / long - settings.aspect) > tolerance)
    for a, b in ((0, 2), (1, 3)):
        proportioned &= np.minimum(sides[:, a], sides[:, b]) >= 0.8 * np.maximum(sides[:, a], sides[:, b])
    return [bool(ok) and cv2.isContourConvex(quad) and area_range[0] <= cv2.contourArea(quad) <= area_range[1]
            for quad, ok in zip(quads, proportioned)]


def _quad_of(hull: np.ndarray, settings: DetectSettings, area_range: tuple[float, float]) -> np.ndarray | None:
    """The card-shaped quad (clockwise, short side first) of a region with convex hull
    ``hull``, or None when the region is not card-shaped."""
    area = cv2.contourArea(hull)
    if not area_range[0] <= area <= 1.2 * area_range[1]:
        return None
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(hull)  # the region's too: OpenCV finds it on the hull
    if rw * rh <= 0 or area / (rw * rh) < settings.rectangularity:
        return None
    if abs(min(rw, rh) / max(rw, rh) - settings.aspect) > SLANT * settings.aspect_tolerance:
        return None
    approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(approx) == 4 and cv2.contourArea(approx) >= 0.9 * area:
        quad = approx.astype(np.float64)
    else:
        quad = cv2.boxPoints(((cx, cy), (rw, rh), angle)).astype(np.float64)
    return _clockwise_short_first(quad)


@dataclass(frozen=True)
class _Part:
    """A card-shaped part of a blob (:func:`_split`): its outline ``quad`` (clockwise,
    short side first, image pixels), a card when the blob covers at least ``least`` of
    it (:meth:`covered`; ``box`` is the outline's corners in the blob's picture
    ``solid``, rounded to whole pixels there). That is asked only of a part that is
    taken: most parts lie on a card found already, and are never asked."""

    quad: np.ndarray
    solid: np.ndarray
    box: np.ndarray
    least: float

    def covered(self) -> bool:
        return _coverage(self.solid, np.round(self.box).astype(np.int32)) >= self.least


def _split(contour: np.ndarray, settings: DetectSettings, area_range: tuple[float, float]) -> list[_Part]:
    """The card-shaped parts of a blob of touching or slightly overlapping cards.

    Inside a rectangle, the points at least ``d`` from its border form the rectangle
    shrunk by ``d`` on every side; in a blob of several cards these *cores* come apart.
    Each core, grown back by ``d``, is a card when the blob covers it
    (``rectangularity`` of it: :meth:`_Part.covered`). A blob whose area (boundary
    pixels included) is less than ``rectangularity`` of the smallest card's can cover
    no card, and is not searched. ``d`` is OpenCV's 3 × 3 chamfer distance
    (``cv2.distanceTransform(solid, cv2.DIST_L2, 3)``).
    """
    if cv2.contourArea(contour) + cv2.arcLength(contour, True) < settings.rectangularity * area_range[0]:
        return []
    x, y, w, h = cv2.boundingRect(contour)
    solid = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(solid, [contour], -1, 255, -1, offset=(1 - x, 1 - y))
    distance = cv2.distanceTransform(solid, cv2.DIST_L2, 3)
    deepest = float(distance.max())
    out: list[_Part] = []
    for level in (0.55, 0.7, 0.85):
        depth = level * deepest
        if depth < 4:
            return out
        # the comparison's booleans are bytes of 0 and 1
        for core in _outer_contours(np.greater_equal(distance, depth).view(np.uint8)):
            (cx, cy), (rw, rh), angle = cv2.minAreaRect(core)
            rw, rh = rw + 2 * depth, rh + 2 * depth
            if not area_range[0] <= rw * rh <= area_range[1]:
                continue
            if abs(min(rw, rh) / max(rw, rh) - settings.aspect) > settings.aspect_tolerance:
                continue
            box = cv2.boxPoints(((cx, cy), (rw, rh), angle))
            out.append(_Part(_clockwise_short_first(box + (x - 1, y - 1)), solid, box, settings.rectangularity))
    return out


def _coverage(solid: np.ndarray, box: np.ndarray) -> float:
    """The fraction of a convex polygon ``box`` (integer corners), as far as it lies
    within ``solid``'s bounds, that covers non-zero pixels of ``solid``."""
    x, y, w, h = cv2.boundingRect(box)
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, solid.shape[1]), min(y + h, solid.shape[0])
    if x1 <= x0 or y1 <= y0:
        return 0.0
    inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(inside, box - (x0, y0), 255)
    return cv2.countNonZero(cv2.bitwise_and(inside, solid[y0:y1, x0:x1])) / max(cv2.countNonZero(inside), 1)


def _outer_contours(mask: np.ndarray, least: float = 0.0) -> tuple[np.ndarray, ...]:
    """The outer contours of a mask (a C-contiguous uint8 array, any non-zero pixel in
    it), as ``cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)`` traces
    them (int32 N × 1 × 2 arrays, in its order), less those whose points span a box of
    ``w`` × ``h`` pixels with (w − 1) · (h − 1) < ``least`` (the mask's specks).

    Traced in C where the project's compiled part was built
    (:data:`vision.outline.compiled`): OpenCV's scan stops at each of the thousands of
    runs of a textured table's mask, the C only where a contour's border is met, and a
    speck's contour becomes no NumPy array (a quarter of OpenCV's time with the specks
    left out in Python, about 3 ms of a frame here)."""
    if outline.compiled is not None:
        points, bounds = outline.compiled.outer_contours(mask, least)
        flat = np.frombuffer(points, np.int32).reshape(-1, 1, 2)
        return tuple([flat[start:end] for start, end in zip(bounds, bounds[1:])])
    contours = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
    return tuple([contour for contour, (_, _, w, h) in zip(contours, map(cv2.boundingRect, contours))
                  if (w - 1) * (h - 1) >= least])


def _regions(mask: np.ndarray, area_range: tuple[float, float]) -> list[tuple[np.ndarray, np.ndarray]]:
    """The outer contours of ``mask`` (a C-contiguous uint8 array) whose convex hull
    could hold a card, each with its hull: also an outline open on one side (a card's
    edges in the edge map, one side lost in glare), which spans the card though it
    encloses little."""
    # A contour's hull is no larger than the box its points span: most contours of a
    # textured table's mask are specks, left out in C before any NumPy array is made.
    hulls = [(contour, cv2.convexHull(contour)) for contour in _outer_contours(mask, area_range[0])]
    return [(contour, hull) for contour, hull in hulls if cv2.contourArea(hull) >= area_range[0]]


def _brighter_than_around(blurred: np.ndarray, settings: DetectSettings) -> np.ndarray:
    """Where the image is more than ``settings.local_contrast`` grey levels brighter than
    the mean of its surroundings (:class:`DetectSettings`). On any table this takes a
    card's paper at least along its edges, where the table beside it pulls the mean
    down, so the outer outline of what is taken there encloses the card.

    This is ``cv2.adaptiveThreshold`` (mean, binary) for a ``local_contrast`` of at least
    0: the threshold of the difference, saturated at 0, between ``blurred`` (a uint8
    array) and its ``cv2.boxFilter`` mean (the outside its border pixels repeated), done
    in steps that OpenCV vectorises (its own last step looks each pixel up in a table)."""
    side = max(int(round(settings.local_window * math.sqrt(blurred.shape[0] * blurred.shape[1]))) | 1, 3)
    mean = cv2.boxFilter(blurred, -1, (side, side), borderType=cv2.BORDER_REPLICATE | cv2.BORDER_ISOLATED)
    return cv2.threshold(cv2.subtract(blurred, mean), settings.local_contrast, 255, cv2.THRESH_BINARY)[1]


_GROW = np.ones((3, 3), np.uint8)
"""The 3 × 3 square the edge mask's edges are grown by."""


def _edge_mask(blurred: np.ndarray, low: int, high: int) -> np.ndarray:
    """Canny's edges of ``blurred`` (thresholds ``low`` and ``high``) grown by a pixel, so
    that an edge broken by a pixel still closes a region."""
    return cv2.dilate(cv2.Canny(blurred, low, high), _GROW)


def _enclosed(edges: np.ndarray, largest: float) -> np.ndarray:
    """The regions that ``edges`` (a uint8 mask) enclose, each on its own: where a
    card's outline in the edges is broken, its inside runs out through the gap into the
    table, so the picture away from the edges is first shrunk by a disc
    (:data:`ENCLOSED_GAP` of the geometric mean of the picture's width and height
    across), which parts what only such a gap joins; each part that is no larger than
    ``largest`` pixels (the table around the cards is) is then filled (a card's pips are
    holes in it) and grown back by the same disc."""
    side = max(int(round(ENCLOSED_GAP * math.sqrt(edges.shape[0] * edges.shape[1]))) | 1, 3)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    apart = cv2.erode(cv2.bitwise_not(edges), disc)
    # the outer boundary of every part: also of those inside the table's holes
    contours, hierarchy = cv2.findContours(apart, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    inside = np.zeros_like(edges)
    if hierarchy is not None:
        cv2.drawContours(inside, [contour for contour, (*_, parent) in zip(contours, hierarchy[0].tolist())
                                  if parent < 0 and cv2.contourArea(contour) <= largest], -1, 255, -1)
    return cv2.dilate(inside, disc)


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """The area of two convex quads' intersection over the smaller one's area."""
    area, _ = cv2.intersectConvexConvex(a, b)
    return float(area) / max(min(cv2.contourArea(a), cv2.contourArea(b)), 1e-6)


def find_cards(image: np.ndarray, settings: DetectSettings = DetectSettings()) -> list[np.ndarray]:
    """Corners (4×2 float32, image pixels) of every card-shaped region of a BGR image."""
    return [card for card, _ in find_outlines(image, settings)]


def find_outlines(image: np.ndarray,
                  settings: DetectSettings = DetectSettings()) -> list[tuple[np.ndarray, np.ndarray]]:
    """Every card-shaped region of a BGR (or grey) image (:meth:`CardFinder.outlines`)."""
    return CardFinder(image, settings).outlines()


class CardFinder:
    """The cards of one BGR (or grey) image: :meth:`outlines` finds them, and
    :meth:`alternatives` gives other outlines for some of them. The two share the
    picture outlines are refined on (made once), and the outlines refined (an outline is
    refined once however often it is tried; each is refined on its own, so what one
    gives does not depend on what the other did first)."""

    def __init__(self, image: np.ndarray, settings: DetectSettings = DetectSettings()) -> None:
        self.grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        self.settings = settings
        self._search = _Search(_for_refining(self.grey), settings, image if image.ndim == 3 else None)
        self._outlines: list[tuple[np.ndarray, np.ndarray]] | None = None
        self._weak: list[np.ndarray] = []

    def outlines(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Every card-shaped region: its corners (4×2 float32, image pixels, as
        :func:`find_cards` gives them), and the corners (in the same order) of the
        candidate they were refined from (a region's quad, a part of one, or a card
        placed at one of its corners): a second guess at the outline should the refined
        one be off (a side moved onto a neighbouring card's print). Found once; later
        calls give the same list."""
        if self._outlines is None:
            self._outlines = []
            if min(self.grey.shape[:2]) >= 16:
                blurred = cv2.GaussianBlur(self.grey, (5, 5), 0)
                settings = self.settings
                if self._search.add((_brighter_than_around(blurred, settings),
                                     _edge_mask(blurred, settings.canny_low, settings.canny_high))):
                    faint = _edge_mask(blurred, settings.faint_low, settings.faint_high)
                    self._search.add((faint,), beyond=True)
                    self._search.add((_enclosed(faint, self._search.area_range[1]),), beyond=True)
                self._outlines = self._search.cards()
                self._weak = self._search.weak([quad for quad, _ in self._outlines])
        return self._outlines

    def weak_outlines(self) -> list[np.ndarray]:
        """The card-shaped outlines that :meth:`outlines`'s candidates were refined to
        with less of their sides on the card's edges than a card found needs, but at
        least :data:`WEAK_SUPPORT` (each 4×2 float32, as :func:`find_cards` gives
        them): none over 0.3 of a card found, nor of a better-supported one. Not cards
        by themselves: a card in glare or on a cloth as light as its paper, or a
        pattern of the cloth in a card's proportions."""
        self.outlines()
        return self._weak

    def refined(self, quads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The outlines ``quads`` (N × 4 × 2, clockwise) refined on this image as its own
        candidates are (:func:`vision.outline.refine_all`, each on its own), and the share
        of each one's sides that lie on the card's edges (NaN where its sides cannot be
        placed). Nothing is kept: :meth:`outlines` does not see them."""
        return refine_all(self._search.grey, quads, self.settings.aspect, self.settings.edge_contrast)

    def alternatives(self, quads: list[np.ndarray], which: list[int]) -> dict[int, list[np.ndarray]]:
        """Other outlines for the cards ``which`` of those found (``quads``, as
        :func:`find_cards` gives them), whose found outline may be only part of the
        card: its printed frame, or half of it when the other half is lost in glare.

        Cards of the frame's typical size (the median of ``quads``) are placed at each
        corner of such an outline, both ways round, and around its centre, as is the
        outline grown by a quarter; each is refined (all in one batch), and kept when it
        lies on the card's edges as a found card must, still has a card's shape, and is
        not the outline found. Of a colour picture, the outline found is also refined
        again on how like its own paper each pixel around it is
        (:meth:`_Search._refined_on_paper`): on a light cloth the grey refinement may
        have put a side on the pattern. Returns, for each card of ``which``, its kept
        outlines."""
        if not which:
            return {}
        shorts, longs = _mean_sides(quads)
        short, long = statistics.median(shorts), statistics.median(longs)
        tries: list[tuple[int, np.ndarray]] = []
        for k in which:
            quad = quads[k].astype(np.float64)
            centre = quad.mean(axis=0)
            tries += [(k, card) for card in _cards_around(quad, short, long)]
            for grown in (math.sqrt(short * long / max(shorts[k] * longs[k], 1e-6)), 1.25):
                tries.append((k, _clockwise_short_first(centre + grown * (quad - centre))))
        self._search._refine([candidate for _, candidate in tries], every=True)
        kept = {k: _Quads([quads[k]]) for k in which}
        for k, candidate in tries:
            card = self._search._refined[candidate.tobytes()]
            if card is not None and not kept[k].repeats(card[0]):
                kept[k].append(card[0])
        if self._search.colour is not None:
            for k in which:
                card = self._search._refined_on_paper(self._search.colour, quads[k])
                if card is not None and not kept[k].repeats(card[0]):
                    kept[k].append(card[0])
        return {k: list(outlines)[1:] for k, outlines in kept.items()}

    def nearby(self, quads: list[np.ndarray], which: list[int]) -> dict[int, list[np.ndarray]]:
        """Outlines near those of the cards ``which`` of those found (``quads``, as
        :func:`find_cards` gives them), whose found outline may be moved off the card: the
        card and a piece of a light cloth's stripe or check beside it, or an outline pushed
        aside or turned by glare. Cards of the frame's typical size (the median of
        ``quads``) are laid as such an outline lies on a grid around its centre, and turned
        from it about its centre (:func:`_cards_near`), and refined (all in one batch), and
        kept when they still have a card's shape and lie on the card's edges as a weak
        outline must (:data:`WEAK_SUPPORT`: the card's edge against the cloth that took its
        place is as faint as it was), and are not the outline found nor one kept before. Not
        cards by themselves: the caller confirms them by what it reads there. Returns, for
        each card of ``which``, its kept outlines."""
        if not which:
            return {}
        short, long = _typical(quads)
        near = [(k, card) for k in which for card in _cards_near(quads[k], short, long)]
        refined, support = self.refined(np.array([card for _, card in near], np.float32))
        kept = {k: _Quads([quads[k]]) for k in which}
        for n, quad, _ in self._search.shaped(refined, support):
            k = near[n][0]
            if not kept[k].repeats(quad):
                kept[k].append(quad)
        return {k: list(outlines)[1:] for k, outlines in kept.items()}


def _for_refining(grey: np.ndarray) -> np.ndarray:
    """The grey image outlines are refined on (slightly smoothed)."""
    return cv2.GaussianBlur(grey, (3, 3), 0)


class _Search:
    """The card candidates of one frame (``grey``, as :func:`_for_refining` gives it), taken
    in the order the segmentations give them.

    A candidate near a card already found is that card; otherwise it is refined
    (:func:`vision.outline.refine_all`) and is a new card when enough of its outline
    lies on an edge and it still has a card's shape. A region that is not one card
    (or is much larger than the card found in it) is split, and its parts are taken
    the same way. The candidates likely to be needed next are refined together in one
    batch; which candidates are taken, and so the cards found, are the same as if each
    were refined in turn. Last, cards placed at the square corners of regions that the
    cards found leave unexplained are taken, in one more batch
    (:meth:`_take_corners`): a card merged with glare, or in a cluster that no split
    parts, is found once its neighbours are. Each :meth:`add` does all this for its
    masks; a later one (the faint edges, the regions they enclose) adds to the cards the
    earlier found. From the first of those later ones on, given the picture in
    ``colour`` (BGR), a candidate the grey picture cannot place is refined again on how
    like its own paper each pixel around it is (:meth:`_refined_on_paper`).
    """

    def __init__(self, grey: np.ndarray, settings: DetectSettings, colour: np.ndarray | None = None) -> None:
        self.grey = grey
        self.settings = settings
        self.colour = colour
        self._by_colour = False
        total = grey.shape[0] * grey.shape[1]
        self.area_range = (settings.min_area * total, settings.max_area * total)
        self._refined: dict[bytes, tuple[np.ndarray, float] | None] = {}
        self._weak: list[tuple[np.ndarray, float]] = []  # outlines refined with less support
        self._tried = _Quads()
        self._found: list[tuple[np.ndarray, float, np.ndarray]] = []
        self._centres: list[tuple[float, float]] = []
        self._boxes: list[tuple[float, float, float, float]] = []
        self._waiting: list[np.ndarray] = []  # regions not yet searched for cards at their corners
        self._placed = 0  # how many of the candidates tried have been looked at for cards at their corners

    def add(self, masks: tuple[np.ndarray, ...], beyond: bool = False) -> bool:
        """Take the candidates of the segmentations (binary masks), in order; with
        ``beyond`` and cards found already, only those of regions that the cards found
        leave unexplained (:meth:`_searched_beyond`). Returns whether the table itself
        took part in a segmentation: a region's hull was larger than any card can be (a
        cloth with a pattern, light between its dots), or the regions of one mask, less
        the cards found in them (:meth:`_left`), cover at least
        :attr:`DetectSettings.pattern_share` of the frame (a cloth with light stripes);
        with ``beyond``, always ``False`` (only the first segmentations are asked)."""
        self._by_colour = self._by_colour or beyond
        per_mask = [_regions(mask, self.area_range) for mask in masks]
        shapes = [shape for found in per_mask for shape in found]
        larger = any(cv2.contourArea(hull) > self.area_range[1] for _, hull in shapes)
        if beyond and self._found:
            short, long = _typical([quad for quad, *_ in self._found])
            shapes = [(region, hull) for region, hull in shapes if self._searched_beyond(hull, short * long)]
        regions = [(region, _quad_of(hull, self.settings, self.area_range)) for region, hull in shapes]
        self._refine([single for _, single in regions if single is not None])
        cards = [found[0] for found in self._refined.values() if found is not None]
        parts = {k: _split(region, self.settings, self.area_range) for k, (region, single) in enumerate(regions)
                 if single is None or _too_big(region, single) or self._refined.get(single.tobytes(), 0) is None}
        self._refine([part.quad for found in parts.values() for part in found], cards)
        for k, (region, single) in enumerate(regions):
            if single is None or not self._accept(single) or _too_big(region, single):
                for part in parts[k] if k in parts else _split(region, self.settings, self.area_range):
                    self._accept(part.quad, part.covered)
        self._take_corners([region for region, _ in regions])
        share = self.settings.pattern_share
        return not beyond and (larger or share is not None and
                               any(self._left(found) >= share * self.grey.size for found in per_mask))

    def _searched_beyond(self, hull: np.ndarray, card: float) -> bool:
        """Whether a region of a later segmentation (:meth:`add` with ``beyond``), of
        convex hull ``hull``, is searched, ``card`` being the area of a card of the
        frame's typical size (the median of the cards found): when it is no larger than
        :data:`FAINT_REGION` such cards, and the cards found leave at least
        :data:`UNEXPLAINED` of one unexplained in it (as :meth:`_take_corners` counts
        it), or it holds no card found and is card-shaped itself (:func:`_quad_of`). On
        cloth striped white as light as the cards the outlines found may all have run
        onto a stripe beside their cards, larger than the cards are, and a card's own
        region is then smaller than the share asked of a region that holds a card and
        pieces of the pattern."""
        area = cv2.contourArea(hull)
        if area > FAINT_REGION * card:
            return False
        left = self._unexplained(hull)
        return left >= UNEXPLAINED * card or left >= area and _quad_of(hull, self.settings, self.area_range) is not None

    def _left(self, regions: list[tuple[np.ndarray, np.ndarray]]) -> float:
        """The area of ``regions`` (as :func:`_regions` gives them) less that of the
        cards found in each (:meth:`_unexplained`, none below 0)."""
        return sum(max(self._unexplained(region), 0.0) for region, _ in regions)

    def _take_corners(self, regions: list[np.ndarray]) -> None:
        """Look for cards at the square corners of regions that the cards found do not
        explain (at least :data:`UNEXPLAINED` of a card's area left): a card merged with glare, a
        shadow or its neighbours into one region keeps its own corners on the region's
        border. At each such corner a card of the frame's typical size (the median of
        the cards found) is placed both ways round, and taken as a candidate when the
        region covers :data:`CORNER_COVER` of it and it is not mostly a card already
        found. Cards are placed the same way at the corners of the candidates tried
        since cards were last placed whose outline could not be placed, and that are
        not mostly a card found: such a candidate may have taken in glare or a
        neighbour along a side, and still have the card's own corners; one smaller than
        a card (a court card's printed frame) also gets a card centred on it
        (:func:`_card_centred_on`). Until a card is found there is no typical size:
        ``regions`` and the candidates tried wait for the first :meth:`add` that finds
        one (a frame whose card edges are lost on a light cloth may show only the
        printed frames of its court cards to the first segmentations)."""
        self._waiting += regions
        if not self._found:
            return
        regions, self._waiting = self._waiting, []
        short, long = _typical([quad for quad, *_ in self._found])
        candidates = _Quads()
        for region in regions:
            least = UNEXPLAINED * short * long
            if cv2.contourArea(region) < least or self._unexplained(region) < least:
                continue
            x, y, w, h = cv2.boundingRect(region)
            solid = np.zeros((h, w), np.uint8)
            cv2.drawContours(solid, [region], -1, 255, -1, offset=(-x, -y))
            for quad in _corner_quads(region, short, long):
                if not candidates.repeats(quad) and not self._mostly_found(quad) and \
                        _coverage(solid, np.round(quad - (x, y)).astype(np.int32)) >= CORNER_COVER:
                    candidates.append(quad)
        for tried in list(self._tried)[self._placed:]:
            if self._refined[tried.tobytes()] is None and not self._mostly_found(tried):
                placed = _cards_around(tried, short, long) + _card_centred_on(tried, short, long)
                candidates.extend([quad for quad in placed
                                   if not candidates.repeats(quad) and not self._mostly_found(quad)])
        self._refine(list(candidates), every=True)
        for candidate in candidates:
            self._accept(candidate)
        self._placed = len(self._tried)

    def weak(self, cards: list[np.ndarray]) -> list[np.ndarray]:
        """The weak outlines kept so far (:meth:`CardFinder.weak_outlines`), best
        supported first, none over 0.3 of one of ``cards`` or of one before it."""
        kept: list[np.ndarray] = []
        for quad, _ in sorted(self._weak, key=lambda weak: -weak[1]):
            bounds = _bounds(quad)
            if not any(_overlap(quad, other) > 0.3 for other in cards + kept if not _apart(bounds, _bounds(other))):
                kept.append(quad)
        return kept

    def _mostly_found(self, quad: np.ndarray) -> bool:
        """Whether a card already found covers more than 0.3 of ``quad`` (or it of the card)."""
        bounds = _bounds(quad)
        return any(_overlap(quad, card) > 0.3
                   for (card, *_), card_bounds in zip(self._found, self._boxes) if not _apart(bounds, card_bounds))

    def cards(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """The cards found, each with the candidate it was refined from: of outlines
        that overlap, the best supported (then the larger)."""
        kept: list[tuple[np.ndarray, np.ndarray, tuple[float, float, float, float]]] = []
        for (quad, _support, candidate), box in sorted(
                zip(self._found, self._boxes), key=lambda item: (-round(item[0][1], 1), -cv2.contourArea(item[0][0]))):
            if not any(_overlap(quad, other) > 0.3 for other, _, other_box in kept if not _apart(box, other_box)):
                kept.append((quad, candidate, box))
        return [(quad, candidate) for quad, candidate, _ in kept]

    def _accept(self, candidate: np.ndarray, fits: Callable[[], bool] | None = None) -> bool:
        """Keep a candidate if it is a new card; whether it is a card (also when it is
        one found before). A candidate that is not near a card found is taken only if
        ``fits`` (when given) says so."""
        if _near(candidate, self._centres):
            return True
        if fits is not None and not fits():
            return False
        if self._tried.repeats(candidate):
            return False
        self._tried.append(candidate)
        if candidate.tobytes() not in self._refined:
            self._refine([candidate])
        card = self._refined[candidate.tobytes()]
        if card is None:
            return False
        self._found.append((*card, candidate))
        self._centres.append(_centre(card[0]))
        self._boxes.append(_bounds(card[0]))
        return True

    def _unexplained(self, region: np.ndarray) -> float:
        """The area of a region less that of the cards found whose centres lie in it."""
        x, y, w, h = cv2.boundingRect(region)
        area = cv2.contourArea(region)
        for (quad, *_), (cx, cy) in zip(self._found, self._centres):
            if x <= cx < x + w and y <= cy < y + h and cv2.pointPolygonTest(region, (cx, cy), False) >= 0:
                area -= cv2.contourArea(quad)
        return area

    def shaped(self, quads: np.ndarray, support: np.ndarray) -> list[tuple[int, np.ndarray, float]]:
        """Of refined outlines ``quads`` (N × 4 × 2) and the share of each one's sides on
        the card's edges ``support`` (as :func:`vision.outline.refine_all` gives them),
        those on the edges at least as a weak outline must be (:data:`WEAK_SUPPORT`)
        that still have a card's shape (:func:`_card_shaped`): each one's index, its
        corners (clockwise, short side first) and its share."""
        supported = [(k, _clockwise_short_first(quad), float(share))
                     for k, (quad, share) in enumerate(zip(quads, support)) if share >= WEAK_SUPPORT]
        shaped = _card_shaped(np.array([quad for _, quad, _ in supported], np.float32).reshape(-1, 4, 2),
                              self.settings, self.area_range, np.array([share for *_, share in supported]))
        return [entry for entry, ok in zip(supported, shaped) if ok]

    def _refine(self, candidates: list[np.ndarray], cards: list[np.ndarray] | None = None,
                every: bool = False) -> None:
        """Refine, in one batch, the candidates not refined yet, leaving out (unless
        ``every``) those that lie where an earlier one of them, or one of ``cards``,
        does (they are needed only if it fails; :meth:`_accept` refines them then)."""
        new: dict[bytes, np.ndarray] = {}
        centres = [_centre(card) for card in cards or ()]
        for candidate in candidates:
            if candidate.tobytes() not in self._refined and (every or not _near(candidate, centres)):
                new[candidate.tobytes()] = candidate
                centres.append(_centre(candidate))
        if not new:
            return
        quads, support = refine_all(self.grey, np.stack(list(new.values())), self.settings.aspect,
                                    self.settings.edge_contrast)
        self._refined.update(dict.fromkeys(new))
        keys = list(new)
        for k, quad, share in self.shaped(quads, support):
            if share >= self.settings.edge_support:
                self._refined[keys[k]] = (quad, share)
            else:
                self._weak.append((quad, share))
        if self._by_colour and self.colour is not None:
            for key, candidate in new.items():
                if self._refined[key] is None:
                    self._refined[key] = self._refined_on_paper(self.colour, candidate)

    def _refined_on_paper(self, colour: np.ndarray, candidate: np.ndarray) -> tuple[np.ndarray, float] | None:
        """An outline (a candidate the grey picture could not place, or a card's found
        outline to be tried again) refined on how like its own paper each pixel around
        it is (:func:`vision.paper.paper_likeness`): on a light cloth the card is told
        from the cloth by its colour. Kept as a card as a grey refinement is; None if
        not."""
        likeness = paper_likeness(colour, candidate.astype(np.float64))
        if likeness is None:
            return None
        picture, origin = likeness
        quads, support = refine_all(picture, (candidate - origin)[None], self.settings.aspect,
                                    self.settings.edge_contrast)
        if not support[0] >= self.settings.edge_support:
            return None
        quad = _clockwise_short_first(quads[0] + origin)
        if not _card_shaped(quad[None], self.settings, self.area_range, support)[0]:
            return None
        return quad, float(support[0])


class _Quads:
    """A growing list of quads (4 × 2 float32) held in one array, so that whether a
    candidate repeats one of them is one call however many there are.
    Iterating gives the quads in the order added."""

    def __init__(self, quads: Sequence[np.ndarray] = ()) -> None:
        self._array = np.empty((max(8, len(quads)), 4, 2), np.float32)
        self._count = 0
        self.extend(quads)

    def __iter__(self) -> Iterator[np.ndarray]:
        return iter(self._array[:self._count])

    def __len__(self) -> int:
        return self._count

    def append(self, quad: np.ndarray) -> None:
        if self._count == len(self._array):
            self._array = np.concatenate([self._array, np.empty_like(self._array)])
        self._array[self._count] = quad
        self._count += 1

    def extend(self, quads: Sequence[np.ndarray]) -> None:
        for quad in quads:
            self.append(quad)

    def repeats(self, candidate: np.ndarray) -> bool:
        """Whether every corner of ``candidate`` (4 × 2) is within 3 pixels of the same
        corner of one of the quads."""
        return self._count > 0 and float(np.abs(self._array[:self._count] - candidate).max(axis=(1, 2)).min()) < 3


def _mean_sides(quads: list[np.ndarray]) -> tuple[list[float], list[float]]:
    """The mean short sides and mean long sides of card outlines (clockwise, short side first)."""
    lengths = _side_lengths(np.array(quads))
    return ([float(s) / 2 for s in lengths[:, 0] + lengths[:, 2]],
            [float(t) / 2 for t in lengths[:, 1] + lengths[:, 3]])


def _typical(quads: list[np.ndarray]) -> tuple[float, float]:
    """The median short and long side of card outlines (clockwise, short side first)."""
    shorts, longs = _mean_sides(quads)
    return statistics.median(shorts), statistics.median(longs)


def _corner_quads(contour: np.ndarray, short: float, long: float) -> list[np.ndarray]:
    """Card outlines (``short`` × ``long``) placed at the square corners of a region's
    outline, both ways round: where two sides that run at least a quarter of ``short``
    along the outline (as ``cv2.approxPolyDP`` straightens it) meet at 75–105°, with at
    most a tenth of ``short`` of outline between them (a card's rounded corner) — the
    corner is where their lines cross."""
    poly = cv2.approxPolyDP(contour, max(2.0, 0.03 * short), True).reshape(-1, 2).astype(np.float64)
    count = len(poly)
    if count < 3:
        return []
    sides = np.concatenate((poly[1:], poly[:1])) - poly
    lengths = np.hypot(sides[:, 0], sides[:, 1])
    first = np.flatnonzero(lengths >= 0.25 * short)
    if len(first) < 2:
        return []
    # each run with the next: the sides between them (at most two) and their directions,
    # for all pairs at once; the rest per pair in plain Python
    second = np.concatenate((first[1:], first[:1]))
    between = (second - first - 1) % count
    rounding = np.where(between >= 1, lengths[(first + 1) % count], 0.0) + \
        np.where(between >= 2, lengths[(first + 2) % count], 0.0)
    u, v = sides[first] / lengths[first, None], sides[second] / lengths[second, None]
    out: list[np.ndarray] = []
    for k in np.flatnonzero((between <= 2) & ~(rounding > 0.1 * short)).tolist():
        (ux, uy), (vx, vy) = u[k].tolist(), v[k].tolist()
        cross = ux * vy - uy * vx
        if abs(ux * vx + uy * vy) > 0.25 or abs(cross) < 1e-6:
            continue
        (x0, y0), (x1, y1) = poly[first[k]].tolist(), poly[second[k]].tolist()
        along = ((x1 - x0) * vy - (y1 - y0) * vx) / cross
        out += _cards_at([x0 + along * ux, y0 + along * uy], [-ux, -uy], [vx, vy], short, long)
    return out


def _cards_around(quad: np.ndarray, short: float, long: float) -> list[np.ndarray]:
    """Card outlines (``short`` × ``long``) placed at each corner of ``quad``, along its
    two sides there, both ways round."""
    corners = quad.astype(np.float64)
    along = corners[_NEXT] - corners
    along /= np.maximum(np.hypot(along[:, 0], along[:, 1]), 1e-6)[:, None]
    return [card
            for corner, following, preceding in zip(corners.tolist(), along.tolist(), (-along[_PREVIOUS]).tolist())
            for card in _cards_at(corner, following, preceding, short, long)]


def _cards_near(quad: np.ndarray, short: float, long: float) -> list[np.ndarray]:
    """Card outlines (``short`` × ``long``) laid as ``quad`` lies (its first side
    short), centred on a grid around ``quad``'s centre: :data:`NEAR_STEPS` steps each
    way of :data:`NEAR_STEP` of the card's side across and along it; and centred on
    ``quad``'s centre, laid turned from it by each of :data:`NEAR_TURNS`."""
    corners = quad.astype(np.float64)
    across = corners[1] - corners[0]
    across /= max(float(np.hypot(across[0], across[1])), 1e-6)
    along = np.array([-across[1], across[0]])
    if float(np.dot(corners[3] - corners[0], along)) < 0:
        along = -along
    centre = corners.mean(axis=0)
    out = _grid(centre, across, along, short, long, np.arange(-NEAR_STEPS, NEAR_STEPS + 1) * NEAR_STEP)
    for degrees in NEAR_TURNS:
        c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        turn = np.array([[c, -s], [s, c]])
        out += _grid(centre, turn @ across, turn @ along, short, long, np.zeros(1))
    return out


def _grid(centre: np.ndarray, across: np.ndarray, along: np.ndarray, short: float, long: float,
          steps: np.ndarray) -> list[np.ndarray]:
    """Card outlines (``short`` × ``long``) with their short sides along the unit vector
    ``across`` and their long sides along ``along``, centred on ``centre`` moved by each
    of ``steps`` (shares of the card's side) across and along."""
    return [_card_at((centre + i * short * across + j * long * along - short / 2 * across - long / 2 * along).tolist(),
                     across.tolist(), along.tolist(), short, long)
            for i in steps for j in steps]


def _card_centred_on(quad: np.ndarray, short: float, long: float) -> list[np.ndarray]:
    """A card outline (``short`` × ``long``) with the same centre as ``quad`` and its
    long sides along ``quad``'s longest side, if ``quad`` is smaller than the card by a
    tenth or more of its area (a court card's printed frame); else none."""
    if cv2.contourArea(quad.astype(np.float32)) > 0.9 * short * long:
        return []
    corners = quad.astype(np.float64)
    k = int(np.argmax(_side_lengths(corners[None])[0]))
    along = corners[_NEXT[k]] - corners[k]
    along /= max(float(np.hypot(along[0], along[1])), 1e-6)
    across = np.array([-along[1], along[0]])
    corner = corners.mean(axis=0) - long / 2 * along - short / 2 * across
    return [_card_at(corner.tolist(), along.tolist(), across.tolist(), long, short)]


def _cards_at(corner: list[float], along_u: list[float], along_v: list[float], short: float,
              long: float) -> list[np.ndarray]:
    """Card outlines (``short`` × ``long``) with a corner at ``corner`` ([x, y]) and
    their sides along the unit vectors ``along_u`` and ``along_v``, both ways round."""
    return [_card_at(corner, along_u, along_v, short, long), _card_at(corner, along_u, along_v, long, short)]


def _card_at(corner: list[float], along_u: list[float], along_v: list[float], u: float, v: float) -> np.ndarray:
    """The card outline with a corner at ``corner`` ([x, y]) and sides ``u`` and ``v``
    long along the unit vectors ``along_u`` and ``along_v``."""
    (x, y), (ux, uy), (vx, vy) = corner, along_u, along_v
    return _clockwise_short_first([[x, y], [x + u * ux, y + u * uy], [x + u * ux + v * vx, y + u * uy + v * vy],
                                   [x + v * vx, y + v * vy]])


def _near(candidate: np.ndarray, centres: list[tuple[float, float]]) -> bool:
    """Whether a candidate's centre is within a fifth of its first side of one of
    ``centres``: it is the same card."""
    if not centres:
        return False
    corners = candidate.tolist()
    (x0, y0), (x1, y1) = corners[:2]
    cx, cy = _centre(corners)
    limit = 0.04 * ((x1 - x0) ** 2 + (y1 - y0) ** 2)
    for x, y in centres:
        if (x - cx) ** 2 + (y - cy) ** 2 < limit:
            return True
    return False


def _too_big(region: np.ndarray, single: np.ndarray) -> bool:
    """Whether a region is much larger than the card-shaped quad found in it: it may
    hold more cards, so it is split too."""
    return cv2.contourArea(region) > 1.4 * cv2.contourArea(single)
