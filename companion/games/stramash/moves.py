"""Where a card can take a laddie: the movement rules S2–S10 as plain arithmetic.

:func:`route` is the one place that judges a single move of one laddie (forward along
the track, forward into or inside the castle, or the 8 backwards); the generators
(:func:`plays`) and the judge (:mod:`judge`) both use it, so what is offered and what is
accepted never differ. :func:`steps` gives an accepted action's laddie movements,
bumps included, for :meth:`Stramash._apply`, the view and the bot.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from companion.game import Action
from companion.games.stramash.actions import ComeOut, Fechter, Move, Play, Split
from companion.games.stramash.board import CASTLE
from companion.games.stramash.cards import Use, comes_out, rank_of, steps_of, use_of
from companion.games.stramash.state import DOCK, StramashState, Step


@dataclass(frozen=True)
class Refusal:
    """Why one laddie cannot make one move: ``code`` (stable) and the own laddie's
    position in the way (``blocker``), when one is."""

    code: str
    blocker: int | None = None


DOCKED = Refusal("in-dock")            # S3: a dock laddie cannot move
OVERSHOOT = Refusal("overshoot")       # S9/S10: not exactly on a castle hole
NO_CASTLE_MOVES = Refusal("no-castle-moves")
CASTLE_ONLY = Refusal("castle-only")   # a castle laddie never leaves the castle (S10)
CASTLE_BACK = Refusal("castle-back")   # S7c: a castle laddie cannot take an 8
LAP = Refusal("lap")                   # option lap_required
FORCED = Refusal("castle-forced")      # option castle_entry_forced


@dataclass(frozen=True)
class Seat:
    """What move generation reads for one seat: the loop length, the seat's start and
    castle entry, and the options that shape its moves."""

    length: int
    start: int
    entry: int
    pass_own: bool
    castle_moves: bool
    forced: bool
    lap: bool

    @classmethod
    def of(cls, state: StramashState, seat: int) -> "Seat":
        o = state.options
        return cls(state.geo.length, state.geo.start(seat), state.geo.entry(seat), o["pass_own_laddies"],
                   o["castle_moves"], o["castle_entry_forced"], o["lap_required"])

    @property
    def to_entry(self) -> int:
        """Steps from the start position to the castle entry (a lap, for lap_required)."""
        return (self.entry - self.start) % self.length


def route(seat: Seat, own: Sequence[int], travelled: Sequence[int], index: int, n: int,
          castle: bool) -> int | Refusal:
    """Laddie ``index`` of ``own`` (its owner's positions) moves ``n`` forward, into or
    inside the castle when ``castle``, or 8 back when ``n`` is -8: the new position, or
    why not (S3, S4, S7, S9, S10; the option castle_entry_forced is not judged here)."""
    length = seat.length
    p = own[index]
    if p == DOCK:
        return DOCKED
    if n < 0:
        return CASTLE_BACK if p >= length else _along_track(seat, own, p, n)
    if p >= length:
        if not castle:
            return CASTLE_ONLY
        if not seat.castle_moves:
            return NO_CASTLE_MOVES
        k = p - length
        target = k + n
        if target >= CASTLE:
            return OVERSHOOT
        for q in own:
            if q >= length:
                j = q - length
                if j == target:
                    return Refusal("own-landing", q)
                if k < j < target and not seat.pass_own:
                    return Refusal("own-passed", q)
        return length + target
    if castle:
        e = (seat.entry - p) % length
        r = n - e - 1                      # the castle hole reached, 0 = C1
        if r < 0 or r >= CASTLE:
            return OVERSHOOT
        if seat.lap and travelled[index] + e < seat.to_entry:
            return LAP
        for q in own:
            if q == p or q == DOCK:
                continue
            if q < length:
                if 0 < (q - p) % length <= e and not seat.pass_own:
                    return Refusal("own-passed", q)
            elif q - length == r:
                return Refusal("own-landing", q)
            elif q - length < r and not seat.pass_own:
                return Refusal("own-passed", q)
        return length + r
    return _along_track(seat, own, p, n)


def _along_track(seat: Seat, own: Sequence[int], p: int, n: int) -> int | Refusal:
    """From track hole ``p``, ``n`` holes along the loop (backwards when negative),
    neither passing nor landing on an own laddie (S4, the option pass_own_laddies)."""
    length = seat.length
    far = abs(n)
    sign = 1 if n > 0 else -1
    for q in own:
        if q != p and 0 <= q < length:
            d = (sign * (q - p)) % length
            if d == far:
                return Refusal("own-landing", q)
            if d < far and not seat.pass_own:
                return Refusal("own-passed", q)
    return (p + n) % length


def forward(seat: Seat, own: Sequence[int], travelled: Sequence[int], index: int, n: int,
            castle: bool) -> int | Refusal:
    """:func:`route` with the option castle_entry_forced: a track move that the castle
    could take instead is refused."""
    found = route(seat, own, travelled, index, n, castle)
    if (seat.forced and n > 0 and not castle and isinstance(found, int) and 0 <= own[index] < seat.length
            and isinstance(route(seat, own, travelled, index, n, True), int)):
        return FORCED
    return found


def active(own: Sequence[int]) -> list[int]:
    """Indices of the laddies off the dock (on the track or in the castle)."""
    return [i for i, p in enumerate(own) if p != DOCK]


def first_in_dock(own: Sequence[int]) -> int | None:
    """The number (1 … 5) of the dock laddie that comes out: the lowest."""
    for i, p in enumerate(own):
        if p == DOCK:
            return i + 1
    return None


def plays(state: StramashState, seat: int, card: str) -> list[Play]:
    """Every legal play of ``card`` by ``seat`` now (S2–S10), each play once."""
    rank = rank_of(card)
    use = use_of(rank)
    ctx = Seat.of(state, seat)
    own = state.laddies[seat]
    travelled = state.travelled[seat]
    out: list[Play] = []
    if use is Use.FECHTER:
        movers: list[int | None] = [i + 1 for i, p in enumerate(own) if 0 <= p < ctx.length]
        if DOCK in own:
            movers.append(None)
        for other, positions in enumerate(state.laddies):
            if other == seat:
                continue
            for v, p in enumerate(positions):
                if 0 <= p < ctx.length:
                    out.extend(Fechter(card, m, other, v + 1) for m in movers)
        return out
    if comes_out(rank) and DOCK in own and ctx.start not in own:
        out.append(ComeOut(card))
    if use is Use.BACK:
        for i in active(own):
            if isinstance(route(ctx, own, travelled, i, -8, False), int):
                out.append(Move(card, i + 1))
        return out
    n = steps_of(rank)
    movable = active(own)
    for i in movable:
        for castle in (False, True):
            if isinstance(forward(ctx, own, travelled, i, n, castle), int):
                out.append(Move(card, i + 1, castle))
    if use is Use.SEVEN:
        out.extend(_splits(ctx, own, travelled, card, movable))
    return out


def _splits(ctx: Seat, own: Sequence[int], travelled: Sequence[int], card: str, movable: list[int]) -> list[Play]:
    out: list[Play] = []
    if len(movable) < 2:
        return out
    after = list(own)
    for i in movable:
        for a in range(1, 7):
            for c1 in (False, True):
                d1 = forward(ctx, own, travelled, i, a, c1)
                if not isinstance(d1, int):
                    continue
                after[i] = d1
                for j in movable:
                    if j == i:
                        continue
                    for c2 in (False, True):
                        if isinstance(forward(ctx, after, travelled, j, 7 - a, c2), int):
                            out.append(Split(card, i + 1, a, j + 1, c1, c2))
                after[i] = own[i]
    return out


def hand_plays(state: StramashState, seat: int, cards: Sequence[str]) -> list[Play]:
    """:func:`plays` for each distinct card of ``cards``, the moves of a rank computed once."""
    by_rank: dict[str, list[Play]] = {}
    out: list[Play] = []
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            continue
        seen.add(card)
        rank = rank_of(card)
        if rank not in by_rank:
            by_rank[rank] = plays(state, seat, card)
            out.extend(by_rank[rank])
        else:
            out.extend(_with_card(a, card) for a in by_rank[rank])
    return out


def _with_card(action: Play, card: str) -> Play:
    return replace(action, card=card)


def steps(state: StramashState, seat: int, action: Action) -> tuple[Step, ...]:
    """The laddie movements of a legal play, in order, bumps included (S2, S5, S8)."""
    geo = state.geo
    own = list(state.laddies[seat])
    out: list[Step] = []

    def land(index: int, end: int) -> None:
        start = own[index]
        own[index] = end
        out.append(Step(seat, index + 1, start, end))
        if 0 <= end < geo.length:
            for other, positions in enumerate(state.laddies):
                if other != seat and end in positions:
                    out.append(Step(other, positions.index(end) + 1, end, DOCK, bumped=True))

    ctx = Seat.of(state, seat)
    travelled = state.travelled[seat]
    if isinstance(action, ComeOut):
        land(own.index(DOCK), geo.start(seat))
    elif isinstance(action, Move):
        n = -8 if rank_of(action.card) == "8" else steps_of(rank_of(action.card))
        land(action.laddie - 1, _sure(route(ctx, own, travelled, action.laddie - 1, n, action.castle)))
    elif isinstance(action, Split):
        land(action.first - 1, _sure(route(ctx, own, travelled, action.first - 1, action.steps, action.first_castle)))
        land(action.second - 1, _sure(route(ctx, own, travelled, action.second - 1, 7 - action.steps,
                                            action.second_castle)))
    elif isinstance(action, Fechter):
        hole = state.laddies[action.seat][action.victim - 1]
        mover = own.index(DOCK) if action.laddie is None else action.laddie - 1
        land(mover, hole)
    return tuple(out)


def _sure(found: int | Refusal) -> int:
    if isinstance(found, Refusal):
        raise ValueError(f"an illegal move reached the board: {found.code}")
    return found
