"""Simulated hands at the table: what the simulator panel does for a player.

:class:`Puppet` works the simulated hardware the way hands would: tokens go on the
simulated reader (:func:`hardware.rfid.table.simulated_table`), cards are laid under
the synthetic camera, where card vision (:class:`referee.watcher.CardWatcher`) reads them
as at a real table, and the confirm and undo buttons are pressed through their mock
pins. Without a device layer, or without card vision, the same inputs go straight on
the queue (``TagPlaced``, ``CardsSeen``, ``ButtonPressed``).

:meth:`Puppet.plan` turns a game action into those physical steps from the game's own
account of how a table plays it (:meth:`companion.game.Game.table_inputs`, the lines of
a scripted game): cards are laid in the play zone, tokens placed on the reader of their
zone, buttons pressed, pieces and fields tapped on the board, alternatives chosen; an
action the game cannot play from the table alone is entered by touch
(``Intent("action")``). :class:`Autoplay` runs a plan step by step on the app's clock,
waiting for each input to reach the referee before the next.
"""

from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from companion.errors import CompanionError
from companion.inputs import ButtonPressed, CardsSeen, Intent, TagPlaced

from ui import D
from referee.table import Table
from referee.watcher import WatchState

_, N_, ngettext = D.markers()
log = logging.getLogger(__name__)

SETTLE = 0.4
"""Seconds the table rests after a move, so the reader sees the next token arrive."""


def uid_for(token: str) -> str:
    """The simulated tag of ``token``: a stable 4-byte UID derived from its id."""
    return hashlib.sha1(token.encode()).hexdigest()[:8].upper()


@dataclass(frozen=True)
class Step:
    """One physical step: ``kind`` is ``lay``, ``place``, ``intent``, ``press`` or ``clear``."""

    kind: str
    value: Any
    done: Callable[[Any, float], bool]
    """Given the referee and the seconds since the step was taken, whether it is through."""


class Puppet:
    """The simulated table's hands."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.services = table.services

    # --- the physical inputs --------------------------------------------------------------
    def ensure_enrolled(self, game: Any) -> None:
        """In simulation every token of ``game`` has a tag: enrol the missing ones."""
        registry = self.services.registry
        if registry is None:
            return
        for spec in game.tokens():
            if self.table.lookup(uid_for(spec.id)) is None:
                registry.enroll(uid_for(spec.id), game.name, spec.id)

    @property
    def zone(self) -> str:
        """The zone of the first reader: where tokens are laid."""
        readers = self.services.config.rfid.readers
        return readers[0].zone if readers else "main"

    def place(self, token: str, zone: str | None = None) -> None:
        """Lay ``token`` on the reader of ``zone`` (default: the first reader's), lifting
        whatever lay there."""
        uid = uid_for(token)
        zone = zone or self.zone
        rfid = self._rfid_table()
        if rfid is None or zone not in rfid.zones():
            self.services.queue.put(TagPlaced(uid, zone, at=time.monotonic()))
            return
        for other in rfid.tags_on(zone):
            rfid.lift(zone, other)
        rfid.place(zone, uid)

    def lay(self, cards: Sequence[str]) -> None:
        """Put ``cards`` in the play zone (an empty list clears it).

        The synthetic camera shows them and card vision reports what it reads. Without
        a camera or card vision, or when the camera cannot draw the deck card vision
        watches (a deck without printable faces: :func:`vision.decks.drawable`), the
        cards go on the queue as card vision would report them.
        """
        camera = self._camera()
        if camera is not None and self.services.cards.available and camera.deck == self.services.cards.deck:
            camera.set_cards(list(cards))
        else:
            self.services.queue.put(CardsSeen(tuple(sorted(cards)), at=time.monotonic()))

    @property
    def laid(self) -> tuple[str, ...]:
        """The cards lying under the simulated camera."""
        camera = self._camera()
        return camera.cards if camera is not None else ()

    @property
    def vision_preparing(self) -> bool:
        """Card vision is still loading (or building) its deck model."""
        return self.services.cards.status.state is WatchState.PREPARING

    def press(self, name: str) -> None:
        """Press the ``confirm`` or ``undo`` button."""
        hardware = self.services.hardware
        if hardware is not None and hardware.gpio is not None:
            hardware.press(name)
        else:
            self.services.queue.put(ButtonPressed(name, at=time.monotonic()))

    def intent(self, intent: Intent) -> None:
        """A touch on the screen: a button, a piece or field of the board, a choice."""
        self.services.queue.put(intent)

    def _rfid_table(self) -> Any | None:
        hardware = self.services.hardware
        return hardware.simulated_table() if hardware is not None else None

    def _camera(self) -> Any | None:
        hardware = self.services.hardware
        return hardware.synthetic_camera if hardware is not None else None

    # --- plans --------------------------------------------------------------------------------
    def plan(self, action: Any) -> list[Step]:
        """The physical steps that make the referee play ``action``: the game's own
        table inputs for it, each done once the referee has taken it in."""
        referee = self.table.live
        game = referee.game
        try:
            lines = game.table_inputs(referee.state.copy(), [action])
        except (CompanionError, LookupError):  # the action needs what follows it to be played from the table
            lines = [{"action": game.action_to_json(action)}]
        played = game.played_cards(action)
        if played and not any("cards" in line for line in lines):
            lines = [{"cards": list(played)}, *lines]   # the cards leave the hand, seen by the camera
        start = len(referee.actions)

        def moved(r: Any, _elapsed: float = 0.0) -> bool:
            return len(r.actions) > start

        exact = Intent("action", {"action": game.action_to_json(action)})
        steps = [self._step(line, exact, moved) for line in lines]
        if any(step.kind in ("lay", "place") for step in steps):
            steps.append(Step("clear", None, lambda _r, elapsed: elapsed > SETTLE and not self.table.zone_cards))
        return steps

    def _step(self, line: dict[str, Any], exact: Intent, moved: Callable[[Any, float], bool]) -> Step:
        """One line of a scripted game (``docs/scripted-games.md``) as a physical step.
        A game's own button (an ``intent`` line) is the button the screen offers for the
        exact action (``exact``): with simulated hands it names the cards too."""
        if "cards" in line:
            cards = tuple(sorted(line["cards"]))
            return Step("lay", cards, lambda r, t: tuple(sorted(r.cards)) == cards or moved(r, t))
        if "scan" in line or "tag" in line:
            token = str(line.get("scan") or line.get("tag"))
            return Step("place", (token, line.get("zone")),
                        lambda r, t: r.token == token or r.proposal is not None or moved(r, t))
        if "confirm" in line:
            return Step("press", "confirm", moved)
        before = len(self.table.live.touched)
        if "touch" in line:
            intent = Intent("touch", {"target": line["touch"]})
            return Step("intent", intent, lambda r, t: len(r.touched) > before or r.proposal is not None or moved(r, t))
        if "choose" in line:
            return Step("intent", Intent("choose", {"index": line["choose"]}), moved)
        return Step("intent", exact, moved)

    def clear(self, _value: Any = None) -> None:
        """Take the cards out of the zone and the tokens off the reader."""
        if self.table.zone_cards or self._camera() is not None:
            self.lay(())
        rfid = self._rfid_table()
        if rfid is not None and self.zone in rfid.zones():
            for uid in rfid.tags_on(self.zone):
                rfid.lift(self.zone, uid)

    def do(self, step: Step) -> None:
        if step.kind == "place":
            self.place(*step.value)
        else:
            doers: dict[str, Callable[[Any], None]] = {"lay": self.lay, "press": self.press, "intent": self.intent,
                                                       "clear": self.clear}
            doers[step.kind](step.value)


class Autoplay:
    """Plays actions step by step: call :meth:`tick` from the app's clock.

    Each step waits until the referee has taken it in (cards seen, token scanned),
    at most ``patience`` seconds (not counting while card vision gets ready), before
    the next. ``moves`` limits how many actions are played (``None``: until the game is
    over); ``choose`` picks each action (default: the referee's built-in player, or the
    seeded draw at a chance node).
    """

    def __init__(self, puppet: Puppet, *, moves: int | None = 1, patience: float = 10.0,
                 choose: Callable[[Any], Any] | None = None) -> None:
        self.puppet = puppet
        self.moves = moves
        self.patience = patience
        self.choose = choose or (lambda referee: referee.bot_action())
        self.problem: str | None = None
        self._steps: Iterator[Step] | None = None
        self._current: Step | None = None
        self._since = 0.0

    @property
    def running(self) -> bool:
        return self.problem is None and not (self.moves == 0 and self._current is None)

    def tick(self) -> bool:
        """Advance if possible; ``False`` once finished or stuck."""
        referee = self.puppet.table.referee
        if referee is None or referee.is_over or not self.running:
            return False
        if self._current is not None:
            if self.puppet.vision_preparing:
                self._since = time.monotonic()
                return True
            if not self._current.done(referee, time.monotonic() - self._since):
                if time.monotonic() - self._since > self.patience:
                    self.problem = _("The simulated table did not react in time; try the move by hand.")
                    return False
                return True
            self._current = None
        if self._steps is not None:
            self._current = next(self._steps, None)
        if self._current is None:
            if self._steps is not None and self.moves is not None:
                self.moves -= 1
                if self.moves == 0:
                    return False
            self._steps = iter(self.puppet.plan(self.choose(referee)))
            self._current = next(self._steps)
        self.puppet.do(self._current)
        self._since = time.monotonic()
        return True
