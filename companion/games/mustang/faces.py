"""The printable faces of Mustang's cards, our own designs (card vision draws them:
:class:`companion.game.FaceArt`).

Each colour is told twice, by ink and by shape (red triangles, yellow discs, green
leaves, blue squares, purple stars), so players who do not see colours can still read
the cards; a numbered card's value is a big numeral ringed by as many symbols. The
cowboy is a hat in a frame with stars in its corners; each event card is its emblem
with its name under it.
"""

from __future__ import annotations

from companion.game import FaceArt, FaceLayout
from companion.games.mustang.cards import COLOURS, COWBOY, VALUES

INK = {"red": "#cd2828", "yellow": "#ebaf00", "green": "#289632", "blue": "#1464c8", "purple": "#8c2896"}
SHAPE = {"red": "triangle", "yellow": "disc", "green": "leaf", "blue": "square", "purple": "star"}

EVENT_ART = {
    "rotten_fence": FaceArt("F", "fence", "#6e5032", FaceLayout.EMBLEM, "FENCE", accent="fence"),
    "indians": FaceArt("I", "feather", "#b4461e", FaceLayout.EMBLEM, "INDIANS", accent="feather"),
    "heavy_rain": FaceArt("R", "drop", "#1e50b4", FaceLayout.EMBLEM, "RAIN", accent="drop"),
    "birth": FaceArt("B", "heart", "#c83c78", FaceLayout.EMBLEM, "BIRTH", accent="heart"),
    "sunshine": FaceArt("S", "sun", "#e69600", FaceLayout.EMBLEM, "SUN", accent="sun"),
}
"""The event cards' faces, by event."""

FACE_ART: dict[str, FaceArt] = {
    **{f"{colour}-{value}": FaceArt(str(value), SHAPE[colour], INK[colour], FaceLayout.RING, count=value)
       for colour in COLOURS for value in VALUES},
    COWBOY: FaceArt("C", "hat", "#824b28", FaceLayout.EMBLEM, "COWBOY", accent="star",
                    accent_ink="#dca000"),
    **EVENT_ART,
}
"""Every face of the Mustang deck, by card id."""
