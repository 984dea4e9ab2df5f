"""DOG's rules engine (the DOG Royal box: basic and royal; classic DOG), following
``shared/rulings/dog.md`` (rules D1–D17, R1–R9).

The flow of a round: deal, the partner exchange (a decision of every team player at
once), in the first royal round the opening placement, then turns clockwise from the
start player until every hand is empty; a move ending on a special field (royal) makes
the player draw a card first. Table inputs are read in :mod:`.table`, screens made in
:mod:`.views`.
"""

from __future__ import annotations

import random
from functools import cache
from dataclasses import replace
from typing import Any, Mapping, Sequence

from companion.boards import Board as BoardData
from companion.errors import GameError
from companion.game import (Action, BGStats, Decision, Deck, Game, Over, Pending, PlayerScore, Proposal, ScoreLine,
                            ScoreSheet, Seat, Sensed, Setup, Showcase, TokenSpec, Verdict)
from companion.games.dog import bot, rounds, script, spoken, table, views
from companion.games.dog.actions import ACTION_TYPES, Draw, Exchange, Fold, Place, Play
from companion.games.dog.board import dog_board
from companion.games.dog.cards import canonical_id, deck_faces, decks, face_of, game_deck
from companion.games.dog.judge import card_plays, card_problem, describe_move, origin_of, reject_play, uses
from companion.games.dog.moves import Board, come_out
from companion.games.dog.options import BOARD_PARAMETERS, OPTIONS, SIDE_COLOURS, board_seats
from companion.games.dog.pieces import all_tokens, field_id, parse_pawn, pawn_id, pawn_name, token_name
from companion.games.dog.state import COLOURS, HOUSE, PAWNS, DogState, LastMove, Phase, Rules
from companion.games.dog.texts import TITLE, card_name, section, t
from companion.i18n import Text
from companion.view import View


@cache
def _board(side: int, segment_fields: int, special: int) -> BoardData:
    return dog_board(side, segment_fields, (special,))


class Dog(Game[DogState]):
    name = "dog"
    title = TITLE
    min_players = 2
    max_players = 6
    token_words = {"enter": t("Enter a pawn by hand"), "scanned": t("Which pawn was scanned?")}
    options = OPTIONS
    board_parameters = BOARD_PARAMETERS
    action_types = ACTION_TYPES
    bgstats = BGStats(None)
    teams_allowed = True

    # --- material ------------------------------------------------------------------------
    def showcases(self, seats: Sequence[Seat]) -> tuple[Showcase, ...]:
        from companion.games.dog.showcase import showcases   # pictures only: not loaded with the rules

        return showcases(self, seats)

    def decks(self) -> tuple[Deck, ...]:
        return decks()

    def tokens(self) -> tuple[TokenSpec, ...]:
        return tuple(TokenSpec(token, "pawn", colour, token_name(colour, figure))
                     for token, colour, figure in all_tokens())

    def board(self, setup: Setup, options: Mapping[str, Any]) -> BoardData:
        side, _ = board_seats(len(setup.seats), options.get("small_game_seats", "spread"))
        return _board(side, setup.board["segment_fields"], setup.board["special_fields"])

    # --- setup ---------------------------------------------------------------------------
    def check_setup(self, setup: Setup, options: Mapping[str, Any]) -> Setup:
        if options["deck"] != "royal" and options["mode"] == "royal":
            raise GameError(t("Rule option deck={deck} is played only with mode=basic.", deck=options["deck"]))
        if setup.board["special_fields"] >= setup.board["segment_fields"]:
            raise GameError(t("Board parameter special_fields ({special}) must be smaller than segment_fields "
                              "({segment}).", special=setup.board["special_fields"],
                              segment=setup.board["segment_fields"]))
        n = len(setup.seats)
        side, segs = board_seats(n, options["small_game_seats"])
        teamed = options["teams"] == "auto" and n in (4, 6)
        seats = []
        used: set[str] = set()
        for i, seat in enumerate(setup.seats):
            colour = seat.colour or SIDE_COLOURS[side][segs[i]]
            if colour not in COLOURS:
                raise GameError(t("{name}: the pawn colour must be one of {colours}, not {colour!r}.",
                                  name=seat.name, colours=", ".join(COLOURS), colour=colour))
            if colour in used:
                raise GameError(t("{name}: the colour {colour} is taken.", name=seat.name, colour=colour))
            used.add(colour)
            team = i % (n // 2) if teamed else None
            mates = {j for j, other in enumerate(setup.seats) if seat.team is not None and other.team == seat.team}
            if team is not None and seat.team is not None and mates != {i, (i + n // 2) % n}:
                raise GameError(t("{name}: partners sit opposite each other in DOG.", name=seat.name))
            if seat.team is not None and team is None:
                raise GameError(t("{name}: with {players} players or teams=off, everyone plays alone.",
                                  name=seat.name, players=n))
            seats.append(replace(seat, colour=colour, team=team))
        return replace(setup, seats=tuple(seats))

    def new_state(self, setup: Setup, options: Mapping[str, Any], *, seed: int = 0) -> DogState:
        n = len(setup.seats)
        side, segs = board_seats(n, options["small_game_seats"])
        segment = setup.board["segment_fields"]
        rules = Rules(royal=options["mode"] == "royal", deck=options["deck"],
                      new_cards=options["basic_uses_new_cards"] or options["mode"] == "royal",
                      start_block=options["start_block"], copy_source=options["copy_source"],
                      goal_entry_forced=options["goal_entry_forced"], fold_shows_cards=options["fold_shows_cards"],
                      length=side * segment, segment=segment,
                      specials=frozenset(s * segment + setup.board["special_fields"] for s in range(side)))
        teamed = any(seat.team is not None for seat in setup.seats)
        state = DogState(setup=setup, options=dict(options), rules=rules, seed=seed, seg=segs,
                         colours=tuple(seat.colour or "" for seat in setup.seats),
                         partner=tuple((p + n // 2) % n if teamed else None for p in range(n)),
                         pos=[HOUSE] * (n * PAWNS), fresh=[False] * (n * PAWNS), hands=[[] for _ in range(n)],
                         cards_played=[0] * n, starter=(setup.dealer + 1) % n)
        state.deck = rounds.shuffled(state, game_deck(rules.deck, rules.new_cards))
        rounds.begin_round(state)
        return state

    # --- the flow ------------------------------------------------------------------------
    def pending(self, state: DogState) -> Pending:
        name = self._name
        if state.phase is Phase.OVER:
            return Over(t("{players} won.", players=views.names(state, state.winners)))
        if state.phase is Phase.EXCHANGE:
            waiting = [p for p in range(state.players) if p not in state.exchange_given]
            return Decision(waiting[0], "exchange", t("Partners: each pass one card face down to your partner."),
                            also=tuple(waiting[1:]))
        if state.phase is Phase.OPENING:
            player = state.opening_left[0]
            return Decision(player, "opening", t("{name}: you may put one pawn from your house on your start field.",
                                                 name=name(state, player)))
        if state.phase is Phase.DRAW:
            return Decision(state.current, "draw", t("{name}: draw one card from the deck (special field).",
                                                     name=name(state, state.current)))
        return Decision(state.current, "turn", t("{name}: play a card and move a pawn, or fold.",
                                                 name=name(state, state.current)))

    @staticmethod
    def _name(state: DogState, player: int) -> Text:
        return Text.raw(state.setup.seats[player].name)

    def check(self, state: DogState, action: Action) -> Verdict:
        pending = self.pending(state)
        if isinstance(pending, Over):
            return Verdict.reject("over", section("D1"), t("The game is over."))
        assert isinstance(pending, Decision)
        expected: dict[str, type[Action] | tuple[type[Action], ...]] = {
            "exchange": Exchange, "opening": Place, "draw": Draw, "turn": (Play, Fold)}
        allowed = expected[pending.kind]
        player = getattr(action, "player", None)
        if not isinstance(action, allowed):
            return Verdict.reject("not-now", section("D1"), t("Not now: {prompt}", prompt=pending.prompt))
        if player not in pending.players:
            return Verdict.reject("not-your-turn", section("D1"),
                                  t("It is {name}'s turn.", name=views.names(state, pending.players)))
        if isinstance(action, Play):
            problem = card_problem(state, action.player, action.card, action.use)
            if problem:
                return problem
            plays = card_plays(state, action.player, action.card)
            if action not in plays:
                return reject_play(state, action, plays)
            if action.origin and action.origin != origin_of(state, plays[action]):
                return Verdict.reject("wrong-origin", section("D1"), t(
                    "The move starts from {fields}, not from {given}.",
                    fields=", ".join(origin_of(state, plays[action])), given=", ".join(action.origin)))
            return Verdict.ok(describe_move(state, plays[action]))
        if isinstance(action, Fold):
            return self._check_fold(state, action)
        if isinstance(action, Exchange):
            if state.setup.simulated_hands and action.card not in state.hands[action.player]:
                return Verdict.reject("not-in-hand", section("S5"), t("Pass one of the cards in your hand."))
            return Verdict.ok(t("{name} passed a card.", name=self._name(state, action.player)))
        if isinstance(action, Place):
            if not action.pawn:
                return Verdict.ok(t("{name} places no pawn.", name=self._name(state, action.player)))
            pawn = parse_pawn(state, action.pawn)
            if pawn is None or pawn // PAWNS != action.player or state.pos[pawn] != HOUSE:
                return Verdict.reject("not-own-pawn", section("S6"),
                                      t("Place one of your own pawns from your house."))
            if not come_out(Board(state), pawn):
                return Verdict.reject("start-taken", section("S6"), t("Your start field is taken."))
            return Verdict.ok(t("{pawn} to the start field.", pawn=pawn_name(state, pawn)))
        assert isinstance(action, Draw)
        return Verdict.ok(t("{name} drew a card.", name=self._name(state, action.player)))

    def _check_fold(self, state: DogState, action: Fold) -> Verdict:
        hand = state.hands[action.player]
        if state.setup.simulated_hands:
            shown: list[str] = [c for c in hand if c is not None]
        elif state.rules.fold_shows_cards:
            shown = list(action.cards)
            if len(shown) != len(hand):
                return Verdict.reject("fold-cards", section("D3"), t(
                    "Show all {n} cards of your hand to the camera to fold; {seen} seen.", n=len(hand),
                    seen=len(shown)))
            for card in shown:
                problem = card_problem(state, action.player, card, "")
                if problem and problem.reason in ("unknown-card", "not-in-deck"):
                    return problem
        else:
            return Verdict.ok(t("{name} folds.", name=self._name(state, action.player)))
        board = Board(state)
        for card in dict.fromkeys(shown):
            plays = card_plays(state, action.player, card, board)
            if plays:
                move = next(iter(plays.values()))
                return Verdict.reject("must-play", section("D2"), t(
                    "You may not fold: the {card} can move {move}.", card=card_name(face_of(card) or ""),
                    move=describe_move(state, move)))
        return Verdict.ok(t("{name} folds.", name=self._name(state, action.player)))

    def _apply(self, state: DogState, action: Action) -> Verdict:
        verdict = self.check(state, action)
        if isinstance(action, (Play, Fold, Draw)):
            state.notes = []  # the dealer's notes stay until the round's first card
        if isinstance(action, Play):
            self._play(state, action)
        elif isinstance(action, Fold):
            state.discard += state.hands[action.player] if state.setup.simulated_hands or not action.cards \
                else list(action.cards)
            state.hands[action.player] = []
            state.folded.add(action.player)
            state.turns += 1
            rounds.next_turn(state)
        elif isinstance(action, Exchange):
            self._exchange(state, action)
        elif isinstance(action, Place):
            if action.pawn:
                pawn = parse_pawn(state, action.pawn)
                assert pawn is not None
                start = state.start_field(action.player)
                state.pos[pawn] = start
                state.fresh[pawn] = True
                state.last = LastMove(((pawn, HOUSE, start),))
            state.opening_left.pop(0)
            if not state.opening_left:
                state.phase = Phase.TURN
                state.current = state.starter
        elif isinstance(action, Draw):
            rounds.refill(state, 1)
            if state.deck:
                state.hands[action.player].append(state.deck.pop())
            rounds.next_turn(state)
        return verdict

    def _exchange(self, state: DogState, action: Exchange) -> None:
        card: str | None = action.card if state.setup.simulated_hands else None
        if state.setup.simulated_hands:
            state.hands[action.player].remove(action.card)
        state.exchange_given[action.player] = card
        if len(state.exchange_given) < state.players:
            return
        if state.setup.simulated_hands:
            for giver, given in state.exchange_given.items():
                partner = state.partner[giver]
                assert partner is not None
                state.hands[partner].append(given)
        rounds.after_exchange(state)

    def _play(self, state: DogState, action: Play) -> None:
        player = action.player
        move = card_plays(state, player, action.card)[action]
        hand = state.hands[player]
        hand.remove(action.card if action.card in hand else None)
        state.discard.append(action.card)
        state.played_round.append(action.use or face_of(action.card) or "")
        state.cards_played[player] += 1
        state.turns += 1
        before = list(state.pos)
        board = Board(state)
        board.apply(move)
        state.pos, state.fresh = board.pos, board.fresh
        moved = tuple((p, before[p], state.pos[p]) for p, _, _ in move.steps)
        state.last = LastMove(moved, tuple((v, before[v]) for v in move.hits))
        state.winners = rounds.winners(state)
        if state.winners:
            state.phase = Phase.OVER
        elif move.draw:
            state.phase = Phase.DRAW
        else:
            rounds.next_turn(state)

    def deck(self, options: Mapping[str, Any]) -> Deck | None:
        """The box the table plays with (option ``deck``): DOG Royal, classic DOG or
        standard cards."""
        wanted = {"royal": "dog-royal", "classic": "dog-classic", "standard": "standard"}[options["deck"]]
        return next(d for d in self.decks() if d.name == wanted)

    def bench_positions(self, n: int) -> list[DogState]:
        """6-player royal positions at a player's turn."""
        from companion.games.dog.bench import bench_positions

        return bench_positions(n)

    def highlights(self, state: DogState, sensed: Sensed) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]] | None:
        """The pawns that can use the card in the play zone, and where they would go."""
        if not sensed.cards:
            return None
        targets = self.card_targets(state, sensed.cards[0])
        return tuple(targets), targets

    def touch_actions(self, state: DogState) -> list[Action]:
        """What needs no card and no pawn: a card passed to the partner, the royal opening
        skipped, a card drawn on a special field, a fold the referee trusts."""
        return [a for a in self.legal_actions(state) if not isinstance(a, Play) and not getattr(a, "cards", ())]

    def legal_actions(self, state: DogState) -> list[Action]:
        pending = self.pending(state)
        if isinstance(pending, Over):
            return []
        assert isinstance(pending, Decision)
        if pending.kind == "exchange":
            if state.setup.simulated_hands:
                return [Exchange(p, c) for p in pending.players for c in dict.fromkeys(state.hands[p]) if c]
            return [Exchange(p) for p in pending.players]
        if pending.kind == "opening":
            board = Board(state)
            p = pending.player
            places: list[Action] = [Place(p)]
            return places + [Place(p, pawn_id(state, k)) for k in range(p * PAWNS, p * PAWNS + PAWNS)
                             if state.pos[k] == HOUSE and come_out(board, k)]
        if pending.kind == "draw":
            return [Draw(pending.player)]
        plays = self.turn_plays(state)
        return list(plays) + self._folds(state, bool(plays))

    def turn_plays(self, state: DogState) -> dict[Play, Any]:
        """Every legal card play of the current player (the real table's unknown hand:
        every face of the deck), with its move."""
        player = state.current
        board = Board(state)
        plays: dict[Play, Any] = {}
        if state.setup.simulated_hands:
            cards = [c for c in dict.fromkeys(state.hands[player]) if c]
        else:
            cards = [canonical_id(state.rules.deck, f) for f in deck_faces(state.rules.deck, state.rules.new_cards)]
        for card in cards:
            if face_of(card) == "copy" and not state.played_round:
                continue
            plays.update(card_plays(state, player, card, board))
        return plays

    def _folds(self, state: DogState, can_play: bool) -> list[Action]:
        """The legal folds: with known hands only when no card moves (D2); at a real
        table a trusted fold, or a shown hand of cards that cannot move."""
        player = state.current
        if state.setup.simulated_hands:
            hand = tuple(c for c in state.hands[player] if c)
            return [] if can_play else [Fold(player, hand)]
        if not state.rules.fold_shows_cards:
            return [Fold(player)]
        board = Board(state)
        for face in deck_faces(state.rules.deck, state.rules.new_cards):
            card = canonical_id(state.rules.deck, face)
            if not card_plays(state, player, card, board) and (face != "copy" or state.played_round):
                return [Fold(player, (card,) * len(state.hands[player]))]
        return []

    def sample_chance(self, state: DogState, rng: random.Random) -> Action:
        raise GameError(t("DOG has no chance nodes: the cards come with the actions."))

    def choose(self, state: DogState, rng: random.Random) -> Action:
        return bot.choose(self, state, rng)

    # --- table inputs and views ----------------------------------------------------------
    def propose(self, state: DogState, sensed: Sensed) -> Proposal | Verdict | None:
        return table.propose(self, state, sensed)

    def intent(self, state: DogState, name: str, args: Mapping[str, Any]) -> Action | Verdict | None:
        return table.intent(self, state, name, args)

    def table_inputs(self, state: DogState, actions: Sequence[Action]) -> list[dict[str, Any]]:
        """The card laid, the pawn scanned, the pawns and fields tapped, a confirm or an
        alternative chosen, and the screen's intents (:mod:`.script`)."""
        return script.table_inputs(self, state, actions)

    def view(self, state: DogState, player: int | None = None) -> View:
        return views.view(self, state, player)

    def observation(self, state: DogState, player: int | None = None) -> dict[str, Any]:
        return views.observation(state, player)

    def scores(self, state: DogState) -> ScoreSheet:
        lines = []
        for p, seat in enumerate(state.setup.seats):
            home = state.home_count(p)
            lines.append(PlayerScore(p, seat.name, home, (
                ScoreLine("home", t("Pawns home"), home, home),
                ScoreLine("cards", t("Cards played"), 0, state.cards_played[p]))))
        return ScoreSheet(tuple(lines), state.winners)

    def describe(self, action: Action) -> Text:
        """The move as players say it ("5: red fool 23 → 28")."""
        return spoken.said(action)

    def describe_state(self, state: DogState) -> list[Text]:
        return views.describe_state(state)

    def card_targets(self, state: DogState, card: str) -> dict[str, tuple[str, ...]]:
        """For the card on the table: each pawn the current player can move with it ->
        the fields it can reach (empty for a card that is not DOG's or cannot move)."""
        if card_problem(state, state.current, card, (uses(state, face_of(card) or "") or ("",))[0]):
            return {}
        return views.targets(state, card_plays(state, state.current, card))

    def field_of(self, state: DogState, token: str) -> str | None:
        """The field where the pawn ``token`` stands (``None``: not in this game)."""
        pawn = parse_pawn(state, token)
        return None if pawn is None else field_id(state, pawn, state.pos[pawn])


GAME = Dog()
