"""A third reading of a card, for two given faces only: which of the two it shows.

The descriptors (:mod:`vision.describe`) and the ink (:mod:`vision.ink`) compare a card
with every taught face; where two faces differ only in the shape of small symbols (the
spades and clubs of one rank, the hearts and diamonds of a court card) both see the two
alike. This reading looks at nothing but what tells those two faces apart:

* the card and the two faces' references are read as ink in each colour channel: one
  minus the picture over its paper (:func:`vision.ink.reflectance_of`, which divides out
  the light's level and colour), scaled by the card's strongest ink
  (:func:`vision.ink.strongest_ink`, which divides out a camera's contrast), at
  :data:`WIDTH` pixels, a band of :data:`EDGE` at each side left out (an outline a
  little off, or a reference cut a little wide, shows the table there: the table's
  colour would count as print). So two faces that differ in their symbols' shape, in
  their colour, or in both are told apart alike;
* the second face's ink is first shifted onto the first's, by the shift that aligns
  them best (found as in the next point), when the two correlate by :data:`ALIGNED`
  and the shift is at least :data:`LEAST_MOVE`: their references are cut out of two
  photos, each a pixel or two off its card, and unaligned their difference holds the
  edges of all their shared print (a court card's figure) beside the symbols that tell
  them apart. A shift only: an affine map takes up the symbols' own difference (it
  stretches a spade toward a club), while a shift is pulled little by them, as a
  card's lower symbols are its upper ones turned round;
* the card's ink, its channels averaged and softened by :data:`SOFTEN`, is aligned to
  the two faces' mean, softened alike, by OpenCV's enhanced correlation
  (``cv2.findTransformECC``, an affine map): what an outline found a pixel or two off,
  or a card not quite flat, moves is moved back;
* the faces are blurred as the card is: a card moved while the shutter was open is
  smeared along a line, one out of focus or shrunk is softened. Of a family of blurs
  (a stroke of each of :data:`BLUR_LENGTHS` at each of :data:`BLUR_ANGLES` directions,
  softened by :data:`BLUR_SOFTEN`, and that softening alone), the one under which a mix
  of the two faces' mean and their difference fits the card's aligned ink best (least
  squares) is chosen; the mix is fitted together with the blur, so the blur cannot
  take up what tells the faces apart. The search runs in the Fourier domain over the
  whole family at once;
* the card's ink is fitted by that blur's mean and difference of the two faces, in all
  three channels: the share of the difference, over the share of the mean, is the
  reading: ``+0.5`` when the card is the first face exactly, ``-0.5`` the second, near
  0 when it could be either. The faces blurred as the card is, what a blur smears out
  of their difference is not looked for, and what it leaves is weighed in full (a
  matched filter). When the card's aligned ink does not look like the two faces' at
  all (:data:`ALIGNED`), the reading has no say;
* all of this is done with the card both ways up, and the card is read the other way
  up from the descriptors' when its fit leaves clearly less of its ink unexplained
  (:data:`TURNED_FIT`): the descriptors' way up is a poor guide on a card whose symbols
  are laid out alike both ways (a seven's, a nine's), and read upside down a club's
  lobes lean towards a spade's point, a heart's towards a diamond's.

A reading is clear when its value is at least :data:`MARGIN` from 0: the card's ink lies
at least that share of the way nearer one face than the other.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import cv2
import numpy as np

from vision.describe import warp_card
from vision.ink import reflectance_of, strongest_ink

WIDTH = 100
"""The width (pixels) of the upright card image the two faces are compared at: a small
symbol's shape (a spade's point, a club's lobes) shows at it in a 640-pixel frame."""
EDGE = 0.05
"""The share of the card's width at each side that is left out of the comparison."""
MARGIN = 0.1
"""How far from 0 (of the ±0.5 between the two faces) a reading must lie to be clear."""
SOFTEN = 1.0
"""The ink maps are aligned softened by a Gaussian of this many pixels (σ)."""
ALIGNED = 0.8
"""The least correlation (the alignment's own measure, 1 for a perfect fit) of the card's
aligned ink with the two faces' mean for the reading to have a say: a card of either face
fits their mean nearly as well as its own (the two differ only in small symbols); a blank
card, or one of another layout, fits it by half or less, and its projection on their
difference would be noise, however large. Two faces that correlate by less are of
different layouts, and the second is not moved onto the first."""
ALIGN_STEPS = 50
"""At most this many steps of the enhanced-correlation alignment."""
PAIRS_KEPT = 64
"""How many pairs of faces, the second aligned to the first, a reader keeps (the most
recently read)."""
LEAST_MOVE = 0.5
"""The second of two faces is shifted onto the first only by a shift of at least this
many pixels (at :data:`WIDTH`) across or along the card: a smaller one is more likely made by the symbols that
tell the two apart than by their cuts, and resampling would soften the one face against
the other."""
TURNED_FIT = 0.9
"""A card is read turned round from the way the descriptors say it lies only when its ink
fits the two faces that way clearly better: leaving at most this share of the ink the
descriptors' way leaves unexplained. A card whose print is alike both ways up (a SET
squiggle) fits nearly as well either way, and its reading is then the descriptors'."""
BLUR_SOFTEN = 0.7
"""Every blur the faces are tried under softens them by a Gaussian of this many pixels
(σ): a card resampled from a camera's frame is never quite sharp."""
BLUR_LENGTHS = (2, 4, 6, 9, 12, 16)
"""The lengths (pixels at :data:`WIDTH`) of the strokes a card's blur is tried as: up to
a sixth of the card's width, a card moved fast."""
BLUR_ANGLES = 12
"""The directions each stroke is tried at, evenly over half a turn."""


def stroke(length: float, angle: float) -> np.ndarray:
    """A blur kernel (square, odd side, float32, summing to 1): a straight stroke of
    ``length`` pixels at ``angle`` (radians) through its centre, drawn at four times the
    resolution and shrunk, softened by :data:`BLUR_SOFTEN`."""
    half = int(np.ceil(length / 2 + 3 * BLUR_SOFTEN)) + 1
    side = 2 * half + 1
    fine = np.zeros((4 * side, 4 * side), np.float32)
    centre, reach = 4 * half + 2, 2 * length * np.array([np.cos(angle), np.sin(angle)])
    start, end = (tuple(int(v) for v in np.round((centre + sign * reach) * 16)) for sign in (-1, 1))
    cv2.line(fine, start, end, 1.0, 3, cv2.LINE_AA, 4)  # 4 bits of sub-pixel ends: × 16
    kernel = cv2.GaussianBlur(cv2.resize(fine, (side, side), interpolation=cv2.INTER_AREA), (0, 0), BLUR_SOFTEN)
    return kernel / kernel.sum()


def blurs() -> list[np.ndarray]:
    """The family of blurs a card is tried under, as the module says: the softening
    alone first."""
    return [stroke(0.0, 0.0)] + [stroke(length, angle) for length in BLUR_LENGTHS
                                 for angle in np.arange(BLUR_ANGLES) * np.pi / BLUR_ANGLES]


@functools.lru_cache(maxsize=4)
def blur_spectra(size: tuple[int, int]) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """The family of :func:`blurs`, and for maps of ``size`` (width, height) their
    spectra (blurs × pixels of ``numpy.fft.rfft2``'s half spectrum, complex64) and
    powers (their squared magnitudes, float32), each column weighted by the number of
    the full spectrum's columns it stands for: the sums of products of two maps are
    then those of their spectra. Made once per size, when a card is first read."""
    width, height = size
    family = blurs()
    placed = np.zeros((len(family), height, width), np.float32)
    for k, kernel in enumerate(family):  # each kernel's centre at the origin
        half = kernel.shape[0] // 2
        placed[k, :kernel.shape[0], :kernel.shape[1]] = kernel
        placed[k] = np.roll(placed[k], (-half, -half), axis=(0, 1))
    spectrum = np.fft.rfft2(placed).reshape(len(family), -1)
    # rfft2 keeps half the columns: each but the first (and an even width's last)
    # stands for two
    weights = np.full(width // 2 + 1, 2.0, np.float32)
    weights[0] = weights[-1 if width % 2 == 0 else 0] = 1.0
    weights = np.tile(weights, height)
    return (family, (spectrum * weights).astype(np.complex64),
            (np.abs(spectrum) ** 2 * weights).astype(np.float32))


class PairReading:
    """Tells two taught faces apart on one card; faces are named by their index in the
    upright ``references`` (N × H × W × 3 BGR uint8, a deck model's) of cards of width
    to height ``aspect``. A face's maps are made when it is first compared."""

    def __init__(self, references: np.ndarray, aspect: float) -> None:
        self.references = references
        self.size = (WIDTH, int(round(WIDTH / aspect)))
        width, height = self.size
        edge = int(round(EDGE * WIDTH))
        self.mask = np.zeros((height, width), np.uint8)
        self.mask[edge:height - edge, edge:width - edge] = 1
        self._inks: dict[int, np.ndarray] = {}
        self.faces: Callable[[int, int], tuple[np.ndarray, np.ndarray]] = \
            functools.lru_cache(maxsize=PAIRS_KEPT)(self._aligned)

    @staticmethod
    def _ink(card: np.ndarray) -> np.ndarray:
        """A card's ink in each colour channel (height × width × 3 float32), as the module
        says."""
        ink = 1.0 - reflectance_of(card)
        return np.clip(ink / strongest_ink(ink.mean(axis=2)), 0.0, 1.5)

    def _softened(self, ink: np.ndarray) -> np.ndarray:
        """An ink map's channels averaged and softened, to be aligned."""
        return cv2.GaussianBlur(ink.mean(axis=2), (0, 0), SOFTEN, borderType=cv2.BORDER_REPLICATE) * self.mask

    def face(self, k: int) -> np.ndarray:
        """Face ``k``'s ink as a card's is read."""
        if k not in self._inks:
            self._inks[k] = self._ink(cv2.resize(self.references[k], self.size, interpolation=cv2.INTER_AREA))
        return self._inks[k]

    def _aligned(self, first: int, second: int) -> tuple[np.ndarray, np.ndarray]:
        """Faces ``first`` and ``second``'s inks, the second shifted onto the first as
        the module says (as it is when the two do not correlate enough, or when the
        shift is less than :data:`LEAST_MOVE`). Called through :attr:`faces`, which
        keeps the last :data:`PAIRS_KEPT` pairs."""
        a, b = self.face(first), self.face(second)
        warp = self._alignment(self._softened(a), b, cv2.MOTION_TRANSLATION)
        if warp is not None and float(np.abs(warp[:, 2]).max()) >= LEAST_MOVE:
            b = self._moved(b, warp)
        return a, b

    def _alignment(self, to: np.ndarray, ink: np.ndarray, motion: int = cv2.MOTION_AFFINE) -> np.ndarray | None:
        """The map (2 × 3; of OpenCV's ``motion``, affine unless asked) that best aligns
        ``ink`` (height × width × 3), softened, to the softened map ``to`` (masked
        outside), by the enhanced correlation; ``None`` when the two correlate by less
        than :data:`ALIGNED`."""
        try:
            likeness, warp = cv2.findTransformECC(
                to, self._softened(ink), np.eye(2, 3, dtype=np.float32), motion,
                (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, ALIGN_STEPS, 1e-4), self.mask, 5)
        except cv2.error:  # the two do not correlate at all
            return None
        return warp if likeness >= ALIGNED else None

    def _moved(self, ink: np.ndarray, warp: np.ndarray) -> np.ndarray:
        """``ink`` moved by ``warp`` as :meth:`_alignment` gives it."""
        return cv2.warpAffine(ink, warp, self.size, flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)

    def blur(self, ink: np.ndarray, mean: np.ndarray, difference: np.ndarray) -> np.ndarray:
        """Of :func:`blurs`, the one under which a mix of the faces' ``mean`` and
        ``difference`` (channels averaged) fits the card's ``ink`` (channels averaged,
        outside the mask 0) best, by least squares: each blur's fit in the Fourier domain,
        all at once (the products of two maps summed are those of their spectra)."""
        card, m, d = (np.fft.rfft2(x).ravel().astype(np.complex64) for x in (ink, mean, difference))
        family, spectra, powers = blur_spectra(self.size)
        mm, md, dd = (powers @ x for x in (np.abs(m) ** 2, (m * d.conj()).real, np.abs(d) ** 2))
        my, dy = ((spectra @ (x * card.conj())).real for x in (m, d))
        # the share of the card's ink the best mix explains: r' G⁻¹ r, G the two maps'
        # products, r theirs with the card's
        determinant = np.maximum(mm * dd - md * md, 1e-9 * mm * dd + 1e-30)
        explained = (dd * my * my - 2 * md * my * dy + mm * dy * dy) / determinant
        return family[int(np.argmax(explained))]

    def read(self, image: np.ndarray, quad: np.ndarray, upside_down: bool, first: int, second: int) -> float | None:
        """Which of faces ``first`` and ``second`` the card with corners ``quad`` in
        ``image`` shows: ``+0.5`` the first, ``-0.5`` the second, as the module says;
        ``None`` (no say) when the two faces' maps are the same, or the card cannot be
        aligned to them or, aligned, does not fit them (:data:`ALIGNED`). The card is
        read both ways up: turned round when ``upside_down`` (the way the descriptors
        say it lies), and the other way; the other way's reading is taken when its fit
        leaves clearly less of the card's ink unexplained (:data:`TURNED_FIT`), or when
        the descriptors' way has no say. A card whose symbols are laid out alike both
        ways up (most number cards) is as near its faces turned round to the descriptors,
        but read the wrong way up its symbols are upside down, and a club's lobes turned
        round lean towards a spade's point."""
        a, b = self.faces(first, second)
        if float(np.abs(a - b).max()) <= 1e-6:
            return None
        card = warp_card(image, quad, self.size, inset=0.0)
        mean = (a + b) / 2
        target = self._softened(mean)
        said, turned = (self._fit(card, way, a, b, mean, target) for way in (upside_down, not upside_down))
        if turned is not None and (said is None or turned[1] < TURNED_FIT * said[1]):
            return turned[0]
        return said[0] if said is not None else None

    def _fit(self, card: np.ndarray, upside_down: bool, a: np.ndarray, b: np.ndarray, mean: np.ndarray,
             target: np.ndarray) -> tuple[float, float] | None:
        """The upright ``card`` (at :attr:`size`), turned round when ``upside_down``,
        read between the inks ``a`` and ``b`` of two faces (``mean`` their mean, and
        ``target`` that softened, as it is aligned to): the reading (as :meth:`read`'s)
        and the share of the card's ink the fit leaves unexplained; ``None`` when it has
        no say."""
        if upside_down:
            card = np.ascontiguousarray(card[::-1, ::-1])
        ink = self._ink(card)
        warp = self._alignment(target, ink)
        if warp is None:
            return None
        ink = self._moved(ink, warp) * self.mask[..., None]
        kernel = self.blur(ink.mean(axis=2), mean.mean(axis=2), (a - b).mean(axis=2))
        a, b = (cv2.filter2D(face, -1, kernel, borderType=cv2.BORDER_REPLICATE) * self.mask[..., None]
                for face in (a, b))
        basis = np.stack([((a + b) / 2).ravel(), (a - b).ravel()], axis=1)
        gram = basis.T @ basis
        if np.linalg.det(gram) <= 1e-9 * float(np.trace(gram)) ** 2:
            return None
        flat = ink.ravel()
        fitted = np.linalg.solve(gram, basis.T @ flat)
        strength, lean = fitted
        if strength <= 0:
            return None
        rest = flat - basis @ fitted
        return float(lean / strength), float(rest @ rest) / max(float(flat @ flat), 1e-12)
