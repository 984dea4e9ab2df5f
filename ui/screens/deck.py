"""Deck enrolment: show each card of the game's deck to the camera.

Card vision's live enrolment (:class:`vision.enrol.LiveEnrolment`) says for every frame
whether the expected card was learnt, needs another try (blurred, dark, two cards, the
card shown before) or was not found; the screen shows the live picture with the card's
outline, the card to show next, what to change and the progress. Frames are read and
fed on a worker thread, which also builds the model at the end, saves it where card
vision looks for it (:func:`referee.watcher.taught_model_file`) and restarts card vision
with it. Cards laid while teaching are not played.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from kivy.clock import Clock
from kivy.uix.widget import Widget

from companion import games
from companion.errors import CompanionError
from companion.i18n import Text
from companion.inputs import CardsSeen
from ui import D, theme
from ui.camera_view import CameraView
from ui.screens.base import Page
from referee.watcher import taught_model_file, vision_deck
from ui.widgets import BigButton, Column, Panel, Words, confirm_dialog, escape, primary, row, scrolling, sizes

_, N_, ngettext = D.markers()
log = logging.getLogger(__name__)


class DeckEnrolmentScreen(Page):
    page = "deck"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.game: Any = games.get_game(games.available()[0])
        self.cards: list[Any] = []
        """The game's card faces (:class:`companion.game.CardSpec`), in teaching order."""
        self.enrolment: Any | None = None
        self.index = 0
        """Which of :attr:`cards` to show now (``len(cards)``: all shown)."""
        self.skipped: list[str] = []
        self.status: Text | None = None
        self.retry = False
        """Whether :attr:`status` asks to change something (blur, two cards…)."""
        self.outline: tuple[tuple[float, float], ...] = ()
        self.saved = False
        self.failure: str | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()

    def title(self) -> str:
        return _("Teach the card deck")

    @property
    def expected(self) -> Any | None:
        """The card to show now, or ``None`` once every card was shown or skipped."""
        return self.cards[self.index] if self.enrolment is not None and self.index < len(self.cards) else None

    def on_pre_enter(self, *args: Any) -> None:
        self._start()
        super().on_pre_enter(*args)

    def on_leave(self, *args: Any) -> None:
        self._stop.set()
        super().on_leave(*args)

    def handle_input(self, item: Any) -> bool:
        return isinstance(item, CardsSeen)  # a card shown to be taught is not a move

    def cards_changed(self) -> None:
        if self.manager is not None and self.manager.current == self.page:
            self.refresh()

    # --- the worker ----------------------------------------------------------------------------
    def _start(self) -> None:
        """Begin teaching the deck of the game being played (else the default game)."""
        self._stop.set()
        self.failure, self.enrolment, self.status, self.outline = None, None, None, ()
        self.index, self.skipped, self.saved, self.retry = 0, [], False, False
        referee = self.app.table.referee
        if referee is not None:
            self.game, options = referee.game, referee.options
        else:
            self.game = games.get_game(self.app.services.config.app.default_game)
            options = self.app.services.config.rule_options(self.game.name)
        deck_spec = self.game.deck(options)
        self.cards = list(deck_spec.cards) if deck_spec is not None else []
        camera = self.app.services.camera
        if camera is None:
            self.failure = _("There is no camera: connect it and check it on the hardware screen.")
            return
        if not self.cards:
            self.failure = _("This game uses no cards: there is nothing to teach.")
            return
        try:
            from vision.enrol import LiveEnrolment

            deck = vision_deck(self.game.name, options)
            self.enrolment = LiveEnrolment(deck, zone=self.app.services.cards.zone)
            self.enrolment.expect(self.cards[0].id)
        except ImportError as err:
            self.failure = _("Card vision is not installed ({detail}).").format(detail=err)
            return
        except CompanionError as err:
            self.failure = err.text.render()
            return
        self._stop = threading.Event()
        threading.Thread(target=self._work, args=(camera, self.enrolment, self._stop), name="deck-enrolment",
                         daemon=True).start()

    def _work(self, camera: Any, enrolment: Any, stop: threading.Event) -> None:
        """Feed frames to the enrolment until every card was shown, then build and save
        the model."""
        from vision.enrol import EnrolState

        last = -1
        while not stop.is_set() and self.expected is not None:
            frame = camera.wait_frame(last, timeout=0.5)
            if frame is None:
                if not camera.running:  # the app is closing
                    return
                continue
            last = frame.index
            with self._lock:
                if stop.is_set() or self.expected is None:
                    break
                try:
                    status = enrolment.feed(frame.image)
                except CompanionError as err:
                    self._post(err.text, retry=True)
                    continue
                learnt = status.state is EnrolState.CAPTURED
                self.outline = status.outline
                if learnt:
                    self._advance()
            self._post(status.message, retry=status.state is EnrolState.RETRY, changed=learnt)
        if not stop.is_set():
            self._save(enrolment, stop)

    def _advance(self, skip: bool = False) -> None:
        """On to the next card (the caller holds the lock)."""
        if skip:
            self.skipped.append(self.cards[self.index].id)
        self.index += 1
        self.outline = ()
        if self.index < len(self.cards) and self.enrolment is not None:
            self.enrolment.expect(self.cards[self.index].id)

    def _save(self, enrolment: Any, stop: threading.Event) -> None:
        """Build the model of the cards learnt, save it, and let card vision use it."""
        services = self.app.services
        self._post(D.text("Every card was shown. Building the card model; this takes a few seconds…"),
                   changed=True)
        try:
            model = enrolment.finish(partial=True)
            path = taught_model_file(services.cards.directory, model.deck)
            path.parent.mkdir(parents=True, exist_ok=True)
            model.save(path)
        except (CompanionError, OSError) as err:
            self._post(err.text if isinstance(err, CompanionError) else Text.raw(str(err)), retry=True, changed=True)
            return
        if stop.is_set():
            return
        self.saved = True
        services.cards.restart()
        if self.skipped:
            self._post(D.text("The deck is ready for play. Cards skipped: {n}; they are called unknown until "
                              "you teach them.", n=len(self.skipped)), changed=True)
        else:
            self._post(D.text("Every card is learnt. The deck is ready for play."), changed=True)

    def _post(self, message: Text, *, retry: bool = False, changed: bool = False) -> None:
        """Show ``message`` (from the worker thread); the screen is rebuilt only when
        something it shows changed."""
        if message == self.status and retry == self.retry and not changed:
            return
        self.status, self.retry = message, retry
        Clock.schedule_once(self._changed, 0)

    def _changed(self, _dt: float) -> None:
        if self.manager is not None and self.manager.current == self.page:
            self.refresh()
            if self.app.simulator is not None:
                self.app.simulator.refresh()

    # --- the screen --------------------------------------------------------------------------------
    def build(self) -> Widget:
        m = sizes()
        page = Column()
        if self.failure:
            page.add_widget(Words(escape(self.failure), size="large"))
            return scrolling(page)
        total = len(self.cards)
        learnt = len(self.enrolment.captured) if self.enrolment is not None else 0
        progress = _("{done} of {total} cards learnt").format(done=learnt, total=total)
        if self.skipped:
            progress += " · " + ngettext("{n} skipped", "{n} skipped", len(self.skipped)).format(n=len(self.skipped))
        page.add_widget(Words(f"[b]{escape(progress)}[/b]", size="large"))
        expected = self.expected
        if expected is not None:
            page.add_widget(Words(escape(_("Lay this card alone in the play zone: {card}").format(
                card=expected.label.render())), size="large"))
        if self.status is not None:
            colour = theme.WARNING if self.retry else theme.SURFACE_HIGH
            box = Panel(orientation="vertical", size_hint_y=None, bg=colour)
            box.bind(minimum_height=box.setter("height"))
            box.add_widget(Words(escape(self._named(self.status).render()), color=theme.text_on(colour)))
            page.add_widget(box)
        camera = self.app.services.config.camera
        page.add_widget(CameraView(self.app.latest_frame, self._marks, frame_size=(camera.width, camera.height),
                                   size_hint_y=None, height=max(180, m.height * 0.45)))
        if expected is not None:
            page.add_widget(row(BigButton(_("Skip this card"), self._skip),
                                primary(_("Start again"), self._ask_restart)))
        else:
            page.add_widget(row(BigButton(_("Teach the deck again"), self._restart),
                                primary(_("Home"), lambda: self.app.go("home"))))
        return scrolling(page)

    def _named(self, message: Text) -> Text:
        """``message`` with the card ids card vision put in it shown as the cards' names."""
        names = {card.id: card.label for card in self.cards}
        return Text(message.msgid, {k: names.get(v, v) if isinstance(v, str) else v for k, v in message.params.items()},
                    message.domain, message.plural)

    def _marks(self) -> list[tuple[str, Any]]:
        expected = self.expected
        return [(expected.label.render(), self.outline)] if expected is not None and self.outline else []

    def _skip(self) -> None:
        with self._lock:
            if self.expected is not None:
                self._advance(skip=True)
        self.refresh()

    def _ask_restart(self) -> None:
        """Starting again forgets the cards taught so far: ask first."""
        n = len(self.enrolment.captured) if self.enrolment is not None else 0
        question = ngettext("Start again and forget the {n} card taught so far?",
                            "Start again and forget the {n} cards taught so far?", n).format(n=n)
        confirm_dialog(question, self._restart, yes=_("Start again"))

    def _restart(self) -> None:
        self._start()
        self.refresh()
