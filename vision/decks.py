"""Deck definitions: which card faces a deck has, their ids and how many copies.

A deck is what the recogniser is taught. Identical physical cards (the nine Mustang
cowboys, the duplicate sets of DOG and Stramash) are one *face* with ``copies > 1``: the
camera cannot tell them apart and the rules do not need it to.

Card ids are the ones the game engines use:

* ``mustang``: ``"<colour>-<value>"`` for colours ``red, yellow, green, blue, purple`` and
  values 1–8 (``"red-5"``), and ``"cowboy"`` (nine copies): 49 cards, 41 faces;
* ``standard``: rank ``A, 2 … 10, J, Q, K`` + suit ``S, H, D, C`` (``"10H"``, ``"QS"``)
  and ``"JK"`` for the jokers; ``sets`` and ``jokers`` give DOG's two 55-card sets or
  Stramash's two or three decks;
* ``custom``: the ids are the file names of the reference images.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from companion.i18n import Domain

from vision.errors import UnknownDeck

D = Domain("vision", "vision")

MUSTANG_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")
MUSTANG_VALUES: tuple[int, ...] = tuple(range(1, 9))
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER = "JK"
COWBOY = "cowboy"

POKER_ASPECT = 63 / 88
"""Width over height of a poker-size card, the default shape of every deck."""


@dataclass(frozen=True)
class Face:
    """One distinct card face: what the camera can tell apart."""

    id: str
    copies: int = 1


@dataclass(frozen=True)
class Deck:
    """A named set of faces. ``aspect`` is the card's width over its height (portrait)."""

    name: str
    faces: tuple[Face, ...]
    aspect: float = POKER_ASPECT

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(face.id for face in self.faces)

    @property
    def card_count(self) -> int:
        """Physical cards in the deck, copies included."""
        return sum(face.copies for face in self.faces)

    def __contains__(self, card_id: object) -> bool:
        return any(face.id == card_id for face in self.faces)

    def subset(self, ids: Iterable[str]) -> "Deck":
        """The same deck restricted to ``ids`` (order kept from the deck)."""
        wanted = set(ids)
        unknown = wanted - set(self.ids)
        if unknown:
            raise UnknownDeck(D.text("These cards are not in the {deck} deck: {cards}.",
                                     deck=self.name, cards=", ".join(sorted(unknown))))
        return Deck(self.name, tuple(f for f in self.faces if f.id in wanted), self.aspect)


def mustang() -> Deck:
    """Mustang's cowboy cards: 40 numbered cards in five colours and nine cowboys."""
    faces = [Face(f"{colour}-{value}") for colour in MUSTANG_COLOURS for value in MUSTANG_VALUES]
    return Deck("mustang", (*faces, Face(COWBOY, 9)))


def standard(sets: int = 1, jokers: int = 2) -> Deck:
    """``sets`` French-suited 52-card decks with ``jokers`` jokers each.

    DOG: ``standard(2, 3)`` (110 cards); Stramash: ``standard(2, 0)`` or ``standard(3, 0)``.
    """
    faces = [Face(rank + suit, sets) for suit in SUITS for rank in RANKS]
    if jokers:
        faces.append(Face(JOKER, sets * jokers))
    return Deck("standard", tuple(faces))


def custom(ids: Iterable[str], aspect: float = POKER_ASPECT) -> Deck:
    """A deck of the table's own: one face per id (the reference images' names)."""
    unique = tuple(dict.fromkeys(ids))
    if not unique:
        raise UnknownDeck(D.text("A custom deck needs at least one reference image."))
    return Deck("custom", tuple(Face(i) for i in unique), aspect)


BUILTIN_DECKS = ("mustang", "standard")


def builtin(name: str) -> Deck:
    """The built-in deck called ``name`` (``mustang`` or ``standard``)."""
    if name == "mustang":
        return mustang()
    if name == "standard":
        return standard()
    raise UnknownDeck(D.text("Unknown deck {name}; choose one of: {choices}.",
                             name=name, choices=", ".join(BUILTIN_DECKS)))
