"""Rules beyond the rulings' scenarios: setup and options, fines and trios together,
passing out (B3), the two-player game, capture on arrival with a choice."""

from __future__ import annotations

import pytest

from companion.errors import GameError
from companion.game import Decision, Seat
from companion.games.bumerang import GAME
from companion.games.bumerang.actions import Capture, Move, Pass, Penalty, Place
from tests.bumerang.helpers import cited, conserved, owners, position, stone_on

R, G, B = 0, 1, 2

CLIQUE = {
    "format": "bumerang-board/1", "name": "three points, no arrows",
    "fields": [{"id": "P", "x": 0, "y": 0}, {"id": "Q", "x": 1, "y": 0}, {"id": "S", "x": 0.5, "y": 1}],
    "lines": [{"a": "P", "b": "Q", "to": None}, {"a": "Q", "b": "S", "to": None}, {"a": "S", "b": "P", "to": None}],
}


@pytest.mark.parametrize("players, stones, target", [(3, 9, 8), (4, 8, 7), (5, 7, 6)])
def test_stones_and_target_by_player_count(players, stones, target):
    state = GAME.start([Seat(f"P{i}") for i in range(players)])
    assert state.target == target and all(len(s) == stones for s in state.supply)
    assert state.supply[0][0] == "stone-0-1"


def test_player_counts_and_the_two_player_option():
    with pytest.raises(GameError) as err:
        GAME.make_setup([Seat("a"), Seat("b")])
    assert "two_player" in err.value.text.render("en")
    with pytest.raises(GameError) as err:
        GAME.make_setup([Seat("a"), Seat("b"), Seat("c")], options={"two_player": True})
    assert "two_player" in err.value.text.render("en")
    with pytest.raises(GameError):
        GAME.make_setup([Seat(str(i)) for i in range(6)])
    state = GAME.start([Seat("a"), Seat("b")], {"two_player": True})
    assert state.target is None and [len(s) for s in state.supply] == [9, 9]


def test_two_player_loss_at_two_stones():
    state = position({"D3": "R", "D4": "G"}, players="RG", removed="GGGGGG", two_player=True)
    GAME.apply(state, Capture(R, stone_on(state, "D3"), "D4"))
    assert state.winners == (R,) and state.out == [False, True]


def test_first_player_chosen_or_drawn():
    seats = [Seat("a"), Seat("b"), Seat("c")]
    assert GAME.start(seats, dealer=2).current == 2
    drawn = {GAME.start(seats, {"first_player": "random"}, seed=s).current for s in range(20)}
    assert drawn == {0, 1, 2}
    assert GAME.start(seats, {"first_player": "random"}, seed=7).current == GAME.start(
        seats, {"first_player": "random"}, seed=7).current


def test_every_player_passing_ends_the_game_with_a_shared_win():
    state = position(board_file=CLIQUE)
    for seat, field in ((R, "P"), (G, "Q"), (B, "S")):
        GAME.apply(state, Place(seat, field))
    assert GAME.legal_actions(state) == [Pass(R)]
    assert not GAME.check(state, Place(R, "P")).accepted
    GAME.apply(state, Pass(R))
    GAME.apply(state, Pass(G))
    assert not GAME.is_over(state)
    GAME.apply(state, Pass(B))
    assert GAME.is_over(state) and state.winners == (R, G, B) and state.end == "passed"
    assert GAME.scores(state).tiebreak is not None


def test_auto_fine_breaks_the_trio_it_would_have_made():
    state = position({"D3": "R", "C2": "R", "D4": "G"})
    GAME.apply(state, Place(R, "D2"))  # C2–D2–D3 would be a trio, but D3 is fined
    assert state.removed and state.extra == 0 and state.current == G and state.trios_made[R] == 0


def test_claimed_fine_withdraws_the_extra_turn():
    state = position({"D3": "R", "C2": "R", "D4": "G"}, missed_capture="claim")
    GAME.apply(state, Place(R, "D2"))
    pending = GAME.pending(state)
    assert isinstance(pending, Decision) and pending.player == R and pending.kind == "extra"
    verdict = GAME.apply(state, Penalty(G))
    assert any(c.data.get("kind") == "trio-lost" for c in verdict.changes)
    assert state.current == G and not state.in_extra and state.trios_made[R] == 0
    conserved(state)


def test_extra_turn_capture_duty_option():
    state = position({"C2": "R", "D2": "R", "E2": "R", "E3": "G"})
    GAME.apply(state, Place(R, "D3"))  # trio; now D3 × E3 and E2 × E3 are possible
    assert state.in_extra and state.duty
    assert all(isinstance(a, Capture) for a in GAME.legal_actions(state))
    state = position({"C2": "R", "D2": "R", "E2": "R", "E3": "G"}, extra_turn_capture_duty=False)
    GAME.apply(state, Place(R, "D3"))
    assert state.in_extra and not state.duty
    verdict = GAME.apply(state, Place(R, "A1"))
    assert not state.removed and not any(c.data.get("kind") == "fine" for c in verdict.changes)


def test_capture_on_arrival_with_two_victims_asks_which():
    state = position({"D4": "G", "E3": "B"}, capture_on_arrival=True)
    GAME.apply(state, Place(R, "D3"))
    pending = GAME.pending(state)
    assert isinstance(pending, Decision) and pending.kind == "arrival"
    stone = stone_on(state, "D3")
    assert set(GAME.legal_actions(state)) == {Capture(R, stone, "D4"), Capture(R, stone, "E3")}
    verdict = GAME.check(state, Place(R, "A1"))
    assert not verdict.accepted and verdict.reason == "arrival" and cited(verdict, "B4")
    GAME.apply(state, Capture(R, stone, "E3"))
    assert owners(state) == {"E3": R, "D4": G}


def test_moving_onto_an_occupied_field_or_an_enemy_stone():
    state = position({"D4": "R", "D5": "R", "E4": "G"})
    stone = stone_on(state, "D4")
    verdict = GAME.check(state, Move(R, stone, "D5"))
    assert not verdict.accepted and verdict.reason == "target-occupied" and cited(verdict, "B2")
    verdict = GAME.check(state, Capture(R, stone, "D5"))
    assert not verdict.accepted and verdict.reason == "capture-own" and cited(verdict, "B4")
    verdict = GAME.check(state, Move(G, stone_on(state, "E4"), "F4"))
    assert not verdict.accepted and verdict.reason == "not-your-turn" and cited(verdict, "B1")


def test_no_supply_means_move_or_capture():
    state = position({"D4": "R"}, removed="RRRRRRRR")
    verdict = GAME.check(state, Place(R, "A1"))
    assert not verdict.accepted and verdict.reason == "no-supply" and cited(verdict, "B1")
    assert "D4 →" in verdict.message.render("en")


def test_a_fined_stone_does_not_capture_on_arrival():
    state = position({"D3": "R", "D4": "G", "E3": "G"}, capture_on_arrival=True)
    stone = stone_on(state, "D3")
    GAME.apply(state, Move(R, stone, "C3"))  # D3 had to capture; C3 → D4? no arrow: C3–D4 is a spoke
    assert stone in state.removed and not state.prisoners[R] and state.current == G
    conserved(state)


def test_stop_without_a_chain_is_refused():
    state = position({"D4": "R"})
    verdict = GAME.check(state, GAME.intent(state, "stop", {}))
    assert not verdict.accepted and verdict.reason == "no-chain" and cited(verdict, "B6")
    assert GAME.intent(state, "shuffle", {}) is None
