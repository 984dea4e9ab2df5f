"""Properties of every game: random legal games (hypothesis chooses seeds, player
counts and options; each move is a uniformly random legal action)."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.game import Chance, Decision
from companion.games.mustang import GAME
from companion.games.mustang.cards import HAND_SIZE
from companion.game import Seat
from tests.mustang.helpers import assert_accounted

OPTIONS = st.fixed_dictionaries({
    "exchange_draws_two": st.booleans(),
    "birth_to": st.sampled_from(["corral", "stable"]),
    "end_when": st.sampled_from(["kind_exhausted", "stack_empty"]),
    "family_bonus_where": st.sampled_from(["stable", "anywhere"]),
    "specials_count_as_kind": st.booleans(),
    "event_deck": st.sampled_from(["standard", "five"]),
})

MAX_ACTIONS = 4000


def play_random_game(seed: int, players: int, options: dict, check_every=None):
    """Play a random legal game; call ``check_every(state)`` after each action."""
    rng = random.Random(seed)
    state = GAME.new_state([Seat(f"P{i}") for i in range(players)], options, seed=seed,
                           dealer=seed % players, simulated_hands=True)
    log = []
    while not GAME.is_over(state):
        pending = GAME.pending(state)
        if isinstance(pending, Chance):
            action = GAME.sample_chance(state, rng)
        else:
            legal = GAME.legal_actions(state)
            for candidate in rng.sample(legal, min(3, len(legal))):
                assert GAME.check(state, candidate).accepted, candidate
            action = rng.choice(legal)
        GAME.apply(state, action)
        log.append(action)
        if check_every:
            check_every(state)
        assert len(log) < MAX_ACTIONS, "the game does not end"
    return state, log


def invariants(state):
    assert_accounted(state)
    pending = GAME.pending(state)
    if isinstance(pending, Decision) and pending.kind == "turn":
        hands = [len(p.hand) for p in state.players]
        if state.options["exchange_draws_two"]:                           # 1-for-2 exchanges grow a hand
            assert all(n >= HAND_SIZE for n in hands) or not (state.supply or state.discard)
        else:
            assert hands == [HAND_SIZE] * len(hands)                      # hands refilled to 6
        assert len(state.events_revealed) == state.shuffles               # one event per reshuffle
    assert len(set(state.prairie)) == len(state.prairie)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5), options=OPTIONS)
def test_random_games_keep_every_card_and_horse_and_end(seed, players, options):
    state, log = play_random_game(seed, players, options)
    invariants(state)
    sheet = GAME.scores(state)
    assert sheet.winners and all(sheet.players[w].total == max(p.total for p in sheet.players)
                                 for w in sheet.winners)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5), options=OPTIONS)
def test_invariants_hold_after_every_action_and_replay_reproduces_the_state(seed, players, options):
    state, log = play_random_game(seed, players, options, check_every=invariants)
    replayed = GAME.new_state(state.seats, options, seed=seed, dealer=state.dealer, simulated_hands=True)
    for action in log:
        GAME.apply(replayed, GAME.action_from_json(GAME.action_to_json(action)))
    assert replayed == state
    assert GAME.observation(replayed) == GAME.observation(state)
