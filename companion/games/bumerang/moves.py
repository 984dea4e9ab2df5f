"""What is possible in a position: captures, the capture duty, and every legal action.

Pure functions of a :class:`.state.BumerangState`, fast enough for bots and hints (a
5-player position on the default board lists its actions in well under a millisecond).
"""

from __future__ import annotations

from companion.game import Action
from companion.games.bumerang.actions import Capture, Free, Move, Pass, Penalty, Place, Stop
from companion.games.bumerang.state import BumerangState, Step, stone_owner


def victims(state: BumerangState, stone: str) -> list[str]:
    """The fields ``stone`` may capture on now: an enemy stone there and the arrow
    pointing to it (B4)."""
    field = state.where.get(stone)
    if field is None:
        return []
    owner = stone_owner(stone)
    at = state.at
    return [head for head in state.topology.captures[field]
            if (other := at.get(head)) is not None and stone_owner(other) != owner]


def capturers(state: BumerangState, seat: int) -> dict[str, list[str]]:
    """``seat``'s stones that can capture now, each with its victims' fields."""
    out: dict[str, list[str]] = {}
    for stone in state.where:
        if stone_owner(stone) == seat:
            found = victims(state, stone)
            if found:
                out[stone] = found
    return out


def duty_applies(state: BumerangState) -> bool:
    """Whether the capture duty holds for the current turn (B5; extra turns by option)."""
    return not state.in_extra or bool(state.options["extra_turn_capture_duty"])


def free_fields(state: BumerangState) -> list[str]:
    at = state.at
    return [f for f in state.topology.fields if f not in at]


def steps_of(state: BumerangState, stone: str) -> list[str]:
    """The free fields one line from ``stone`` (B2)."""
    at = state.at
    return [n for n in state.topology.neighbours[state.where[stone]] if n not in at]


def claimers(state: BumerangState) -> tuple[int, ...]:
    """The players who may claim the open missed capture (B7, ``claim``)."""
    if state.claim is None or state.winners is not None:
        return ()
    return tuple(p for p in range(state.players) if p != state.claim.offender and not state.out[p])


def turn_actions(state: BumerangState) -> list[Action]:
    """Every legal action of the current player (without claims).

    While capture is compulsory (B5) only captures are legal; under ``missed_capture``
    ``auto`` or ``claim`` the referee still accepts another action, as an infraction it
    fines (B7): :func:`infractions` lists those.
    """
    if state.winners is not None:
        return []
    p = state.current
    if state.step is not Step.TURN:
        stone = state.chain_stone
        assert stone is not None
        found: list[Action] = [Capture(p, stone, to) for to in victims(state, stone)]
        if state.step is Step.CHAIN and state.options["chain_capture"] == "may":
            found.append(Stop(p))
        return found
    captures: list[Action] = [Capture(p, stone, to) for stone, tos in capturers(state, p).items() for to in tos]
    if captures and state.duty:
        return captures
    found = captures + _others(state)
    return found or [Pass(p)]


def infractions(state: BumerangState) -> list[Action]:
    """The non-capturing actions the referee accepts and fines while capture is
    compulsory (``missed_capture`` ``auto`` or ``claim``; none under ``reject``)."""
    if (state.winners is not None or state.step is not Step.TURN or not state.duty
            or state.options["missed_capture"] == "reject"):
        return []
    return _others(state)


def _others(state: BumerangState) -> list[Action]:
    """Place, move and free (extra turns) actions of the current player."""
    p = state.current
    others: list[Action] = []
    free = free_fields(state)
    if state.supply[p]:
        others.extend(Place(p, f) for f in free)
    for stone in state.on_board(p):
        others.extend(Move(p, stone, to) for to in steps_of(state, stone))
    if state.in_extra:
        for holder, stone in state.held_from(p):
            others.extend(Free(p, stone, holder, f) for f in free)
    return others


def legal(state: BumerangState) -> list[Action]:
    """Every legal action now: the current player's and the other players' claims."""
    return turn_actions(state) + [Penalty(p) for p in claimers(state)]
