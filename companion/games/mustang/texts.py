"""Mustang's gettext domain and the rulebook sections verdicts cite.

Each section renders, in Dutch and French, as the title of that section in the Dutch
and French rulebooks, so a player can look it up in the rulebook they hold.
"""

from __future__ import annotations

import enum

from companion.i18n import Domain, Text

MUSTANG = Domain("mustang", "companion.games.mustang")
_, N_, ngettext = MUSTANG.markers()


class Section(enum.Enum):
    """Rulebook sections (value: English title, translated to the rulebooks' titles)."""

    PLAY = "Rulebook: How to play"
    EXCHANGE = "Rulebook: How to play — Exchange cards"
    CATCH = "Rulebook: Catching a mustang"
    STEAL = "Rulebook: Stealing a mustang"
    STABLE = "Rulebook: Stabling a mustang"
    COMBINATIONS = "Rulebook: Card combinations"
    EVENTS = "Rulebook: Event cards"
    END = "Rulebook: End of the game"

    @property
    def text(self) -> Text:
        return Text(self.value, domain=MUSTANG.name)


# Extraction markers for the section titles (their msgids are the enum values).
_SECTION_MSGIDS = (
    N_("Rulebook: How to play"),
    N_("Rulebook: How to play — Exchange cards"),
    N_("Rulebook: Catching a mustang"),
    N_("Rulebook: Stealing a mustang"),
    N_("Rulebook: Stabling a mustang"),
    N_("Rulebook: Card combinations"),
    N_("Rulebook: Event cards"),
    N_("Rulebook: End of the game"),
)

KIND_NAMES = {
    "stallion": N_("stallion"),
    "mare": N_("mare"),
    "foal": N_("foal"),
    "special": N_("special horse"),
}

COLOUR_NAMES = {
    "red": N_("red"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "blue": N_("blue"),
    "purple": N_("purple"),
}

SPECIAL_NAMES = {
    "black-prince": N_("Black Prince"),
    "snow-white-mare": N_("Snow-White Mare"),
}

EVENT_NAMES = {
    "rotten_fence": N_("Rotten fence"),
    "indians": N_("Indians take the herd"),
    "heavy_rain": N_("Heavy rain"),
    "birth": N_("Birth"),
    "sunshine": N_("Sunshine"),
}

EVENT_EFFECTS = {
    "rotten_fence": N_("Every player with a horse in the corral releases one of them into the prairie."),
    "indians": N_("Every face-up horse in the prairie leaves the game; one horse of each stack is turned face up."),
    "heavy_rain": N_("Every player may move up to two horses from the corral to the stable."),
    "birth": N_("Every player with a stallion and a mare in the stable takes a foal from the stack."),
    "sunshine": N_("Nothing happens."),
}

COMBO_NAMES = {
    1: N_("pair of {value}s"),
    2: N_("trio of {value}s"),
    3: N_("quartet of {value}s"),
    4: N_("royal straight to {value}"),
}


def t(msgid: str, **params) -> Text:
    """A deferred Mustang message."""
    return Text(msgid, params, MUSTANG.name)
