"""The lines of a scripted game (``companion replay``, ``docs/scripted-games.md``), read
and checked before anything is refereed.

:func:`read_script` turns a file's bytes into lines (UTF-8 only); :func:`parse_script`
turns the lines into typed records: one :class:`SetupLine` or :class:`InputLine` per
line that is not blank or a ``#`` comment. A line of the wrong shape or type raises
:class:`ScriptError`, whose message (translated, in the core's domain) names the line
number and the field, e.g. *Line 3: seed must be a whole number from 0 to
9223372036854775807.* Nothing is coerced: ``"false"`` is not false, ``"ABC"`` is not
three seats, ``1.5`` is not a seed and ``"red-6"`` is not a list of cards. Whether the
values make a legal game (a known game, the number of seats, rule options) is the
game's to say when the setup is played; the script runner names the line then too.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any, Iterable

from companion.errors import GameError
from companion.game import Seat
from companion.i18n import CORE, Text

N_ = CORE.markers()[1]

SEED_LIMIT = 2**63
"""Seeds are stored in SQLite's signed 64-bit integers: 0 ≤ seed < 2**63."""


class ScriptError(GameError):
    """A line of a scripted game that cannot be refereed; the message names the line."""


class InputKind(enum.Enum):
    """The table inputs a script line can hold, in the order a line's keys are tried."""

    SCAN = "scan"
    TAG = "tag"
    TOUCH = "touch"
    CHOOSE = "choose"
    CARDS = "cards"
    CONFIRM = "confirm"
    UNDO = "undo"
    ACTION = "action"
    CHANCE = "chance"
    INTENT = "intent"


@dataclass(frozen=True)
class SetupLine:
    """``{"setup": {...}}``: the game, its seats and everything the generator needs."""

    line: int
    entry: dict[str, Any]
    game: str
    seats: tuple[Seat, ...]
    options: dict[str, Any]
    seed: int
    dealer: int
    simulated_hands: bool
    tags: dict[str, str]
    board: dict[str, Any] = field(default_factory=dict)
    board_file: dict[str, Any] | None = None


@dataclass(frozen=True)
class InputLine:
    """One table input. ``value`` is the kind's own value, typed: the token id (scan),
    the tag's UID (tag), the piece or field tapped (touch), the alternative's number
    (choose), the card ids (cards, a tuple of strings), the action's JSON object
    (action), the intent's name (intent); ``None`` for confirm, undo and chance.
    ``zone`` is the reader of a tag; ``args`` are an intent's other fields."""

    line: int
    entry: dict[str, Any]
    kind: InputKind
    value: Any = None
    zone: str = "main"
    args: dict[str, Any] = field(default_factory=dict)


ScriptLine = SetupLine | InputLine

SETUP_FIELDS = ("game", "seats", "options", "seed", "dealer", "simulated_hands", "tags", "board", "board_file")

# What a field must be, said in the message that refuses it.
A_STRING = N_("a non-empty string")
AN_OBJECT = N_("a JSON object")
TRUE_OR_FALSE = N_("true or false")
SEATS = N_("a list of seats: names, or objects with a name, a colour and a team")
A_TEAM = N_("a team number from 0 to {top}")
A_CHOICE = N_("a button number from 0 to {top}")
A_SEED = N_("a whole number from 0 to {top}")
A_DEALER = N_("a seat number from 0 to {top}")
CARD_IDS = N_("a list of card ids (strings)")
JUST_TRUE = N_("true")
AUTO = N_("\"auto\"")
AN_OBJECT_OF_STRINGS = N_("a JSON object of strings (tag UID: token id)")

# What a line that is not an object is.
KINDS = {type(None): N_("null"), bool: TRUE_OR_FALSE, int: N_("a number"), float: N_("a number"),
         str: N_("a string"), list: N_("a list")}


def _wrong(line: int, name: str, expected: str, **params: Any) -> ScriptError:
    return ScriptError(Text("Line {n}: {field} must be {expected}.", n=line, field=name,
                            expected=Text(expected, params)))


def read_script(data: bytes) -> list[str]:
    """The lines of a script file's bytes: UTF-8 (a leading byte-order mark is allowed).

    Raises :class:`ScriptError` naming the first line that is not UTF-8 (a Latin-1 or
    UTF-16 file is refused, not misread).
    """
    try:
        return data.decode("utf-8-sig").splitlines()
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise ScriptError(Text("Line {n} is not UTF-8 text; save the script as UTF-8.", n=line)) from err


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _decode(line: int, raw: str) -> dict[str, Any]:
    try:
        entry = json.loads(raw, parse_constant=_no_constant)
    except RecursionError as err:
        raise ScriptError(Text("Line {n} nests its JSON too deeply.", n=line)) from err
    except ValueError as err:   # json.JSONDecodeError is one
        raise ScriptError(Text("Line {n} is not valid JSON: {detail}", n=line, detail=str(err))) from err
    if not isinstance(entry, dict):
        raise ScriptError(Text("Line {n} must be a JSON object such as {example}, not {found}.", n=line,
                               example='{"scan": "foal-red-1"}', found=Text(KINDS[type(entry)])))
    return entry


def _string(line: int, name: str, value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise _wrong(line, name, A_STRING)
    return value


def _whole(line: int, name: str, value: Any, top: int, expected: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise _wrong(line, name, expected, top=top)
    return value


def _object(line: int, name: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _wrong(line, name, AN_OBJECT)
    return value


def _seats(line: int, value: Any) -> tuple[Seat, ...]:
    if not isinstance(value, list) or not value:
        raise _wrong(line, "setup.seats", SEATS)
    seats = []
    for i, seat in enumerate(value):
        if isinstance(seat, str):
            seats.append(Seat(_string(line, f"setup.seats[{i}]", seat)))
            continue
        seat = _object(line, f"setup.seats[{i}]", seat)
        unknown = sorted(set(seat) - {"name", "colour", "team"})
        if unknown:
            raise ScriptError(Text("Line {n}: {field} is not a field of a seat; a seat has a name, a colour and "
                                   "a team.", n=line, field=f"setup.seats[{i}].{unknown[0]}"))
        colour = seat.get("colour")
        if colour is not None:
            colour = _string(line, f"setup.seats[{i}].colour", colour)
        team = seat.get("team")
        if team is not None:
            team = _whole(line, f"setup.seats[{i}].team", team, len(value) - 1, A_TEAM)
        seats.append(Seat(_string(line, f"setup.seats[{i}].name", seat.get("name")), colour, team))
    return tuple(seats)


def _setup(line: int, entry: dict[str, Any]) -> SetupLine:
    if len(entry) != 1:
        raise ScriptError(Text("Line {n}: a setup line holds only setup, not also {field}.", n=line,
                               field=sorted(k for k in entry if k != "setup")[0]))
    setup = _object(line, "setup", entry["setup"])
    unknown = sorted(set(setup) - set(SETUP_FIELDS))
    if unknown:
        raise ScriptError(Text("Line {n}: {field} is not a setup field; the fields are {fields}.", n=line,
                               field=f"setup.{unknown[0]}", fields=", ".join(SETUP_FIELDS)))
    if "seats" not in setup:
        raise ScriptError(Text("Line {n}: the setup has no seats.", n=line))
    seats = _seats(line, setup["seats"])
    simulated = setup.get("simulated_hands", False)
    if not isinstance(simulated, bool):
        raise _wrong(line, "setup.simulated_hands", TRUE_OR_FALSE)
    tags = setup.get("tags", {})
    if not isinstance(tags, dict) or not all(isinstance(token, str) for token in tags.values()):
        raise _wrong(line, "setup.tags", AN_OBJECT_OF_STRINGS)
    options = setup.get("options")
    board = setup.get("board")
    board_file = setup.get("board_file")
    # A setup without a game was written when Mustang was the only one.
    return SetupLine(line, entry, _string(line, "setup.game", setup.get("game", "mustang")), seats,
                     {} if options is None else _object(line, "setup.options", options),
                     _whole(line, "setup.seed", setup.get("seed", 0), SEED_LIMIT - 1, A_SEED),
                     _whole(line, "setup.dealer", setup.get("dealer", 0), len(seats) - 1, A_DEALER),
                     simulated, dict(tags), {} if board is None else _object(line, "setup.board", board),
                     None if board_file is None else _object(line, "setup.board_file", board_file))


def _input(line: int, entry: dict[str, Any]) -> InputLine:
    kind = next((k for k in InputKind if k.value in entry), None)
    if kind is None:
        raise ScriptError(Text("Line {n}: no table input in it; a line holds one of {keys}.", n=line,
                               keys=", ".join(["setup"] + [k.value for k in InputKind])))
    value = entry[kind.value]
    if kind in (InputKind.SCAN, InputKind.TAG, InputKind.INTENT, InputKind.TOUCH):
        value = _string(line, kind.value, value)
    elif kind is InputKind.CHOOSE:
        value = _whole(line, "choose", value, 99, A_CHOICE)
    elif kind is InputKind.CARDS:
        if not isinstance(value, list) or not all(isinstance(card, str) and card for card in value):
            raise _wrong(line, "cards", CARD_IDS)
        value = tuple(sorted(value))
    elif kind in (InputKind.CONFIRM, InputKind.UNDO):
        if value is not True:
            raise _wrong(line, kind.value, JUST_TRUE)
        value = None
    elif kind is InputKind.CHANCE:
        if value != "auto":
            raise _wrong(line, "chance", AUTO)
        value = None
    elif kind is InputKind.ACTION:
        value = _object(line, "action", value)
    zone = _string(line, "zone", entry.get("zone", "main")) if kind is InputKind.TAG else "main"
    args = {k: v for k, v in entry.items() if k != "intent"} if kind is InputKind.INTENT else {}
    return InputLine(line, entry, kind, value, zone, args)


def parse_line(number: int, raw: str) -> ScriptLine | None:
    """Line ``number`` (counted from 1) as a record; ``None`` for a blank line or a
    ``#`` comment. Raises :class:`ScriptError` naming the line and the field."""
    raw = raw.strip()
    if not raw or raw.startswith("#"):
        return None
    entry = _decode(number, raw)
    return _setup(number, entry) if "setup" in entry else _input(number, entry)


def parse_script(lines: Iterable[str]) -> list[ScriptLine]:
    """Every line of a script, checked; the first bad one raises :class:`ScriptError`.

    The first record is a setup: a script whose first input comes before any setup, or
    that has none, is refused too.
    """
    records = [r for r in (parse_line(n, raw) for n, raw in enumerate(lines, 1)) if r is not None]
    if not records:
        raise ScriptError(Text("The script has no setup line."))
    if not isinstance(records[0], SetupLine):
        raise ScriptError(Text("Line {n}: the script must start with a setup line.", n=records[0].line))
    return records


def setup_error(line: int, err: GameError) -> ScriptError:
    """A game's refusal of a setup (an unknown game, too many seats, a bad rule option)
    as the error of its line."""
    return ScriptError(Text("Line {n}: {detail}", n=line, detail=err.text))

