"""The protocol between the game-agnostic core and one game's rules engine.

A game is a package under :mod:`companion.games` exposing ``GAME``, an instance of its
:class:`Game` subclass (generic over its state type). The core (referee session, log,
UI) knows games only through this module:

* :meth:`Game.make_setup` validates a :class:`Setup` (seats with teams, dealer, board
  parameters, a board file), and :meth:`Game.new_state` builds the opening position from
  it, the rule options and a seed;
* :meth:`Game.pending` says who or what must act now: a :class:`Decision` of one or
  several players, a :class:`Chance` node (an outcome the table's sensors or the seeded
  generator supply), or :class:`Over`;
* :meth:`Game.check` judges a proposed :class:`Action` without changing anything, and
  :meth:`Game.apply` plays it (raising :class:`~companion.errors.IllegalAction`);
* :meth:`Game.legal_actions` enumerates what is legal now (bots, hints, tests);
* :meth:`Game.propose` turns what the sensors and the screen say (:class:`Sensed`) into
  a :class:`Proposal`: one plan, or :class:`Alternative` plans for the screen to offer;
* :meth:`Game.view` is what every screen shows (:class:`~companion.view.View`), and
  :meth:`Game.observation` the game's own JSON view (replays, tests);
* :meth:`Game.scores` is the final :class:`ScoreSheet` with its breakdown;
* :meth:`Game.decks`, :meth:`Game.tokens`, :meth:`Game.board`, :attr:`Game.bgstats` and
  :attr:`Game.panels` give the app the game's material and screen panels.

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
import random
import types
import typing
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, Mapping, Sequence, TypeVar

from companion.boards import Board
from companion.errors import GameError, IllegalAction
from companion.i18n import Text
from companion.view import View


@dataclass(frozen=True)
class Seat:
    """One player at the table, in clockwise order. ``team`` groups partners (seats
    with the same number play together); ``None`` plays alone."""

    name: str
    colour: str | None = None
    team: int | None = None


@dataclass(frozen=True)
class DrawingPick:
    """How the table gives a board parameter by tapping a field of the board drawing
    instead of counting: ``prompt`` asks for the tap ("Tap the start hole"), and
    ``fields(board)`` maps every field that may be tapped to the value a tap on it
    gives, from the board parameters chosen so far (the holes of one mashie, each to its
    number on the mashie). The field ids are those of :meth:`Game.board` for the same
    parameters; the set-up screen draws only these fields, large."""

    prompt: Text
    fields: Callable[[Mapping[str, int]], Mapping[str, int]]


@dataclass(frozen=True)
class BoardParameter:
    """A number the table enters once for its board (fields per segment, holes per
    mashie…): validated like a rule option, kept in the game's :class:`Setup`.
    ``picked`` (``None``: entered as a number) says the value is a field of the board
    drawing, tapped on the board set-up screen (:class:`DrawingPick`)."""

    name: str
    default: int
    minimum: int
    maximum: int
    title: Text
    explanation: Text
    picked: DrawingPick | None = None

    def validate(self, value: Any) -> int:
        """Return ``value`` as a whole number in range, or raise :class:`GameError`."""
        number = value
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            number = int(value.strip())
        if isinstance(number, bool) or not isinstance(number, int) or not self.minimum <= number <= self.maximum:
            raise GameError(Text("Board parameter {name} must be a whole number from {low} to {high}, not {value!r}.",
                                 name=self.name, low=self.minimum, high=self.maximum, value=value))
        return number


@dataclass(frozen=True)
class Setup:
    """Everything a game starts from besides its rule options and seed: the seats (with
    teams), the dealer, the board's parameters, the board file a table supplies (its
    JSON, for games whose board is data), and whether the engine deals real cards from
    the seeded deck (``simulated_hands``: demo, bots, tests) or, like a referee at a real
    table, tracks only how many cards each hand holds.

    :meth:`Game.make_setup` validates one; :meth:`to_json` and
    :meth:`Game.setup_from_json` round-trip it through the game log.
    """

    seats: tuple[Seat, ...]
    dealer: int = 0
    simulated_hands: bool = False
    board: Mapping[str, int] = field(default_factory=dict)
    board_file: Mapping[str, Any] | None = None

    @property
    def teams(self) -> dict[int, tuple[int, ...]]:
        """Team number -> the seats in it, for seats that play in a team."""
        out: dict[int, list[int]] = {}
        for index, seat in enumerate(self.seats):
            if seat.team is not None:
                out.setdefault(seat.team, []).append(index)
        return {team: tuple(seats) for team, seats in out.items()}

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team (empty when it plays alone)."""
        team = self.seats[seat].team
        if team is None:
            return ()
        return tuple(i for i, s in enumerate(self.seats) if s.team == team and i != seat)

    def to_json(self) -> dict[str, Any]:
        return {"seats": [{"name": s.name, "colour": s.colour, "team": s.team} for s in self.seats],
                "dealer": self.dealer, "simulated_hands": self.simulated_hands,
                "board": dict(self.board), "board_file": self.board_file}


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


POKER_ASPECT = 63 / 88
"""Width over height of a poker-size card, the default shape of a deck."""


class FaceLayout(enum.Enum):
    """How a printable face of our own design is laid out (:class:`FaceArt`)."""

    RING = "ring"
    """A frame; in the middle a filled oval with the centre text in the paper's colour,
    ringed by ``count`` symbols."""
    EMBLEM = "emblem"
    """A frame; a big emblem symbol with the centre word under it, and the accent symbol
    in the frame's four corners."""


@dataclass(frozen=True)
class FaceArt:
    """A printable card face of our own design, drawn by card vision
    (:mod:`vision.faces`) for its sheets, its test scenes and the simulated camera.

    Every face is white with ``index`` (short: one to three characters) and ``symbol``
    under it in the top-left corner, and the same turned round in the bottom-right one.
    ``ink`` is the colour of everything but the accents, as ``"#rrggbb"``. Symbols are
    named shapes of :data:`vision.faces.SHAPES`. Faces the camera must tell apart should
    differ in ink, symbol and centre text. Pure data: engines stay free of drawing code.
    """

    index: str
    symbol: str
    ink: str
    layout: FaceLayout = FaceLayout.RING
    centre: str = ""
    """RING: the big text in the oval (``index`` when empty); EMBLEM: the word under the
    emblem (none when empty)."""
    count: int = 0
    """RING: how many symbols ring the oval."""
    emblem: str = ""
    """EMBLEM: the big symbol (``symbol`` when empty)."""
    accent: str = ""
    """EMBLEM: the small symbol in the frame's corners (none when empty)."""
    accent_ink: str = ""
    """EMBLEM: the accents' colour (``ink`` when empty)."""


@dataclass(frozen=True)
class CardSpec:
    """One card face of a game's deck: ``id`` is what card vision reports; ``art`` the
    printable face card vision draws for it (``None``: card vision has its own drawing,
    as for the standard deck, or none)."""

    id: str
    label: Text
    copies: int = 1
    art: FaceArt | None = None


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


@dataclass(frozen=True)
class Action:
    """Base of every game's actions. Subclasses are frozen dataclasses with a class-level
    ``type`` string unique within their game."""

    type: ClassVar[str] = ""


@dataclass(frozen=True)
class Decision:
    """A player must act: ``kind`` says which decision (``"turn"``, ``"defend"``, …) and
    ``prompt`` says it to the table. ``also`` names further players who decide at the
    same time (a partner card exchange): each of ``players`` may act, in any order,
    until the game moves on."""

    player: int
    kind: str
    prompt: Text
    also: tuple[int, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        return (self.player, *self.also)


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
    a translatable ``text`` and JSON-ready ``data`` whose ``kind`` names what changed.
    ``banner`` is false for what the play screen already shows elsewhere (the dealer's
    instructions, whose turn it is)."""

    text: Text
    data: Mapping[str, Any] = field(default_factory=dict)
    banner: bool = True


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
class Alternative:
    """One way to carry out what the table proposed, offered as a large button:
    ``label`` says it ("Move 11", "Into the goal"), ``actions`` are submitted in order."""

    label: Text
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Proposal:
    """What the table's inputs suggest: actions to submit in order.

    ``auto`` proposals (a token scanned to answer a chance node or an event step) are
    submitted at once; others wait for a confirm (button or touch). When the inputs
    leave a choice, ``alternatives`` lists them (``actions`` is then empty): the screen
    offers one button each and the player's choice is submitted.
    """

    actions: tuple[Action, ...] = ()
    auto: bool = False
    alternatives: tuple[Alternative, ...] = ()

    def __post_init__(self) -> None:
        if bool(self.actions) == bool(self.alternatives):
            raise GameError(Text("A proposal has either actions or alternatives."))


@dataclass(frozen=True)
class Sensed:
    """Everything the table's sensors and the screen say now, for :meth:`Game.propose`.

    ``cards``: the card ids seen in the play zone; ``token`` and ``zone``: the last token
    scanned and the reader's zone (``None``: entered by hand); ``tokens``: every token
    present on each reader, by zone; ``touched``: the pieces or fields tapped on the
    board drawing since the last move, oldest first (a piece id or a field id).
    """

    cards: tuple[str, ...] = ()
    token: str | None = None
    zone: str | None = None
    tokens: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    touched: tuple[str, ...] = ()


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


@dataclass(frozen=True)
class Deck:
    """A deck card vision can be taught: ``name`` is stable and names the physical deck
    (the taught model is kept under it, so games played with the same deck, such as a
    standard deck with jokers, name it alike and share it), ``cards`` its faces. A game
    may offer several (DOG's royal and classic boxes, a standard deck); the first is the
    default. ``aspect`` is the card's width over its height (portrait)."""

    name: str
    title: Text
    cards: tuple[CardSpec, ...]
    aspect: float = POKER_ASPECT


@dataclass(frozen=True)
class HoldingPlace:
    """A place where a player keeps tokens at the end (Mustang's corral and stable),
    for scoring a game the app did not referee."""

    name: str
    label: Text


@dataclass(frozen=True)
class BGStats:
    """The game's identity for the BG Stats export: its BoardGameGeek id (``None``
    when it has none), whether the highest score wins, and whether it is cooperative."""

    bgg_id: int | None
    highest_wins: bool = True
    cooperative: bool = False


@dataclass(frozen=True)
class Shot:
    """One picture of a :class:`Showcase`: its ``name`` and the table's inputs fed just
    before it, as table-script lines (``docs/scripted-games.md``: ``cards`` laid in the
    play zone, a ``touch`` on the board, a ``choose`` among the alternatives)."""

    name: str
    inputs: tuple[Mapping[str, Any], ...] = ()


@dataclass(frozen=True)
class Showcase:
    """A moment of a game worth a picture (``companion screenshots``): the game started
    with the first ``players`` seats, ``options``, ``seed`` and ``dealer``, with the
    engine's own hands (``simulated_hands``), ``actions`` played, then each of ``shots``."""

    players: int
    actions: tuple[Action, ...]
    shots: tuple[Shot, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    dealer: int = 0


class GameState(ABC):
    """A game's mutable state. ``copy`` must give a fully independent state."""

    @abstractmethod
    def copy(self) -> "GameState": ...


S = TypeVar("S", bound=GameState)


class Game(ABC, Generic[S]):
    """One game's rules. Instances are stateless; every method takes the state.

    Besides the rules, a game gives the app what it needs to set up and show a game:
    its decks (:meth:`decks`), tokens (:meth:`tokens`), board (:meth:`board`), board
    parameters and rule options, its identity for BG Stats (:attr:`bgstats`) and the
    module of its screen panels (:attr:`panels`: imported by the app only, so the engine
    stays free of Kivy). A game with :attr:`board_files` plays on a board file a table
    supplies (:attr:`Setup.board_file`), read by :meth:`board`: the new-game screen then
    offers the default board and the boards the table described.
    """

    name: ClassVar[str]
    title: ClassVar[Text]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[RuleOption, ...]] = ()
    board_parameters: ClassVar[tuple[BoardParameter, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    bgstats: ClassVar[BGStats] = BGStats(None)
    panels: ClassVar[str | None] = None
    teams_allowed: ClassVar[bool] = False
    board_files: ClassVar[bool] = False
    token_words: ClassVar[Mapping[str, Text]] = {}
    """The rulebook's own words for the screens' token entry by hand, where its tokens
    have a name of their own (Mustang's horses are "compteurs" in French, DOG's pawns
    "pions"): keys ``enter`` (the button), ``scanned`` and ``drawn`` (the picker's
    question). A key left out keeps the screens' game-neutral wording ("token")."""

    def tokens(self) -> tuple[TokenSpec, ...]:
        """The game's RFID-tagged tokens (none by default)."""
        return ()

    def decks(self) -> tuple[Deck, ...]:
        """The decks card vision can be taught for this game (none by default)."""
        return ()

    def deck(self, options: Mapping[str, Any]) -> Deck | None:
        """The deck a table plays with under ``options`` (the one card vision watches
        for); by default the first of :meth:`decks`."""
        decks = self.decks()
        return decks[0] if decks else None

    def cards(self) -> tuple[CardSpec, ...]:
        """Every card face of every deck of the game, each id once."""
        seen: dict[str, CardSpec] = {}
        for deck in self.decks():
            for card in deck.cards:
                seen.setdefault(card.id, card)
        return tuple(seen.values())

    def board(self, setup: Setup, options: Mapping[str, Any]) -> "Board | None":
        """The board this setup plays on (``None`` for a game without a board)."""
        return None

    # --- setup -----------------------------------------------------------------------
    def make_setup(self, seats: Sequence[Seat], *, dealer: int = 0, simulated_hands: bool = False,
                   board: Mapping[str, Any] | None = None, board_file: Mapping[str, Any] | None = None,
                   options: Mapping[str, Any] | None = None) -> Setup:
        """A validated :class:`Setup`: player count, dealer, teams and board parameters.

        Raises :class:`GameError` naming the field at fault. Games refine it through
        :meth:`check_setup` (teams from an option, a board file) and may assign teams.
        """
        seats = tuple(seats)
        if not self.min_players <= len(seats) <= self.max_players:
            raise GameError(Text("{game} is played by {low} to {high} players, not {n}.", game=self.title,
                                 low=self.min_players, high=self.max_players, n=len(seats)))
        for n, seat in enumerate(seats, start=1):
            if not isinstance(seat.name, str) or not seat.name.strip():
                raise GameError(Text("Seat {n} has no name.", n=n))
            if seat.team is not None and not self.teams_allowed:
                raise GameError(Text("{game} is not played in teams (seat {n}).", game=self.title, n=n))
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(seats):
            raise GameError(Text("The dealer must be one of the players (seat 1 to {n}), not {value!r}.",
                                 n=len(seats), value=dealer))
        by_name = {p.name: p for p in self.board_parameters}
        params = {p.name: p.default for p in self.board_parameters}
        for name, value in (board or {}).items():
            if name not in by_name:
                raise GameError(Text("Unknown board parameter {name}; known: {known}.", name=name,
                                     known=", ".join(by_name) or "-"))
            params[name] = by_name[name].validate(value)
        setup = Setup(seats, dealer, bool(simulated_hands), params, board_file)
        return self.check_setup(setup, resolve_options(self.options, options))

    def check_setup(self, setup: Setup, options: Mapping[str, Any]) -> Setup:
        """Game-specific checks and completions of a setup (teams, board); the default
        accepts it as it is."""
        return setup

    def setup_from_json(self, data: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> Setup:
        """The :class:`Setup` logged by :meth:`Setup.to_json`, validated again."""
        seats = tuple(Seat(str(s["name"]), s.get("colour"), s.get("team")) for s in data["seats"])
        return self.make_setup(seats, dealer=data.get("dealer", 0), simulated_hands=data.get("simulated_hands", False),
                               board=data.get("board") or {}, board_file=data.get("board_file"), options=options)

    @abstractmethod
    def new_state(self, setup: Setup, options: Mapping[str, Any], *, seed: int = 0) -> S:
        """The opening position of a validated setup with resolved options."""

    def start(self, seats: Sequence[Seat], options: Mapping[str, Any] | None = None, *, seed: int = 0,
              dealer: int = 0, simulated_hands: bool = False, board: Mapping[str, Any] | None = None,
              board_file: Mapping[str, Any] | None = None) -> S:
        """The opening position from plain arguments: :meth:`make_setup`, the options
        resolved, then :meth:`new_state` (tests, bots, benchmarks)."""
        setup = self.make_setup(seats, dealer=dealer, simulated_hands=simulated_hands, board=board,
                                board_file=board_file, options=options)
        return self.new_state(setup, resolve_options(self.options, options), seed=seed)

    # --- the flow ----------------------------------------------------------------------
    @abstractmethod
    def pending(self, state: S) -> Pending: ...

    @abstractmethod
    def check(self, state: S, action: Action) -> Verdict:
        """Judge ``action`` against the pending decision or chance node; no change."""

    @abstractmethod
    def _apply(self, state: S, action: Action) -> Verdict:
        """Play an action already checked legal; return the accepted verdict."""

    def apply(self, state: S, action: Action) -> Verdict:
        """Play ``action``; raise :class:`IllegalAction` with the rejection if illegal."""
        verdict = self.check(state, action)
        if not verdict.accepted:
            raise IllegalAction(verdict)
        return self._apply(state, action)

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action for the pending decision (chance nodes: one per outcome)."""

    @abstractmethod
    def sample_chance(self, state: S, rng: random.Random) -> Action:
        """The action resolving the pending chance node, drawn with ``rng``."""

    def choose(self, state: S, rng: random.Random) -> Action:
        """The built-in player's action (demo, property tests); by default a random
        legal action, or a chance outcome."""
        if isinstance(self.pending(state), Chance):
            return self.sample_chance(state, rng)
        return rng.choice(self.legal_actions(state))

    # --- table inputs ------------------------------------------------------------------
    def propose(self, state: S, sensed: Sensed) -> "Proposal | Verdict | None":
        """Interpret what the table's sensors and the screen say (:class:`Sensed`).

        Return a :class:`Proposal` (one plan, or alternatives for the screen to offer),
        a rejection explaining why the input makes no sense now, or ``None`` while more
        input is needed.
        """
        return None

    def lifted(self, state: S, token: str, zone: str | None) -> "Proposal | Verdict | None":
        """A token left the reader of ``zone`` (a pawn picked up from a board square).

        Answer as :meth:`propose` does; ``None`` (the default) means the lift changes
        nothing, as in games where a scan is a tap and the token goes back on the table.
        """
        return None

    def intent(self, state: S, name: str, args: Mapping[str, Any]) -> "Action | Verdict | None":
        """Map a touch intent (``"exchange"``, ``"decline"``…) to an action, a
        rejection, or ``None`` when the game knows no such intent."""
        return None

    def played_cards(self, action: Action) -> tuple[str, ...]:
        """The cards ``action`` takes from a hand (the simulated table lays them in the
        play zone); by default its ``cards`` field, if it has one."""
        cards = getattr(action, "cards", ())
        return tuple(cards) if isinstance(cards, (tuple, list)) else ()

    def touch_actions(self, state: S) -> list[Action]:
        """Legal actions the screen offers as buttons because no sensor input makes
        them (none by default)."""
        return []

    def table_inputs(self, state: S, actions: Sequence[Action]) -> list[dict[str, Any]]:
        """Script lines (``docs/scripted-games.md``) that play ``actions`` from ``state``
        the way a table would; ``state`` is consumed. By default, explicit actions."""
        for action in actions:
            self.apply(state, action)
        return [{"action": self.action_to_json(a)} for a in actions]

    # --- views -------------------------------------------------------------------------
    @abstractmethod
    def observation(self, state: S, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (``None``: the public view); JSON-ready."""

    @abstractmethod
    def view(self, state: S, player: int | None = None) -> View:
        """What every screen shows (:class:`~companion.view.View`), from ``player``'s
        seat (``None``: the public view). Never shows another player's hidden cards."""

    def showcases(self, seats: Sequence[Seat]) -> tuple[Showcase, ...]:
        """Moments of a game between ``seats`` (or as many of them as it takes) worth a
        picture of the play screen (``companion screenshots``); none by default."""
        return ()

    def play_until(self, state: S, rng: random.Random, found: typing.Callable[[S, int], bool],
                   limit: int = 10_000) -> tuple[Action, ...]:
        """Play ``state`` on with the built-in player and the seeded draw at chance nodes
        until ``found(state, actions played)`` holds; the actions played. Raises
        :class:`LookupError` if the game ends or ``limit`` actions pass first."""
        played: list[Action] = []
        while not found(state, len(played)):
            if self.is_over(state) or len(played) >= limit:
                raise LookupError(f"{self.name}: no such moment in {len(played)} actions")
            chance = isinstance(self.pending(state), Chance)
            action = self.sample_chance(state, rng) if chance else self.choose(state, rng)
            self.apply(state, action)
            played.append(action)
        return tuple(played)

    # --- scoring a game the app did not referee ----------------------------------------
    def holding_places(self) -> tuple[HoldingPlace, ...]:
        """Where players keep tokens at the end; empty (the default) when the game
        cannot be scored from its tokens alone."""
        return ()

    def score_holdings(self, names: Sequence[str], held: Mapping[tuple[int, str], Sequence[str]],
                       ender: int | None, options: Mapping[str, Any]) -> ScoreSheet:
        """Score players ``names`` from the tokens ``held`` at each ``(seat, place)``;
        ``ender`` ended the game (``None``: nobody). Only for games with
        :meth:`holding_places`."""
        raise GameError(Text("{game} cannot be scored without refereeing it.", game=self.title))

    def bench_positions(self, n: int) -> list[S]:
        """``n`` positions on which ``companion bench`` times :meth:`legal_actions` (the
        game's hardest usual case, e.g. the most players mid-game); none by default."""
        return []

    def turn(self, state: S) -> int | None:
        """The number of the turn being played (1 for the first), as players count
        turns, for logs; ``None`` (the default) when the game does not count them."""
        return None

    def hand(self, state: S, player: int) -> tuple[str | None, ...]:
        """The cards ``player`` holds as the engine knows them (``None``: a card the
        referee cannot see); empty for games without hands. Tests use it to check that
        no other player's view shows them."""
        return ()

    def highlights(self, state: S, sensed: Sensed) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]] | None:
        """The pieces that can use what the table has laid (the card seen) and, for each,
        the fields it could reach, for the board drawing; ``None`` (the default) keeps
        the view's own highlights."""
        return None

    def is_over(self, state: S) -> bool:
        return isinstance(self.pending(state), Over)

    @abstractmethod
    def scores(self, state: S) -> ScoreSheet:
        """The score sheet (meaningful once the game is over; provisional before)."""

    def describe_state(self, state: S) -> list[Text]:
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
        missing = [f.name for f in fields.values() if f.name not in args and f.init
                   and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
        if missing:
            raise GameError(Text("Action {type} is incomplete: give {fields}.", type=kind, fields=", ".join(missing)))
        try:
            return cls(**args)
        except (TypeError, ValueError) as err:
            raise GameError(Text("Action {type} has a field of the wrong type.", type=kind)) from err


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
