"""Cowboy cards and the combinations they make.

The deck has values 1–8 in five colours (40 cards) and 9 cowboys (jokers). Card ids are
what card vision reports: ``"<colour>-<value>"`` (``"red-5"``) and ``"cowboy"``.

A play is exactly 2, 3, 4 or 5 cards: a pair, trio or quartet of one value, or a royal
straight (5 consecutive values in one colour). Cowboys stand for any value in any
colour and take the strongest reading the natural cards allow: an all-cowboy pair is a
pair of 8s; a straight's value is its top card, cowboys extending it upward where
possible.

>>> evaluate(["red-6", "blue-6", "cowboy"])
Combination(kind=<ComboKind.TRIO: 3>, value=6)
>>> evaluate(["green-3", "green-4", "green-5", "cowboy", "cowboy"]).value
7
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")
VALUES: tuple[int, ...] = tuple(range(1, 9))
COWBOY = "cowboy"
COWBOY_COPIES = 9
HAND_SIZE = 6

DECK_IDS: tuple[str, ...] = tuple(f"{c}-{v}" for c in COLOURS for v in VALUES) + (COWBOY,)
"""The 41 distinct faces."""


def full_deck() -> list[str]:
    """All 49 cards, in a fixed order."""
    return [card for card in DECK_IDS if card != COWBOY] + [COWBOY] * COWBOY_COPIES


def copies(card: str) -> int:
    """How many cards of this face the deck has (0 for an id that is not a Mustang card)."""
    if card == COWBOY:
        return COWBOY_COPIES
    return 1 if card in _NATURALS else 0


@dataclass(frozen=True)
class Natural:
    colour: str
    value: int


_NATURALS: dict[str, Natural] = {f"{c}-{v}": Natural(c, v) for c in COLOURS for v in VALUES}


def natural(card: str) -> Natural | None:
    """The colour and value of a numbered card; ``None`` for a cowboy or a foreign id."""
    return _NATURALS.get(card)


class ComboKind(enum.IntEnum):
    """Kinds of combination, weakest first; each catches one kind of horse."""

    PAIR = 1
    TRIO = 2
    QUARTET = 3
    ROYAL_STRAIGHT = 4

    @property
    def size(self) -> int:
        return 5 if self is ComboKind.ROYAL_STRAIGHT else self.value + 1


@dataclass(frozen=True, order=True)
class Combination:
    """A valid play. Ordering is strength: kind first, then value; equal is not stronger."""

    kind: ComboKind
    value: int

    def beats(self, other: "Combination") -> bool:
        return (self.kind, self.value) > (other.kind, other.value)


def evaluate(cards: Iterable[str]) -> Combination | None:
    """The strongest reading of ``cards`` as one combination, or ``None`` if they make none.

    Unknown card ids make no combination. The order of ``cards`` does not matter.
    """
    return _evaluate(tuple(sorted(cards)))


@functools.lru_cache(maxsize=1 << 16)
def _evaluate(cards: tuple[str, ...]) -> Combination | None:
    """:func:`evaluate` of a sorted tuple, remembered (bots and legal-move lists ask the
    same few hundred hands again and again)."""
    found = [natural(c) for c in cards if c != COWBOY]
    naturals = [n for n in found if n is not None]
    if len(naturals) < len(found):
        return None
    size = len(cards)
    if size in (2, 3, 4):
        values = {n.value for n in naturals}
        if len(values) > 1:
            return None
        return Combination(ComboKind(size - 1), values.pop() if values else max(VALUES))
    if size == 5:
        if len({n.colour for n in naturals}) > 1:
            return None
        run = [n.value for n in naturals]
        if len(set(run)) != len(run):
            return None
        if not run:
            return Combination(ComboKind.ROYAL_STRAIGHT, max(VALUES))
        top = min(max(VALUES), min(run) + 4)
        if max(run) > top or top - 4 < min(VALUES):
            return None
        return Combination(ComboKind.ROYAL_STRAIGHT, top)
    return None


def playable(hand: Iterable[str]) -> list[tuple[tuple[str, ...], Combination]]:
    """Every distinct play ``hand`` can make, as (sorted cards, combination).

    Ordered by size, then by the sorted card tuple, as if every 2- to 5-card subset of
    the sorted hand had been tried in turn; only candidates that can be a combination
    are built (cards of one value, or of one colour for a straight, with cowboys), so a
    hand grown large by exchanges stays quick.
    """
    hand = list(hand)
    cowboys = hand.count(COWBOY)
    by_value: dict[int, list[str]] = {}
    by_colour: dict[str, list[str]] = {}
    for card in sorted(set(hand)):
        face = natural(card)
        if face is not None:
            by_value.setdefault(face.value, []).append(card)
            by_colour.setdefault(face.colour, []).append(card)
    candidates: set[tuple[str, ...]] = set()
    for size, groups in ((2, by_value), (3, by_value), (4, by_value), (5, by_colour)):
        for group in [[], *groups.values()]:
            for naturals in range(max(0, size - cowboys), min(size, len(group)) + 1):
                for chosen in itertools.combinations(group, naturals):
                    candidates.add(tuple(sorted(chosen + (COWBOY,) * (size - naturals))))
    plays = ((cards, evaluate(cards)) for cards in sorted(candidates, key=lambda c: (len(c), c)))
    return [(cards, combo) for cards, combo in plays if combo is not None]


def is_multiset_subset(part: Iterable[str], whole: Iterable[str | None]) -> bool:
    """True when every card of ``part`` can be taken from ``whole`` (with repeats)."""
    need = Counter(part)
    have = Counter(whole)
    return all(have[c] >= n for c, n in need.items())
