"""Whole games played through the table's inputs, as the simulator's sensors give them:
every bot action is found again by ``propose`` from the card laid, the pawn scanned and
the fields or pawns tapped (or by a touch intent), and submitting it plays the game to
the end (a 4-player royal game and a 6-player basic game with simulated hands, and a royal
game at a real table, where the referee does not know the hands); and the scripts
``table_inputs`` writes (``demo --record``) refereed with the hands unseen to the same
game."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from companion.commands import play_out, run_script, table_script
from companion.game import Proposal, Seat, Sensed
from companion.games.dog import GAME
from companion.games.dog.actions import Draw, Exchange, Fold, Place, Play
from companion.session import Referee
from companion.store import GameStore


def through_the_table(state, action):
    """The action the table's inputs lead to for the bot's ``action``."""
    if isinstance(action, Exchange):
        return GAME.intent(state, "exchange", {"player": action.player, "card": action.card})
    if isinstance(action, Fold):
        return GAME.intent(state, "fold", {"shown": list(action.cards)})
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


def simulated(seed: int, players: int, options) -> Referee:
    ref = Referee.new(GameStore(":memory:"), "dog", [Seat(f"P{i}") for i in range(players)], options, seed=seed,
                      simulated_hands=True)
    play_out(ref)
    return ref


@pytest.mark.parametrize("seed, players, options", [
    (1, 4, {"mode": "royal"}), (2, 6, {}), (3, 3, {"mode": "royal", "teams": "off"}), (4, 4, {"deck": "classic"}),
])
def test_the_table_path_referees_the_same_game_as_the_simulation(seed, players, options):
    """The lines ``demo --record`` writes (card laid, pawn scanned, taps, confirms and
    choices, intents), refereed with the hands unseen, give the same game."""
    sim = simulated(seed, players, options)
    script = table_script(sim)
    assert not any("action" in line for line in script)
    table, records = run_script([json.dumps(line) for line in script], GameStore(":memory:"))
    rejected = [(r["input"], r["verdict"].message.render("en")) for r in records
                if r["verdict"] is not None and not r["verdict"].accepted]
    assert rejected == []
    assert not table.simulated_hands and table.is_over
    assert table.scores() == sim.scores()
    assert GAME.observation(table.state) == GAME.observation(sim.state)
    if options.get("deck") == "classic":
        assert any(isinstance(a, Play) and len(a.parts) > 1 for a in sim.actions)   # split sevens were played


def test_demo_records_a_script_that_replay_referees_to_the_same_result(tmp_path):
    script = tmp_path / "dog.jsonl"
    demo = subprocess.run([sys.executable, "-m", "companion", "--lang", "en", "demo", "--game", "dog", "--players",
                           "4", "--seed", "2", "--option", "mode=royal", "--json", "--record", str(script)],
                          capture_output=True, text=True, check=True)
    replay = subprocess.run([sys.executable, "-m", "companion", "--lang", "en", "replay", str(script), "--json"],
                            capture_output=True, text=True, check=True)
    records = [json.loads(line) for line in replay.stdout.splitlines()]
    assert all(r["verdict"] is None or r["verdict"]["accepted"] for r in records[:-1])
    assert records[-1]["over"] is True
    assert records[-1]["scores"] == json.loads(demo.stdout)["scores"]
