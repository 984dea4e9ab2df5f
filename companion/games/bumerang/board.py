"""Bumerang's board files (``bumerang-board/1``, the rulings' format) read as a
:class:`companion.boards.Board`: every field is a point, lines keep their arrows, and
each speckled triangle becomes a region of kind ``"trio"``.

The engine knows the board only through this: never the default board's hexagon.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from companion.boards import FORMAT, Board, BoardError, load_board
from companion.games.bumerang.texts import t

BUMERANG_FORMAT = "bumerang-board/1"
DEFAULT_BOARD = "default-board.json"
"""The board of our own design that ships with the app (``data/`` beside this module)."""

KEYS = frozenset({"format", "name", "provenance", "coordinates", "unit_mm", "fields", "lines", "trio_triangles"})
"""The keys of a ``bumerang-board/1`` file; any other is refused (a misspelt
``trio_triangles`` must not silently drop the triangles)."""


def convert(data: Mapping[str, Any]) -> dict[str, Any]:
    """A ``bumerang-board/1`` mapping in the ``table-board/1`` format (not yet checked)."""
    if not isinstance(data, Mapping) or data.get("format") != BUMERANG_FORMAT:
        found = data.get("format") if isinstance(data, Mapping) else type(data).__name__
        raise BoardError(t("A Bumerang board file has format {expected!r}, not {found!r}.",
                           expected=BUMERANG_FORMAT, found=found))
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise BoardError(t("The board file has an unknown key {key!r}; known keys: {known}.",
                           key=unknown[0], known=", ".join(sorted(KEYS))))
    fields = data.get("fields", [])
    triangles = data.get("trio_triangles", [])
    if not isinstance(fields, list) or not isinstance(triangles, list):
        raise BoardError(t("The board's fields and trio_triangles must be lists."))
    return {
        "format": FORMAT,
        "name": data.get("name", ""),
        "unit_mm": data.get("unit_mm", 40.0),
        "fields": [{**f, "kind": "point"} if isinstance(f, dict) else f for f in fields],
        "lines": data.get("lines", []),
        "regions": [{"id": f"trio{n}", "kind": "trio", "fields": t} for n, t in enumerate(triangles, start=1)],
        **{k: data[k] for k in ("provenance", "coordinates") if k in data},
    }


def load(source: str | Path | Mapping[str, Any]) -> Board:
    """A Bumerang board from a file path or a parsed mapping, in either format."""
    if isinstance(source, (str, Path)):
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
            raise BoardError(t("Cannot read the board file {path}: {detail}", path=str(source),
                               detail=str(err))) from None
    else:
        data = source
    if isinstance(data, Mapping) and data.get("format") == FORMAT:
        return load_board(data)
    return load_board(convert(data))


@cache
def default_board() -> Board:
    """The default board shipped with the app (read once; boards are immutable)."""
    text = resources.files(__package__).joinpath("data").joinpath(DEFAULT_BOARD).read_text(encoding="utf-8")
    return load(json.loads(text))


BOARD_FORMATS = {BUMERANG_FORMAT: load}
"""The board formats this package reads (:func:`companion.boards.read_board` looks here)."""
