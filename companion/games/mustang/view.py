"""What every screen shows of a Mustang game (:class:`companion.view.View`): each
player's hand, corral and stable counts, the dealer's instructions after the last move
(naming players by :class:`~companion.i18n.PlayerRef`, named by the session),
the supply and decks, the event just turned over, and the robbed owner's time to defend.
The prairie and the horses themselves are drawn by Mustang's own panel from
:attr:`View.panels` (the game's observation)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.game import Chance, Decision, Over
from companion.games.mustang.state import Deal, Instruction, MustangState
from companion.games.mustang.texts import EVENT_EFFECTS, EVENT_NAMES, t, tn
from companion.i18n import PlayerRef, Text
from companion.view import Announcement, Countdown, Need, NeedKind, PlayerView, View

if TYPE_CHECKING:
    from companion.games.mustang.rules import Mustang

_NEEDS: dict[str, tuple[NeedKind, ...]] = {
    "turn": (NeedKind.CARDS, NeedKind.TOKEN, NeedKind.CONFIRM),
    "defend": (NeedKind.CARDS, NeedKind.CONFIRM),
    "penalty": (NeedKind.CARDS, NeedKind.CONFIRM),
    "release": (NeedKind.TOKEN,),
    "rain": (NeedKind.TOKEN,),
    "draw": (NeedKind.TOKEN,),
    "flip": (NeedKind.TOKEN,),
    "event": (NeedKind.CARDS,),
}
_NEED_LABELS = {
    NeedKind.CARDS: t("Cards in the play zone"),
    NeedKind.TOKEN: t("Horse scanned"),
    NeedKind.CONFIRM: t("Confirm"),
}


def instruction(state: MustangState, item: Instruction) -> Text | None:
    """One of the dealer's instructions as a sentence (``None``: nothing to do)."""
    if item.kind is Deal.RESHUFFLE:
        return tn("Shuffle the discard pile ({n} card) into a new supply.",
                  "Shuffle the discard pile ({n} cards) into a new supply.", item.cards)
    assert item.player is not None
    name = PlayerRef(item.player)
    if item.kind is Deal.OWED:
        return tn("{name} is owed {n} card: deal it as soon as there are cards.",
                  "{name} is owed {n} cards: deal them as soon as there are cards.", item.cards, name=name)
    if item.returned and item.cards:
        return tn("Put the {returned} card(s) {name} gives back under the supply, then give {n} card to {name}.",
                  "Put the {returned} card(s) {name} gives back under the supply, then give {n} cards to {name}.",
                  item.cards, returned=item.returned, name=name)
    if item.returned:
        return t("Put the {returned} card(s) {name} gives back under the supply.", returned=item.returned,
                 name=name)
    if item.cards:
        return tn("Give {n} card to {name}.", "Give {n} cards to {name}.", item.cards, name=name)
    return None


def view(game: "Mustang", state: MustangState, player: int | None) -> View:
    pending = game.pending(state)
    players = tuple(
        PlayerView(seat, s.name, s.colour, s.team,
                   t("{hand} · corral {corral} · stable {stable}",
                     hand=tn("{n} card", "{n} cards", len(p.hand)), corral=len(p.corral), stable=len(p.stable)))
        for seat, (s, p) in enumerate(zip(state.seats, state.players)))
    kind = pending.kind if isinstance(pending, (Decision, Chance)) else ""
    waiting = tuple(Need(_NEED_LABELS[need], need) for need in _NEEDS.get(kind, ()))
    dealer = PlayerRef(state.dealer)
    instructions = tuple(t("Dealer ({dealer}): {instruction}", dealer=dealer, instruction=text)
                         for text in (instruction(state, i) for i in state.dealer_instructions) if text)
    progress = (tn("Supply: {n} card", "Supply: {n} cards", len(state.supply)),
                tn("Discard pile: {n} card", "Discard pile: {n} cards", len(state.discard)),
                tn("Event deck: {n} card", "Event deck: {n} cards", len(state.event_deck)))
    announcement = None
    if state.events_revealed:
        last = state.events_revealed[-1]
        announcement = Announcement(t(EVENT_NAMES[last]), t(EVENT_EFFECTS[last]), len(state.events_revealed))
    countdown = None
    seconds = state.options.get("defence_seconds", 0)
    if kind == "defend" and seconds:
        countdown = Countdown("decline", float(seconds), t("Time to defend"))
    over = isinstance(pending, Over)
    return View(players, None if over else state.current, pending.prompt, waiting, instructions, progress,
                panels=game.observation(state, player), announcement=announcement, countdown=countdown, over=over)
