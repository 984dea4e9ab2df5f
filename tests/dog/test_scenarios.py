"""The rulings' test scenarios 1-10 and extra checks (shared/rulings/dog.md, "Test
scenarios"), each asserting the verdict, its reason, the rule cited and the positions."""

from __future__ import annotations

from companion.game import Decision
from companion.games.dog import GAME
from companion.games.dog.actions import Draw, Fold, Play
from companion.games.dog.state import HOUSE, goal_pos
from tests.dog.helpers import pawn, play, position, where


def rejected(state, action, reason: str, rule: str) -> None:
    verdict = GAME.check(state, action)
    assert not verdict.accepted, verdict.message.render("en")
    assert verdict.reason == reason, (verdict.reason, verdict.message.render("en"))
    assert verdict.section.render("en").startswith(rule + " — "), verdict.section.render("en")
    for lang in ("nl", "fr"):
        assert verdict.section.render(lang).startswith(rule + " — ")


def accepted(state, action) -> None:
    verdict = GAME.check(state, action)
    assert verdict.accepted, verdict.message.render("en")
    GAME.apply(state, action)


def test_scenario_1_come_out_with_13():
    state = position({}, ("13",))
    accepted(state, play(state, "13", "P0.1", "t0"))
    assert where(state, "P0.1") == 0 and state.fresh[0]


def test_scenario_2_own_pawn_on_start_blocks_coming_out():
    state = position({"P0.1": 0}, ("1-11",))
    rejected(state, play(state, "1-11", "P0.2", "t0"), "protected-hit", "D7")


def test_scenario_3_coming_out_hits_a_foreign_pawn_on_the_start_field():
    state = position({"P2.1": 0}, ("13",))
    accepted(state, play(state, "13", "P0.1", "t0"))
    assert where(state, "P0.1") == 0 and where(state, "P2.1") == HOUSE
    assert GAME.view(state).board.last[-1].hit


def test_scenario_4_protected_start_field_cannot_be_passed_hit_or_passed_backwards():
    state = position({"P1.1": 16, "P0.1": 14, "P0.2": 18}, ("5", "2", "4"))
    rejected(state, play(state, "5", "P0.1", "t19"), "protected-pass", "D6")
    rejected(state, play(state, "2", "P0.1", "t16"), "protected-hit", "D6")
    rejected(state, play(state, "4", "P0.2", "t14"), "protected-pass", "D6")


def test_scenario_5_hitting_ones_own_pawn():
    state = position({"P0.1": 10, "P0.2": 13}, ("3",))
    accepted(state, play(state, "3", "P0.1", "t13"))
    assert where(state, "P0.1") == 13 and where(state, "P0.2") == HOUSE


def test_scenario_6_goal_or_track_and_their_blocks():
    state = position({"P0.1": 62}, ("5",))
    targets = {a.to for a in GAME.legal_actions(state) if isinstance(a, Play)}
    assert targets == {"g0.3", "t3"}
    accepted(state.copy(), play(state, "5", "P0.1", "g0.3"))
    accepted(state.copy(), play(state, "5", "P0.1", "t3"))
    blocked = position({"P0.1": 62, "P0.2": "G2"}, ("5",))
    rejected(blocked, play(blocked, "5", "P0.1", "g0.3"), "goal-jump", "D14")
    accepted(blocked, play(blocked, "5", "P0.1", "t3"))
    start = position({"P0.1": 62, "P0.2": 0}, ("5",))
    rejected(start, play(start, "5", "P0.1", "g0.3"), "protected-pass", "D6")
    rejected(start, play(start, "5", "P0.1", "t3"), "protected-pass", "D6")


def test_scenario_7_from_the_start_field_round_or_back_4_first():
    state = position({"P0.1": 0}, ("2", "4", "6"))
    rejected(state, play(state, "2", "P0.1", "g0.2"), "goal-not-crossed", "D14")
    accepted(state.copy(), play(state, "2", "P0.1", "t2"))
    accepted(state, play(state, "4", "P0.1", "t60"))
    state.current = 0  # P0's next turn
    accepted(state, play(state, "6", "P0.1", "g0.2"))
    assert where(state, "P0.1") == goal_pos(2)


def test_scenario_8_swap():
    state = position({"P0.1": 20, "P1.1": 40, "P1.2": 16, "P0.2": "G1", "P0.3": 30}, ("swap",))
    rejected(state, Play(0, "swap", pawn(state, "P0.1"), "t16", other=pawn(state, "P1.2")), "protected-swap", "D6")
    rejected(state, Play(0, "swap", pawn(state, "P0.1"), "g0.1", other=pawn(state, "P0.2")), "swap-pair", "D13")
    rejected(state, Play(0, "swap", pawn(state, "P0.1"), "t30", other=pawn(state, "P0.3")), "swap-pair", "D13")
    accepted(state, Play(0, "swap", pawn(state, "P0.1"), "t40", other=pawn(state, "P1.1")))
    assert where(state, "P0.1") == 40 and where(state, "P1.1") == 20


def test_scenario_9_no_steps_dropped_at_the_goal():
    state = position({"P0.1": 63}, ("6",))
    rejected(state, play(state, "6", "P0.1", "g0.4"), "goal-too-far", "D14")
    accepted(state, play(state, "6", "P0.1", "t5"))


def royal_10(hand=("8", "1-7", "3", "10")):
    return position({"P0.king": 10, "P0.citizen": 5, "P1.knight": 7, "P0.fool": 62}, hand, mode="royal")


def test_scenario_10_royal():
    state = royal_10()
    rejected(state, play(state, "8", "P0.king", "t18"), "king-value", "R5")
    accepted(state.copy(), play(state, "1-7", "P0.king", "t15"))
    rejected(state, play(state, "3", "P0.citizen", "t8"), "rank-pass", "R3")
    after = state.copy()
    accepted(after, play(after, "10", "P0.citizen", "t15"))
    assert where(after, "P0.citizen") == 15
    fool = royal_10(("8",))
    accepted(fool, play(fool, "8", "P0.fool", "g0.4"))
    assert where(fool, "P0.fool") == goal_pos(4)
    citizen = position({"P0.citizen": 62}, ("8",), mode="royal")
    rejected(citizen, play(citizen, "8", "P0.citizen", "g0.4"), "goal-too-far", "D14")
    accepted(citizen, play(citizen, "8", "P0.citizen", "t6"))


def test_royal_king_is_hit_only_by_a_king():
    state = position({"P0.king": 25, "P1.knight": 20, "P1.king": 30}, ("5",), mode="royal", current=1)
    rejected(state, play(state, "5", "P1.knight", "t25"), "king-hit", "R5")
    state = position({"P0.king": 25, "P1.king": 20}, ("5",), mode="royal", current=1)
    accepted(state, play(state, "5", "P1.king", "t25"))
    assert where(state, "P0.king") == HOUSE


def test_royal_king_on_a_foreign_start_field_is_hit_coming_out():
    state = position({"P0.king": 16}, ("13",), mode="royal", current=1)
    accepted(state, play(state, "13", "P1.fool", "t16"))
    assert where(state, "P0.king") == HOUSE and where(state, "P1.fool") == 16


def test_copy_is_not_the_first_card_and_repeats_the_previous_one():
    state = position({"P0.1": 20}, ("copy", "5"))
    rejected(state, play(state, "copy", "P0.1", "t25", use="5"), "copy-first", "D11")
    state.played_round = ["5"]
    accepted(state, play(state, "copy", "P0.1", "t25", use="5"))
    assert where(state, "P0.1") == 25


def test_special_field_draws_a_card_but_not_after_a_swap():
    state = position({"P0.fool": 5}, ("3", "9"), mode="royal")
    accepted(state, play(state, "3", "P0.fool", "t8"))
    assert isinstance(GAME.pending(state), Decision) and GAME.pending(state).kind == "draw"
    assert any("draw" in line.render("en") for line in GAME.view(state).instructions)
    accepted(state, Draw(0))
    assert len(state.hands[0]) == 2
    swap = position({"P0.fool": 5, "P1.fool": 8}, ("swap", "9"), mode="royal")
    accepted(swap, Play(0, "swap", pawn(swap, "P0.fool"), "t8", other=pawn(swap, "P1.fool")))
    assert GAME.pending(swap).kind == "turn" and len(swap.hands[0]) == 1


def test_citizen_draws_then_may_jump_to_the_next_free_special_field():
    state = position({"P0.citizen": 5}, ("3", "9"), mode="royal")
    plays = [a for a in GAME.legal_actions(state) if isinstance(a, Play) and a.card == "3"]
    assert {(a.to, a.jump) for a in plays} == {("t8", False), ("t8", True)}
    accepted(state, play(state, "3", "P0.citizen", "t8", jump=True))
    assert where(state, "P0.citizen") == 24 and GAME.pending(state).kind == "draw"


def test_zugzwang_fold_refused_while_a_card_moves():
    state = position({"P0.1": 20}, ("5",), fold_shows_cards=True)
    rejected(state, Fold(0, ("5",)), "must-play", "D2")
    real = GAME.start([*position({}).setup.seats], {"fold_shows_cards": True}, seed=0)
    while GAME.pending(real).kind != "turn":
        GAME.apply(real, GAME.legal_actions(real)[0])
    real.pos[real.current * 4] = 20 + 16 * real.current
    real.hands[real.current] = [None]
    rejected(real, Fold(real.current, ("5",)), "must-play", "D2")


def test_partner_help_after_the_fourth_pawn_is_home():
    state = position({"P0.1": "G1", "P0.2": "G2", "P0.3": "G3", "P0.4": "G4", "P2.1": 40, "P1.1": 20}, ("5",))
    accepted(state.copy(), play(state, "5", "P2.1", "t45"))
    rejected(state, play(state, "5", "P1.1", "t25"), "help-partner", "D16")
