"""Recognising the cards in the play zone, frame by frame and over time.

* :class:`Recognizer` finds every card in a frame (flattened by the play zone when one
  is set) and names it, or calls it unknown rather than guess.
* :class:`StabilityFilter` turns per-frame answers into plays: a set of cards counts
  once it has been the same over several consecutive frames.
* :class:`StillView` tells a frame that shows the same as the last one recognised, so
  that a table nobody touches costs a thumbnail a frame, not a recognition.
* :class:`PlayZoneWatcher` does all three on a background thread from a camera's latest
  frames and puts :class:`companion.inputs.CardsSeen` on the input queue whenever the
  stable set changes; the live camera panel reads :attr:`PlayZoneWatcher.latest`.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, replace
from typing import Any, Protocol, Sequence

import cv2
import numpy as np

from companion.errors import CompanionError
from companion.inputs import CardsSeen, InputQueue
from vision.describe import describe_both_ways, describe_index, warp_card
from vision.detect import CardFinder, DetectSettings
from vision.cues import FaceCues
from vision.ink import InkFaces
from vision.layout import LAYOUT_LEAST, deck_layout, placed, placement
from vision.model import DeckModel, Match
from vision.pair import MARGIN as PAIR_MARGIN, PairReading
from vision.zone import PlayZone

log = logging.getLogger(__name__)

Outline = tuple[tuple[float, float], ...]

LAYOUT_SIZE = (100, 140)
"""The size (width, height) at which a card left unknown is fitted to its deck's layout
(:meth:`Recognizer._placed`): about a scene card's own at 640×480, a quarter of the
fit's time at a reference's size."""

WORKING_LONG_SIDE = 1280
"""A frame (or the play zone flattened) longer than this many pixels on its long side is
scaled down to it before its cards are found and read, and their outlines are scaled
back: the finder's and the readers' measures hold for the frames they were measured on
(640 to 1280 pixels), a camera that gives more than was asked for costs no accuracy,
and a large frame costs the time of one this size."""


@dataclass(frozen=True)
class Detection:
    """One card-shaped object in a frame: ``card`` is its id, or ``None`` if unknown.

    ``outline`` is in frame pixels, starting at the face's top-left corner when the
    card was named; ``best`` is the nearest face even when it was not good enough.
    """

    card: str | None
    confidence: float
    margin: float
    outline: Outline
    best: str
    runner_up: str | None

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "confidence": round(self.confidence, 4), "margin": round(self.margin, 4),
                "outline": [[round(x, 1), round(y, 1)] for x, y in self.outline],
                "nearest": self.best, "runner_up": self.runner_up}


def scaled(image: np.ndarray, long_side: int) -> np.ndarray:
    """``image`` scaled (down or up) to ``long_side`` pixels on its long side."""
    factor = long_side / max(image.shape[:2])
    size = (max(1, round(image.shape[1] * factor)), max(1, round(image.shape[0] * factor)))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR)


class Recognizer:
    """Names the cards of a taught deck in camera frames (BGR arrays)."""

    def __init__(self, model: DeckModel, zone: PlayZone | None = None,
                 settings: DetectSettings | None = None) -> None:
        self.model = model
        self.zone = zone
        self.settings = settings or DetectSettings(aspect=model.aspect)
        self.ink = InkFaces(model.references, model.aspect)
        self.cues = FaceCues(model.references, model.aspect, self.ink.colour_scale, model.min_margin)
        self.pair = PairReading(model.references, model.aspect)
        self._layout: np.ndarray | None = None

    def recognize(self, frame: np.ndarray) -> list[Detection]:
        """Every card-shaped object in ``frame``, named or unknown.

        A card that cannot be named by its refined outline is tried again by other outlines:
        the one it was refined from (the refined one may be off), those of
        :meth:`vision.detect.CardFinder.alternatives` (the one found may be the card's
        printed frame, or half of it) and of :meth:`vision.detect.CardFinder.nearby` (it may
        be moved off the card onto a light cloth beside it, or turned from it), and where
        the deck's layout puts it (:meth:`_placed`: a side may lie on a line printed inside
        the card, or on the cloth beside it). It is named by the try named with the highest
        confidence, when that try's name is clear (:meth:`_match`: named with twice the
        margin the descriptors or the pair reading need, and checked by the pair reading
        even where the descriptors and the ink agree): each try is one more chance to pass
        by luck, and a twin's reference taken under other light can draw the descriptors and
        the ink both to it on an outline a little off. Last, the finder's weak outlines
        (:meth:`vision.detect.CardFinder.weak_outlines`: too little of them on an edge to be
        cards by themselves) are cards where the deck's layout and a clear name confirm them
        (:meth:`_confirmed`). A frame (or the zone flattened) longer than
        :data:`WORKING_LONG_SIDE` is read scaled down to it; the outlines are in ``frame``'s
        pixels all the same."""
        image = self.zone.flatten(frame) if self.zone else frame
        frame_size = np.array(image.shape[1::-1], np.float64)
        if max(image.shape[:2]) > WORKING_LONG_SIDE:
            image = scaled(image, WORKING_LONG_SIDE)
        factor = np.array(image.shape[1::-1], np.float64) / frame_size
        finder = CardFinder(image, self.settings)
        found = finder.outlines()
        quads = [quad for quad, _ in found]
        matches, _ = self._match(image, quads, faint=True) if quads else ([], [])
        again = [k for k, match in enumerate(matches) if match.card is None]
        if again:
            tries = [(k, found[k][1]) for k in again] + [
                (k, quad) for others in (finder.alternatives(quads, again), finder.nearby(quads, again))
                for k, outlines in others.items() for quad in outlines] + [(k, placed) for k in again
                                       if (placed := self._placed(image, quads[k])) is not None]
            for k, (quad, match) in self._clearest(image, tries).items():
                quads[k], matches[k] = quad, match
        for quad, match in self._confirmed(image, finder.weak_outlines()):
            quads.append(quad)
            matches.append(match)
        out = []
        for quad, match in zip(quads, matches):
            if match.upside_down:
                quad = np.roll(quad, 2, axis=0)
            quad = (quad + 0.5) / factor - 0.5
            points = self.zone.to_frame(quad) if self.zone else quad
            out.append(Detection(match.card, match.confidence, match.margin,
                                 tuple((float(x), float(y)) for x, y in points), match.best, match.runner_up))
        return out

    def _deck_layout(self) -> np.ndarray | None:
        """The deck's layout (:func:`vision.layout.deck_layout`) at :data:`LAYOUT_SIZE`,
        made from the model's references the first time it is needed; None for a deck
        of fewer than :data:`~vision.layout.LAYOUT_LEAST` faces."""
        if len(self.model.references) < LAYOUT_LEAST:
            return None
        if self._layout is None:
            self._layout = deck_layout(list(self.model.references), LAYOUT_SIZE)
        return self._layout

    def _placed(self, image: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
        """Where the deck's layout puts the card found at ``quad`` in ``image``, when that
        is another outline (:func:`vision.layout.placement`); never without a layout
        (:meth:`_deck_layout`)."""
        layout = self._deck_layout()
        return None if layout is None else placement(layout, image, quad)

    def _confirmed(self, image: np.ndarray, outlines: list[np.ndarray]) -> list[tuple[np.ndarray, Match]]:
        """The cards at the weak outlines ``outlines`` in ``image`` that the deck's
        layout and a clear name confirm, each with its outline and match. The layout is
        fitted to each (:func:`vision.layout.placed`); where it can be, the card is read
        at its outline and, when the layout puts it elsewhere, there too, and is kept
        where it is named clearly, by the try named with the highest confidence
        (:meth:`_clearest`, as another outline's try in :meth:`recognize`). None without
        a layout (:meth:`_deck_layout`): a weak outline may be the cloth's pattern in a
        card's proportions, and is read only where the deck's print can be placed on it."""
        layout = self._deck_layout() if outlines else None
        if layout is None:
            return []
        tries: list[tuple[int, np.ndarray]] = []
        for k, quad in enumerate(outlines):
            fitted = placed(layout, image, quad)
            if fitted is not None:
                corners, moved = fitted
                tries += [(k, quad)] + ([(k, corners)] if moved else [])
        return list(self._clearest(image, tries).values())

    def _clearest(self, image: np.ndarray, tries: list[tuple[int, np.ndarray]]) -> dict[int, tuple[np.ndarray, Match]]:
        """Of ``tries`` (a card's index and an outline to read it at, in ``image``), for
        each card named clearly at one of them at least (:meth:`_match`: named with twice
        the margin the descriptors or the pair reading need), the outline and match of
        the try named with the highest confidence."""
        best: dict[int, tuple[np.ndarray, Match]] = {}
        if not tries:
            return best
        matches, clearly = self._match(image, [quad for _, quad in tries])
        for (k, quad), match, clear in zip(tries, matches, clearly):
            if match.card is not None and clear and (k not in best or match.confidence > best[k][1].confidence):
                best[k] = (quad, match)
        return best

    def _match(self, image: np.ndarray, quads: list[np.ndarray],
               faint: bool = False) -> tuple[list[Match], list[bool]]:
        """The taught faces nearest to the cards with corners ``quads`` in ``image``; a near
        tie between two faces is settled by the card's corner index
        (:meth:`vision.model.DeckModel.settle`). The card's ink reading
        (:class:`vision.ink.InkFaces`) then has its say; it is clear when its margin is at
        least the model's ``min_margin`` and it tells its face from the descriptors' nearest
        (:meth:`vision.ink.InkFaces.tells`; else it has no vote between them). A card named
        clearly (twice that margin, as for the other outlines' tries) or a near tie settled
        by the corner index stays named unless its ink clearly names another face (the ink's
        coarse map seldom tells faces that differ only in a small index apart, and then says
        nothing clear). Any other card near enough to its nearest face is named that face
        when its ink clearly names the same face, whether or not the descriptors' own margin
        was met: two independent readings agreeing; or it is named the descriptors'
        runner-up when the ink names that face with twice the margin (the descriptors
        narrowed it to two faces, the ink tells which: on real photos the descriptors'
        colour is the weaker of the two). Where the descriptors and a clear ink reading
        disagree otherwise, the card is named the ink's face when the card's own cues
        (:mod:`vision.cues`: its symbol count and ink colour) agree with that face's
        reference, and the ink's margin is twice the model's or its face is the descriptors'
        runner-up; a card the descriptors name clearly needs twice the margin. With
        ``faint`` (the outlines first found, not the other outlines tried again, which may
        show part of a card) a card not near enough to any face is read by its ink too, and
        named when the ink clearly names the descriptors' nearest face or runner-up and the
        cues agree. Anything else is unknown.

        Last, every card not named clearly by the descriptors with the ink clearly agreeing
        (without ``faint``, every card named: a name from another outline's try is checked
        even then), and every unknown card near enough to its nearest face, is checked by
        the pair reading (:class:`vision.pair.PairReading`) between its name (or that
        nearest face) and its rival: for a named card, the descriptors' nearest face when
        the name is another, else the ink's face when that is another, else the descriptors'
        runner-up; for an unknown card the descriptors named clearly (twice the margin) and
        its ink clearly named another face, that face (the two readings disagree, and the
        face the pair reading clearly names has two for it); for any other unknown card, the
        descriptors' runner-up. Such another unknown card whose ink clearly names a third
        face is not checked: the card may be any of three (:meth:`_pair_checked` says what
        the check decides).

        Besides the matches, whether each card's name is clear: the descriptors name it
        clearly (:meth:`_named_clearly`), or the pair reading names it with twice its
        margin."""
        cards = [warp_card(image, quad) for quad in quads]
        matches = self.model.match(describe_both_ways(cards))
        ties = [k for k, match in enumerate(matches) if self.model.near_tie(match)]
        if ties:
            for k, index in zip(ties, describe_index(self._upright(cards, matches, ties))):
                matches[k] = self.model.settle(matches[k], index)
        checks: list[tuple[int, str, str]] = []
        near = [k for k, match in enumerate(matches) if faint or match.confidence >= self.model.min_confidence]
        for k, reading in zip(near, self.ink.read(image, [quads[k] for k in near])):
            match, ink = matches[k], self.model.ids[reading.best]
            tells = self.ink.tells(reading, self.model.ids.index(match.best))
            clear = ink if tells and reading.margin >= self.model.min_margin else None
            twice = tells and reading.margin >= 2 * self.model.min_margin
            if match.confidence < self.model.min_confidence:
                card = ink if clear in (match.best, match.runner_up) and \
                    self.cues.agree(self.cues.of(image, quads[k]), reading.best) else None
            elif match.card is not None and (k in ties or self._named_clearly(match)):
                card = match.card if clear in (None, match.card) else None
                if card is None and twice and self.cues.agree(self.cues.of(image, quads[k]), reading.best):
                    card = ink
            elif clear == match.best or (ink == match.runner_up and twice):
                card = ink
            elif clear is not None and (ink == match.runner_up or twice) and \
                    self.cues.agree(self.cues.of(image, quads[k]), reading.best):
                card = ink
            else:
                card = None
            matches[k] = replace(match, card=card)
            sure = faint and card is not None and card == match.best == clear and k not in ties and \
                self._named_clearly(match)
            if not sure and (card is not None or match.confidence >= self.model.min_confidence):
                if card is not None:
                    face = card
                    rival = match.best if card != match.best else ink if ink != card else match.runner_up
                elif clear is not None and clear != match.best and self._named_clearly(match):
                    face, rival = match.best, clear
                else:
                    face, rival = match.best, match.runner_up
                if rival is not None and (card is not None or clear in (None, face, rival)):
                    checks.append((k, face, rival))
        named_clearly = [self._named_clearly(match) for match in matches]
        for k, face, rival in checks:
            matches[k], by_pair = self._pair_checked(image, quads[k], matches[k], face, rival)
            named_clearly[k] = named_clearly[k] or by_pair
        return matches, named_clearly

    def _pair_checked(self, image: np.ndarray, quad: np.ndarray, match: Match, face: str,
                      rival: str) -> tuple[Match, bool]:
        """``match`` once the pair reading (:class:`vision.pair.PairReading`) has told
        ``face`` (the card's name, or the descriptors' nearest face when it is unknown)
        from ``rival``, and whether the reading names the card with twice its margin
        (:data:`vision.pair.MARGIN`). A named card stays named when the reading leans
        its way by at least half its margin (nearer 0, the reading's sign is a poor
        guide); else it is unknown, or named ``rival`` instead when the reading clearly
        names that face and either does so with twice its margin (the one reading that
        looks at nothing but what tells the two apart, sure of it) or ``rival`` is the face
        the descriptors named clearly (twice the model's margin: the card's ink had named
        another face against them, and now two readings outvote it). An unknown card is
        named ``face`` or ``rival``, whichever the reading clearly names. A reading with no
        say changes nothing."""
        ids = self.model.ids
        lean = self.pair.read(image, quad, match.upside_down, ids.index(face), ids.index(rival))
        if lean is None:
            return match, False
        clearly = abs(lean) >= 2 * PAIR_MARGIN
        if match.card is not None:
            if lean <= -PAIR_MARGIN and (clearly or (rival == match.best and self._named_clearly(match))):
                return replace(match, card=rival), clearly
            return (match, clearly) if lean >= PAIR_MARGIN / 2 else (replace(match, card=None), False)
        if lean >= PAIR_MARGIN:
            return replace(match, card=face), clearly
        if lean <= -PAIR_MARGIN:
            return replace(match, card=rival), clearly
        return match, False

    def _named_clearly(self, match: Match) -> bool:
        """Whether the descriptors name ``match``'s nearest face clearly: by twice the
        model's margin. A name from another outline's try must be clear, by them or by the
        pair reading (:meth:`recognize`); a clear name stands unless the ink clearly names
        another face (:meth:`_match`), and with the pair reading it outvotes the ink
        (:meth:`_pair_checked`)."""
        return match.margin >= 2 * self.model.min_margin

    @staticmethod
    def _upright(cards: list[np.ndarray], matches: list[Match], which: list[int]) -> list[np.ndarray]:
        """The cards of index ``which``, turned round where their match says they lie so."""
        return [np.ascontiguousarray(cards[k][::-1, ::-1]) if matches[k].upside_down else cards[k] for k in which]


@dataclass(frozen=True)
class StablePlay:
    """A set of cards seen the same over consecutive frames (ids sorted)."""

    cards: tuple[str, ...]
    unknown: int
    outlines: tuple[Outline, ...]


class StabilityFilter:
    """Reports a play when the same cards (ids and unknown count) have been seen in
    ``frames`` consecutive frames, and only when that differs from the last report."""

    def __init__(self, frames: int = 3) -> None:
        self.frames = max(1, frames)
        self._key: tuple[tuple[str, ...], int] | None = None
        self._count = 0
        self._reported: tuple[tuple[str, ...], int] | None = None

    def update(self, detections: Sequence[Detection]) -> StablePlay | None:
        named = sorted((d for d in detections if d.card is not None), key=lambda d: d.card or "")
        key = (tuple(d.card for d in named if d.card), sum(d.card is None for d in detections))
        self._count = self._count + 1 if key == self._key else 1
        self._key = key
        if self._count >= self.frames and key != self._reported:
            self._reported = key
            return StablePlay(key[0], key[1], tuple(d.outline for d in named))
        return None

    def reset(self) -> None:
        """Forget what was seen and reported (a new round begins)."""
        self._key, self._count, self._reported = None, 0, None


class StillView:
    """Whether a frame shows what the last recognised frame showed.

    Frames are compared as small colour thumbnails (``size``, each pixel the mean of
    the frame's pixels it covers, so sensor noise averages out): the view is the same
    when no thumbnail pixel moved by more than ``levels`` in any channel. A card laid,
    lifted, moved or swapped, or a hand over the zone, changes it; slow drift (light,
    exposure) adds up against the last *recognised* frame, not the previous one, so it
    is not missed either. Still, a view is taken as the same for at most ``refresh``
    seconds of frame time.
    """

    def __init__(self, levels: float = 6.0, refresh: float = 2.0, size: tuple[int, int] = (64, 48)) -> None:
        self.levels = levels
        self.refresh = refresh
        self.size = size
        self._thumbnail: np.ndarray | None = None
        self._since = 0.0

    def same(self, image: np.ndarray, timestamp: float) -> bool:
        """Whether ``image`` (taken at ``timestamp``, seconds) shows the view last
        :meth:`kept`."""
        if self._thumbnail is None or timestamp - self._since > self.refresh:
            return False
        thumbnail = self._thumb(image)
        return thumbnail.shape == self._thumbnail.shape and \
            float(cv2.absdiff(thumbnail, self._thumbnail).max()) <= self.levels

    def keep(self, image: np.ndarray, timestamp: float) -> None:
        """Remember ``image`` as the view recognised at ``timestamp``."""
        self._thumbnail, self._since = self._thumb(image), timestamp

    def _thumb(self, image: np.ndarray) -> np.ndarray:
        return cv2.resize(image, self.size, interpolation=cv2.INTER_AREA)


class Camera(Protocol):
    def latest(self) -> Any:
        """The newest frame (with ``.image`` BGR and ``.timestamp``), or ``None``."""


@dataclass(frozen=True)
class LiveView:
    """The latest recognised frame for the camera panel."""

    detections: tuple[Detection, ...]
    timestamp: float


class PlayZoneWatcher:
    """Recognises the play zone on its own thread and reports stable changes.

    Reads ``camera.latest()`` about every ``interval`` seconds (skipping a frame it has
    already seen), keeps the result in :attr:`latest`, and puts ``CardsSeen`` on
    ``queue`` when the stable set of cards changes. A frame that shows what the last
    recognised one showed (:class:`StillView`) is not recognised again: its cards are
    the last frame's, and they count towards a stable play. A frame that cannot be
    read is skipped; the watcher goes on.
    """

    def __init__(self, camera: Camera, recognizer: Recognizer, queue: InputQueue, *,
                 stable_frames: int = 3, interval: float = 0.05, zone_name: str = "play") -> None:
        self.camera = camera
        self.recognizer = recognizer
        self.queue = queue
        self.filter = StabilityFilter(stable_frames)
        self.interval = interval
        self.zone_name = zone_name
        self._latest = LiveView((), 0.0)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_timestamp: float | None = None
        self.still = StillView()
        self.recognitions = 0
        """How many frames were recognised (the others were still views)."""

    @property
    def latest(self) -> LiveView:
        with self._lock:
            return self._latest

    def start(self) -> None:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="play-zone-watcher", daemon=True)
            self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> "PlayZoneWatcher":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def step(self) -> bool:
        """Look at the camera's newest frame once; ``True`` if it was a new frame."""
        frame = self.camera.latest()
        if frame is None or frame.timestamp == self._last_timestamp:
            return False
        self._last_timestamp = frame.timestamp
        try:
            if self.still.same(frame.image, frame.timestamp):
                detections = self.latest.detections
            else:
                detections = tuple(self.recognizer.recognize(frame.image))
                self.recognitions += 1
                self.still.keep(frame.image, frame.timestamp)
        except (CompanionError, ValueError, AttributeError, TypeError, cv2.error) as err:
            log.warning("play zone: frame skipped: %s", err)
            return True
        with self._lock:
            self._latest = LiveView(detections, frame.timestamp)
        play = self.filter.update(detections)
        if play is not None:
            self.queue.put(CardsSeen(cards=play.cards, zone=self.zone_name, unknown=play.unknown,
                                     outlines=play.outlines, at=time.monotonic()))
        return True

    def _run(self) -> None:
        while not self._stop.is_set():
            if not self.step():
                self._stop.wait(self.interval)
