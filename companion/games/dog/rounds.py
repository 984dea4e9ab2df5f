"""DOG's rounds: dealing (6-5-4-3-2 or 5), reshuffles, the partner exchange, the royal
opening, whose turn it is, and the end (rulings: "Setup and rounds", "End and winner").

Cards a real table deals are unknown to the referee (``None``); with simulated hands the
deck is shuffled by ``random.Random("dog:<seed>:<n>")``.
"""

from __future__ import annotations

import random
from typing import Sequence

from companion.games.dog.state import PAWNS, DogState, Phase

BASIC_SIZES = (6, 5, 4, 3, 2)
ROYAL_SIZE = 5


def hand_size(state: DogState) -> int:
    return ROYAL_SIZE if state.rules.royal else BASIC_SIZES[state.round % len(BASIC_SIZES)]


def dealer(state: DogState) -> int:
    """The player who deals this round: the one before the start player."""
    return (state.starter - 1) % state.players


def shuffled(state: DogState, cards: Sequence[str | None]) -> list[str | None]:
    """``cards`` shuffled with the game's seeded generator (real table: unknown cards)."""
    state.shuffles += 1
    if not state.setup.simulated_hands:
        return [None] * len(cards)
    out = list(cards)
    random.Random(f"dog:{state.seed}:{state.shuffles}").shuffle(out)
    return out


def refill(state: DogState, need: int) -> None:
    """When the deck holds fewer than ``need`` cards, shuffle the played cards into it."""
    if len(state.deck) < need and state.discard:
        state.deck = shuffled(state, state.discard) + state.deck
        state.discard = []
        state.notes.append("reshuffle")


def deal(state: DogState) -> None:
    """Deal this round's hands (basic: gather all cards before each 6-card round)."""
    state.notes = []
    size = hand_size(state)
    if not state.rules.royal and state.round % len(BASIC_SIZES) == 0 and state.round > 0:
        state.deck = shuffled(state, state.deck + state.discard)
        state.discard = []
        state.notes.append("gather")
    state.notes.append("deal")
    for offset in range(size * state.players):
        refill(state, 1)
        player = (state.starter + offset) % state.players
        if state.deck:
            state.hands[player].append(state.deck.pop())


def begin_round(state: DogState) -> None:
    """Deal, then the exchange (team play), the royal opening (first round) or the
    start player's turn."""
    state.played_round = []
    state.folded = set()
    deal(state)
    if any(p is not None for p in state.partner):
        state.phase = Phase.EXCHANGE
        state.exchange_given = {}
    else:
        after_exchange(state)


def after_exchange(state: DogState) -> None:
    if state.round == 0 and state.rules.royal:
        state.phase = Phase.OPENING
        state.opening_left = [(state.starter + i) % state.players for i in range(state.players)]
    else:
        state.phase = Phase.TURN
        state.current = state.starter


def next_turn(state: DogState) -> None:
    """The next player clockwise with cards plays; when every hand is empty, the next
    round begins with the next start player."""
    n = state.players
    state.phase = Phase.TURN
    for d in range(1, n + 1):
        player = (state.current + d) % n
        if state.hands[player]:
            state.current = player
            return
    state.round += 1
    state.starter = (state.starter + 1) % n
    begin_round(state)


def winners(state: DogState) -> tuple[int, ...]:
    """The winning team (or solo player) once all its pawns are home, else ()."""
    for player in range(state.players):
        if state.home_count(player) < PAWNS:
            continue
        partner = state.partner[player]
        if partner is None:
            return (player,)
        if state.home_count(partner) == PAWNS:
            return tuple(sorted((player, partner)))
    return ()
