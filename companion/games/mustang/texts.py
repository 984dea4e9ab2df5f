"""Mustang's gettext domain and the rulebook sections verdicts cite.

Each section renders, in Dutch and French, as the title of that section in the Dutch
and French rulebooks, so a player can look it up in the rulebook they hold.
"""

from __future__ import annotations

import enum

from companion.games.mustang.horses import horse
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

STACK_TOPS = {
    "stallion": N_("the top stallion of the stack"),
    "mare": N_("the top mare of the stack"),
    "foal": N_("the top foal of the stack"),
}

STACK_EMPTY = {
    "stallion": N_("The stallion stack is empty."),
    "mare": N_("The mare stack is empty."),
    "foal": N_("The foal stack is empty."),
}

RUN_OUT = {
    "stallion": N_("Game over: the stallions have run out."),
    "mare": N_("Game over: the mares have run out."),
    "foal": N_("Game over: the foals have run out."),
}

NEEDS = {
    "foal": N_("A foal is caught with a pair, not with {combo}."),
    "mare": N_("A mare is caught with a trio, not with {combo}."),
    "stallion": N_("A stallion is caught with a quartet, not with {combo}."),
    "special": N_("The Black Prince and the Snow-White Mare are caught with a royal straight, not with {combo}."),
}

STEAL_NEEDS = {
    "foal": N_("A foal is stolen with a pair, not with {combo}."),
    "mare": N_("A mare is stolen with a trio, not with {combo}."),
    "stallion": N_("A stallion is stolen with a quartet, not with {combo}."),
    "special": N_("The Black Prince and the Snow-White Mare are stolen with a royal straight, not with {combo}."),
}

COLOUR_NAMES = {
    "red": N_("red"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "blue": N_("blue"),
    "purple": N_("purple"),
}

# Card names: the colour adjective agrees with "card" in each language.
CARD_NAMES = {
    "red": N_("red {value}"),
    "yellow": N_("yellow {value}"),
    "green": N_("green {value}"),
    "blue": N_("blue {value}"),
    "purple": N_("purple {value}"),
}

# Each horse has a name of its own in every language (adjectives and articles agree
# with the noun): (indefinite, definite).
HORSE_NAMES = {
    ("stallion", "red"): (N_("red stallion"), N_("the red stallion")),
    ("stallion", "yellow"): (N_("yellow stallion"), N_("the yellow stallion")),
    ("stallion", "green"): (N_("green stallion"), N_("the green stallion")),
    ("stallion", "blue"): (N_("blue stallion"), N_("the blue stallion")),
    ("stallion", "purple"): (N_("purple stallion"), N_("the purple stallion")),
    ("mare", "red"): (N_("red mare"), N_("the red mare")),
    ("mare", "yellow"): (N_("yellow mare"), N_("the yellow mare")),
    ("mare", "green"): (N_("green mare"), N_("the green mare")),
    ("mare", "blue"): (N_("blue mare"), N_("the blue mare")),
    ("mare", "purple"): (N_("purple mare"), N_("the purple mare")),
    ("foal", "red"): (N_("red foal"), N_("the red foal")),
    ("foal", "yellow"): (N_("yellow foal"), N_("the yellow foal")),
    ("foal", "green"): (N_("green foal"), N_("the green foal")),
    ("foal", "blue"): (N_("blue foal"), N_("the blue foal")),
    ("foal", "purple"): (N_("purple foal"), N_("the purple foal")),
    ("special", "black-prince"): (N_("Black Prince"), N_("the Black Prince")),
    ("special", "snow-white-mare"): (N_("Snow-White Mare"), N_("the Snow-White Mare")),
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
    1: N_("a pair of {value}s"),
    2: N_("a trio of {value}s"),
    3: N_("a quartet of {value}s"),
    4: N_("a royal straight to {value}"),
}


PLACE_NAMES = {
    "stack": N_("the stack"),
    "prairie": N_("the prairie"),
    "corral": N_("{name}'s corral"),
    "stable": N_("{name}'s stable"),
    "out": N_("out of the game"),
}


def horse_name(token: str, definite: bool = False) -> Text:
    """A token as players call it: ``"red stallion"``, or with ``definite`` ``"the red
    stallion"`` (for use inside a sentence)."""
    h = horse(token)
    if h is None:
        return Text.raw(token)
    names = HORSE_NAMES[(h.kind.value, h.colour or token)]
    return t(names[1] if definite else names[0])


def t(msgid: str, **params: object) -> Text:
    """A deferred Mustang message."""
    return Text(msgid, params, MUSTANG.name)


TITLE = t("Mustang")
"""The game's name, as the home screen lists it."""


def tn(singular: str, plural: str, n: int, **params: object) -> Text:
    """A deferred Mustang message with a plural form chosen by ``n``."""
    return Text(singular, {"n": n, **params}, MUSTANG.name, plural=plural)
