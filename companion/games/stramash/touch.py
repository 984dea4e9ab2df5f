"""From the table picture to a play (rulings: "What the referee can and cannot know").

The camera shows the card laid (``sensed.cards``, the last one counts); the players tap
the board drawing (``sensed.touched``, oldest first): a laddie (its piece id
``laddie-<seat>-<n>`` or the field it stands on), or an empty field (a destination, or
an own dock hole for "a dock laddie").

Every step answers at once: one play left → a :class:`Proposal` of it; a laddie chosen
but several ways left (castle or track, a few joker targets) → :class:`Alternative`
buttons; a 7's two laddies tapped → one button per way to split it (every amount and
castle-or-track choice, however many); nothing decided yet → ``None`` (the board
highlights the laddies that can move); taps that fit no legal play → a rejection. Under
the option ``joker_optional`` a Bonnie Fechter that could move also offers a button to
discard it (S11).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from companion.game import Action, Alternative, Decision, Proposal, Sensed, Verdict
from companion.games.stramash.board import stramash_board
from companion.games.stramash.actions import ComeOut, Discard, Move, Play, Split
from companion.games.stramash.cards import JOKER, Use, rank_of, use_of
from companion.games.stramash.moves import plays, steps
from companion.games.stramash.phrases import action_text, legal_instead, play_label
from companion.games.stramash.screen import field_of
from companion.games.stramash.state import DOCK, StramashState
from companion.games.stramash.texts import card_name, rule, t

if TYPE_CHECKING:
    from companion.games.stramash.rules import Stramash

BUTTONS = 8          # at most this many alternatives are offered as buttons
DOCKED = 0           # a tap on "a laddie of the dock"
RULE_OF_USE = {Use.FORWARD: "S3", Use.SEVEN: "S6", Use.BACK: "S7", Use.FECHTER: "S8"}


@dataclass(frozen=True)
class Taps:
    """The taps sorted out: own laddies in order (``DOCKED`` for a dock laddie), opponents'
    laddies as ``(seat, n)``, and fields tapped."""

    own: tuple[int, ...]
    others: frozenset[tuple[int, int]]
    fields: frozenset[str]


def _sort(state: StramashState, seat: int, touched: Sequence[str]) -> Taps | str:
    """The taps of ``touched``, or the first id that names nothing on the board."""
    where: dict[str, tuple[int, int]] = {}
    for s, positions in enumerate(state.laddies):
        for n, pos in enumerate(positions, start=1):
            where[f"laddie-{s}-{n}"] = (s, n)
            where[field_of(state, s, n, pos)] = (s, n)
    own: list[int] = []
    others: set[tuple[int, int]] = set()
    fields: set[str] = set()
    known = stramash_board(state.geo).by_id
    for tap in touched:
        if tap not in where and tap not in known:
            return tap
        owner, n = where.get(tap, (None, 0))
        if owner == seat:
            mover = DOCKED if state.laddies[seat][n - 1] == DOCK else n
        elif owner is None and tap.startswith(f"d{seat}."):
            mover = DOCKED
        else:
            mover = None
        if mover is not None:
            if not own or own[-1] != mover:
                own.append(mover)
            continue
        if owner is not None:
            others.add((owner, n))
            pos = state.laddies[owner][n - 1]
            if 0 <= pos < state.geo.length:
                fields.add(tap if tap.startswith("t") else field_of(state, owner, n, pos))
            continue
        fields.add(tap)
    return Taps(tuple(own), frozenset(others), frozenset(fields))


def _movers(action: Play) -> tuple[int, ...]:
    if isinstance(action, ComeOut):
        return (DOCKED,)
    if isinstance(action, Move):
        return (action.laddie,)
    if isinstance(action, Split):
        return (action.first, action.second)
    return (DOCKED if action.laddie is None else action.laddie,)


def _fits(state: StramashState, seat: int, action: Play, taps: Taps) -> bool:
    movers = _movers(action)
    if taps.own != movers[:len(taps.own)]:
        return False
    moved = steps(state, seat, action)
    ends = {field_of(state, s.seat, s.laddie, s.end) for s in moved if s.seat == seat}
    hit = {(s.seat, s.laddie) for s in moved if s.bumped}
    return taps.fields <= ends and taps.others <= hit


def propose(game: "Stramash", state: StramashState, sensed: Sensed) -> Proposal | Verdict | None:
    """See the module: a proposal, alternatives, ``None`` or a rejection."""
    pending = game.pending(state)
    if not isinstance(pending, Decision) or pending.kind != "turn" or not sensed.cards:
        return None
    seat = pending.player
    card = sensed.cards[-1]
    refused = game.refuse_card(state, card)
    if refused is not None:
        return refused
    legal = plays(state, seat, card)
    if not legal:
        discard = Discard(card)
        verdict = game.check(state, discard)
        return Proposal((discard,)) if verdict.accepted else verdict
    taps = _sort(state, seat, sensed.touched)
    if isinstance(taps, str):
        return Verdict.reject("unknown-touch", rule(RULE_OF_USE[use_of(rank_of(card))]),
                              t("{tap!r} is not a laddie or a hole of this board.", tap=taps))
    fitting = [a for a in legal if _fits(state, seat, a, taps)]
    if not fitting:
        return Verdict.reject("touch-mismatch", rule(RULE_OF_USE[use_of(rank_of(card))]),
                              t("The laddies tapped cannot play the {card} that way. {instead}", card=card_name(card),
                                instead=legal_instead(state, seat, card, legal)))
    offered = _offered(fitting, taps)
    if card == JOKER and state.options["joker_optional"]:
        discard = Discard(card)
        return Proposal(alternatives=(*_buttons(state, seat, offered), Alternative(action_text(discard), (discard,))))
    if len(fitting) == 1:
        return Proposal((fitting[0],))
    return Proposal(alternatives=_buttons(state, seat, offered)) if offered else None


def _offered(fitting: list[Play], taps: Taps) -> list[Play]:
    """The plays the screen offers for the taps so far: the one left, the buttons of a
    choice, or none while the board must be tapped again."""
    if len(fitting) == 1:
        return fitting
    if len({_movers(a)[0] for a in fitting}) > 1:
        return []                          # wait for the laddie
    if len(taps.own) >= 2:
        return fitting                     # a split's two laddies: every way to split
    whole: list[Play] = [a for a in fitting if not isinstance(a, Split)]
    return whole if len(whole) <= BUTTONS else []   # a split waits for its second laddie


def _buttons(state: StramashState, seat: int, plays: Sequence[Action]) -> tuple[Alternative, ...]:
    return tuple(Alternative(play_label(state, seat, a), (a,)) for a in plays)
