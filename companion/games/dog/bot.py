"""DOG's built-in player: legal moves, preferring the goal, hitting opponents, coming out
and progress, avoiding hits on its own side (demo games and property tests)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from companion.game import Action, Decision
from companion.games.dog.actions import Draw, Exchange, Place
from companion.games.dog.moves import Move
from companion.games.dog.state import PAWNS, DogState

if TYPE_CHECKING:
    from companion.games.dog.rules import Dog


def _value(state: DogState, player: int, move: Move) -> float:
    side = {player, state.partner[player], state.controlled(player)}
    score = 0.0
    for victim in move.hits:
        score += -40 if victim // PAWNS in side else 30
    for pawn, start, end in move.steps:
        mine = pawn // PAWNS in side
        sign = 1 if mine else -1
        if end <= -2:
            score += sign * (60 - end) if start >= 0 else sign * 5
        elif start == -1:
            score += 25
        elif start >= 0:
            score += sign * ((end - start) % state.rules.length) * 0.5 % 20
    return score + (5 if move.draw else 0)


def choose(game: "Dog", state: DogState, rng: random.Random) -> Action:
    pending = game.pending(state)
    assert isinstance(pending, Decision)
    if pending.kind == "draw":
        return Draw(pending.player)
    if pending.kind == "exchange":
        return rng.choice([a for a in game.legal_actions(state) if isinstance(a, Exchange)])
    if pending.kind == "opening":
        options = [a for a in game.legal_actions(state) if isinstance(a, Place)]
        return options[-1] if len(options) > 1 and rng.random() < 0.8 else options[0]
    plays = game.turn_plays(state)
    if not plays:
        return game.legal_actions(state)[0]
    best = max(_value(state, pending.player, m) + rng.random() for m in plays.values())
    ranked = sorted(plays.items(), key=lambda pm: -_value(state, pending.player, pm[1]))
    choices = [p for p, m in ranked if _value(state, pending.player, m) + 1 >= best]
    return rng.choice(choices or [ranked[0][0]])
