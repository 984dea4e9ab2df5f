"""The state's hand-written copy: equal to the original and sharing nothing mutable."""

import copy
import dataclasses
import random

from companion.game import Seat
from companion.games.mustang import GAME
from companion.games.mustang.state import PlayerState


def _mutables(value, path="state"):
    """Every mutable container reachable from ``value``, with where it is."""
    if isinstance(value, (list, dict, set)):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, item in items:
            yield from _mutables(item, f"{path}[{key!r}]")
    elif dataclasses.is_dataclass(value) and not type(value).__dataclass_params__.frozen:
        yield path, value
        for f in dataclasses.fields(value):
            yield from _mutables(getattr(value, f.name), f"{path}.{f.name}")


def test_copy_equals_a_deep_copy_and_shares_no_mutable_part():
    state = GAME.start([Seat(n) for n in "ABCD"], seed=3, simulated_hands=True)
    rng = random.Random(3)
    while state.turn < 40 and not GAME.is_over(state):
        GAME.apply(state, GAME.choose(state, rng))
    state.owed[1] = 2                                   # every container non-empty
    state.spent[0] = 3
    copied = state.copy()
    assert copied == copy.deepcopy(state)
    originals = {id(v): p for p, v in _mutables(state)}
    shared = [p for p, v in _mutables(copied) if id(v) in originals]
    assert shared == [], f"the copy shares {shared}"
    assert any(isinstance(v, PlayerState) for _, v in _mutables(state))
