"""Decks card vision knows: which card faces a deck has, their ids and how many copies.

A deck is what the recogniser is taught. Identical physical cards (the nine Mustang
cowboys, the duplicate sets of DOG and Stramash) are one *face* with ``copies > 1``: the
camera cannot tell them apart and the rules do not need it to.

The decks come from the games (:meth:`companion.game.Game.decks` of every game in
:mod:`companion.games`): one list per deck, kept where its game declares it, with the
printable design of each face (:class:`companion.game.FaceArt`). Games that play with
the same physical deck name it alike (the French-suited ``standard`` pack with jokers:
``<rank><suit>`` ids such as ``"10H"`` and ``"JK"``), and must then declare the same
faces. A ``custom`` deck is the table's own: its ids are the file names of the
reference images.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Iterable

from companion.game import POKER_ASPECT, FaceArt
from companion.i18n import Domain

from vision.errors import UnknownDeck

D = Domain("vision", "vision")

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER = "JK"
STANDARD = "standard"
"""The French-suited pack's name: card vision draws its faces itself (:mod:`vision.faces`)."""

__all__ = ["POKER_ASPECT", "Face", "Deck", "builtin", "custom", "deck_names", "drawable", "is_standard_card",
           "JOKER", "RANKS", "STANDARD", "SUITS"]


@dataclass(frozen=True)
class Face:
    """One distinct card face: what the camera can tell apart. ``art`` is its printable
    design (``None`` for the standard pack's faces, or a face card vision cannot draw)."""

    id: str
    copies: int = 1
    art: FaceArt | None = None


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

    def face(self, card_id: str) -> Face:
        """The face ``card_id``; :class:`UnknownDeck` when the deck has none."""
        for face in self.faces:
            if face.id == card_id:
                return face
        raise UnknownDeck(D.text("These cards are not in the {deck} deck: {cards}.", deck=self.name, cards=card_id))

    def subset(self, ids: Iterable[str]) -> "Deck":
        """The same deck restricted to ``ids`` (order kept from the deck)."""
        wanted = set(ids)
        unknown = wanted - set(self.ids)
        if unknown:
            raise UnknownDeck(D.text("These cards are not in the {deck} deck: {cards}.",
                                     deck=self.name, cards=", ".join(sorted(unknown))))
        return Deck(self.name, tuple(f for f in self.faces if f.id in wanted), self.aspect)


def is_standard_card(card_id: str) -> bool:
    """Whether ``card_id`` names a face of the French-suited pack (``"10H"``, ``"JK"``)."""
    return card_id == JOKER or (card_id[:-1] in RANKS and card_id[-1:] in SUITS)


def custom(ids: Iterable[str], aspect: float = POKER_ASPECT) -> Deck:
    """A deck of the table's own: one face per id (the reference images' names)."""
    unique = tuple(dict.fromkeys(ids))
    if not unique:
        raise UnknownDeck(D.text("A custom deck needs at least one reference image."))
    return Deck("custom", tuple(Face(i) for i in unique), aspect)


@cache
def _game_decks() -> dict[str, Deck]:
    """Every deck the registered games declare, by name (sorted).

    Raises :class:`UnknownDeck` when two games declare different faces under one name.
    """
    from companion.games import available, get_game

    found: dict[str, Deck] = {}
    for game in available():
        for declared in get_game(game).decks():
            deck = Deck(declared.name, tuple(Face(c.id, c.copies, c.art) for c in declared.cards), declared.aspect)
            other = found.setdefault(deck.name, deck)
            if (other.ids, [f.copies for f in other.faces], other.aspect) != (
                    deck.ids, [f.copies for f in deck.faces], deck.aspect):
                raise UnknownDeck(D.text("Two games declare different {deck} decks.", deck=deck.name))
    return dict(sorted(found.items()))


def deck_names() -> tuple[str, ...]:
    """The names of the decks the games declare (alphabetical)."""
    return tuple(_game_decks())


def builtin(name: str) -> Deck:
    """The deck called ``name`` that a game declares; :class:`UnknownDeck` naming the
    choices for any other name."""
    decks = _game_decks()
    if name not in decks:
        raise UnknownDeck(D.text("Unknown deck {name}; choose one of: {choices}.",
                                 name=name, choices=", ".join(decks)))
    return decks[name]


def drawable(name: str) -> bool:
    """Whether card vision can draw every face of deck ``name`` (its sheets, scenes,
    the simulated camera and the simulation's model): a deck a game declares whose faces
    all have their art, or the standard pack."""
    decks = _game_decks()
    if name not in decks:
        return False
    return all(face.art is not None or (name == STANDARD and is_standard_card(face.id))
               for face in decks[name].faces)
