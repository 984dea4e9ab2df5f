"""The rulings' test scenarios 1–10 and extra checks (shared/rulings/bumerang.md, "Test
scenarios"), on the default board with players R, G, B in turn order."""

from __future__ import annotations

import pytest

from companion.game import Decision, Over
from companion.games.bumerang import GAME
from companion.games.bumerang.actions import Capture, Free, Move, Penalty, Place, Stop
from tests.bumerang.helpers import cited, conserved, owners, position, stone_on

R, G, B = 0, 1, 2


def test_1_place_on_a_free_field_then_not_on_an_occupied_one():
    state = position()
    assert GAME.check(state, Place(R, "E5")).accepted
    GAME.apply(state, Place(R, "E5"))
    assert owners(state) == {"E5": R}
    assert state.current == G
    verdict = GAME.check(state, Place(G, "E5"))
    assert not verdict.accepted and verdict.reason == "occupied" and cited(verdict, "B1")
    assert "A1" in verdict.message.render("en")  # a free field is suggested instead


def test_2_moves_go_one_line_whatever_the_arrow():
    state = position({"D4": "R"})
    stone = stone_on(state, "D4")
    GAME.apply(state, Move(R, stone, "D5"))
    assert owners(state) == {"D5": R}
    state = position({"D4": "R"})
    verdict = GAME.check(state, Move(R, stone, "D6"))
    assert not verdict.accepted and verdict.reason == "not-adjacent" and cited(verdict, "B2")
    assert "D5" in verdict.message.render("en")  # where it can go instead
    GAME.apply(state, Move(R, stone, "E5"))  # along the arrowless spoke
    assert owners(state) == {"E5": R}


def test_3_capture_along_the_arrow_and_the_duty():
    state = position({"D3": "R", "D4": "G"})
    stone = stone_on(state, "D3")
    assert GAME.legal_actions(state) == [Capture(R, stone, "D4")]
    GAME.apply(state, Capture(R, stone, "D4"))
    assert owners(state) == {"D4": R}
    assert len(state.prisoners[R]) == 1 and state.owner(state.prisoners[R][0]) == G
    conserved(state)


def test_4_the_arrow_decides_who_captures():
    state = position({"D4": "R", "D3": "G"})
    verdict = GAME.apply(state, Place(R, "A1"))
    assert verdict.accepted and not state.removed
    assert not any(c.data.get("kind") == "fine" for c in verdict.changes)
    assert GAME.legal_actions(state) == [Capture(G, stone_on(state, "D3"), "D4")]
    verdict = GAME.check(state, Place(G, "A2"))  # G's duty: auto accepts, but fines
    assert verdict.accepted


def test_5_no_capture_across_an_arrowless_spoke():
    state = position({"D4": "R", "E5": "G"})
    stone = stone_on(state, "D4")
    assert not any(isinstance(a, Capture) for a in GAME.legal_actions(state))
    verdict = GAME.check(state, Capture(R, stone, "E5"))
    assert not verdict.accepted and verdict.reason == "capture-arrow" and cited(verdict, "B4")
    GAME.apply(state, Move(R, stone, "D5"))
    assert owners(state) == {"D5": R, "E5": G} and not state.removed


def test_6_missed_capture_auto_fines_at_once():
    state = position({"D3": "R", "D4": "G"})
    fined = stone_on(state, "D3")
    verdict = GAME.apply(state, Place(R, "A1"))
    assert owners(state) == {"A1": R, "D4": G}
    assert state.removed == [fined] and not any(state.prisoners)
    fine = [c for c in verdict.changes if c.data.get("kind") == "fine"]
    assert fine and fine[0].data["fields"] == ["D3"]
    assert "D3" in fine[0].text.render("en") and "B7" in fine[0].text.render("nl")
    conserved(state)


def test_6_missed_capture_reject_refuses():
    state = position({"D3": "R", "D4": "G"}, missed_capture="reject")
    verdict = GAME.check(state, Place(R, "A1"))
    assert not verdict.accepted and verdict.reason == "capture-duty" and cited(verdict, "B5")
    assert "D3 × D4" in verdict.message.render("en")


@pytest.mark.parametrize("claimer", [G, B])
def test_6_missed_capture_claim_before_g_acts(claimer):
    state = position({"D3": "R", "D4": "G"}, missed_capture="claim")
    fined = stone_on(state, "D3")
    GAME.apply(state, Place(R, "A1"))
    assert not state.removed
    pending = GAME.pending(state)
    assert isinstance(pending, Decision) and pending.player == G and pending.also == (B,)
    assert "penalty" in GAME.view(state).panels["intents"]
    assert not GAME.check(state, Penalty(R)).accepted  # not one's own
    GAME.apply(state, Penalty(claimer))
    assert state.removed == [fined] and owners(state) == {"A1": R, "D4": G}
    conserved(state)


def test_6_missed_capture_claim_too_late():
    state = position({"D3": "R", "D4": "G"}, missed_capture="claim")
    GAME.apply(state, Place(R, "A1"))
    GAME.apply(state, Place(G, "I5"))
    verdict = GAME.check(state, Penalty(B))
    assert not verdict.accepted and verdict.reason == "no-claim" and cited(verdict, "B7")
    assert not state.removed


def chain_position(**options):
    return position({"D3": "R", "D4": "G", "D6": "G", "D5": "B", "D7": "B"}, **options)


def test_7_chain_of_three_then_no_fourth():
    state = chain_position()
    stone = stone_on(state, "D3")
    for target in ("D4", "D5", "D6"):
        verdict = GAME.check(state, Capture(R, stone, target))
        assert verdict.accepted, verdict.message.render("en")
        GAME.apply(state, Capture(R, stone, target))
    assert state.where[stone] == "D6"
    assert sorted(state.owner(s) for s in state.prisoners[R]) == [G, G, B]
    assert owners(state) == {"D6": R, "D7": B}
    verdict = GAME.check(state, Capture(R, stone, "D7"))
    assert not verdict.accepted and verdict.reason == "chain-limit" and cited(verdict, "B6")
    assert state.current == G
    conserved(state)


def test_7_stop_after_one_capture_may_and_must():
    state = chain_position()
    stone = stone_on(state, "D3")
    GAME.apply(state, Capture(R, stone, "D4"))
    assert isinstance(GAME.pending(state), Decision) and GAME.pending(state).kind == "chain"
    GAME.apply(state, Stop(R))
    assert state.current == G and len(state.prisoners[R]) == 1
    state = chain_position(chain_capture="must")
    GAME.apply(state, Capture(R, stone, "D4"))
    verdict = GAME.check(state, Stop(R))
    assert not verdict.accepted and verdict.reason == "chain-must" and cited(verdict, "B6")
    assert "D4 × D5" in verdict.message.render("en")


def test_7_only_the_same_stone_goes_on():
    state = position({"D3": "R", "D4": "G", "D5": "B", "C2": "G", "B2": "R"})
    GAME.apply(state, Capture(R, stone_on(state, "D3"), "D4"))
    verdict = GAME.check(state, Place(R, "A1"))
    assert not verdict.accepted and verdict.reason == "chain-same-stone" and cited(verdict, "B6")


def test_8_placing_next_to_an_enemy_does_not_capture_yet():
    state = position({"D4": "G"})
    GAME.apply(state, Place(R, "D3"))
    assert owners(state) == {"D3": R, "D4": G} and not state.prisoners[R]
    GAME.apply(state, Place(G, "A5"))
    GAME.apply(state, Place(B, "I5"))
    assert GAME.legal_actions(state) == [Capture(R, stone_on(state, "D3"), "D4")]


def test_8_capture_on_arrival_takes_at_once():
    state = position({"D4": "G"}, capture_on_arrival=True)
    verdict = GAME.apply(state, Place(R, "D3"))
    assert owners(state) == {"D4": R} and len(state.prisoners[R]) == 1
    assert any(c.data.get("kind") == "prisoner" for c in verdict.changes)
    conserved(state)


def test_9_trio_gives_an_extra_turn_that_frees_a_prisoner():
    state = position({"D3": "R", "E3": "R", "F4": "R"}, prisoners={"G": "RR"})
    verdict = GAME.apply(state, Move(R, stone_on(state, "F4"), "E4"))
    assert any(c.data.get("kind") == "trio" for c in verdict.changes)
    pending = GAME.pending(state)
    assert isinstance(pending, Decision) and pending.player == R and pending.kind == "extra"
    prisoner = state.prisoners[G][0]
    GAME.apply(state, Free(R, prisoner, G, "A1"))
    assert len(state.prisoners[G]) == 1 and state.where[prisoner] == "A1"
    assert state.current == G and state.trios_made[R] == 1
    conserved(state)


def test_9_freeing_outside_an_extra_turn_is_refused():
    state = position({"D3": "R"}, prisoners={"G": "R"})
    verdict = GAME.check(state, Free(R, state.prisoners[G][0], G, "A1"))
    assert not verdict.accepted and verdict.reason == "free-not-extra" and cited(verdict, "B9")


def test_10_two_trios_at_once_give_two_extra_turns():
    state = position({"C2": "R", "D2": "R", "E3": "R", "E4": "R"})
    GAME.apply(state, Place(R, "D3"))
    assert state.current == R and state.in_extra and state.extra == 2
    GAME.apply(state, Place(R, "A1"))
    assert state.current == R and state.extra == 1
    GAME.apply(state, Place(R, "A2"))
    assert state.current == G and state.trios_made[R] == 2


def test_win_at_once_mid_chain():
    state = position({"D3": "R", "D4": "G", "D5": "B"}, prisoners={"R": "GGGGBBB"})
    GAME.apply(state, Capture(R, stone_on(state, "D3"), "D4"))
    pending = GAME.pending(state)
    assert isinstance(pending, Over) and state.winners == (R,)
    assert owners(state) == {"D4": R, "D5": B}  # the chain D4 × D5 is not played
    assert GAME.scores(state).winners == (R,)
    assert not GAME.check(state, Capture(R, stone_on(state, "D4"), "D5")).accepted


def test_elimination_skips_the_player():
    state = position({"D3": "R", "D4": "G"}, removed="GGGGGGGG")
    GAME.apply(state, Capture(R, stone_on(state, "D3"), "D4"))
    assert state.out == [False, True, False]
    assert state.current == B
    GAME.apply(state, Place(B, "I5"))
    assert state.current == R
    conserved(state)
