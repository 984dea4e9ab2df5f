"""Judging a proposed action: each rejection names its rule (B1–B14), the rulebook
section, what is wrong and what would be legal instead. No change to the state.
"""

from __future__ import annotations

from companion.game import Action, Verdict
from companion.games.bumerang import moves
from companion.games.bumerang.actions import Capture, Free, Move, Pass, Penalty, Place, Stop
from companion.games.bumerang.options import MAX_CHAIN
from companion.games.bumerang.state import BumerangState, Step, stone_owner
from companion.games.bumerang.texts import cite, field_list, t
from companion.i18n import Text


def reject(reason: str, rule: str, message: Text) -> Verdict:
    return Verdict.reject(reason, cite(rule), message)


def capture_list(state: BumerangState, seat: int) -> str:
    """``seat``'s possible captures as players write them ("D3 × D4, E5 × E6")."""
    return field_list([f"{state.where[s]} × {to}" for s, tos in moves.capturers(state, seat).items() for to in tos])


def instead(state: BumerangState) -> Text:
    """What the current player may do now, in a sentence (the second half of a
    rejection)."""
    p = state.current
    if state.step is not Step.TURN:
        stone = state.chain_stone
        assert stone is not None
        victims = field_list([f"{state.where[stone]} × {to}" for to in moves.victims(state, stone)])
        if state.step is Step.CHAIN and state.options["chain_capture"] == "may":
            return t("Legal now: capture {captures} or stop.", captures=victims)
        return t("Legal now: capture {captures}.", captures=victims)
    captures = capture_list(state, p)
    if captures and state.duty:
        return t("Legal now: capture {captures} (capture is compulsory).", captures=captures)
    parts: list[Text] = []
    if captures:
        parts.append(t("capture {captures}", captures=captures))
    if state.supply[p]:
        parts.append(t("place a stone on a free field"))
    steps = [f"{state.where[s]} → {'/'.join(to)}" for s in state.on_board(p) if (to := moves.steps_of(state, s))]
    if steps:
        parts.append(t("move {moves}", moves=field_list(steps, 4)))
    if state.in_extra and state.held_from(p):
        parts.append(t("free one of your prisoners onto a free field"))
    if not parts:
        return t("Nothing is possible now: pass.")
    return t("Legal now: {options}.", options=_join(parts))


def _join(parts: list[Text]) -> Text:
    joined = parts[0]
    for part in parts[1:]:
        joined = t("{first}; {second}", first=joined, second=part)
    return joined


def judge(state: BumerangState, action: Action) -> Verdict:
    """Reject, or accept with an empty message (:func:`.table.announce` says what the
    action will do, :func:`.play.play` what it did)."""
    if state.winners is not None:
        return reject("game-over", "B12", t("The game is over."))
    if isinstance(action, Penalty):
        return _judge_penalty(state, action)
    player = getattr(action, "player", None)
    if player != state.current:
        if (isinstance(action, Capture) and state.chain_done is not None
                and state.chain_done == (player, action.stone)):
            return reject("chain-limit", "B6", t("At most {n} captures per turn: this chain has ended. {legal}",
                                                  n=MAX_CHAIN, legal=instead(state)))
        name = state.names[player] if isinstance(player, int) and 0 <= player < state.players else "?"
        return reject("not-your-turn", "B1", t("It is {name}'s turn, not {other}'s.",
                                               name=state.names[state.current], other=name))
    if state.step is not Step.TURN:
        return _judge_chain(state, action)
    if isinstance(action, Stop):
        return reject("no-chain", "B6", t("There is no chain of captures to stop. {legal}", legal=instead(state)))
    if isinstance(action, Pass):
        if moves.turn_actions(state) != [Pass(player)]:
            return reject("duty-to-act", "B1", t("There is a duty to act: a player passes only when nothing is "
                                                 "possible. {legal}",
                                                 legal=instead(state)))
        return Verdict.ok(Text.raw(""))
    if isinstance(action, Capture):
        return _judge_capture(state, action)
    if isinstance(action, Place):
        found = _judge_place(state, action)
    elif isinstance(action, Move):
        found = _judge_move(state, action)
    elif isinstance(action, Free):
        found = _judge_free(state, action)
    else:
        return reject("unknown-action", "B1", t("That is not an action of Bumerang. {legal}", legal=instead(state)))
    if found is not None:
        return found
    if state.duty and state.options["missed_capture"] == "reject":
        return reject("capture-duty", "B5", t("A capture is compulsory: {captures}.",
                                              captures=capture_list(state, player)))
    return Verdict.ok(Text.raw(""))


def _judge_penalty(state: BumerangState, action: Penalty) -> Verdict:
    if state.claim is None:
        return reject("no-claim", "B7", t("There is no missed capture to claim now."))
    if action.player == state.claim.offender:
        return reject("claim-own", "B7", t("{name} cannot claim their own missed capture.",
                                           name=state.names[action.player]))
    if action.player not in moves.claimers(state):
        return reject("claim-out", "B11", t("A player who has left the game cannot claim a fine."))
    return Verdict.ok(Text.raw(""))


def _judge_chain(state: BumerangState, action: Action) -> Verdict:
    stone = state.chain_stone
    assert stone is not None
    field = state.where[stone]
    if isinstance(action, Stop):
        if state.step is Step.ARRIVAL:
            return reject("arrival", "B4", t("The stone just put on {field} captures at once. {legal}",
                                             field=field, legal=instead(state)))
        if state.options["chain_capture"] == "must":
            return reject("chain-must", "B6", t("Further captures are compulsory (chain_capture = must). {legal}",
                                                legal=instead(state)))
        return Verdict.ok(Text.raw(""))
    if isinstance(action, Capture) and action.stone == stone:
        return _judge_capture(state, action)
    if state.step is Step.ARRIVAL:
        return reject("arrival", "B4", t("The stone just put on {field} captures at once. {legal}",
                                         field=field, legal=instead(state)))
    return reject("chain-same-stone", "B6", t("Only the stone that just captured, on {field}, may capture again. "
                                              "{legal}",
                                              field=field, legal=instead(state)))


def _field_known(state: BumerangState, field: object, rule: str) -> Verdict | None:
    if not isinstance(field, str) or field not in state.topology.neighbours:
        return reject("unknown-field", rule, t("{field} is not a field of this board. {legal}",
                                               field=str(field), legal=instead(state)))
    return None


def _free_field(state: BumerangState, field: object, rule: str) -> Verdict | None:
    """Why a stone cannot be put on ``field`` (placed, B1, or freed, B9), or ``None``."""
    if (bad := _field_known(state, field, rule)) is not None:
        return bad
    if field in state.at:
        return reject("occupied", rule, t("{field} is occupied: a stone is put on a free field, such as {free}.",
                                          field=field, free=field_list(moves.free_fields(state), 6)))
    return None


def _own_stone(state: BumerangState, player: int, stone: object, rule: str) -> Verdict | None:
    if not isinstance(stone, str) or stone_owner(stone) != player or stone not in state.where:
        return reject("not-your-stone", rule, t("{stone} is not one of {name}'s stones on the board. {legal}",
                                                stone=str(stone), name=state.names[player], legal=instead(state)))
    return None


def _judge_place(state: BumerangState, action: Place) -> Verdict | None:
    if not state.supply[action.player]:
        return reject("no-supply", "B1", t("{name} has no stone left in supply. {legal}",
                                           name=state.names[action.player], legal=instead(state)))
    return _free_field(state, action.field, "B1")


def _judge_move(state: BumerangState, action: Move) -> Verdict | None:
    if (bad := _own_stone(state, action.player, action.stone, "B2")) is not None:
        return bad
    if (bad := _field_known(state, action.to, "B2")) is not None:
        return bad
    start = state.where[action.stone]
    targets = moves.steps_of(state, action.stone)
    reachable = (t("The stone on {start} can move to {targets}.", start=start, targets=field_list(targets))
                 if targets else t("The stone on {start} has no free neighbour.", start=start))
    if not state.topology.adjacent(start, action.to):
        return reject("not-adjacent", "B2", t("{start} and {end} are not joined by a line: a stone moves one line, "
                                              "without jumping. {targets}",
                                              start=start, end=action.to, targets=reachable))
    if action.to in state.at:
        return reject("target-occupied", "B2", t("{end} is occupied: a stone moves only to a free field. {targets}",
                                                 end=action.to, targets=reachable))
    return None


def _judge_free(state: BumerangState, action: Free) -> Verdict | None:
    if (bad := prisoner_problem(state, action.player, action.stone, action.holder)) is not None:
        return bad
    return _free_field(state, action.field, "B9")


def prisoner_problem(state: BumerangState, player: int, stone: object, holder: object) -> Verdict | None:
    """Why ``player`` cannot free ``stone`` from ``holder`` now (B9), or ``None``."""
    if not state.in_extra:
        return reject("free-not-extra", "B9", t("A prisoner is freed only in an extra turn earned with a trio. {legal}",
                                                legal=instead(state)))
    held = state.prisoners[holder] if isinstance(holder, int) and 0 <= holder < state.players else []
    if stone_owner(str(stone)) != player or stone not in held:
        return reject("free-not-held", "B9", t("That stone is not one of {name}'s stones held prisoner by that "
                                               "player. {legal}",
                                               name=state.names[player], legal=instead(state)))
    return None


def _judge_capture(state: BumerangState, action: Capture) -> Verdict:
    if (bad := _own_stone(state, action.player, action.stone, "B4")) is not None:
        return bad
    if (bad := _field_known(state, action.to, "B4")) is not None:
        return bad
    start = state.where[action.stone]
    victim = state.at.get(action.to)
    if not state.topology.adjacent(start, action.to):
        return reject("not-adjacent", "B4", t("{start} and {end} are not joined by a line: a stone captures its "
                                              "neighbour only. {legal}",
                                              start=start, end=action.to, legal=instead(state)))
    if victim is None:
        return reject("capture-empty", "B4", t("{end} is empty: there is nothing to capture there. {legal}",
                                               end=action.to, legal=instead(state)))
    if stone_owner(victim) == action.player:
        return reject("capture-own", "B4", t("{end} holds your own stone: only foreign stones are captured. {legal}",
                                             end=action.to, legal=instead(state)))
    if not state.topology.can_capture(start, action.to):
        return reject("capture-arrow", "B4", t("The arrow on the line {start}–{end} does not point to {end}: no "
                                               "capture that way. {legal}",
                                               start=start, end=action.to, legal=instead(state)))
    return Verdict.ok(Text.raw(""))
