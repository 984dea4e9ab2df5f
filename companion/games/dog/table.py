"""Reading the table: the card on the play zone (camera), the pawn scanned (RFID) or
tapped on the board drawing, fields tapped as destinations, and touch intents (fold,
exchange, skip the opening placement, card drawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from companion.game import Action, Alternative, Decision, Proposal, Sensed, Verdict
from companion.games.dog.actions import Draw, Exchange, Fold, Place, Play
from companion.games.dog.cards import face_of
from companion.games.dog.judge import card_plays, card_problem, reject_play, uses
from companion.games.dog.moves import Move
from companion.games.dog.pieces import field_id, parse_pawn, pawn_name
from companion.games.dog.spoken import card_said, pawn_said, play_said
from companion.games.dog.state import PAWNS, DogState
from companion.games.dog.texts import section, t
from companion.i18n import Text

if TYPE_CHECKING:
    from companion.games.dog.rules import Dog


def _unknown(token: str) -> Verdict:
    return Verdict.reject("unknown-token", section("D1"),
                          t("{token!r} is not a pawn of this game; scan or tap one of the pawns on the board.",
                            token=token))


def label(state: DogState, play: Play, move: Move) -> Text:
    """A button label for one way to carry out the card, as players say it and as the
    board names the pawns: "red fool 23 → 34", "joker as 8: yellow knight 28 → G4"."""

    def name(token: str) -> Text:
        pawn = parse_pawn(state, token)
        return pawn_said(token) if pawn is None else pawn_name(state, pawn)

    jump = field_id(state, move.pawn, move.jump) if move.jump is not None else None
    said = play_said(play, name, jump)
    return t("{card}: {move}", card=card_said(play), move=said) if play.use else said


def _involves(play: Play, token: str) -> bool:
    return token in (play.pawn, play.other) or any(p.split("@")[0] == token for p in play.parts)


def _reaches(play: Play, move: Move, state: DogState, field: str) -> bool:
    return field in (play.to, *(p.split("@")[1] for p in play.parts)) or (
        move.jump is not None and field == field_id(state, move.pawn, move.jump))


def propose(game: "Dog", state: DogState, sensed: Sensed) -> Proposal | Verdict | None:
    pending = game.pending(state)
    if not isinstance(pending, Decision):
        return None
    player = pending.player
    named = [x for x in ((sensed.token,) if sensed.token else ()) + tuple(sensed.touched)]
    tokens = [x for x in named if x.startswith("pawn-")]
    fields = [x for x in named if not x.startswith("pawn-")]
    for token in tokens:
        if parse_pawn(state, token) is None:
            return _unknown(token)
    if pending.kind == "draw":
        return Proposal((Draw(player),))
    if pending.kind == "opening":
        if not tokens:
            return None
        action = Place(player, tokens[-1])
        verdict = game.check(state, action)
        return Proposal((action,)) if verdict.accepted else verdict
    if pending.kind != "turn":
        return None
    pawns = [parse_pawn(state, x) for x in tokens]
    controlled = state.controlled(player)
    if not sensed.cards:
        for token, pawn in zip(tokens, pawns):
            if pawn is not None and pawn // PAWNS != controlled:
                return _out_of_turn(state, token, pawn, player)
        return None
    whole = len(sensed.cards) == len(state.hands[player]) and state.rules.fold_shows_cards and not tokens
    if whole and (len(sensed.cards) > 1 or not card_plays(state, player, sensed.cards[0])):
        # the whole hand laid face up (or a last card that moves no pawn): a fold
        fold = Fold(player, tuple(sensed.cards))
        verdict = game.check(state, fold)
        return Proposal((fold,)) if verdict.accepted else verdict
    card = sensed.cards[-1]
    face = face_of(card)
    problem = card_problem(state, player, card, (uses(state, face) or ("",))[0] if face else "")
    if problem:
        return problem
    if not tokens:
        return None
    plays = card_plays(state, player, card)
    first = tokens[0]
    if pawns[0] is not None and pawns[0] // PAWNS != controlled and face not in ("swap", "copy", "joker"):
        return _out_of_turn(state, first, pawns[0], player)
    matching = {p: m for p, m in plays.items() if all(_involves(p, x) for x in tokens)
                and all(_reaches(p, m, state, f) for f in fields)}
    if not matching:
        if pawns[0] is not None and pawns[0] // PAWNS != controlled and not any(_involves(p, first) for p in plays):
            return _out_of_turn(state, first, pawns[0], player)
        probe = Play(player, card, first, fields[-1] if fields else "", (uses(state, face or "") or ("",))[0],
                     tokens[1] if len(tokens) > 1 else "")
        return reject_play(state, probe, plays)
    if len(matching) == 1:
        return Proposal((next(iter(matching)),))
    options: dict[str, Alternative] = {}
    for play, move in matching.items():
        text = label(state, play, move)
        options.setdefault(text.render("en"), Alternative(text, (play,)))
    return Proposal(alternatives=tuple(options.values()))


def _out_of_turn(state: DogState, token: str, pawn: int, player: int) -> Verdict:
    owner = Text.raw(state.setup.seats[pawn // PAWNS].name)
    name = Text.raw(state.setup.seats[player].name)
    if state.controlled(player) != player:
        return Verdict.reject("out-of-turn", section("D16"), t(
            "The {pawn} is {owner}'s; it is {name}'s turn, who now moves {partner}'s pawns.",
            pawn=pawn_name(state, pawn), owner=owner, name=name,
            partner=Text.raw(state.setup.seats[state.controlled(player)].name)))
    return Verdict.reject("out-of-turn", section("D1"), t("The {pawn} is {owner}'s; it is {name}'s turn.",
                                                          pawn=pawn_name(state, pawn), owner=owner, name=name))


def intent(game: "Dog", state: DogState, name: str, args: Mapping[str, Any]) -> Action | Verdict | None:
    """``fold`` (args ``shown``: the cards shown to the camera), ``exchange`` (args ``player``, and
    ``card`` with simulated hands), ``skip`` (no opening placement), ``drawn``."""
    pending = game.pending(state)
    if not isinstance(pending, Decision):
        return None
    if name == "fold":
        return Fold(pending.player, tuple(str(c) for c in args.get("shown", ())))
    if name == "exchange":
        player = args.get("player", pending.player)
        if not isinstance(player, int) or player not in pending.players or pending.kind != "exchange":
            return Verdict.reject("not-now", section("S5"), t("No card exchange is pending for that player now."))
        return Exchange(player, str(args.get("card", "")))
    if name == "skip":
        return Place(pending.player)
    if name == "drawn":
        return Draw(pending.player)
    return None
