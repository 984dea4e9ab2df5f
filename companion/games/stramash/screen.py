"""What the screens show of a Stramash game: the typed :class:`View` and the game's own
JSON observation.

The board drawing shows every laddie (piece ids ``laddie-<seat>-<n>``) on its hole, the
last play's movements (a bumped laddie going home is marked ``hit``) and, for a card
known to the referee, the laddies that can use it and the holes they would reach
(:func:`highlights`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from companion.game import Over
from companion.games.stramash.board import castle_id, dock_id, stramash_board, track_id
from companion.games.stramash.moves import Seat, hand_plays, steps
from companion.games.stramash.phrases import steps_text
from companion.games.stramash.state import DOCK, StramashState
from companion.games.stramash.texts import card_name, t, tn
from companion.i18n import Text
from companion.view import BoardView, Move as Movement, Need, NeedKind, PieceView, PlayerView, View

if TYPE_CHECKING:
    from companion.games.stramash.rules import Stramash


def piece_id(seat: int, laddie: int) -> str:
    return f"laddie-{seat}-{laddie}"


def field_of(state: StramashState, seat: int, laddie: int, pos: int) -> str:
    """The board field of laddie ``laddie`` (1 … 5) of ``seat`` standing at ``pos``."""
    if pos == DOCK:
        return dock_id(seat, laddie)
    if pos < state.geo.length:
        return track_id(pos)
    return castle_id(seat, pos - state.geo.length + 1)


def steps_to_go(state: StramashState, seat: int) -> int:
    """Steps the seat's laddies still need to reach C1 (a dock laddie counts from its
    start position; laddies in the castle count 0). Information for the result sheet."""
    ctx = Seat.of(state, seat)
    total = 0
    for pos in state.laddies[seat]:
        if pos == DOCK:
            total += ctx.to_entry + 1
        elif pos < ctx.length:
            total += (ctx.entry - pos) % ctx.length + 1
    return total


def highlights(state: StramashState, cards: Iterable[str]) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The current player's laddies that can use one of ``cards`` and, for each, the
    fields its plays would reach (for :class:`BoardView`)."""
    if state.turn is None or state.winner is not None:
        return (), {}
    seat = state.turn
    targets: dict[str, list[str]] = {}
    for action in hand_plays(state, seat, [c for c in cards if c is not None]):
        for step in steps(state, seat, action):
            if step.seat == seat:
                ends = targets.setdefault(piece_id(seat, step.laddie), [])
                end = field_of(state, seat, step.laddie, step.end)
                if end not in ends:
                    ends.append(end)
    return tuple(targets), {k: tuple(v) for k, v in targets.items()}


def board_view(state: StramashState, cards: Iterable[str] = ()) -> BoardView:
    """The board with every laddie; movable laddies and targets for ``cards``."""
    pieces = tuple(PieceView(piece_id(seat, n), seat, field_of(state, seat, n, pos), str(n),
                             t("{name}'s laddie {n}", name=state.setup.seats[seat].name, n=n))
                   for seat, positions in enumerate(state.laddies) for n, pos in enumerate(positions, start=1))
    movable, targets = highlights(state, cards)
    last = tuple(Movement(piece_id(s.seat, s.laddie), field_of(state, s.seat, s.laddie, s.start),
                          field_of(state, s.seat, s.laddie, s.end), s.bumped) for s in state.last)
    return BoardView(stramash_board(state.geo), pieces, movable, targets, last)


def instructions(state: StramashState) -> tuple[Text, ...]:
    out: list[Text] = []
    if state.last_player is not None:
        name = state.setup.seats[state.last_player].name
        if state.last:
            out.append(t("{name}: move the laddies as shown: {moves}.", name=name, moves=steps_text(state, state.last)))
    if state.turn is not None and state.winner is None:
        name = state.setup.seats[state.turn].name
        if state.reshuffled:
            out.append(t("The draw pile is empty: shuffle the discard pile except its top card into a new draw pile."))
        out.append(t("{name}: draw the top card of the draw pile, then lay one card in the play zone.", name=name))
    return tuple(out)


def view(game: "Stramash", state: StramashState, player: int | None) -> View:
    pending = game.pending(state)
    over = isinstance(pending, Over)
    players = tuple(PlayerView(seat, s.name, s.colour, None,
                               t("{cards} cards · {home} of 5 home", cards=len(state.hands[seat]),
                                 home=state.home(seat)), state.home(seat))
                    for seat, s in enumerate(state.setup.seats))
    waiting: tuple[Need, ...] = ()
    if state.turn is not None and not over:
        waiting = (Need(t("The card laid in the play zone"), NeedKind.CARDS),
                   Need(t("The laddie tapped, when the card leaves a choice"), NeedKind.TOKEN))
    progress = [tn("{n} card in the draw pile", "{n} cards in the draw pile", len(state.draw)),
                tn("{n} card on the discard pile", "{n} cards on the discard pile", len(state.discard))]
    if state.discard:
        progress.append(t("Top of the discard pile: {card}", card=card_name(state.discard[-1])))
    # a seat's own hand is known only with simulated hands, and only to that seat
    cards = [c for c in state.hands[player] if c is not None] \
        if state.simulated and player is not None and player == state.turn else []
    return View(players, None if over else state.turn, pending.prompt, waiting, instructions(state),
                tuple(progress), board_view(state, cards), over=over)


def observation(state: StramashState, player: int | None) -> dict[str, Any]:
    """The game as JSON: laddies by field, hand sizes (the viewer's own cards with
    simulated hands), piles, whose turn, the last play and the winner; ``players`` names
    each seat with its laddies home and hand size, and the viewer's own ``cards`` (as
    the simulator panel shows the hand of whoever must act)."""
    own = list(state.hands[player]) if player is not None and state.simulated else None
    return {
        "players": [{"seat": seat, "name": s.name, "home": state.home(seat), "hand_size": len(state.hands[seat]),
                     **({"cards": own} if seat == player and own is not None else {})}
                    for seat, s in enumerate(state.setup.seats)],
        "turn": state.turn,
        "turns": state.turns,
        "winner": state.winner,
        "laddies": [[field_of(state, seat, n, pos) for n, pos in enumerate(positions, start=1)]
                    for seat, positions in enumerate(state.laddies)],
        "home": [state.home(seat) for seat in range(state.players)],
        "hand_sizes": [len(h) for h in state.hands],
        "hand": own,
        "draw_pile": len(state.draw),
        "discard_pile": len(state.discard),
        "discard_top": state.discard[-1] if state.discard else None,
        "last": [{"seat": s.seat, "laddie": s.laddie, "from": field_of(state, s.seat, s.laddie, s.start),
                  "to": field_of(state, s.seat, s.laddie, s.end), "bumped": s.bumped} for s in state.last],
        "last_card": state.last_card,
        "board": {"holes_per_mashie": state.geo.holes_per_mashie, "start_hole": state.geo.start_hole,
                  "castle_entry_hole": state.geo.castle_entry_hole, "mashies": state.geo.mashies},
    }

