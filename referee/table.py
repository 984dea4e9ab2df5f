"""The game being refereed, between the sensors, the referee session and the screens.

:class:`Table` owns the current :class:`companion.session.Referee`, feeds it the table
inputs the app drains from the queue, plays the LED/buzzer pattern of each verdict and
tells its listeners (the screens) that something changed. Starting or resuming a game
points card vision at that game's deck. It needs no Kivy.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from companion.game import Decision, Seat, Verdict
from companion.inputs import CardsSeen, TableInput

from referee.services import Services

if TYPE_CHECKING:
    from companion.session import Referee

log = logging.getLogger(__name__)

Listener = Callable[["Table"], None]


@dataclass(frozen=True)
class Shown:
    """A verdict as the table saw it, with the sequence number of the change."""

    verdict: Verdict
    serial: int


class Table:
    """The current game (if any), the last verdict and the cards the camera last reported
    in the play zone (:attr:`zone_cards`: still there after the referee took them in)."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.referee: Referee | None = None
        self.last: Shown | None = None
        self.zone_cards: tuple[str, ...] = ()
        self.serial = 0
        self._listeners: list[Listener] = []
        self._resting: tuple[str, int | None] | None = None
        self._events = 0

    # --- listeners -----------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def changed(self) -> None:
        self.serial += 1
        for listener in list(self._listeners):
            listener(self)

    # --- games ---------------------------------------------------------------------
    def start(self, game: str, seats: Sequence[Seat], options: dict[str, Any] | None = None, *,
              dealer: int = 0, seed: int | None = None, board: dict[str, Any] | None = None,
              board_file: dict[str, Any] | None = None) -> None:
        """Start a new game; in simulation the engine deals real hands to play from."""
        from companion.session import Referee

        self.referee = Referee.new(self.services.store, game, list(seats), options, seed=seed,
                                   dealer=dealer, simulated_hands=self.services.simulate, board=board,
                                   board_file=board_file, token_lookup=self.lookup)
        self._begin()

    def resume(self, game_id: Any) -> None:
        from companion.session import Referee

        self.referee = Referee.resume(self.services.store, game_id, token_lookup=self.lookup)
        self._begin()

    @property
    def live(self) -> Referee:
        """The referee of the game being played (what the actions below need)."""
        if self.referee is None:
            raise RuntimeError("no game is being refereed")
        return self.referee

    def _begin(self) -> None:
        self.last = None
        self._events = self.announcements()
        self.services.watch_cards(self.live.game.name, self.live.options)
        self.signal()
        self.changed()

    def leave(self) -> None:
        """Stop showing the current game (it stays in the store, unfinished or not)."""
        self.referee = None
        self.last = None
        self.signal()
        self.changed()

    def lookup(self, uid: str) -> str | None:
        """The token id enrolled for tag ``uid`` (``None``: unknown tag or no registry)."""
        registry = self.services.registry
        if registry is None:
            return None
        found = registry.lookup(uid)
        return found.token_id if found is not None else None

    @property
    def playing(self) -> bool:
        return self.referee is not None

    # --- inputs ----------------------------------------------------------------------
    def feed(self, item: TableInput) -> Verdict | None:
        """Give a sensor or touch input to the referee; show its verdict if it judged one."""
        if self.referee is None:
            return None
        if isinstance(item, CardsSeen):
            self.zone_cards = item.cards
        verdict = self.referee.table_input(item)
        self._show(verdict)
        return verdict

    def scan(self, token: str) -> Verdict | None:
        """A token entered by hand (the reader is offline), as if it had been scanned."""
        verdict = self.live.scan(token)
        self._show(verdict)
        return verdict

    def lay(self, cards: Sequence[str]) -> Verdict | None:
        """Cards entered by hand (the camera is offline), as if they had been seen."""
        verdict = self.live.lay(cards)
        self._show(verdict)
        return verdict

    def submit(self, action: Any) -> Verdict:
        return self._judged(self.live.submit(action))

    def confirm(self) -> Verdict | None:
        verdict = self.live.confirm()
        self._show(verdict)
        return verdict

    def undo(self) -> Verdict:
        return self._judged(self.live.undo())

    def simulate_chance(self) -> Verdict:
        return self._judged(self.live.simulate_chance())

    def _judged(self, verdict: Verdict) -> Verdict:
        self._show(verdict)
        return verdict

    def _show(self, verdict: Verdict | None) -> None:
        if verdict is not None:
            self.last = Shown(verdict, self.serial + 1)
        self.signal(verdict)
        self.changed()

    # --- the LED and the buzzer ----------------------------------------------------------
    def signal(self, verdict: Verdict | None = None) -> None:
        """Play what the table should see and hear now (:data:`hardware.feedback.PATTERNS`).

        The resting pattern says what the table waits for: ``offline`` while a device is
        offline, ``your_turn`` while a game waits for a player (played again, with its
        chirps, each time another player must act), else ``idle``. Over it, a verdict
        plays ``event`` when it revealed an event card, else ``accepted`` or ``rejected``.
        """
        resting = self._resting_pattern()
        if resting != self._resting:
            self._resting = resting
            self.services.feedback(resting[0])
        if verdict is None:
            return
        revealed, self._events = self._events, self.announcements()
        if verdict.accepted and self._events > revealed:
            self.services.feedback("event")
        else:
            self.services.feedback("accepted" if verdict.accepted else "rejected")

    def _resting_pattern(self) -> tuple[str, int | None]:
        if self.services.offline():
            return "offline", None
        pending = self.referee.pending if self.referee is not None else None
        if isinstance(pending, Decision):
            return "your_turn", pending.player
        return "idle", None

    def announcements(self) -> int:
        """The serial of the game's last announcement (an event card turned over): the
        ``event`` pattern plays when it grows."""
        if self.referee is None:
            return 0
        announcement = self.referee.view().announcement
        return announcement.serial if announcement is not None else 0
