"""The generated ring of mashies and the board parameters (rulings: "The board")."""

from __future__ import annotations

import math

import pytest

from companion.boards import FieldKind, load_board
from companion.errors import GameError
from companion.game import Seat
from companion.games.stramash import GAME


def setup(players=4, **board):
    return GAME.make_setup([Seat(f"P{i}") for i in range(players)], board=board)


@pytest.mark.parametrize("players,length", [(2, 72), (3, 54), (4, 72), (5, 90), (6, 108)])
def test_loop_length_follows_the_mashies(players, length):
    board = GAME.board(setup(players), {})
    ring = board.track("ring")
    assert ring.loop and ring.fields == tuple(f"t{i}" for i in range(length))
    assert len(board.owned(0, FieldKind.HOUSE)) == 5 and len(board.owned(0, FieldKind.GOAL)) == 5
    assert board.seats == players


def test_start_entry_dock_and_castle_fields_of_the_default_ring():
    board = GAME.board(setup(4), {})
    for seat, (start, entry) in enumerate([(7, 2), (25, 20), (43, 38), (61, 56)]):
        assert board.field(f"t{start}").kind is FieldKind.START and board.field(f"t{start}").owner == seat
        assert board.field(f"t{entry}").owner == seat
        assert board.track(f"castle{seat}").fields == (f"t{entry}", *(f"c{seat}.{n}" for n in range(1, 6)))
        assert {f.id for f in board.owned(seat, FieldKind.HOUSE)} == {f"d{seat}.{n}" for n in range(1, 6)}


def test_two_players_own_opposite_or_adjacent_mashies():
    opposite = GAME.board(setup(2), {})
    assert opposite.field("t7").owner == 0 and opposite.field("t43").owner == 1
    adjacent = GAME.board(setup(2), {"two_player_mashies": "adjacent"})
    assert adjacent.field("t25").owner == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_drawing_is_a_plausible_millimetre_ring_without_overlaps(players):
    board = GAME.board(setup(players), {})
    assert board.unit_mm == 1.0
    min_x, min_y, max_x, max_y = board.bounds()
    assert 250 < max_x - min_x < 1200 and 250 < max_y - min_y < 1200      # a table-sized ring
    assert board.spacing() > 5                                             # no two holes on one spot
    assert load_board(board.to_json()) == board


def test_parameters_move_the_start_and_the_entry():
    board = GAME.board(setup(3, holes_per_mashie=12, start_hole=0, castle_entry_hole=11), {})
    assert len(board.track("ring").fields) == 36
    assert board.field("t12").kind is FieldKind.START and board.field("t23").owner == 1


@pytest.mark.parametrize("board,name", [
    ({"holes_per_mashie": 3}, "holes_per_mashie"),
    ({"holes_per_mashie": 41}, "holes_per_mashie"),
    ({"start_hole": 7, "castle_entry_hole": 7}, "castle_entry_hole"),
    ({"holes_per_mashie": 10, "start_hole": 12}, "start_hole"),
    ({"holes_per_mashie": 10, "castle_entry_hole": 10}, "castle_entry_hole"),
    ({"start_hole": "seven"}, "start_hole"),
])
def test_impossible_boards_are_refused_naming_the_parameter(board, name):
    with pytest.raises(GameError) as err:
        setup(4, **board)
    for lang in ("en", "nl", "fr"):
        assert name in err.value.text.render(lang)


def test_board_parameters_are_declared_with_the_rulings_defaults():
    params = {p.name: p for p in GAME.board_parameters}
    assert (params["holes_per_mashie"].default, params["start_hole"].default,
            params["castle_entry_hole"].default) == (18, 7, 2)
    assert (params["holes_per_mashie"].minimum, params["holes_per_mashie"].maximum) == (8, 40)


def test_castle_runs_towards_the_middle():
    board = GAME.board(setup(6), {})
    entry = board.field("t2")
    c5 = board.field("c0.5")
    assert math.hypot(c5.x, c5.y) < math.hypot(entry.x, entry.y)


@pytest.mark.parametrize("holes", [8, 12, 18, 40])
def test_start_and_castle_entry_are_tapped_on_the_first_mashies_holes(holes):
    params = {p.name: p for p in GAME.board_parameters}
    assert params["holes_per_mashie"].picked is None                      # counted: a stepper
    board = GAME.board(setup(3, holes_per_mashie=holes), {})
    for name in ("start_hole", "castle_entry_hole"):
        pick = params[name].picked
        assert pick is not None and "Tap" in pick.prompt.render("en")
        taps = pick.fields({"holes_per_mashie": holes, "start_hole": 7, "castle_entry_hole": 2})
        assert sorted(taps.values()) == list(range(holes))
        for field_id, value in taps.items():                              # the hole's own number on mashie 0
            assert board.field(field_id).kind is not FieldKind.HOUSE and board.field(field_id).label == str(value)
    tapped = {"holes_per_mashie": holes, "start_hole": 4, "castle_entry_hole": holes - 1}
    board = GAME.board(setup(3, **tapped), {})
    assert board.field("t4").kind is FieldKind.START and board.field(f"t{holes - 1}").kind is FieldKind.SPECIAL
