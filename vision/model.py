"""A taught deck: prototypes of every card face, and how to match against them.

A :class:`DeckModel` holds, for each face, one upright reference image (what the table
showed when teaching it) and the descriptors of many variants of it (blurred, dimmed,
tinted, noisy, slightly misplaced: see :mod:`vision.enrol`). A found card is the face
of its nearest prototype, provided that prototype is near enough
(``min_confidence``) and clearly nearer than any other face's (``min_margin``);
otherwise it is unknown. A card near enough to two faces but not clearly nearer either
(a near tie: the queens of spades and of clubs differ only in their suit symbols) is
named by its corner index alone (:meth:`DeckModel.settle`), when that is clear.

A model file is a NumPy ``.npz`` archive of plain arrays with a JSON header, read with
``allow_pickle=False``: opening a model file never runs code.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from companion.i18n import Domain
from vision.describe import DESCRIPTOR_VERSION, INDEX_LENGTH
from vision.errors import ModelFileError

D = Domain("vision", "vision")

FORMAT = "table-companion deck model"
ARRAYS = ("prototypes", "labels", "references", "projection", "index_prototypes", "index_projection")
"""The arrays of a model file, besides its JSON header."""
MIN_CONFIDENCE = 0.13
MIN_MARGIN = 0.1
INDEX_MARGIN = 0.2
"""How much nearer (as a margin) a near tie's card must be to one face's index than to
the other's for :meth:`DeckModel.settle` to name it: twice the margin a card needs."""
INDEX_KEEP = 128
"""Directions kept by the index descriptors' whitening (:func:`whitening`)."""


def _typical_spread(projected: np.ndarray, labels: np.ndarray) -> float:
    """Median squared distance from a (projected) prototype to its face's nearest other prototype."""
    squares = np.einsum("ij,ij->i", projected, projected)
    d2 = squares[:, None] + squares[None, :] - 2.0 * projected @ projected.T
    np.fill_diagonal(d2, np.inf)
    d2[labels[:, None] != labels[None, :]] = np.inf
    nearest = d2.min(axis=1)
    nearest = nearest[np.isfinite(nearest)]
    return float(np.median(nearest)) if len(nearest) else 1.0


def whitening(prototypes: np.ndarray, labels: np.ndarray, shrink: float = 0.05, keep: int = 256) -> np.ndarray:
    """A projection (D × ``keep``) under which the spread of each face's variants is the
    same in every direction (within-class whitening, regularised by ``shrink``), keeping
    the ``keep`` directions along which the faces differ most.

    Directions in which a card's variants vary (light, blur) count little; those that
    only change from one face to another count much.
    """
    centred = prototypes.astype(np.float64)
    for k in np.unique(labels):
        rows = labels == k
        centred[rows] -= prototypes[rows].mean(axis=0)
    scatter = centred.T.astype(np.float64) @ centred / max(len(centred) - 1, 1)
    values, vectors = np.linalg.eigh(scatter)
    floor = shrink * float(values[values > 1e-6 * values.max()].mean()) + 1e-9  # of the directions that vary
    white = vectors / np.sqrt(np.maximum(values, 0) + floor)
    means = np.stack([prototypes[labels == k].mean(axis=0) for k in np.unique(labels)]) @ white
    spread = means.var(axis=0)
    return np.ascontiguousarray(white[:, np.argsort(spread)[::-1][:keep]], np.float32)


@dataclass(frozen=True)
class Match:
    """The answer for one found card: ``card`` is ``None`` when unknown.

    ``confidence`` says how close the card is to the best face: ``1 / (1 + d² / s)`` for
    the (whitened) distance ``d`` to its nearest prototype, where ``s`` is the typical
    distance between variants of one face (so a typical view scores about 0.5, the very
    picture taught 1, a stranger near 0). ``margin`` is ``1 - d²best / d²runner-up``: 0
    when two faces are equally near (for a near tie settled by the corner index, the
    same between the two faces' indices: :meth:`DeckModel.settle`). ``upside_down`` tells whether the card lay turned
    round relative to its outline's first corner.
    """

    card: str | None
    confidence: float
    margin: float
    best: str
    runner_up: str | None
    upside_down: bool


@dataclass
class DeckModel:
    """A deck taught to the recogniser.

    ``ids`` are the faces (one class each), ``copies`` how many physical cards show each
    face, ``prototypes`` (K × D float32) the descriptors and ``labels`` (K) the index in
    ``ids`` of each; ``index_prototypes`` (K × :data:`~vision.describe.INDEX_LENGTH`)
    the same views' corner index descriptors; ``references`` (N × H × W × 3 uint8) the
    upright reference images, one per face, in ``ids`` order. The projections
    (:func:`whitening`) and scales are computed from the prototypes unless given.
    """

    deck: str
    ids: tuple[str, ...]
    prototypes: np.ndarray
    labels: np.ndarray
    references: np.ndarray
    index_prototypes: np.ndarray
    aspect: float
    projection: np.ndarray | None = None
    index_projection: np.ndarray | None = None
    copies: dict[str, int] = field(default_factory=dict)
    scale: float = 0.0
    index_scale: float = 0.0
    min_confidence: float = MIN_CONFIDENCE
    min_margin: float = MIN_MARGIN
    descriptor_version: int = DESCRIPTOR_VERSION

    def __post_init__(self) -> None:
        order = np.argsort(self.labels, kind="stable")
        self.prototypes = np.ascontiguousarray(self.prototypes[order], np.float32)
        self.index_prototypes = np.ascontiguousarray(self.index_prototypes[order], np.float32)
        self.labels = np.ascontiguousarray(self.labels[order], np.int32)
        self._starts = np.searchsorted(self.labels, np.arange(len(self.ids)))
        if self.projection is None:
            self.projection = whitening(self.prototypes, self.labels)
        if self.index_projection is None:
            self.index_projection = whitening(self.index_prototypes, self.labels, keep=INDEX_KEEP)
        projected = np.ascontiguousarray(self.prototypes @ self.projection, np.float32)
        self._projected = projected
        self._squares = np.einsum("ij,ij->i", projected, projected)
        # the products in _distances take the large matrix first: the matrix library then
        # reads it as it lies instead of first copying it into its own layout
        self._projection_t = np.ascontiguousarray(self.projection.T)
        self._index_projected = np.ascontiguousarray(self.index_prototypes @ self.index_projection)
        if self.scale <= 0:
            self.scale = _typical_spread(projected, self.labels)
        if self.index_scale <= 0:
            self.index_scale = _typical_spread(self._index_projected, self.labels)

    def match(self, descriptors: np.ndarray) -> list[Match]:
        """Match cards seen; ``descriptors`` is (N × 2 × D): each card as found and
        turned round (:func:`vision.describe.describe_both_ways`)."""
        n = len(descriptors)
        if n == 0:
            return []
        seen = np.ascontiguousarray(descriptors.reshape(n * 2, -1), np.float32)
        per_face = np.minimum.reduceat(self._distances(seen), self._starts, axis=1).reshape(n, 2, len(self.ids))
        flipped = per_face.argmin(axis=1)
        best_per_face = per_face.min(axis=1)
        best = best_per_face.argmin(axis=1)
        rows = np.arange(n)
        nearest = best_per_face[rows, best]
        if len(self.ids) > 1:
            best_per_face[rows, best] = np.inf
            second = best_per_face.argmin(axis=1)
            runners_up: list[int | None] = second.tolist()
            seconds = best_per_face[rows, second].tolist()
        else:
            runners_up, seconds = [None] * n, [0.0] * n
        out = []
        for face, d2, runner_up, d2_second, turned in zip(best.tolist(), nearest.tolist(), runners_up, seconds,
                                                          flipped[rows, best].tolist()):
            d2 = max(d2, 0.0)
            confidence = 1.0 / (1.0 + d2 / self.scale)
            margin = 1.0 if runner_up is None else 1.0 - d2 / max(d2_second, 1e-9)
            accepted = confidence >= self.min_confidence and margin >= self.min_margin
            out.append(Match(self.ids[face] if accepted else None, confidence, margin, self.ids[face],
                             None if runner_up is None else self.ids[runner_up], bool(turned)))
        return out

    def _distances(self, seen: np.ndarray) -> np.ndarray:
        """Squared (projected) distances (M × K, float32) from each of M descriptors
        (M × D float32) to every prototype, as ``|s|² + |p|² - 2 s·p``, ``|p|²`` being
        ``_squares``. For a descriptor on a prototype the result may come out a little
        below 0."""
        flat = np.ascontiguousarray((self._projection_t @ seen.T).T)
        return np.einsum("ij,ij->i", flat, flat)[:, None] + self._squares[None, :] - 2.0 * (self._projected @ flat.T).T

    def near_tie(self, match: Match) -> bool:
        """Whether a card that is near enough to its best face is unknown only because
        it is not clearly nearer to it than to the runner-up: it is one of the two,
        which :meth:`settle` may tell apart."""
        return match.card is None and match.runner_up is not None and \
            match.confidence >= self.min_confidence and match.margin < self.min_margin

    def settle(self, match: Match, index: np.ndarray) -> Match:
        """A near tie (:meth:`near_tie`) named by the card's corner index: ``index`` is
        :func:`~vision.describe.describe_index` of the card turned as ``match`` says.

        The card is the face of the two whose index prototypes are nearer when it is
        clearly nearer (:data:`INDEX_MARGIN`) and near enough (``min_confidence`` on the
        index descriptors' own scale); the match comes back with that face, the index's
        margin and the best face's confidence (the two faces' are within
        ``min_margin`` of each other). Anything else comes back unchanged."""
        if not self.near_tie(match) or match.runner_up is None or self.index_projection is None:
            return match
        seen = np.asarray(index, np.float32).reshape(INDEX_LENGTH) @ self.index_projection
        ends = np.append(self._starts[1:], len(self.labels))
        d2 = {}
        for face in (match.best, match.runner_up):
            k = self.ids.index(face)
            d2[face] = float(np.min(np.sum((self._index_projected[self._starts[k]:ends[k]] - seen) ** 2, axis=1)))
        nearer, other = sorted(d2, key=d2.__getitem__)
        margin = 1.0 - d2[nearer] / max(d2[other], 1e-9)
        if margin < INDEX_MARGIN or 1.0 / (1.0 + d2[nearer] / self.index_scale) < self.min_confidence:
            return match
        return Match(nearer, match.confidence, margin, nearer, other, match.upside_down)

    # --- files -------------------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        """Write the model to ``path`` (a ``.npz`` file)."""
        header = {"format": FORMAT, "deck": self.deck, "ids": list(self.ids), "aspect": self.aspect,
                  "copies": self.copies, "scale": self.scale, "index_scale": self.index_scale,
                  "min_confidence": self.min_confidence, "min_margin": self.min_margin,
                  "descriptor_version": self.descriptor_version}
        try:
            with open(path, "wb") as handle:
                np.savez_compressed(handle, header=np.frombuffer(json.dumps(header).encode("utf-8"), np.uint8),
                                    **{name: getattr(self, name) for name in ARRAYS})
        except OSError as err:
            raise ModelFileError(D.text("Cannot write the deck model {path}: {error}.",
                                        path=str(path), error=err.strerror or str(err))) from err

    @classmethod
    def load(cls, path: str | Path) -> "DeckModel":
        """Read a model written by :meth:`save`. A missing, damaged or outdated file (made
        with another :data:`~vision.describe.DESCRIPTOR_VERSION`) raises
        :class:`ModelFileError` saying to teach the deck again."""
        try:
            with np.load(path, allow_pickle=False) as data:
                header = json.loads(bytes(data["header"]).decode("utf-8"))
                if header.get("format") != FORMAT:
                    raise ValueError("not a deck model")
                outdated = header.get("descriptor_version") != DESCRIPTOR_VERSION
                arrays = {} if outdated else {k: data[k] for k in ARRAYS}
            ids = tuple(str(i) for i in header["ids"])
            if not outdated and (arrays["labels"].max(initial=-1) >= len(ids) or len(arrays["references"]) != len(ids)
                                 or len(arrays["index_prototypes"]) != len(arrays["prototypes"])):
                raise ValueError("inconsistent arrays")
        except FileNotFoundError as err:
            raise ModelFileError(D.text("There is no deck model at {path}; teach the deck first.",
                                        path=str(path))) from err
        except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile) as err:
            raise ModelFileError(D.text("{path} is not a usable deck model ({error}); teach the deck again.",
                                        path=str(path), error=str(err))) from err
        if outdated:
            raise ModelFileError(D.text(
                "The deck model {path} was made by an older version of the card reader; teach the deck again.",
                path=str(path)))
        return cls(deck=str(header["deck"]), ids=ids, prototypes=arrays["prototypes"].astype(np.float32),
                   labels=arrays["labels"].astype(np.int32), references=arrays["references"],
                   index_prototypes=arrays["index_prototypes"].astype(np.float32),
                   projection=arrays["projection"].astype(np.float32),
                   index_projection=arrays["index_projection"].astype(np.float32),
                   aspect=float(header["aspect"]), copies={k: int(v) for k, v in header.get("copies", {}).items()},
                   scale=float(header["scale"]), index_scale=float(header["index_scale"]),
                   min_confidence=float(header["min_confidence"]), min_margin=float(header["min_margin"]))
