"""Editing a board as data: what the on-screen board editor does, without Kivy.

A :class:`BoardDraft` is a board being drawn: it may be incomplete or wrong while the
table works on it, and :meth:`BoardDraft.problems` lists every error and warning, each
with the fields or line it is about so the editor can mark it on the drawing. The
messages are the board loader's own (:func:`companion.boards.load_board` checks each
part), so the editor and ``companion board check`` never disagree. A draft becomes a
board file in the ``table-board/1`` format (:meth:`BoardDraft.to_json`), which every
game reads.

Operations, as the editor's taps use them: :meth:`~BoardDraft.add_field` (tap an empty
spot), :meth:`~BoardDraft.add_line` (tap two fields; the arrow points to the second),
:meth:`~BoardDraft.cycle_arrow` (tap a line: → ← none both, in :data:`ARROW_CYCLE`),
:meth:`~BoardDraft.add_trio` (tap three fields) and the removals. Boards are kept in
:func:`boards_dir` and exported to or imported from a folder (a USB stick's mount point,
:func:`removable_folders`).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.boards import (Board, BoardError, Direction, Field, FieldKind, Line, Region, Track,
                              load_board, read_board)
from companion.i18n import Text
from companion.paths import state_dir

ARROW_CYCLE = (Direction.TO_B, Direction.TO_A, Direction.NONE, Direction.BOTH)
"""A tapped line's arrow goes round: towards b (→), towards a (←), none, both ways."""

TRIO = "trio"


@dataclass(frozen=True)
class Problem:
    """Something wrong (``error``) or odd in a draft, with the parts it is about."""

    text: Text
    fields: tuple[str, ...] = ()
    line: tuple[str, str] | None = None
    error: bool = True


@dataclass
class BoardDraft:
    """A board being edited: plain lists, changed in place by the operations below."""

    name: str = ""
    unit_mm: float = 40.0
    fields: list[Field] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    regions: list[Region] = field(default_factory=list)
    tracks: list[Track] = field(default_factory=list)
    seats: int = 0

    @classmethod
    def from_board(cls, board: Board) -> "BoardDraft":
        return cls(board.name, board.unit_mm, list(board.fields), list(board.lines), list(board.regions),
                   list(board.tracks), board.seats)

    # --- looking up ---------------------------------------------------------------------
    def field(self, field_id: str) -> Field:
        for f in self.fields:
            if f.id == field_id:
                return f
        raise KeyError(field_id)

    def line(self, a: str, b: str) -> Line | None:
        for line in self.lines:
            if {line.a, line.b} == {a, b}:
                return line
        return None

    def field_at(self, x: float, y: float, reach: float) -> Field | None:
        """The field nearest to ``(x, y)`` within ``reach`` (board units), if any."""
        near = [(math.dist((f.x, f.y), (x, y)), n, f) for n, f in enumerate(self.fields)]
        best = min(near, default=None)
        return best[2] if best is not None and best[0] <= reach else None

    def line_at(self, x: float, y: float, reach: float) -> Line | None:
        """The line passing nearest to ``(x, y)`` within ``reach`` (board units)."""
        best: tuple[float, int, Line] | None = None
        for n, line in enumerate(self.lines):
            a, b = self.field(line.a), self.field(line.b)
            d = _segment_distance((x, y), (a.x, a.y), (b.x, b.y))
            if d <= reach and (best is None or d < best[0]):
                best = (d, n, line)
        return best[2] if best else None

    # --- editing ------------------------------------------------------------------------
    def add_field(self, x: float, y: float, kind: FieldKind = FieldKind.POINT) -> Field:
        """A new field at ``(x, y)`` with the next free id ``P1``, ``P2`` …"""
        taken = {f.id for f in self.fields}
        n = len(self.fields) + 1
        while f"P{n}" in taken:
            n += 1
        added = Field(f"P{n}", round(x, 3), round(y, 3), kind)
        self.fields.append(added)
        return added

    def remove_field(self, field_id: str) -> None:
        """Remove a field and every line, region and track place that uses it."""
        self.field(field_id)
        self.fields = [f for f in self.fields if f.id != field_id]
        self.lines = [l for l in self.lines if field_id not in (l.a, l.b)]
        self.regions = [r for r in self.regions if field_id not in r.fields]
        self.tracks = [Track(t.id, tuple(f for f in t.fields if f != field_id), t.loop) for t in self.tracks]
        self.tracks = [t for t in self.tracks if len(t.fields) >= 2]

    def add_line(self, a: str, b: str) -> Line:
        """Join ``a`` and ``b``, the arrow pointing to ``b``."""
        self.field(a), self.field(b)
        if a == b:
            raise BoardError(Text("A line joins two different fields."))
        if self.line(a, b) is not None:
            raise BoardError(Text("Fields {a} and {b} are already joined.", a=a, b=b))
        added = Line(a, b, ARROW_CYCLE[0])
        self.lines.append(added)
        return added

    def cycle_arrow(self, line: Line) -> Line:
        """The line's arrow turned to the next of :data:`ARROW_CYCLE`."""
        index = self.lines.index(line)
        turned = Line(line.a, line.b, ARROW_CYCLE[(ARROW_CYCLE.index(line.direction) + 1) % len(ARROW_CYCLE)])
        self.lines[index] = turned
        return turned

    def remove_line(self, line: Line) -> None:
        """Remove a line (a trio that needs it then shows as a problem)."""
        self.lines.remove(line)

    def add_trio(self, a: str, b: str, c: str) -> Region:
        """Mark the triangle ``a``, ``b``, ``c`` as a speckled trio triangle."""
        ids = (a, b, c)
        for f in ids:
            self.field(f)
        if len(set(ids)) != 3:
            raise BoardError(Text("A trio triangle has three different fields."))
        if any(set(r.fields) == set(ids) for r in self.regions if r.kind == TRIO):
            raise BoardError(Text("{a}, {b} and {c} are already a trio triangle.", a=a, b=b, c=c))
        taken = {r.id for r in self.regions}
        n = len(self.regions) + 1
        while f"trio{n}" in taken:
            n += 1
        added = Region(f"trio{n}", TRIO, ids)
        self.regions.append(added)
        return added

    def trio_at(self, x: float, y: float) -> Region | None:
        """The trio triangle that ``(x, y)`` lies in, if any."""
        for region in self.regions:
            if region.kind == TRIO and _inside((x, y), [(self.field(f).x, self.field(f).y) for f in region.fields]):
                return region
        return None

    def remove_region(self, region: Region) -> None:
        self.regions.remove(region)

    # --- checking and saving ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The draft in the ``table-board/1`` format (valid only if it has no errors)."""
        return Board(self.name, tuple(self.fields), tuple(self.lines), tuple(self.tracks), tuple(self.regions),
                     self.unit_mm, self.seats).to_json()

    def problems(self) -> list[Problem]:
        """Every error (the draft cannot be saved) and warning, each with the parts it is
        about; each trio is checked alone, so every faulty one is named."""
        data = self.to_json()
        found: list[Problem] = []
        for region in data["regions"]:
            try:
                load_board({**data, "regions": [region]})
            except BoardError as err:
                found.append(Problem(err.text, tuple(region["fields"])))
        try:
            board = load_board({**data, "regions": []})
        except BoardError as err:
            return [Problem(err.text)] + found
        return found + [Problem(text, (f,), error=False) for f, text in board.lonely_fields().items()]

    def errors(self) -> list[Problem]:
        return [p for p in self.problems() if p.error]

    def to_board(self) -> Board:
        """The draft as a checked board; :class:`BoardError` names the first error."""
        problems = self.errors()
        if problems:
            raise BoardError(problems[0].text)
        return load_board(self.to_json())


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _inside(p: tuple[float, float], corners: list[tuple[float, float]]) -> bool:
    def side(a: tuple[float, float], b: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])

    signs = [side(corners[i], corners[(i + 1) % 3]) for i in range(3)]
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)


# --- files ------------------------------------------------------------------------------------

SUFFIX = ".board.json"


def boards_dir() -> Path:
    """Where the table keeps the boards it described (in the app's state directory)."""
    return state_dir() / "boards"


def file_name(name: str) -> str:
    """A board's file name from its name: letters, digits and dashes, then ``.board.json``."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return (slug or "board") + SUFFIX


def save(draft: BoardDraft, folder: Path | None = None) -> Path:
    """Write the draft (checked: :class:`BoardError` if it has errors) into ``folder``
    (default :func:`boards_dir`); returns the file written."""
    board = draft.to_board()
    folder = folder or boards_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / file_name(board.name)
        path.write_text(json.dumps(draft.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as err:
        raise BoardError(Text("Cannot write the board into {path}: {detail}", path=str(folder),
                              detail=err.strerror or str(err))) from err
    return path


def board_files(folder: Path) -> list[Path]:
    """The board files in ``folder`` (``*.json``, not in subfolders), by name."""
    try:
        return sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.is_file())
    except OSError:
        return []


def import_board(path: Path) -> Board:
    """A board file from another table (any format a game reads), checked; copied into
    :func:`boards_dir` so it stays when the stick is gone."""
    board = read_board(path)
    save(BoardDraft.from_board(board))
    return board


MOUNT_ROOTS = (Path("/media"), Path("/run/media"), Path("/mnt"))
"""Where USB sticks are mounted (Raspberry Pi OS: ``/media/<user>/<label>``)."""


def removable_folders(roots: tuple[Path, ...] = MOUNT_ROOTS) -> list[Path]:
    """Mounted sticks: the folders one or two levels under the mount roots."""
    found: list[Path] = []
    for root in roots:
        for level in ("*", "*/*"):
            try:
                found += [p for p in root.glob(level) if p.is_dir() and p.is_mount()]
            except OSError:
                continue
    return sorted(set(found))
