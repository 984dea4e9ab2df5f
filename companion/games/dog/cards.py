"""DOG's cards: the faces, the three decks card vision can be taught, and the deck a game
is dealt from (rulings: "Material", options ``deck`` and ``basic_uses_new_cards``).

A card id is what card vision reports; :func:`face_of` maps it to the *face* the rules
know ("1-11", "2" … "13", "4" for ±4, "1-7", "7" for classic's split seven, "copy",
"swap", "magnet", "joker"). The DOG decks use the face as the id; the standard deck uses
``<rank><suit>`` ids (:func:`standard_deck_ids`) read Brändi style.
"""

from __future__ import annotations

from companion.game import CardSpec, Deck
from companion.games.dog.faces import FACE_ART
from companion.games.dog.texts import card_name, t

ROYAL_COPIES = {"1-11": 10, "13": 10, "2": 7, "3": 7, "4": 7, "5": 7, "6": 7, "1-7": 7, "8": 7, "9": 7,
                "10": 7, "12": 7, "copy": 7, "swap": 7, "magnet": 6}
NEW_CARDS = ("1-7", "copy", "magnet")
CLASSIC_COPIES = {face: 8 for face in ("1-11", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13", "swap")}
CLASSIC_COPIES["joker"] = 6

STANDARD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
STANDARD_SUITS = ("S", "H", "D", "C")
BRANDI = {"A": "1-11", "J": "swap", "Q": "12", "K": "13"}
JOKER_ID = "JK"

# Faces that move by a fixed count forward, with that count.
NUMBERS = {"2": 2, "3": 3, "5": 5, "6": 6, "8": 8, "9": 9, "10": 10, "12": 12}
# Faces a joker may stand for: every face of the classic deck but the joker.
JOKER_FACES = tuple(face for face in CLASSIC_COPIES if face != "joker")


def standard_deck_ids() -> tuple[str, ...]:
    """The standard 54-card deck's card ids: ``<rank><suit>`` (ranks A, 2 … 10, J, Q, K;
    suits S, H, D, C) and ``JK`` for the joker (two copies). Shared with Stramash."""
    return tuple(f"{rank}{suit}" for suit in STANDARD_SUITS for rank in STANDARD_RANKS) + (JOKER_ID,)


def face_of(card_id: str) -> str | None:
    """The face a card id stands for in DOG, or ``None`` for a card DOG does not know."""
    if card_id in ROYAL_COPIES or card_id in CLASSIC_COPIES:
        return card_id
    if card_id == JOKER_ID:
        return "joker"
    rank, suit = card_id[:-1], card_id[-1:]
    if suit in STANDARD_SUITS and rank in STANDARD_RANKS:
        return BRANDI.get(rank, rank)
    return None


def decks() -> tuple[Deck, ...]:
    """The decks card vision can be taught for DOG, the DOG Royal box first."""
    royal = tuple(CardSpec(face, card_name(face), copies, FACE_ART[face]) for face, copies in ROYAL_COPIES.items())
    classic = tuple(CardSpec(face, card_name(face), copies, FACE_ART[face]) for face, copies in CLASSIC_COPIES.items())
    standard = tuple(CardSpec(card, t("{card} (plays as {face})", card=card, face=card_name(face_of(card) or "")),
                              2 if card == JOKER_ID else 1) for card in standard_deck_ids())
    return (Deck("dog-royal", t("DOG Royal (110 cards)"), royal),
            Deck("dog-classic", t("DOG classic (110 cards)"), classic),
            Deck("standard", t("Standard cards with jokers, Brändi style"), standard))


def game_deck(deck: str, new_cards: bool) -> list[str]:
    """The card ids a game is dealt from, unshuffled: the DOG Royal box (without the
    1-7, copy and magnet when ``new_cards`` is off), classic DOG, or two standard decks
    with their jokers (Brändi style)."""
    if deck == "classic":
        return [face for face, copies in CLASSIC_COPIES.items() for _ in range(copies)]
    if deck == "standard":
        return [card for _ in range(2) for card in standard_deck_ids()] + [JOKER_ID, JOKER_ID]
    return [face for face, copies in ROYAL_COPIES.items() if new_cards or face not in NEW_CARDS
            for _ in range(copies)]


def deck_faces(deck: str, new_cards: bool) -> tuple[str, ...]:
    """The distinct faces of the game's deck."""
    if deck in ("classic", "standard"):
        return tuple(CLASSIC_COPIES)
    return tuple(face for face in ROYAL_COPIES if new_cards or face not in NEW_CARDS)


def canonical_id(deck: str, face: str) -> str:
    """A card id for ``face`` in the game's deck (a referee at a real table that must
    name a card it has not seen: legal actions without known hands)."""
    if deck == "standard":
        reverse = {v: k for k, v in BRANDI.items()}
        return JOKER_ID if face == "joker" else f"{reverse.get(face, face)}S"
    return face
