"""The cards: standard packs with jokers (rulings: "Material", S2, S3, S6–S8).

Card ids are what card vision reports: ``"<rank><suit>"`` with ranks ``A``, ``2`` …
``10``, ``J``, ``Q``, ``K`` and suits ``S``, ``H``, ``D``, ``C``, and ``"JK"`` for the
joker (the Bonnie Fechter). Several packs are shuffled together, so copies of a card are
normal.
"""

from __future__ import annotations

import enum

from companion.game import CardSpec, Deck
from companion.games.stramash.texts import card_name, t

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER = "JK"
DECK_NAME = "standard"
JOKERS_IN_A_PACK = 2


class Use(enum.Enum):
    """What a card does (S2, S3, S6, S7, S8)."""

    FORWARD = "forward"      # move one laddie its value forward (S3)
    SEVEN = "seven"          # 7 whole or split over two laddies (S6)
    BACK = "back"            # 8: one laddie 8 backwards (S7)
    FECHTER = "fechter"      # joker: replace an opponent's laddie (S8)


def rank_of(card: str) -> str:
    """The rank of a card id (``"JK"`` for the joker)."""
    return card if card == JOKER else card[:-1]


def is_card(card: object) -> bool:
    """Whether ``card`` is the id of a face of the standard deck with jokers."""
    return isinstance(card, str) and (card == JOKER or (card[:-1] in RANKS and card[-1:] in SUITS))


def use_of(rank: str) -> Use:
    if rank == JOKER:
        return Use.FECHTER
    if rank == "7":
        return Use.SEVEN
    if rank == "8":
        return Use.BACK
    return Use.FORWARD


def steps_of(rank: str) -> int:
    """How many holes the card moves a laddie (S3: Ace 1, pictures 10); 0 for the joker."""
    if rank == JOKER:
        return 0
    if rank == "A":
        return 1
    if rank in ("J", "Q", "K"):
        return 10
    return int(rank)


def comes_out(rank: str) -> bool:
    """Whether the card can bring a laddie out of the dock (S2: Ace or a picture)."""
    return rank in ("A", "J", "Q", "K")


def pack(jokers: int) -> list[str]:
    """One pack's card ids: 52 cards and ``jokers`` jokers."""
    return [f"{rank}{suit}" for suit in SUITS for rank in RANKS] + [JOKER] * jokers


def packs_for(players: int) -> int:
    """2 packs for 2–4 players, 3 for 5–6 (rulings: "Material")."""
    return 2 if players <= 4 else 3


def standard_deck() -> Deck:
    """The deck card vision is taught: the 54 faces of a standard pack (copies per pack)."""
    cards = tuple(CardSpec(f"{rank}{suit}", card_name(f"{rank}{suit}")) for suit in SUITS for rank in RANKS)
    return Deck(DECK_NAME, t("Standard pack with jokers"),
                cards + (CardSpec(JOKER, card_name(JOKER), copies=JOKERS_IN_A_PACK),))
