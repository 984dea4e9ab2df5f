"""A Bumerang game as a table plays it: the taps on the board drawing and the buttons
pressed for each action (:func:`table_inputs`), as lines of a scripted game
(``docs/scripted-games.md``).

``companion demo --record`` writes a simulated game with it, ``companion replay``
referees that script through the table path, and the app's simulator
(:meth:`ui.simulation.Puppet.plan`) plays the built-in player's actions with the same
taps. The taps are those the board drawing reports (``ui.board_widget``): a piece's id
when a piece is tapped, a field's id for a free field or a highlighted target (a
capture's victim is reported as its field).
"""

from __future__ import annotations

from typing import Any, Sequence

from companion.game import Action
from companion.games.bumerang.actions import Capture, Free, Move, Pass, Penalty, Place, Stop
from companion.games.bumerang.state import BumerangState, Step, prisoner_badge

CONFIRM = {"confirm": True}


def taps(state: BumerangState, action: Action) -> tuple[str, ...]:
    """What a player taps on the board for ``action`` (nothing for the game's buttons).

    Place: the free field. Move: the stone, then the field. Capture: the stone, then the
    victim's field; a chain's (or an arrival's) next capture: only the victim's field,
    since the stone that must capture is known. Free: the prisoner badge, then the field.
    """
    if isinstance(action, Place):
        return (action.field,)
    if isinstance(action, Move):
        return (action.stone, action.to)
    if isinstance(action, Capture):
        return (action.to,) if state.step is not Step.TURN else (action.stone, action.to)
    if isinstance(action, Free):
        return (prisoner_badge(action.holder, action.stone), action.field)
    return ()


def lines_for(state: BumerangState, action: Action) -> list[dict[str, Any]]:
    """The script lines of one action from ``state`` (unchanged): its taps and the
    confirm; Stop, Pass and Penalty? are the game's buttons (``intent`` lines, the claim
    with the claiming ``player``). The stone is tapped before its victim, so the taps
    never leave a choice between stones (:func:`.table.propose` offers one only for a
    victim tapped alone)."""
    if isinstance(action, (Stop, Pass)):
        return [{"intent": action.type}]
    if isinstance(action, Penalty):
        return [{"intent": "penalty", "player": action.player}]
    return [{"touch": tap} for tap in taps(state, action)] + [CONFIRM]


def table_inputs(game: Any, state: BumerangState, actions: Sequence[Action]) -> list[dict[str, Any]]:
    """The script lines that play ``actions`` from ``state``, which is consumed: each
    action is played on it (:class:`~companion.errors.IllegalAction` if illegal) after
    its lines are made."""
    lines: list[dict[str, Any]] = []
    for action in actions:
        lines += lines_for(state, action)
        game.apply(state, action)
    return lines
