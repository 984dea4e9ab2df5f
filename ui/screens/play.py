"""The play screen, one for every game, made for a table seen from 60 cm on the 7"
800×480 screen.

Across the top, the turn strip in the acting player's colour with their name in large
type, and Undo at the far right, away from Confirm. A game with a board gives the board
the whole left side (one drawing kept for the game, so its zoom and selection survive a
refresh, and each move is animated once); the right side holds what the referee waits
for (the prompt and the checklist: card ✓, piece ◻, confirm ◻) above the rest. A game
without a board shows the prompt, the players with their scores or progress and the
game's own panels (Mustang's prairie and corrals) on the left. On the right, in the
order a player needs them: the last verdict with its rulebook section, the
instructions to the dealer or the players, the proposal or its alternatives as large
buttons, Confirm, a countdown when the decision has a time limit, the game's own
buttons, the pieces off the board (a prisoner to free), the players, the camera as a
thumbnail (games with cards), and entry by hand for a reader or camera that is
offline. Everything comes from the game's :class:`~companion.view.View`: the screen
knows no game's vocabulary.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.game import Chance, Over
from companion.inputs import Intent
from companion.view import Announcement, View
from ui import D, theme
from ui.camera_view import CameraView
from ui.panels import GamePanels, panels_for
from ui.pickers import pick_cards, pick_token
from ui.screens.base import Page
from referee.watcher import WatchState
from ui.widgets import (Banner, BigButton, Column, Countdown, Panel, Words, confirm_dialog, escape, icon, primary,
                        row, scrolling, share_bar, sizes, status_words, swatch)

_, N_, ngettext = D.markers()

MAX_TOUCH_MOVES = 12
"""At most this many touch alternatives are listed (stable each horse, exchange…)."""


class PlayScreen(Page):
    page = "play"

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self._panels: GamePanels | None = None
        self._board: tuple[int, Any] | None = None
        self._announced: tuple[int, int] | None = None
        self._deadline: tuple[tuple[int, int], float] | None = None
        self._scores_shown: int | None = None

    @property
    def referee(self) -> Any:
        return self.app.table.referee

    def panels(self) -> GamePanels:
        if self._panels is None or self._panels.game is not self.referee.game:
            self._panels = panels_for(self.referee.game)
        return self._panels

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
        self._announce(self.referee.view())
        if self.referee.is_over and self._scores_shown != self.referee.game_id:
            self._scores_shown = self.referee.game_id
            self.show_scores()

    def _announce(self, view: View) -> None:
        """A new announcement (an event card turned over) gets the whole screen until
        someone touches it; one already seen when the game was opened is not shown."""
        serial = view.announcement.serial if view.announcement else 0
        key = (self.referee.game_id, serial)
        if self._announced is not None and self._announced[0] == key[0] and serial > self._announced[1]:
            assert view.announcement is not None
            announcement_card(view.announcement)
        self._announced = key

    # --- the turn strip -------------------------------------------------------------------
    def top_bar(self, safe: bool = False) -> Widget:
        if safe or self.referee is None:
            return super().top_bar(safe)
        m = sizes()
        view = self.referee.view()
        seat = view.current if view.current is not None else getattr(self.referee.pending, "player", None)
        colour = theme.colour_of(self.referee.seats[seat].colour) if seat is not None else theme.SURFACE_HIGH
        ink = theme.text_on(colour)
        strip = Panel(orientation="horizontal", bg=colour, size_hint_y=None, height=m.font_huge * 1.6,
                      padding=(m.unit, 0))
        strip.add_widget(BigButton(f"{icon('⌂')} {escape(_('Home'))}", lambda: self.app.go("home"),
                                   size_hint_x=None, width=m.touch * 2.2, size_hint_y=None,
                                   height=m.font_huge * 1.3, pos_hint={"center_y": 0.5}))
        if view.over:
            who = _("The game is over")
        elif seat is not None:
            who = self.referee.seats[seat].name
        else:
            who = self.referee.game.title.render()
        mark = f"{theme.symbol_of(self.referee.seats[seat].colour)} " if seat is not None else ""
        name = Words(f"[b]{escape(mark + who)}[/b]", size="huge", color=ink, size_hint_y=1, shorten=True,
                     shorten_from="right")
        strip.add_widget(name)
        markup = self.app.status_markup()
        status = status_words(markup, color=ink) if markup else None
        if status is not None:
            strip.add_widget(status)
        if self.app.simulate:
            strip.add_widget(BigButton(_("Simulator"), self.app.toggle_simulator, size_hint_x=None,
                                       width=m.touch * 2.4, size_hint_y=None, height=m.font_huge * 1.3,
                                       pos_hint={"center_y": 0.5}))
        strip.add_widget(BigButton(f"{icon('↶')} " + escape(_("Undo")), self.ask_undo, size_hint_x=None,
                                   width=m.touch * 2.2, size_hint_y=None, height=m.font_huge * 1.3,
                                   pos_hint={"center_y": 0.5}))
        if status is not None:
            share_bar(strip, name, status, 0.4 if m.compact else 0.3)
        return strip

    # --- building ------------------------------------------------------------------------
    def build(self) -> Widget:
        m = sizes()
        if self.referee is None:
            page = Column()
            page.add_widget(Words(escape(_("No game is being played. Start or resume one on the home screen.")),
                                  size="large"))
            page.add_widget(primary(_("Home"), lambda: self.app.go("home")))
            return page
        view = self.referee.view()
        if self._announced is None or self._announced[0] != self.referee.game_id:
            self._announced = (self.referee.game_id, view.announcement.serial if view.announcement else 0)
        right = Column()
        layout = BoxLayout(orientation="horizontal", spacing=m.unit)
        if view.board is not None:
            board = self._board_widget(view)
            board.size_hint_x = 0.56 if m.compact else 0.62
            layout.add_widget(board)
            right.add_widget(self._prompt(view))
            for widget in self._controls(view):
                right.add_widget(widget)
            right.add_widget(self._players(view))
        else:
            left = Column()
            left.add_widget(self._prompt(view))
            left.add_widget(self._players(view))
            panels = self.panels().widget(view)
            if panels is not None:
                left.add_widget(panels)
            main = scrolling(left)
            main.size_hint_x = 0.56 if m.compact else 0.62
            layout.add_widget(main)
            for widget in self._controls(view):
                right.add_widget(widget)
        layout.add_widget(scrolling(right))
        return layout

    def _prompt(self, view: View) -> Widget:
        """What the referee waits for: the prompt and its checklist."""
        box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE_HIGH)
        box.bind(minimum_height=box.setter("height"))
        box.add_widget(Words(f"[b]{escape(view.prompt.render())}[/b]"))
        if view.waiting:
            items = [f"{icon('☑' if need.done else '☐')} {escape(need.label.render())}" for need in view.waiting]
            box.add_widget(Words("   ".join(items)))
        return box

    def _players(self, view: View) -> Widget:
        """Every player with their score or progress; the one to act is marked."""
        lines = []
        for player in view.players:
            acting = "▶ " if player.seat == view.current else ""
            score = f" — {player.score}" if player.score is not None else ""
            lines.append(f"{icon(acting) if acting else ''}{swatch(player.colour)} [b]{escape(player.name)}[/b]"
                         f"{escape(score)}: {escape(player.summary.render())}")
        return Words("\n".join(lines), size="small")

    def _board_widget(self, view: View) -> Any:
        """The game's board drawing: one widget per game, taken out of the layout it was
        in and shown the new view."""
        from ui.board_widget import BoardWidget

        assert view.board is not None
        if self._board is None or self._board[0] != self.referee.game_id:
            self._board = (self.referee.game_id, BoardWidget(on_tap=self._tap))
        board = self._board[1]
        if board.parent is not None:
            board.parent.remove_widget(board)
        board.show(view.board, {p.seat: p.colour for p in view.players if p.colour})
        return board

    def _off_board(self, view: View) -> list[Widget]:
        """Pieces that are not on the board (a prisoner held, a stone in the supply) and
        that a tap can use, as buttons."""
        if view.board is None:
            return []
        movable = set(view.board.movable)
        off = [p for p in view.board.pieces if p.field is None and p.id in movable]
        return [BigButton(f"{swatch(view.players[p.owner].colour if p.owner is not None else None)} "
                          + escape(p.label.render() or p.id), partial(self._tap, p.id)) for p in off]

    def _tap(self, target: str) -> None:
        self.app.table.feed(Intent("touch", {"target": target}))

    def _instructions(self, view: View) -> Widget | None:
        """What the dealer or the players must do now, in large type and in order."""
        if not view.instructions:
            return None
        box = Panel(orientation="vertical", size_hint_y=None, bg=theme.WARNING)
        box.bind(minimum_height=box.setter("height"))
        ink = theme.text_on(theme.WARNING)
        for line in view.instructions:
            box.add_widget(Words(f"{icon('⚠')} [b]{escape(line.render())}[/b]", color=ink))
        return box

    def _banner(self) -> Widget | None:
        shown = self.app.table.last
        if shown is None:
            return None
        verdict = shown.verdict
        banner = Banner()
        if not verdict.accepted and verdict.section is not None:
            detail: str | None = _("See: {section}").format(section=verdict.section.render())
        else:
            detail = " · ".join(c.text.render() for c in verdict.changes if c.banner) or None
        banner.show("accepted" if verdict.accepted else "rejected", verdict.message.render(), detail)
        return banner

    # --- the right-hand column --------------------------------------------------------------
    def _controls(self, view: View) -> list[Widget]:
        m = sizes()
        referee = self.referee
        pending = referee.pending
        out: list[Widget] = []
        choice = referee.proposal is not None and bool(referee.proposal.alternatives)
        if choice:   # the choice the table must make now comes first, above the fold
            out.extend(self._proposal())
        # On a board game's screen the prompt sits just above: the game's own buttons that
        # answer it (stop a chain, pass…; no sensor makes them) come next, above the fold.
        early = view.board is not None and not isinstance(pending, Over)
        if early:
            out.extend(self._touch_moves())
        banner = self._banner()
        if banner is not None:
            out.append(banner)
        instructions = self._instructions(view)
        if instructions is not None:
            out.append(instructions)
        if isinstance(pending, Over):
            out.append(primary(_("See the scores"), self.show_scores, height=m.touch * 1.4))
            return out
        if not choice:
            out.extend(self._proposal())
        countdown = self._countdown(view)
        if countdown is not None:
            out.append(countdown)
        if not early:
            out.extend(self._touch_moves())
        out.extend(self._off_board(view))
        if isinstance(pending, Chance) and self.app.simulate:
            out.append(BigButton(_("Draw at random (simulation)"), self.app.table.simulate_chance))
        if self.referee.game.cards():
            out.append(self._camera())
        out.extend(self._by_hand(pending))
        return out

    def _proposal(self) -> list[Widget]:
        """The move the table's inputs make, with Confirm; or its alternatives as large
        buttons; or what to do while nothing is proposed."""
        m = sizes()
        referee = self.referee
        proposal = referee.proposal
        if proposal is not None and proposal.alternatives:
            out: list[Widget] = [Words(escape(_("Choose:")), size="small", dim=True)]
            for index, alternative in enumerate(proposal.alternatives):
                out.append(primary(escape(alternative.label.render()),
                                   partial(self.app.table.feed, Intent("choose", {"index": index})),
                                   height=m.touch * 1.2))
            return out
        if proposal is not None:
            text = " + ".join(referee.describe(a).render() for a in proposal.actions)
            box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE, border=theme.ACCENT)
            box.bind(minimum_height=box.setter("height"))
            box.add_widget(Words(escape(_("Proposed: {action}").format(action=text))))
            return [box, primary(f"{icon(theme.ICON_ACCEPTED)} " + escape(_("Confirm")), self.app.table.confirm,
                                 height=m.touch * 1.3)]
        tray = referee.sensed()
        seen = [self.panels().card(c) for c in tray.cards]
        if tray.token:
            seen.append(self.panels().token(tray.token))
        hint = _("Seen: {things}").format(things=", ".join(seen)) if seen else escape(self.panels().hint())
        return [Words(hint, size="small", dim=True),
                primary(f"{icon(theme.ICON_ACCEPTED)} " + escape(_("Confirm")), self.app.table.confirm)]

    def _touch_moves(self) -> list[Widget]:
        """The moves the game offers as buttons (no sensor makes them)."""
        moves = self.referee.game.touch_actions(self.referee.state)
        return [BigButton(escape(self.referee.describe(a).render()), partial(self.app.table.submit, a))
                for a in moves[:MAX_TOUCH_MOVES]]

    def _countdown(self, view: View) -> Widget | None:
        limit = view.countdown
        if limit is None:
            self._deadline = None
            return None
        key = (self.referee.game_id, len(self.referee.actions))
        if self._deadline is None or self._deadline[0] != key:
            self._deadline = (key, time.monotonic() + limit.seconds)
        left = max(0.5, self._deadline[1] - time.monotonic())

        def expire() -> None:
            if self.referee is not None and (self.referee.game_id, len(self.referee.actions)) == key:
                self.app.table.feed(Intent(limit.intent))

        widget = Countdown(left, expire, limit.label.render())
        widget.total = limit.seconds
        return widget

    def _camera(self) -> Widget:
        m = sizes()
        config = self.app.services.config.camera
        panel = Panel(orientation="vertical", size_hint_y=None, height=max(150, m.height * 0.36))
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
            return str(camera.message.render())  # says what to check, and that cards can be entered by hand
        message = self.app.services.cards.status.message
        return message.render() if message is not None else None

    def _marks(self) -> list[tuple[str, Any]]:
        """Every card card vision sees now: its name, or "?" when it cannot read it."""
        watcher = self.app.services.watcher
        if watcher is None:
            return []
        names = {spec.id: spec.label.render() for spec in self.referee.game.cards()}
        return [(names.get(d.card, d.card) if d.card else "?", d.outline) for d in watcher.latest.detections]

    # --- entry by hand ------------------------------------------------------------------------
    def _by_hand(self, pending: Any) -> list[Widget]:
        """Buttons that answer the referee without the reader or the camera."""
        m = sizes()
        game = self.referee.game
        buttons: list[Widget] = []
        if isinstance(pending, Chance) and pending.outcomes:
            buttons.append(BigButton(_("Enter what was drawn"), self._enter_outcome, height=m.touch * 1.2))
        if game.tokens():
            buttons.append(BigButton(self.panels().token_words("enter"), self._enter_token))
        if game.cards():
            buttons.append(BigButton(_("Enter cards by hand"), self._enter_cards))
        return [row(*buttons, height=m.touch * 1.2)] if buttons else []

    def _enter_outcome(self) -> None:
        """The chance node's outcomes as a picker: cards are laid, tokens scanned."""
        game = self.referee.game
        outcomes = set(self.referee.pending.outcomes)
        cards = tuple(s for s in game.cards() if s.id in outcomes)
        tokens = tuple(s for s in game.tokens() if s.id in outcomes)
        if cards:
            pick_cards(_("Which card was turned over?"), cards, self.app.table.lay)
        elif tokens:
            pick_token(self.panels().token_words("drawn"), tokens, self.app.table.scan)

    def _enter_token(self) -> None:
        pick_token(self.panels().token_words("scanned"), self.referee.game.tokens(), self.app.table.scan)

    def _enter_cards(self) -> None:
        pick_cards(_("Which cards are in the play zone?"), self.referee.game.cards(), self.app.table.lay)

    # --- undo and scores -------------------------------------------------------------------
    def ask_undo(self) -> None:
        """Say what Undo will take back, and take it back on yes."""
        move = self.referee.last_move() if self.referee is not None else None
        if move is None:
            self.explain(_("There is nothing to undo."))
            return
        confirm_dialog(_("Undo {move}?").format(move=move.render()), self.app.table.undo, yes=_("Undo"))

    def show_scores(self) -> None:
        referee = self.referee
        self.app.screen("scores").show(referee.scores(), colours={i: s.colour for i, s in enumerate(referee.seats)})


def announcement_card(announcement: Announcement) -> ModalView:
    """An announcement (an event card) over the whole screen; a touch anywhere closes it."""
    view = ModalView(size_hint=(1, 1), background_color=(0, 0, 0, 0.92))
    box = Panel(orientation="vertical", bg=theme.WARNING)
    ink = theme.text_on(theme.WARNING)
    box.add_widget(Widget())
    box.add_widget(Words(f"[b]{escape(announcement.title.render())}[/b]", size="huge", halign="center", color=ink))
    box.add_widget(Words(escape(announcement.body.render()), size="large", halign="center", color=ink))
    box.add_widget(Widget())
    box.add_widget(primary(_("Carry on"), view.dismiss))
    view.add_widget(box)
    view.open()
    return view
