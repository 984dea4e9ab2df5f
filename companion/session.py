"""The referee session: one game, its durable log, and the table's inputs.

:class:`Referee` is what the app, the scripted-game runner and the demo talk to:

* :meth:`Referee.submit` judges an action; an accepted one is committed to the log
  *before* it changes the state the table sees (a power cut never loses an
  acknowledged input);
* :meth:`Referee.table_input` turns sensor inputs into actions: cards seen in the play
  zone and a scanned token make a *proposal* that a confirm (button or touch) submits;
  a scan that answers a chance node (a token drawn from a stack) is submitted at once;
* :meth:`Referee.undo` takes back the last accepted input (recorded in the log too);
* :meth:`Referee.simulate_chance` and :meth:`Referee.bot_action` draw from generators
  seeded by the game's seed and the log position, so a resumed game continues exactly
  as an uninterrupted one would.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from companion.errors import GameError
from companion.game import (Action, Chance, Game, Over, Pending, Proposal, ScoreSheet, Seat, Verdict,
                            resolve_options)
from companion.games import get_game
from companion.i18n import Text
from companion.inputs import ButtonPressed, CardsSeen, Intent, TableInput, TagPlaced, TagRemoved
from companion.store import GameStore

TokenLookup = Callable[[str], "str | None"]
"""Maps an RFID tag UID to the game's token id (``None``: not enrolled)."""


def _reject(reason: str, message: Text) -> Verdict:
    return Verdict.reject(reason, None, message)


class Referee:
    """One game being refereed. Build with :meth:`new` or :meth:`resume`."""

    def __init__(self, store: GameStore, game_id: int, *, token_lookup: TokenLookup | None = None) -> None:
        self.store = store
        self.game_id = game_id
        record = store.record(game_id)
        self.game: Game = get_game(record.game)
        self.seats: tuple[Seat, ...] = record.seats
        self.options: dict[str, Any] = record.options
        self.seed = record.seed
        self.dealer = record.dealer
        self.simulated_hands = record.simulated_hands
        self.token_lookup = token_lookup
        self._actions: list[Action] = []
        self._seq = 0
        self.state = self._replay(())
        for entry in store.entries(game_id):   # readable entries only
            try:
                if entry.kind == "undo":
                    if self._actions:
                        self._actions.pop()
                        self.state = self._replay(self._actions)
                else:
                    action = self.game.action_from_json(entry.payload)
                    self.game.apply(self.state, action)
                    self._actions.append(action)
            except (GameError, KeyError, TypeError, ValueError, AttributeError):
                # A damaged entry: the game goes on from the last good move.
                self.state = self._replay(self._actions)
                break
            self._seq = entry.seq + 1
        store.cut_log(game_id, self._seq)
        self.cards: tuple[str, ...] = ()
        self.token: str | None = None
        self.zone: str | None = None
        self.proposal: Proposal | None = None
        if self.is_over and record.finished_at is None:
            # The process died between logging the last move and recording the end.
            self.store.finish(self.game_id, self._final())

    # --- construction -------------------------------------------------------------------
    @classmethod
    def new(cls, store: GameStore, game_name: str, seats: Sequence[Seat], options: Mapping[str, Any] | None = None,
            *, seed: int | None = None, dealer: int = 0, simulated_hands: bool = False,
            token_lookup: TokenLookup | None = None) -> "Referee":
        """Start a game and log its setup. Invalid seats or options raise GameError."""
        game = get_game(game_name)
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        resolved = resolve_options(game.options, options)
        game.new_state(seats, resolved, seed=seed, dealer=dealer, simulated_hands=simulated_hands)   # validates seats
        game_id = store.create(game_name, tuple(seats), resolved, seed, dealer, simulated_hands)
        return cls(store, game_id, token_lookup=token_lookup)

    @classmethod
    def resume(cls, store: GameStore, game_id: int, *, token_lookup: TokenLookup | None = None) -> "Referee":
        """Rebuild a logged game by replaying its log."""
        return cls(store, game_id, token_lookup=token_lookup)

    def _replay(self, actions: Sequence[Action]):
        state = self.game.new_state(self.seats, self.options, seed=self.seed, dealer=self.dealer,
                                    simulated_hands=self.simulated_hands)
        for action in actions:
            self.game.apply(state, action)
        return state

    # --- views ----------------------------------------------------------------------------
    @property
    def pending(self) -> Pending:
        return self.game.pending(self.state)

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
        view["table"] = {"cards": list(self.cards), "token": self.token,
                         "proposal": [self.game.action_to_json(a) for a in self.proposal.actions]
                         if self.proposal else None}
        return view

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def scores(self) -> ScoreSheet:
        return self.game.scores(self.state)

    def describe(self, action: Action) -> Text:
        return self.game.describe(action)

    # --- judging ----------------------------------------------------------------------------
    def check(self, action: Action) -> Verdict:
        return self.game.check(self.state, action)

    def submit(self, action: Action) -> Verdict:
        """Judge ``action``; if accepted, log it durably, then play it.

        Raises :class:`StorageError` if the log cannot be written (the state is then
        unchanged).
        """
        verdict = self.game.check(self.state, action)
        if not verdict.accepted:
            return verdict
        after = self.state.copy()
        verdict = self.game.apply(after, action)
        self.store.append(self.game_id, self._seq, "action", self.game.action_to_json(action))
        self._seq += 1
        self._actions.append(action)
        self.state = after
        self._clear_tray()
        if self.is_over:
            self.store.finish(self.game_id, self._final())
        return verdict

    def submit_json(self, data: Mapping[str, Any]) -> Verdict:
        try:
            action = self.game.action_from_json(data)
        except GameError as err:
            return _reject("bad-action", Text("{problem} Correct the input and enter it again. {prompt}",
                                              problem=err.text, prompt=self.pending.prompt))
        return self.submit(action)

    def undo(self) -> Verdict:
        """Take back the last accepted input (a misread card, a wrong tap)."""
        if not self._actions:
            return _reject("nothing-to-undo", Text("There is nothing to undo."))
        was_over = self.is_over
        undone = self._actions[-1]
        self.store.append(self.game_id, self._seq, "undo", None)
        self._seq += 1
        self._actions.pop()
        self.state = self._replay(self._actions)
        self._clear_tray()
        if was_over:
            self.store.reopen(self.game_id)
        return Verdict.ok(Text("Undone: {action}", action=self.game.describe(undone)))

    def simulate_chance(self) -> Verdict:
        """Resolve the pending chance node with the seeded generator (simulation)."""
        if not isinstance(self.pending, Chance):
            return _reject("no-chance", Text("Nothing is waiting for a draw now."))
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

        Cards seen replace the cards of the tray; a scanned token is remembered; the game
        then proposes an action, kept in :attr:`proposal` (nothing is judged yet, so the
        result is ``None``) or rejected at once when the scan makes no sense
        (a verdict). ``ButtonPressed("confirm")`` submits the proposal,
        ``ButtonPressed("undo")`` undoes. Other intents go to the game.
        """
        if isinstance(item, CardsSeen):
            self.cards = tuple(item.cards)
            return self._propose()
        if isinstance(item, (TagPlaced, TagRemoved)):
            token = self.token_lookup(item.uid) if self.token_lookup else item.uid
            if isinstance(item, TagRemoved):
                return None if token is None else self.lift(token, item.zone)
            if token is None:
                return _reject("unknown-tag", Text(
                    "This tag ({uid}) is not a known token: teach it on the home screen (Teach the tokens), or enter the token by hand.", uid=item.uid))
            return self.scan(token, item.zone)
        if isinstance(item, ButtonPressed) or (isinstance(item, Intent) and item.name in ("confirm", "undo")):
            return self.confirm() if item.name == "confirm" else self.undo()
        if isinstance(item, Intent):
            found = self.game.intent(self.state, item.name, dict(item.args))
            if found is None:
                return _reject("unknown-intent", Text("That button does nothing now. {prompt}",
                                                      prompt=self.pending.prompt))
            return found if isinstance(found, Verdict) else self.submit(found)
        return None

    def scan(self, token: str, zone: str | None = None) -> Verdict | None:
        """A token (by game token id) was scanned on the reader of ``zone`` (``None``:
        entered by hand)."""
        self.token = token
        self.zone = zone
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
        """Submit the current proposal; ``None`` if there is none to submit."""
        if self.proposal is None:
            return _reject("nothing-to-confirm", Text(
                "Nothing to confirm yet: lay the cards and scan the token of your move first. {prompt}",
                prompt=self.pending.prompt))
        return self._submit_plan(self.proposal.actions)

    def _propose(self) -> Verdict | None:
        return self._consider(self.game.propose(self.state, self.cards, self.token, self.zone))

    def _consider(self, found: Proposal | Verdict | None) -> Verdict | None:
        """Keep, submit or refuse what the game made of the table's inputs."""
        self.proposal = None
        if found is None:
            return None
        if isinstance(found, Verdict):
            self.token = None
            return found
        if found.auto:
            return self._submit_plan(found.actions)
        first = self.game.check(self.state, found.actions[0])
        if not first.accepted:
            return first
        self.proposal = found
        return None

    def _submit_plan(self, actions: Sequence[Action]) -> Verdict:
        verdict = self.game.check(self.state, actions[0])
        for action in actions:
            verdict = self.submit(action)
            if not verdict.accepted:
                break
        return verdict

    def _clear_tray(self) -> None:
        self.cards = ()
        self.token = None
        self.zone = None
        self.proposal = None


def open_store(path=None) -> GameStore:
    """The game database at ``path`` (default: :func:`companion.paths.database_file`)."""
    from companion.paths import database_file

    return GameStore(path or database_file())
