"""Properties over many seeded bot games: five laddies per player always somewhere and
never two on one hole, every card accounted for across draw pile, hands and discards,
every game ends (the bots win within TURN_LIMIT turns), undo by replay restores the
position exactly, and every action round-trips through JSON."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from companion.game import Seat
from companion.games.stramash import GAME
from companion.games.stramash.cards import pack, packs_for
from companion.games.stramash.state import DOCK

TURN_LIMIT = 3000      # bot games end long before this (a cut game fails the test)


def snapshot(state):
    return (state.laddies, state.travelled, state.hands, state.draw, state.discard, state.turn, state.turns,
            state.winner, state.last, state.reshuffles)


def check_invariants(state):
    length = state.geo.length
    track = Counter()
    for positions in state.laddies:
        assert len(positions) == 5
        castle = [p for p in positions if p >= length]
        assert len(set(castle)) == len(castle), "two laddies on one castle hole"
        for p in positions:
            assert p == DOCK or 0 <= p < length + 5
            if 0 <= p < length:
                track[p] += 1
    assert all(n == 1 for n in track.values()), "two laddies on one track hole"
    total = packs_for(state.players) * (52 + state.options["jokers_per_pack"])
    held = [c for h in state.hands for c in h] + list(state.draw) + list(state.discard)
    assert len(held) == total
    if state.simulated:
        assert Counter(held) == Counter(c for _ in range(state.packs) for c in pack(state.options["jokers_per_pack"]))
    for seat, hand in enumerate(state.hands):
        expected = 6 if seat == state.turn and state.winner is None else 5
        assert len(hand) == expected


def play(players: int, seed: int, options=None, simulated=True, chooser="bot"):
    state = GAME.start([Seat(f"P{i}") for i in range(players)], options or {}, seed=seed,
                       simulated_hands=simulated)
    rng = random.Random(seed)
    actions = []
    undo_at = rng.randrange(1, 120)
    kept = None
    while not GAME.is_over(state) and state.turns < TURN_LIMIT:
        check_invariants(state) if state.turn is not None else None
        if chooser == "bot":
            action = GAME.choose(state, rng)
        else:
            action = rng.choice(GAME.legal_actions(state))
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
        if len(actions) == undo_at:
            kept = state.copy()
        GAME.apply(state, action)
        actions.append(action)
    if kept is not None:
        replay = GAME.start([Seat(f"P{i}") for i in range(players)], options or {}, seed=seed,
                            simulated_hands=simulated)
        for action in actions[:undo_at]:
            GAME.apply(replay, action)
        assert snapshot(replay) == snapshot(kept)
    return state, actions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bot_games_end_with_a_winner_and_keep_every_laddie_and_card(players):
    for seed in range(4):
        state, _ = play(players, seed)
        assert GAME.is_over(state), f"{players} players, seed {seed}: no winner in {TURN_LIMIT} turns"
        assert state.home(state.winner) == 5
        assert GAME.scores(state).winners == (state.winner,)


@pytest.mark.parametrize("options", [
    {"pass_own_laddies": True}, {"castle_moves": False}, {"castle_entry_forced": True}, {"lap_required": True},
    {"joker_optional": True}, {"jokers_per_pack": 0}, {"two_player_mashies": "adjacent"},
])
def test_every_option_plays_to_the_end(options):
    for seed in range(2):
        state, _ = play(2 if "two_player_mashies" in options else 4, seed, options)
        assert GAME.is_over(state)


def test_real_table_games_track_hand_sizes_only():
    for seed in range(3):
        state, actions = play(3, seed, simulated=False)
        assert all(c is None for h in state.hands for c in h) and all(c is None for c in state.draw)
        assert state.discard[-1] == actions[-1].card
        assert all(state.discard.count(c) <= state.packs * (2 if c == "JK" else 1) for c in state.discard)


def test_random_legal_play_keeps_the_invariants():
    for seed in range(3):
        play(4, seed, chooser="random")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_thousands_of_bot_games(players):
    """``STRAMASH_PROPERTY_GAMES`` games per player count (default 200: 1 000 in all)."""
    for seed in range(100, 100 + int(os.environ.get("STRAMASH_PROPERTY_GAMES", "200"))):
        state, _ = play(players, seed)
        assert GAME.is_over(state)
