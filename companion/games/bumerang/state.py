"""Bumerang's game state: where every stone is (supply, a field, a capturer's
prisoners, or removed from the game by a fine), whose turn it is and what the turn
still owes (a chain of captures, extra turns, a fine that may be claimed).

Every stone has an id ``stone-<seat>-<n>`` (n from 1) and is always in exactly one of
supply, board, prisoners or removed.
"""

from __future__ import annotations

import copy
import enum
from dataclasses import dataclass, field
from typing import Any

from companion.game import GameState
from companion.games.bumerang.topology import Topology
from companion.view import Move as MoveView


def stone_id(seat: int, n: int) -> str:
    return f"stone-{seat}-{n}"


def stone_owner(stone: str) -> int | None:
    """The seat of a stone id, or ``None`` if it is not one."""
    parts = stone.split("-")
    if len(parts) == 3 and parts[0] == "stone" and parts[1].isdigit() and parts[2].isdigit():
        return int(parts[1])
    return None


PRISONER_PREFIX = "prisoner-"


def prisoner_badge(holder: int, stone: str) -> str:
    """The id of the badge showing ``stone`` among ``holder``'s prisoners."""
    return f"{PRISONER_PREFIX}{holder}-{stone}"


def parse_badge(badge: str) -> tuple[int, str] | None:
    """``(holder, stone)`` of a prisoner badge id, or ``None``."""
    if not badge.startswith(PRISONER_PREFIX):
        return None
    holder, _, stone = badge[len(PRISONER_PREFIX):].partition("-")
    if not holder.isdigit() or stone_owner(stone) is None:
        return None
    return int(holder), stone


class Step(enum.Enum):
    """What the current player's turn waits for."""

    TURN = "turn"          # the turn's action (or an extra turn's)
    CHAIN = "chain"        # capture again with the same stone, or stop (B6)
    ARRIVAL = "arrival"    # the stone just placed or moved captures (capture_on_arrival)


@dataclass
class Claim:
    """A missed capture the other players may still claim (``missed_capture = claim``):
    the ``offender``'s ``stones`` that could have captured, and the trio triangles the
    offending turn completed (withdrawn if the fine takes a corner, B8)."""

    offender: int
    stones: tuple[str, ...]
    trios: list[int] = field(default_factory=list)


@dataclass
class BumerangState(GameState):
    topology: Topology
    names: tuple[str, ...]
    colours: tuple[str | None, ...]
    options: dict[str, Any]
    stones_each: int
    target: int | None
    current: int
    at: dict[str, str] = field(default_factory=dict)             # field -> stone
    where: dict[str, str] = field(default_factory=dict)          # stone -> field
    supply: list[list[str]] = field(default_factory=list)        # per seat, next stone first
    prisoners: list[list[str]] = field(default_factory=list)     # per capturer
    removed: list[str] = field(default_factory=list)             # fined out of the game (B7)
    out: list[bool] = field(default_factory=list)                # eliminated (B11)
    trios_made: list[int] = field(default_factory=list)
    step: Step = Step.TURN
    started: bool = False          # the current (extra) turn has had its first action
    in_extra: bool = False         # the current turn is an extra turn (B9)
    extra: int = 0                 # extra turns still owed to the current player
    chain_stone: str | None = None
    chain_count: int = 0
    chain_done: tuple[int, str] | None = None   # (player, stone) whose chain reached 3
    duty: tuple[str, ...] = ()     # stones that must capture this turn (B5)
    claim: Claim | None = None
    passes: int = 0                # consecutive passes (B3)
    winners: tuple[int, ...] | None = None
    end: str | None = None         # "target", "last", "passed", "two_player"
    turns: int = 0
    last: tuple[MoveView, ...] = ()

    @property
    def players(self) -> int:
        return len(self.names)

    def owner(self, stone: str) -> int:
        owner = stone_owner(stone)
        assert owner is not None, stone
        return owner

    def on_board(self, seat: int) -> list[str]:
        """``seat``'s stones on the board, in field order of the board file."""
        return [s for f in self.topology.fields if (s := self.at.get(f)) is not None and self.owner(s) == seat]

    def held_from(self, seat: int) -> list[tuple[int, str]]:
        """``(holder, stone)`` for each of ``seat``'s stones held prisoner."""
        return [(h, s) for h, held in enumerate(self.prisoners) for s in held if self.owner(s) == seat]

    def copy(self) -> "BumerangState":
        clone = copy.copy(self)
        clone.options = dict(self.options)
        clone.at = dict(self.at)
        clone.where = dict(self.where)
        clone.supply = [list(s) for s in self.supply]
        clone.prisoners = [list(p) for p in self.prisoners]
        clone.removed = list(self.removed)
        clone.out = list(self.out)
        clone.trios_made = list(self.trios_made)
        clone.claim = None if self.claim is None else Claim(self.claim.offender, self.claim.stones,
                                                            list(self.claim.trios))
        return clone

    def snapshot(self) -> dict[str, Any]:
        """Everything that defines the position, JSON-ready (undo and tests compare it)."""
        return {
            "current": self.current, "at": dict(sorted(self.at.items())),
            "supply": [list(s) for s in self.supply], "prisoners": [list(p) for p in self.prisoners],
            "removed": list(self.removed), "out": list(self.out), "trios_made": list(self.trios_made),
            "step": self.step.value, "started": self.started, "in_extra": self.in_extra, "extra": self.extra,
            "chain_stone": self.chain_stone, "chain_count": self.chain_count,
            "chain_done": list(self.chain_done) if self.chain_done else None, "duty": list(self.duty),
            "claim": None if self.claim is None else {"offender": self.claim.offender,
                                                      "stones": list(self.claim.stones),
                                                      "trios": list(self.claim.trios)},
            "passes": self.passes, "winners": None if self.winners is None else list(self.winners),
            "end": self.end, "turns": self.turns,
        }
