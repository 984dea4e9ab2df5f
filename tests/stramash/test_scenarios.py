"""The rulings' test scenarios 1–10 and extra checks (4 players, L = 72, P0 to move)."""

from __future__ import annotations

import pytest

from companion.games.stramash import GAME
from companion.games.stramash.actions import ComeOut, Discard, Fechter, Move, Split
from tests.stramash.helpers import again, position, section_en, where


def accept(state, action):
    verdict = GAME.check(state, action)
    assert verdict.accepted, verdict.message.render("en")
    return GAME.apply(state, action)


def reject(state, action, reason: str, *rules: str):
    verdict = GAME.check(state, action)
    assert not verdict.accepted
    assert verdict.reason == reason, verdict.message.render("en")
    for r in rules:
        assert r in section_en(verdict).split(" — ")[0].split(", ")
    return verdict


def test_scenario_1_ace_brings_a_laddie_out():
    state = position([])
    accept(state, ComeOut("AS"))
    assert where(state, 0) == [7, None, None, None, None]
    assert state.turn == 1


def test_scenario_2_own_laddie_on_start_blocks_coming_out():
    state = position([7])
    verdict = reject(state, ComeOut("KH"), "own-on-start", "S4")
    assert "hole 7" in verdict.message.render("en") and "hole 17" in verdict.message.render("en")
    accept(state, Move("KH", 1))
    assert where(state, 0)[0] == 17


def test_scenario_3_coming_out_bumps_an_opponent_on_the_start():
    state = position([], [7])
    verdict = accept(state, ComeOut("QD"))
    assert where(state, 0)[0] == 7 and where(state, 1)[0] is None
    assert any(c.data.get("kind") == "bump" for c in verdict.changes)


def test_scenario_4_own_laddie_blocks_passing():
    state = position([10, 12])
    reject(state, Move("5C", 1), "own-passed", "S4")
    accept(state, Move("5C", 2))
    assert where(state, 0)[:2] == [10, 17]


def test_scenario_5_passing_an_opponent_has_no_effect_landing_bumps():
    state = position([10], [], [12])
    accept(state, Move("6S", 1))
    assert where(state, 0)[0] == 16 and where(state, 2)[0] == 12
    state = position([10], [], [12])
    accept(state, Move("2S", 1))
    assert where(state, 0)[0] == 12 and where(state, 2)[0] is None


def test_scenario_6_split_seven():
    # laddies: 1 on 10, 2 on 30, 3 on 14; P3 on 33
    state = position([10, 30, 14], [], [], [33])
    verdict = reject(state, Split("7H", 2, 3, 1), "own-landing", "S6", "S4")
    assert "as a whole" in verdict.message.render("en")
    assert where(state, 3)[0] == 33            # nothing moved
    reject(state, Split("7H", 1, 3, 4), "split-dock", "S6")
    accept(state, Split("7H", 1, 3, 2))
    assert where(state, 0)[:3] == [13, 34, 14] and where(state, 3)[0] == 33


def test_scenario_6_first_part_judged_before_second():
    # the second part may use the hole the first part left
    state = position([10, 8])
    reject(state, Split("7C", 2, 4, 1), "own-passed", "S6", "S4")      # 8 + 4 passes 10
    accept(state, Split("7C", 1, 3, 2))                                 # 10 -> 13, then 8 -> 12
    assert where(state, 0)[:2] == [13, 12]


def test_scenario_7_eight_backwards():
    state = position([20, 3, "C3"], [], [], [12])
    accept(state, Move("8D", 1))
    assert where(state, 0)[0] == 12 and where(state, 3)[0] is None
    state = position([20, 3, "C3"], [], [], [12])
    accept(state, Move("8D", 2))
    assert where(state, 0)[1] == 67
    state = position([20, 3, "C3"], [], [], [12])
    reject(state, Move("8D", 3), "castle-back", "S7")
    reject(state, Move("8D", 1, castle=True), "castle-back", "S7")


def test_scenario_8_castle_or_track():
    state = position([71])
    moves = [a for a in GAME.legal_actions(state) if getattr(a, "card", None) == "5H"]
    assert set(moves) == {Move("5H", 1, True), Move("5H", 1, False)}
    castle = position([71])
    accept(castle, Move("5H", 1, castle=True))
    assert where(castle, 0)[0] == "C2"
    track = position([71])
    accept(track, Move("5H", 1))
    assert where(track, 0)[0] == 4
    reject(position([71]), Move("9H", 1, castle=True), "overshoot", "S9")
    state = position([71])
    accept(state, Move("9H", 1))
    assert where(state, 0)[0] == 8


def test_scenario_9_castle_moves_and_own_laddies_in_the_castle():
    state = position(["C1", 70])
    reject(state, Move("6S", 2, castle=True), "own-passed", "S4")
    track = position(["C1", 70])
    accept(track, Move("6S", 2))
    assert where(track, 0)[1] == 4
    reject(state, Move("5S", 2, castle=True), "own-landing", "S4")
    accept(state, Move("3S", 1, castle=True))
    assert where(state, 0)[0] == "C4"
    again(state)                                # P0 again, for the follow-up
    accept(state, Move("5S", 2, castle=True))
    assert where(state, 0)[:2] == ["C4", "C1"]


def test_scenario_10_bonnie_fechter():
    state = position([None], ["C2"], [40])
    accept(state, Fechter("JK", None, 2, 1))
    assert where(state, 0)[0] == 40 and where(state, 2)[0] is None
    state = position([None, 12], ["C2"], [40])
    reject(state, Fechter("JK", None, 1, 1), "target-safe", "S8")
    reject(state, Fechter("JK", None, 0, 2), "own-target", "S8")


def test_extra_s11_discard_refused_when_the_card_could_move():
    state = position([10])
    verdict = reject(state, Discard("4S"), "must-play", "S11")
    assert "hole 14" in verdict.message.render("en")
    assert GAME.check(position([10]), Discard("AS")).accepted is False     # the Ace can move 10 -> 11


def test_extra_discard_accepted_when_the_card_cannot_move():
    state = position([])
    accept(state, Discard("4S"))
    assert state.discard[-1] == "4S" and state.turn == 1


@pytest.mark.parametrize("card,laddie,expected", [("5C", "C1", True), ("3C", 1, False)])
def test_extra_win(card, laddie, expected):
    state = position([70, "C2", "C3", "C4", "C5"])
    accept(state, Move(card, 1, castle=expected))
    assert where(state, 0)[0] == laddie
    assert GAME.is_over(state) is expected
    if expected:
        assert GAME.scores(state).winners == (0,)
        assert "Muckle Stoater" in GAME.pending(state).prompt.render("en")
