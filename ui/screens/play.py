"""The play screen: whose turn, the board, the dealer's instructions, the last verdict,
the proposal to confirm, touch alternatives and the live camera panel.

Players act mostly through the sensors: cards laid in the play zone and a scanned
token make a proposal, which the confirm button (or touch) submits. Everything else is
a touch: the legal moves that need no cards (exchange, stable, decline, done…), undo,
and manual entry of tokens and cards when a reader or the camera is offline. The camera
panel shows what card vision sees live, or why it cannot read the cards and what to do.
"""

from __future__ import annotations

import time
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.game import Chance, Over
from companion.inputs import Intent
from ui import D, theme
from ui.boards import board_for
from ui.camera_view import CameraView
from ui.pickers import pick_cards, pick_token
from ui.screens.base import Page
from ui.watcher import WatchState
from ui.widgets import (Banner, BigButton, Column, Countdown, Panel, Words, escape, icon, primary,
                        row, scrolling, sizes, swatch)

_, N_, ngettext = D.markers()

MAX_TOUCH_MOVES = 12
"""At most this many touch alternatives are listed (stable each horse, exchange…)."""

SHOWN_ELSEWHERE = frozenset({"deal", "returned", "reshuffle", "owed", "turn"})
"""Kinds of a verdict's changes the banner leaves out: the dealer's panel and the prompt
above it already say them."""


class PlayScreen(Page):
    page = "play"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self._board = None
        self._events_seen: tuple[int, int] | None = None
        self._deadline: tuple[tuple[int, int], float] | None = None
        self._scores_shown: int | None = None

    @property
    def referee(self) -> Any:
        return self.app.table.referee

    def board(self) -> Any:
        if self._board is None or self._board.game is not self.referee.game:
            self._board = board_for(self.referee.game)
        return self._board

    def title(self) -> str:
        if self.referee is None:
            return _("Play")
        return self.referee.game.title.render()

    # --- changes ------------------------------------------------------------------------
    def cards_changed(self) -> None:
        if self.manager is not None and self.manager.current == self.page:
            self.refresh()

    def table_changed(self) -> None:
        if self.manager is None or self.manager.current != self.page or self.referee is None:
            return
        self.refresh()
        self._announce_event()
        if self.referee.is_over and self._scores_shown != self.referee.game_id:
            self._scores_shown = self.referee.game_id
            self.show_scores()

    def _announce_event(self) -> None:
        """A newly revealed event gets the whole screen until someone touches it."""
        view = self.referee.observation()
        key = (self.referee.game_id, self.app.table.events_revealed())
        if self._events_seen is None or self._events_seen[0] != key[0]:
            self._events_seen = key
            return
        if key[1] > self._events_seen[1]:
            card = self.board().event(view)
            if card is not None:
                event_card(*card)
        self._events_seen = key

    # --- building ------------------------------------------------------------------------
    def build(self) -> Widget:
        m = sizes()
        if self.referee is None:
            page = Column()
            page.add_widget(Words(escape(_("No game is being played. Start or resume one on the home screen.")),
                                 size="large"))
            page.add_widget(primary(_("Home"), lambda: self.app.go("home")))
            return page
        view = self.referee.observation()
        if self._events_seen is None or self._events_seen[0] != self.referee.game_id:
            self._events_seen = (self.referee.game_id, self.app.table.events_revealed())
        left = Column()
        left.add_widget(self._prompt(view))
        instructions = self._instructions(view)
        if instructions is not None:
            left.add_widget(instructions)
        banner = self._banner()
        if banner is not None:
            left.add_widget(banner)
        left.add_widget(self.board().widget(view))
        right = Column()
        for widget in self._controls(view):
            right.add_widget(widget)
        layout = BoxLayout(orientation="horizontal", spacing=m.unit)
        main = scrolling(left)
        main.size_hint_x = 0.6 if m.compact else 0.64
        layout.add_widget(main)
        layout.add_widget(scrolling(right))
        return layout

    def _prompt(self, view: dict[str, Any]) -> Widget:
        pending = self.referee.pending
        box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE_HIGH)
        box.bind(minimum_height=box.setter("height"))
        who = getattr(pending, "player", None)
        mark = swatch(self.referee.seats[who].colour) + " " if who is not None else ""
        box.add_widget(Words(f"{mark}[b]{escape(pending.prompt.render())}[/b]",
                            size="body" if sizes().compact else "large"))
        return box

    def _instructions(self, view: dict[str, Any]) -> Widget | None:
        """The dealer's instructions after the last action, in big type and in order."""
        lines = [line for line in map(self._instruction, view.get("dealer_instructions", ())) if line]
        if not lines:
            return None
        dealer = self.referee.seats[view.get("dealer", self.referee.dealer)].name
        box = Panel(orientation="vertical", size_hint_y=None, bg=theme.WARNING)
        box.bind(minimum_height=box.setter("height"))
        ink = theme.text_on(theme.WARNING)
        box.add_widget(Words(f"{icon('⚠')} [b]" + escape(_("Dealer ({name}):").format(name=dealer)) + "[/b]",
                            color=ink))
        for line in lines:
            box.add_widget(Words(line, size="large", color=ink))
        return box

    def _instruction(self, item: dict[str, Any]) -> str | None:
        """One dealer instruction as markup (``None``: nothing to do): a deal, a reshuffle
        of the discard pile, or cards still owed (``docs/scripted-games.md``)."""
        kind = item.get("kind", "deal")
        if kind == "reshuffle":
            return "[b]" + escape(ngettext("shuffle the discard pile ({n} card) into a new supply",
                                           "shuffle the discard pile ({n} cards) into a new supply",
                                           item["size"]).format(n=item["size"])) + "[/b]"
        seat = self.referee.seats[item["player"]]
        mark = swatch(seat.colour) + " "
        if kind == "owed":
            return mark + escape(ngettext("{name} is owed {n} card: deal it as soon as there are cards",
                                          "{name} is owed {n} cards: deal them as soon as there are cards",
                                          item["owed"]).format(n=item["owed"], name=seat.name))
        parts = []
        if item.get("returned"):
            parts.append(ngettext("put the {n} card {name} gives back under the supply",
                                  "put the {n} cards {name} gives back under the supply",
                                  item["returned"]).format(n=item["returned"], name=seat.name))
        if item.get("cards"):
            parts.append(ngettext("give {n} card to {name}", "give {n} cards to {name}", item["cards"]).format(
                n=item["cards"], name=seat.name))
        return mark + "[b]" + escape(", ".join(parts)) + "[/b]" if parts else None

    def _banner(self) -> Widget | None:
        shown = self.app.table.last
        if shown is None:
            return None
        verdict = shown.verdict
        banner = Banner()
        detail = None
        if not verdict.accepted and verdict.section is not None:
            detail = _("See: {section}").format(section=verdict.section.render())
        else:
            shown = [c.text.render() for c in verdict.changes if c.data.get("kind") not in SHOWN_ELSEWHERE]
            detail = " · ".join(shown) or None
        banner.show("accepted" if verdict.accepted else "rejected", verdict.message.render(), detail)
        return banner

    # --- the right-hand column: proposal, buttons, camera, touch moves ---------------------------
    def _controls(self, view: dict[str, Any]) -> list[Widget]:
        m = sizes()
        referee = self.referee
        pending = referee.pending
        out: list[Widget] = []
        if isinstance(pending, Over):
            out.append(primary(_("See the scores"), self.show_scores, height=m.touch * 1.4))
            out.append(BigButton(_("Undo the last move"), self.app.table.undo))
            return out
        if referee.proposal is not None:
            text = " + ".join(referee.describe(a).render() for a in referee.proposal.actions)
            box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE, border=theme.ACCENT)
            box.bind(minimum_height=box.setter("height"))
            box.add_widget(Words(escape(_("Proposed: {action}").format(action=text))))
            out.append(box)
        else:
            tray = view.get("table", {})
            laid = ", ".join(self.board().card(c) for c in tray.get("cards", ()))
            hint = self.board().hint()
            if laid or tray.get("token"):
                hint = _("Seen: {cards} {token}").format(cards=laid, token=self.board().token(tray["token"])
                                                        if tray.get("token") else "")
            out.append(Words(hint if laid or tray.get("token") else escape(hint), size="small", dim=True))
        out.append(row(primary(f"{icon(theme.ICON_ACCEPTED)} " + escape(_("Confirm")), self.app.table.confirm),
                       BigButton(f"{icon('↶')} " + escape(_("Undo")), self.app.table.undo)))
        countdown = self._countdown(view)
        if countdown is not None:
            out.append(countdown)
        out.append(self._camera())
        out.extend(self._touch_moves(pending))
        if isinstance(pending, Chance) and self.app.simulate:
            out.append(BigButton(_("Draw at random (simulation)"), self.app.table.simulate_chance))
        out.append(row(BigButton(_("Enter a token by hand"), self._enter_token),
                       BigButton(_("Enter cards by hand"), self._enter_cards), height=m.touch * 1.2))
        return out

    def _touch_moves(self, pending: Any) -> list[Widget]:
        """Legal moves that need no cards, as buttons (chance outcomes are scanned)."""
        if isinstance(pending, Chance):
            return []
        moves = [a for a in self.referee.legal_actions() if not getattr(a, "cards", ())]
        return [BigButton(escape(self.referee.describe(a).render()), lambda a=a: self.app.table.submit(a))
                for a in moves[:MAX_TOUCH_MOVES]]

    def _countdown(self, view: dict[str, Any]) -> Widget | None:
        limit = self.board().countdown(view, self.referee.options)
        if limit is None:
            self._deadline = None
            return None
        intent, seconds = limit
        key = (self.referee.game_id, len(self.referee.actions))
        if self._deadline is None or self._deadline[0] != key:
            self._deadline = (key, time.monotonic() + seconds)
        left = max(0.5, self._deadline[1] - time.monotonic())

        def expire() -> None:
            if self.referee is not None and (self.referee.game_id, len(self.referee.actions)) == key:
                self.app.table.feed(Intent(intent))

        widget = Countdown(left, expire, _("Time to defend"))
        widget.total = seconds
        return widget

    def _camera(self) -> Widget:
        m = sizes()
        config = self.app.services.config.camera
        panel = Panel(orientation="vertical", size_hint_y=None, height=max(180, m.height * 0.5))
        panel.add_widget(Words(escape(_("Play zone camera")), size="small", dim=True))
        problem = self._camera_problem()
        if problem is not None:
            panel.add_widget(Words(escape(problem), size="small", color=theme.WARNING))
        if self.app.services.cards.status.state is WatchState.NO_MODEL:
            panel.add_widget(BigButton(_("Teach the card deck"), lambda: self.app.go("deck")))
        panel.add_widget(CameraView(self.app.latest_frame, self._marks, frame_size=(config.width, config.height)))
        return panel

    def _camera_problem(self) -> str | None:
        """Why laid cards are not read now (camera offline, card vision not ready)."""
        camera = self.app.services.devices.get("camera")
        if camera is not None and not camera.online:
            return camera.message.render()  # says what to check, and that cards can be entered by hand
        message = self.app.services.cards.status.message
        return message.render() if message is not None else None

    def _marks(self) -> list[tuple[str, Any]]:
        """Every card card vision sees now: its name, or "?" when it cannot read it."""
        watcher = self.app.services.watcher
        if watcher is None:
            return []
        names = {spec.id: spec.label.render() for spec in self.referee.game.cards()}
        return [(names.get(d.card, d.card) if d.card else "?", d.outline) for d in watcher.latest.detections]

    # --- manual entry ---------------------------------------------------------------------
    def _enter_token(self) -> None:
        game = self.referee.game
        pending = self.referee.pending
        specs = game.tokens()
        if isinstance(pending, Chance) and pending.outcomes:
            allowed = set(pending.outcomes)
            specs = tuple(s for s in specs if s.id in allowed) or specs
        pick_token(_("Which token was scanned?"), specs, self.app.table.scan)

    def _enter_cards(self) -> None:
        pick_cards(_("Which cards are in the play zone?"), self.referee.game.cards(), self.app.table.lay)

    def show_scores(self) -> None:
        referee = self.referee
        self.app.screen("scores").show(referee.scores(), colours={i: s.colour for i, s in enumerate(referee.seats)})


def event_card(title: str, effect: str) -> ModalView:
    """An event card over the whole screen; a touch anywhere closes it."""
    view = ModalView(size_hint=(1, 1), background_color=(0, 0, 0, 0.92))
    box = Panel(orientation="vertical", bg=theme.WARNING)
    ink = theme.text_on(theme.WARNING)
    box.add_widget(Widget())
    box.add_widget(Words(f"[b]{escape(title)}[/b]", size="huge", halign="center", color=ink))
    box.add_widget(Words(escape(effect), size="large", halign="center", color=ink))
    box.add_widget(Widget())
    box.add_widget(primary(_("Resolve the event"), view.dismiss))
    view.add_widget(box)
    view.open()
    return view
