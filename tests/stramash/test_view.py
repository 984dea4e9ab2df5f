"""What the screens show: the board with every laddie, highlights for the cards the
player holds, the last play with bumped laddies going home, instructions to draw and
reshuffle, and the JSON observation that never shows another player's hand."""

from __future__ import annotations

import json

from companion.game import Seat

from companion.games.stramash import GAME
from companion.games.stramash.actions import Move
from tests.stramash.helpers import position


def test_board_view_places_every_laddie_on_its_field():
    state = position([10, "C2"], [None, 33])
    board = GAME.view(state).board
    fields = {p.id: p.field for p in board.pieces}
    assert len(board.pieces) == 20
    assert fields["laddie-0-1"] == "t10" and fields["laddie-0-2"] == "c0.2"
    assert fields["laddie-1-1"] == "d1.1" and fields["laddie-1-2"] == "t33"
    assert all(board.board.field(f) for f in fields.values())


def test_last_play_shows_the_bumped_laddie_going_home():
    state = position([10], [], [12])
    GAME.apply(state, Move("2S", 1))
    view = GAME.view(state)
    assert [(m.piece, m.start, m.end, m.hit) for m in view.board.last] == [
        ("laddie-0-1", "t10", "t12", False), ("laddie-2-1", "t12", "d2.1", True)]
    text = " ".join(i.render("en") for i in view.instructions)
    assert "goes back to the dock" in text and "draw the top card" in text


def test_the_player_to_move_sees_movable_laddies_and_targets_of_their_hand_only():
    state = position([10, 30], simulated=True)
    state.hands[0] = ["2S", "3S", "4S", "5S", "6S", "9S"]
    own = GAME.view(state, 0).board
    assert set(own.movable) == {"laddie-0-1", "laddie-0-2"}
    assert set(own.targets["laddie-0-1"]) == {"t12", "t13", "t14", "t15", "t16", "t19"}
    assert GAME.view(state, 1).board.movable == () and GAME.view(state).board.movable == ()


def test_view_lists_players_progress_and_prompt():
    state = position(["C1", "C2"])
    view = GAME.view(state)
    assert view.current == 0 and view.players[0].score == 2
    assert "Ailsa" in view.prompt.render("en") and view.prompt.render("nl") != view.prompt.render("en")
    assert any("draw pile" in p.render("en") for p in view.progress)


def test_observation_is_json_and_hides_other_hands():
    state = position([10], simulated=True)
    mine = GAME.observation(state, 0)
    json.dumps(mine)
    assert mine["hand"] == state.hands[0] and mine["hand_sizes"] == [6, 5, 5, 5]
    assert GAME.observation(state, None)["hand"] is None
    other = GAME.observation(state, 1)
    assert other["hand"] == state.hands[1]
    assert set(other) == set(mine)                      # no other field carries a hand
    assert [p.get("cards") for p in mine["players"]] == [state.hands[0], None, None, None]
    assert [p["name"] for p in other["players"]] == ["Ailsa", "Bruce", "Callum", "Deirdre"]
    assert all("cards" not in p for p in GAME.observation(state, None)["players"])


def test_describe_texts_render_in_every_language():
    state = position([10])
    line = GAME.describe_state(state)[0]
    assert "hole 10" in line.render("en") and "plek 10" in line.render("nl") and "trou 10" in line.render("fr")
    assert "laddie 1" in GAME.describe(Move("5S", 1)).render("en")


def test_the_checklist_ticks_the_card_seen_then_the_laddie_tapped():
    from companion.inputs import CardsSeen, Intent
    from companion.session import Referee
    from companion.store import GameStore

    ref = Referee.new(GameStore(":memory:"), "stramash", [Seat(n) for n in ("Ann", "Bob")],
                      {"first_player": "left-of-dealer"}, seed=2)
    ref.state.laddies[1][:2] = [30, 40]

    def ticks():
        return [need.done for need in ref.view().waiting]

    assert ticks() == [False, False]
    ref.table_input(CardsSeen(("5S",)))
    assert ticks() == [True, False] and ref.proposal is None          # two laddies can take the 5
    ref.table_input(Intent("touch", {"target": "laddie-1-2"}))
    assert ticks() == [True, True] and ref.proposal is not None
