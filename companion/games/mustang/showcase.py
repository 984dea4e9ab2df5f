"""Mustang's moment for ``companion screenshots``: a 3-player game on a turn where the
dealer has work to do, with two cards of the player to move laid in the play zone."""

from __future__ import annotations

import random
from typing import Sequence

from companion.game import Decision, Game, Seat, Shot, Showcase
from companion.games.mustang.state import MustangState


def showcases(game: Game[MustangState], seats: Sequence[Seat]) -> tuple[Showcase, ...]:
    players, seed, dealer = 3, 11, 1
    state = game.start(seats[:players], seed=seed, dealer=dealer, simulated_hands=True)

    def dealing(now: object, played: int) -> bool:
        return played >= 60 and bool(game.view(state).instructions) and isinstance(game.pending(state), Decision)

    actions = game.play_until(state, random.Random(seed), dealing)
    pending = game.pending(state)
    assert isinstance(pending, Decision)
    cards = [card for card in game.hand(state, pending.player) if card is not None][:2]
    return (Showcase(players, actions, (Shot("table", ({"cards": cards},)),), seed=seed, dealer=dealer),)
