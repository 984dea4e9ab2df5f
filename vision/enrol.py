"""Teaching the recogniser a deck: from reference images, or live from the camera.

One picture per face is enough. From it :func:`build_model` makes many variants, the way
a camera could see the card: smaller or larger, blurred, dimmer or brighter on one
side, with a shadow across part of it, tinted, noisy, JPEG-compressed and with its
outline found a pixel or two off; and as many of the picture mirrored.
Their descriptors (:func:`~vision.describe.describe_all`, and of the corner index
:func:`~vision.describe.describe_index`) are the model's prototypes.

* :func:`enrol_images` reads a folder of images named by card id (``red-5.png``,
  ``10H.jpg``): scans, or phone photos of the card lying on a table, in which the card
  is found, checked and cut out (:func:`vision.reference.crop_reference`); a picture in
  which no whole card can be told from the table is refused, by its file name.
* :class:`LiveEnrolment` is driven by the enrolment wizard: it asks for one card at a
  time and captures it from camera frames once it lies still and sharp (its outline
  settled first as a reference photo's is: :func:`vision.reference.settle`).

Either way, a card cut out a few pixels off the layout the deck's other cuts share is
cut again before the model is built (:func:`vision.layout.align_to_deck`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import cv2
import numpy as np

from companion.i18n import Domain, Text
from vision.decks import Deck, POKER_ASPECT, builtin, custom
from vision.describe import WARP_SIZE, describe_all, describe_both_ways, describe_index, warp_card
from vision.detect import CardFinder, DetectSettings
from vision.errors import EnrolmentError, ImageError
from vision.layout import align_to_deck
from vision.model import DeckModel
from vision.reference import ASPECT_TOLERANCE, REFERENCE_SIZE, Cut, UnclearReference, \
    crop_reference, cut_out, settle
from vision.render import apply_light, apply_sensor, paste_sprite
from vision.zone import PlayZone

D = Domain("vision", "vision")

SAME_CARD_SIMILARITY = 0.985
"""Live enrolment refuses a card this similar to one already shown: it is that card
again, typically the previous card still lying in the zone. Measured on clean rendered
scenes: two views of one face are 0.97–1.0 alike, two different faces at most 0.96
(Mustang) and 0.98 (standard deck, same rank and colour); the threshold errs towards
accepting, as a refused card blocks the wizard."""

VARIANTS = 32
"""Augmented prototypes made from each reference image (besides the clean one)."""

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff")


def _variant(sprite: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One camera-like view of a reference card (BGRA ``sprite``), cut out upright
    (:func:`~vision.describe.warp_card`) by an outline found a little off."""
    width = rng.uniform(55, 150)
    height = width * sprite.shape[0] / sprite.shape[1]
    size = (int(width * 1.6), int(height * 1.6))
    canvas = np.empty((size[1], size[0], 3), np.float32)
    canvas[:] = rng.uniform(20, 220, 3)
    angle = rng.uniform(0, 2 * np.pi)
    c, s = np.cos(angle), np.sin(angle)
    local = np.array([[-width / 2, -height / 2], [width / 2, -height / 2], [width / 2, height / 2],
                      [-width / 2, height / 2]])
    quad = local @ np.array([[c, s], [-s, c]]) + (size[0] / 2, size[1] / 2)
    paste_sprite(canvas, sprite, quad)
    effects = tuple(e for e in ("uneven-light", "shadow", "blur", "noise", "jpeg") if rng.random() < 0.6)
    apply_light(rng, canvas, effects)
    image = apply_sensor(rng, canvas, effects)
    found = quad + rng.normal(0, 0.012 * width, (4, 2))
    return warp_card(image, found)


def build_model(deck: str, references: Mapping[str, np.ndarray], aspect: float = POKER_ASPECT,
                copies: Mapping[str, int] | None = None, seed: int = 0) -> DeckModel:
    """A model from upright reference images of each face (BGR, any size).

    Each face is taught as its reference shows it and mirrored (the same id): a
    reference may be a mirror image (a scan, a selfie camera), and no deck holds two
    faces that are mirror images of each other. The whitening and the scales are
    learnt from the unmirrored views alone, so that what tells faces apart as they
    lie (a corner index on one side) keeps its weight."""
    if not references:
        raise EnrolmentError(D.text("No card was taught; show at least one card."))
    rng = np.random.default_rng(seed)
    ids = tuple(references)
    stored = np.stack([cv2.resize(references[i], REFERENCE_SIZE, interpolation=cv2.INTER_AREA) for i in ids])
    views, labels = _views(stored, rng)
    mirrored, _ = _views(np.ascontiguousarray(stored[:, :, ::-1]), rng)
    plain = DeckModel(deck=deck, ids=ids, prototypes=describe_all(views), index_prototypes=describe_index(views),
                      labels=labels, references=stored, aspect=aspect)
    return DeckModel(deck=deck, ids=ids, prototypes=np.concatenate([plain.prototypes, describe_all(mirrored)]),
                     index_prototypes=np.concatenate([plain.index_prototypes, describe_index(mirrored)]),
                     labels=np.concatenate([labels, labels]), references=stored, aspect=aspect,
                     projection=plain.projection, index_projection=plain.index_projection,
                     scale=plain.scale, index_scale=plain.index_scale,
                     copies={i: int((copies or {}).get(i, 1)) for i in ids})


def _views(stored: np.ndarray, rng: np.random.Generator) -> tuple[list[np.ndarray], np.ndarray]:
    """The clean view and :data:`VARIANTS` camera-like views of each reference image
    in ``stored``, cut out upright, and the index of the reference of each."""
    views, labels = [], []
    for label, reference in enumerate(stored):
        views.append(cv2.resize(warp_card(reference, np.array(
            [[0, 0], [REFERENCE_SIZE[0], 0], REFERENCE_SIZE, [0, REFERENCE_SIZE[1]]], np.float32),
            size=(2 * WARP_SIZE[0], 2 * WARP_SIZE[1])), WARP_SIZE, interpolation=cv2.INTER_AREA))
        sprite = np.dstack([reference, np.full(reference.shape[:2], 255, np.uint8)])
        views += [_variant(sprite, rng) for _ in range(VARIANTS)]
        labels += [label] * (VARIANTS + 1)
    return views, np.array(labels, np.int32)


def _read(path: Path) -> np.ndarray:
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise ImageError(D.text("Cannot read the image {path}.", path=str(path)))
    return image


def enrol_images(directory: str | Path, deck: str = "custom", partial: bool = False) -> DeckModel:
    """Teach ``deck`` (``mustang``, ``standard`` or ``custom``) from the images in
    ``directory``, one per face, named by card id.

    For a built-in deck every face must have an image, unless ``partial``; an image
    whose name is not a card of the deck is an error. A custom deck's proportions (which
    the recogniser looks for: :attr:`vision.model.DeckModel.aspect`) are learnt from its
    images, the median of the cards' as they are cut out (:func:`vision.reference.crop_reference`,
    which checks every other outline against the deck's own); a
    built-in deck's are its own.
    """
    folder = Path(directory)
    if not folder.is_dir():
        raise EnrolmentError(D.text("{path} is not a folder of card images.", path=str(folder)))
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
    if not files:
        raise EnrolmentError(D.text("There are no card images (PNG or JPEG) in {path}.", path=str(folder)))
    names = [p.stem for p in files]
    spec: Deck = custom(names) if deck == "custom" else builtin(deck)
    strangers = sorted(set(names) - set(spec.ids))
    if strangers:
        raise EnrolmentError(D.text("These images are not named after cards of the {deck} deck: {names}.",
                                    deck=deck, names=", ".join(strangers)))
    missing = [i for i in spec.ids if i not in names]
    if missing and not partial:
        raise EnrolmentError(D.text("These cards have no image yet: {cards}.", cards=", ".join(missing)))
    by_id = {p.stem: p for p in files}
    tolerance = None if deck == "custom" else ASPECT_TOLERANCE   # a custom deck's proportions are learnt
    cuts, unclear = {}, []
    for card in (i for i in spec.ids if i in by_id):
        try:
            cuts[card] = crop_reference(_read(by_id[card]), spec.aspect, tolerance)
        except UnclearReference:
            unclear.append(by_id[card].name)
    if unclear:
        raise EnrolmentError(D.text(
            "In these pictures no whole card could be told apart from the table: {files}. Take them again from "
            "straight above, with the whole card in view, on a plain table darker than the card.",
            files=", ".join(unclear)))
    cuts = align_to_deck(cuts, spec.aspect, tolerance)
    aspect = float(np.median([cut.proportions for cut in cuts.values()])) if deck == "custom" else spec.aspect
    return build_model(deck, {card: cut.image for card, cut in cuts.items()}, aspect,
                       {f.id: f.copies for f in spec.faces})


# --- live enrolment --------------------------------------------------------------------------

class EnrolState(enum.Enum):
    SEARCHING = "searching"
    HOLD_STILL = "hold-still"
    CAPTURED = "captured"
    RETRY = "retry"


@dataclass(frozen=True)
class EnrolStatus:
    """What the wizard shows after a frame: the state, a message for the players and the
    card's outline in frame pixels (when one was seen)."""

    state: EnrolState
    message: Text
    card: str | None = None
    outline: tuple[tuple[float, float], ...] = ()


class LiveEnrolment:
    """Teach ``deck`` from camera frames, one face after the other.

    The wizard calls :meth:`expect` with the face to show, then :meth:`feed` with each
    frame until the status is ``CAPTURED`` (the card lay still and sharp for
    ``still_frames`` frames); ``RETRY`` says what to change. :meth:`finish` builds the
    model. Frames are flattened by ``zone`` when given.
    """

    def __init__(self, deck: Deck | str, zone: PlayZone | None = None, still_frames: int = 4,
                 min_sharpness: float = 40.0) -> None:
        self.deck = builtin(deck) if isinstance(deck, str) else deck
        self.zone = zone
        self.still_frames = still_frames
        self.min_sharpness = min_sharpness
        self._cuts: dict[str, Cut] = {}
        self._descriptors: dict[str, np.ndarray] = {}
        self._expected: str | None = None
        self._previous: np.ndarray | None = None
        self._still = 0

    def expect(self, card_id: str) -> None:
        """The next card the players will show."""
        if card_id not in self.deck:
            raise EnrolmentError(D.text("These cards are not in the {deck} deck: {cards}.",
                                        deck=self.deck.name, cards=card_id))
        self._expected = card_id
        self._previous, self._still = None, 0

    @property
    def captured(self) -> dict[str, np.ndarray]:
        """The faces captured so far (card id → the card cut out upright, as first cut)."""
        return {card: cut.image for card, cut in self._cuts.items()}

    @property
    def progress(self) -> tuple[int, int]:
        """(faces captured, faces in the deck)."""
        return len(self._cuts), len(self.deck.faces)

    @property
    def missing(self) -> tuple[str, ...]:
        return tuple(i for i in self.deck.ids if i not in self._cuts)

    def feed(self, frame: np.ndarray) -> EnrolStatus:
        """Look at one frame (BGR) for the expected card."""
        card = self._expected
        if card is None:
            raise EnrolmentError(D.text("Say which card to show before showing it."))
        image = self.zone.flatten(frame) if self.zone else frame
        finder = CardFinder(image, DetectSettings(aspect=self.deck.aspect))
        quads = [quad for quad, _ in finder.outlines()]
        if not quads:
            self._previous, self._still = None, 0
            return EnrolStatus(EnrolState.SEARCHING, D.text("Lay the card {card} face up in the play zone.",
                                                            card=card), card)
        outline = self._outline(quads[0])
        if len(quads) > 1:
            self._previous, self._still = None, 0
            return EnrolStatus(EnrolState.RETRY, D.text(
                "I see more than one card; leave only {card} in the play zone.", card=card), card)
        quad = quads[0]
        side = float(np.linalg.norm(quad[1] - quad[0]))
        moved = self._previous is None or float(np.abs(quad - self._previous).max()) > 0.04 * side
        self._previous = quad
        self._still = 1 if moved else self._still + 1
        if self._still < self.still_frames:
            return EnrolStatus(EnrolState.HOLD_STILL, D.text("Card seen; keep it still."), card, outline)
        settled = settle(finder, quad, self.deck.aspect)
        outline = self._outline(settled)   # where the card is cut out, as the screen shows it
        cut = cut_out(image, settled)
        upright = cut.image
        grey = cv2.cvtColor(cv2.resize(upright, WARP_SIZE, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY)
        if cv2.Laplacian(grey, cv2.CV_64F).var() < self.min_sharpness:
            self._still = 0
            return EnrolStatus(EnrolState.RETRY, D.text(
                "The picture is blurred; keep the card and the camera still, or add light."), card, outline)
        if float(grey.mean()) < 50:
            self._still = 0
            return EnrolStatus(EnrolState.RETRY, D.text("The card is too dark to read; add light."), card, outline)
        seen = describe_both_ways([cv2.resize(upright, WARP_SIZE, interpolation=cv2.INTER_AREA)])[0]
        for other, known in self._descriptors.items():
            if other != card and 1.0 - float(np.min(np.sum((seen - known) ** 2, axis=1))) / 2.0 > SAME_CARD_SIMILARITY:
                self._still = 0
                return EnrolStatus(EnrolState.RETRY, D.text(
                    "This looks like {other}, which was already shown; lay {card} instead.",
                    other=other, card=card), card, outline)
        self._cuts[card] = cut
        self._descriptors[card] = seen[0]
        self._expected = None
        done, total = self.progress
        return EnrolStatus(EnrolState.CAPTURED, D.text("{card} learnt ({done} of {total}).", card=card,
                                                       done=done, total=total), card, outline)

    def _outline(self, quad: np.ndarray) -> tuple[tuple[float, float], ...]:
        points = self.zone.to_frame(quad) if self.zone else quad
        return tuple((float(x), float(y)) for x, y in points)

    def finish(self, partial: bool = False) -> DeckModel:
        """The model of the faces captured; all faces are needed unless ``partial``."""
        if self.missing and not partial:
            raise EnrolmentError(D.text("These cards have no image yet: {cards}.", cards=", ".join(self.missing)))
        cuts = align_to_deck({i: self._cuts[i] for i in self.deck.ids if i in self._cuts}, self.deck.aspect,
                             ASPECT_TOLERANCE)
        return build_model(self.deck.name, {i: cut.image for i, cut in cuts.items()},
                           self.deck.aspect, {f.id: f.copies for f in self.deck.faces})
