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
from typing import Callable

from companion.game import Change
from companion.games.mustang.horses import HORSES
from companion.games.mustang.state import Deal, MustangState
from companion.games.mustang.texts import EVENT_EFFECTS, EVENT_NAMES, PLACE_NAMES, horse_name, t, tn
from companion.i18n import Text

Place = tuple[str, "int | None"]
"""Where a horse is: (``stack``, ``prairie``, ``corral``, ``stable`` or ``out``; the seat)."""


def places(state: MustangState) -> dict[str, Place]:
    """Every horse's place."""
    where: dict[str, Place] = {h: ("stack", None) for tokens in state.stacks.values() for h in tokens}
    where.update((h, ("prairie", None)) for h in state.prairie)
    where.update((h, ("out", None)) for h in state.out_of_game)
    for seat, p in enumerate(state.players):
        where.update((h, ("corral", seat)) for h in p.corral)
        where.update((h, ("stable", seat)) for h in p.stable)
    return where


@dataclass(frozen=True)
class Snapshot:
    """What :func:`changes` compares: taken by :func:`snapshot` before an action."""

    places: dict[str, Place]
    turn: int
    events: int
    event_deck: int


def snapshot(state: MustangState) -> Snapshot:
    return Snapshot(places(state), state.turn, len(state.events_revealed), len(state.event_deck))


def changes(before: Snapshot, state: MustangState, end_text: Callable[[MustangState], Text]) -> list[Change]:
    """The visible consequences of the action that led from ``before`` to ``state``;
    ``end_text`` says why the game ended."""
    def name(seat: int) -> str:
        return state.seats[seat].name

    out: list[Change] = []
    after = places(state)
    for token in HORSES:
        if after[token] != before.places[token]:
            source, target = before.places[token], after[token]
            out.append(Change(t("{horse}: {source} → {target}", horse=horse_name(token), source=_place(state, source),
                                target=_place(state, target)),
                              {"kind": "horse", "horse": token, "from": _place_json(source),
                               "to": _place_json(target)}))
    for i in state.dealer_instructions:
        if i.kind is Deal.GIVE:
            if i.returned:
                out.append(Change(tn("{name} gives {n} card face down to the bottom of the supply.",
                                     "{name} gives {n} cards face down to the bottom of the supply.",
                                     i.returned, name=name(i.player)),
                                  {"kind": "returned", "player": i.player, "cards": i.returned}))
            if i.cards:
                out.append(Change(tn("Dealer: give {n} card to {name}.", "Dealer: give {n} cards to {name}.",
                                     i.cards, name=name(i.player)),
                                  {"kind": "deal", "player": i.player, "cards": i.cards}))
        elif i.kind is Deal.RESHUFFLE:
            out.append(Change(tn(
                "The supply is empty: the dealer shuffles the discard pile ({n} card) into a new supply.",
                "The supply is empty: the dealer shuffles the discard pile ({n} cards) into a new supply.",
                i.cards), {"kind": "reshuffle", "cards": i.cards}))
        else:
            out.append(Change(tn("{name} is owed {n} card: the supply and the discard pile are empty.",
                                 "{name} is owed {n} cards: the supply and the discard pile are empty.",
                                 i.cards, name=name(i.player)), {"kind": "owed", "player": i.player, "cards": i.cards}))
    for event in state.events_revealed[before.events:]:
        out.append(Change(t("{event}: {effect}", event=t(EVENT_NAMES[event]), effect=t(EVENT_EFFECTS[event])),
                          {"kind": "event", "event": event}))
    if len(state.event_deck) > before.event_deck:
        out.append(Change(t("Every event card has been revealed: they are shuffled into a new event deck."),
                          {"kind": "event-deck", "cards": len(state.event_deck)}))
    if state.turn != before.turn and state.end is None:
        out.append(Change(t("{name}'s turn.", name=name(state.current)),
                          {"kind": "turn", "player": state.current, "turn": state.turn}))
    if state.end is not None:
        out.append(Change(end_text(state), {"kind": "end", "reason": state.end.reason, "player": state.end.player,
                                            "bonus": state.end.bonus}))
    return out


def _place(state: MustangState, place: Place) -> Text:
    zone, seat = place
    return t(PLACE_NAMES[zone], name=state.seats[seat].name if seat is not None else "")


def _place_json(place: Place) -> dict:
    zone, seat = place
    return {"place": zone, "player": seat} if seat is not None else {"place": zone}
