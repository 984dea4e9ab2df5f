"""Board files: the default board as the rulings describe it, every validation rule
with a message naming the field or line, and whole games on boards of other shapes
(the engine never assumes the hexagon)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from companion.boards import BoardError
from companion.errors import GameError
from companion.game import Seat
from companion.games.bumerang import GAME
from companion.games.bumerang.actions import Capture
from companion.games.bumerang.board import convert, default_board, load
from companion.games.bumerang.topology import Topology
from tests.bumerang.helpers import conserved, position, square_board, strip_board

TINY = {
    "format": "bumerang-board/1", "name": "tiny",
    "fields": [{"id": "P", "x": 0, "y": 0}, {"id": "Q", "x": 1, "y": 0}, {"id": "S", "x": 0.5, "y": 1}],
    "lines": [{"a": "P", "b": "Q", "to": "Q"}, {"a": "Q", "b": "S", "to": None}, {"a": "S", "b": "P", "to": "both"}],
    "trio_triangles": [["P", "Q", "S"]],
}


def test_default_board_is_the_rulings_board():
    board = default_board()
    assert len(board.fields) == 61 and len(board.lines) == 156 and len(board.regions_of("trio")) == 12
    assert board.warnings() == []
    topo = Topology.of(board)
    assert set(topo.captures["D3"]) == {"C2", "D4", "E3"}
    assert set(topo.captures["D4"]) == {"D5", "E4"}
    assert set(topo.captures["D5"]) == {"C4", "D6"}
    assert set(topo.captures["D6"]) == {"C5", "D7", "E6"}
    assert set(topo.neighbours["D4"]) == {"C3", "C4", "D3", "D5", "E4", "E5"}
    arrowless = sum(1 for line in board.lines if line.direction.value == "none")
    assert arrowless == 24


def test_a_board_file_replaces_the_default_board():
    state = position(board_file=TINY)
    assert state.topology.fields == ("P", "Q", "S")
    assert GAME.board(GAME.make_setup([Seat("a"), Seat("b"), Seat("c")], board_file=TINY), {}).name == "tiny"


def broken(change) -> dict:
    data = copy.deepcopy(TINY)
    change(data)
    return data


@pytest.mark.parametrize("change, named", [
    (lambda d: d["fields"].append({"id": "P", "x": 3, "y": 3}), "Field P"),
    (lambda d: d["fields"][1].update(x="left"), "Field Q, x"),
    (lambda d: d["fields"][2].pop("y"), "Field S, y"),
    (lambda d: d["lines"].append({"a": "P", "b": "Z", "to": None}), "'Z'"),
    (lambda d: d["lines"].append({"a": "P", "b": "P", "to": None}), "Line 4 (P–P)"),
    (lambda d: d["lines"].append({"a": "Q", "b": "P", "to": "P"}), "Line 4 (Q–P)"),
    (lambda d: d["lines"][0].update(to="S"), "Line 1 (P–Q)"),
    (lambda d: d["trio_triangles"].append(["P", "Q", "X"]), "'X'"),
    (lambda d: d["trio_triangles"].append(["P", "Q"]), "Region trio2"),
    (lambda d: (d["fields"].append({"id": "T", "x": 2, "y": 2}), d["trio_triangles"].append(["P", "Q", "T"])),
     "Q–T"),
    (lambda d: d.update(trio_triangle=[]), "'trio_triangle'"),
    (lambda d: d["lines"][0].update(arrow="Q"), "'arrow'"),
])
def test_malformed_board_files_name_the_field_or_line(change, named):
    with pytest.raises(BoardError) as err:
        load(broken(change))
    assert named in str(err.value)
    with pytest.raises(GameError) as err:
        GAME.make_setup([Seat("a"), Seat("b"), Seat("c")], board_file=broken(change))
    assert named in err.value.text.render("en")


def test_a_field_without_lines_is_a_warning(tmp_path):
    data = broken(lambda d: d["fields"].append({"id": "Lonely", "x": 5, "y": 5}))
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert [w.render("en") for w in load(path).warnings()] == ["Field Lonely is on no line and no track."]


def test_unreadable_board_file_is_named(tmp_path):
    path = tmp_path / "board.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(BoardError) as err:
        load(path)
    assert str(path) in str(err.value)
    with pytest.raises(BoardError):
        convert({"format": "table-board/9"})


def test_arrows_both_ways_and_none_on_another_board():
    state = position({"P": "R", "S": "G"}, board_file=TINY)
    assert [a for a in GAME.legal_actions(state) if isinstance(a, Capture)] == [Capture(0, state.at["P"], "S")]
    state = position({"S": "R", "P": "G"}, board_file=TINY)
    assert GAME.legal_actions(state) == [Capture(0, state.at["S"], "P")]
    state = position({"Q": "R", "S": "G"}, board_file=TINY)
    assert not any(isinstance(a, Capture) for a in GAME.legal_actions(state))


@pytest.mark.parametrize("board", [square_board(), strip_board()], ids=["square", "strip"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_games_play_to_the_end_on_other_shapes(board, players):
    ended = 0
    trios = 0
    for seed in range(6):
        state = GAME.start([Seat(f"P{i}") for i in range(players)], seed=seed, board_file=board)
        rng = random.Random(seed)
        for _ in range(3000):
            if GAME.is_over(state):
                break
            GAME.apply(state, GAME.choose(state, rng))
        conserved(state)
        ended += GAME.is_over(state)
        trios += sum(state.trios_made)
        assert set(state.at) <= set(state.topology.fields)
    assert ended == 6
    assert trios > 0  # the shape's speckled triangles were used
