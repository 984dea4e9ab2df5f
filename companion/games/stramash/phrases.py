"""How the referee names places, laddies and plays in its messages."""

from __future__ import annotations

from typing import Sequence

from companion.game import Action
from companion.games.stramash.actions import ComeOut, Discard, Fechter, FirstPlayer, Move, Split
from companion.games.stramash.moves import steps
from companion.games.stramash.state import DOCK, StramashState, Step
from companion.games.stramash.texts import card_name, t, tn
from companion.i18n import PlayerRef, Text

SHOWN = 6   # plays listed in a message before "and N more"


def place(state: StramashState, pos: int) -> Text:
    """A laddie position as players say it: "the dock", "hole 17", "C2"."""
    if pos == DOCK:
        return t("the dock")
    if pos < state.geo.length:
        return t("hole {n}", n=pos)
    return Text.raw(f"C{pos - state.geo.length + 1}")


def joined(texts: Sequence[Text]) -> Text:
    """Several texts in a row, separated by semicolons."""
    out = texts[-1]
    for text in reversed(texts[:-1]):
        out = t("{first}; {rest}", first=text, rest=out)
    return out


def listed(texts: Sequence[Text]) -> Text:
    """Texts separated by commas ("hole 3, C1, the dock")."""
    return Text(", ".join(f"{{p{i}}}" for i in range(len(texts))), {f"p{i}": x for i, x in enumerate(texts)}, "")


def step_text(state: StramashState, step: Step) -> Text:
    if step.bumped:
        return t("{name}'s laddie {n} goes back to the dock", name=state.setup.seats[step.seat].name, n=step.laddie)
    return t("laddie {n} from {start} to {end}", n=step.laddie, start=place(state, step.start),
             end=place(state, step.end))


def steps_text(state: StramashState, steps: Sequence[Step]) -> Text:
    """A play's laddie movements: "laddie 2 from hole 10 to hole 17, Bea's laddie 1 goes
    back to the dock"."""
    return listed([step_text(state, s) for s in steps])


def play_text(state: StramashState, seat: int, action: Action) -> Text:
    """A legal play of ``seat`` named by what it does on the board."""
    return steps_text(state, steps(state, seat, action))


def play_label(state: StramashState, seat: int, action: Action) -> Text:
    """A legal play of ``seat`` in a few words, for its button: "laddie 2 → hole 17,
    Bea's laddie 1 → the dock"."""
    return listed([t("{player}'s laddie {n} → the dock", player=PlayerRef(s.seat), n=s.laddie) if s.bumped
                   else t("laddie {n} → {end}", n=s.laddie, end=place(state, s.end))
                   for s in steps(state, seat, action)])


def legal_instead(state: StramashState, seat: int, card: str, plays: Sequence[Action]) -> Text:
    """What ``card`` could do instead, for a rejection's message."""
    if not plays:
        return t("The {card} has no legal move now: it can only be discarded.", card=card_name(card))
    shown = [play_text(state, seat, a) for a in plays[:SHOWN]]
    if len(plays) > SHOWN:
        shown.append(tn("and {n} more play", "and {n} more plays", len(plays) - SHOWN))
    return t("Legal with the {card}: {plays}.", card=card_name(card), plays=joined(shown))


def action_text(action: Action) -> Text:
    """An action named without a board (logs, confirmations)."""
    if isinstance(action, FirstPlayer):
        return t("{player} starts", player=PlayerRef(action.seat))
    if not isinstance(action, (ComeOut, Move, Split, Fechter, Discard)):
        return Text.raw(action.type)
    card = card_name(action.card)
    if isinstance(action, Discard):
        return t("Discard the {card}", card=card)
    if isinstance(action, ComeOut):
        return t("{card}: a laddie comes out", card=card)
    if isinstance(action, Move):
        where = t(" into the castle") if action.castle else Text.raw("")
        return t("{card}: laddie {n}{where}", card=card, n=action.laddie, where=where)
    if isinstance(action, Split):
        return t("{card}: laddie {a} moves {x}, laddie {b} moves {y}", card=card, a=action.first, x=action.steps,
                 b=action.second, y=7 - action.steps)
    who = t("a dock laddie") if action.laddie is None else t("laddie {n}", n=action.laddie)
    return t("{card}: {who} takes the place of {player}'s laddie {n}", card=card, who=who,
             player=PlayerRef(action.seat), n=action.victim)

