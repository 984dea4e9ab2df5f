"""Rules beyond the scenarios: every rule option, the cards' uses, the hand and the
piles, the first player (rulings S1–S14 and "Setup", "A turn")."""

from __future__ import annotations

import random

import pytest

from companion.errors import GameError

from companion.errors import IllegalAction
from companion.game import Decision, Seat
from companion.games.stramash import GAME
from companion.games.stramash.actions import ComeOut, Discard, Fechter, FirstPlayer, Move, Split
from tests.stramash.helpers import NAMES, again, position, section_en, where


def verdict(state, action):
    return GAME.check(state, action)


def test_pass_own_laddies_option_lets_a_laddie_pass_but_not_land():
    state = position([10, 12], options={"pass_own_laddies": True})
    assert verdict(state, Move("5C", 1)).accepted
    assert verdict(state, Move("2C", 1)).reason == "own-landing"


def test_castle_moves_off_freezes_a_castle_laddie():
    state = position(["C1", 30], options={"castle_moves": False})
    v = verdict(state, Move("3S", 1, castle=True))
    assert v.reason == "no-castle-moves" and "S10" in section_en(v)


def test_castle_entry_forced_option():
    free = position([71])
    assert verdict(free, Move("5H", 1)).accepted
    forced = position([71], options={"castle_entry_forced": True})
    v = verdict(forced, Move("5H", 1))
    assert v.reason == "castle-forced" and "S9" in section_en(v)
    assert verdict(forced, Move("5H", 1, castle=True)).accepted
    assert verdict(forced, Move("9H", 1)).accepted           # the castle cannot take a 9


def test_an_eight_behind_the_start_then_into_the_castle():
    state = position([7])
    GAME.apply(state, Move("8C", 1))
    assert where(state, 0)[0] == 71
    again(state)
    assert verdict(state, Move("4C", 1, castle=True)).accepted                     # 71 -> C1
    lap = position([7], options={"lap_required": True})
    GAME.apply(lap, Move("8C", 1))
    again(lap)
    v = verdict(lap, Move("4C", 1, castle=True))
    assert v.reason == "lap" and "S9" in section_en(v)


def test_lap_required_lets_a_laddie_that_went_round_in():
    state = position([], options={"lap_required": True})
    GAME.apply(state, ComeOut("AS"))
    for card in ("10S", "10H", "10D", "10C", "JS", "QS"):      # 7 + 60 = 67, five short of the entry
        again(state)
        GAME.apply(state, Move(card, 1))
    again(state)
    assert where(state, 0)[0] == 67
    assert verdict(state, Move("9S", 1, castle=True)).accepted    # 67 -> 2 -> C4


def test_joker_from_the_track_and_the_castle_refused():
    state = position([30, "C2"], [40])
    assert verdict(state, Fechter("JK", 1, 1, 1)).accepted
    v = verdict(state, Fechter("JK", 2, 1, 1))
    assert v.reason == "fechter-castle" and "S8" in section_en(v)
    assert verdict(state, Fechter("JK", None, 1, 1)).accepted      # a dock laddie


def test_joker_target_in_a_dock_is_refused():
    state = position([30], [None])
    assert verdict(state, Fechter("JK", 1, 1, 1)).reason == "target-safe"


def test_the_joker_is_no_number_and_numbers_are_no_joker():
    state = position([30], [40])
    assert verdict(state, Move("JK", 1)).reason == "wrong-card"
    assert verdict(state, Fechter("5S", 1, 1, 1)).reason == "wrong-card"
    assert verdict(state, ComeOut("5S")).reason == "wrong-card"
    assert verdict(state, Split("6S", 1, 3, 2)).reason == "wrong-card"


def test_split_needs_two_laddies_and_parts_from_one_to_six():
    state = position([10, 30])
    assert verdict(state, Split("7S", 1, 3, 1)).reason == "split-same"
    assert verdict(state, Split("7S", 1, 7, 2)).reason == "split-steps"
    assert verdict(state, Split("7S", 1, 0, 2)).reason == "split-steps"


def test_split_into_the_castle():
    state = position([70, 30])
    GAME.apply(state, Split("7D", 1, 5, 2, True, False))
    assert where(state, 0)[:2] == ["C1", 32]


def test_joker_optional_lets_the_joker_be_discarded():
    state = position([30], [40])
    assert verdict(state, Discard("JK")).reason == "must-play"
    optional = position([30], [40], options={"joker_optional": True})
    assert verdict(optional, Discard("JK")).accepted


def test_no_jokers_option_refuses_a_joker():
    state = position([30], [40], options={"jokers_per_pack": 0})
    assert verdict(state, Fechter("JK", 1, 1, 1)).reason == "unknown-card"
    assert len(state.draw) + sum(len(h) for h in state.hands) == 104


def test_simulated_hands_must_hold_the_card_and_s11_looks_at_the_whole_hand():
    state = position([10], simulated=True)
    state.hands[0] = ["4S", "2H", "2H", "3C", "5D", "9S"]
    assert verdict(state, Move("KH", 1)).reason == "not-in-hand"
    v = verdict(state, Discard("2H"))
    assert v.reason == "must-play"
    state.laddies[0][0] = -1                    # nothing on the board, no Ace or picture: discard
    assert verdict(state, Discard("2H")).accepted
    actions = GAME.legal_actions(state)
    assert actions and all(isinstance(a, Discard) for a in actions)
    assert {a.card for a in actions} == {"4S", "2H", "3C", "5D", "9S"}


def test_real_table_refuses_a_card_whose_copies_are_all_discarded():
    state = position([10])
    state.discard = ["4S", "4S"]
    assert verdict(state, Move("4S", 1)).reason == "no-copy-left"
    assert verdict(state, Move("XY", 1)).reason == "unknown-card"


def test_a_turn_draws_then_plays_one_and_ends_with_five():
    state = GAME.start([Seat(n) for n in NAMES[:3]], {"first_player": "left-of-dealer"}, simulated_hands=True, seed=5)
    assert state.turn == 1 and len(state.hands[1]) == 6 and len(state.hands[0]) == 5
    GAME.apply(state, GAME.choose(state, random.Random(1)))
    assert len(state.hands[1]) == 5 and len(state.hands[2]) == 6 and state.turn == 2


def test_reshuffle_keeps_the_top_discard_and_tells_the_table():
    state = position([])
    state.discard = ["3S", "4S", "5S"]
    state.draw = []
    GAME.apply(state, Discard("9H"))           # all laddies in the dock: the 9 is discarded
    # P1 found the draw pile empty: 3S, 4S, 5S shuffled into it, one drawn; 9H stays up
    assert state.reshuffled and state.discard == ["9H"] and len(state.draw) == 2 and len(state.hands[1]) == 6
    texts = [i.render("en") for i in GAME.view(state).instructions]
    assert any("shuffle the discard pile" in x for x in texts)


def test_first_player_chosen_on_the_screen():
    state = GAME.start([Seat(n) for n in NAMES[:3]], {}, seed=2)
    pending = GAME.pending(state)
    assert isinstance(pending, Decision) and pending.kind == "first-player" and set(pending.players) == {0, 1, 2}
    assert set(GAME.legal_actions(state)) == {FirstPlayer(0), FirstPlayer(1), FirstPlayer(2)}
    assert verdict(state, Move("5S", 1)).reason == "not-now"
    random_pick = GAME.intent(state, "random-first", {})
    assert random_pick == GAME.intent(state.copy(), "random-first", {})          # seeded
    GAME.apply(state, FirstPlayer(2))
    assert state.turn == 2 and len(state.hands[2]) == 6
    with pytest.raises(IllegalAction):
        GAME.apply(state, FirstPlayer(1))


def test_result_sheet_shows_laddies_home_and_steps_to_go():
    state = position([70, "C2", "C3", "C4", "C5"], [20, 19])
    GAME.apply(state, Move("5C", 1, castle=True))
    sheet = GAME.scores(state)
    assert sheet.winners == (0,)
    lines = {p.player: {l.key: l for l in p.lines} for p in sheet.players}
    assert lines[0]["home"].count == 5 and lines[0]["to-go"].count == 0
    # P1: 20 is its entry (1 step to C1), 19 needs 2, three dock laddies need 67 each
    assert lines[1]["home"].count == 0 and lines[1]["to-go"].count == 1 + 2 + 3 * 68


def test_game_over_refuses_further_plays():
    state = position([70, "C2", "C3", "C4", "C5"])
    GAME.apply(state, Move("5C", 1, castle=True))
    assert verdict(state, Discard("2S")).reason == "game-over"
    assert GAME.legal_actions(state) == []


@pytest.mark.parametrize("data", [
    {"type": "move", "card": 5, "laddie": 1},
    {"type": "move", "card": "5S", "laddie": "one"},
    {"type": "move", "card": "5S", "laddie": 9},
    {"type": "split", "card": "7S", "first": 1, "steps": "3", "second": 2},
    {"type": "split", "card": "7S", "first": None, "steps": 3, "second": 2},
    {"type": "fechter", "card": "JK", "laddie": 1, "seat": "1", "victim": 1},
    {"type": "fechter", "card": "JK", "laddie": 1, "seat": 1, "victim": 0},
    {"type": "discard", "card": None},
    {"type": "first-player", "seat": 7},
])
def test_malformed_actions_are_refused_not_crashing(data):
    """A field of the wrong type is refused when the action is read (the session turns
    that into a bad-action verdict); a well-typed action that makes no sense, by the rules."""
    state = position([10, 30], [40])
    try:
        action = GAME.action_from_json(data)
    except GameError as err:
        assert err.text.render("nl") and err.text.render("fr")
        return
    v = GAME.check(state, action)
    assert not v.accepted and v.reason and v.section is not None
    assert v.message.render("nl") and v.message.render("fr")
