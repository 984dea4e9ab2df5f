"""DOG's game state: where the 4 pawns of every player stand, the hands, the deck and
the round.

Pawn ``k`` is player ``k // 4``'s figure ``k % 4`` (0 king, 1 knight, 2 citizen, 3 fool;
in basic mode the same figures are pawns 1-4). A position is a whole number:
:data:`HOUSE` (-1), a track field ``0 … L-1`` or goal field ``n`` (1 … 4) as ``-1 - n``.
Hands hold card ids, or ``None`` for a card the referee cannot see (a real table).
"""

from __future__ import annotations

import copy
import enum
from dataclasses import dataclass, field
from typing import Any

from companion.game import GameState, Setup

HOUSE = -1
PAWNS = 4
FIGURES = ("king", "knight", "citizen", "fool")
COLOURS = ("blue", "yellow", "red", "green", "white", "black")


def goal_pos(n: int) -> int:
    """The position code of goal field G``n``."""
    return -1 - n


def goal_number(pos: int) -> int:
    """G number (1 … 4) of a goal position code, 0 for anything else."""
    return -1 - pos if pos <= -2 else 0


class Phase(enum.Enum):
    EXCHANGE = "exchange"   # partners pass one card each (team play, start of a round)
    OPENING = "opening"     # royal: each player may place one pawn on the start field
    TURN = "turn"           # the current player plays a card or folds
    DRAW = "draw"           # the current player draws a card (special field, R8)
    OVER = "over"


@dataclass(frozen=True)
class Rules:
    """The options and board numbers the rules read, resolved once."""

    royal: bool
    deck: str
    new_cards: bool
    start_block: str
    copy_source: str
    goal_entry_forced: bool
    fold_shows_cards: bool
    length: int
    segment: int
    specials: frozenset[int]


@dataclass
class LastMove:
    """The last accepted move, for the board's highlight: (pawn, from, to) per moved pawn
    and the pawns hit (sent to their house)."""

    moves: tuple[tuple[int, int, int], ...] = ()
    hits: tuple[tuple[int, int], ...] = ()


@dataclass
class DogState(GameState):
    setup: Setup
    options: dict[str, Any]
    rules: Rules
    seed: int
    seg: tuple[int, ...]            # player -> board segment (seat on the board)
    colours: tuple[str, ...]        # player -> pawn colour
    partner: tuple[int | None, ...]  # player -> partner (team play) or None
    pos: list[int] = field(default_factory=list)          # pawn -> position
    fresh: list[bool] = field(default_factory=list)       # pawn came out and has not moved since
    hands: list[list[str | None]] = field(default_factory=list)
    deck: list[str | None] = field(default_factory=list)
    discard: list[str | None] = field(default_factory=list)
    shuffles: int = 0
    round: int = 0                  # 0-based
    starter: int = 0                # start player of the current round
    current: int = 0
    phase: Phase = Phase.TURN
    exchange_given: dict[int, str | None] = field(default_factory=dict)
    opening_left: list[int] = field(default_factory=list)
    played_round: list[str] = field(default_factory=list)   # faces played this round (copies resolved)
    folded: set[int] = field(default_factory=set)
    cards_played: list[int] = field(default_factory=list)
    turns: int = 0
    last: LastMove = field(default_factory=LastMove)
    notes: list[str] = field(default_factory=list)           # instructions for the table (keys)
    winners: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return len(self.seg)

    def copy(self) -> "DogState":
        return copy.deepcopy(self)

    def owner(self, pawn: int) -> int:
        return pawn // PAWNS

    def home_count(self, player: int) -> int:
        return sum(1 for k in range(player * PAWNS, player * PAWNS + PAWNS) if self.pos[k] <= -2)

    def controlled(self, player: int) -> int:
        """The player whose pawns ``player`` moves: their own, or their partner's once all
        their own are in the goal (D16)."""
        partner = self.partner[player]
        if partner is not None and self.home_count(player) == PAWNS:
            return partner
        return player

    def start_field(self, player: int) -> int:
        return self.seg[player] * self.rules.segment
