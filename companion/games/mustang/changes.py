"""What an accepted Mustang action changed, as :class:`~companion.game.Change` s.

The changes are found by comparing a :class:`Snapshot` taken before the action with the
state after it (and its automatic steps: refill, reshuffle, handover), so no effect can
be left out. In order: horses that moved (from where to where), the dealer's
instructions (cards to hand out, a reshuffle, cards owed), the event revealed, a new
event deck, the turn handed over, the end of the game. Every change has a translatable
text and JSON data with a ``kind``: ``horse``, ``returned``, ``deal``, ``reshuffle``, ``owed``,
``event``, ``event-deck``, ``turn`` or ``end``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from companion.game import Change
from companion.games.mustang.state import Deal, MustangState
from companion.games.mustang.texts import EVENT_EFFECTS, EVENT_NAMES, PLACE_NAMES, horse_name, t, tn
from companion.i18n import Text

Place = tuple[str, "int | None"]
"""Where a horse is: (``stack``, ``prairie``, ``corral``, ``stable`` or ``out``; the seat)."""

STACK: Place = ("stack", None)


def holdings(state: MustangState) -> tuple[tuple[Place, tuple[str, ...]], ...]:
    """Every place a horse can go to, with the horses there (the stacks are left out:
    no horse ever goes back into one)."""
    out: list[tuple[Place, tuple[str, ...]]] = [(("prairie", None), tuple(state.prairie)),
                                                (("out", None), tuple(state.out_of_game))]
    for seat, p in enumerate(state.players):
        out += [(("corral", seat), tuple(p.corral)), (("stable", seat), tuple(p.stable))]
    return tuple(out)


@dataclass(frozen=True)
class Snapshot:
    """What :func:`changes` compares: taken by :func:`snapshot` before an action."""

    holdings: tuple[tuple[Place, tuple[str, ...]], ...]
    turn: int
    events: int
    event_deck: int


def snapshot(state: MustangState) -> Snapshot:
    return Snapshot(holdings(state), state.turn, len(state.events_revealed), len(state.event_deck))


def _moves(before: Snapshot, state: MustangState) -> list[tuple[str, Place, Place]]:
    """(horse, from, to) for every horse that arrived somewhere, in the order of the places."""
    was = dict(before.holdings)
    moves = []
    for (place, tokens), (_, old) in zip(holdings(state), before.holdings):
        if tokens != old:
            for token in tokens:
                if token not in old:
                    source = next((p for p, held in was.items() if token in held), STACK)
                    moves.append((token, source, place))
    return moves


def changes(before: Snapshot, state: MustangState, end_text: Callable[[MustangState], Text]) -> list[Change]:
    """The visible consequences of the action that led from ``before`` to ``state``;
    ``end_text`` says why the game ended."""
    def name(seat: int | None) -> str:
        return "" if seat is None else state.seats[seat].name

    out: list[Change] = []
    for token, source, target in _moves(before, state):
        out.append(Change(t("{horse}: {source} → {target}", horse=horse_name(token), source=_place(state, source),
                            target=_place(state, target)),
                          {"kind": "horse", "horse": token, "from": _place_json(source), "to": _place_json(target)}))
    for i in state.dealer_instructions:
        if i.kind is Deal.GIVE:
            if i.returned:
                out.append(Change(tn("{name} gives {n} card face down to the bottom of the supply.",
                                     "{name} gives {n} cards face down to the bottom of the supply.",
                                     i.returned, name=name(i.player)),
                                  {"kind": "returned", "player": i.player, "cards": i.returned}, banner=False))
            if i.cards:
                out.append(Change(tn("Dealer: give {n} card to {name}.", "Dealer: give {n} cards to {name}.",
                                     i.cards, name=name(i.player)),
                                  {"kind": "deal", "player": i.player, "cards": i.cards}, banner=False))
        elif i.kind is Deal.RESHUFFLE:
            out.append(Change(tn(
                "The supply is empty: the dealer shuffles the discard pile ({n} card) into a new supply.",
                "The supply is empty: the dealer shuffles the discard pile ({n} cards) into a new supply.",
                i.cards), {"kind": "reshuffle", "cards": i.cards}, banner=False))
        else:
            out.append(Change(tn("{name} is owed {n} card: the supply and the discard pile are empty.",
                                 "{name} is owed {n} cards: the supply and the discard pile are empty.",
                                 i.cards, name=name(i.player)), {"kind": "owed", "player": i.player, "cards": i.cards},
                              banner=False))
    for event in state.events_revealed[before.events:]:
        out.append(Change(t("{event}: {effect}", event=t(EVENT_NAMES[event]), effect=t(EVENT_EFFECTS[event])),
                          {"kind": "event", "event": event}))
    if len(state.event_deck) > before.event_deck:
        out.append(Change(t("Every event card has been revealed: they are shuffled into a new event deck."),
                          {"kind": "event-deck", "cards": len(state.event_deck)}))
    if state.turn != before.turn and state.end is None:
        out.append(Change(t("{name}'s turn.", name=name(state.current)),
                          {"kind": "turn", "player": state.current, "turn": state.turn}, banner=False))
    if state.end is not None:
        out.append(Change(end_text(state), {"kind": "end", "reason": state.end.reason, "player": state.end.player,
                                            "bonus": state.end.bonus}))
    return out


def _place(state: MustangState, place: Place) -> Text:
    zone, seat = place
    return t(PLACE_NAMES[zone], name=state.seats[seat].name if seat is not None else "")


def _place_json(place: Place) -> dict[str, Any]:
    zone, seat = place
    return {"place": zone, "player": seat} if seat is not None else {"place": zone}
