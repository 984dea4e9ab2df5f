"""Bumerang at the table: taps become actions, the game's buttons, and what the screens
show (compulsory captures, the Penalty? button, prisoners, result sheet)."""

from __future__ import annotations

from companion.game import Proposal, Sensed, Verdict
from companion.games.bumerang import GAME
from companion.games.bumerang.actions import Capture, Free, Move, Pass, Penalty, Place, Stop
from companion.games.bumerang.state import prisoner_badge
from tests.bumerang.helpers import cited, position, stone_on

R, G, B = 0, 1, 2


def taps(state, *touched):
    return GAME.propose(state, Sensed(touched=touched))


def test_tap_a_free_field_places():
    state = position()
    assert taps(state) is None
    assert taps(state, "E5") == Proposal((Place(R, "E5"),))


def test_tap_a_stone_then_a_neighbour_moves():
    state = position({"D4": "R"})
    stone = stone_on(state, "D4")
    assert taps(state, "D4") is None and taps(state, stone) is None  # waiting for the target
    assert taps(state, "D4", "D5") == Proposal((Move(R, stone, "D5"),))
    assert taps(state, stone, "E5") == Proposal((Move(R, stone, "E5"),))
    verdict = taps(state, "D4", "D6")
    assert isinstance(verdict, Verdict) and verdict.reason == "not-adjacent" and cited(verdict, "B2")


def test_capture_by_two_taps_or_by_the_victim_alone():
    state = position({"D3": "R", "D4": "G"})
    stone = stone_on(state, "D3")
    assert taps(state, "D3", "D4") == Proposal((Capture(R, stone, "D4"),))
    assert taps(state, "D4") == Proposal((Capture(R, stone, "D4"),))


def test_two_stones_able_to_capture_give_a_choice():
    state = position({"D3": "R", "C4": "R", "D4": "G"})  # D3 → D4 and C4 → D4
    proposal = taps(state, "D4")
    assert isinstance(proposal, Proposal) and len(proposal.alternatives) == 2
    labels = {a.label.render("en") for a in proposal.alternatives}
    assert labels == {"Capture D3 × D4", "Capture C4 × D4"}


def test_tap_on_an_enemy_no_stone_can_capture():
    state = position({"D4": "R", "D3": "G"})
    verdict = taps(state, "D3")
    assert isinstance(verdict, Verdict) and verdict.reason == "capture-none" and cited(verdict, "B4")


def test_unknown_tap_is_refused():
    verdict = taps(position(), "Z9")
    assert isinstance(verdict, Verdict) and not verdict.accepted and "Z9" in verdict.message.render("en")


def test_chain_goes_on_by_tapping_the_next_victim_and_stop():
    state = position({"D3": "R", "D4": "G", "D5": "B"})
    stone = stone_on(state, "D3")
    GAME.apply(state, Capture(R, stone, "D4"))
    view = GAME.view(state)
    assert view.board.targets == {stone: ("D5",)} and "stop" in view.panels["intents"]
    assert view.waiting[0].label.render("en") == "Tap the next victim, or press Stop"
    assert GAME.touch_actions(state) == [Stop(R)]
    assert taps(state, "D5") == Proposal((Capture(R, stone, "D5"),))
    assert GAME.intent(state, "stop", {}) == Stop(R)


def test_free_a_prisoner_with_its_badge_then_a_field():
    state = position({"C2": "R", "D2": "R"}, prisoners={"G": "R"})
    GAME.apply(state, Place(R, "D3"))  # trio C2–D2–D3
    prisoner = state.prisoners[G][0]
    badge = prisoner_badge(G, prisoner)
    assert badge.startswith(f"prisoner-{G}-")
    assert taps(state, badge) is None
    assert taps(state, badge, "A1") == Proposal((Free(R, prisoner, G, "A1"),))
    assert badge in GAME.view(state).board.movable


def test_badge_outside_an_extra_turn_is_refused():
    state = position({"D3": "R"}, prisoners={"G": "R"})
    verdict = taps(state, prisoner_badge(G, state.prisoners[G][0]))
    assert isinstance(verdict, Verdict) and verdict.reason == "free-not-extra" and cited(verdict, "B9")


def test_view_shows_the_stones_that_must_capture():
    state = position({"D3": "R", "D4": "G", "A1": "R"})
    view = GAME.view(state)
    stone = stone_on(state, "D3")
    assert view.panels["must_capture"] == [stone]
    assert view.board.movable == (stone,) and view.board.targets[stone] == ("D4",)
    assert view.panels["warning"] is not None  # auto: other actions are fined
    assert "D3" in view.prompt.render("en")


def test_penalty_button_for_the_others_until_the_next_player_acts():
    state = position({"D3": "R", "D4": "G"}, missed_capture="claim")
    GAME.apply(state, Place(R, "A1"))
    view = GAME.view(state)
    assert view.panels["claimers"] == [G, B] and "penalty" in view.panels["intents"]
    assert GAME.touch_actions(state) == [Penalty(G), Penalty(B)]
    assert "Penalty?" in GAME.describe(Penalty(G)).render("en")
    assert GAME.intent(state, "penalty", {"player": B}) == Penalty(B)
    assert isinstance(GAME.intent(state, "penalty", {}), Verdict)
    GAME.apply(state, Place(G, "I5"))  # the next player acts: too late to claim
    view = GAME.view(state)
    assert view.panels["claimers"] == [] and "penalty" not in view.panels["intents"]


def test_pass_only_when_nothing_is_possible():
    state = position({"D4": "R"})
    verdict = GAME.check(state, Pass(R))
    assert not verdict.accepted and verdict.reason == "duty-to-act" and cited(verdict, "B1")
    assert GAME.intent(state, "pass", {}) == Pass(R)


def test_instructions_tell_the_players_what_to_do_with_the_stones():
    state = position({"D3": "R", "D4": "G"})
    GAME.apply(state, Capture(R, stone_on(state, "D3"), "D4"))
    lines = [line.render("en") for line in GAME.view(state).instructions]
    assert "Move the stone on D3 to D4." in lines
    assert any("D4" in line and "prisoner of R" in line for line in lines)


def test_result_sheet_lists_prisoners_stones_left_and_trios():
    state = position({"D3": "R", "D4": "G", "D5": "B"}, prisoners={"R": "GGGGBBB"})
    GAME.apply(state, Capture(R, stone_on(state, "D3"), "D4"))
    sheet = GAME.scores(state)
    assert sheet.winners == (R,)
    red = sheet.players[R]
    lines = {line.key: line for line in red.lines}
    assert red.total == 8 and lines["prisoners"].count == 8
    assert lines["stones_left"].count == 9 and lines["trios"].count == 0
    assert {line.key: line.count for line in sheet.players[G].lines}["stones_left"] == 4


def test_texts_render_in_every_language():
    state = position({"D3": "R", "D4": "G"})
    verdict = GAME.check(state, Move(R, stone_on(state, "D3"), "A1"))
    assert verdict.section.render("nl") == "B2 — Spelregels: Spelverloop"
    assert "Déroulement" in verdict.section.render("fr")
    assert verdict.message.render("nl") != verdict.message.render("en")


def taps_for(state, action):
    """What a player taps (or presses) for ``action``."""
    if isinstance(action, Place):
        return ("taps", (action.field,))
    if isinstance(action, Move):
        return ("taps", (state.where[action.stone], action.to))
    if isinstance(action, Capture):
        return ("taps", (action.stone, action.to))
    if isinstance(action, Free):
        return ("taps", (prisoner_badge(action.holder, action.stone), action.field))
    name = {Stop: "stop", Pass: "pass", Penalty: "penalty"}[type(action)]
    return ("intent", name)


def test_every_action_of_whole_games_can_be_entered_by_touch():
    import random

    from companion.game import Seat

    for seed in range(6):
        options = ({}, {"missed_capture": "claim"}, {"capture_on_arrival": True})[seed % 3]
        state = GAME.start([Seat(f"P{i}") for i in range(3 + seed % 3)], options, seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            action = GAME.choose(state, rng)
            kind, what = taps_for(state, action)
            if kind == "intent":
                found = GAME.intent(state, what, {"player": action.player})
                assert found == action
            else:
                proposal = taps(state, *what)
                assert isinstance(proposal, Proposal), GAME.describe(action).render("en")
                offered = [list(proposal.actions)] + [list(a.actions) for a in proposal.alternatives]
                assert [action] in offered
            GAME.apply(state, action)


def test_an_accepted_action_says_what_it_will_do_and_the_fine():
    state = position({"D3": "R", "D4": "G"})
    assert GAME.check(state, Capture(R, stone_on(state, "D3"), "D4")).message.render("en") == "R: capture D3 × D4"
    message = GAME.check(state, Place(R, "A1")).message.render("en")
    assert message.startswith("R: place a stone on A1") and "D3" in message and "B7" in message
