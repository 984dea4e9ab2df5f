"""Stramash's gettext domain, the rulebook sections verdicts cite and the names of cards
and places.

A rejection's section names the ruling's rule (S1…S14) and the section of the Dutch
rulebook page it rests on; each language renders that section's title as its rulebook
calls it ("Kaartwaardes", "Valeur des cartes", "Card values").
"""

from __future__ import annotations

import enum

from companion.i18n import Domain, Text

STRAMASH = Domain("stramash", "companion.games.stramash")
_, N_, ngettext = STRAMASH.markers()


def t(msgid: str, **params: object) -> Text:
    """A deferred Stramash message."""
    return Text(msgid, params, STRAMASH.name)


TITLE = t("Stramash")
"""The game's name, as the home screen lists it."""


def tn(singular: str, plural: str, n: int, **params: object) -> Text:
    """A deferred Stramash message with a plural form chosen by ``n``."""
    return Text(singular, {"n": n, **params}, STRAMASH.name, plural=plural)


class Section(enum.Enum):
    """Sections of the rulebook page (value: the English title)."""

    DEFINITIONS = "Rulebook: Definitions"
    SETUP = "Rulebook: Setting up the board"
    CARDS = "Rulebook: Card values"
    PLAY = "Rulebook: Playing"

    @property
    def text(self) -> Text:
        return t(self.value)


# Extraction markers for the section titles (their msgids are the enum values).
_SECTION_MSGIDS = (
    N_("Rulebook: Definitions"),
    N_("Rulebook: Setting up the board"),
    N_("Rulebook: Card values"),
    N_("Rulebook: Playing"),
)

# Where each ruling rests in the rulebook (rulings: "Rules").
RULE_SECTIONS: dict[str, Section] = {
    "S1": Section.PLAY, "S2": Section.CARDS, "S3": Section.CARDS, "S4": Section.PLAY,
    "S5": Section.PLAY, "S6": Section.CARDS, "S7": Section.CARDS, "S8": Section.CARDS,
    "S9": Section.PLAY, "S10": Section.PLAY, "S11": Section.PLAY, "S12": Section.PLAY,
    "S13": Section.DEFINITIONS, "S14": Section.PLAY,
}


def rule(*numbers: str) -> Text:
    """The section a verdict cites: the rule numbers, then the rulebook section of the
    first ("S6, S4 — Rulebook: Card values")."""
    return t("{rules} — {section}", rules=", ".join(numbers), section=RULE_SECTIONS[numbers[0]].text)


RANK_NAMES = {
    "A": N_("Ace"), "J": N_("Jack"), "Q": N_("Queen"), "K": N_("King"),
}

SUIT_NAMES = {
    "S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"),
}


def card_name(card: str) -> Text:
    """A card as players call it: "Queen of hearts", "7 of clubs", "Bonnie Fechter"."""
    if card == "JK":
        return t("Bonnie Fechter (joker)")
    rank, suit = card[:-1], card[-1]
    rank_text = t(RANK_NAMES[rank]) if rank in RANK_NAMES else Text.raw(rank)
    if suit not in SUIT_NAMES:
        return Text.raw(card)
    return t("{rank} of {suit}", rank=rank_text, suit=t(SUIT_NAMES[suit]))
