"""Why a play is refused: each rejection names its rule (S2–S11), the rulebook section,
what is wrong and what the card could do instead.

:func:`refuse_play` judges a play of the current player against the board (the card
itself was checked by the rules: in the hand, or a copy not yet discarded);
:func:`refuse_discard` judges a discard (S11).
"""

from __future__ import annotations

from typing import Sequence

from companion.game import Action, Verdict
from companion.games.stramash.actions import ComeOut, Discard, Fechter, Move, Play, Split
from companion.games.stramash.cards import JOKER, Use, comes_out, rank_of, steps_of, use_of
from companion.games.stramash.moves import Refusal, Seat, forward, plays
from companion.games.stramash.phrases import legal_instead, place
from companion.games.stramash.state import DOCK, StramashState
from companion.games.stramash.texts import N_, card_name, rule, t
from companion.i18n import Text

# The rule each refusal of a single move breaks, and what it says.
REFUSALS: dict[str, tuple[str, str]] = {
    "in-dock": ("S3", N_("Laddie {n} is in the dock: it comes out only with an Ace, a picture card or the Bonnie "
                         "Fechter.")),
    "overshoot": ("S9", N_("Laddie {n} cannot end exactly on a castle hole with {steps}.")),
    "no-castle-moves": ("S10", N_("Laddie {n} is in the castle, and this table plays without moves inside the "
                                  "castle.")),
    "castle-only": ("S10", N_("Laddie {n} is in the castle: it moves only inside the castle.")),
    "castle-back": ("S7", N_("The 8 never moves a laddie into or inside a castle (laddie {n}).")),
    "lap": ("S9", N_("Laddie {n} has not gone round the ring yet, and this table requires a full lap.")),
    "castle-forced": ("S9", N_("Laddie {n} can go into its castle with {steps}, and this table makes that entry "
                               "compulsory.")),
    "own-landing": ("S4", N_("Laddie {n} would land on its own laddie on {place}.")),
    "own-passed": ("S4", N_("Laddie {n} would pass its own laddie on {place}.")),
}


def _reject(state: StramashState, seat: int, card: str, code: str, rules: Sequence[str], problem: Text,
            legal: Sequence[Action] | None = None) -> Verdict:
    legal = plays(state, seat, card) if legal is None else legal
    return Verdict.reject(code, rule(*rules), t("{problem} {instead}", problem=problem,
                                                instead=legal_instead(state, seat, card, legal)))


def _refusal(state: StramashState, seat: int, card: str, refusal: Refusal, laddie: int, steps: int,
             split: bool) -> Verdict:
    number, message = REFUSALS[refusal.code]
    if refusal.code == "overshoot" and state.laddies[seat][laddie - 1] >= state.geo.length:
        number = "S10"
    problem = t(message, n=laddie, steps=steps, place=place(state, refusal.blocker if refusal.blocker is not None
                                                                  else DOCK))
    if split:
        problem = t("The split 7 is refused as a whole: {problem}", problem=problem)
    return _reject(state, seat, card, refusal.code, ("S6", number) if split else (number,), problem)


def _laddie_ok(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 5


def refuse_play(state: StramashState, seat: int, action: Play) -> Verdict | None:
    """A rejection of ``action`` (a play by ``seat``), or ``None`` when it is legal."""
    card = action.card
    rank = rank_of(card)
    use = use_of(rank)
    own = state.laddies[seat]
    ctx = Seat.of(state, seat)
    travelled = state.travelled[seat]
    name = card_name(card)
    if isinstance(action, ComeOut):
        if not comes_out(rank):
            return _reject(state, seat, card, "wrong-card", ("S2",),
                           t("Only an Ace or a picture card brings a laddie out, not the {card}.", card=name))
        if DOCK not in own:
            return _reject(state, seat, card, "dock-empty", ("S2",), t("No laddie is left in the dock."))
        if ctx.start in own:
            return _reject(state, seat, card, "own-on-start", ("S4", "S2"),
                           t("Your own laddie stands on your start position ({place}).", place=place(state, ctx.start)))
        return None
    if isinstance(action, Move):
        if use is Use.FECHTER:
            return _reject(state, seat, card, "wrong-card", ("S8",),
                           t("The Bonnie Fechter has no number: it only replaces an opponent's laddie."))
        if not _laddie_ok(action.laddie):
            return _reject(state, seat, card, "no-laddie", ("S3",), t("There is no laddie {n}.", n=action.laddie))
        back = use is Use.BACK
        if back and action.castle:
            return _reject(state, seat, card, "castle-back", ("S7",), t("The 8 never moves a laddie into a castle."))
        steps = -8 if back else steps_of(rank)
        found = forward(ctx, own, travelled, action.laddie - 1, steps, action.castle)
        if isinstance(found, Refusal):
            return _refusal(state, seat, card, found, action.laddie, abs(steps), False)
        return None
    if isinstance(action, Split):
        return _refuse_split(state, seat, action)
    if isinstance(action, Fechter):
        return _refuse_fechter(state, seat, action)
    raise TypeError(action)


def _refuse_split(state: StramashState, seat: int, action: Split) -> Verdict | None:
    card = action.card
    own = state.laddies[seat]
    if use_of(rank_of(card)) is not Use.SEVEN:
        return _reject(state, seat, card, "wrong-card", ("S6",),
                       t("Only a 7 can be split, not the {card}.", card=card_name(card)))
    if not (_laddie_ok(action.first) and _laddie_ok(action.second)):
        return _reject(state, seat, card, "no-laddie", ("S6",), t("A split names two laddies from 1 to 5."))
    if action.first == action.second:
        return _reject(state, seat, card, "split-same", ("S6",),
                       t("A split 7 moves two different laddies, not laddie {n} twice.", n=action.first))
    if not (isinstance(action.steps, int) and 1 <= action.steps <= 6):
        return _reject(state, seat, card, "split-steps", ("S6",),
                       t("A split 7 gives each laddie 1 to 6 steps, not {steps}.", steps=action.steps))
    for n in (action.first, action.second):
        if own[n - 1] == DOCK:
            return _reject(state, seat, card, "split-dock", ("S6",),
                           t("Laddie {n} is in the dock: a split 7 moves only active laddies.", n=n))
    ctx = Seat.of(state, seat)
    travelled = state.travelled[seat]
    first = forward(ctx, own, travelled, action.first - 1, action.steps, action.first_castle)
    if isinstance(first, Refusal):
        return _refusal(state, seat, card, first, action.first, action.steps, True)
    after = list(own)
    after[action.first - 1] = first
    second = forward(ctx, after, travelled, action.second - 1, 7 - action.steps, action.second_castle)
    if isinstance(second, Refusal):
        return _refusal(state, seat, card, second, action.second, 7 - action.steps, True)
    return None


def _refuse_fechter(state: StramashState, seat: int, action: Fechter) -> Verdict | None:
    card = action.card
    own = state.laddies[seat]
    length = state.geo.length
    if card != JOKER:
        return _reject(state, seat, card, "wrong-card", ("S8",),
                       t("Only the Bonnie Fechter replaces a laddie, not the {card}.", card=card_name(card)))
    if action.laddie is None:
        if DOCK not in own:
            return _reject(state, seat, card, "dock-empty", ("S8",), t("No laddie is left in the dock."))
    elif not _laddie_ok(action.laddie):
        return _reject(state, seat, card, "no-laddie", ("S8",), t("There is no laddie {n}.", n=action.laddie))
    elif own[action.laddie - 1] >= length:
        return _reject(state, seat, card, "fechter-castle", ("S8",),
                       t("Laddie {n} is in the castle: the Bonnie Fechter moves a laddie from the track or the dock.",
                         n=action.laddie))
    if not (isinstance(action.seat, int) and 0 <= action.seat < state.players) or not _laddie_ok(action.victim):
        return _reject(state, seat, card, "no-laddie", ("S8",), t("There is no such laddie to replace."))
    if action.seat == seat:
        return _reject(state, seat, card, "own-target", ("S8",),
                       t("The Bonnie Fechter replaces an opponent's laddie, not your own."))
    target = state.laddies[action.seat][action.victim - 1]
    if not 0 <= target < length:
        where = t("in the dock") if target == DOCK else t("safe in its castle")
        return _reject(state, seat, card, "target-safe", ("S8", "S13"),
                       t("{name}'s laddie {n} is {where}: only laddies on the track can be replaced.",
                         name=state.setup.seats[action.seat].name, n=action.victim, where=where))
    return None


def refuse_discard(state: StramashState, seat: int, action: Discard, hand: Sequence[str] | None) -> Verdict | None:
    """S11: a discard is refused when the card shown could move (the joker only without
    joker_optional) or, with a known ``hand``, when another card could."""
    optional = state.options["joker_optional"]
    cards = [action.card] if hand is None else list(dict.fromkeys(hand))
    for card in cards:
        if card == JOKER and optional:
            continue
        legal = plays(state, seat, card)
        if legal:
            problem = (t("The {card} can move, so it must be played.", card=card_name(card)) if card == action.card
                       else t("The {card} in your hand can move: a card that can move must be played.",
                              card=card_name(card)))
            return Verdict.reject("must-play", rule("S11"), t("{problem} {instead}", problem=problem,
                                                              instead=legal_instead(state, seat, card, legal)))
    return None
