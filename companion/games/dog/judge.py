"""Judging DOG's card plays: the legal plays of a card as actions, and the rejection
naming the rule that forbids a proposed one, with what would be legal instead."""

from __future__ import annotations

from companion.game import Verdict
from companion.games.dog.actions import Play
from companion.games.dog.cards import JOKER_FACES, deck_faces, face_of
from companion.games.dog.moves import Block, Board, Move, face_moves
from companion.games.dog.pieces import field_id, field_label, parse_field, parse_pawn, pawn_id, pawn_name
from companion.games.dog.state import HOUSE, PAWNS, DogState
from companion.games.dog.texts import N_, card_name, section, t
from companion.i18n import Text

PAIR = "{a}, {b}"  # a list's separator: punctuation only, not translated


def copy_sources(state: DogState) -> tuple[str, ...]:
    """The faces a copy card may stand for now (D11, option ``copy_source``)."""
    if state.rules.copy_source == "previous":
        return tuple(state.played_round[-1:])
    return tuple(dict.fromkeys(state.played_round))


def uses(state: DogState, face: str) -> tuple[str, ...]:
    """The faces a card of ``face`` can be played as ("" for the card itself)."""
    if face == "copy":
        return copy_sources(state)
    if face == "joker":
        return JOKER_FACES
    return ("",)


def to_action(state: DogState, player: int, card: str, use: str, move: Move) -> Play:
    """The action that plays ``move`` with ``card`` (as ``use``)."""
    origin = origin_of(state, move)
    if move.face == "7" and not state.rules.royal:
        parts = tuple(f"{pawn_id(state, p)}@{field_id(state, p, end)}" for p, _, end in move.steps)
        return Play(player, card, use=use, parts=parts, origin=origin)
    pawn, _, end = move.steps[0]
    if move.face == "swap":
        other = move.steps[1][0]
        return Play(player, card, pawn_id(state, pawn), field_id(state, other, state.pos[other]), use,
                    pawn_id(state, other), origin=origin)
    return Play(player, card, pawn_id(state, pawn), field_id(state, pawn, end), use, jump=move.jump is not None,
                origin=origin)


def origin_of(state: DogState, move: Move) -> tuple[str, ...]:
    """The fields the pawns of ``move`` leave, in the order of its steps."""
    return tuple(field_id(state, p, start) for p, start, _ in move.steps)


def card_plays(state: DogState, player: int, card: str, board: Board | None = None) -> dict[Play, Move]:
    """Every legal play of ``card`` by ``player`` now, as actions with their moves."""
    face = face_of(card)
    if face is None:
        return {}
    board = board or Board(state)
    out: dict[Play, Move] = {}
    for use in uses(state, face):
        for move in face_moves(board, player, use or face):
            out.setdefault(to_action(state, player, card, use, move), move)
    return out


def join(texts: list[Text], last: str = "") -> Text:
    """``texts`` as a list: "a, b, c", or with ``last`` ("or", "then") before the last."""
    out = texts[0]
    for n, text in enumerate(texts[1:], start=2):
        if n == len(texts) and last == "or":
            out = t("{a} or {b}", a=out, b=text)
        elif last == "then":
            out = t("{a}, then {b}", a=out, b=text)
        else:
            out = Text(PAIR, {"a": out, "b": text}, domain="")
    return out


def describe_move(state: DogState, move: Move) -> Text:
    """"the red king to field 28", "the red king and the blue fool swap places"."""
    if move.face == "swap":
        return t("the {a} and the {b} swap places", a=pawn_name(state, move.steps[0][0]),
                 b=pawn_name(state, move.steps[1][0]))
    parts = [t("the {pawn} to {field}", pawn=pawn_name(state, p),
               field=field_label(state, move.jump if move.jump is not None and p == move.pawn else end))
             for p, _, end in move.steps]
    return join(parts, "then")


def instead(state: DogState, card: str, plays: dict[Play, Move]) -> Text:
    """What the card could do instead (at most four moves), or that it cannot move."""
    if not plays:
        return t("The {card} cannot move any pawn you play with; if no card can, fold.",
                 card=card_name(face_of(card) or ""))
    moves = list({text.render("en"): text for text in (describe_move(state, m) for m in plays.values())}.values())
    more = len(moves) - 4
    text = join(moves[:4], "" if more > 0 else "or")
    if more > 0:
        text = t("{moves} and {n} more", moves=text, n=more)
    return t("The {card} can move {moves}.", card=card_name(face_of(card) or ""), moves=text)


BLOCK_MESSAGES = {
    "protected-pass": N_("The {pawn} cannot pass the {other}: it is protected on its own start field."),
    "protected-hit": N_("The {other} is protected on its own start field and cannot be hit."),
    "protected-swap": N_("The {other} is protected on its own start field and cannot be swapped."),
    "rank-pass": N_("The {pawn} may not overtake the higher-ranking {other}."),
    "king-hit": N_("Only a king can hit the {other}."),
    "king-value": N_("The {pawn} moves only with values 1 to 7."),
    "goal-too-far": N_("The {pawn} cannot reach a free goal field exactly; no steps may be dropped."),
    "goal-jump": N_("The {pawn} may not jump over a pawn in the goal."),
    "goal-forced": N_("The {pawn} can enter the goal and must (goal entry forced)."),
    "goal-not-crossed": N_("The {pawn} enters the goal only by crossing its start field; from the start field it "
                           "must go round (or back with a 4) first."),
    "back-in-goal": N_("A pawn in the goal never moves backwards."),
    "magnet-off-track": N_("The magnet moves only a pawn on the track."),
    "magnet-adjacent": N_("The {pawn} already stands directly behind the next pawn."),
    "magnet-alone": N_("No other pawn is on the track for the magnet."),
    "swap-off-track": N_("Only pawns on the track can be swapped, not the {other}."),
    "swap-pair": N_("A swap exchanges one pawn you play with and one foreign pawn."),
    "in-house": N_("The {pawn} is in the house: only a 13 or a 1/11 brings it out."),
    "not-own-pawn": N_("The {pawn} is not a pawn you play with."),
    "help-partner": N_("All your pawns are home: you now move your partner's pawns, not the {pawn}."),
    "no-destination": N_("The {card} cannot take the {pawn} to {field}."),
}


def reject_play(state: DogState, action: Play, plays: dict[Play, Move]) -> Verdict:
    """Why ``action`` (not among ``plays``, the card's legal plays) is illegal."""
    face = face_of(action.card) or ""
    player = action.player
    owner = state.controlled(player)
    alternatives = instead(state, action.card, plays)
    names = [action.pawn, action.other] + [p.split("@")[0] for p in action.parts]
    pawns = [parse_pawn(state, n) for n in names if n]
    if any(p is None for p in pawns) or not pawns:
        return _reject(state, "unknown-pawn", "D1", t("Name a pawn of this game: {pawn!r} is none.",
                                                        pawn=action.pawn or action.other), alternatives)
    pawn = pawns[0]
    assert pawn is not None
    mine = pawn // PAWNS == owner
    params = {"pawn": pawn_name(state, pawn), "card": card_name(face)}
    effective = action.use or face
    if effective == "swap":
        other = parse_pawn(state, action.other) if action.other else None
        if other is None or (other // PAWNS == owner) == mine:
            return _reject(state, "swap-pair", "D13", t(BLOCK_MESSAGES["swap-pair"]), alternatives)
        if not mine:
            pawn, other = other, pawn
        why: list[Block] = []
        face_moves(Board(state), player, "swap", why)
        for block in why:
            if block.pawn in (pawn, other):
                return _block(state, block, params, alternatives)
        return _reject(state, "no-destination", "D13", t(BLOCK_MESSAGES["swap-pair"]), alternatives)
    if not mine:
        if state.partner[player] is not None and (owner != player or pawn // PAWNS == state.partner[player]):
            code = "help-partner" if owner != player else "not-own-pawn"
            return _reject(state, code, "D16", t(BLOCK_MESSAGES[code], **params), alternatives)
        return _reject(state, "not-own-pawn", "D8", t(BLOCK_MESSAGES["not-own-pawn"], **params), alternatives)
    target = parse_field(state, pawn, action.to) if action.to else None
    why = []
    face_moves(Board(state), player, effective, why, only=pawn)
    where = state.pos[pawn]
    for block in why:
        if target is not None and block.dest == target:
            return _block(state, block, params, alternatives)
    if target is not None and target <= -2 and where >= 0 and effective != "4":
        for block in why:
            if block.rule in ("D14", "D6", "R3", "R6") and block.dest in (None, target):
                return _block(state, block, params, alternatives)
        if where == state.start_field(owner):
            return _reject(state, "goal-not-crossed", "D14", t(BLOCK_MESSAGES["goal-not-crossed"], **params),
                           alternatives)
    for block in why:
        if block.dest is None or target is None:
            return _block(state, block, params, alternatives)
    field = field_label(state, target) if target is not None else Text.raw(action.to or "?")
    rule = "D7" if where == HOUSE else "D14" if target is not None and target <= -2 else "D4"
    return _reject(state, "no-destination", rule, t(BLOCK_MESSAGES["no-destination"], field=field, **params),
                   alternatives)


def _block(state: DogState, block: Block, params: dict[str, Text], alternatives: Text) -> Verdict:
    other = pawn_name(state, block.by) if block.by >= 0 else Text.raw("")
    if block.code.startswith("protected") or block.code.startswith("swap-off"):
        other = pawn_name(state, block.pawn if block.by < 0 else block.by)
    message = t(BLOCK_MESSAGES[block.code], **{**params, "pawn": pawn_name(state, block.pawn), "other": other})
    return _reject(state, block.code, block.rule, message, alternatives)


def _reject(state: DogState, code: str, rule: str, message: Text, alternatives: Text) -> Verdict:
    return Verdict.reject(code, section(rule), t("{problem} {instead}", problem=message, instead=alternatives))


def card_problem(state: DogState, player: int, card: str, use: str) -> Verdict | None:
    """Why ``card`` cannot be played by ``player`` at all now (unknown, not in this
    game's deck, not in the hand, a copy without a card to copy), or ``None``."""
    face = face_of(card)
    if face is None:
        return Verdict.reject("unknown-card", section("D1"),
                              t("{card!r} is not a DOG card; lay one of this game's cards.", card=card))
    if face not in deck_faces(state.rules.deck, state.rules.new_cards):
        return Verdict.reject("not-in-deck", section("D1"),
                              t("The {card} is not in this game's deck.", card=card_name(face)))
    hand = state.hands[player]
    if not hand:
        return Verdict.reject("no-cards", section("D1"), t("You have no cards left in this round."))
    if state.setup.simulated_hands and card not in hand:
        return Verdict.reject("not-in-hand", section("D1"), t("You hold no {card}.", card=card_name(face)))
    if face == "copy":
        sources = copy_sources(state)
        if not sources:
            return Verdict.reject("copy-first", section("D11"),
                                  t("The copy card cannot be the first card played in a round."))
        if use not in sources:
            return Verdict.reject("copy-source", section("D11"), t("The copy stands for {cards}, not {use!r}.",
                                  cards=join([card_name(s) for s in sources], "or"), use=use))
    elif face == "joker":
        if use not in JOKER_FACES:
            return Verdict.reject("joker-use", section("D1"), t("Say which card the joker stands for."))
    elif use:
        return Verdict.reject("use", section("D1"), t("Only a copy or a joker stands for another card."))
    return None
