"""Moving candidate outlines onto a card's real edges, many candidates at once.

Across each side of a candidate outline, grey-level profiles are sampled and the places
where they fall from the paper's level to the table's are collected (``side_edges``);
the line that enough of them agree on, the outermost such line (a frame printed near the
card's edge is not its edge), becomes the side (``vote``), and the corners are where the
sides meet (so rounded card corners do not pull them in). A side that cannot be seen
(glare, the picture's edge) is placed from the opposite side and the card's proportions.
This runs twice, with a shorter reach the second time.

The work is done in C, in ``vision/_refine.c`` (the module :mod:`vision._refine`, built
when the project is installed): an outline's refinement is a few hundred small steps, and
as NumPy array operations their per-call overhead cost more than their arithmetic. This
module checks the arguments and holds the constants the C code is given. Each candidate
is refined on its own, so a candidate's outline does not depend on the others in its
batch.
"""

from __future__ import annotations

import numpy as np

from vision import _refine

SAMPLES_PER_SIDE = 14
"""Points sampled across each side when refining an outline."""

CROSSINGS = 3
"""How many edge candidates, outermost first, each profile offers the line fit."""

PAPER_LIKE = 0.35
"""A fall is an edge candidate only when the profile just inside it (three pixels)
comes within this share of the contrast of the paper's level: the fall from the table
to a dark object or a shadow beyond a card is not its edge."""

SLOPES = np.linspace(-0.06, 0.06, 7)
"""Tilts (offset change per pixel along a side) tried when voting for a side's line."""

_ALONG = np.linspace(0.12, 0.88, SAMPLES_PER_SIDE)
"""Where along each side (as a share of it) the profiles are taken: away from the
rounded corners."""


def refine_all(grey: np.ndarray, quads: np.ndarray, aspect: float,
               edge_contrast: float) -> tuple[np.ndarray, np.ndarray]:
    """The outlines ``quads`` (N × 4 × 2, clockwise) moved onto the cards' edges in
    ``grey`` (a uint8 image, or any other taken as float32), and the fraction of each
    one's sides that lie on an edge where the card is at least ``edge_contrast`` grey
    levels brighter than the table (N; NaN where an outline's sides cannot be placed).

    ``aspect`` (width over height) places a side that cannot be seen from its opposite.
    Each outline is refined on its own (in :mod:`vision._refine`). Arguments that do not
    fit (an image that is not 2-D, outlines that are not N × 4 × 2 finite corners within
    8192 pixels of the origin, an aspect that is not positive) raise ValueError.
    """
    grey = np.ascontiguousarray(grey, np.uint8 if np.asarray(grey).dtype == np.uint8 else np.float32)
    refined = np.array(quads, np.float32, order="C").reshape(-1, 4, 2)
    support = np.full(len(refined), np.nan)
    _refine.refine(grey, refined, support, aspect, edge_contrast, _ALONG, SLOPES, CROSSINGS, PAPER_LIKE)
    return refined, support
