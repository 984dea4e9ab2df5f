"""Any board with its pieces, on the touchscreen: :class:`BoardWidget`.

Use::

    widget = BoardWidget(on_tap=lambda target: ...)   # a piece id or a field id
    widget.show(board_view, colours={0: "red", 1: "blue"})

The board (:class:`companion.boards.Board`) is fitted into the widget, whatever its
size (800×480 or 1280×720, a corner of a screen or all of it). Fields are drawn by
kind, lines with their arrows (a line without an arrow in blue), trio triangles
speckled, tracks as a thin path. A piece is a disc in its owner's colour with the
colour's symbol (as the app's swatches draw them, never colour alone) and the piece's
own symbol. Fields given to :meth:`BoardWidget.mark` are ringed in the accent colour
(what a board set-up has picked). The :attr:`~companion.view.BoardView.movable` pieces are ringed; a tapped
movable piece is selected and the fields it could reach
(:attr:`~companion.view.BoardView.targets`) are ringed too; with one movable piece its
targets show at once.

A tap reports one id through ``on_tap``: a target field of the selected piece if the
tap is on one (even when a piece stands there: a capture's victim is reported as its
field), else the piece standing where the tap is, else the field. Touch targets
are at least :func:`min_target` pixels (48 px, 9.2 mm on the 7" screen):
when fields lie closer than that, the first tap zooms in around where it landed and the
next one picks (a tap beside every field, or a pick of a field, zooms out again).

Keep one widget for a game and call :meth:`show` with every new view (a screen that
rebuilds its layout takes the widget out of its old parent first): the selection and the
zoom stay, and a move is animated once.

:meth:`show` with a view whose :attr:`~companion.view.BoardView.last` is new animates
those moves (Kivy :class:`~kivy.animation.Animation`): the moving piece glides from its
start field to its end field (a piece coming onto the board fades in), then every piece
sent back (``hit``) glides home or, with no field to go to, fades out where it stood.
"""

from __future__ import annotations

import math
import random
from typing import Callable, Iterable, Mapping

from kivy.animation import Animation
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, Triangle
from kivy.properties import ListProperty
from kivy.uix.widget import Widget

from companion.boards import Board, Direction, Field, FieldKind
from companion.view import BoardView, Move, PieceView
from ui import theme
from ui.widgets import sizes

MOVE_SECONDS = 0.6
"""How long the animation of one piece's move takes."""

ZOOM_MARGIN = 1.25
"""A zoomed board puts fields this many touch targets apart."""

def min_target() -> float:
    """The smallest touch target on the board: 48 px on the 7" 800×480 screen (about
    154 mm wide, so 9.2 mm), scaled with the window as the app's other sizes are."""
    return sizes().unit * 6


_textures: dict[tuple[str, int, tuple[float, ...]], object] = {}


def text_texture(text: str, size: float, colour: theme.RGBA):
    """A cached texture of ``text`` in the symbol font (which has the colour symbols)."""
    key = (text, int(size), tuple(colour))
    if key not in _textures:
        label = CoreLabel(text=text, font_size=int(size), font_name=theme.SYMBOL_FONT, color=colour)
        label.refresh()
        _textures[key] = label.texture
    return _textures[key]


class PieceSprite(Widget):
    """One piece drawn at its ``center``: a disc in the owner's colour, the colour's
    symbol and the piece's own symbol on it, and a ring when it can move."""

    ring = ListProperty([0, 0, 0, 0])

    def __init__(self, piece: PieceView, colour: str | None, radius: float) -> None:
        super().__init__(size_hint=(None, None), size=(2 * radius, 2 * radius))
        self.piece = piece
        self.radius = radius
        fill = theme.colour_of(colour)
        glyph = theme.symbol_of(colour) + piece.symbol
        texture = text_texture(glyph, radius * (1.0 if len(glyph) < 2 else 0.8), theme.text_on(fill))
        with self.canvas:
            Color(0, 0, 0, 0.6)
            self._shadow = Ellipse()
            Color(*fill)
            self._disc = Ellipse()
            Color(*theme.text_on(fill))
            self._edge = Line(width=1.2)
            self._ring_colour = Color(*self.ring)
            self._ring = Line(width=max(2.0, radius / 5))
            Color(1, 1, 1, 1)
            self._glyph = Rectangle(texture=texture, size=texture.size)
        self.bind(x=self._draw, y=self._draw, size=self._draw, ring=self._draw)
        self._draw()

    def _draw(self, *_args) -> None:
        # from x and y themselves: the cached center is not yet updated while x or y is dispatched
        r = self.radius
        x, y = self.x + self.width / 2, self.y + self.height / 2
        self._shadow.pos, self._shadow.size = (x - r + 2, y - r - 2), (2 * r, 2 * r)
        self._disc.pos, self._disc.size = (x - r, y - r), (2 * r, 2 * r)
        self._edge.circle = (x, y, r)
        self._ring_colour.rgba = self.ring
        self._ring.circle = (x, y, r + max(3.0, r / 4))
        w, h = self._glyph.size
        self._glyph.pos = (x - w / 2, y - h / 2)


class BoardWidget(Widget):
    """A board with its pieces; see the module's docstring for the whole contract.

    ``on_tap(target)`` is called with a piece id or a field id for every tap that picks
    something (not for a tap that only zooms). :attr:`selected` is the movable piece
    picked last, whose targets are ringed.
    """

    def __init__(self, on_tap: Callable[[str], None] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.on_tap = on_tap
        self.view: BoardView | None = None
        self.colours: dict[int, str] = {}
        self.selected: str | None = None
        self.zoom = 1.0
        self.focus: tuple[float, float] | None = None
        self.sprites: dict[str, PieceSprite] = {}
        self.marked: tuple[str, ...] = ()
        self._animated: tuple[Move, ...] = ()
        self._moving: set[str] = set()
        self.bind(pos=self._redraw, size=self._redraw)

    # --- the API ---------------------------------------------------------------------
    def show(self, view: BoardView, colours: Mapping[int, str] | None = None) -> None:
        """Draw ``view`` (pieces, highlights); animate its last move if it is new.
        ``colours`` maps seats to colour names (default: the app's seat colours in order)."""
        if self.view is None or view.board != self.view.board:
            self.zoom, self.focus = 1.0, None
        self.view = view
        self.colours = dict(colours or {})
        if self.selected not in view.movable:
            self.selected = None
        self._redraw()
        if view.last and view.last != self._animated:
            self._animated = view.last
            self._animate(view.last)

    def mark(self, fields: Iterable[str]) -> None:
        """Ring ``fields`` in the accent colour (the fields a set-up has picked), apart
        from any piece's targets; an empty list takes the rings away."""
        self.marked = tuple(fields)
        self._redraw()

    def targets(self) -> tuple[str, ...]:
        """The fields ringed now: the selected piece's targets (or the only movable piece's)."""
        if self.view is None:
            return ()
        piece = self.selected or (self.view.movable[0] if len(self.view.movable) == 1 else None)
        return tuple(self.view.targets.get(piece, ())) if piece else ()

    # --- geometry --------------------------------------------------------------------
    @property
    def board(self) -> Board | None:
        return self.view.board if self.view else None

    def _fit_scale(self) -> float:
        board = self.board
        assert board is not None
        min_x, min_y, max_x, max_y = board.bounds()
        pad = board.spacing() * 0.7
        width, height = max_x - min_x + 2 * pad, max_y - min_y + 2 * pad
        return max(1e-6, min(self.width / width, self.height / height))

    def scale(self) -> float:
        """Pixels per board unit as drawn now (zoom included)."""
        return self._fit_scale() * self.zoom

    def spacing_px(self) -> float:
        """The shortest distance between two fields, in pixels, as drawn now."""
        return self.board.spacing() * self.scale() if self.board else 0.0

    def needs_zoom(self) -> bool:
        """Whether fields lie closer than a touch target at the fitted size."""
        return self.board is not None and self.board.spacing() * self._fit_scale() < min_target()

    def _centre(self) -> tuple[float, float]:
        if self.focus is not None:
            return self.focus
        if self.board is None:
            return 0.0, 0.0
        min_x, min_y, max_x, max_y = self.board.bounds()
        return (min_x + max_x) / 2, (min_y + max_y) / 2

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Window pixels of board point ``(x, y)`` (board y grows downwards)."""
        cx, cy = self._centre()
        s = self.scale()
        return self.center_x + (x - cx) * s, self.center_y - (y - cy) * s

    def to_board(self, sx: float, sy: float) -> tuple[float, float]:
        cx, cy = self._centre()
        s = self.scale()
        return cx + (sx - self.center_x) / s, cy - (sy - self.center_y) / s

    def field_at(self, sx: float, sy: float) -> Field | None:
        """The field under window point ``(sx, sy)``: the nearest one within half the
        spacing, and within a touch target's reach."""
        board = self.board
        if board is None:
            return None
        reach = min(self.spacing_px() / 2, max(min_target() / 2, self.field_radius()))
        best = min(board.fields, key=lambda f: math.dist(self.to_screen(f.x, f.y), (sx, sy)))
        return best if math.dist(self.to_screen(best.x, best.y), (sx, sy)) <= reach else None

    def field_radius(self) -> float:
        return max(3.0, min(self.spacing_px() * 0.32, min_target() * 0.45))

    # --- taps ------------------------------------------------------------------------
    def on_touch_down(self, touch) -> bool:
        if not self.collide_point(*touch.pos) or self.board is None:
            return super().on_touch_down(touch)
        self.tap(*touch.pos)
        return True

    def tap(self, sx: float, sy: float) -> str | None:
        """Handle a tap at window point ``(sx, sy)``; returns the id reported, if any."""
        if self.zoom == 1.0 and self.needs_zoom() and self.board is not None:
            self.focus = self.to_board(sx, sy)
            self.zoom = max(1.5, min_target() * ZOOM_MARGIN / (self.board.spacing() * self._fit_scale()))
            self._redraw()
            return None
        found = self.field_at(sx, sy)
        if found is None:
            self._zoom_out()
            return None
        picked = self._pick(found)
        if picked == found.id and self.zoom != 1.0:
            self._zoom_out()
        else:
            self._redraw()
        if self.on_tap is not None:
            self.on_tap(picked)
        return picked

    def _pick(self, found: Field) -> str:
        assert self.view is not None
        if found.id in self.targets():
            self.selected = None
            return found.id
        standing = [p for p in self.view.pieces if p.field == found.id]
        if standing:
            piece = standing[-1]
            self.selected = piece.id if piece.id in self.view.movable else None
            return piece.id
        return found.id

    def _zoom_out(self) -> None:
        self.zoom, self.focus = 1.0, None
        self._redraw()

    # --- drawing ---------------------------------------------------------------------
    def _redraw(self, *_args) -> None:
        self.canvas.before.clear()
        if self.board is None or self.width < 2 or self.height < 2:
            return
        board = self.board
        at = {f.id: self.to_screen(f.x, f.y) for f in board.fields}
        radius = self.field_radius()
        with self.canvas.before:
            Color(*theme.SURFACE)
            Rectangle(pos=self.pos, size=self.size)
            self._draw_regions(board, at)
            Color(*theme.TEXT_DIM[:3], 0.45)
            for track in board.tracks:
                path = [c for f in track.fields for c in at[f]]
                Line(points=path + (list(at[track.fields[0]]) if track.loop else []), width=1.2)
            self._draw_lines(board, at, radius)
            for f in board.fields:
                self._draw_field(f, at[f.id], radius)
            ring = max(3.0, radius / 3)
            Color(*theme.WARNING)
            for target in self.targets():
                Line(circle=(*at[target], radius + ring), width=ring / 1.5)
            Color(*theme.ACCENT)
            for marked in self.marked:
                if marked in at:
                    Line(circle=(*at[marked], radius + ring), width=ring / 1.5)
        self._place_pieces(at, radius)

    def _draw_regions(self, board: Board, at: Mapping[str, tuple[float, float]]) -> None:
        for region in board.regions:
            corners = [at[f] for f in region.fields]
            if len(corners) != 3:
                continue
            Color(*theme.WARNING[:3], 0.3 if region.kind == "trio" else 0.12)
            Triangle(points=[c for corner in corners for c in corner])
            if region.kind == "trio":
                speckles(corners, region.id, max(1.5, self.spacing_px() / 40))

    def _draw_lines(self, board: Board, at: Mapping[str, tuple[float, float]], radius: float) -> None:
        head = max(5.0, radius * 0.8)
        for line in board.lines:
            a, b = at[line.a], at[line.b]
            Color(*(theme.ACCENT if line.direction is Direction.NONE else theme.TEXT_DIM))
            Line(points=[*a, *b], width=max(1.0, radius / 8))
            if line.direction in (Direction.TO_B, Direction.BOTH):
                arrowhead(a, b, head)
            if line.direction in (Direction.TO_A, Direction.BOTH):
                arrowhead(b, a, head)

    def _draw_field(self, f: Field, centre: tuple[float, float], radius: float) -> None:
        x, y = centre
        owner = theme.colour_of(self._colour(f.owner)) if f.owner is not None else theme.SURFACE_HIGH
        if f.kind is FieldKind.POINT:
            Color(*theme.TEXT)
            r = radius * 0.5
            Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))
            return
        fill = {FieldKind.HOUSE: (*owner[:3], 0.45), FieldKind.START: owner, FieldKind.GOAL: (*owner[:3], 0.7)}.get(
            f.kind, theme.SURFACE_HIGH)
        Color(*fill)
        Ellipse(pos=(x - radius, y - radius), size=(2 * radius, 2 * radius))
        Color(*(theme.WARNING if f.kind is FieldKind.SPECIAL else theme.TEXT_DIM))
        Line(circle=(x, y, radius), width=max(1.0, radius / (4 if f.kind in (FieldKind.START, FieldKind.SPECIAL)
                                                                 else 10)))
        if f.kind is FieldKind.GOAL:
            Line(circle=(x, y, radius * 0.65), width=1.0)
        if f.label and radius >= 9:
            texture = text_texture(f.label, radius * 0.9, theme.text_on(fill if fill[3] > 0.6 else theme.SURFACE))
            Color(1, 1, 1, 1)
            Rectangle(texture=texture, pos=(x - texture.width / 2, y - texture.height / 2), size=texture.size)

    def _colour(self, seat: int | None) -> str | None:
        if seat is None:
            return None
        return self.colours.get(seat, theme.PLAYER_COLOURS[seat % len(theme.PLAYER_COLOURS)])

    def _place_pieces(self, at: Mapping[str, tuple[float, float]], radius: float) -> None:
        assert self.view is not None
        size = max(4.0, radius * 1.05)
        shown = {p.id: p for p in self.view.pieces if p.field is not None}
        for piece_id in list(self.sprites):
            sprite = self.sprites[piece_id]
            stale = piece_id not in shown or sprite.piece != shown[piece_id] or sprite.radius != size
            if stale and piece_id not in self._moving:
                self.remove_widget(self.sprites.pop(piece_id))
        stacked: dict[str, int] = {}
        for piece in shown.values():
            field = piece.field
            assert field is not None                        # shown: the pieces on the board
            drawn = self.sprites.get(piece.id)
            if drawn is None:
                drawn = self.sprites[piece.id] = PieceSprite(piece, self._colour(piece.owner), size)
                self.add_widget(drawn)
            n = stacked[field] = stacked.get(field, -1) + 1
            if piece.id not in self._moving:
                x, y = at[field]
                drawn.center = (x + n * size * 0.35, y + n * size * 0.35)
            drawn.ring = (list(theme.TEXT) if piece.id == self.selected else
                           list(theme.ACCENT) if piece.id in self.view.movable else [0, 0, 0, 0])

    # --- the last move -----------------------------------------------------------------
    def _animate(self, moves: Iterable[Move]) -> None:
        board = self.board
        assert board is not None and self.view is not None
        delay = 0.0
        for move in sorted(moves, key=lambda m: m.hit):  # the mover first, then those it sent back
            if move.hit and delay == 0.0:
                delay = MOVE_SECONDS
            sprite = self.sprites.get(move.piece)
            if sprite is None and move.start is not None:  # left the board: a sprite for the way out
                piece = PieceView(move.piece, self._owner_before(move), None)
                sprite = PieceSprite(piece, self._colour(piece.owner), max(4.0, self.field_radius() * 1.05))
                self.add_widget(sprite)
            if sprite is None:
                continue
            if move.start is None:  # came onto the board (from the supply, a house off the drawing)
                sprite.opacity = 0
                animation = Animation(duration=delay) + Animation(opacity=1, duration=MOVE_SECONDS)
            elif move.end is not None:
                start = self.to_screen(board.field(move.start).x, board.field(move.start).y)
                sprite.center = start
                end = self.to_screen(board.field(move.end).x, board.field(move.end).y)
                animation = Animation(duration=delay) + Animation(center=end, duration=MOVE_SECONDS, t="out_quad")
            else:
                sprite.center = self.to_screen(board.field(move.start).x, board.field(move.start).y)
                animation = Animation(duration=delay) + Animation(opacity=0, duration=MOVE_SECONDS)
            self._moving.add(move.piece)
            animation.bind(on_complete=lambda _a, s, m=move: self._landed(m, s))
            animation.start(sprite)

    def _owner_before(self, move: Move) -> int | None:
        shown = [p for p in (self.view.pieces if self.view else ()) if p.id == move.piece]
        return shown[0].owner if shown else None

    def _landed(self, move: Move, sprite: PieceSprite) -> None:
        self._moving.discard(move.piece)
        if move.end is None:
            self.remove_widget(sprite)
            if self.sprites.get(move.piece) is sprite:
                del self.sprites[move.piece]
        self._redraw()

    @property
    def animating(self) -> bool:
        return bool(self._moving)


def speckles(corners: list[tuple[float, float]], seed: str, dot: float) -> None:
    """A trio triangle's speckles: dots spread over the triangle (the same for the same seed)."""
    Color(*theme.WARNING[:3], 0.9)
    rng = random.Random(seed)
    (ax, ay), (bx, by), (cx, cy) = corners
    for _ in range(14):
        u, v = rng.random(), rng.random()
        if u + v > 1:
            u, v = 1 - u, 1 - v
        x, y = ax + u * (bx - ax) + v * (cx - ax), ay + u * (by - ay) + v * (cy - ay)
        Ellipse(pos=(x - dot, y - dot), size=(2 * dot, 2 * dot))


def arrowhead(tail: tuple[float, float], head: tuple[float, float], size: float) -> None:
    """A filled arrowhead at 60 % of the way from ``tail`` to ``head``, pointing at ``head``."""
    length = math.dist(tail, head)
    if length == 0:
        return
    ux, uy = (head[0] - tail[0]) / length, (head[1] - tail[1]) / length
    tip = (tail[0] + ux * length * 0.6, tail[1] + uy * length * 0.6)
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    Triangle(points=[*tip, bx - uy * size / 2, by + ux * size / 2, bx + uy * size / 2, by - ux * size / 2])
