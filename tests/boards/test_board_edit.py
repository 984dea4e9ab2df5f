"""The board editor's operations on a board as data (no Kivy): building a small board,
the arrow's cycle, every problem named with its parts, files saved, exported and
imported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.board_edit import (ARROW_CYCLE, BoardDraft, board_files, file_name, import_board,
                                  removable_folders, save)
from companion.boards import BoardError, Direction, read_board
from companion.games.bumerang.board import default_board


def triangle() -> BoardDraft:
    draft = BoardDraft(name="Three corners")
    a, b, c = draft.add_field(0, 0), draft.add_field(2, 0), draft.add_field(1, 1.7)
    for x, y in ((a, b), (b, c), (c, a)):
        draft.add_line(x.id, y.id)
    draft.add_trio(a.id, b.id, c.id)
    return draft


def test_three_fields_three_lines_and_a_trio_make_a_valid_board():
    draft = triangle()
    assert [f.id for f in draft.fields] == ["P1", "P2", "P3"]
    assert draft.problems() == []
    board = draft.to_board()
    assert len(board.lines) == 3 and board.regions_of("trio")[0].fields == ("P1", "P2", "P3")
    assert board.line("P1", "P2").points_to("P2") and not board.line("P1", "P2").points_to("P1")


def test_a_tapped_line_cycles_its_arrow_round():
    draft = triangle()
    line = draft.line("P1", "P2")
    seen = []
    for _ in range(4):
        line = draft.cycle_arrow(line)
        seen.append(line.direction)
    assert seen == [Direction.TO_A, Direction.NONE, Direction.BOTH, Direction.TO_B]
    assert ARROW_CYCLE[0] is Direction.TO_B and draft.line("P1", "P2") == line


def test_wrong_taps_are_refused_with_a_reason():
    draft = triangle()
    with pytest.raises(BoardError, match="already joined"):
        draft.add_line("P2", "P1")
    with pytest.raises(BoardError, match="two different fields"):
        draft.add_line("P1", "P1")
    with pytest.raises(BoardError, match="already a trio"):
        draft.add_trio("P3", "P1", "P2")


def test_every_problem_is_named_with_the_parts_to_mark():
    draft = triangle()
    far = draft.add_field(5, 5)
    draft.add_field(6, 5)
    draft.add_line(far.id, "P2")
    draft.add_trio(far.id, "P2", "P3")  # P4–P3 is no line
    draft.remove_line(draft.line("P1", "P3"))  # the first trio loses a side
    problems = draft.problems()
    errors = [p for p in problems if p.error]
    assert [p.fields for p in errors] == [("P1", "P2", "P3"), ("P4", "P2", "P3")]
    assert errors[0].text.render() == "Region trio1: its side P1–P3 is not a line of the board."
    assert "P3–P4" in errors[1].text.render()
    warnings = [p for p in problems if not p.error]
    assert [(p.fields, p.text.render()) for p in warnings] == [(("P5",), "Field P5 is on no line and no track.")]
    with pytest.raises(BoardError, match="trio1"):
        draft.to_board()


def test_an_empty_draft_says_it_has_no_fields():
    assert [p.text.render() for p in BoardDraft(name="x").problems()] == ["The board has no fields."]


def test_removing_a_field_takes_its_lines_and_trios():
    draft = triangle()
    draft.remove_field("P2")
    assert [(l.a, l.b) for l in draft.lines] == [("P3", "P1")] and draft.regions == []


def test_taps_find_fields_lines_and_trios():
    draft = triangle()
    assert draft.field_at(1.9, 0.1, 0.3).id == "P2" and draft.field_at(1, 0.5, 0.3) is None
    assert {draft.line_at(1, 0.05, 0.2).a, draft.line_at(1, 0.05, 0.2).b} == {"P1", "P2"}
    assert draft.trio_at(1, 0.5).id == "trio1" and draft.trio_at(3, 3) is None


def test_saved_exported_and_imported_boards_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_STATE", str(tmp_path / "state"))
    saved = save(triangle())
    assert saved == tmp_path / "state" / "boards" / "three-corners.board.json"
    assert read_board(saved).to_json() == triangle().to_board().to_json()
    stick = tmp_path / "stick"
    exported = save(triangle(), stick)
    assert board_files(stick) == [exported]
    (stick / "bumerang.json").write_text(json.dumps(json.loads(
        (Path(__file__).parents[2] / "companion/games/bumerang/data/default-board.json").read_text())))
    board = import_board(stick / "bumerang.json")
    assert len(board.fields) == 61 and board.to_json() == default_board().to_json()
    assert (tmp_path / "state" / "boards" / file_name(board.name)).is_file()


def test_a_broken_draft_is_not_saved(tmp_path):
    draft = triangle()
    draft.remove_line(draft.line("P1", "P2"))
    with pytest.raises(BoardError, match="not a line"):
        save(draft, tmp_path)
    assert board_files(tmp_path) == []


def test_removable_folders_are_the_mounted_ones(tmp_path):
    (tmp_path / "media" / "pi" / "STICK").mkdir(parents=True)
    assert removable_folders((tmp_path / "media",)) == []  # a plain folder is no mount
