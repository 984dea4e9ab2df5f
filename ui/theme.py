"""Colours, symbols and sizes of the touchscreen app.

Colours follow the Okabe–Ito palette, which stays distinguishable with the common
colour-vision deficiencies; nothing is told by colour alone: every colour has a symbol
(:data:`SYMBOLS`) drawn beside it, and verdicts carry a word and an icon.

Sizes scale with the window (:func:`metrics`), so the official 7" Pi touchscreen
(800×480) and a 1280×720 monitor both get touch targets of at least 48 pixels, body
text of at least 22 pixels read from 60 cm, and names of at least 38 pixels. Text on a
coloured ground is black or white, whichever contrasts more (:func:`text_on`; at least
4.5:1 on every colour here).
"""

from __future__ import annotations

from dataclasses import dataclass

RGBA = tuple[float, float, float, float]


def hex_colour(code: str, alpha: float = 1.0) -> RGBA:
    code = code.lstrip("#")
    return (int(code[0:2], 16) / 255, int(code[2:4], 16) / 255, int(code[4:6], 16) / 255, alpha)


BACKGROUND = hex_colour("1b1f24")
SURFACE = hex_colour("2a3038")
SURFACE_HIGH = hex_colour("3a424d")
TEXT = hex_colour("f4f4f4")
TEXT_DIM = hex_colour("b8c0c8")
ACCENT = hex_colour("56b4e9")     # sky blue: primary buttons, accepted verdicts
DANGER = hex_colour("d55e00")     # vermillion: rejections, offline, delete
WARNING = hex_colour("e69f00")    # orange: waiting, countdowns
OK = hex_colour("009e73")         # bluish green: online devices

SYMBOL_FONT = "DejaVuSans"
"""A font shipped with Kivy that has the geometric symbols used below."""

COLOURS: dict[str, RGBA] = {
    "red": hex_colour("d55e00"),
    "yellow": hex_colour("f0e442"),
    "green": hex_colour("009e73"),
    "blue": hex_colour("0072b2"),
    "purple": hex_colour("cc79a7"),
    "black": hex_colour("4d4d4d"),
    "white": hex_colour("e8e8e8"),
    "orange": hex_colour("e69f00"),
}
"""Table colours by name (player seats and game pieces)."""

SYMBOLS: dict[str, str] = {
    "red": "●", "yellow": "▲", "green": "■", "blue": "◆", "purple": "★",
    "black": "♠", "white": "○", "orange": "⬟",
}
"""One distinct shape per colour, shown beside it."""

PLAYER_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple", "orange", "black", "white")
"""Seat colours offered on the new-game screen, in order."""

ICON_ACCEPTED = "✔"
ICON_REJECTED = "✘"
ICON_INFO = "ℹ"


def colour_of(name: str | None) -> RGBA:
    return COLOURS.get(name or "", TEXT_DIM)


def symbol_of(name: str | None) -> str:
    return SYMBOLS.get(name or "", "◇")


def luminance(colour: RGBA) -> float:
    """The relative luminance of ``colour`` (WCAG 2)."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGBA, b: RGBA) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; text needs 4.5)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


BLACK: RGBA = (0.0, 0.0, 0.0, 1.0)
WHITE: RGBA = (1.0, 1.0, 1.0, 1.0)


def text_on(colour: RGBA) -> RGBA:
    """Black or white, whichever has the higher contrast on ``colour``."""
    return BLACK if contrast(BLACK, colour) >= contrast(WHITE, colour) else WHITE


@dataclass(frozen=True)
class Metrics:
    """Sizes in pixels for one window size."""

    width: int
    height: int
    unit: float       # base spacing
    touch: float      # minimum height of anything touchable (≥ 48 px)
    font: float       # body text
    font_small: float
    font_large: float
    font_huge: float

    @property
    def compact(self) -> bool:
        """The 7" screen (or smaller): one column, side panels become overlays."""
        return self.width < 1000


def metrics(width: int, height: int) -> Metrics:
    """Sizes for a ``width``×``height`` window: 48 px targets on 800×480, more above."""
    scale = max(0.75, min(width / 800, height / 480))
    return Metrics(width=width, height=height, unit=8 * scale, touch=max(48.0, 56 * scale),
                   font=22 * scale, font_small=19 * scale, font_large=27 * scale,
                   font_huge=38 * scale)
