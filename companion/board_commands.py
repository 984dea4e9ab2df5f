"""``companion board check FILE`` and ``companion board render FILE --out board.pdf``.

Both read a board file in any format a game declares (:func:`companion.boards.read_board`:
``table-board/1``, Bumerang's ``bumerang-board/1``). ``check`` prints the board's summary
and its warnings; a malformed file ends with exit code 2 and a message naming the field,
line, track or region at fault. ``render`` prints the board at true size on A4 or A3
tiles (:mod:`companion.board_print`).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from companion.boards import Board, read_board
from companion.i18n import Text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    board = sub.add_parser("board", help="check a board file, or print it at true size")
    commands = board.add_subparsers(dest="board_command", metavar="ACTION", required=True)
    check = commands.add_parser("check", help="check a board file and print its summary and warnings")
    check.add_argument("file", type=Path)
    check.set_defaults(func=cmd_check)
    render = commands.add_parser("render", help="the board at true size as a PDF on A4 or A3 tiles")
    render.add_argument("file", type=Path)
    render.add_argument("--out", type=Path, required=True, help="the PDF to write")
    render.add_argument("--paper", choices=("A4", "A3"), default="A4")
    render.set_defaults(func=cmd_render)


def summary(board: Board) -> list[Text]:
    """What ``check`` prints about a valid board, one line each."""
    min_x, min_y, max_x, max_y = board.bounds()
    kinds = Counter(f.kind.value for f in board.fields)
    lines = [
        Text("Board: {name}", name=board.name or "-"),
        Text("{n} fields ({kinds}), {lines} lines, {tracks} tracks, {regions} regions, {seats} seats.",
             n=len(board.fields), kinds=", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items())),
             lines=len(board.lines), tracks=len(board.tracks), regions=len(board.regions), seats=board.seats),
        Text("Size: {width:.0f} × {height:.0f} mm between the outermost field centres ({unit:g} mm per unit).",
             width=(max_x - min_x) * board.unit_mm, height=(max_y - min_y) * board.unit_mm, unit=board.unit_mm),
    ]
    warnings = board.warnings()
    lines.append(Text("No warnings.") if not warnings else Text("Warnings: {n}", n=len(warnings)))
    return lines + [Text("  ! {warning}", warning=w) for w in warnings]


def cmd_check(args: argparse.Namespace) -> int:
    board = read_board(args.file)
    for line in summary(board):
        print(line.render())
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    from companion.board_print import write_pdf

    board = read_board(args.file)
    plan = write_pdf(board, args.out, args.paper)
    print(Text("{path}: {pages} pages of {paper}, a grid {columns} wide and {rows} high; print at 100 %, cut "
               "along the crop marks and lay the tiles edge to edge.", path=str(args.out),
               pages=plan.rows * plan.columns, paper=args.paper, rows=plan.rows, columns=plan.columns).render())
    return 0
