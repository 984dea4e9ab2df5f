"""DOG's gettext domain, the rulebook sections verdicts cite, and the names of things.

A section renders, in Dutch and French, as the title of that section of the Dutch
rulebook (the French in the usual vocabulary of the game), prefixed with the number of the
ruling (``D6``, ``R5``) that the verdict applies.
"""

from __future__ import annotations

import enum

from companion.i18n import Domain, Text

DOG = Domain("dog", "companion.games.dog")
_, N_, ngettext = DOG.markers()
t = DOG.text


TITLE = t("DOG")
"""The game's name, as the home screen lists it."""


class Section(enum.Enum):
    """Rulebook sections (value: the English title; translated to the rulebook's titles)."""

    PREPARATION = "Rulebook: Game preparation"
    CARDS = "Rulebook: Cards"
    GOAL = "Rulebook: Arriving at the goal"
    FOLD = "Rulebook: Passing"
    END = "Rulebook: End of the game"
    ROYAL = "Rulebook: Options — DOG Royal"


# Extraction markers for the section titles (their msgids are the enum values).
_SECTION_MSGIDS = (
    N_("Rulebook: Game preparation"),
    N_("Rulebook: Cards"),
    N_("Rulebook: Arriving at the goal"),
    N_("Rulebook: Passing"),
    N_("Rulebook: End of the game"),
    N_("Rulebook: Options — DOG Royal"),
)

RULE_SECTIONS = {
    "D1": Section.CARDS, "D2": Section.FOLD, "D3": Section.FOLD, "D4": Section.CARDS,
    "D5": Section.CARDS, "D6": Section.CARDS, "D7": Section.CARDS, "D8": Section.CARDS,
    "D9": Section.CARDS, "D10": Section.ROYAL, "D11": Section.ROYAL, "D12": Section.ROYAL,
    "D13": Section.CARDS, "D14": Section.GOAL, "D15": Section.GOAL, "D16": Section.END,
    "D17": Section.CARDS, "R1": Section.ROYAL, "R2": Section.ROYAL, "R3": Section.ROYAL,
    "R4": Section.ROYAL, "R5": Section.ROYAL, "R6": Section.ROYAL, "R7": Section.ROYAL,
    "R8": Section.ROYAL, "R9": Section.ROYAL, "S5": Section.CARDS, "S6": Section.ROYAL,
}


def section(rule: str) -> Text:
    """The citation of ruling ``rule`` ("D6 — Rulebook: Cards") in every language."""
    return t("{rule} — {title}", rule=rule, title=Text(RULE_SECTIONS[rule].value, domain=DOG.name))


COLOUR_NAMES = {
    "blue": N_("blue"), "yellow": N_("yellow"), "red": N_("red"), "green": N_("green"),
    "white": N_("white"), "black": N_("black"),
}

# Pawn names, whole (the colour agrees with the noun in each language): (colour, figure) ->
# msgid; figure "pawn" is the basic game's numbered pawn.
PAWN_NAMES = {
    ("blue", "king"): N_("blue king"),
    ("blue", "knight"): N_("blue knight"),
    ("blue", "citizen"): N_("blue citizen"),
    ("blue", "fool"): N_("blue fool"),
    ("blue", "pawn"): N_("blue pawn {n}"),
    ("yellow", "king"): N_("yellow king"),
    ("yellow", "knight"): N_("yellow knight"),
    ("yellow", "citizen"): N_("yellow citizen"),
    ("yellow", "fool"): N_("yellow fool"),
    ("yellow", "pawn"): N_("yellow pawn {n}"),
    ("red", "king"): N_("red king"),
    ("red", "knight"): N_("red knight"),
    ("red", "citizen"): N_("red citizen"),
    ("red", "fool"): N_("red fool"),
    ("red", "pawn"): N_("red pawn {n}"),
    ("green", "king"): N_("green king"),
    ("green", "knight"): N_("green knight"),
    ("green", "citizen"): N_("green citizen"),
    ("green", "fool"): N_("green fool"),
    ("green", "pawn"): N_("green pawn {n}"),
    ("white", "king"): N_("white king"),
    ("white", "knight"): N_("white knight"),
    ("white", "citizen"): N_("white citizen"),
    ("white", "fool"): N_("white fool"),
    ("white", "pawn"): N_("white pawn {n}"),
    ("black", "king"): N_("black king"),
    ("black", "knight"): N_("black knight"),
    ("black", "citizen"): N_("black citizen"),
    ("black", "fool"): N_("black fool"),
    ("black", "pawn"): N_("black pawn {n}"),
}

CARD_NAMES = {
    "1-11": N_("1/11"), "2": N_("2"), "3": N_("3"), "4": N_("±4"), "5": N_("5"), "6": N_("6"),
    "1-7": N_("1-7"), "7": N_("7"), "8": N_("8"), "9": N_("9"), "10": N_("10"), "12": N_("12"),
    "13": N_("13"), "copy": N_("copy ="), "swap": N_("swap"), "magnet": N_("magnet"), "joker": N_("joker"),
}


def colour_name(colour: str) -> Text:
    return t(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else Text.raw(colour)


def card_name(face: str) -> Text:
    return t(CARD_NAMES[face])
