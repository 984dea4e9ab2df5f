"""Boards as data: fields, lines, tracks and regions, in the versioned format
``table-board/1``.

A board file describes a physical board once, for the referee (which fields exist, how
they connect, who owns what), the screen (where each field is drawn) and, later, the
camera (the real size maps pixels to fields). Games never hard-code a board: they
generate one from their board parameters (DOG, Stramash) or load the file a table
supplies (Bumerang), and read it through :class:`Board`.

The format (JSON; unknown keys are refused so a typo is never silently ignored)::

    {
      "format": "table-board/1",
      "name": "free text",
      "unit_mm": 25.0,              # one coordinate unit in millimetres (true size)
      "fields": [{"id": "t0", "x": 0, "y": 0, "kind": "track", "owner": 0, "label": "0"}, ...],
      "tracks": [{"id": "ring", "fields": ["t0", "t1", ...], "loop": true}, ...],
      "lines":  [{"a": "t0", "b": "t1", "to": "t1"}, ...],   # to: a, b, null or "both"
      "regions": [{"id": "r1", "kind": "trio", "fields": ["A1", "A2", "B2"]}, ...],
      "seats": 4                   # how many seats the board has places for
    }

Field kinds: :class:`FieldKind`. Coordinates: x to the right, y downwards, in units of
``unit_mm``. Tracks give an order of play along fields (a loop closes on itself; a
branch is a track of its own that starts next to the field it leaves from). Lines join
two fields (a game may read them as adjacency and their ``to`` as a direction). Regions
name groups of fields (triangles, a goal area).

:func:`load_board` checks everything and raises :class:`BoardError` naming the field,
line, track or region at fault; :meth:`Board.warnings` lists what is legal but odd.

Games may keep their own file formats (Bumerang's ``bumerang-board/1``): a game
package's ``board`` module declares ``BOARD_FORMATS``, a mapping from format name to a
loader ``(mapping) -> Board``. :func:`read_board` reads a file in any of these formats,
choosing the loader by the file's ``format`` (:func:`board_formats` lists them).
"""

from __future__ import annotations

import enum
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from companion.errors import CompanionError
from companion.i18n import Text

FORMAT = "table-board/1"


class BoardError(CompanionError):
    """A board file is malformed; the message names the field, line or key at fault."""


class FieldKind(enum.Enum):
    """What a field is for. Games give the kinds their own names on screen."""

    TRACK = "track"        # on the common way round
    HOUSE = "house"        # where a seat's pieces wait before coming out (DOG's house, Stramash's dock)
    START = "start"        # where a seat's pieces come onto the track
    GOAL = "goal"          # a seat's finish fields (DOG's goal, Stramash's castle)
    SPECIAL = "special"    # a track field with a game-specific effect
    POINT = "point"        # a plain point of a network board (Bumerang)


class Direction(enum.Enum):
    """Which way a line points: towards ``a``, towards ``b``, both ways or neither."""

    NONE = "none"
    TO_A = "a"
    TO_B = "b"
    BOTH = "both"


@dataclass(frozen=True)
class Field:
    id: str
    x: float
    y: float
    kind: FieldKind = FieldKind.POINT
    owner: int | None = None
    label: str = ""


@dataclass(frozen=True)
class Line:
    a: str
    b: str
    direction: Direction = Direction.NONE

    def points_to(self, head: str) -> bool:
        """Whether the line's arrow lets a piece on the other end act on ``head``."""
        if self.direction is Direction.BOTH:
            return True
        return (self.direction is Direction.TO_A and head == self.a) or (self.direction is Direction.TO_B
                                                                          and head == self.b)


@dataclass(frozen=True)
class Track:
    id: str
    fields: tuple[str, ...]
    loop: bool = False


@dataclass(frozen=True)
class Region:
    id: str
    kind: str
    fields: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    """A validated board. Build with :func:`load_board` or :func:`make_board`."""

    name: str
    fields: tuple[Field, ...]
    lines: tuple[Line, ...] = ()
    tracks: tuple[Track, ...] = ()
    regions: tuple[Region, ...] = ()
    unit_mm: float = 25.0
    seats: int = 0
    by_id: Mapping[str, Field] = field(default_factory=dict, compare=False, repr=False)
    neighbours: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    def field(self, field_id: str) -> Field:
        return self.by_id[field_id]

    def track(self, track_id: str) -> Track:
        for track in self.tracks:
            if track.id == track_id:
                return track
        raise KeyError(track_id)

    def line(self, a: str, b: str) -> Line | None:
        """The line joining ``a`` and ``b`` (either order), if any."""
        for line in self.lines:
            if {line.a, line.b} == {a, b}:
                return line
        return None

    def regions_of(self, kind: str) -> tuple[Region, ...]:
        return tuple(r for r in self.regions if r.kind == kind)

    def owned(self, seat: int, kind: FieldKind) -> tuple[Field, ...]:
        """The fields of ``kind`` that belong to ``seat``, in file order."""
        return tuple(f for f in self.fields if f.owner == seat and f.kind is kind)

    def bounds(self) -> tuple[float, float, float, float]:
        """``(min_x, min_y, max_x, max_y)`` of the field centres, in coordinate units."""
        xs = [f.x for f in self.fields]
        ys = [f.y for f in self.fields]
        return min(xs), min(ys), max(xs), max(ys)

    def spacing(self) -> float:
        """The shortest distance between two field centres (coordinate units); the
        drawing sizes fields and touch targets from it."""
        points = sorted((f.x, f.y) for f in self.fields)
        best = math.inf
        for i, (x, y) in enumerate(points):
            for x2, y2 in points[i + 1:]:
                if x2 - x >= best:
                    break
                best = min(best, math.hypot(x2 - x, y2 - y))
        return best if best < math.inf else 1.0

    def warnings(self) -> list[Text]:
        """What is allowed but probably a mistake (a field on no line and no track)."""
        return list(self.lonely_fields().values())

    def lonely_fields(self) -> dict[str, Text]:
        """The point and track fields on no line and no track, each with its warning."""
        used = {f for line in self.lines for f in (line.a, line.b)}
        used |= {f for track in self.tracks for f in track.fields}
        return {f.id: Text("Field {id} is on no line and no track.", id=f.id)
                for f in self.fields if f.id not in used and f.kind in (FieldKind.POINT, FieldKind.TRACK)}

    def to_json(self) -> dict[str, Any]:
        """The board in the file format (what :func:`load_board` reads back)."""
        return {
            "format": FORMAT, "name": self.name, "unit_mm": self.unit_mm, "seats": self.seats,
            "fields": [{"id": f.id, "x": f.x, "y": f.y, "kind": f.kind.value, "owner": f.owner,
                        "label": f.label} for f in self.fields],
            "tracks": [{"id": t.id, "fields": list(t.fields), "loop": t.loop} for t in self.tracks],
            "lines": [{"a": l.a, "b": l.b, "to": _DIRECTION_OUT[l.direction](l)} for l in self.lines],
            "regions": [{"id": r.id, "kind": r.kind, "fields": list(r.fields)} for r in self.regions],
        }


_DIRECTION_OUT: dict[Direction, Callable[[Line], str | None]] = {
    Direction.NONE: lambda line: None,
    Direction.TO_A: lambda line: line.a,
    Direction.TO_B: lambda line: line.b,
    Direction.BOTH: lambda line: "both",
}


def make_board(name: str, fields: Sequence[Field], lines: Sequence[Line] = (), tracks: Sequence[Track] = (),
               regions: Sequence[Region] = (), *, unit_mm: float = 25.0, seats: int = 0) -> Board:
    """A board from parts, checked as a loaded file is (generators use this)."""
    return load_board(Board(name, tuple(fields), tuple(lines), tuple(tracks), tuple(regions), unit_mm,
                            seats).to_json())


# --- loading -------------------------------------------------------------------------------

_TOP_KEYS = {"format", "name", "unit_mm", "fields", "tracks", "lines", "regions", "seats", "provenance",
             "coordinates", "parameters"}


def _number(value: Any, where: Text) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BoardError(Text("{where}: {value!r} is not a number.", where=where, value=value))
    return float(value)


def _text(value: Any, where: Text) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BoardError(Text("{where}: {value!r} is not a name.", where=where, value=value))
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise BoardError(Text("The board's {key} must be a list.", key=key))
    return value


def _entry(item: Any, where: Text, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(item, dict):
        raise BoardError(Text("{where} must be an object, not {value!r}.", where=where, value=item))
    unknown = sorted(set(item) - allowed)
    if unknown:
        raise BoardError(Text("{where} has an unknown key {key!r}.", where=where, key=unknown[0]))
    return item


def _known(fields: Mapping[str, Field], ref: Any, where: Text) -> str:
    if not isinstance(ref, str) or ref not in fields:
        raise BoardError(Text("{where} names field {ref!r}, which the board does not have.", where=where, ref=ref))
    return ref


def _fields(data: Mapping[str, Any]) -> dict[str, Field]:
    fields: dict[str, Field] = {}
    for n, item in enumerate(_list(data, "fields"), start=1):
        where = Text("Field {n}", n=n)
        entry = _entry(item, where, {"id", "x", "y", "kind", "owner", "label"})
        field_id = _text(entry.get("id"), where)
        where = Text("Field {id}", id=field_id)
        if field_id in fields:
            raise BoardError(Text("{where} is defined twice.", where=where))
        try:
            kind = FieldKind(entry.get("kind", "point"))
        except ValueError:
            raise BoardError(Text("{where}: kind {kind!r} is not one of {kinds}.", where=where, kind=entry.get("kind"),
                                  kinds=", ".join(k.value for k in FieldKind))) from None
        owner = entry.get("owner")
        if owner is not None and (isinstance(owner, bool) or not isinstance(owner, int) or owner < 0):
            raise BoardError(Text("{where}: owner {owner!r} is not a seat number.", where=where, owner=owner))
        label = entry.get("label", "")
        if not isinstance(label, str):
            raise BoardError(Text("{where}: label {label!r} is not text.", where=where, label=label))
        fields[field_id] = Field(field_id, _number(entry.get("x"), Text("{where}, x", where=where)),
                                 _number(entry.get("y"), Text("{where}, y", where=where)), kind, owner, label)
    if not fields:
        raise BoardError(Text("The board has no fields."))
    return fields


def _lines(data: Mapping[str, Any], fields: Mapping[str, Field]) -> list[Line]:
    lines: list[Line] = []
    seen: set[frozenset[str]] = set()
    for n, item in enumerate(_list(data, "lines"), start=1):
        where = Text("Line {n}", n=n)
        entry = _entry(item, where, {"a", "b", "to"})
        a = _known(fields, entry.get("a"), where)
        b = _known(fields, entry.get("b"), where)
        where = Text("Line {n} ({a}–{b})", n=n, a=a, b=b)
        if a == b:
            raise BoardError(Text("{where} joins a field to itself.", where=where))
        if frozenset((a, b)) in seen:
            raise BoardError(Text("{where} is a duplicate: the board already joins these fields.", where=where))
        seen.add(frozenset((a, b)))
        to = entry.get("to")
        direction = {None: Direction.NONE, "both": Direction.BOTH}.get(to) if to in (None, "both") else (
            Direction.TO_A if to == a else Direction.TO_B if to == b else None)
        if direction is None:
            raise BoardError(Text("{where}: to must be {a}, {b}, null or \"both\", not {to!r}.", where=where, a=a, b=b,
                                  to=to))
        lines.append(Line(a, b, direction))
    return lines


def _tracks(data: Mapping[str, Any], fields: Mapping[str, Field]) -> list[Track]:
    tracks: list[Track] = []
    for n, item in enumerate(_list(data, "tracks"), start=1):
        where = Text("Track {n}", n=n)
        entry = _entry(item, where, {"id", "fields", "loop"})
        track_id = _text(entry.get("id"), where)
        where = Text("Track {id}", id=track_id)
        if any(t.id == track_id for t in tracks):
            raise BoardError(Text("{where} is defined twice.", where=where))
        members = entry.get("fields")
        if not isinstance(members, list) or len(members) < 2:
            raise BoardError(Text("{where} must list two fields or more.", where=where))
        ids = tuple(_known(fields, ref, where) for ref in members)
        if len(set(ids)) != len(ids):
            raise BoardError(Text("{where} passes a field twice.", where=where))
        loop = entry.get("loop", False)
        if not isinstance(loop, bool):
            raise BoardError(Text("{where}: loop must be true or false.", where=where))
        tracks.append(Track(track_id, ids, loop))
    return tracks


def _regions(data: Mapping[str, Any], fields: Mapping[str, Field], lines: Sequence[Line]) -> list[Region]:
    regions: list[Region] = []
    joined = {frozenset((l.a, l.b)) for l in lines}
    for n, item in enumerate(_list(data, "regions"), start=1):
        where = Text("Region {n}", n=n)
        entry = _entry(item, where, {"id", "kind", "fields"})
        region_id = _text(entry.get("id", f"r{n}"), where)
        where = Text("Region {id}", id=region_id)
        kind = _text(entry.get("kind"), where)
        members = entry.get("fields")
        if not isinstance(members, list) or not members:
            raise BoardError(Text("{where} must list its fields.", where=where))
        ids = tuple(_known(fields, ref, where) for ref in members)
        if len(set(ids)) != len(ids):
            raise BoardError(Text("{where} names a field twice.", where=where))
        if kind == "trio":
            if len(ids) != 3:
                raise BoardError(Text("{where}: a trio triangle has three fields, not {n}.", where=where, n=len(ids)))
            for i in range(3):
                side = frozenset((ids[i], ids[(i + 1) % 3]))
                if side not in joined:
                    a, b = sorted(side)
                    raise BoardError(Text("{where}: its side {a}–{b} is not a line of the board.", where=where,
                                          a=a, b=b))
        regions.append(Region(region_id, kind, ids))
    return regions


def read_json(path: str | Path) -> Any:
    """The parsed JSON of a board file; :class:`BoardError` if it cannot be read or parsed
    (the message names the file and, for bad JSON, the line)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise BoardError(Text("Cannot read the board file {path}: {detail}", path=str(path),
                              detail=err.strerror)) from err
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BoardError(Text("The board file {path} is not UTF-8 text.", path=str(path))) from None
    except (ValueError, RecursionError) as err:
        raise BoardError(Text("The board file {path} is not valid JSON: {detail}", path=str(path),
                              detail=str(err))) from None


def load_board(source: str | Path | Mapping[str, Any]) -> Board:
    """A board from a file path, JSON text already parsed, or a mapping in the format.

    Raises :class:`BoardError` naming what is wrong (the field, line, track or region,
    and the value).
    """
    data = read_json(source) if isinstance(source, (str, Path)) else source
    if not isinstance(data, Mapping):
        raise BoardError(Text("A board file holds one JSON object."))
    if data.get("format") != FORMAT:
        raise BoardError(Text("The board's format is {found!r}; this version reads {expected!r}.",
                              found=data.get("format"), expected=FORMAT))
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise BoardError(Text("The board has an unknown key {key!r}.", key=unknown[0]))
    name = data.get("name", "")
    if not isinstance(name, str):
        raise BoardError(Text("The board's name must be text."))
    unit_mm = _number(data.get("unit_mm", 25.0), Text("unit_mm"))
    if unit_mm <= 0:
        raise BoardError(Text("unit_mm must be more than 0."))
    seats = data.get("seats", 0)
    if isinstance(seats, bool) or not isinstance(seats, int) or seats < 0:
        raise BoardError(Text("seats must be a whole number, not {value!r}.", value=seats))
    fields = _fields(data)
    lines = _lines(data, fields)
    tracks = _tracks(data, fields)
    regions = _regions(data, fields, lines)
    neighbours: dict[str, list[str]] = {f: [] for f in fields}
    for line in lines:
        neighbours[line.a].append(line.b)
        neighbours[line.b].append(line.a)
    return Board(name, tuple(fields.values()), tuple(lines), tuple(tracks), tuple(regions), unit_mm, seats,
                 by_id=fields, neighbours={f: tuple(n) for f, n in neighbours.items()})


# --- every format a game declares ----------------------------------------------------------

BoardLoader = Callable[[Mapping[str, Any]], Board]


def board_formats() -> dict[str, BoardLoader]:
    """Every board format this version reads, by name: :data:`FORMAT` and the formats the
    game packages declare in their ``board`` module's ``BOARD_FORMATS``."""
    import importlib

    import companion.games

    formats: dict[str, BoardLoader] = {FORMAT: load_board}
    for folder in companion.games.__path__:
        for module in sorted(Path(folder).glob("*/board.py")):
            board = importlib.import_module(f"companion.games.{module.parent.name}.board")
            formats.update(getattr(board, "BOARD_FORMATS", {}))
    return formats


def read_board(source: str | Path | Mapping[str, Any]) -> Board:
    """A board from a file (or its parsed JSON) in any format of :func:`board_formats`,
    checked by that format's loader; :class:`BoardError` names what is wrong."""
    data = read_json(source) if isinstance(source, (str, Path)) else source
    if not isinstance(data, Mapping):
        raise BoardError(Text("A board file holds one JSON object."))
    formats = board_formats()
    found = data.get("format")
    loader = formats.get(found) if isinstance(found, str) else None
    if loader is None:
        raise BoardError(Text("The board's format is {found!r}; this version reads {expected}.", found=found,
                              expected=", ".join(sorted(formats))))
    return loader(data)
