"""Moves as players say them ("13: blue king out onto its start field", "5: red fool
23 → 28"), from the action alone: the card, the pawns' figures and colours, and the
fields they leave and reach."""

from __future__ import annotations

from typing import Callable

from companion.game import Action
from companion.games.dog.actions import Draw, Exchange, Fold, Place, Play
from companion.games.dog.cards import face_of
from companion.games.dog.state import FIGURES
from companion.games.dog.texts import CARD_NAMES, PAWN_NAMES, card_name, t
from companion.i18n import PieceRef, PlayerRef, Text

PAIR = "{a}, {b}"  # a list's separator: punctuation only, not translated
Namer = Callable[[str], Text | PieceRef]
"""Names a pawn by its token id."""


def pawn_said(token: str) -> Text:
    """"red fool" for ``pawn-red-fool`` (also ``pawn-red-4``); the id itself otherwise."""
    parts = token.split("-")
    if len(parts) == 3 and parts[2] in ("1", "2", "3", "4"):
        parts[2] = FIGURES[int(parts[2]) - 1]
    key = (parts[1], parts[2]) if len(parts) == 3 else None
    return t(PAWN_NAMES[key]) if key in PAWN_NAMES else Text.raw(token)


def pawn_ref(token: str) -> PieceRef:
    """The pawn ``token`` as the board names it ("red pawn 4" in the basic game) once the
    referee session names it, said from its figure until then."""
    return PieceRef(token, pawn_said(token))


def field_said(field: str) -> Text:
    """"23" for track field ``t23``, "G2" for a goal field, "the house" for a house field."""
    if field.startswith("t") and field[1:].isdigit():
        return Text.raw(field[1:])
    if field.startswith("g") and "." in field:
        return t("G{n}", n=field.rsplit(".", 1)[1])
    if field.startswith("h"):
        return t("the house")
    return Text.raw(field)


def card_said(play: Play) -> Text:
    face = face_of(play.card)
    card = card_name(face) if face in CARD_NAMES else Text.raw(play.card)
    if play.use in CARD_NAMES:
        if face == "copy":
            return t("copy of the {use}", use=card_name(play.use))
        return t("{card} as {use}", card=card, use=card_name(play.use))
    return card


def step_said(name: Text | PieceRef, start: str | None, end: str) -> Text:
    """One pawn's way: "red fool 23 → 28", "blue king out onto its start field"."""
    if start is not None and start.startswith("h"):
        return t("{pawn} out onto its start field", pawn=name)
    if start is None:
        return t("{pawn} to {end}", pawn=name, end=field_said(end))
    return t("{pawn} {start} → {end}", pawn=name, start=field_said(start), end=field_said(end))


def play_said(play: Play, name: Namer = pawn_ref, jump: str | None = None) -> Text:
    """The way of a card play without its card: "red fool 23 → 28"; ``name`` names the
    pawns (by default as the board names them, :func:`pawn_ref`), ``jump`` is the field of the citizen's jump
    when known."""
    origin: list[str | None] = list(play.origin)
    if play.other:
        return t("{pawn} ↔ {other}", pawn=name(play.pawn), other=name(play.other))
    if play.parts:
        origin += [None] * (len(play.parts) - len(origin))
        steps = []
        for part, start in zip(play.parts, origin):
            pawn, end = part.split("@", 1)
            steps.append(step_said(name(pawn), start, end))
        out = steps[0]
        for step in steps[1:]:
            out = Text(PAIR, {"a": out, "b": step}, domain="")
        return out
    text = step_said(name(play.pawn), origin[0] if origin else None, play.to)
    if play.jump and jump is not None:
        return t("{move}, then jump to {field}", move=text, field=field_said(jump))
    return t("{move}, then on to the next free special field", move=text) if play.jump else text


def said(action: Action) -> Text:
    """``action`` as players say it at the table."""
    if isinstance(action, Play):
        return t("{card}: {move}", card=card_said(action), move=play_said(action))
    if isinstance(action, Fold):
        return t("fold") if not action.cards else t("fold, showing the hand")
    if isinstance(action, Exchange):
        return t("{player} passed a card to the partner", player=PlayerRef(action.player))
    if isinstance(action, Place):
        if not action.pawn:
            return t("no pawn onto the start field")
        return t("{pawn} out onto its start field", pawn=pawn_ref(action.pawn))
    if isinstance(action, Draw):
        return t("card drawn")
    return Text.raw(action.type)
