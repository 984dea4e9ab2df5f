"""The Bumerang rules engine: :class:`Bumerang`, a :class:`companion.game.Game`.

The board comes from a file (``Setup.board_file``, or the default board shipped with
the app) and the engine reads it only through its :class:`.topology.Topology`: fields,
lines with their arrows, speckled triangles. Judging is in :mod:`.judge`, playing in
:mod:`.play`, legal actions in :mod:`.moves`, the table's taps and the screens in
:mod:`.table`. Everything follows ``shared/rulings/bumerang.md`` (rules B1–B14).
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from companion.boards import Board, BoardError
from companion.errors import GameError
from companion.game import (Action, BGStats, Decision, Game, Over, Pending, PlayerScore, Proposal, ScoreLine,
                            ScoreSheet, Seat, Sensed, Setup, Showcase, Verdict)
from companion.games.bumerang import bot, moves, script, table
from companion.games.bumerang.actions import ACTION_TYPES, Pass, Penalty, Stop
from companion.games.bumerang.board import default_board, load
from companion.games.bumerang.judge import judge
from companion.games.bumerang.options import OPTIONS, STONES, TARGET
from companion.games.bumerang.play import begin_turn, play
from companion.games.bumerang.state import BumerangState, Step, stone_id
from companion.games.bumerang.texts import TITLE, t
from companion.games.bumerang.topology import Topology
from companion.i18n import Text
from companion.view import View

COLOURS = ("red", "green", "blue", "yellow", "black")
"""Stone colours by seat when the setup names none (the box's colours are not known)."""


class Bumerang(Game[BumerangState]):
    """Bumerang (Peter Pallat, Ravensburger 1976) for 3–5 players, or 2 by option."""

    name = "bumerang"
    title = TITLE
    min_players = 2
    max_players = 5
    options = OPTIONS
    action_types = ACTION_TYPES
    bgstats = BGStats(None)
    board_files = True

    # --- material ----------------------------------------------------------------------
    def showcases(self, seats: Sequence[Seat]) -> tuple[Showcase, ...]:
        from companion.games.bumerang.showcase import showcases   # pictures only: not loaded with the rules

        return showcases(self, seats)

    def board(self, setup: Setup, options: Mapping[str, Any]) -> Board:
        """The setup's board file when a table supplies one, else the default board.
        Raises :class:`GameError` naming the field or line at fault in a bad file."""
        if setup.board_file is None:
            return default_board()
        try:
            return load(setup.board_file)
        except BoardError as err:
            raise GameError(t("The board file cannot be used: {detail}", detail=err.text)) from None

    # --- setup -------------------------------------------------------------------------
    def check_setup(self, setup: Setup, options: Mapping[str, Any]) -> Setup:
        n = len(setup.seats)
        if options["two_player"] and n != 2:
            raise GameError(t("Rule option two_player is for 2 players, not {n}; switch it off for 3 to 5.", n=n))
        if not options["two_player"] and n == 2:
            raise GameError(t("Bumerang is played by 3 to 5 players; for 2, switch on rule option two_player."))
        self.board(setup, options)
        return setup

    def new_state(self, setup: Setup, options: Mapping[str, Any], *, seed: int = 0) -> BumerangState:
        n = len(setup.seats)
        first = (random.Random(f"bumerang:{seed}:first").randrange(n) if options["first_player"] == "random"
                 else setup.dealer)
        stones = STONES[n]
        state = BumerangState(
            topology=Topology.of(self.board(setup, options)),
            names=tuple(s.name for s in setup.seats),
            colours=tuple(s.colour or COLOURS[i] for i, s in enumerate(setup.seats)),
            options=dict(options), stones_each=stones, target=None if options["two_player"] else TARGET[n],
            current=first,
            supply=[[stone_id(seat, k) for k in range(1, stones + 1)] for seat in range(n)],
            prisoners=[[] for _ in range(n)], out=[False] * n, trios_made=[0] * n,
        )
        begin_turn(state)
        return state

    # --- the flow ------------------------------------------------------------------------
    def pending(self, state: BumerangState) -> Pending:
        if state.winners is not None:
            return Over(table.over_text(state))
        kind = "extra" if state.step is Step.TURN and state.in_extra else state.step.value
        others = tuple(p for p in moves.claimers(state) if p != state.current)
        return Decision(state.current, kind, table.prompt(state), also=others)

    def check(self, state: BumerangState, action: Action) -> Verdict:
        """The rejection (rule, section, what is legal instead), or an acceptance that
        says what the action will do (and the fine it will cost)."""
        verdict = judge(state, action)
        return Verdict.ok(table.announce(state, action)) if verdict.accepted else verdict

    def _apply(self, state: BumerangState, action: Action) -> Verdict:
        return play(state, action)

    def bench_positions(self, n: int) -> list[BumerangState]:
        """5-player mid-game positions on the default board."""
        from companion.games.bumerang.bench import bench_positions

        return [state for _game, state in bench_positions(n)]

    def legal_actions(self, state: BumerangState) -> list[Action]:
        return moves.legal(state)

    def sample_chance(self, state: BumerangState, rng: random.Random) -> Action:
        raise GameError(t("Bumerang has no chance: every action is a player's."))

    def choose(self, state: BumerangState, rng: random.Random) -> Action:
        return bot.choose(state, rng)

    # --- the table -----------------------------------------------------------------------
    def propose(self, state: BumerangState, sensed: Sensed) -> Proposal | Verdict | None:
        return table.propose(state, sensed)

    def table_inputs(self, state: BumerangState, actions: Sequence[Action]) -> list[dict[str, Any]]:
        """Taps on the board drawing with a confirm (or a choice), and the game's buttons
        (:func:`.script.table_inputs`)."""
        return script.table_inputs(self, state, actions)

    def touch_actions(self, state: BumerangState) -> list[Action]:
        """Stop (a chain under ``chain_capture = may``), Pass (nothing else possible) and
        each claimer's Penalty? (``missed_capture = claim``): no tap on the board makes them."""
        return [a for a in moves.legal(state) if isinstance(a, (Stop, Pass, Penalty))]

    def intent(self, state: BumerangState, name: str, args: Mapping[str, Any]) -> Action | Verdict | None:
        return table.intent(state, name, args)

    def view(self, state: BumerangState, player: int | None = None) -> View:
        return table.view(state, player)

    def observation(self, state: BumerangState, player: int | None = None) -> dict[str, Any]:
        return table.observation(state)

    # --- results -------------------------------------------------------------------------
    def scores(self, state: BumerangState) -> ScoreSheet:
        """Prisoners are the score; stones left and trios made are shown beside them."""
        players = []
        for seat, name in enumerate(state.names):
            prisoners = len(state.prisoners[seat])
            left = len(state.supply[seat]) + len(state.on_board(seat))
            players.append(PlayerScore(seat, name, prisoners, (
                ScoreLine("prisoners", t("Prisoners"), prisoners, prisoners),
                ScoreLine("stones_left", t("Stones left (board and supply)"), 0, left),
                ScoreLine("trios", t("Trios made"), 0, state.trios_made[seat]),
            )))
        tiebreak = t("Every player passed: the most prisoners win (B3).") if state.end == "passed" else None
        return ScoreSheet(tuple(players), state.winners or (), tiebreak)

    def describe(self, action: Action) -> Text:
        return table.describe(action)

    def describe_state(self, state: BumerangState) -> list[Text]:
        return table.describe_state(state)


GAME = Bumerang()
