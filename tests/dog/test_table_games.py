"""Whole games played through the table's inputs, as the simulator's sensors give them:
every bot action is found again by ``propose`` from the card laid, the pawn scanned and
the fields or pawns tapped (or by a touch intent), and submitting it plays the game to
the end (a 4-player royal game and a 6-player basic game with simulated hands, and a royal
game at a real table, where the referee does not know the hands)."""

from __future__ import annotations

import random

import pytest

from companion.game import Proposal, Seat, Sensed
from companion.games.dog import GAME
from companion.games.dog.actions import Draw, Exchange, Fold, Place, Play


def through_the_table(state, action):
    """The action the table's inputs lead to for the bot's ``action``."""
    if isinstance(action, Exchange):
        return GAME.intent(state, "exchange", {"player": action.player, "card": action.card})
    if isinstance(action, Fold):
        return GAME.intent(state, "fold", {"cards": list(action.cards)})
    if isinstance(action, Place):
        if not action.pawn:
            return GAME.intent(state, "skip", {})
        proposal = GAME.propose(state, Sensed(token=action.pawn))
    elif isinstance(action, Draw):
        proposal = GAME.propose(state, Sensed())
    else:
        assert isinstance(action, Play)
        touched = (action.other,) if action.other else (action.to,)
        proposal = GAME.propose(state, Sensed(cards=(action.card,), token=action.pawn, touched=touched))
    assert isinstance(proposal, Proposal), proposal
    if proposal.actions:
        return proposal.actions[0]
    matching = [alt.actions[0] for alt in proposal.alternatives if alt.actions[0] == action]
    assert matching, [a.label.render("en") for a in proposal.alternatives]
    return matching[0]


@pytest.mark.parametrize("players,options,simulated", [(4, {"mode": "royal"}, True), (6, {}, True),
                                                       (4, {"mode": "royal"}, False)])
def test_a_game_plays_to_the_end_through_the_tables_inputs(players, options, simulated):
    state = GAME.start([Seat(f"P{i}") for i in range(players)], options, seed=7, simulated_hands=simulated)
    rng = random.Random(7)
    while not GAME.is_over(state):
        action = GAME.choose(state, rng)
        found = through_the_table(state, action)
        assert found == action
        GAME.apply(state, found)
    assert GAME.scores(state).winners
