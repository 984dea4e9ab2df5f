"""Dealing, drawing and reshuffling (rulings: "Setup", "A turn").

With simulated hands the cards are real ids from a deck shuffled by
``random.Random(f"stramash:{seed}:…")``; at a real table hands and draw pile hold
``None`` and only their sizes are tracked. Cards never return to a hand (S14).
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from companion.game import Setup
from companion.games.stramash.board import LADDIES, Geometry, geometry
from companion.games.stramash.cards import JOKER, RANKS, SUITS, pack, packs_for
from companion.games.stramash.state import DOCK, StramashState

HAND = 5


def table_geometry(setup: Setup, options: Mapping[str, Any]) -> Geometry:
    """The ring of a validated setup."""
    return geometry(len(setup.seats), setup.board["holes_per_mashie"], setup.board["start_hole"],
                    setup.board["castle_entry_hole"], options["two_player_mashies"])


def copies(state: StramashState, card: str) -> int:
    """How many copies of ``card`` the shuffled packs hold."""
    return state.packs * (state.options["jokers_per_pack"] if card == JOKER else 1)


def card_ids(state: StramashState) -> list[str]:
    """Every card id in this game's packs, each once."""
    ids = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]
    return ids + [JOKER] if state.options["jokers_per_pack"] else ids


def opening(setup: Setup, options: Mapping[str, Any], seed: int) -> StramashState:
    """Laddies in their docks, five cards dealt, no first player yet."""
    players = len(setup.seats)
    packs = packs_for(players)
    deck: list[str | None] = [c for _ in range(packs) for c in pack(options["jokers_per_pack"])]
    if setup.simulated_hands:
        random.Random(f"stramash:{seed}:deal").shuffle(deck)
    else:
        deck = [None] * len(deck)
    hands = [[deck.pop() for _ in range(HAND)] for _ in range(players)]
    return StramashState(setup, dict(options), seed, table_geometry(setup, options),
                         [[DOCK] * LADDIES for _ in range(players)], [[0] * LADDIES for _ in range(players)],
                         hands, deck, [], packs)


def first_player(state: StramashState) -> int | None:
    """The first player the option ``first_player`` names (``None``: the screen asks)."""
    choice = state.options["first_player"]
    if choice == "random":
        return random_seat(state)
    if choice == "left-of-dealer":
        return (state.setup.dealer + 1) % state.players
    return None


def random_seat(state: StramashState) -> int:
    """The seeded random first player (the option, or the screen's random button)."""
    return random.Random(f"stramash:{state.seed}:first").randrange(state.players)


def begin_turn(state: StramashState, seat: int) -> None:
    """``seat`` draws the top card; an empty draw pile is first refilled with the discard
    pile except its top card, shuffled."""
    state.turn = seat
    state.reshuffled = False
    if not state.draw and len(state.discard) > 1:
        pile = state.discard[:-1]
        state.discard = state.discard[-1:]
        if state.simulated:
            random.Random(f"stramash:{state.seed}:reshuffle:{state.reshuffles}").shuffle(pile)
            state.draw = list(pile)
        else:
            state.draw = [None] * len(pile)
        state.reshuffles += 1
        state.reshuffled = True
    if state.draw:
        state.hands[seat].append(state.draw.pop())


def lay(state: StramashState, seat: int, card: str) -> None:
    """``card`` leaves ``seat``'s hand face up onto the discard pile."""
    hand = state.hands[seat]
    if state.simulated:
        hand.remove(card)
    else:
        hand.pop()
    state.discard.append(card)
