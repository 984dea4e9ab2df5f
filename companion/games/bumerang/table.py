"""Bumerang at the table: taps on the board drawing become actions (:func:`propose`),
the game's buttons (:func:`intent`: Stop, Pass, Penalty?), and what the screens show
(:func:`view`, :func:`observation`, :func:`describe`).

Taps (``Sensed.touched``, oldest first; only the last two count):

* a free field: place a stone there;
* one's own stone (or its field), then a free neighbour: move;
* one's own stone, then an enemy stone: capture; an enemy stone alone: capture with the
  only stone that can (several: one button each); during a chain the victim alone;
* a prisoner badge (``prisoner-<holder>-<stone>``), then a free field: free it (extra turn).
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.game import Action, Alternative, Proposal, Sensed, Verdict
from companion.games.bumerang import moves
from companion.games.bumerang.actions import Capture, Free, Move, Pass, Penalty, Place, Stop
from companion.games.bumerang.judge import instead, judge, prisoner_problem, reject
from companion.games.bumerang.state import BumerangState, Step, parse_badge, prisoner_badge, stone_owner
from companion.games.bumerang.texts import field_list, t, tn
from companion.i18n import PlayerRef, Text
from companion.view import BoardView, Need, PieceView, PlayerView, View

INTENT_LABELS = {"stop": t("Stop"), "pass": t("Pass"), "penalty": t("Penalty?")}
"""The game's own buttons: end a chain, pass when nothing is possible, claim a fine."""


# --- taps --------------------------------------------------------------------------------

def _tap(state: BumerangState, tap: str) -> tuple[str, Any] | None:
    """What a tap is: ``("free", field)``, ``("stone", stone)``, ``("badge", (holder,
    stone))``, or ``None`` for an id this game does not know."""
    if tap in state.where:
        return "stone", tap
    if tap in state.topology.neighbours:
        stone = state.at.get(tap)
        return ("stone", stone) if stone is not None else ("free", tap)
    badge = parse_badge(tap)
    if badge is not None and 0 <= badge[0] < state.players and badge[1] in state.prisoners[badge[0]]:
        return "badge", badge
    return None


def propose(state: BumerangState, sensed: Sensed) -> Proposal | Verdict | None:
    """The action the last taps describe (see the module), judged; ``None`` while a
    second tap is needed."""
    if state.winners is not None or not sensed.touched:
        return None
    p = state.current
    taps = [_tap(state, tap) for tap in sensed.touched[-2:]]
    last = taps[-1]
    if last is None:
        return reject("unknown-tap", "B1", t("{tap} is neither a field nor a stone of this board. {legal}",
                                             tap=sensed.touched[-1], legal=instead(state)))
    prev = taps[0] if len(taps) == 2 else None
    kind, what = last
    action: Action
    if kind == "badge":
        holder, stone = what
        return prisoner_problem(state, p, stone, holder)
    if kind == "stone" and stone_owner(what) == p:
        return None
    if kind == "free":
        if prev is not None and prev[0] == "stone" and stone_owner(prev[1]) == p:
            action = Move(p, prev[1], what)
        elif prev is not None and prev[0] == "badge":
            action = Free(p, prev[1][1], prev[1][0], what)
        else:
            action = Place(p, what)
        return _judged(state, action)
    victim_field = state.where[what]
    if state.step is not Step.TURN and state.chain_stone is not None:
        return _judged(state, Capture(p, state.chain_stone, victim_field))
    if prev is not None and prev[0] == "stone" and stone_owner(prev[1]) == p:
        return _judged(state, Capture(p, prev[1], victim_field))
    able = [s for s, fields in moves.capturers(state, p).items() if victim_field in fields]
    if not able:
        return reject("capture-none", "B4", t("No stone of yours can capture the stone on {field}: the arrow must "
                                              "point from your stone to it. {legal}",
                                              field=victim_field, legal=instead(state)))
    if len(able) == 1:
        return _judged(state, Capture(p, able[0], victim_field))
    return Proposal(alternatives=tuple(
        Alternative(t("Capture {start} × {end}", start=state.where[s], end=victim_field),
                    (Capture(p, s, victim_field),))
        for s in able))


def _judged(state: BumerangState, action: Action) -> Proposal | Verdict:
    verdict = judge(state, action)
    return Proposal((action,)) if verdict.accepted else verdict


def intent(state: BumerangState, name: str, args: Mapping[str, Any]) -> Action | Verdict | None:
    """``stop`` ends a chain, ``pass`` passes, ``penalty`` (``args["player"]``: the
    claiming seat) claims a missed capture."""
    if name == "stop":
        return Stop(state.current)
    if name == "pass":
        return Pass(state.current)
    if name == "penalty":
        seat = args.get("player")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            return reject("claim-who", "B7", t("Say which player claims the fine."))
        return Penalty(seat)
    return None


# --- screens -----------------------------------------------------------------------------

def over_text(state: BumerangState) -> Text:
    winners = state.winners or ()
    names = ", ".join(state.names[s] for s in winners)
    if len(winners) == 1:
        return t("Game over: {name} wins.", name=names)
    return t("Game over: {names} share the win.", names=names)


def prompt(state: BumerangState) -> Text:
    """What the current player must do, in a sentence."""
    name = state.names[state.current]
    if state.winners is not None:
        return over_text(state)
    if state.step is Step.ARRIVAL:
        return t("{name}: the stone on {field} captures at once.", name=name,
                 field=state.where[state.chain_stone or ""])
    if state.step is Step.CHAIN:
        field = state.where[state.chain_stone or ""]
        if state.options["chain_capture"] == "must":
            return t("{name}: capture again with the stone on {field}.", name=name, field=field)
        return t("{name}: capture again with the stone on {field}, or stop.", name=name, field=field)
    if state.duty:
        fields = field_list([state.where[s] for s in state.duty if s in state.where])
        return t("{name}: capture is compulsory (stones on {fields}).", name=name, fields=fields)
    if state.in_extra:
        return t("{name}: extra turn. Place, move, capture or free a prisoner.", name=name)
    return t("{name}: place, move or capture.", name=name)


def _summary(state: BumerangState, seat: int) -> Text:
    if state.out[seat]:
        return t("out of the game · {prisoners} prisoners", prisoners=len(state.prisoners[seat]))
    return t("{supply} in supply · {board} on the board · {prisoners} prisoners",
             supply=len(state.supply[seat]), board=len(state.on_board(seat)), prisoners=len(state.prisoners[seat]))


def _targets(state: BumerangState) -> dict[str, tuple[str, ...]]:
    """The current player's stones (and prisoner badges) that can act, with where to."""
    if state.winners is not None:
        return {}
    p = state.current
    if state.step is not Step.TURN:
        stone = state.chain_stone or ""
        return {stone: tuple(moves.victims(state, stone))}
    capturing = {s: tuple(v) for s, v in moves.capturers(state, p).items()}
    if state.duty and capturing:
        return capturing
    out = {s: tuple(moves.steps_of(state, s)) + capturing.get(s, ()) for s in state.on_board(p)}
    if state.in_extra:
        free = tuple(moves.free_fields(state))
        out.update({prisoner_badge(h, s): free for h, s in state.held_from(p)})
    return {s: fields for s, fields in out.items() if fields}


def _instructions(state: BumerangState) -> tuple[Text, ...]:
    """What the players must do with the physical stones after the last action."""
    out: list[Text] = []
    for move in state.last:
        if move.start is None and move.end is not None:
            out.append(t("Put a stone of {name} on {field}.", name=state.names[stone_owner(move.piece) or 0],
                         field=move.end))
        elif move.end is None and move.piece in state.removed:
            out.append(t("Take the stone on {field} out of the game (fine).", field=move.start))
        elif move.end is None:
            holder = next(h for h, held in enumerate(state.prisoners) if move.piece in held)
            out.append(t("Take the stone on {field} off the board: it is a prisoner of {name}.", field=move.start,
                         name=state.names[holder]))
        else:
            out.append(t("Move the stone on {start} to {end}.", start=move.start, end=move.end))
    if state.claim is not None:
        out.append(t("{name} did not capture: another player may press Penalty? before the next action.",
                     name=state.names[state.claim.offender]))
    return tuple(out)


def view(state: BumerangState, player: int | None = None) -> View:
    over = state.winners is not None
    players = tuple(PlayerView(seat, name, state.colours[seat], summary=_summary(state, seat),
                               score=len(state.prisoners[seat])) for seat, name in enumerate(state.names))
    pieces = [PieceView(stone, stone_owner(stone), field, symbol=stone.rsplit("-", 1)[1])
              for field, stone in sorted(state.at.items())]
    pieces += [PieceView(prisoner_badge(h, s), stone_owner(s), None, label=t("prisoner of {name}", name=state.names[h]))
               for h, held in enumerate(state.prisoners) for s in held]
    targets = _targets(state)
    progress: list[Text] = []
    if state.target is not None:
        progress.append(t("The first to hold {n} prisoners wins.", n=state.target))
    else:
        progress.append(t("Two players: whoever is left with 2 stones or fewer loses."))
    if state.extra and not over:
        progress.append(tn("{name} has one more extra turn to come.", "{name} has {n} more extra turns to come.",
                           name=state.names[state.current], n=state.extra))
    if state.step is Step.CHAIN and not over:
        progress.append(t("Captures this turn: {n} of at most 3.", n=state.chain_count))
    waiting: tuple[Need, ...] = ()
    if not over:
        if state.step is Step.CHAIN and state.options["chain_capture"] == "may":
            label = t("Tap the next victim, or press Stop")
        elif state.step is not Step.TURN:
            label = t("Tap the next victim")
        elif state.duty:
            label = t("Tap the capturing stone, then its victim")
        else:
            label = t("Tap a free field to place, or your stone and then a highlighted field")
        waiting = (Need(label),)
    panels: dict[str, Any] = {
        "must_capture": [] if over else [s for s in state.duty if s in state.where],
        "prisoners": [{"badge": prisoner_badge(h, s), "holder": h, "stone": s, "owner": stone_owner(s)}
                      for h, held in enumerate(state.prisoners) for s in held],
        "supply": [len(s) for s in state.supply],
        "removed": list(state.removed),
        "extra_turns": 0 if over else state.extra,
        "intents": _intents(state),
        "intent_labels": {name: INTENT_LABELS[name].all_languages() for name in _intents(state)},
        "claimers": list(moves.claimers(state)),
        "warning": _warning(state),
    }
    return View(players, None if over else state.current, over_text(state) if over else prompt(state),
                waiting=waiting, instructions=_instructions(state), progress=tuple(progress),
                board=BoardView(state.topology.board, tuple(pieces), tuple(targets), targets, state.last),
                panels=panels, over=over)


def _intents(state: BumerangState) -> list[str]:
    if state.winners is not None:
        return []
    found = []
    if state.step is Step.CHAIN and state.options["chain_capture"] == "may":
        found.append("stop")
    if state.step is Step.TURN and moves.turn_actions(state) == [Pass(state.current)]:
        found.append("pass")
    if state.claim is not None:
        found.append("penalty")
    return found


def _warning(state: BumerangState) -> dict[str, str] | None:
    """Under ``missed_capture = auto`` or ``claim``: other actions stay possible, with a warning."""
    if state.winners is not None or not state.duty or state.step is not Step.TURN:
        return None
    if state.options["missed_capture"] == "reject":
        return None
    return t("Capture is compulsory: any other action costs the stones that could have captured (B7).").all_languages()


def observation(state: BumerangState) -> dict[str, Any]:
    """The whole position, JSON-ready (Bumerang has no hidden information, B14)."""
    return {
        "board": state.topology.board.name, "players": list(state.names), "target": state.target,
        "stones_each": state.stones_each, "options": dict(state.options), **state.snapshot(),
        "claimers": list(moves.claimers(state)),
    }


def announce(state: BumerangState, action: Action) -> Text:
    """What an action judged legal will do, in the players' words, for the confirm
    screen; an action that a fine will follow (B7) says so and names the stones."""
    name = state.names[getattr(action, "player")]  # noqa: B009  (every Bumerang action has one; Action does not)
    if isinstance(action, Place):
        text = t("{name}: place a stone on {field}", name=name, field=action.field)
    elif isinstance(action, Move):
        text = t("{name}: move {start} → {end}", name=name, start=state.where[action.stone], end=action.to)
    elif isinstance(action, Capture):
        return t("{name}: capture {start} × {end}", name=name, start=state.where[action.stone], end=action.to)
    elif isinstance(action, Free):
        text = t("{name}: free a stone held by {holder} onto {field}", name=name, holder=state.names[action.holder],
                 field=action.field)
    elif isinstance(action, Stop):
        return t("{name}: stop capturing", name=name)
    elif isinstance(action, Pass):
        return t("{name}: pass", name=name)
    else:
        assert isinstance(action, Penalty) and state.claim is not None
        return t("{name}: claim the missed capture of {offender}", name=name,
                 offender=state.names[state.claim.offender])
    if state.duty and state.step is Step.TURN and state.options["missed_capture"] == "auto":
        fields = field_list([state.where[s] for s in state.duty])
        return t("{action} — capture was compulsory: the stones on {fields} will be removed (B7)", action=text,
                 fields=fields)
    return text


def describe(action: Action) -> Text:
    """``action`` in a few words, for its button and the log: "Calamity: stop capturing"
    (players by :class:`~companion.i18n.PlayerRef`, named by the session)."""
    player = PlayerRef(getattr(action, "player"))  # noqa: B009  (every Bumerang action has one; Action does not)
    if isinstance(action, Place):
        return t("{player}: place on {field}", player=player, field=action.field)
    if isinstance(action, Move):
        return t("{player}: {stone} → {field}", player=player, stone=action.stone, field=action.to)
    if isinstance(action, Capture):
        return t("{player}: {stone} × {field}", player=player, stone=action.stone, field=action.to)
    if isinstance(action, Free):
        return t("{player}: free {stone} from {holder} onto {field}", player=player, stone=action.stone,
                 holder=PlayerRef(action.holder), field=action.field)
    if isinstance(action, Stop):
        return t("{player}: stop capturing", player=player)
    if isinstance(action, Pass):
        return t("{player}: pass", player=player)
    assert isinstance(action, Penalty)
    return t("{player}: Penalty?", player=player)


def describe_state(state: BumerangState) -> list[Text]:
    lines = [t("{name}: {summary}", name=name, summary=_summary(state, seat)) for seat, name in enumerate(state.names)]
    lines.append(t("Stones removed by fines: {n}", n=len(state.removed)))
    return lines
