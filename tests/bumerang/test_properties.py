"""Properties over many seeded games with every option: stones are conserved across
supply, board, prisoners and removed; a field holds one stone; every legal action is
accepted; every action round-trips through JSON (and the observation, panels and score
sheet serialise); undo (replaying all actions but the last from a fresh state) restores
the position exactly; every game ends (by the target, elimination, or everyone passing) within :data:`LIMIT` actions."""

from __future__ import annotations

import json
import os
import random

import pytest

from companion.game import Seat
from companion.games.bumerang import GAME, moves
from tests.bumerang.helpers import conserved, square_board, strip_board

LIMIT = 3000
"""Actions after which a game would count as not ending (none reaches it)."""

VARIANTS = [
    {},
    {"missed_capture": "claim"},
    {"missed_capture": "reject", "chain_capture": "must"},
    {"capture_on_arrival": True, "extra_turn_capture_duty": False},
    {"capture_on_arrival": True, "missed_capture": "claim", "chain_capture": "must"},
]


def pick(state, rng):
    """The bot, random legal actions, and now and then an infraction the referee fines."""
    infractions = moves.infractions(state)
    if infractions and rng.random() < 0.3:
        return rng.choice(infractions)
    if rng.random() < 0.3:
        return rng.choice(GAME.legal_actions(state))
    return GAME.choose(state, rng)


def play_game(seed: int, check_undo: bool = True):
    players = 3 + seed % 3 if seed % 7 else 2
    options = dict(VARIANTS[seed % len(VARIANTS)])
    if players == 2:
        options["two_player"] = True
    board = (None, square_board(), strip_board())[seed % 11 % 3] if seed % 5 == 4 else None
    seats = [Seat(f"P{i}") for i in range(players)]
    state = GAME.start(seats, options, seed=seed, board_file=board)
    rng = random.Random(seed)
    played = []
    before_last = None
    while not GAME.is_over(state) and len(played) < LIMIT:
        legal = GAME.legal_actions(state)
        assert legal, "a decision without a legal action"
        for action in rng.sample(legal, min(3, len(legal))):
            assert GAME.check(state, action).accepted, GAME.describe(action).render("en")
        action = pick(state, rng)
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
        before_last = state.copy()
        GAME.apply(state, action)
        played.append(action)
        conserved(state)
        if len(played) % 25 == 1:
            json.dumps(GAME.observation(state))
            json.dumps(dict(GAME.view(state).panels))
    if check_undo and played:
        replay = GAME.start(seats, options, seed=seed, board_file=board)
        for action in played[:-1]:
            GAME.apply(replay, action)
        assert replay.snapshot() == before_last.snapshot()
    return state, played


def test_properties_over_seeded_games():
    ends = {}
    for seed in range(40):
        state, played = play_game(seed)
        assert GAME.is_over(state), f"seed {seed}: no end after {len(played)} actions"
        ends[state.end] = ends.get(state.end, 0) + 1
        assert GAME.view(state).over
        json.dumps(GAME.scores(state).to_record())
    assert ends.get("target", 0) > 20


def test_copy_is_independent():
    state = GAME.start([Seat("a"), Seat("b"), Seat("c")])
    clone = state.copy()
    GAME.apply(clone, GAME.legal_actions(clone)[0])
    assert state.snapshot() != clone.snapshot() and not state.at


@pytest.mark.slow
def test_properties_over_thousands_of_games():
    """``BUMERANG_PROPERTY_GAMES`` games (default 1 000)."""
    ends = {}
    for seed in range(40, 40 + int(os.environ.get("BUMERANG_PROPERTY_GAMES", "1000"))):
        state, played = play_game(seed, check_undo=seed % 10 == 0)
        assert GAME.is_over(state), f"seed {seed}: no end after {len(played)} actions"
        ends[state.end] = ends.get(state.end, 0) + 1
    assert set(ends) <= {"target", "last", "passed", "two_player"}
