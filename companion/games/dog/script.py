"""A DOG game as a table plays it: the lines the camera, the reader, the board drawing
and the screen's buttons give for each action, with the hands unseen.

A card play is the card laid (``{"cards": [card]}``), its pawn scanned (``{"scan":
pawn}``), then, while the inputs still allow other moves, the other pawns of the move
and its destination fields tapped on the board (``{"touch": id}``), and a confirm, or the
button of the alternative :func:`~companion.games.dog.table.propose` offers for it
(``{"choose": i}``). The royal opening is a scan and a confirm (or ``skip``); the
exchange, the card drawn on a special field and the fold are the screen's intents.

``companion demo --record`` writes these lines and the simulator's hands
(:class:`ui.simulation.Puppet`) carry them out; the tests referee them to the same game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from companion.errors import GameError
from companion.game import Action, Proposal, Sensed
from companion.games.dog.actions import Draw, Exchange, Fold, Place, Play
from companion.games.dog.state import DogState
from companion.games.dog.texts import t

if TYPE_CHECKING:
    from companion.games.dog.rules import Dog

CONFIRM = {"confirm": True}
FEW = 4
"""At most this many alternatives are chosen from; with more, the player taps the next
pawn or field of the move first."""


def table_inputs(game: "Dog", state: DogState, actions: Sequence[Action]) -> list[dict[str, Any]]:
    """The script lines that play ``actions`` from ``state`` (consumed) at a table."""
    lines: list[dict[str, Any]] = []
    for action in actions:
        lines += _lines(game, state, action)
        game.apply(state, action)
    return lines


def _lines(game: "Dog", state: DogState, action: Action) -> list[dict[str, Any]]:
    if isinstance(action, Exchange):
        return [{"intent": "exchange", "player": action.player}]
    if isinstance(action, Place):
        return [{"scan": action.pawn}, CONFIRM] if action.pawn else [{"intent": "skip"}]
    if isinstance(action, Draw):
        return [{"intent": "drawn"}]
    if isinstance(action, Fold):
        shown = list(action.cards) if state.rules.fold_shows_cards else []
        return [{"intent": "fold", **({"shown": shown} if shown else {})}]
    assert isinstance(action, Play)
    return _play(game, state, action)


def _play(game: "Dog", state: DogState, action: Play) -> list[dict[str, Any]]:
    """Card, first pawn, then taps until the inputs single the play out or leave a few
    alternatives to choose from."""
    pawns = [p.split("@")[0] for p in action.parts] or [action.pawn]
    fields = [p.split("@")[1] for p in action.parts] or [action.to]
    if action.other:
        pawns.append(action.other)
    lines: list[dict[str, Any]] = [{"cards": [action.card]}, {"scan": pawns[0]}]
    touched: list[str] = []
    taps = [None, *pawns[1:], *fields]
    for n, tap in enumerate(taps):
        if tap is not None:
            if tap in touched:
                continue
            touched.append(tap)
            lines.append({"touch": tap})
        found = game.propose(state, Sensed(cards=(action.card,), token=pawns[0], touched=tuple(touched)))
        if not isinstance(found, Proposal):
            if found is None:
                continue
            raise GameError(t("The table cannot play {action}: {problem}", action=game.describe(action),
                              problem=found.message))
        if found.actions == (action,):
            return lines + [CONFIRM]
        index = next((i for i, alt in enumerate(found.alternatives) if alt.actions == (action,)), None)
        if index is not None and (len(found.alternatives) <= FEW or n == len(taps) - 1):
            return lines + [{"choose": index}]
    raise GameError(t("The table cannot single out {action} from the card, the pawns and the fields.",
                      action=game.describe(action)))
