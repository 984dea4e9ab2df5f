"""Bumerang's moments for ``companion screenshots``, each after at least a dozen actions
of a 3-player game: a capture that opens a chain (its next victims lit), and, under
``missed_capture = claim``, a move that ignores a compulsory capture (the other
players' Penalty? buttons)."""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from companion.game import Action, Game, Seat, Shot, Showcase
from companion.games.bumerang import moves
from companion.games.bumerang.actions import Capture
from companion.games.bumerang.state import BumerangState, Step

PLAYERS = 3


def _opens_chain(game: Game[BumerangState], state: BumerangState) -> Action | None:
    """A capture of the player to move after which the chain goes on, if any."""
    if state.step is not Step.TURN:
        return None
    for action in game.legal_actions(state):
        if isinstance(action, Capture):
            after = state.copy()
            game.apply(after, action)
            if after.step is Step.CHAIN and after.winners is None:
                return action
    return None


def _missed(game: Game[BumerangState], state: BumerangState) -> Action | None:
    """A move that leaves a compulsory capture undone, if any."""
    found = moves.infractions(state)
    return found[0] if found else None


def _moment(game: Game[BumerangState], seats: Sequence[Seat], name: str, options: Mapping[str, Any],
            last: Callable[[Game[BumerangState], BumerangState], Action | None]) -> Showcase:
    """The first seed's game that reaches ``last``'s action after a dozen actions."""
    for seed in range(1, 500):
        state = game.start(seats[:PLAYERS], options, seed=seed, simulated_hands=True)
        try:
            actions = game.play_until(state, random.Random(seed),
                                      lambda now, played: played > 12 and last(game, now) is not None)
        except LookupError:
            continue
        action = last(game, state)
        assert action is not None
        return Showcase(PLAYERS, (*actions, action), (Shot(name),), options, seed)
    raise LookupError(name)


def showcases(game: Game[BumerangState], seats: Sequence[Seat]) -> tuple[Showcase, ...]:
    return (_moment(game, seats, "chain", {}, _opens_chain),
            _moment(game, seats, "penalty", {"missed_capture": "claim"}, _missed))
