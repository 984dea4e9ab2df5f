"""Combinations: what is valid, how cowboys read, which play beats which."""

import itertools

import pytest
from hypothesis import example, given, settings, strategies as st

from companion.games.mustang import cards as C
from companion.games.mustang.cards import ComboKind, Combination, evaluate, full_deck

P, T, Q, R = ComboKind.PAIR, ComboKind.TRIO, ComboKind.QUARTET, ComboKind.ROYAL_STRAIGHT


def test_deck_has_49_cards_with_9_cowboys():
    deck = full_deck()
    assert len(deck) == 49 and deck.count("cowboy") == 9 and len(set(deck)) == 41


@pytest.mark.parametrize("cards, expected", [
    (["red-2", "blue-2"], Combination(P, 2)),
    (["red-6", "blue-6", "cowboy"], Combination(T, 6)),          # the rulebook's trio with a cowboy
    (["cowboy", "cowboy"], Combination(P, 8)),                   # all-cowboy pair = pair of 8s
    (["cowboy"] * 4, Combination(Q, 8)),
    (["red-1", "blue-1", "green-1", "purple-1"], Combination(Q, 1)),
    (["green-2", "green-3", "green-4", "green-5", "green-6"], Combination(R, 6)),
    (["green-3", "green-4", "green-5", "cowboy", "cowboy"], Combination(R, 7)),   # extends upward
    (["green-6", "green-7", "green-8", "cowboy", "cowboy"], Combination(R, 8)),   # cannot pass 8
    (["green-2", "green-4", "green-6", "cowboy", "cowboy"], Combination(R, 6)),   # fills the gaps
    (["cowboy"] * 5, Combination(R, 8)),
    (["red-1", "cowboy", "cowboy", "cowboy", "cowboy"], Combination(R, 5)),
])
def test_valid_combinations(cards, expected):
    assert evaluate(cards) == expected


@pytest.mark.parametrize("cards", [
    ["red-2"],                                                   # one card is nothing
    ["red-2", "blue-3"],                                         # different values
    ["red-2", "blue-2", "green-2", "yellow-2", "purple-2"],      # five of a value: extra card
    ["red-2", "red-3", "red-4", "red-5", "blue-6"],              # mixed colours: no straight
    ["red-2", "red-3", "red-4", "red-5"],                        # short straight
    ["red-1", "red-2", "red-3", "red-4", "red-7"],               # not consecutive
    ["red-1", "red-2", "red-7", "cowboy", "cowboy"],             # gap too wide
    ["red-3", "red-3x"],                                         # unknown card
    ["red-2", "blue-2", "cowboy", "cowboy", "cowboy", "cowboy"],  # six cards
])
def test_invalid_plays(cards):
    assert evaluate(cards) is None


def test_strength_order():
    assert Combination(T, 1).beats(Combination(P, 8))     # any trio beats any pair
    assert Combination(P, 6).beats(Combination(P, 2))
    assert not Combination(P, 4).beats(Combination(P, 4))  # equal is not stronger
    assert Combination(R, 5).beats(Combination(Q, 8))
    assert not Combination(P, 3).beats(Combination(P, 4))


@settings(max_examples=300, deadline=None)
@given(deck=st.permutations(C.full_deck()), size=st.integers(0, 16))
@example(deck=sorted(C.full_deck(), key=lambda c: c != C.COWBOY), size=5)  # cowboys only
def test_playable_lists_every_combination_of_a_hand_once_in_subset_order(deck, size):
    hand = deck[:size]
    tried: dict[tuple[str, ...], C.Combination] = {}
    for size in (2, 3, 4, 5):
        for cards in itertools.combinations(sorted(hand), size):
            combo = C.evaluate(cards)
            if combo is not None:
                tried.setdefault(cards, combo)
    assert C.playable(hand) == list(tried.items())
