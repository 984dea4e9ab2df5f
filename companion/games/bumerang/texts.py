"""Bumerang's gettext domain, the rulebook sections verdicts cite, and the names the
screen uses for fields, stones and players.

Every rejection cites a rule of ``shared/rulings/bumerang.md`` (B1–B14) together with the
section of the rulebook it comes from; in Dutch the section is the title of the Dutch
rulebook's own section ("Spelverloop", "Trio's"…).
"""

from __future__ import annotations

import enum

from companion.i18n import Domain, Text

BUMERANG = Domain("bumerang", "companion.games.bumerang")
N_ = BUMERANG.markers()[1]


def t(msgid: str, /, **params: object) -> Text:
    """A Bumerang message, translated when shown."""
    return Text(msgid, params, BUMERANG.name)


TITLE = t("Bumerang")
"""The game's name, as the home screen lists it."""


def tn(singular: str, plural: str, /, **params: object) -> Text:
    """A Bumerang message with a plural form chosen by ``params["n"]``."""
    return Text(singular, params, BUMERANG.name, plural=plural)


class Section(enum.Enum):
    """Rulebook sections (value: English title, translated to the rulebooks' titles)."""

    GOAL = "Rulebook: Object of the game"
    SETUP = "Rulebook: Preparation"
    PLAY = "Rulebook: How to play"
    TRIOS = "Rulebook: Trios"
    END = "Rulebook: End of the game"
    REFEREE = "Referee's ruling (the rulebook is silent)"

    @property
    def text(self) -> Text:
        return t(self.value)


# Extraction markers for the section titles (their msgids are the enum values).
_SECTION_MSGIDS = (
    N_("Rulebook: Object of the game"),
    N_("Rulebook: Preparation"),
    N_("Rulebook: How to play"),
    N_("Rulebook: Trios"),
    N_("Rulebook: End of the game"),
    N_("Referee's ruling (the rulebook is silent)"),
)

RULE_SECTIONS: dict[str, Section] = {
    "B1": Section.PLAY, "B2": Section.PLAY, "B3": Section.REFEREE, "B4": Section.PLAY,
    "B5": Section.PLAY, "B6": Section.PLAY, "B7": Section.PLAY, "B8": Section.TRIOS,
    "B9": Section.TRIOS, "B10": Section.TRIOS, "B11": Section.PLAY, "B12": Section.END,
    "B13": Section.END,
}
"""Where each rule of the rulings comes from in the rulebook."""


def cite(rule: str) -> Text:
    """The section a verdict cites: the rule number and its rulebook section
    ("B5 — Rulebook: How to play")."""
    return t("{rule} — {section}", rule=rule, section=RULE_SECTIONS[rule].text)


def field_list(fields: "list[str] | tuple[str, ...]", limit: int = 8) -> str:
    """Field or stone names joined for a sentence, cut after ``limit`` ("A1, A2, … (12)")."""
    names = list(fields)
    if len(names) <= limit:
        return ", ".join(names)
    return ", ".join(names[:limit]) + f", … ({len(names)})"
