"""Scoring only: the app scores a game it did not referee.

Players pick who played, then scan the tokens of each player's places (for Mustang:
the horses of corral and stable) and say who ended the game; the game's own
:meth:`~companion.game.Game.score_holdings` makes the sheet. Only games with
:meth:`~companion.game.Game.holding_places` can be scored this way.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.widget import Widget

from companion import games
from companion.inputs import TagPlaced
from ui import D, theme
from ui.panels import panels_for
from ui.pickers import pick_token
from ui.screens.base import Page
from ui.widgets import BigButton, Column, Keypad, Panel, Words, escape, icon, primary, row, scrolling, sizes, swatch

_, N_, ngettext = D.markers()

def can_score(game_name: str) -> bool:
    """Whether ``game_name`` can be scored from the tokens players hold."""
    return bool(games.get_game(game_name).holding_places())


class ScoringScreen(Page):
    page = "scoring"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.game_name = next((g for g in games.available() if can_score(g)), games.available()[0])
        self.names: list[str] = []
        self.held: dict[tuple[int, str], list[str]] = {}
        self.target: tuple[int, str] | None = None
        self.ender: int | None = None

    def title(self) -> str:
        return _("Score a finished game")

    def on_pre_enter(self, *args: Any) -> None:
        if not self.names:
            self.names = [_("Player {n}").format(n=i + 1) for i in range(3)]
        super().on_pre_enter(*args)

    def build(self) -> Widget:
        m = sizes()
        page = Column()
        game = games.get_game(self.game_name)
        where = game.holding_places()
        if not where:
            page.add_widget(Words(escape(_("This game cannot be scored without refereeing it."))))
            return scrolling(page)
        if self.target is None:
            self.target = (0, where[0].name)
        page.add_widget(Words(escape(_("Touch a player's place, then scan every token in it. "
                                      "Scanning a token again moves it to the chosen place.")), dim=True))
        specs = {s.id: s for s in game.tokens()}
        for seat, name in enumerate(self.names):
            box = Panel(orientation="vertical", size_hint_y=None, bg=theme.SURFACE)
            box.bind(minimum_height=box.setter("height"))
            box.add_widget(row(
                BigButton(f"[b]{escape(name)}[/b]", partial(self._rename, seat)),
                BigButton(("» " if self.ender == seat else "") + escape(_("Ended the game")),
                          partial(self._set_ender, seat),
                          colour=theme.ACCENT if self.ender == seat else theme.SURFACE_HIGH),
                BigButton(icon("✘"), partial(self._remove, seat), size_hint_x=None, width=m.touch,
                          colour=theme.DANGER)))
            for place in (p.name for p in where):
                chosen = self.target == (seat, place)
                tokens = self.held.get((seat, place), [])
                shown = "  ".join(f"{swatch(specs[t].colour)} {escape(specs[t].label.render())}" for t in tokens)
                label = next(p.label.render() for p in where if p.name == place)
                box.add_widget(BigButton(("» " if chosen else "") + f"[b]{escape(label)}[/b]: "
                                         + (shown or escape(_("empty"))),
                                         partial(self._choose, seat, place),
                                         colour=theme.ACCENT if chosen else theme.SURFACE_HIGH,
                                         height=m.touch * 1.3, font_size=m.font_small))
            page.add_widget(box)
        if len(self.names) < game.max_players:
            page.add_widget(BigButton(_("Add a player"), self._add))
        page.add_widget(row(BigButton(panels_for(game).token_words("enter"), self._by_hand),
                            BigButton(_("Nobody ended the game"), lambda: self._set_ender(None))))
        page.add_widget(primary(_("Score"), self._score, height=m.touch * 1.3))
        return scrolling(page)

    def handle_input(self, item: Any) -> bool:
        if not isinstance(item, TagPlaced):
            return False
        token = self.app.table.lookup(item.uid)
        if token is None:
            self.explain(_("This tag is not a known token. Teach it on the home screen, then scan it again."))
        else:
            self.put(token)
        return True

    def put(self, token: str) -> None:
        """Move ``token`` to the chosen place (from wherever it was); nothing without one."""
        if self.target is None:
            return
        for tokens in self.held.values():
            if token in tokens:
                tokens.remove(token)
        self.held.setdefault(self.target, []).append(token)
        self.refresh()

    def _choose(self, seat: int, place: str) -> None:
        self.target = (seat, place)
        self.refresh()

    def _set_ender(self, seat: int | None) -> None:
        self.ender = seat
        self.refresh()

    def _rename(self, seat: int) -> None:
        def done(name: str) -> None:
            if name:
                self.names[seat] = name
            self.refresh()

        Keypad(_("Name of player {n}").format(n=seat + 1), done).open()

    def _add(self) -> None:
        self.names.append(_("Player {n}").format(n=len(self.names) + 1))
        self.refresh()

    def _remove(self, seat: int) -> None:
        if len(self.names) <= games.get_game(self.game_name).min_players:
            return
        del self.names[seat]
        self.held = {(s - (s > seat), p): t for (s, p), t in self.held.items() if s != seat}
        self.ender = (None if self.ender == seat else
                      self.ender - (self.ender > seat) if self.ender is not None else None)
        self.target = None
        self.refresh()

    def _by_hand(self) -> None:
        game = games.get_game(self.game_name)
        pick_token(panels_for(game).token_words("scanned"), game.tokens(), self.put)

    def _score(self) -> None:
        game = games.get_game(self.game_name)
        sheet = game.score_holdings(self.names, self.held, self.ender,
                                    self.app.services.config.rule_options(self.game_name))
        self.app.screen("scores").show(sheet, heading=_("Scores (not refereed)"))
