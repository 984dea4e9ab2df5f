"""The printable faces of DOG's own cards (the Royal and classic boxes), our own designs
(card vision draws them: :class:`companion.game.FaceArt`).

A number card shows its value large in an oval ringed by as many symbols as it moves
(11 for the 1/11, 4 for the ±4); a special card is an emblem with its name under it.
Every face of a box has its own ink and symbol, so the camera tells apart faces that
share a numeral's shape (the 1-7 and the 7, the 12 and the 13). The standard deck
played Brändi style is card vision's own French-suited pack.
"""

from __future__ import annotations

from companion.game import FaceArt, FaceLayout

FACE_ART: dict[str, FaceArt] = {
    "1-11": FaceArt("1", "star", "#c81e1e", centre="1/11", count=11),
    "2": FaceArt("2", "disc", "#1e5ac8", count=2),
    "3": FaceArt("3", "triangle", "#0f8c8c", count=3),
    "4": FaceArt("4", "diamond", "#238c2d", centre="+-4", count=4),
    "5": FaceArt("5", "square", "#28328c", count=5),
    "6": FaceArt("6", "leaf", "#82289b", count=6),
    "1-7": FaceArt("1-7", "club", "#e6780a", count=7),
    "7": FaceArt("7", "spade", "#d25a0a", count=7),
    "8": FaceArt("8", "drop", "#7d4b23", count=8),
    "9": FaceArt("9", "heart", "#c3237d", count=9),
    "10": FaceArt("10", "feather", "#146e46", count=10),
    "12": FaceArt("12", "sun", "#b48200", count=12),
    "13": FaceArt("13", "diamond", "#a0143c", count=13),
    "copy": FaceArt("=", "equals", "#0a7896", FaceLayout.EMBLEM, "COPY", accent="equals"),
    "swap": FaceArt("S", "arrows", "#c81e1e", FaceLayout.EMBLEM, "SWAP", accent="arrows"),
    "magnet": FaceArt("M", "magnet", "#5a3ca0", FaceLayout.EMBLEM, "MAGNET", accent="magnet"),
    "joker": FaceArt("J", "paw", "#323232", FaceLayout.EMBLEM, "JOKER", accent="star", accent_ink="#dca000"),
}
"""Every face of the DOG Royal and classic boxes, by face (the card id)."""
