"""A Mustang game as a table plays it: the inputs the sensors and screen would give.

Used by ``companion demo --record`` to turn a simulated game into a scripted table
game, and by the tests to check that the table path (cards seen, tokens scanned,
confirms) referees exactly the same game as the simulated one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from companion.game import Action
from companion.games.mustang.actions import (Catch, Decline, Defend, DiscardCowboys, Done, DrawToken, Exchange,
                                             Release, RevealEvent, Stable, Steal)

if TYPE_CHECKING:
    from companion.games.mustang.rules import Mustang
    from companion.games.mustang.state import MustangState


def table_inputs(game: Mustang, state: MustangState, actions: Sequence[Action]) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    confirm = {"confirm": True}
    index = 0
    while index < len(actions):
        action = actions[index]
        pending = game.pending(state)
        kind = getattr(pending, "kind", None)
        game.apply(state, action)
        index += 1
        if isinstance(action, Catch) and action.stack:
            drawn = actions[index]
            assert isinstance(drawn, DrawToken), drawn   # a catch from a stack draws its horse next
            game.apply(state, drawn)
            index += 1
            lines += [{"cards": list(action.cards)}, {"scan": drawn.token}, confirm]
        elif isinstance(action, (Catch, Steal)):
            lines += [{"cards": list(action.cards)}, {"scan": action.horse}, confirm]
        elif isinstance(action, Stable):
            lines += [{"scan": action.horse}] + ([confirm] if kind == "turn" else [])
        elif isinstance(action, (Defend, DiscardCowboys)) and action.cards:
            lines += [{"cards": list(action.cards)}, confirm]
        elif isinstance(action, DiscardCowboys):
            lines.append({"intent": "no_cowboys"})
        elif isinstance(action, Release):
            lines.append({"scan": action.horse})
        elif isinstance(action, DrawToken):
            lines.append({"scan": action.token})
        elif isinstance(action, Exchange):
            lines.append({"intent": "exchange", "count": action.count})
        elif isinstance(action, RevealEvent):
            lines.append({"intent": "event", "event": action.event})
        elif isinstance(action, (Decline, Done)):
            lines.append({"intent": action.type})
    return lines
