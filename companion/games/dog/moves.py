"""DOG's move generation: every way one card can move the pawns a player controls
(rulings D4–D15 and R3–R9), fast enough for bots and hints.

:func:`face_moves` lists the :class:`Move` s of one face for one player; with ``why`` it
also records the :class:`Block` s that stopped a candidate (the rule and what stood in
the way), which is how a rejection names its rule. Positions follow :mod:`.state`.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.dog.cards import NUMBERS
from companion.games.dog.state import HOUSE, PAWNS, DogState, goal_pos

KING, KNIGHT, CITIZEN, FOOL = range(4)
GREEN = ("10", "4")
KING_MAX = 7


@dataclass(frozen=True)
class Move:
    """One way to carry out a card: ``steps`` are (pawn, from, to) in order (one for most
    cards, two for a swap, several for classic's split 7), ``hits`` the pawns sent to
    their house, ``draw`` whether the move ends on a special field (R8), ``jump`` the
    citizen's jump target (R7) or ``None``; ``part_hits`` the hits of each step of a split
    7, which is played step by step."""

    face: str
    steps: tuple[tuple[int, int, int], ...]
    hits: tuple[int, ...] = ()
    draw: bool = False
    jump: int | None = None
    come_out: bool = False
    part_hits: tuple[tuple[int, ...], ...] = ()

    @property
    def pawn(self) -> int:
        return self.steps[0][0]

    @property
    def dest(self) -> int:
        return self.steps[0][2]


@dataclass(frozen=True)
class Block:
    """Why a candidate move is illegal: ``rule`` (D6, R5 …), ``code`` (stable reason),
    ``pawn`` the mover, ``dest`` the field it aimed at (``None``: no field reached) and
    ``by`` the pawn in the way (-1: none)."""

    rule: str
    code: str
    pawn: int
    dest: int | None = None
    by: int = -1


class Board:
    """The position as the move generator reads it: positions, an occupancy list of
    the track (pawn or -1) and each player's start field."""

    __slots__ = ("state", "rules", "pos", "occ", "fresh", "starts", "length")

    def __init__(self, state: DogState, pos: list[int] | None = None) -> None:
        self.state = state
        self.rules = state.rules
        self.pos = list(state.pos) if pos is None else pos
        self.fresh = list(state.fresh)
        self.length = state.rules.length
        self.starts = tuple(s * state.rules.segment for s in state.seg)
        self.occ = [-1] * self.length
        for pawn, where in enumerate(self.pos):
            if where >= 0:
                self.occ[where] = pawn

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        other.state, other.rules, other.starts, other.length = self.state, self.rules, self.starts, self.length
        other.pos, other.occ, other.fresh = list(self.pos), list(self.occ), list(self.fresh)
        return other

    def protected(self, pawn: int, where: int) -> bool:
        """D6: a pawn on its own start field (under ``first_arrival`` only before it moved)."""
        return where == self.starts[pawn // PAWNS] and (self.rules.start_block == "always" or self.fresh[pawn])

    def goal_free(self, owner: int, first: int, last: int) -> bool:
        pos = self.pos
        base = owner * PAWNS
        taken = {pos[k] for k in range(base, base + PAWNS)}
        return all(goal_pos(n) not in taken for n in range(first, last + 1))

    def hit_block(self, mover: int, victim: int, where: int) -> tuple[str, str] | None:
        """Why ``mover`` may not end on ``victim`` at track field ``where`` (None: it hits)."""
        if self.protected(victim, where):
            return "D6", "protected-hit"
        if self.rules.royal and victim % PAWNS == KING and mover % PAWNS != KING:
            if not (where == self.starts[mover // PAWNS] and victim // PAWNS != mover // PAWNS):
                return "R5", "king-hit"
        return None

    def apply(self, move: Move) -> None:
        """Play ``move`` on this board (hits first, then the steps, then the jump; a split
        7 step by step)."""
        if move.part_hits:
            for step, hits in zip(move.steps, move.part_hits):
                self.apply(Move(move.face, (step,), hits))
            return
        for victim in move.hits:
            where = self.pos[victim]
            if where >= 0 and self.occ[where] == victim:
                self.occ[where] = -1
            self.pos[victim] = HOUSE
            self.fresh[victim] = False
        if len(move.steps) == 2 and move.face == "swap":
            (a, pa, pb), (b, _, _) = move.steps
            self.pos[a], self.pos[b] = pb, pa
            self.occ[pa], self.occ[pb] = b, a
            self.fresh[a] = self.fresh[b] = False
            return
        for pawn, start, end in move.steps:
            if start >= 0 and self.occ[start] == pawn:
                self.occ[start] = -1
            end = move.jump if move.jump is not None and pawn == move.pawn else end
            self.pos[pawn] = end
            if end >= 0:
                self.occ[end] = pawn
            self.fresh[pawn] = move.come_out


def forward(board: Board, pawn: int, steps: int, green: bool, why: list[Block] | None = None,
            goal_only: bool = False) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Where ``pawn`` can go ``steps`` fields forward: (destination, hit pawns, passed
    pawns) for the track and, crossing its start field, the goal (D4, D5, D6, D14, D15,
    R3–R6). ``goal_only`` keeps only destinations in the goal."""
    pos = board.pos[pawn]
    owner = pawn // PAWNS
    out: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    if pos == HOUSE:
        return out
    if pos <= -2:  # inside the goal (D15)
        g = -1 - pos
        if g + steps > PAWNS:
            if why is not None:
                why.append(Block("D15", "goal-too-far", pawn))
        elif not board.goal_free(owner, g + 1, g + steps):
            if why is not None:
                why.append(Block("D15", "goal-jump", pawn, goal_pos(g + steps)))
        else:
            out.append((goal_pos(g + steps), (), ()))
        return out
    rules = board.rules
    royal = rules.royal
    figure = pawn % PAWNS
    knight = royal and figure == KNIGHT
    start = board.starts[owner]
    occ = board.occ
    length = board.length
    passed: list[int] = []
    cur = pos
    for i in range(1, steps + 1):
        cur += 1
        if cur == length:
            cur = 0
        q = occ[cur]
        if i < steps:
            if q >= 0:
                if not knight and board.protected(q, cur):
                    if why is not None:
                        why.append(Block("D6", "protected-pass", pawn, None, q))
                    return out
                if royal and not green and q % PAWNS < figure:
                    if why is not None:
                        why.append(Block("R6" if knight and board.protected(q, cur) else "R3", "rank-pass",
                                         pawn, None, q))
                    return out
                passed.append(q)
            if cur == start:
                rest = steps - i
                if rest > PAWNS:
                    if why is not None:
                        why.append(Block("D14", "goal-too-far", pawn))
                elif not board.goal_free(owner, 1, rest):
                    if why is not None:
                        why.append(Block("D14", "goal-jump", pawn, goal_pos(rest)))
                else:
                    out.append((goal_pos(rest), (), tuple(passed)))
        elif not goal_only:
            if q >= 0:
                blocked = board.hit_block(pawn, q, cur)
                if blocked:
                    if why is not None:
                        why.append(Block(blocked[0], blocked[1], pawn, cur, q))
                    return out
                out.append((cur, (q,), tuple(passed)))
            else:
                out.append((cur, (), tuple(passed)))
    return out


def backward(board: Board, pawn: int, why: list[Block] | None = None) -> list[tuple[int, tuple[int, ...]]]:
    """The ±4 backwards: along the track only (D9), never past a protected pawn (D6;
    the knight may, R6); green, so rank does not matter (R4)."""
    pos = board.pos[pawn]
    if pos < 0:
        if pos <= -2 and why is not None:
            why.append(Block("D9", "back-in-goal", pawn))
        return []
    knight = board.rules.royal and pawn % PAWNS == KNIGHT
    cur = pos
    for i in range(1, 5):
        cur = cur - 1 if cur else board.length - 1
        q = board.occ[cur]
        if q < 0:
            continue
        if i < 4:
            if not knight and board.protected(q, cur):
                if why is not None:
                    why.append(Block("D6", "protected-pass", pawn, None, q))
                return []
        else:
            blocked = board.hit_block(pawn, q, cur)
            if blocked:
                if why is not None:
                    why.append(Block(blocked[0], blocked[1], pawn, cur, q))
                return []
            return [(cur, (q,))]
    return [(cur, ())]


def come_out(board: Board, pawn: int, why: list[Block] | None = None) -> list[Move]:
    """D7: a pawn from the house onto its start field, hitting a pawn there."""
    start = board.starts[pawn // PAWNS]
    q = board.occ[start]
    hits: tuple[int, ...] = ()
    if q >= 0:
        blocked = board.hit_block(pawn, q, start)
        if blocked:
            if why is not None:
                why.append(Block("D7" if blocked[0] == "D6" else blocked[0], blocked[1], pawn, start, q))
            return []
        hits = (q,)
    return [Move("", ((pawn, HOUSE, start),), hits, come_out=True)]


def _track_move(board: Board, face: str, pawn: int, dest: int, hits: tuple[int, ...], royal: bool) -> list[Move]:
    """A move to ``dest`` with R8's draw and, for the citizen, R7's optional jump."""
    start = board.pos[pawn]
    if not (royal and dest >= 0 and dest in board.rules.specials):
        return [Move(face, ((pawn, start, dest),), hits)]
    moves = [Move(face, ((pawn, start, dest),), hits, draw=True)]
    if pawn % PAWNS == CITIZEN:
        length = board.length
        for d in range(1, length):
            f = (dest + d) % length
            if f in board.rules.specials:
                q = board.occ[f]
                if q < 0 or q == pawn or q in hits:
                    moves.append(Move(face, ((pawn, start, dest),), hits, draw=True, jump=f))
                    break
    return moves


def forward_moves(board: Board, face: str, pawn: int, value: int, green: bool,
                  why: list[Block] | None = None) -> list[Move]:
    """A card's forward move by ``value`` (R5's king limit, R9's fool drop in the goal,
    D14's ``goal_entry_forced``)."""
    rules = board.rules
    royal = rules.royal
    if royal and pawn % PAWNS == KING and value > KING_MAX:
        if why is not None and board.pos[pawn] != HOUSE:
            why.append(Block("R5", "king-value", pawn))
        return []
    found = forward(board, pawn, value, green, why)
    if royal and pawn % PAWNS == FOOL:
        for drop in (1, 2):
            if value - drop >= 1:
                found += forward(board, pawn, value - drop, green, why, goal_only=True)
    if rules.goal_entry_forced and any(d <= -2 for d, _, _ in found) and board.pos[pawn] >= 0:
        if why is not None:
            why.extend(Block("D14", "goal-forced", pawn, d) for d, _, _ in found if d >= 0)
        found = [f for f in found if f[0] <= -2]
    out: list[Move] = []
    for dest, hits, _ in found:
        out += _track_move(board, face, pawn, dest, hits, royal)
    return out


def magnet(board: Board, pawn: int, why: list[Block] | None = None) -> list[Move]:
    """D12: to the field directly behind the next pawn ahead on the track."""
    pos = board.pos[pawn]
    if pos < 0:
        if why is not None:
            why.append(Block("D12", "magnet-off-track", pawn))
        return []
    length = board.length
    occ = board.occ
    for d in range(1, length):
        if occ[(pos + d) % length] >= 0:
            if d == 1:
                if why is not None:
                    why.append(Block("D12", "magnet-adjacent", pawn))
                return []
            return _track_move(board, "magnet", pawn, (pos + d - 1) % length, (), board.rules.royal)
    if why is not None:
        why.append(Block("D12", "magnet-alone", pawn))
    return []


def swaps(board: Board, own: range, why: list[Block] | None = None) -> list[Move]:
    """D13: one own pawn and one foreign pawn, both on the track, neither protected."""
    pos = board.pos
    mine = [k for k in own if pos[k] >= 0 and not board.protected(k, pos[k])]
    theirs = [k for k in range(len(pos)) if k not in own and pos[k] >= 0 and not board.protected(k, pos[k])]
    if why is not None:
        for k in range(len(pos)):
            if pos[k] < 0:
                why.append(Block("D13", "swap-off-track", k))
            elif board.protected(k, pos[k]):
                why.append(Block("D6", "protected-swap", k, pos[k]))
    return [Move("swap", ((a, pos[a], pos[b]), (b, pos[b], pos[a]))) for a in mine for b in theirs]


def split_seven(board: Board, own: range) -> list[Move]:
    """Classic DOG's 7: seven steps split over own pawns, each moved once, in any order;
    every pawn passed is hit ("burning" 7), as is a pawn on a final field. Every order
    of the parts is its own move, so the table may play them in any order."""
    results: list[Move] = []

    def go(b: Board, left: int, steps: tuple[tuple[int, int, int], ...], hits: tuple[tuple[int, ...], ...]) -> None:
        if left == 0:
            results.append(Move("7", steps, tuple(v for part in hits for v in part), part_hits=hits))
            return
        used = {s[0] for s in steps}
        for pawn in own:
            if pawn in used or b.pos[pawn] == HOUSE:
                continue
            for n in range(1, left + 1):
                for dest, hit, passed in forward(b, pawn, n, False):
                    burnt = tuple(dict.fromkeys(passed + hit))
                    move = Move("7", ((pawn, b.pos[pawn], dest),), burnt)
                    nxt = b.copy()
                    nxt.apply(move)
                    go(nxt, left - n, steps + ((pawn, b.pos[pawn], dest),), hits + (burnt,))

    go(board, 7, (), ())
    return results


def face_moves(board: Board, player: int, face: str, why: list[Block] | None = None,
               only: int | None = None) -> list[Move]:
    """Every legal move of ``face`` (a face, not a copy or a joker) for the pawns
    ``player`` controls (D16), or only for pawn ``only``."""
    state = board.state
    owner = state.controlled(player)
    own = range(owner * PAWNS, owner * PAWNS + PAWNS)
    pawns = own if only is None else [only] if only in own else []
    green = board.rules.royal and face in GREEN
    out: list[Move] = []
    if face == "swap":
        found = swaps(board, own, why)
        return found if only is None else [m for m in found if only in (m.steps[0][0], m.steps[1][0])]
    if face == "7" and not board.rules.royal:
        found = split_seven(board, own)
        return found if only is None else [m for m in found if any(s[0] == only for s in m.steps)]
    for pawn in pawns:
        where = board.pos[pawn]
        if where == HOUSE:
            if face in ("1-11", "13"):
                out += [Move(face, m.steps, m.hits, come_out=True) for m in come_out(board, pawn, why)]
            elif why is not None:
                why.append(Block("D7", "in-house", pawn))
            continue
        if face == "magnet":
            out += magnet(board, pawn, why)
        elif face == "1-11":
            out += forward_moves(board, face, pawn, 1, green, why)
            out += forward_moves(board, face, pawn, 11, green, why)
        elif face == "4":
            out += forward_moves(board, face, pawn, 4, green, why)
            for dest, hits in backward(board, pawn, why):  # 4 is within the king's 1-7 (R5)
                out += _track_move(board, face, pawn, dest, hits, board.rules.royal)
        elif face == "1-7":
            for n in range(1, 8):
                out += forward_moves(board, face, pawn, n, green, why)
        elif face == "13":
            out += forward_moves(board, face, pawn, 13, green, why)
        elif face in NUMBERS:
            out += forward_moves(board, face, pawn, NUMBERS[face], green, why)
    return out

