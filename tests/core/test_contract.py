"""The tests every registered game passes (as OpenSpiel runs one suite over all its
games): random games end, actions round-trip through JSON, every legal action is
accepted, rejections carry a reason, a rulebook section and text in every language, a
recorded game replays to the live result, a resumed game is the live game, a player's
view never shows another player's hand, and a seeded demo is deterministic.

A new game package is picked up here without an edit."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.commands import DEMO_NAMES, play_out, run_script, table_script
from companion.errors import GameError
from companion.game import Chance, Decision, Game, Over, Seat
from companion.games import available, get_game
from companion.i18n import LANGUAGES
from companion.session import Referee
from companion.store import GameStore

GAMES = available()
MOVE_LIMIT = 5000
"""Every bot game of every registered game ends well within this many actions."""


def player_counts(game: Game[Any]) -> list[int]:
    """The fewest, the most and a middle number of players the game takes with its
    default options (a count that needs an option switched on is left out)."""
    def accepted(n: int) -> bool:
        try:
            game.make_setup(seats(n))
        except GameError:
            return False
        return True

    counts = [n for n in range(game.min_players, game.max_players + 1) if accepted(n)]
    return sorted({counts[0], counts[-1], counts[len(counts) // 2]})


def seats(n: int) -> list[Seat]:
    return [Seat(name) for name in DEMO_NAMES[:n]]


def bot_game(name: str, players: int, seed: int) -> tuple[Game[Any], Any, list[Any]]:
    """A simulated game played by the built-in players; returns the game, the final
    state and the actions, checking the contract at every step."""
    game = get_game(name)
    state = game.start(seats(players), seed=seed, simulated_hands=True)
    rng = random.Random(seed)
    actions = []
    while not isinstance(game.pending(state), Over):
        assert len(actions) < MOVE_LIMIT, f"{name} did not end in {MOVE_LIMIT} actions"
        action = game.sample_chance(state, rng) if isinstance(game.pending(state), Chance) else game.choose(state, rng)
        again = game.action_from_json(json.loads(json.dumps(game.action_to_json(action))))
        assert again == action
        verdict = game.apply(state, action)
        assert verdict.accepted
        actions.append(action)
    return game, state, actions


@pytest.mark.parametrize("name", GAMES)
def test_random_games_end_with_scores(name):
    game = get_game(name)
    for players in player_counts(game):
        for seed in (1, 2):
            game, state, actions = bot_game(name, players, seed)
            sheet = game.scores(state)
            assert len(sheet.players) == players and sheet.winners
            assert game.view(state).over


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_is_accepted_and_every_rejection_explained(name):
    game = get_game(name)
    state = game.start(seats(player_counts(game)[-1]), seed=3, simulated_hands=True)
    rng = random.Random(3)
    earlier: list[Any] = []
    rejections = 0
    for _ in range(150):
        pending = game.pending(state)
        if isinstance(pending, Over):
            break
        legal = game.legal_actions(state)
        for action in legal:
            assert game.check(state, action).accepted, game.describe(action).render("en")
        for action in earlier[-30:]:
            verdict = game.check(state, action)
            if verdict.accepted:
                continue
            rejections += 1
            assert verdict.reason and verdict.section is not None, verdict.message.render("en")
            for lang in LANGUAGES:
                assert verdict.message.render(lang).strip() and verdict.section.render(lang).strip()
        earlier.extend(legal[:5])
        action = game.sample_chance(state, rng) if isinstance(pending, Chance) else game.choose(state, rng)
        game.apply(state, action)
    assert rejections > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_recorded_game_replays_to_the_live_result(name):
    game = get_game(name)
    players = player_counts(game)[0]
    live = Referee.new(GameStore(":memory:"), name, seats(players), seed=4, simulated_hands=True)
    play_out(live)
    lines = [json.dumps(line) for line in table_script(live)]
    replayed, records = run_script(lines, GameStore(":memory:"))
    assert [r["line"] for r in records if r["verdict"] is not None and not r["verdict"].accepted] == []
    assert replayed.is_over and replayed.scores() == live.scores()


@pytest.mark.parametrize("name", GAMES)
def test_resuming_from_the_log_gives_the_live_game(name, tmp_path):
    game = get_game(name)
    path = tmp_path / "games.sqlite"
    live = Referee.new(GameStore(path), name, seats(player_counts(game)[-1]), seed=5, simulated_hands=True)
    for n in range(60):
        if live.is_over:
            break
        live.submit(live.bot_action())
        if n % 7 == 3:
            live.undo()
    resumed = Referee.resume(GameStore(path), live.game_id)
    assert resumed.actions == live.actions
    assert game.observation(resumed.state) == game.observation(live.state)
    assert resumed.bot_action() == live.bot_action()


@pytest.mark.parametrize("name", GAMES)
def test_undo_restores_the_position_exactly(name):
    game = get_game(name)
    ref = Referee.new(GameStore(":memory:"), name, seats(player_counts(game)[0]), seed=6, simulated_hands=True)
    for _ in range(40):
        if ref.is_over:
            break
        before = json.dumps(game.observation(ref.state), sort_keys=True, default=str)
        ref.submit(ref.bot_action())
        ref.undo()
        assert json.dumps(game.observation(ref.state), sort_keys=True, default=str) == before
        ref.submit(ref.bot_action())


@pytest.mark.parametrize("name", GAMES)
def test_no_view_shows_another_players_hand(name):
    game = get_game(name)
    game_players = player_counts(game)[-1]
    state = game.start(seats(game_players), seed=7, simulated_hands=True)
    rng = random.Random(7)
    for _ in range(40):
        pending = game.pending(state)
        if isinstance(pending, Over):
            break
        for viewer in range(game_players):
            shown = json.dumps([game.observation(state, viewer), game.view(state, viewer).panels], default=str)
            for other in range(game_players):
                hand = sorted(c for c in game.hand(state, other) if c is not None)
                if other != viewer and len(hand) >= 2:
                    assert json.dumps(hand) not in shown, f"seat {viewer} sees seat {other}'s hand"
        action = game.sample_chance(state, rng) if isinstance(pending, Chance) else game.choose(state, rng)
        game.apply(state, action)


@pytest.mark.parametrize("name", GAMES)
def test_a_seeded_demo_is_deterministic(name):
    def demo() -> list[dict[str, Any]]:
        ref = Referee.new(GameStore(":memory:"), name, seats(player_counts(get_game(name))[0]), seed=8,
                          simulated_hands=True)
        play_out(ref)
        return [ref.game.action_to_json(a) for a in ref.actions]

    assert demo() == demo()


@pytest.mark.parametrize("name", GAMES)
def test_the_view_names_every_player_and_who_acts(name):
    game = get_game(name)
    players = player_counts(game)[0]
    state = game.start(seats(players), seed=9, simulated_hands=True)
    view = game.view(state)
    assert [p.name for p in view.players] == list(DEMO_NAMES[:players])
    pending = game.pending(state)
    assert view.prompt.render("en") == pending.prompt.render("en")
    if isinstance(pending, Decision):
        assert all(0 <= p < players for p in pending.players)


@pytest.mark.parametrize("name", GAMES)
def test_every_showcase_is_reached_by_legal_moves_and_its_inputs_are_script_lines(name):
    """The moments ``companion screenshots`` pictures: a referee plays each one's actions
    with no rejection, and each shot's inputs are table-script lines the referee takes."""
    from companion.script_lines import parse_line

    game = get_game(name)
    seats = [Seat(n) for n in DEMO_NAMES[:game.max_players]]
    for moment in game.showcases(seats):
        referee = Referee.new(GameStore(":memory:"), name, seats[:moment.players], moment.options,
                              seed=moment.seed, dealer=moment.dealer, simulated_hands=True)
        for action in moment.actions:
            verdict = referee.submit(action)
            assert verdict.accepted, verdict.message.render("en")
        assert not referee.is_over
        assert moment.shots and len({shot.name for shot in moment.shots}) == len(moment.shots)
        for shot in moment.shots:
            for line in shot.inputs:
                assert parse_line(1, json.dumps(line)) is not None
