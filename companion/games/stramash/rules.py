"""Stramash's rules engine (rulings ``shared/rulings/stramash.md``, rules S1–S14).

A turn: the player draws (the engine draws for them at the start of the turn and tells
the table), then lays one card and moves (:class:`ComeOut`, :class:`Move`,
:class:`Split`, :class:`Fechter`) or, when no card can move, discards (S11). There are
no chance nodes: with simulated hands the seeded deck supplies the draws, at a real table
only hand sizes are tracked and the card laid comes from the camera.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from companion.boards import Board
from companion.errors import GameError
from companion.game import (Action, BGStats, Change, Decision, Deck, Game, Over, Pending, PlayerScore, Proposal,
                            ScoreLine, ScoreSheet, Seat, Sensed, Setup, Showcase, Verdict)
from companion.games.stramash import bot, screen, script, touch
from companion.games.stramash.actions import ACTION_TYPES, PLAYS, ComeOut, Discard, Fechter, FirstPlayer, Move, Split
from companion.games.stramash.board import stramash_board
from companion.games.stramash.cards import is_card, rank_of, standard_deck, steps_of
from companion.games.stramash.judge import refuse_discard, refuse_play
from companion.games.stramash.moves import hand_plays, steps
from companion.games.stramash.options import BOARD_PARAMETERS, OPTIONS
from companion.games.stramash.phrases import action_text, listed, place, step_text, steps_text
from companion.games.stramash.state import StramashState, Step
from companion.games.stramash.table import (begin_turn, card_ids, copies, first_player, lay, opening, random_seat,
                                            table_geometry)
from companion.games.stramash.texts import TITLE, card_name, rule, t
from companion.i18n import Text
from companion.view import View


class Stramash(Game[StramashState]):
    name = "stramash"
    title = TITLE
    min_players = 2
    max_players = 6
    options = OPTIONS
    board_parameters = BOARD_PARAMETERS
    action_types = ACTION_TYPES
    bgstats = BGStats(None)

    # --- material ----------------------------------------------------------------------
    def showcases(self, seats: Sequence[Seat]) -> tuple[Showcase, ...]:
        from companion.games.stramash.showcase import showcases   # pictures only: not loaded with the rules

        return showcases(self, seats)

    def decks(self) -> tuple[Deck, ...]:
        return (standard_deck(),)

    def board(self, setup: Setup, options: Mapping[str, Any]) -> Board:
        return stramash_board(table_geometry(setup, {o.name: o.default for o in OPTIONS} | dict(options)))

    def check_setup(self, setup: Setup, options: Mapping[str, Any]) -> Setup:
        """The start and castle-entry holes must lie on the mashie and differ."""
        holes = setup.board["holes_per_mashie"]
        for name in ("start_hole", "castle_entry_hole"):
            if setup.board[name] >= holes:
                raise GameError(t("Board parameter {name} is hole {value}, but a mashie of {holes} holes numbers "
                                  "them 0 to {last}.", name=name, value=setup.board[name], holes=holes,
                                  last=holes - 1))
        if setup.board["castle_entry_hole"] == setup.board["start_hole"]:
            raise GameError(t("Board parameter castle_entry_hole cannot be the start hole ({value}): the castle "
                              "entry must be another hole.", value=setup.board["start_hole"]))
        return setup

    # --- the flow ------------------------------------------------------------------------
    def new_state(self, setup: Setup, options: Mapping[str, Any], *, seed: int = 0) -> StramashState:
        state = opening(setup, options, seed)
        first = first_player(state)
        if first is not None:
            begin_turn(state, first)
        return state

    def pending(self, state: StramashState) -> Pending:
        if state.winner is not None:
            return Over(t("{name} is the Muckle Stoater!", name=state.setup.seats[state.winner].name))
        if state.turn is None:
            dealer = state.setup.dealer
            return Decision(dealer, "first-player", t("Who plays first? Tap a player or the random button."),
                            also=tuple(s for s in range(state.players) if s != dealer))
        return Decision(state.turn, "turn", t("{name}: lay a card and move, or discard if no card can move.",
                                              name=state.setup.seats[state.turn].name))

    def check(self, state: StramashState, action: Action) -> Verdict:
        if state.winner is not None:
            return Verdict.reject("game-over", rule("S14"), t("The game is over."))
        if isinstance(action, FirstPlayer):
            if state.turn is not None:
                return Verdict.reject("not-now", rule("S1"), t("The first player is already known."))
            if (isinstance(action.seat, bool) or not isinstance(action.seat, int)
                    or not 0 <= action.seat < state.players):
                return Verdict.reject("no-seat", rule("S1"), t("Seat {seat} is not at this table.", seat=action.seat))
            return Verdict.ok(t("{name} plays first.", name=state.setup.seats[action.seat].name))
        if state.turn is None:
            return Verdict.reject("not-now", rule("S1"), t("First choose who plays first."))
        if not isinstance(action, (ComeOut, Move, Split, Fechter, Discard)):
            return Verdict.reject("unknown-action", rule("S14"), t("That is not a Stramash play."))
        refused = self.refuse_card(state, action.card)
        if refused is None:
            seat = state.turn
            if isinstance(action, Discard):
                refused = refuse_discard(state, seat, action,
                                         [c for c in state.hands[seat] if c is not None] if state.simulated else None)
            else:
                refused = refuse_play(state, seat, action)
        if refused is not None:
            return refused
        return Verdict.ok(action_text(action))

    def refuse_card(self, state: StramashState, card: Any) -> Verdict | None:
        if not is_card(card) or copies(state, card) == 0:
            return Verdict.reject("unknown-card", rule("S14"),
                                  t("{card!r} is not a card of this game's packs.", card=card))
        if state.simulated and state.turn is not None:
            if card not in state.hands[state.turn]:
                return Verdict.reject("not-in-hand", rule("S14"),
                                      t("The {card} is not in {name}'s hand.", card=card_name(card),
                                        name=state.setup.seats[state.turn].name))
        elif state.discard.count(card) >= copies(state, card):
            return Verdict.reject("no-copy-left", rule("S14"),
                                  t("Every {card} of the packs is already on the discard pile.", card=card_name(card)))
        return None

    def _apply(self, state: StramashState, action: Action) -> Verdict:
        if isinstance(action, FirstPlayer):
            begin_turn(state, action.seat)
            return Verdict.ok(t("{name} plays first.", name=state.setup.seats[action.seat].name))
        seat = state.turn
        # check() passed: a play or a discard, on someone's turn
        assert seat is not None and isinstance(action, (ComeOut, Move, Split, Fechter, Discard)), action
        moved = () if isinstance(action, Discard) else steps(state, seat, action)
        self._travel(state, seat, action, moved)
        for step in moved:
            state.laddies[step.seat][step.laddie - 1] = step.end
        lay(state, seat, action.card)
        state.last, state.last_player, state.last_card = moved, seat, action.card
        name = state.setup.seats[seat].name
        changes = [Change(step_text(state, s), {"kind": "bump" if s.bumped else "move", "seat": s.seat,
                                                "laddie": s.laddie,
                                                "from": screen.field_of(state, s.seat, s.laddie, s.start),
                                                "to": screen.field_of(state, s.seat, s.laddie, s.end)})
                   for s in moved]
        if moved:
            message = t("{name} plays the {card}: {moves}.", name=name, card=card_name(action.card),
                        moves=steps_text(state, moved))
        else:
            message = t("{name} discards the {card}.", name=name, card=card_name(action.card))
        if state.home(seat) == len(state.laddies[seat]):
            state.winner = seat
            changes.append(Change(t("{name} is the Muckle Stoater!", name=name), {"kind": "win", "seat": seat}))
        else:
            state.turns += 1
            begin_turn(state, (seat + 1) % state.players)
        return Verdict.ok(message, changes)

    @staticmethod
    def _travel(state: StramashState, seat: int, action: Action, moved: Sequence[Step]) -> None:
        """Net steps since coming out, per laddie (the option lap_required)."""
        travelled = state.travelled[seat]
        start = state.geo.start(seat)
        if isinstance(action, Move):
            rank = rank_of(action.card)
            travelled[action.laddie - 1] += -8 if rank == "8" else steps_of(rank)
        elif isinstance(action, Split):
            travelled[action.first - 1] += action.steps
            travelled[action.second - 1] += 7 - action.steps
        else:   # coming out, or the Bonnie Fechter: as if come round from the start position
            for step in moved:
                if step.seat == seat:
                    travelled[step.laddie - 1] = (step.end - start) % state.geo.length
        for step in moved:
            if step.bumped:
                state.travelled[step.seat][step.laddie - 1] = 0

    def bench_positions(self, n: int) -> list[StramashState]:
        """6-player positions where the player to move holds a 7."""
        from companion.games.stramash.bench import bench_positions

        return bench_positions(n)

    def highlights(self, state: StramashState, sensed: Sensed) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
        """The laddies that can use the card in the play zone, and where they would go."""
        return screen.highlights(state, sensed.cards)

    def legal_actions(self, state: StramashState) -> list[Action]:
        if state.winner is not None:
            return []
        if state.turn is None:
            return [FirstPlayer(s) for s in range(state.players)]
        seat = state.turn
        if state.simulated:
            cards = [c for c in state.hands[seat] if c is not None]
        else:
            cards = [c for c in card_ids(state) if state.discard.count(c) < copies(state, c)]
        found: list[Action] = list(hand_plays(state, seat, cards))
        optional = state.options["joker_optional"]
        if state.simulated:
            forcing = [a for a in found if not (optional and isinstance(a, Fechter))]
            if not forcing:
                found.extend(Discard(c) for c in dict.fromkeys(cards))
        else:
            playable = {a.card for a in found if isinstance(a, PLAYS) and not (optional and isinstance(a, Fechter))}
            found.extend(Discard(c) for c in cards if c not in playable)
        return found

    def sample_chance(self, state: StramashState, rng: random.Random) -> Action:
        raise GameError(t("Stramash has no chance events: the draws are dealt from the seeded deck."))

    def choose(self, state: StramashState, rng: random.Random) -> Action:
        return bot.choose(self, state, rng)

    # --- table inputs --------------------------------------------------------------------
    def propose(self, state: StramashState, sensed: Sensed) -> Proposal | Verdict | None:
        return touch.propose(self, state, sensed)

    def table_inputs(self, state: StramashState, actions: Sequence[Action]) -> list[dict[str, Any]]:
        """The card seen, the taps on the board and the confirm or choice of each play,
        hands unseen (:mod:`~companion.games.stramash.script`)."""
        return script.table_inputs(self, state, actions)

    def touch_actions(self, state: StramashState) -> list[Action]:
        """While the first player is not known: one button per player."""
        return [FirstPlayer(s) for s in range(state.players)] if state.turn is None and state.winner is None else []

    def intent(self, state: StramashState, name: str, args: Mapping[str, Any]) -> Action | Verdict | None:
        """``first-player`` (``seat``), ``random-first`` and ``discard`` (``card``)."""
        if name == "first-player":
            return FirstPlayer(args.get("seat"))  # type: ignore[arg-type]  # as given: check() refuses a non-seat
        if name == "random-first":
            return FirstPlayer(random_seat(state))
        if name == "discard":
            return Discard(args.get("card"))  # type: ignore[arg-type]  # as given: check() refuses a non-card
        return None

    # --- views ---------------------------------------------------------------------------
    def view(self, state: StramashState, player: int | None = None) -> View:
        return screen.view(self, state, player)

    def observation(self, state: StramashState, player: int | None = None) -> dict[str, Any]:
        return screen.observation(state, player)

    def scores(self, state: StramashState) -> ScoreSheet:
        """Laddies home (the score), then steps still to go (information only)."""
        players = []
        for seat, s in enumerate(state.setup.seats):
            home = state.home(seat)
            to_go = screen.steps_to_go(state, seat)
            players.append(PlayerScore(seat, s.name, home, (
                ScoreLine("home", t("Laddies in the castle"), home, home),
                ScoreLine("to-go", t("Steps still to go"), 0, to_go))))
        winners = (state.winner,) if state.winner is not None else ()
        return ScoreSheet(tuple(players), winners)

    def describe(self, action: Action) -> Text:
        return action_text(action)

    def describe_state(self, state: StramashState) -> list[Text]:
        return [t("{name}: {home} home, laddies at {places}", name=s.name, home=state.home(seat),
                  places=listed([place(state, p) for p in state.laddies[seat]]))
                for seat, s in enumerate(state.setup.seats)]


GAME = Stramash()
