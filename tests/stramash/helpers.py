"""Rigged Stramash positions: the rulings' test set-up (4 players, the default ring of
72 holes, P0 to move; starts 7/25/43/61, castle entries 2/20/38/56) at a real table, so
the card laid is whatever the test names."""

from __future__ import annotations

from companion.game import Seat
from companion.games.stramash import GAME
from companion.games.stramash.state import DOCK
from companion.games.stramash.table import begin_turn

NAMES = ("Ailsa", "Bruce", "Callum", "Deirdre", "Ewan", "Fiona")
L = 72


def spot(value) -> int:
    """A position as the rulings write it: a hole number, ``"C3"`` (own castle) or ``None`` (dock)."""
    if value is None:
        return DOCK
    if isinstance(value, str):
        return L + int(value[1:]) - 1
    return value


def position(*seats, options=None, simulated=False, players=4):
    """A game with P0 to move and the laddies of seat *s* at ``seats[s]`` (a list of
    positions; missing laddies stay in the dock)."""
    state = GAME.start([Seat(n) for n in NAMES[:players]], {"first_player": "left-of-dealer", **(options or {})},
                       dealer=players - 1, simulated_hands=simulated, seed=3)
    for seat, places in enumerate(seats):
        for n, value in enumerate(places):
            state.laddies[seat][n] = spot(value)
    return state


def where(state, seat: int) -> list:
    """Seat's laddie positions in the rulings' notation, in laddie order."""
    out = []
    for pos in state.laddies[seat]:
        out.append(None if pos == DOCK else f"C{pos - L + 1}" if pos >= L else pos)
    return out


def section_en(verdict) -> str:
    return verdict.section.render("en")


def again(state, seat: int = 0) -> None:
    """Give the turn back to ``seat`` (a follow-up play): the card the next player drew
    goes back on the draw pile and ``seat`` draws."""
    state.draw.append(state.hands[state.turn].pop())
    begin_turn(state, seat)
