"""The referee session: one game, its durable log, and the table's inputs.

:class:`Referee` is what the app, the scripted-game runner and the demo talk to:

* :meth:`Referee.submit` judges an action; an accepted one is committed to the log
  *before* it changes the state the table sees (a power cut never loses an
  acknowledged input);
* :meth:`Referee.table_input` turns sensor inputs into actions: the cards seen in the
  play zone, the tokens on each reader, the last scan and the pieces or fields tapped on
  the board drawing (:class:`~companion.game.Sensed`) make a *proposal* that a confirm
  (button or touch) submits, or alternatives the screen offers as buttons
  (:meth:`Referee.choose`); a scan that answers a chance node (a token drawn from a
  stack) is submitted at once;
* :meth:`Referee.undo` takes back the last move as the table saw it (every action
  submitted together, e.g. a catch and the token drawn for it), recorded in the log too;
* :meth:`Referee.simulate_chance` and :meth:`Referee.bot_action` draw from generators
  seeded by the game's seed and the log position, so a resumed game continues exactly
  as an uninterrupted one would.

Every text the session hands out (prompts, verdicts, the alternatives' labels, an
action described, the view's lines) names the players: a game's texts refer to a
player by seat (:class:`~companion.i18n.PlayerRef`) and the session gives them the
seats' names (:meth:`Referee.named`).
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from companion.errors import GameError
from companion.game import (Action, Chance, Game, Over, Pending, Proposal, ScoreSheet, Seat, Sensed, Setup, Verdict,
                            resolve_options)
from companion.games import get_game
from companion.i18n import Text
from companion.inputs import ButtonPressed, CardsSeen, Intent, TableInput, TagPlaced, TagRemoved
from companion.store import GameStore
from companion.view import NeedKind, View

TokenLookup = Callable[[str], "str | None"]
"""Maps an RFID tag UID to the game's token id (``None``: not enrolled)."""


INPUTS = Text("Referee: Table inputs")
"""The section of the referee's rejections of a tag, a tap, a button or an entry."""
UNDO = Text("Referee: Undo")
"""The section of the referee's rejections of an undo."""
SIMULATOR = Text("Referee: Simulator")
"""The section of the referee's rejections of a simulated draw."""


def _reject(reason: str, message: Text, section: Text = INPUTS) -> Verdict:
    return Verdict.reject(reason, section, message)


class Referee:
    """One game being refereed. Build with :meth:`new` or :meth:`resume`."""

    def __init__(self, store: GameStore, game_id: int, *, token_lookup: TokenLookup | None = None) -> None:
        self.store = store
        self.game_id = game_id
        record = store.record(game_id)
        self.game: Game[Any] = get_game(record.game)
        self.options: dict[str, Any] = resolve_options(self.game.options, record.options)
        self.setup: Setup = self.game.setup_from_json(record.setup, self.options)
        self.seed = record.seed
        self.token_lookup = token_lookup
        self._actions: list[Action] = []
        self._moves: list[int] = []     # how many actions each move in force has
        self._seq = 0
        self.state = self._replay(())
        for entry in store.entries(game_id):   # readable entries only
            try:
                if entry.kind == "undo":
                    if self._moves:
                        del self._actions[len(self._actions) - self._moves.pop():]
                        self.state = self._replay(self._actions)
                else:
                    action = self.game.action_from_json(entry.payload or {})
                    self.game.apply(self.state, action)
                    self._actions.append(action)
                    if entry.joined and self._moves:
                        self._moves[-1] += 1
                    else:
                        self._moves.append(1)
            except (GameError, KeyError, TypeError, ValueError, AttributeError):
                # A damaged entry: the game goes on from the last good move.
                self.state = self._replay(self._actions)
                break
            self._seq = entry.seq + 1
        store.cut_log(game_id, self._seq)
        self.cards: tuple[str, ...] = ()
        self.token: str | None = None
        self.zone: str | None = None
        self.present: dict[str, list[str]] = {}
        self.touched: list[str] = []
        self.proposal: Proposal | None = None
        if self.is_over and record.finished_at is None:
            # The process died between logging the last move and recording the end.
            self.store.finish(self.game_id, self._final())

    # --- construction -------------------------------------------------------------------
    @classmethod
    def new(cls, store: GameStore, game_name: str, seats: Sequence[Seat], options: Mapping[str, Any] | None = None,
            *, seed: int | None = None, dealer: int = 0, simulated_hands: bool = False,
            board: Mapping[str, Any] | None = None, board_file: Mapping[str, Any] | None = None,
            token_lookup: TokenLookup | None = None) -> "Referee":
        """Start a game and log its setup. Invalid seats, board or options raise GameError."""
        game = get_game(game_name)
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        resolved = resolve_options(game.options, options)
        setup = game.make_setup(seats, dealer=dealer, simulated_hands=simulated_hands, board=board,
                                board_file=board_file, options=resolved)
        game.new_state(setup, resolved, seed=seed)   # the game's own checks, before anything is logged
        game_id = store.create(game_name, resolved, seed, setup)
        return cls(store, game_id, token_lookup=token_lookup)

    @classmethod
    def resume(cls, store: GameStore, game_id: int, *, token_lookup: TokenLookup | None = None) -> "Referee":
        """Rebuild a logged game by replaying its log."""
        return cls(store, game_id, token_lookup=token_lookup)

    def _replay(self, actions: Sequence[Action]) -> Any:
        state = self.game.new_state(self.setup, self.options, seed=self.seed)
        for action in actions:
            self.game.apply(state, action)
        return state

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.setup.seats

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return tuple(seat.name for seat in self.setup.seats)

    def named(self, text: Text) -> Text:
        """``text`` with its players named and its pieces named as the board shows them
        (:meth:`Text.naming`)."""
        return text.naming(self.names, self._piece_names)

    def _piece_names(self) -> dict[str, Text]:
        board = self.game.view(self.state).board
        return {piece.id: piece.label for piece in board.pieces if piece.label.render()} if board else {}

    def _named(self, verdict: Verdict) -> Verdict:
        return dataclasses.replace(verdict, message=self.named(verdict.message), changes=tuple(
            dataclasses.replace(change, text=self.named(change.text)) for change in verdict.changes))

    @property
    def dealer(self) -> int:
        return self.setup.dealer

    @property
    def simulated_hands(self) -> bool:
        return self.setup.simulated_hands

    # --- views ----------------------------------------------------------------------------
    @property
    def pending(self) -> Pending:
        pending = self.game.pending(self.state)
        return dataclasses.replace(pending, prompt=self.named(pending.prompt))

    @property
    def is_over(self) -> bool:
        return isinstance(self.pending, Over)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The accepted actions in force (undone ones removed)."""
        return tuple(self._actions)

    def observation(self, player: int | None = None) -> dict[str, Any]:
        view = self.game.observation(self.state, player)
        view["game_id"] = self.game_id
        view["table"] = {"cards": list(self.cards), "token": self.token, "touched": list(self.touched),
                         "proposal": [self.game.action_to_json(a) for a in self.proposal.actions]
                         if self.proposal else None}
        return view

    def view(self, player: int | None = None) -> View:
        """The game's :class:`~companion.view.View`, its checklist ticked with what the
        table has given so far (cards laid, a token scanned or a piece tapped, a
        proposal waiting for confirmation)."""
        view = self.game.view(self.state, player)
        given = {NeedKind.CARDS: bool(self.cards), NeedKind.TOKEN: bool(self.token or self.touched),
                 NeedKind.CONFIRM: False}
        ready = self.proposal is not None
        waiting = tuple(dataclasses.replace(need, done=need.done or given.get(need.kind, False)
                                            or (ready and need.kind is not NeedKind.CONFIRM))
                        for need in view.waiting)
        view = dataclasses.replace(view, waiting=tuple(dataclasses.replace(need, label=self.named(need.label))
                                                       for need in waiting),
                                   prompt=self.named(view.prompt),
                                   instructions=tuple(self.named(line) for line in view.instructions),
                                   progress=tuple(self.named(line) for line in view.progress))
        lit = self.game.highlights(self.state, self.sensed()) if view.board is not None else None
        if lit is not None and view.board is not None:
            view = dataclasses.replace(view, board=dataclasses.replace(view.board, movable=lit[0], targets=lit[1]))
        return view

    def sensed(self) -> Sensed:
        """What the table's inputs say now, as the game's :meth:`~Game.propose` reads it."""
        return Sensed(self.cards, self.token, self.zone, {z: tuple(t) for z, t in self.present.items()},
                      tuple(self.touched))

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def scores(self) -> ScoreSheet:
        return self.game.scores(self.state)

    def describe(self, action: Action) -> Text:
        """``action`` in a few words, its players named."""
        return self.named(self.game.describe(action))

    # --- judging ----------------------------------------------------------------------------
    def check(self, action: Action) -> Verdict:
        return self._named(self.game.check(self.state, action))

    def submit(self, action: Action, *, joined: bool = False) -> Verdict:
        """Judge ``action``; if accepted, log it durably, then play it. ``joined``: it
        belongs to the same move as the action before it (one undo takes both back).

        Raises :class:`StorageError` if the log cannot be written (the state is then
        unchanged).
        """
        verdict = self.check(action)
        if not verdict.accepted:
            return verdict
        after = self.state.copy()
        verdict = self.game.apply(after, action)
        joined = joined and bool(self._moves)
        self.store.append(self.game_id, self._seq, "action", self.game.action_to_json(action), joined=joined)
        self._seq += 1
        self._actions.append(action)
        if joined:
            self._moves[-1] += 1
        else:
            self._moves.append(1)
        self.state = after
        self._clear_tray()
        if self.is_over:
            self.store.finish(self.game_id, self._final())
        return self._named(verdict)

    def submit_json(self, data: Mapping[str, Any]) -> Verdict:
        try:
            action = self.game.action_from_json(data)
        except GameError as err:
            return _reject("bad-action", Text("{problem} Correct the input and enter it again. {prompt}",
                                              problem=err.text, prompt=self.pending.prompt))
        return self.submit(action)

    def last_move(self) -> Text | None:
        """The last move as an undo would take it back ("Catch … + Draw …"), or ``None``."""
        if not self._moves:
            return None
        return _joined(self.describe(a) for a in self._actions[len(self._actions) - self._moves[-1]:])

    def undo(self) -> Verdict:
        """Take back the last move as the table saw it (a misread card, a wrong tap): every
        action submitted together with it."""
        move = self.last_move()
        if move is None:
            return _reject("nothing-to-undo", Text("There is nothing to undo."), UNDO)
        was_over = self.is_over
        self.store.append(self.game_id, self._seq, "undo", None)
        self._seq += 1
        del self._actions[len(self._actions) - self._moves.pop():]
        self.state = self._replay(self._actions)
        self._clear_tray()
        if was_over:
            self.store.reopen(self.game_id)
        return Verdict.ok(Text("Undone: {action}", action=move))

    def simulate_chance(self) -> Verdict:
        """Resolve the pending chance node with the seeded generator (simulation)."""
        if not isinstance(self.pending, Chance):
            return _reject("no-chance", Text("Nothing is waiting for a draw now."), SIMULATOR)
        return self.submit(self.game.sample_chance(self.state, self._rng("chance")))

    def bot_action(self) -> Action:
        """The action the game's built-in player would take now (demo, tests)."""
        return self.game.choose(self.state, self._rng("bot"))

    def _rng(self, purpose: str) -> random.Random:
        return random.Random(f"{self.seed}:{purpose}:{self._seq}")

    def _final(self) -> dict[str, Any]:
        sheet = self.scores()
        return {"scores": sheet.to_json("en"), "sheet": sheet.to_record(),
                "observation": self.game.observation(self.state)}

    # --- table inputs -------------------------------------------------------------------------
    def table_input(self, item: TableInput) -> Verdict | None:
        """Feed one input from the queue; returns a verdict when something was judged.

        Cards seen replace the cards of the tray; a scanned token is remembered (and the
        tokens on each reader kept); a tap on the board (``Intent("touch", {"target":
        id})``) is added to the taps; the game then proposes an action, kept in
        :attr:`proposal` (nothing is judged yet, so the result is ``None``) or rejected at
        once when the input makes no sense (a verdict). ``ButtonPressed("confirm")``
        submits the proposal, ``ButtonPressed("undo")`` undoes, ``Intent("choose",
        {"index": i})`` submits alternative ``i``; other intents go to the game.
        """
        if isinstance(item, CardsSeen):
            self.cards = tuple(item.cards)
            return self._propose()
        if isinstance(item, (TagPlaced, TagRemoved)):
            token = self.token_lookup(item.uid) if self.token_lookup else item.uid
            if isinstance(item, TagRemoved):
                if token is not None and token in self.present.get(item.zone, ()):
                    self.present[item.zone].remove(token)
                return None if token is None else self.lift(token, item.zone)
            if token is None:
                return _reject("unknown-tag", Text(
                    "This tag ({uid}) is not a known token: teach it on the home screen (Teach the tokens), "
                    "or enter the token by hand.", uid=item.uid))
            here = self.present.setdefault(item.zone, [])
            if token not in here:
                here.append(token)
            return self.scan(token, item.zone)
        if isinstance(item, ButtonPressed) or (isinstance(item, Intent) and item.name in ("confirm", "undo")):
            return self.confirm() if item.name == "confirm" else self.undo()
        if isinstance(item, Intent):
            return self._intent(item)
        return None

    def _intent(self, item: Intent) -> Verdict | None:
        if item.name == "touch":
            target = item.args.get("target")
            if not isinstance(target, str) or not target:
                return _reject("bad-intent", Text("That tap names no piece or field: tap again."))
            return self.touch(target)
        if item.name == "choose":
            index = item.args.get("index")
            if isinstance(index, bool) or not isinstance(index, int):
                return _reject("bad-intent", Text("That choice names no button: choose again."))
            return self.choose(index)
        if item.name == "clear":
            self._clear_tray()
            return None
        if item.name == "action":
            action = item.args.get("action")
            if not isinstance(action, Mapping):
                return _reject("bad-intent", Text("That input is incomplete: try again."))
            return self.submit_json(action)
        found = self.game.intent(self.state, item.name, dict(item.args))
        if found is None:
            return _reject("unknown-intent", Text("That button does nothing now. {prompt}",
                                                  prompt=self.pending.prompt))
        return self._named(found) if isinstance(found, Verdict) else self.submit(found)

    def scan(self, token: str, zone: str | None = None) -> Verdict | None:
        """A token (by game token id) was scanned on the reader of ``zone`` (``None``:
        entered by hand)."""
        self.token = token
        self.zone = zone
        return self._propose()

    def touch(self, target: str) -> Verdict | None:
        """A piece or a field (by id) was tapped on the board drawing."""
        self.touched.append(target)
        return self._propose()

    def lift(self, token: str, zone: str | None = None) -> Verdict | None:
        """A token left the reader of ``zone``; the game says what that means
        (:meth:`Game.lifted`), handled like a proposal."""
        found = self.game.lifted(self.state, token, zone)
        return None if found is None else self._consider(found)

    def lay(self, cards: Sequence[str]) -> Verdict | None:
        """The cards in the play zone are now ``cards``."""
        self.cards = tuple(cards)
        return self._propose()

    def confirm(self) -> Verdict | None:
        """Submit the current proposal (its only alternative, if it offers one)."""
        if self.proposal is None:
            missing = [need.label for need in self.view().waiting
                       if not need.done and need.kind is not NeedKind.CONFIRM]
            if missing:
                return _reject("nothing-to-confirm", Text("Nothing to confirm yet; still needed: {needs}. {prompt}",
                                                          needs=_joined(missing, ", "), prompt=self.pending.prompt))
            return _reject("nothing-to-confirm", Text("Nothing to confirm yet. {prompt}", prompt=self.pending.prompt))
        if self.proposal.alternatives:
            if len(self.proposal.alternatives) == 1:
                return self.choose(0)
            return _reject("choose-first", Text("Choose one of the buttons first: the move can be made in {n} ways.",
                                                n=len(self.proposal.alternatives)))
        return self._submit_plan(self.proposal.actions)

    def choose(self, index: int) -> Verdict | None:
        """Submit alternative ``index`` of the current proposal."""
        options = self.proposal.alternatives if self.proposal is not None else ()
        if not 0 <= index < len(options):
            return _reject("nothing-to-choose", Text("There is no such choice now. {prompt}",
                                                     prompt=self.pending.prompt))
        return self._submit_plan(options[index].actions)

    def _propose(self) -> Verdict | None:
        return self._consider(self.game.propose(self.state, self.sensed()))

    def _consider(self, found: Proposal | Verdict | None) -> Verdict | None:
        """Keep, submit or refuse what the game made of the table's inputs."""
        self.proposal = None
        if found is None:
            return None
        if isinstance(found, Verdict):
            verdict: Verdict | None = self._named(found)
        elif found.auto and found.actions:
            verdict = self._submit_plan(found.actions)
        elif found.actions:
            first = self.check(found.actions[0])
            verdict = None if first.accepted else first
        else:
            verdict = None
        if verdict is None:
            assert isinstance(found, Proposal)
            self.proposal = dataclasses.replace(found, alternatives=tuple(
                dataclasses.replace(alternative, label=self.named(alternative.label))
                for alternative in found.alternatives))
        elif not verdict.accepted:
            self._forget_scan()
        return verdict

    def _submit_plan(self, actions: Sequence[Action]) -> Verdict:
        """Submit ``actions`` as one move (one undo takes them all back); stop at the
        first rejection."""
        verdict = self.check(actions[0])
        for n, action in enumerate(actions):
            verdict = self.submit(action, joined=n > 0)
            if not verdict.accepted:
                break
        return verdict

    def _forget_scan(self) -> None:
        """After a rejected input the token scanned and the taps are forgotten (the
        player scans or taps again); the cards stay, as they still lie in the play zone."""
        self.token = None
        self.zone = None
        self.touched.clear()

    def _clear_tray(self) -> None:
        self.cards = ()
        self.token = None
        self.zone = None
        self.touched.clear()
        self.proposal = None


def _joined(texts: Iterable[Text], between: str = " + ") -> Text:
    """``texts`` as one text, ``between`` each two (rendered in any language)."""
    parts = list(texts)
    out = parts[0]
    for part in parts[1:]:
        out = Text("{first}{between}{second}", first=out, between=between, second=part)
    return out


def open_store(path: str | Path | None = None) -> GameStore:
    """The game database at ``path`` (default: :func:`companion.paths.database_file`)."""
    from companion.paths import database_file

    return GameStore(path or database_file())
