"""``companion board check`` and ``companion board render`` on the Bumerang default board
and generated 4- and 6-seat DOG boards: the summary, the PDF read back (page size, tile
count, fields where true size puts them), and malformed files named at the fault."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest
from PIL import Image, PdfParser

from companion.board_print import MARGIN_MM, PAPERS, layout
from companion.boards import read_board
from companion.cli import main
from companion.games.bumerang import board as bumerang
from companion.games.dog.board import dog_board, track_id

BUMERANG_FILE = Path(bumerang.__file__).parent / "data" / bumerang.DEFAULT_BOARD


@pytest.fixture
def dog_files(tmp_path: Path) -> dict[int, Path]:
    files = {}
    for seats in (4, 6):
        files[seats] = tmp_path / f"dog{seats}.json"
        files[seats].write_text(json.dumps(dog_board(seats).to_json()))
    return files


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_summarises_the_bumerang_default_board(capsys):
    code, out, _ = run(capsys, "board", "check", str(BUMERANG_FILE))
    assert code == 0
    assert "61 fields (61 point), 156 lines, 0 tracks, 12 regions" in out
    assert "320 × 277 mm" in out  # 8 × 6.93 units of 40 mm
    assert "No warnings." in out


@pytest.mark.parametrize("seats,fields", [(4, 96), (6, 144)])
def test_check_summarises_generated_dog_boards(capsys, dog_files, seats, fields):
    code, out, _ = run(capsys, "board", "check", str(dog_files[seats]))
    assert code == 0
    assert f"{fields} fields" in out and f"{seats} start" in out and f"{seats} seats" in out


def test_check_lists_warnings(capsys, tmp_path):
    data = json.loads(BUMERANG_FILE.read_text())
    data["fields"].append({"id": "Z1", "x": 9, "y": 9})
    path = tmp_path / "lonely.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "board", "check", str(path))
    assert code == 0
    assert "Warnings: 1" in out and "Field Z1 is on no line and no track." in out


def pages(pdf: Path) -> list[tuple[tuple[float, float], Image.Image]]:
    """Each page's size in points and its picture, read back from the PDF."""
    parser = PdfParser.PdfParser(str(pdf))
    try:
        found = []
        for ref in parser.pages:
            page = parser.read_indirect(ref)
            box = [float(v) for v in page[b"MediaBox"]]
            stream = parser.read_indirect(page[b"Resources"][b"XObject"][b"image"])
            assert stream.dictionary[b"Filter"] == b"DCTDecode"  # the page is one JPEG picture
            picture = Image.open(io.BytesIO(stream.buf)).convert("RGB")
            found.append(((box[2] - box[0], box[3] - box[1]), picture))
        return found
    finally:
        parser.close()


def colour_near(picture: Image.Image, at: tuple[int, int], expected: str, tolerance: int = 60) -> bool:
    want = tuple(int(expected[i:i + 2], 16) for i in (1, 3, 5))
    got = picture.getpixel(at)
    return all(abs(a - b) <= tolerance for a, b in zip(got, want))


def where(pdf_pages, plan, point_mm: tuple[float, float]) -> tuple[Image.Image, tuple[int, int]]:
    """The page and pixel where a point of the drawing (mm) lies, by the page's own
    resolution (pixels over the page's size in points)."""
    area_w, area_h = plan.area_mm
    column, row = int(point_mm[0] // area_w), int(point_mm[1] // area_h)
    (width_pt, _), picture = pdf_pages[row * plan.columns + column]
    per_mm = picture.width / (width_pt / 72 * 25.4)
    return picture, (round((point_mm[0] - column * area_w + MARGIN_MM) * per_mm),
                     round((point_mm[1] - row * area_h + MARGIN_MM) * per_mm))


@pytest.mark.parametrize("paper", ["A4", "A3"])
@pytest.mark.parametrize("seats", [4, 6])
def test_render_tiles_a_dog_board_at_true_size(capsys, tmp_path, dog_files, seats, paper):
    out = tmp_path / "board.pdf"
    code, said, _ = run(capsys, "board", "render", str(dog_files[seats]), "--out", str(out), "--paper", paper)
    assert code == 0 and str(out) in said
    board = read_board(dog_files[seats])
    plan = layout(board, paper)
    found = pages(out)
    assert len(found) == plan.rows * plan.columns == int(said.split(": ")[1].split()[0])
    short, long = (mm / 25.4 * 72 for mm in PAPERS[paper])
    for size, picture in found:
        assert sorted(size) == pytest.approx([short, long], abs=0.5)
        assert picture.width / size[0] == pytest.approx(150 / 72, rel=1e-3)
    # the tiles cover the drawing, and no column or row of tiles is empty
    area_w, area_h = plan.area_mm
    assert (plan.columns - 1) * area_w < plan.drawing_mm[0] <= plan.columns * area_w
    assert (plan.rows - 1) * area_h < plan.drawing_mm[1] <= plan.rows * area_h
    # every start field is drawn in its seat's colour where true size puts it
    seat_colours = ("#d55e00", "#f0e442", "#009e73", "#0072b2", "#cc79a7", "#e69f00")
    centres = {}
    for seat in range(seats):
        start = board.field(track_id(seat * 16))
        centres[seat] = plan.at(start)
        picture, pixel = where(found, plan, centres[seat])
        assert colour_near(picture, pixel, seat_colours[seat]), (seat, pixel, picture.getpixel(pixel))
    # opposite start fields lie a track's diameter apart: 16·seats fields 30 mm apart on a circle
    diameter = 16 * seats * 30 / math.pi
    assert math.dist(centres[0], centres[seats // 2]) == pytest.approx(diameter, rel=0.01)


def test_render_the_bumerang_default_board_on_a3(capsys, tmp_path):
    out = tmp_path / "bumerang.pdf"
    code, said, _ = run(capsys, "board", "render", str(BUMERANG_FILE), "--out", str(out), "--paper", "A3")
    assert code == 0 and "2 pages of A3, a grid 2 wide and 1 high" in said
    board = read_board(BUMERANG_FILE)
    plan = layout(board, "A3")
    found = pages(out)
    assert len(found) == plan.rows * plan.columns == 2
    for size, _picture in found:
        assert sorted(size) == pytest.approx([297 / 25.4 * 72, 420 / 25.4 * 72], abs=0.5)
    # fields are black dots 40 mm apart; the middle between two is white paper
    a, b = plan.at(board.field("E4")), plan.at(board.field("E5"))
    assert b[0] - a[0] == pytest.approx(40.0)
    for point, colour in ((a, "#000000"), (b, "#000000"), (((a[0] + b[0]) / 2, a[1] - 8), "#ffffff")):
        picture, pixel = where(found, plan, point)
        assert colour_near(picture, pixel, colour), (point, picture.getpixel(pixel))


def broken(tmp_path: Path, change) -> Path:
    data = json.loads(BUMERANG_FILE.read_text())
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data, indent=1))
    return path


@pytest.mark.parametrize("change,named", [
    (lambda d: d["lines"][1].update(b="Z9"), "Line 2 names field 'Z9', which the board does not have."),
    (lambda d: d["fields"][3].update(id="A1"), "Field A1 is defined twice."),
    (lambda d: d["fields"][4].update(x="left"), "Field A5, x: 'left' is not a number."),
    (lambda d: d["lines"][0].update(to="C3"), "Line 1 (A1–A2): to must be A1, A2, null or \"both\", not 'C3'."),
    (lambda d: d["lines"].append(dict(d["lines"][0])), "is a duplicate"),
    (lambda d: d["trio_triangles"][0].__setitem__(2, "I5"), "Region trio1: its side B4–I5 is not a line of the board."),
    (lambda d: d.update(format="bumerang-board/9"), "this version reads bumerang-board/1, table-board/1."),
])
def test_malformed_files_are_named_at_the_fault(capsys, tmp_path, change, named):
    path = broken(tmp_path, change)
    for action in (["check"], ["render", "--out", str(tmp_path / "x.pdf")]):
        code, out, err = run(capsys, "board", action[0], str(path), *action[1:])
        assert code == 2 and not out
        assert named in err
    assert not (tmp_path / "x.pdf").exists()


def test_a_file_that_is_not_json_is_named_with_its_line(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n "format": "table-board/1",\n "fields": [,]\n}')
    code, _, err = run(capsys, "board", "check", str(path))
    assert code == 2 and "is not valid JSON" in err and "line 3" in err


@pytest.mark.parametrize("lang,named", [("nl", "Lijn 2 noemt veld 'Z9', dat het bord niet heeft."),
                                        ("fr", "Ligne 2 nomme la case 'Z9', que le plateau n'a pas.")])
def test_the_fault_is_named_in_the_players_language(capsys, tmp_path, lang, named):
    from companion.i18n import set_language

    path = broken(tmp_path, lambda d: d["lines"][1].update(b="Z9"))
    try:
        code, _, err = run(capsys, "--lang", lang, "board", "check", str(path))
    finally:
        set_language("en")
    assert code == 2 and named in err
