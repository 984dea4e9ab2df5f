"""A board printed at true size on A4 or A3 tiles (``companion board render``).

The board is drawn in millimetres (a field at ``x`` coordinate units lies ``x·unit_mm``
from the drawing's left edge), cut into tiles of the paper's printable area, and each
tile becomes one page of a PDF whose page size is the paper's: printed at 100 % (no
"fit to page"), cut along the crop marks and laid edge to edge, the tiles give the board
at its real size. Each page carries the board's name, the tile's number and place, and
a 50 mm bar to check the printer's scale.

Drawn by kind: track fields white, a seat's house, start and goal fields in the seat's
colour (start with a thick ring, goal with a double ring, house lighter), special fields
with a star, points as plain dots; tracks as a thin path, lines black with their arrows
(a line without an arrow in blue, as the real boards colour them), trio triangles
speckled.

Pages are drawn one at a time and appended to the PDF (Pillow), so a large board on
many tiles never holds more than one page in memory.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from PIL import Image, ImageDraw, ImageFont

from companion.boards import Board, Direction, Field, FieldKind
from companion.i18n import Text

PAPERS: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "A3": (297.0, 420.0)}
"""Paper sizes in millimetres, portrait (width, height)."""

MARGIN_MM = 12.0
"""The paper's edge kept free on every side: printers' unprintable border, the crop
marks and the caption."""

DPI = 150
"""Pixels per inch of the pages (the PDF states it, so 100 % printing is true size)."""

SEAT_COLOURS = ("#d55e00", "#f0e442", "#009e73", "#0072b2", "#cc79a7", "#e69f00", "#4d4d4d", "#56b4e9")
"""Seat colours on paper (the app's Okabe–Ito palette), seat 0 first."""

INK = "#000000"
UNDIRECTED = "#0072b2"
TRACK_PATH = "#9a9a9a"
TRIO_FILL = "#f3e0a8"
TRIO_SPECKLE = "#8c6d1f"


@dataclass(frozen=True)
class Tile:
    """One page: its place in the grid (from 1) and the drawing's area it shows (mm)."""

    number: int
    row: int
    column: int
    left_mm: float
    top_mm: float


@dataclass(frozen=True)
class PrintLayout:
    """How a board falls on pages: the page size (mm, as printed, landscape when that
    needs fewer tiles), the printable area each tile shows, the drawing's size and where
    the board's coordinate origin lies in it."""

    paper: str
    page_mm: tuple[float, float]
    drawing_mm: tuple[float, float]
    origin_mm: tuple[float, float]
    unit_mm: float
    field_radius_mm: float
    rows: int
    columns: int

    @property
    def area_mm(self) -> tuple[float, float]:
        """The printable area of one page (what one tile shows)."""
        return self.page_mm[0] - 2 * MARGIN_MM, self.page_mm[1] - 2 * MARGIN_MM

    @property
    def page_px(self) -> tuple[int, int]:
        return px(self.page_mm[0]), px(self.page_mm[1])

    def at(self, field: Field) -> tuple[float, float]:
        """Where ``field``'s centre lies on the drawing, in millimetres from its top left."""
        return self.origin_mm[0] + field.x * self.unit_mm, self.origin_mm[1] + field.y * self.unit_mm

    def tiles(self) -> Iterator[Tile]:
        width, height = self.area_mm
        for row in range(self.rows):
            for column in range(self.columns):
                yield Tile(row * self.columns + column + 1, row + 1, column + 1, column * width, row * height)


def px(mm: float) -> int:
    return round(mm * DPI / 25.4)


def layout(board: Board, paper: str = "A4") -> PrintLayout:
    """The board's drawing at true size cut into tiles of ``paper`` (``"A4"`` or ``"A3"``)."""
    radius = min(12.0, max(3.0, board.spacing() * board.unit_mm * 0.28))
    pad = radius + 10.0
    min_x, min_y, max_x, max_y = board.bounds()
    drawing = ((max_x - min_x) * board.unit_mm + 2 * pad, (max_y - min_y) * board.unit_mm + 2 * pad)
    origin = (pad - min_x * board.unit_mm, pad - min_y * board.unit_mm)
    short, long = PAPERS[paper]
    best: PrintLayout | None = None
    for page in ((short, long), (long, short)):
        columns = math.ceil(drawing[0] / (page[0] - 2 * MARGIN_MM))
        rows = math.ceil(drawing[1] / (page[1] - 2 * MARGIN_MM))
        candidate = PrintLayout(paper, page, drawing, origin, board.unit_mm, radius, rows, columns)
        if best is None or rows * columns < best.rows * best.columns:
            best = candidate
    assert best is not None
    return best


def _font(size_mm: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    size = max(8, px(size_mm))
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)  # fonts-dejavu-core, as the app's symbols
    except OSError:
        try:
            return ImageFont.load_default(size)
        except TypeError:  # Pillow before 10.1 (Debian bookworm's 9.4): one small size only
            return ImageFont.load_default()


class _Page:
    """Drawing in the drawing's millimetres onto one tile's page."""

    def __init__(self, plan: PrintLayout, tile: Tile) -> None:
        self.plan = plan
        self.image = Image.new("RGB", plan.page_px, "white")
        self.draw = ImageDraw.Draw(self.image)
        self.dx = MARGIN_MM - tile.left_mm
        self.dy = MARGIN_MM - tile.top_mm

    def p(self, x: float, y: float) -> tuple[int, int]:
        return px(x + self.dx), px(y + self.dy)

    def line(self, a: tuple[float, float], b: tuple[float, float], colour: str, width_mm: float) -> None:
        self.draw.line([self.p(*a), self.p(*b)], fill=colour, width=max(1, px(width_mm)))

    def circle(self, centre: tuple[float, float], radius: float, fill: str | None, outline: str | None,
               width_mm: float = 0.5) -> None:
        x, y = self.p(*centre)
        r = px(radius)
        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=max(1, px(width_mm)))

    def polygon(self, points: list[tuple[float, float]], fill: str | None, outline: str | None = None) -> None:
        self.draw.polygon([self.p(*q) for q in points], fill=fill, outline=outline)

    def text(self, at: tuple[float, float], text: str, size_mm: float, colour: str = INK,
             anchor: str = "mm") -> None:
        self.draw.text(self.p(*at), text, fill=colour, font=_font(size_mm), anchor=anchor)


def _seat_colour(owner: int | None) -> str:
    return SEAT_COLOURS[owner % len(SEAT_COLOURS)] if owner is not None else "#ffffff"


def _arrow(page: _Page, tail: tuple[float, float], head: tuple[float, float], size: float) -> None:
    """An arrowhead on the line ``tail``→``head``, at 60 % of the way, pointing at ``head``."""
    length = math.dist(tail, head)
    if length == 0:
        return
    ux, uy = (head[0] - tail[0]) / length, (head[1] - tail[1]) / length
    tip = (tail[0] + ux * length * 0.6, tail[1] + uy * length * 0.6)
    back = (tip[0] - ux * size, tip[1] - uy * size)
    page.polygon([tip, (back[0] - uy * size / 2, back[1] + ux * size / 2),
                  (back[0] + uy * size / 2, back[1] - ux * size / 2)], INK)


def _speckles(page: _Page, corners: list[tuple[float, float]], seed: str) -> None:
    """Dots spread over a triangle (the same dots for the same region every time)."""
    (ax, ay), (bx, by), (cx, cy) = corners
    area = abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2
    rng = random.Random(seed)
    for _ in range(int(area / 12) + 3):
        u, v = rng.random(), rng.random()
        if u + v > 1:
            u, v = 1 - u, 1 - v
        page.circle((ax + u * (bx - ax) + v * (cx - ax), ay + u * (by - ay) + v * (cy - ay)), 0.5, TRIO_SPECKLE,
                    None)


def _draw_board(page: _Page, board: Board) -> None:
    plan = page.plan
    at = {f.id: plan.at(f) for f in board.fields}
    radius = plan.field_radius_mm
    for region in board.regions:
        corners = [at[f] for f in region.fields]
        if region.kind == "trio" and len(corners) == 3:
            page.polygon(corners, TRIO_FILL)
            _speckles(page, corners, region.id)
        elif len(corners) >= 3:
            page.polygon(corners, "#eeeeee", TRACK_PATH)
    for track in board.tracks:
        path = [at[f] for f in track.fields] + ([at[track.fields[0]]] if track.loop else [])
        for a, b in zip(path, path[1:]):
            page.line(a, b, TRACK_PATH, 1.0)
    for line in board.lines:
        a, b = at[line.a], at[line.b]
        page.line(a, b, UNDIRECTED if line.direction is Direction.NONE else INK, 0.7)
        if line.direction in (Direction.TO_B, Direction.BOTH):
            _arrow(page, a, b, radius * 0.9)
        if line.direction in (Direction.TO_A, Direction.BOTH):
            _arrow(page, b, a, radius * 0.9)
    for f in board.fields:
        _draw_field(page, f, at[f.id], radius)


def _draw_field(page: _Page, f: Field, centre: tuple[float, float], radius: float) -> None:
    colour = _seat_colour(f.owner)
    if f.kind is FieldKind.POINT:
        page.circle(centre, radius * 0.55, INK, None)
    elif f.kind is FieldKind.START:
        page.circle(centre, radius, colour, INK, radius * 0.25)
    elif f.kind is FieldKind.GOAL:
        page.circle(centre, radius, colour, INK, 0.5)
        page.circle(centre, radius * 0.7, None, INK, 0.5)
    elif f.kind is FieldKind.HOUSE:
        page.circle(centre, radius, colour, INK, 0.3)
        page.circle(centre, radius * 0.45, "#ffffff", None)
    else:
        page.circle(centre, radius, "#ffffff", INK, 0.5)
        if f.kind is FieldKind.SPECIAL:
            page.text(centre, "★", radius * 1.3)
    label = f.label or (f.id if f.kind is FieldKind.POINT else "")
    if label:
        page.text((centre[0] + radius * 0.8, centre[1] + radius * 0.8), label, max(2.5, radius * 0.45),
                  anchor="lt")


def _draw_margins(page: _Page, board: Board, tile: Tile) -> None:
    """Crop marks at the printable area's corners, the caption and the scale bar."""
    plan = page.plan
    draw = page.draw
    width, height = plan.page_mm
    mark = MARGIN_MM * 0.6
    thin = max(1, px(0.2))
    for cx in (MARGIN_MM, width - MARGIN_MM):
        for cy in (MARGIN_MM, height - MARGIN_MM):
            out_x = -1 if cx == MARGIN_MM else 1
            out_y = -1 if cy == MARGIN_MM else 1
            draw.line([(px(cx), px(cy + out_y * 1)), (px(cx), px(cy + out_y * mark))], fill=INK, width=thin)
            draw.line([(px(cx + out_x * 1), px(cy)), (px(cx + out_x * mark), px(cy))], fill=INK, width=thin)
    caption = Text("{name} · tile {n} of {total} (row {row}, column {column}) · print at 100 %",
                   name=board.name, n=tile.number, total=plan.rows * plan.columns, row=tile.row,
                   column=tile.column).render()
    draw.text((px(MARGIN_MM + 1), px(MARGIN_MM / 2)), caption, fill=INK, font=_font(3.2), anchor="lm")
    bar_y = height - MARGIN_MM / 2
    draw.line([(px(MARGIN_MM), px(bar_y)), (px(MARGIN_MM + 50), px(bar_y))], fill=INK, width=max(1, px(0.6)))
    for end in (MARGIN_MM, MARGIN_MM + 50):
        draw.line([(px(end), px(bar_y - 1.5)), (px(end), px(bar_y + 1.5))], fill=INK, width=thin)
    draw.text((px(MARGIN_MM + 53), px(bar_y)), Text("50 mm").render(), fill=INK, font=_font(3.0), anchor="lm")


def render_tile(board: Board, plan: PrintLayout, tile: Tile) -> Image.Image:
    """One page of the print: the board's part under ``tile`` and the page's margins."""
    page = _Page(plan, tile)
    _draw_board(page, board)
    # the margins are the paper's: what the board drew there is cleared
    width, height = plan.page_px
    m = px(MARGIN_MM)
    for box in ((0, 0, width, m), (0, height - m, width, height), (0, 0, m, height), (width - m, 0, width, height)):
        page.draw.rectangle(box, fill="white")
    _draw_margins(page, board, tile)
    return page.image


def write_pdf(board: Board, out: Path, paper: str = "A4") -> PrintLayout:
    """Write the board at true size to ``out`` as a PDF, one tile per page."""
    plan = layout(board, paper)
    for tile in plan.tiles():
        render_tile(board, plan, tile).save(out, "PDF", resolution=DPI, append=tile.number > 1, quality=90)
    return plan
