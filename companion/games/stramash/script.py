"""A Stramash game as a table plays it: the inputs the camera and the screen would give.

Used by ``companion demo --record`` to turn a simulated game into a scripted table game,
by the simulated table (``ui.simulation.Puppet``) to play a move, and by the tests to
check that the table path referees exactly the same game as the simulation.

For each play the card laid is seen by the camera (``{"cards": [card]}``); then the
fewest taps on the board drawing that make :func:`~companion.games.stramash.touch.propose`
offer the play (``{"touch": id}``: a laddie's piece id, a dock laddie for "a laddie from
the dock", the hole wanted, the opponent's laddie the Bonnie Fechter replaces); then
``{"confirm": true}`` for a single proposal, or ``{"choose": i}`` for alternative *i*.
The first player is the game's intent ``first-player``. The inputs are worked out on the
referee's view of a real table, hands and draw pile unseen, so a recorded demo replays
at a real table with no rejection.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Sequence

from companion.errors import GameError
from companion.game import Action, Proposal, Sensed
from companion.games.stramash.actions import ComeOut, Discard, Fechter, FirstPlayer, Move, Play, Split
from companion.games.stramash.moves import first_in_dock, steps
from companion.games.stramash.screen import field_of, piece_id
from companion.games.stramash.state import StramashState
from companion.games.stramash.texts import t

if TYPE_CHECKING:
    from companion.games.stramash.rules import Stramash

CONFIRM = {"confirm": True}


def unseen(state: StramashState) -> StramashState:
    """A copy of ``state`` as the referee of a real table knows it: every card in the
    hands and the draw pile unknown, only their counts kept."""
    copy = state.copy()
    copy.setup = dataclasses.replace(state.setup, simulated_hands=False)
    copy.hands = [[None] * len(hand) for hand in state.hands]
    copy.draw = [None] * len(state.draw)
    return copy


def table_inputs(game: "Stramash", state: StramashState, actions: Sequence[Action]) -> list[dict[str, Any]]:
    """Script lines that play ``actions`` from ``state`` at a real table (``state`` is
    not changed: the lines are worked out on its unseen copy)."""
    table = unseen(state)
    lines: list[dict[str, Any]] = []
    for action in actions:
        lines += _inputs(game, table, action)
        game.apply(table, action)
    return lines


def _inputs(game: "Stramash", state: StramashState, action: Action) -> list[dict[str, Any]]:
    if isinstance(action, FirstPlayer):
        return [{"intent": "first-player", "seat": action.seat}]
    assert isinstance(action, (ComeOut, Move, Split, Fechter, Discard))
    card = [{"cards": [action.card]}]
    for taps in _tap_plans(state, action):
        found = _answer(game, state, action, taps)
        if found is not None:
            return card + found
    if isinstance(action, Discard):
        return [{"intent": "discard", "card": action.card}]
    raise GameError(t("No taps on the board make the play {play}.", play=game.describe(action)))


def _answer(game: "Stramash", state: StramashState, action: Play | Discard,
            taps: Sequence[str]) -> list[dict[str, Any]] | None:
    """The taps of ``taps`` (as few as needed) and the confirm or choice that play
    ``action``, as the referee takes them in one by one; ``None`` when they do not."""
    for n in range(len(taps) + 1):
        found = game.propose(state, Sensed(cards=(action.card,), touched=tuple(taps[:n])))
        if not isinstance(found, Proposal) and found is not None:
            return None                 # a rejection: the referee forgets the taps
        touches = [{"touch": tap} for tap in taps[:n]]
        if isinstance(found, Proposal) and found.actions == (action,):
            return touches + [CONFIRM]
        if isinstance(found, Proposal):
            for index, alternative in enumerate(found.alternatives):
                if alternative.actions == (action,):
                    return touches + [{"choose": index}]
    return None


def _tap_plans(state: StramashState, action: Play | Discard) -> list[tuple[str, ...]]:
    """Tap sequences that may single ``action`` out, fewest first."""
    seat = state.turn
    assert seat is not None                     # a play is made at a seat's turn
    if isinstance(action, Discard):
        return [()]
    dock = first_in_dock(state.laddies[seat])
    docked = (piece_id(seat, dock),) if dock is not None else ()
    if isinstance(action, ComeOut):
        return [docked]
    ends = {s.laddie: field_of(state, seat, s.laddie, s.end) for s in steps(state, seat, action) if s.seat == seat}
    if isinstance(action, Move):
        return [(piece_id(seat, action.laddie), ends[action.laddie])]
    if isinstance(action, Split):
        first, second = piece_id(seat, action.first), piece_id(seat, action.second)
        return [(first, second), (first, ends[action.first], second, ends[action.second])]
    if isinstance(action, Fechter):
        mover: tuple[str, ...] = docked if action.laddie is None else (piece_id(seat, action.laddie),)
        return [(*mover, piece_id(action.seat, action.victim))]
    return []
