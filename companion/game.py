"""The protocol between the game-agnostic core and one game's rules engine.

A game is a package under :mod:`companion.games` exposing a :class:`Game` subclass.
The core (referee session, log, UI) knows games only through this module:

* :meth:`Game.new_state` builds the opening position from seats, options and a seed;
* :meth:`Game.pending` says who or what must act now: a player's :class:`Decision`, a
  :class:`Chance` node (an outcome the table's sensors or the seeded generator supply),
  or :data:`OVER`;
* :meth:`Game.check` judges a proposed :class:`Action` without changing anything, and
  :meth:`Game.apply` plays it (raising :class:`~companion.errors.IllegalAction`);
* :meth:`Game.legal_actions` enumerates what is legal now (bots, hints, tests);
* :meth:`Game.observation` is what one player (or the public) may see;
* :meth:`Game.scores` is the final :class:`ScoreSheet` with its breakdown.

Engines are pure: no clock, no I/O, no global random state. States are mutable
(``apply`` changes them in place, like ``chess.Board.push``) and :meth:`GameState.copy`
gives an independent copy; the session keeps copies for undo.

Actions and chance outcomes are plain data: frozen dataclasses with a ``type`` tag that
round-trip through JSON (:meth:`Game.action_to_json`, :meth:`Game.action_from_json`),
which is how the durable log stores them.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Sequence

from companion.errors import GameError, IllegalAction
from companion.i18n import Text


@dataclass(frozen=True)
class Seat:
    """One player at the table, in clockwise order."""

    name: str
    colour: str | None = None


@dataclass(frozen=True)
class TokenSpec:
    """One physical token a game uses, for enrolment and display.

    ``id`` is stable (what the registry stores against an RFID tag), ``kind`` and
    ``colour`` group tokens in the enrolment wizard (``colour`` may be ``None``).
    """

    id: str
    kind: str
    colour: str | None
    label: Text


@dataclass(frozen=True)
class CardSpec:
    """One card face of a game's deck: ``id`` is what card vision reports."""

    id: str
    label: Text
    copies: int = 1


class OptionKind(enum.Enum):
    BOOL = "bool"
    CHOICE = "choice"


@dataclass(frozen=True)
class RuleOption:
    """A rule the table can switch: settings screen, config file and scripted games.

    ``choices`` maps each allowed value to a one-line explanation; a value written as
    text (a command line, a form) is accepted for a choice of another type (``"45"``
    for ``45``).
    """

    name: str
    kind: OptionKind
    default: Any
    title: Text
    explanation: Text
    choices: Mapping[Any, Text] = field(default_factory=dict)

    def validate(self, value: Any) -> Any:
        """Return ``value`` normalised, or raise :class:`GameError` naming the option."""
        if self.kind is OptionKind.BOOL:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "on", "off", "yes", "no", "1", "0"):
                return value.lower() in ("true", "on", "yes", "1")
        else:
            for choice in self.choices:
                same = type(choice) is type(value) and choice == value
                if same or (isinstance(value, str) and str(choice) == value):
                    return choice
        allowed = "true, false" if self.kind is OptionKind.BOOL else ", ".join(map(str, self.choices))
        raise GameError(Text("Rule option {option} cannot be {value!r}; allowed: {allowed}.",
                             option=self.name, value=value, allowed=allowed))


def resolve_options(declared: Sequence[RuleOption], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``given``; an unknown name or a bad value raises GameError."""
    by_name = {o.name: o for o in declared}
    out = {o.name: o.default for o in declared}
    for name, value in (given or {}).items():
        if name not in by_name:
            raise GameError(Text("Unknown rule option {option}; known: {known}.",
                                 option=name, known=", ".join(by_name)))
        out[name] = by_name[name].validate(value)
    return out


class Action:
    """Base of every game's actions. Subclasses are frozen dataclasses with a class-level
    ``type`` string unique within their game."""

    type: ClassVar[str] = ""


@dataclass(frozen=True)
class Decision:
    """A player must act: ``kind`` says which decision (``"turn"``, ``"defend"``, …) and
    ``prompt`` says it to the table."""

    player: int
    kind: str
    prompt: Text


@dataclass(frozen=True)
class Chance:
    """A chance node: the outcome comes from a sensor (a scanned token, a revealed card)
    or, in simulation, from the seeded generator. ``outcomes`` lists what may come."""

    kind: str
    prompt: Text
    outcomes: tuple[Any, ...]


@dataclass(frozen=True)
class Over:
    """The game has ended."""

    prompt: Text


Pending = Decision | Chance | Over


@dataclass(frozen=True)
class Change:
    """One visible consequence of an accepted action, for the log and the banner:
    a translatable ``text`` and JSON-ready ``data`` whose ``kind`` names what changed."""

    text: Text
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    """The engine's answer to a proposed action.

    Rejections carry a stable ``reason`` code (for tests, the UI and the log), the
    rulebook ``section`` that forbids the move (a :class:`Text`: each language names the
    section of its own rulebook) and a translatable ``message``.
    """

    accepted: bool
    message: Text
    reason: str | None = None
    section: Text | None = None
    changes: tuple[Change, ...] = ()

    @classmethod
    def ok(cls, message: Text, changes: Sequence[Change] = ()) -> "Verdict":
        return cls(True, message, changes=tuple(changes))

    @classmethod
    def reject(cls, reason: str, section: Text | None, message: Text) -> "Verdict":
        return cls(False, message, reason=reason, section=section)

    def to_json(self, languages: Sequence[str] = ("nl", "fr", "en")) -> dict[str, Any]:
        out: dict[str, Any] = {"accepted": self.accepted,
                               "message": {lang: self.message.render(lang) for lang in languages}}
        if not self.accepted:
            out["reason"] = self.reason
            out["section"] = ({lang: self.section.render(lang) for lang in languages}
                              if self.section else None)
        if self.changes:
            out["changes"] = [{"text": {lang: c.text.render(lang) for lang in languages}, **dict(c.data)}
                              for c in self.changes]
        return out


@dataclass(frozen=True)
class Proposal:
    """What the table's inputs suggest: actions to submit in order.

    ``auto`` proposals (a token scanned to answer a chance node or an event step) are
    submitted at once; others wait for a confirm (button or touch).
    """

    actions: tuple[Action, ...]
    auto: bool = False


@dataclass(frozen=True)
class ScoreLine:
    """One line of a player's score breakdown: ``key`` is stable, ``label`` is shown."""

    key: str
    label: Text
    points: int
    count: int | None = None


@dataclass(frozen=True)
class PlayerScore:
    player: int
    name: str
    total: int
    lines: tuple[ScoreLine, ...]


@dataclass(frozen=True)
class ScoreSheet:
    """Final scores: players in seat order, the winners (seat indices, several on a
    shared win) and, when a tie had to be broken, which rule broke it."""

    players: tuple[PlayerScore, ...]
    winners: tuple[int, ...]
    tiebreak: Text | None = None

    def to_record(self) -> dict[str, Any]:
        """A lossless JSON form for the history: texts stay translatable
        (:meth:`from_record` reads it back)."""
        return {
            "players": [{"player": p.player, "name": p.name, "total": p.total,
                         "lines": [{"key": l.key, "label": l.label.to_json(), "points": l.points, "count": l.count}
                                   for l in p.lines]} for p in self.players],
            "winners": list(self.winners),
            "tiebreak": self.tiebreak.to_json() if self.tiebreak else None,
        }

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> "ScoreSheet":
        players = tuple(
            PlayerScore(int(p["player"]), str(p["name"]), int(p["total"]),
                        tuple(ScoreLine(l["key"], Text.from_json(l["label"]), int(l["points"]), l.get("count"))
                              for l in p["lines"]))
            for p in data["players"])
        tiebreak = data.get("tiebreak")
        return cls(players, tuple(data["winners"]), Text.from_json(tiebreak) if tiebreak else None)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "players": [
                {"player": p.player, "name": p.name, "total": p.total,
                 "lines": [{"key": l.key, "label": l.label.render(lang), "points": l.points,
                            **({"count": l.count} if l.count is not None else {})} for l in p.lines]}
                for p in self.players
            ],
            "winners": list(self.winners),
            "tiebreak": self.tiebreak.render(lang) if self.tiebreak else None,
        }


class GameState(ABC):
    """A game's mutable state. ``copy`` must give a fully independent state."""

    @abstractmethod
    def copy(self) -> "GameState": ...


class Game(ABC):
    """One game's rules. Instances are stateless; every method takes the state."""

    name: ClassVar[str]
    title: ClassVar[Text]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[RuleOption, ...]] = ()
    action_types: ClassVar[tuple[type, ...]] = ()

    def tokens(self) -> tuple[TokenSpec, ...]:
        """The game's RFID-tagged tokens (none by default)."""
        return ()

    def cards(self) -> tuple[CardSpec, ...]:
        """The faces of the game's deck, for card vision (none by default)."""
        return ()

    # --- setup -----------------------------------------------------------------------
    @abstractmethod
    def new_state(self, seats: Sequence[Seat], options: Mapping[str, Any] | None = None, *,
                  seed: int = 0, dealer: int = 0, simulated_hands: bool = False) -> GameState:
        """The opening position.

        ``simulated_hands``: deal real cards to hands from a deck shuffled with ``seed``
        (demo, bots, property tests). Without it the engine, like the referee at a real
        table, tracks only how many cards each hand holds.
        """

    # --- the flow ----------------------------------------------------------------------
    @abstractmethod
    def pending(self, state: GameState) -> Pending: ...

    @abstractmethod
    def check(self, state: GameState, action: Action) -> Verdict:
        """Judge ``action`` against the pending decision or chance node; no change."""

    @abstractmethod
    def _apply(self, state: GameState, action: Action) -> Verdict:
        """Play an action already checked legal; return the accepted verdict."""

    def apply(self, state: GameState, action: Action) -> Verdict:
        """Play ``action``; raise :class:`IllegalAction` with the rejection if illegal."""
        verdict = self.check(state, action)
        if not verdict.accepted:
            raise IllegalAction(verdict)
        return self._apply(state, action)

    @abstractmethod
    def legal_actions(self, state: GameState) -> list[Action]:
        """Every legal action for the pending decision (chance nodes: one per outcome)."""

    @abstractmethod
    def sample_chance(self, state: GameState, rng) -> Action:
        """The action resolving the pending chance node, drawn with ``rng``."""

    def choose(self, state: GameState, rng) -> Action:
        """The built-in player's action (demo, property tests); by default a random
        legal action, or a chance outcome."""
        if isinstance(self.pending(state), Chance):
            return self.sample_chance(state, rng)
        return rng.choice(self.legal_actions(state))

    # --- table inputs ------------------------------------------------------------------
    def propose(self, state: GameState, cards: tuple[str, ...], token: str | None,
                zone: str | None = None) -> "Proposal | Verdict | None":
        """Interpret the cards in the play zone and the last scanned token.

        ``zone`` is where the token was read (the reader's zone, e.g. a board square;
        ``None`` when it was entered by hand). Return a :class:`Proposal`, a rejection
        explaining why the scan makes no sense now, or ``None`` while more input is needed.
        """
        return None

    def lifted(self, state: GameState, token: str, zone: str | None) -> "Proposal | Verdict | None":
        """A token left the reader of ``zone`` (a pawn picked up from a board square).

        Answer as :meth:`propose` does; ``None`` (the default) means the lift changes
        nothing, as in games where a scan is a tap and the token goes back on the table.
        """
        return None

    def intent(self, state: GameState, name: str, args: Mapping[str, Any]) -> "Action | Verdict | None":
        """Map a touch intent (``"exchange"``, ``"decline"``…) to an action, a
        rejection, or ``None`` when the game knows no such intent."""
        return None

    def table_inputs(self, state: GameState, actions: Sequence[Action]) -> list[dict[str, Any]]:
        """Script lines (``docs/scripted-games.md``) that play ``actions`` from ``state``
        the way a table would; ``state`` is consumed. By default, explicit actions."""
        for action in actions:
            self.apply(state, action)
        return [{"action": self.action_to_json(a)} for a in actions]

    # --- views -------------------------------------------------------------------------
    @abstractmethod
    def observation(self, state: GameState, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (``None``: the public view); JSON-ready."""

    def is_over(self, state: GameState) -> bool:
        return isinstance(self.pending(state), Over)

    @abstractmethod
    def scores(self, state: GameState) -> ScoreSheet:
        """The score sheet (meaningful once the game is over; provisional before)."""

    def describe_state(self, state: GameState) -> list[Text]:
        """A few lines summing up the position, for text output (``replay``)."""
        return []

    def describe(self, action: Action) -> Text:
        """A short text naming the action, for logs and confirmations."""
        return Text.raw(action.type)

    # --- serialisation -----------------------------------------------------------------
    def action_to_json(self, action: Action) -> dict[str, Any]:
        return {"type": action.type, **_encode(dataclasses.asdict(action))}

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        by_type = {cls.type: cls for cls in self.action_types}
        if not isinstance(data, Mapping):
            raise GameError(Text("An action is a JSON object with a type, not {value!r}.", value=data))
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in by_type:
            raise GameError(Text("Unknown action type {type!r}.", type=kind))
        cls = by_type[kind]
        fields = {f.name: f for f in dataclasses.fields(cls)}
        hints = typing.get_type_hints(cls)
        args = {}
        for name, value in data.items():
            if name == "type":
                continue
            if name not in fields:
                raise GameError(Text("Action {type} has no field {field}.", type=kind, field=name))
            if not _fits(value, hints[name]):
                raise GameError(Text("Action {type} cannot have {value!r} as its {field}.", type=kind, field=name,
                                     value=value))
            args[name] = tuple(value) if isinstance(value, list) else value
        try:
            return cls(**args)
        except TypeError as err:
            raise GameError(Text("Action {type} is incomplete: {detail}", type=kind, detail=str(err))) from err


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value can be an action field of type ``hint`` (``str``, ``int``,
    ``tuple[X, ...]`` as a list, ``X | None``); other kinds of field are the game's to check."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if hint is type(None):
        return value is None
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return isinstance(value, (list, tuple)) and all(_fits(v, args[0]) for v in value)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, a) for a in args)
    return True


def _encode(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value
