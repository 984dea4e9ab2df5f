"""Playing an action already judged legal: the stones move, prisoners are taken, fines
applied (B7), trios counted (B8), players eliminated (B11), the game ended (B3, B12)
and the next turn (or extra turn, or the chain's next capture) opened.

:func:`play` returns the accepted :class:`Verdict` whose message and changes say what
happened, for the banner and the log.
"""

from __future__ import annotations

from companion.game import Action, Change, Verdict
from companion.games.bumerang import moves
from companion.games.bumerang.actions import Capture, Free, Move, Pass, Penalty, Place, Stop
from companion.games.bumerang.options import MAX_CHAIN, TWO_PLAYER_LIMIT
from companion.games.bumerang.state import BumerangState, Claim, Step, stone_owner
from companion.games.bumerang.texts import field_list, t, tn
from companion.i18n import Text
from companion.view import Move as MoveView


def begin_turn(state: BumerangState) -> None:
    """Open the current player's turn: no action yet, and the stones that must capture."""
    state.step = Step.TURN
    state.started = False
    state.chain_stone = None
    state.chain_count = 0
    state.duty = tuple(moves.capturers(state, state.current)) if moves.duty_applies(state) else ()


def next_active(state: BumerangState, seat: int) -> int:
    """The next player clockwise after ``seat`` still in the game (``seat`` if none)."""
    for step in range(1, state.players + 1):
        other = (seat + step) % state.players
        if not state.out[other]:
            return other
    return seat


def advance(state: BumerangState) -> None:
    """After a finished turn: the same player's next extra turn, or the next player's turn."""
    seat = state.current
    if state.extra > 0 and not state.out[seat]:
        state.in_extra = True
    else:
        state.extra = 0
        state.in_extra = False
        state.current = next_active(state, seat)
    state.turns += 1
    begin_turn(state)


def play(state: BumerangState, action: Action) -> Verdict:
    if isinstance(action, Penalty):
        return _penalty(state, action)
    changes: list[Change] = []
    if not state.started:
        _open(state)
    state.chain_done = None
    seat: int = getattr(action, "player")  # noqa: B009  (every Bumerang action has one; Action does not)
    name = state.names[seat]
    if isinstance(action, Pass):
        state.passes += 1
        state.last = ()
        message = t("{name} can do nothing and passes.", name=name)
        active = sum(1 for out in state.out if not out)
        if state.passes >= active:
            _end_by_passing(state, changes)
        else:
            advance(state)
        return Verdict.ok(message, changes)
    state.passes = 0
    if isinstance(action, Stop):
        advance(state)
        return Verdict.ok(t("{name} stops capturing.", name=name))
    if isinstance(action, Capture):
        return Verdict.ok(_capture(state, action, changes), changes)
    duty = state.duty if state.step is Step.TURN else ()
    stone, message = _put_down(state, action, name)
    if duty:
        _missed(state, seat, duty, changes)
    _count_trios(state, seat, state.where.get(stone), changes)
    _settle(state, changes)
    if state.winners is None:
        arrival = (moves.victims(state, stone) if state.options["capture_on_arrival"] and stone in state.where
                   and not state.out[seat] else [])
        if len(arrival) == 1:
            message = t("{first} It captures at once.", first=message)
            before = state.last
            _capture(state, Capture(seat, stone, arrival[0]), changes)
            state.last = before + state.last
        elif arrival:
            state.step = Step.ARRIVAL
            state.chain_stone = stone
            changes.append(Change(t("With capture on arrival, the stone on {field} captures at once: choose its "
                                    "victim.",
                                    field=state.where[stone]), {"kind": "arrival", "stone": stone}))
        else:
            advance(state)
    return Verdict.ok(message, changes)


def _put_down(state: BumerangState, action: Action, name: str) -> tuple[str, Text]:
    """Carry out a place, move or free: the stone that arrived and what to say."""
    if isinstance(action, Place):
        stone = state.supply[action.player].pop(0)
        _put(state, stone, action.field)
        state.last = (MoveView(stone, None, action.field),)
        return stone, t("{name} places a stone on {field}.", name=name, field=action.field)
    if isinstance(action, Move):
        start = _lift(state, action.stone)
        _put(state, action.stone, action.to)
        state.last = (MoveView(action.stone, start, action.to),)
        return action.stone, t("{name} moves {start} → {end}.", name=name, start=start, end=action.to)
    assert isinstance(action, Free)
    state.prisoners[action.holder].remove(action.stone)
    _put(state, action.stone, action.field)
    state.last = (MoveView(action.stone, None, action.field),)
    return action.stone, t("{name} frees a stone held by {holder} and places it on {field}: {holder} now holds {n}.",
                           name=name, holder=state.names[action.holder], field=action.field,
                           n=len(state.prisoners[action.holder]))


def _open(state: BumerangState) -> None:
    """The first action of a turn: an earlier missed capture can no longer be claimed,
    and an extra turn is used up."""
    state.claim = None
    state.started = True
    if state.in_extra:
        state.extra -= 1


def _put(state: BumerangState, stone: str, field: str) -> None:
    state.at[field] = stone
    state.where[stone] = field


def _lift(state: BumerangState, stone: str) -> str:
    field = state.where.pop(stone)
    del state.at[field]
    return field


def _capture(state: BumerangState, action: Capture, changes: list[Change]) -> Text:
    p = action.player
    start = _lift(state, action.stone)
    victim = state.at[action.to]
    _lift(state, victim)
    _put(state, action.stone, action.to)
    state.prisoners[p].append(victim)
    state.chain_count += 1
    state.last = (MoveView(action.stone, start, action.to), MoveView(victim, action.to, None, hit=True))
    owner = stone_owner(victim)
    assert owner is not None
    message = t("{name} captures {start} × {end}.", name=state.names[p], start=start, end=action.to)
    changes.append(Change(t("A stone of {victim} is {name}'s prisoner ({n} in all).", victim=state.names[owner],
                            name=state.names[p], n=len(state.prisoners[p])),
                          {"kind": "prisoner", "player": p, "stone": victim, "field": action.to}))
    _count_trios(state, p, action.to, changes)
    if state.target is not None and len(state.prisoners[p]) >= state.target:
        state.winners = (p,)
        state.end = "target"
        changes.append(Change(t("{name} holds {n} prisoners and wins at once.", name=state.names[p],
                                n=len(state.prisoners[p])), {"kind": "win", "winners": [p]}))
        return message
    _settle(state, changes)
    if state.winners is not None:
        return message
    if state.chain_count < MAX_CHAIN and moves.victims(state, action.stone) and not state.out[p]:
        state.step = Step.CHAIN
        state.chain_stone = action.stone
    else:
        if state.chain_count >= MAX_CHAIN:
            state.chain_done = (p, action.stone)
        advance(state)
    return message


def _remove(state: BumerangState, seat: int, stones: tuple[str, ...], changes: list[Change], why: Text) -> list[str]:
    """Take ``stones`` still on the board out of the game (a fine, B7); say which and why."""
    gone = [s for s in stones if s in state.where]
    fields = [_lift(state, s) for s in gone]
    state.removed.extend(gone)
    if gone:
        changes.append(Change(
            tn("Fine (B7): {name}'s stone on {fields} is removed from the game, because {why}; it is no one's "
               "prisoner.",
               "Fine (B7): {name}'s stones on {fields} are removed from the game, because {why}; they are no one's "
               "prisoners.",
               name=state.names[seat], fields=field_list(fields), why=why, n=len(gone)),
            {"kind": "fine", "player": seat, "stones": gone, "fields": fields}))
        state.last = state.last + tuple(MoveView(s, f, None, hit=True) for s, f in zip(gone, fields))
    return fields


def _missed(state: BumerangState, seat: int, duty: tuple[str, ...], changes: list[Change]) -> None:
    """A non-capturing action while capture was compulsory (B7)."""
    if state.options["missed_capture"] == "claim":
        state.claim = Claim(seat, duty)
        changes.append(Change(t("{name} did not capture although it was compulsory: the other players may claim the "
                                "fine until the next action.",
                                name=state.names[seat]), {"kind": "claimable", "player": seat, "stones": list(duty)}))
        return
    _remove(state, seat, duty, changes, t("capturing was compulsory at the start of the turn"))


def _penalty(state: BumerangState, action: Penalty) -> Verdict:
    claim = state.claim
    assert claim is not None
    state.claim = None
    changes: list[Change] = []
    seat = claim.offender
    _remove(state, seat, claim.stones, changes,
            t("{claimer} pointed out the capture they missed", claimer=state.names[action.player]))
    lost = [i for i in claim.trios if not _trio_full(state, seat, i)]
    if lost and state.current == seat:
        state.extra = max(0, state.extra - len(lost))
        state.trios_made[seat] -= len(lost)
        changes.append(Change(tn("The fine broke a trio: its extra turn is withdrawn.",
                                 "The fine broke {n} trios: their extra turns are withdrawn.", n=len(lost)),
                              {"kind": "trio-lost", "player": seat, "n": len(lost)}))
    _settle(state, changes)
    if state.winners is None:
        if state.step is not Step.TURN and state.chain_stone not in state.where:
            advance(state)
        elif not state.started:
            if state.current == seat and state.in_extra and (state.extra == 0 or state.out[seat]):
                advance(state)
            else:
                begin_turn(state)
    return Verdict.ok(t("{claimer} claims {name}'s missed capture.", claimer=state.names[action.player],
                        name=state.names[seat]), changes)


def _trio_full(state: BumerangState, seat: int, index: int) -> bool:
    at = state.at
    return all((s := at.get(c)) is not None and stone_owner(s) == seat for c in state.topology.trios[index])


def _count_trios(state: BumerangState, seat: int, field: str | None, changes: list[Change]) -> None:
    """Trios the stone now on ``field`` completed: one extra turn each (B8)."""
    if field is None:
        return
    made = [i for i in state.topology.trios_at[field] if _trio_full(state, seat, i)]
    if not made:
        return
    state.extra += len(made)
    state.trios_made[seat] += len(made)
    if state.claim is not None and state.claim.offender == seat:
        state.claim.trios.extend(made)
    corners = [" – ".join(state.topology.trios[i]) for i in made]
    changes.append(Change(tn("Trio {corners}: {name} gets an extra turn.",
                             "Trios {corners}: {name} gets {n} extra turns.", corners=" / ".join(corners),
                             name=state.names[seat], n=len(made)),
                          {"kind": "trio", "player": seat, "trios": corners, "n": len(made)}))


def _settle(state: BumerangState, changes: list[Change]) -> None:
    """Eliminate players who have nothing left (B11; ``two_player``: 2 stones or fewer)
    and end the game when one player is left."""
    limit = TWO_PLAYER_LIMIT if state.options["two_player"] else 0
    on_board = [0] * state.players
    for stone in state.where:
        on_board[stone_owner(stone) or 0] += 1
    for seat in range(state.players):
        if state.out[seat] or on_board[seat] + len(state.supply[seat]) > limit:
            continue
        state.out[seat] = True
        if limit:
            text = t("{name} has {n} stones left and loses.", name=state.names[seat],
                     n=on_board[seat] + len(state.supply[seat]))
        else:
            text = t("{name} has no stone on the board or in supply and leaves the game.", name=state.names[seat])
        changes.append(Change(text, {"kind": "out", "player": seat}))
    left = [seat for seat in range(state.players) if not state.out[seat]]
    if len(left) <= 1 and state.winners is None:
        state.winners = tuple(left) if left else _most_prisoners(state)
        state.end = "two_player" if limit else "last"
        changes.append(Change(t("{name} is the last player in the game and wins.",
                                name=", ".join(state.names[s] for s in state.winners)),
                              {"kind": "win", "winners": list(state.winners)}))


def _most_prisoners(state: BumerangState) -> tuple[int, ...]:
    best = max(len(p) for p in state.prisoners)
    return tuple(s for s, p in enumerate(state.prisoners) if len(p) == best)


def _end_by_passing(state: BumerangState, changes: list[Change]) -> None:
    """Every remaining player passed in one round (B3): most prisoners wins, ties share."""
    contenders = [s for s in range(state.players) if not state.out[s]]
    best = max(len(state.prisoners[s]) for s in contenders)
    state.winners = tuple(s for s in contenders if len(state.prisoners[s]) == best)
    state.end = "passed"
    changes.append(Change(t("Every player passed in one round: the game ends, {names} with the most prisoners ({n}).",
                            names=", ".join(state.names[s] for s in state.winners), n=best),
                          {"kind": "win", "winners": list(state.winners)}))
