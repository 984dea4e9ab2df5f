"""Mustang's game state: where every card and every horse is, and what comes next.

Cards: at a real table the referee never sees a hand, so hands and the supply hold
``None`` for each unseen card; in simulation (``simulated`` true) they hold real card
ids from a deck shuffled with the game's seed. The discard pile is always known: played
cards lie face up. Horses: each face-down stack is the *set* of tokens still in it
(its order is unknown until a token is scanned).

``agenda`` is the queue of steps still to happen in the current turn (decisions,
chance draws, refills, events); when it is empty the current player has a turn.
``spent`` counts the cards each player played this turn (the refill), ``owed`` the
cards a player could not draw because the supply and the discard pile were both empty
(dealt as soon as there are cards again). ``dealer_instructions`` are what the last
action asks of the dealer, in order; every action replaces them.
"""

from __future__ import annotations

import copy
import enum
from dataclasses import dataclass, field
from typing import Any, TypeVar

from companion.game import GameState, Seat

T = TypeVar("T")


@dataclass(frozen=True)
class Step:
    """One thing still to happen this turn.

    ``kind``: ``draw`` (chance: ``player`` takes the top token of ``stack`` to
    ``dest``), ``flip`` (chance: the top of ``stack`` is turned face up), ``reveal``
    (chance: an event card), ``defend``, ``penalty``, ``release``, ``rain`` (decisions
    of ``player``; ``moves`` horses left to stable in the rain), ``refill`` (automatic
    draws) and ``end_turn``. ``event`` marks steps an event caused (no end bonus);
    ``thief``, ``horse`` and ``combo`` describe a steal awaiting defence.
    """

    kind: str
    player: int | None = None
    stack: str | None = None
    dest: str = "corral"
    moves: int = 0
    event: bool = False
    thief: int | None = None
    horse: str | None = None
    combo: tuple[int, int] | None = None

    # The fields a step of its kind always has (the agenda's invariant), typed as such.
    @property
    def seat(self) -> int:
        """``player``, for a decision or a draw."""
        return _given(self.player, self, "player")

    @property
    def pile(self) -> str:
        """``stack``, for a draw or a flip."""
        return _given(self.stack, self, "stack")

    @property
    def stolen(self) -> str:
        """``horse``, for a steal awaiting defence."""
        return _given(self.horse, self, "horse")

    @property
    def thief_seat(self) -> int:
        """``thief``, for a steal awaiting defence."""
        return _given(self.thief, self, "thief")

    @property
    def attack(self) -> tuple[int, int]:
        """``combo`` (kind, value), for a steal awaiting defence."""
        return _given(self.combo, self, "combo")


def _given(value: T | None, step: Step, name: str) -> T:
    if value is None:
        raise ValueError(f"{step} has no {name}")   # an agenda built wrong, never the players' input
    return value


class Deal(enum.Enum):
    """What an instruction asks of the dealer."""

    GIVE = "deal"              # hand ``cards`` cards to ``player`` (after taking back ``returned``)
    RESHUFFLE = "reshuffle"    # shuffle the discard pile (``cards`` cards) into a new supply
    OWED = "owed"              # ``player`` is still owed ``cards`` cards: supply and discard pile are empty


@dataclass(frozen=True)
class Instruction:
    """One thing the dealer must do after the last action, in the order to do it."""

    kind: Deal
    player: int | None = None
    cards: int = 0
    returned: int = 0

    def to_json(self) -> dict[str, Any]:
        """The observation's form: ``{"kind": "deal", "player", "cards"[, "returned"]}``,
        ``{"kind": "reshuffle", "size"}`` or ``{"kind": "owed", "player", "owed"}``
        (only a deal has a ``cards`` key)."""
        if self.kind is Deal.RESHUFFLE:
            return {"kind": self.kind.value, "size": self.cards}
        if self.kind is Deal.OWED:
            return {"kind": self.kind.value, "player": self.player, "owed": self.cards}
        out = {"kind": self.kind.value, "player": self.player, "cards": self.cards}
        return {**out, "returned": self.returned} if self.returned else out


@dataclass
class PlayerState:
    hand: list[str | None]
    corral: list[str] = field(default_factory=list)
    stable: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class GameEnd:
    """Why the game ended: ``reason`` is ``herd`` or ``exhausted`` (then ``kind``);
    ``bonus`` is the seat that gets the +3 end bonus, if any."""

    reason: str
    player: int | None
    kind: str | None
    bonus: int | None


@dataclass
class MustangState(GameState):
    seats: tuple[Seat, ...]
    options: dict[str, Any]
    seed: int
    dealer: int
    simulated: bool
    players: list[PlayerState]
    current: int
    stacks: dict[str, set[str]]
    prairie: list[str]
    supply: list[str | None]
    discard: list[str] = field(default_factory=list)
    out_of_game: list[str] = field(default_factory=list)
    event_deck: list[str] = field(default_factory=list)
    events_revealed: list[str] = field(default_factory=list)
    agenda: list[Step] = field(default_factory=list)
    spent: dict[int, int] = field(default_factory=dict)
    owed: dict[int, int] = field(default_factory=dict)
    reveals_due: int = 0
    shuffles: int = 0
    turn: int = 1
    dealer_instructions: list[Instruction] = field(default_factory=list)
    end: GameEnd | None = None

    def copy(self) -> "MustangState":
        """An independent copy, made by hand (the session keeps one per move for undo,
        and ``deepcopy`` costs ten times more): every container is new; seats, steps,
        instructions and the end are immutable and shared."""
        other = copy.copy(self)
        other.options = dict(self.options)
        other.players = [PlayerState(p.hand[:], p.corral[:], p.stable[:]) for p in self.players]
        other.stacks = {kind: set(tokens) for kind, tokens in self.stacks.items()}
        for name in ("prairie", "supply", "discard", "out_of_game", "event_deck", "events_revealed", "agenda",
                     "dealer_instructions"):
            setattr(other, name, getattr(self, name)[:])
        other.spent, other.owed = dict(self.spent), dict(self.owed)
        return other

    @property
    def n(self) -> int:
        return len(self.players)

    def clockwise_from(self, seat: int) -> list[int]:
        return [(seat + i) % self.n for i in range(self.n)]

    def owner_of(self, token: str) -> tuple[int, str] | None:
        """``(seat, "corral"|"stable")`` of a token a player holds, else ``None``."""
        for seat, p in enumerate(self.players):
            if token in p.corral:
                return seat, "corral"
            if token in p.stable:
                return seat, "stable"
        return None

    def stack_of(self, token: str) -> str | None:
        for kind, tokens in self.stacks.items():
            if token in tokens:
                return kind
        return None
