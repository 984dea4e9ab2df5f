"""Each card's moves beyond the rulings' scenarios: ±4 both ways, 1-7, magnet, copy
sources, the fool's drop, the knight, moves inside the goal, the options that change
verdicts, and classic DOG's burning 7 and joker."""

from __future__ import annotations

from companion.games.dog import GAME
from companion.games.dog.actions import Play
from companion.games.dog.state import HOUSE, goal_pos
from tests.dog.helpers import pawn, play, position, where
from tests.dog.test_scenarios import accepted, rejected


def targets(state, card: str, name: str | None = None) -> set[str]:
    return {a.to for a in GAME.legal_actions(state)
            if isinstance(a, Play) and a.card == card and (name is None or a.pawn == pawn(state, name))}


def test_plus_minus_4_goes_either_way_and_1_11_and_1_7_offer_their_counts():
    state = position({"P0.1": 20}, ("4", "1-11", "1-7"))
    assert targets(state, "4") == {"t24", "t16"}
    assert targets(state, "1-11", "P0.1") == {"t21", "t31"}
    assert targets(state, "1-7", "P0.1") == {f"t{20 + n}" for n in range(1, 8)}


def test_magnet_stops_directly_behind_the_next_pawn_and_never_enters_the_goal():
    state = position({"P0.1": 20, "P3.1": 30}, ("magnet",))
    accepted(state, play(state, "magnet", "P0.1", "t29"))
    adjacent = position({"P0.1": 20, "P3.1": 21}, ("magnet",))
    rejected(adjacent, play(adjacent, "magnet", "P0.1", "t21"), "magnet-adjacent", "D12")
    alone = position({"P0.1": 60, "P0.2": "G1"}, ("magnet",))
    rejected(alone, play(alone, "magnet", "P0.1", "g0.1"), "magnet-alone", "D12")
    around = position({"P0.1": 60, "P1.1": 20}, ("magnet",))  # passes its own start, stays on the track
    assert targets(around, "magnet") == {"t19"}


def test_copy_any_card_this_round_option():
    state = position({"P0.1": 20}, ("copy",), copy_source="any_this_round")
    state.played_round = ["3", "9"]
    assert {(a.use, a.to) for a in GAME.legal_actions(state)} == {("3", "t23"), ("9", "t29")}
    previous = position({"P0.1": 20}, ("copy",))
    previous.played_round = ["3", "9"]
    rejected(previous, play(previous, "copy", "P0.1", "t23", use="3"), "copy-source", "D11")


def test_fool_drops_up_to_two_only_into_the_goal():
    state = position({"P0.fool": 62}, ("5",), mode="royal")
    assert targets(state, "5") == {"t3", "g0.3", "g0.2", "g0.1"}
    inside = position({"P0.fool": "G1", "P0.king": 20}, ("5",), mode="royal")
    assert targets(inside, "5", "P0.fool") == {"g0.4"}  # 5 - 2 = 3 steps from G1


def test_moves_inside_the_goal_are_exact_without_jumping():
    state = position({"P0.1": "G1", "P0.2": "G3"}, ("2", "1-11"))
    rejected(state, play(state, "2", "P0.1", "g0.3"), "goal-jump", "D15")
    assert targets(state, "1-11", "P0.1") == {"g0.2"}
    assert targets(state, "1-11", "P0.2") == {"g0.4"}


def test_knight_passes_protected_start_fields_respecting_rank():
    state = position({"P0.knight": 14, "P1.fool": 16, "P0.citizen": 40, "P3.king": 43}, ("5", "10"), mode="royal")
    accepted(state.copy(), play(state, "5", "P0.knight", "t19"))
    rejected(state, play(state, "5", "P0.citizen", "t45"), "rank-pass", "R3")
    king = position({"P0.knight": 46, "P3.king": 48}, ("5", "10"), mode="royal")
    rejected(king, play(king, "5", "P0.knight", "t51"), "rank-pass", "R6")
    accepted(king, play(king, "10", "P0.knight", "t56"))  # green: passes the protected king too


def test_first_arrival_protects_only_until_the_pawn_moves():
    state = position({"P1.1": 16, "P0.1": 14}, ("5",), start_block="first_arrival")
    accepted(state, play(state, "5", "P0.1", "t19"))  # P1's pawn has not just come out
    fresh = position({"P1.1": 16, "P0.1": 14}, ("5",), start_block="first_arrival")
    fresh.fresh[4] = True
    rejected(fresh, play(fresh, "5", "P0.1", "t19"), "protected-pass", "D6")


def test_goal_entry_forced_option():
    state = position({"P0.1": 62}, ("5",), goal_entry_forced=True)
    assert targets(state, "5") == {"g0.3"}
    rejected(state, play(state, "5", "P0.1", "t3"), "goal-forced", "D14")


def test_king_on_own_start_blocks_and_a_pawn_in_the_house_needs_13_or_1_11():
    state = position({}, ("5",))
    rejected(state, play(state, "5", "P0.1", "t0"), "in-house", "D7")


def test_classic_burning_seven_hits_every_pawn_passed_and_may_be_split():
    state = position({"P0.1": 10, "P1.1": 12, "P0.2": 30}, ("7",), deck="classic")
    action = Play(0, "7", parts=(f"{pawn(state, 'P0.1')}@t17",))
    accepted(state, action)
    assert where(state, "P0.1") == 17 and where(state, "P1.1") == HOUSE
    split = position({"P0.1": 10, "P1.1": 12, "P0.2": 30}, ("7",), deck="classic")
    plays = [a for a in GAME.legal_actions(split) if isinstance(a, Play)]
    assert any(len(a.parts) == 2 for a in plays)
    accepted(split, Play(0, "7", parts=(f"{pawn(split, 'P0.2')}@t33", f"{pawn(split, 'P0.1')}@t14")))
    assert where(split, "P0.1") == 14 and where(split, "P0.2") == 33 and where(split, "P1.1") == HOUSE


def test_classic_joker_stands_for_any_card():
    state = position({"P0.1": 20}, ("joker",), deck="classic")
    uses = {a.use for a in GAME.legal_actions(state) if isinstance(a, Play)}
    assert {"1-11", "13", "2", "12", "4", "7"} <= uses
    accepted(state, play(state, "joker", "P0.1", "t32", use="12"))
    assert where(state, "P0.1") == 32


def test_standard_deck_brandi_style():
    state = position({"P0.1": 20}, ("KS", "AH", "QD", "4C"), deck="standard")
    assert targets(state, "KS", "P0.1") == {"t33"}
    assert targets(state, "AH", "P0.1") == {"t21", "t31"}
    assert targets(state, "AH", "P0.2") == {"t0"}
    assert targets(state, "4C") == {"t24", "t16"}


def test_without_new_cards_the_basic_deck_has_90_cards():
    state = position({"P0.1": 20}, ("magnet",), basic_uses_new_cards=False)
    verdict = GAME.check(state, play(state, "magnet", "P0.1", "t21"))
    assert verdict.reason == "not-in-deck"
    assert len(state.deck) + sum(len(h) for h in state.hands) + len(state.discard) in (90, 90 - 6 + 1)


def test_entering_the_goal_after_going_back_with_four_needs_no_lap():
    state = position({"P0.1": 2}, ("4", "3"))
    accepted(state, play(state, "4", "P0.1", "t62"))
    state.current = 0
    accepted(state, play(state, "3", "P0.1", "g0.1"))  # 63, 0, G1
    assert where(state, "P0.1") == goal_pos(1)


def test_king_on_a_foreign_start_is_hit_only_by_that_colour():
    state = position({"P0.king": 16, "P1.fool": 11, "P2.fool": 11 - 16 + 64}, ("5",), mode="royal", current=1)
    accepted(state.copy(), play(state, "5", "P1.fool", "t16"))
    other = position({"P0.king": 16, "P2.fool": 11}, ("5",), mode="royal", current=2)
    rejected(other, play(other, "5", "P2.fool", "t16"), "king-hit", "R5")


def test_hitting_ignores_rank():
    state = position({"P0.fool": 20, "P1.knight": 25}, ("5",), mode="royal")
    accepted(state, play(state, "5", "P0.fool", "t25"))
    assert where(state, "P1.knight") == HOUSE
