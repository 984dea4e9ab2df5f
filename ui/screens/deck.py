"""Deck enrolment: show each card of the game's deck to the camera.

The card vision's live enrolment (``vision`` package) says for every frame whether the
expected card was learnt, needs another try (blurred, half out of the zone) or was
not found; the screen shows the live picture, the card to show next and the progress.
Frames are read and fed off the UI thread.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from kivy.clock import Clock
from kivy.uix.widget import Widget

from companion import games
from ui import D, theme
from ui.camera_view import CameraView
from ui.screens.base import Page, error_text
from ui.widgets import BigButton, Column, Panel, Words, escape, primary, row, scrolling, sizes

_, N_, ngettext = D.markers()
log = logging.getLogger(__name__)


class DeckEnrolmentScreen(Page):
    page = "deck"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.game_name = games.available()[0]
        self.enrolment: Any | None = None
        self.index = 0
        self.status: str = ""
        self.failure: str | None = None
        self._stop = threading.Event()
        self._worker: threading.Thread | None = None

    def title(self) -> str:
        return _("Teach the card deck")

    @property
    def cards(self) -> list[Any]:
        return list(games.get_game(self.game_name).cards())

    def on_pre_enter(self, *args: Any) -> None:
        self._start()
        super().on_pre_enter(*args)

    def on_leave(self, *args: Any) -> None:
        self._stop.set()
        super().on_leave(*args)

    def _start(self) -> None:
        self.failure = None
        camera = getattr(self.app.services.hardware, "camera", None) if self.app.services.hardware else None
        if camera is None:
            self.failure = _("There is no camera: connect it and check it on the hardware screen.")
            return
        try:
            from vision.enrol import LiveEnrolment
            from vision.decks import builtin

            self.enrolment = LiveEnrolment(builtin(self.game_name))
        except ImportError as err:
            self.failure = _("Card vision is not installed ({detail}).").format(detail=err)
            return
        except Exception as err:  # shown on the screen
            self.failure = error_text(err)
            return
        self.index = 0
        self.enrolment.expect(self.cards[0].id)
        self._stop = threading.Event()
        self._worker = threading.Thread(target=self._feed, args=(camera, self._stop), name="deck-enrolment",
                                        daemon=True)
        self._worker.start()

    def _feed(self, camera: Any, stop: threading.Event) -> None:
        """Feed frames to the enrolment until the screen is left."""
        last = -1
        while not stop.is_set():
            frame = camera.wait_frame(last, timeout=0.5)
            if frame is None:
                continue
            last = frame.index
            try:
                status = self.enrolment.feed(frame.image)
            except Exception as err:  # reported on the UI thread
                message = error_text(err)
                Clock.schedule_once(lambda _dt: self._show(message, learnt=False), 0)
                continue
            learnt = bool(getattr(status, "learnt", False))
            text = status.message.render() if hasattr(status, "message") else str(status)
            Clock.schedule_once(lambda _dt, text=text, learnt=learnt: self._show(text, learnt), 0)

    def _show(self, text: str, learnt: bool) -> None:
        self.status = text
        if learnt:
            self._next()
        elif self.manager is not None and self.manager.current == self.page:
            self.refresh()

    def _next(self) -> None:
        self.index += 1
        if self.index < len(self.cards):
            self.enrolment.expect(self.cards[self.index].id)
        else:
            self._stop.set()
            self.enrolment.finish()
            self.status = _("Every card is learnt. The deck is ready for play.")
        self.refresh()

    def build(self) -> Widget:
        m = sizes()
        page = Column()
        if self.failure:
            page.add_widget(Words(escape(self.failure), size="large"))
            return scrolling(page)
        cards = self.cards
        done = min(self.index, len(cards))
        page.add_widget(Words("[b]" + escape(_("{done} of {total} cards learnt").format(done=done, total=len(cards)))
                             + "[/b]", size="large"))
        if self.index < len(cards):
            page.add_widget(Words(escape(_("Lay this card alone in the play zone: {card}").format(
                card=cards[self.index].label.render())), size="large"))
        if self.status:
            box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE_HIGH)
            box.bind(minimum_height=box.setter("height"))
            box.add_widget(Words(escape(self.status)))
            page.add_widget(box)
        camera = self.app.services.config.camera
        page.add_widget(CameraView(None, (camera.width, camera.height), str, self.app.frame_source(),
                                   size_hint_y=None, height=max(180, m.height * 0.45)))
        if self.index < len(cards):
            page.add_widget(row(BigButton(_("Skip this card"), self._next),
                                primary(_("Start again"), self._restart)))
        return scrolling(page)

    def _restart(self) -> None:
        self._stop.set()
        self._start()
        self.refresh()
