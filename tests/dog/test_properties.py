"""Properties over many seeded bot games: pawns and cards conserved, at most one pawn a
field, every game ends, undo by replay restores the state exactly, every action
round-trips through JSON and is among the legal actions."""

from __future__ import annotations

import json
import os
import random

import pytest

from companion.game import Seat
from companion.games.dog import GAME
from companion.games.dog.cards import game_deck
from companion.games.dog.state import PAWNS, DogState

LIMIT = 6000  # actions; no game in the seeds below comes near it

MODES = ({}, {"mode": "royal"}, {"deck": "classic"}, {"deck": "standard"},
         {"mode": "royal", "start_block": "first_arrival", "copy_source": "any_this_round", "goal_entry_forced": True},
         {"teams": "off", "basic_uses_new_cards": False, "small_game_seats": "adjacent"})


def check_invariants(state: DogState) -> None:
    n = state.players
    assert len(state.pos) == n * PAWNS
    track = [p for p in state.pos if p >= 0]
    assert len(track) == len(set(track)), "two pawns on one track field"
    for owner in range(n):
        goal = [p for p in state.pos[owner * PAWNS:(owner + 1) * PAWNS] if p <= -2]
        assert len(goal) == len(set(goal)), "two pawns on one goal field"
    held = sum(len(h) for h in state.hands) + len(state.deck) + len(state.discard)
    if state.setup.simulated_hands:
        held += sum(1 for c in state.exchange_given.values() if c is not None and state.phase.value == "exchange")
    assert held == len(game_deck(state.rules.deck, state.rules.new_cards))


def play_game(players: int, options: dict, seed: int, simulated: bool = True, checks: bool = True) -> int:
    state = GAME.start([Seat(f"P{i}") for i in range(players)], options, seed=seed, simulated_hands=simulated)
    rng = random.Random(seed)
    first = state.copy()
    history = []
    for count in range(LIMIT):  # noqa: B007  (the count is the game's length, returned)
        if GAME.is_over(state):
            break
        action = GAME.choose(state, rng)
        if checks:
            assert action in GAME.legal_actions(state)
            data = json.loads(json.dumps(GAME.action_to_json(action)))
            assert GAME.action_from_json(data) == action
        before = state.copy()
        GAME.apply(state, action)
        history.append(action)
        if checks:
            check_invariants(state)
            GAME.view(state, 0)
    assert GAME.is_over(state), "game did not end"
    if checks:  # undo: replaying all actions but the last from a fresh state restores exactly
        replay = first.copy()
        for a in history[:-1]:
            GAME.apply(replay, a)
        assert replay == before and replay is not before
    sheet = GAME.scores(state)
    for winner in sheet.winners:
        assert state.home_count(winner) == PAWNS
    return count


@pytest.mark.parametrize("options", MODES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "basic")
def test_bot_games_end_and_keep_the_invariants(options):
    index = MODES.index(options)
    play_game(2 + index % 5, options, index)


def test_real_table_games_track_hand_sizes():
    play_game(4, {"mode": "royal"}, 1, simulated=False)


@pytest.mark.slow
@pytest.mark.parametrize("options", MODES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "basic")
def test_thousands_of_games(options):
    for seed in range(int(os.environ.get("DOG_PROPERTY_GAMES", "100"))):
        play_game(2 + seed % 5, options, 1000 + seed, simulated=seed % 7 != 0, checks=seed % 10 == 0)
