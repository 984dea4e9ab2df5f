"""The simulator panel beside the table (``companion --simulate``).

It shows the hand of whoever must act (the engine deals real cards in simulation),
lets a newcomer lay chosen cards under the synthetic camera, put any token on the
simulated reader, press the virtual confirm and undo buttons, or let the built-in
player make the move (one move, or to the end of the game). While the deck is taught it
lays the card the wizard asks for under the camera, once or for every card in turn.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout

from companion.game import Chance, Decision
from ui import D, theme
from ui.pickers import pick_token
from ui.simulation import Autoplay, Puppet
from ui.widgets import BigButton, Column, Panel, Words, escape, grid, primary, row, scrolling, sizes

_, N_, ngettext = D.markers()


class SimulatorPanel(BoxLayout):
    """A side panel; hidden and shown with the top bar's Simulator button."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", **kwargs)
        self.app = app
        self.puppet = Puppet(app.table)
        self.autoplay: Autoplay | None = None
        self.selected: list[int] = []
        self.teaching = False
        """Lay every card the deck wizard asks for, in turn."""
        self.shown = not sizes().compact
        self._event = Clock.schedule_interval(self._tick, 0.15)
        self._apply_width()

    def _apply_width(self) -> None:
        self.size_hint_x = (0.5 if sizes().compact else 0.34) if self.shown else None
        if not self.shown:
            self.width = 0
        self.opacity = 1 if self.shown else 0
        self.disabled = not self.shown

    def fit(self) -> None:
        """After a resize: beside the table on a wide window, hidden on the 7" screen."""
        self.shown = not sizes().compact
        self._apply_width()

    def toggle(self) -> None:
        self.shown = not self.shown
        self._apply_width()
        self.refresh()

    def _tick(self, _dt: float) -> None:
        if self.teaching:
            self._show_expected()
        if self.autoplay is None:
            return
        if not self.autoplay.tick():
            problem, self.autoplay = self.autoplay.problem, None
            if problem:
                self.app.report_text(problem)
            self.refresh()

    def refresh(self) -> None:
        self.clear_widgets()
        if not self.shown:
            return
        panel = Panel(orientation="vertical", bg=theme.SURFACE)
        page = Column()
        page.add_widget(Words(f"[b]{escape(_('Simulator'))}[/b]", size="large"))
        referee = self.app.table.referee
        if self.app.manager.current == "deck":
            self._deck_controls(page)
        elif referee is None:
            page.add_widget(Words(escape(_("Start or resume a game: the simulator then plays the table's part.")),
                                 size="small"))
        else:
            self._game_controls(page, referee)
        panel.add_widget(scrolling(page))
        self.add_widget(panel)

    def _game_controls(self, page: Column, referee: Any) -> None:
        m = sizes()
        if self.autoplay is not None:
            page.add_widget(Words(escape(_("The built-in player is moving…")), size="small"))
            page.add_widget(BigButton(_("Stop"), self._stop))
            return
        if referee.is_over:
            page.add_widget(Words(escape(_("The game is over.")), size="small"))
            return
        page.add_widget(primary(_("Play one move for me"), lambda: self._play(1)))
        page.add_widget(BigButton(_("Play to the end"), lambda: self._play(None)))
        pending = referee.pending
        seat = pending.player if isinstance(pending, Decision) else None
        if seat is not None and referee.game.cards():
            cards = [card for card in referee.game.hand(referee.state, seat) if card is not None]
            page.add_widget(Words(escape(_("Hand of {name}:").format(name=referee.seats[seat].name)), size="small"))
            labels = {s.id: s.label.render() for s in referee.game.cards()}
            buttons = []
            for index, card in enumerate(cards):
                chosen = index in self.selected
                buttons.append(BigButton(("» " if chosen else "") + escape(labels.get(card, card)),
                                         partial(self._select, index),
                                         colour=theme.ACCENT if chosen else theme.SURFACE_HIGH,
                                         font_size=m.font_small))
            page.add_widget(grid(buttons, 2))
            chosen_cards = [cards[i] for i in self.selected if i < len(cards)]
            page.add_widget(row(BigButton(_("Lay in the zone"), lambda: self._lay(chosen_cards)),
                                BigButton(_("Clear the zone"), lambda: self._lay([]))))
        elif isinstance(pending, Chance):
            page.add_widget(Words(escape(pending.prompt.render()), size="small"))
        page.add_widget(BigButton(_("Put a token on the reader"), self._place))
        page.add_widget(row(BigButton(_("Confirm button"), lambda: self.puppet.press("confirm")),
                            BigButton(_("Undo button"), lambda: self.puppet.press("undo"))))

    def _deck_controls(self, page: Column) -> None:
        """Show the deck wizard's card to the simulated camera."""
        card = self.app.screen("deck").expected
        if card is None:
            return
        page.add_widget(Words(escape(_("The wizard asks for: {card}").format(card=card.label.render())), size="small"))
        page.add_widget(BigButton(_("Lay it in the zone"), lambda: self.puppet.lay([card.id])))
        if self.teaching:
            page.add_widget(BigButton(_("Stop"), lambda: self._teach(False)))
        else:
            page.add_widget(primary(_("Show every card in turn"), lambda: self._teach(True)))

    def _teach(self, on: bool) -> None:
        self.teaching = on
        self.refresh()

    def _show_expected(self) -> None:
        """While teaching: the card the wizard asks for lies alone in the zone."""
        card = self.app.screen("deck").expected if self.app.manager.current == "deck" else None
        if card is None:
            self.teaching = False
            self.refresh()
        elif self.puppet.laid != (card.id,):
            self.puppet.lay([card.id])

    def _select(self, index: int) -> None:
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)
        self.refresh()

    def _lay(self, cards: list[str]) -> None:
        self.puppet.lay(cards)
        self.selected = []
        self.refresh()

    def _place(self) -> None:
        referee = self.app.table.referee
        self.puppet.ensure_enrolled(referee.game)
        pick_token(_("Which token goes on the reader?"), referee.game.tokens(), self.puppet.place)

    def _play(self, moves: int | None) -> None:
        self.puppet.ensure_enrolled(self.app.table.referee.game)
        self.autoplay = Autoplay(self.puppet, moves=moves)
        self.refresh()

    def _stop(self) -> None:
        self.autoplay = None
        self.refresh()
