"""DOG's moment for ``companion screenshots``: a 4-player DOG Royal game on a turn where
a card of the hand and one pawn leave several ways to move; pictured with the card laid
(the pawns that can use it lit) and with the pawn tapped (the ways as buttons)."""

from __future__ import annotations

import random
from typing import Sequence

from companion.game import Decision, Game, Proposal, Seat, Sensed, Shot, Showcase
from companion.games.dog.actions import Play
from companion.games.dog.state import DogState


def _choice(game: Game[DogState], state: DogState) -> Play | None:
    """A play of the player to move whose card and pawn leave several ways, if any."""
    pending = game.pending(state)
    if not isinstance(pending, Decision) or pending.kind != "turn":
        return None
    for play in game.legal_actions(state):
        if isinstance(play, Play) and play.pawn and not play.other:
            found = game.propose(state, Sensed(cards=(play.card,), token=play.pawn))
            if isinstance(found, Proposal) and len(found.alternatives) > 1:
                return play
    return None


def showcases(game: Game[DogState], seats: Sequence[Seat]) -> tuple[Showcase, ...]:
    players, seed, options = 4, 11, {"mode": "royal"}
    state = game.start(seats[:players], options, seed=seed, simulated_hands=True)
    actions = game.play_until(state, random.Random(seed), lambda now, _played: _choice(game, now) is not None)
    play = _choice(game, state)
    assert play is not None
    card = {"cards": [play.card]}
    return (Showcase(players, actions, (Shot("card", (card,)), Shot("choose", (card, {"touch": play.pawn}))),
                     options, seed),)
