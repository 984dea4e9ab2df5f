"""Stramash's moment for ``companion screenshots``: a 4-player game in mid-game on a turn
where a tap on a laddie leaves a choice of plays; pictured with the card laid (the
laddies that can use it lit) and with the laddie tapped (the plays as buttons)."""

from __future__ import annotations

import random
from typing import Any, Sequence

from companion.game import Game, Seat, Shot, Showcase
from companion.games.stramash.state import StramashState


def _choice(game: Game[StramashState], state: StramashState) -> list[dict[str, Any]] | None:
    """The table's inputs of a play whose taps leave a choice, if the player to move has one."""
    for action in game.legal_actions(state):
        lines = game.table_inputs(state.copy(), [action])
        if any("choose" in line for line in lines) and any("touch" in line for line in lines):
            return lines
    return None


def showcases(game: Game[StramashState], seats: Sequence[Seat]) -> tuple[Showcase, ...]:
    players, seed = 4, 3
    state = game.start(seats[:players], seed=seed, simulated_hands=True)
    actions = game.play_until(state, random.Random(seed),
                              lambda now, played: played >= 60 and _choice(game, now) is not None)
    lines = _choice(game, state)
    assert lines is not None
    card = {"cards": lines[0]["cards"]}
    taps = tuple({"touch": line["touch"]} for line in lines if "touch" in line)
    return (Showcase(players, actions, (Shot("card", (card,)), Shot("choice", (card, *taps))), seed=seed),)
