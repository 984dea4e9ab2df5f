"""Positions for DOG's tests: 4 players on the 4-side with 16 fields a segment (P0 starts
at 0, P1 at 16, P2 at 32, P3 at 48), P0 to move, hands as given."""

from __future__ import annotations

from companion.game import Seat
from companion.games.dog import GAME
from companion.games.dog.actions import Play
from companion.games.dog.state import HOUSE, PAWNS, DogState, Phase, goal_pos

FIG = {"king": 0, "knight": 1, "citizen": 2, "fool": 3, "1": 0, "2": 1, "3": 2, "4": 3}


def position(pawns: dict[str, int | str], hand: tuple[str, ...] = (), players: int = 4, current: int = 0,
             **options) -> DogState:
    """A game with every pawn in its house except ``pawns`` ("P0.king": 10, "P0.2": "G2"),
    ``current`` to play holding ``hand``."""
    state = GAME.start([Seat(f"P{i}") for i in range(players)], options, seed=0, simulated_hands=True)
    state.phase = Phase.TURN
    state.current = current
    state.pos = [HOUSE] * (players * PAWNS)
    state.fresh = [False] * (players * PAWNS)
    for name, where in pawns.items():
        owner, figure = name.split(".")
        k = int(owner[1:]) * PAWNS + FIG[figure]
        state.pos[k] = goal_pos(int(where[1:])) if isinstance(where, str) else where
    state.hands[current] = list(hand)
    state.played_round = []
    return state


def pawn(state: DogState, name: str) -> str:
    owner, figure = name.split(".")
    colour = state.colours[int(owner[1:])]
    return f"pawn-{colour}-{['king', 'knight', 'citizen', 'fool'][FIG[figure]]}"


def where(state: DogState, name: str) -> int:
    owner, figure = name.split(".")
    return state.pos[int(owner[1:]) * PAWNS + FIG[figure]]


def play(state: DogState, card: str, name: str, to: str, **kw) -> Play:
    return Play(state.current, card, pawn(state, name), to, **kw)
