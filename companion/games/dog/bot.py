"""DOG's built-in player: legal moves, preferring the goal, hitting opponents, coming out
and progress, avoiding hits on its own side (demo games and property tests)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from companion.game import Action, Decision
from companion.games.dog.actions import Draw, Exchange, Place
from companion.games.dog.moves import Move
from companion.games.dog.cards import game_deck
from companion.games.dog.state import HOUSE, PAWNS, DogState

if TYPE_CHECKING:
    from companion.games.dog.rules import Dog


def _left(state: DogState, pawn: int, pos: int) -> int:
    """Steps ``pawn`` still needs from ``pos`` to the end of its goal (roughly)."""
    if pos == HOUSE:
        return state.rules.length + PAWNS + 1
    if pos <= -2:
        return PAWNS + 1 + pos
    left = (state.start_field(pawn // PAWNS) - pos) % state.rules.length
    return (left or state.rules.length) + PAWNS


def _value(state: DogState, player: int, move: Move) -> float:
    side = {player, state.partner[player], state.controlled(player)}
    score = 3.0 if move.draw else 0.0
    for victim in move.hits:
        lost = state.rules.length - _left(state, victim, state.pos[victim]) + 10
        score += -2 * lost if victim // PAWNS in side else lost
    for pawn, start, end in move.steps:
        gain = _left(state, pawn, start) - _left(state, pawn, end)
        score += gain if pawn // PAWNS in side else -gain
    return score


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
    if plays and not state.setup.simulated_hands:  # a real table: play as if holding a few random cards
        hand = set(rng.sample(game_deck(state.rules.deck, state.rules.new_cards), 5))
        plays = {play: move for play, move in plays.items() if play.card in hand} or plays
    if not plays:
        return game.legal_actions(state)[0]
    values = {play: _value(state, pending.player, move) + 2 * rng.random() for play, move in plays.items()}
    return max(values, key=values.__getitem__)
