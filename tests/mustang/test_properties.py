"""Properties of every game, checked after every single action of random legal games
(hypothesis chooses seeds, player counts and options):

* all 47 horses, each in one place, and the 49 cards of the deck (the very cards, not
  only their number) are accounted for;
* hands refill to 6 (with ``exchange_draws_two``: to 6 plus one per 1-for-2 exchange,
  counting the cards owed while supply and discard pile are both empty);
* the discard pile is reshuffled only when a card must be drawn, and each reshuffle
  reveals exactly one event, once the action's draws are done;
* every game ends, and its winners have the best score;
* replaying the log (as JSON, and through the SQLite log with ``Referee.resume``)
  reproduces the state exactly.

Two kinds of player: the built-in one with a little randomness (short games full of
catches, steals and events: 1,850 games) and a uniformly random legal player (150 long
games, hands grown large by exchanges); 25 more games go through the SQLite log.
"""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.game import Chance, Decision, Seat
from companion.games.mustang import GAME
from companion.games.mustang.actions import Exchange
from companion.games.mustang.cards import HAND_SIZE
from companion.session import Referee
from companion.store import GameStore
from tests.mustang.helpers import assert_accounted

OPTIONS = st.fixed_dictionaries({
    "exchange_draws_two": st.booleans(),
    "birth_to": st.sampled_from(["corral", "stable"]),
    "end_when": st.sampled_from(["kind_exhausted", "stack_empty"]),
    "family_bonus_where": st.sampled_from(["stable", "anywhere"]),
    "specials_count_as_kind": st.booleans(),
    "event_deck": st.sampled_from(["standard", "five"]),
})
GAMES = dict(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5), options=OPTIONS)

MAX_ACTIONS = 4000


class Watcher:
    """Checks the invariants after every action; counts each player's 1-for-2 exchanges."""

    def __init__(self) -> None:
        self.grown = Counter()

    def acted(self, state, actor, action) -> None:
        if isinstance(action, Exchange) and action.count == 1 and state.options["exchange_draws_two"]:
            self.grown[actor] += 1
        self.check(state)

    def check(self, state) -> None:
        assert_accounted(state)
        assert len(set(state.prairie)) == len(state.prairie)
        reveals_queued = sum(1 for step in state.agenda if step.kind == "reveal")
        assert state.shuffles == len(state.events_revealed) + state.reveals_due + reveals_queued
        pending = GAME.pending(state)
        if isinstance(pending, Decision) and pending.kind == "turn":
            assert state.reveals_due == 0 and state.spent == {}
            for seat, p in enumerate(state.players):                     # refilled to 6 (+ growth)
                assert len(p.hand) + state.owed.get(seat, 0) == HAND_SIZE + self.grown[seat], seat
            if state.owed:                                                # owed only when nothing can be drawn
                assert state.options["exchange_draws_two"] and not state.supply and not state.discard
            if not state.supply:                                          # no card waits on the discard pile
                assert not state.discard
            assert len(state.events_revealed) == state.shuffles           # one event per reshuffle, resolved


def play(seed: int, players: int, options: dict, bot_share: float, watcher: Watcher | None = None):
    """A random legal game: at each decision the built-in player moves with probability
    ``bot_share``, otherwise a uniformly random legal action (one of which is checked)."""
    rng = random.Random(seed)
    state = GAME.start([Seat(f"P{i}") for i in range(players)], options, seed=seed,
                           dealer=seed % players, simulated_hands=True)
    log = []
    while not GAME.is_over(state):
        pending = GAME.pending(state)
        if isinstance(pending, Chance):
            action = GAME.sample_chance(state, rng)
        elif rng.random() < bot_share:
            action = GAME.choose(state, rng)
        else:
            legal = GAME.legal_actions(state)
            assert GAME.check(state, rng.choice(legal)).accepted
            action = rng.choice(legal)
        GAME.apply(state, action)
        log.append(action)
        if watcher:
            watcher.acted(state, getattr(pending, "player", None), action)
        assert len(log) < MAX_ACTIONS, "the game does not end"
    return state, log


def assert_final(state, log, replay: bool = True) -> None:
    """The winners have the best score; ``replay``: the log, through JSON, replays to
    the same state."""
    sheet = GAME.scores(state)
    assert sheet.winners and all(sheet.players[w].total == max(p.total for p in sheet.players) for w in sheet.winners)
    if not replay:
        return
    replayed = GAME.start(state.seats, state.options, seed=state.seed, dealer=state.dealer, simulated_hands=True)
    for action in log:
        GAME.apply(replayed, GAME.action_from_json(GAME.action_to_json(action)))
    assert replayed == state
    assert GAME.observation(replayed) == GAME.observation(state)


@pytest.mark.slow
@settings(max_examples=1850, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**GAMES)
def test_built_in_player_games_keep_every_invariant_after_every_action(seed, players, options):
    state, log = play(seed, players, options, bot_share=0.9, watcher=Watcher())
    assert_final(state, log, replay=seed % 4 == 0)        # replays: a quarter here, all below


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**GAMES)
def test_uniformly_random_games_keep_every_invariant_after_every_action(seed, players, options):
    state, log = play(seed, players, options, bot_share=0.0, watcher=Watcher())
    assert_final(state, log)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    s = GameStore(tmp_path_factory.mktemp("properties") / "games.sqlite3")
    yield s
    s.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(**GAMES)
def test_the_sqlite_log_resumes_the_identical_game_at_any_moment(store, seed, players, options):
    """Play through the referee (with an undo now and then), resume from the database at
    random moments and go on with the resumed referee: the game is the uninterrupted one."""
    rng = random.Random(seed)
    ref = Referee.new(store, "mustang", [Seat(f"P{i}") for i in range(players)], options, seed=seed,
                      simulated_hands=True)
    steps = 0
    while not ref.is_over:
        verdict = ref.simulate_chance() if isinstance(ref.pending, Chance) else ref.submit(ref.bot_action())
        assert verdict.accepted
        if rng.random() < 0.05:
            ref.undo()
        if rng.random() < 0.1 or ref.is_over:
            resumed = Referee.resume(GameStore(store.path), ref.game_id)
            assert resumed.state == ref.state and resumed.actions == ref.actions
            assert resumed.observation() == ref.observation()
            ref = resumed
        steps += 1
        assert steps < MAX_ACTIONS
    assert [r.id for r in store.finished() if r.id == ref.game_id] == [ref.game_id]
