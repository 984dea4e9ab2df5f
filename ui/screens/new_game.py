"""New game: players (names, colours, seat order), the dealer, the teams the game makes
of them, the board (its parameters: numbers on steppers, fields tapped on the board
drawing in the board set-up of :mod:`ui.board_setup`; for a game that plays on a board
file, the default board or one the table described in the board editor) and the rule
options."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from kivy.uix.widget import Widget

from companion import games
from companion.errors import CompanionError
from companion.game import BoardParameter, OptionKind, RuleOption, Seat, Setup
from ui import D, theme
from ui.board_setup import BoardSetup, picked_values, stepped, stepper
from ui.screens.base import Page
from ui.widgets import (BigButton, Column, Keypad, Panel, Words, confirm_dialog, escape, icon, primary, row,
                        scrolling, sizes, swatch)

_, N_, ngettext = D.markers()


@dataclass
class Player:
    """A seat being set up: the name typed (``None``: the default "Player {number}", in
    the language on show, so it follows a language change) and the colour."""

    typed: str | None
    colour: str
    number: int = 0

    @property
    def name(self) -> str:
        return self.typed if self.typed is not None else _("Player {n}").format(n=self.number)

    @name.setter
    def name(self, value: str) -> None:
        self.typed = value


class NewGameScreen(Page):
    page = "new_game"

    def __init__(self, app, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.game_name = games.available()[0]
        self.players: list[Player] = []
        self.dealer = 0
        self.options: dict[str, Any] = {}
        self.board: dict[str, int] = {}
        self.board_path: Path | None = None
        """The board file chosen (``None``: the game's default board)."""
        self.board_file: dict[str, Any] | None = None
        """Its contents, checked by the game when chosen."""

    def prepare(self, game_name: str) -> None:
        """Fresh setup for ``game_name``: its minimum of players and the table's rules."""
        game = games.get_game(game_name)
        if game_name != self.game_name:
            self.board_path, self.board_file = None, None
        self.game_name = game_name
        count = max(game.min_players, 3) if game.max_players >= 3 else game.min_players
        self.players = [Player(None, theme.PLAYER_COLOURS[i], i + 1) for i in range(count)]
        self.dealer = 0
        self.options = self.app.services.config.rule_options(game_name)
        self.board = {p.name: p.default for p in game.board_parameters}

    def title(self) -> str:
        return _("New game of {game}").format(game=games.get_game(self.game_name).title.render())

    def build(self) -> Widget:
        if not self.players:
            self.prepare(self.game_name)
        game = games.get_game(self.game_name)
        m = sizes()
        page = Column()
        page.add_widget(Words(escape(_("Players in seat order, clockwise. Touch a name to change it.")), dim=True))
        for index, player in enumerate(self.players):
            page.add_widget(self._player_row(index, player))
        if len(self.players) < game.max_players:
            page.add_widget(BigButton(f"{icon('+')} " + escape(_("Add a player")), self._add))
        page.add_widget(self._setup_summary())
        if game.board_parameters or game.board_files:
            page.add_widget(Words("[b]" + escape(_("The board")) + "[/b]", size="large"))
            if game.board_files:
                page.add_widget(self._board_choice())
            for parameter in game.board_parameters:
                if parameter.picked is None:
                    page.add_widget(self._parameter(parameter))
            picked = [p for p in game.board_parameters if p.picked is not None]
            if picked:
                page.add_widget(self._picked(picked))
        page.add_widget(Words("[b]" + escape(_("Rule options")) + "[/b]", size="large"))
        for option in game.options:
            page.add_widget(self._option(option))
        page.add_widget(primary(_("Start the game"), self._start, height=m.touch * 1.3))
        return scrolling(page)

    # --- players -------------------------------------------------------------------
    def _player_row(self, index: int, player: Player) -> Widget:
        m = sizes()
        is_dealer = index == self.dealer
        return row(
            BigButton(f"{swatch(player.colour)}", lambda: self._next_colour(index),
                      size_hint_x=None, width=m.touch * 1.2, colour=theme.SURFACE),
            BigButton(escape(player.name), lambda: self._rename(index)),
            BigButton(("» " if is_dealer else "") + escape(_("Dealer")), lambda: self._set_dealer(index),
                      colour=theme.ACCENT if is_dealer else theme.SURFACE_HIGH,
                      size_hint_x=None, width=m.touch * 2.2),
            BigButton(icon("▲"), lambda: self._move(index, -1), size_hint_x=None, width=m.touch),
            BigButton(icon("▼"), lambda: self._move(index, 1), size_hint_x=None, width=m.touch),
            BigButton(icon("✘"), lambda: self._ask_remove(index), size_hint_x=None, width=m.touch,
                      colour=theme.DANGER),
        )

    def _rename(self, index: int) -> None:
        def done(name: str) -> None:
            if name:
                self.players[index].name = name
            self.refresh()

        Keypad(_("Name of player {n}").format(n=index + 1), done, initial="").open()

    def _next_colour(self, index: int) -> None:
        taken = {p.colour for p in self.players}
        order = list(theme.PLAYER_COLOURS)
        start = order.index(self.players[index].colour) if self.players[index].colour in order else -1
        for step in range(1, len(order) + 1):
            candidate = order[(start + step) % len(order)]
            if candidate not in taken:
                self.players[index].colour = candidate
                break
        self.refresh()

    def _set_dealer(self, index: int) -> None:
        self.dealer = index
        self.refresh()

    def _move(self, index: int, step: int) -> None:
        other = index + step
        if 0 <= other < len(self.players):
            self.players[index], self.players[other] = self.players[other], self.players[index]
            if self.dealer in (index, other):
                self.dealer = other if self.dealer == index else index
        self.refresh()

    def _ask_remove(self, index: int) -> None:
        """Removing a player loses their name and colour: ask first."""
        confirm_dialog(_("Remove {name} from the game?").format(name=self.players[index].name),
                       lambda: self._remove(index), yes=_("Remove"))

    def _remove(self, index: int) -> None:
        game = games.get_game(self.game_name)
        if len(self.players) <= game.min_players:
            self.explain(_("{game} needs at least {n} players.").format(game=game.title.render(),
                                                                         n=game.min_players))
            return
        del self.players[index]
        self.dealer = min(self.dealer if self.dealer < index else max(0, self.dealer - 1), len(self.players) - 1)
        self.refresh()

    def _add(self) -> None:
        taken = {p.colour for p in self.players}
        colour = next(c for c in theme.PLAYER_COLOURS if c not in taken)
        self.players.append(Player(None, colour, len(self.players) + 1))
        self.refresh()

    # --- teams and board -----------------------------------------------------------------
    def _seats(self) -> list[Seat]:
        return [Seat(p.name.strip(), p.colour) for p in self.players]

    def _setup_summary(self) -> Widget:
        """The teams the game makes of these seats, or why it cannot start with them."""
        game = games.get_game(self.game_name)
        try:
            setup = game.make_setup(self._seats(), dealer=self.dealer, board=self.board, options=self.options)
        except CompanionError as err:
            return Words(f"{icon('⚠')} " + escape(err.text.render()), color=theme.WARNING)
        teams = setup.teams
        if not teams:
            return Words(escape(_("Everyone plays alone.")), size="small", dim=True)
        lines = [_("Team {n}: {players}").format(n=n + 1, players=" + ".join(
            f"{swatch(setup.seats[s].colour)} {escape(setup.seats[s].name)}" for s in seats))
            for n, (_team, seats) in enumerate(sorted(teams.items()))]
        return Words("\n".join(lines))

    def _board_choice(self) -> Widget:
        """The default board and every board saved by the board editor, the chosen one
        marked."""
        from companion.board_edit import board_files, boards_dir

        box = Panel(orientation="vertical", size_hint_y=None)
        box.bind(minimum_height=box.setter("height"))
        box.add_widget(Words(escape(_("Play on the default board, or on a board the table described "
                                      "(Describe a board, on the home screen).")), size="small", dim=True))
        choices: list[tuple[Path | None, str]] = [(None, _("Default board"))]
        choices += [(path, path.name.removesuffix(".json").removesuffix(".board"))
                    for path in board_files(boards_dir())]
        for path, label in choices:
            chosen = path == self.board_path
            box.add_widget(BigButton(("» " if chosen else "") + escape(label), partial(self._choose_board, path),
                                     colour=theme.ACCENT if chosen else theme.SURFACE_HIGH))
        return box

    def _choose_board(self, path: Path | None) -> None:
        """Play on the board in ``path`` (``None``: the default board). A file that
        cannot be read or that the game refuses is explained, naming the line or field
        at fault, and the board chosen before stays."""
        data = None
        if path is not None:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                games.get_game(self.game_name).board(Setup(tuple(self._seats()), board_file=data), self.options)
            except (OSError, UnicodeDecodeError, ValueError) as err:
                self.explain(_("The board file {name} cannot be read: {detail}").format(name=path.name, detail=err))
                return
            except CompanionError as err:
                self.explain(_("The board file {name} cannot be used; the board stays as it was. {detail}").format(
                    name=path.name, detail=err.text.render()))
                return
        self.board_path, self.board_file = path, data
        self.refresh()

    def _parameter(self, parameter: BoardParameter) -> Widget:
        return stepper(parameter, self.board.get(parameter.name, parameter.default),
                       lambda step: self._step(parameter, step))

    def _step(self, parameter: BoardParameter, step: int) -> None:
        self.board[parameter.name] = stepped(parameter, self.board.get(parameter.name, parameter.default), step)
        self.refresh()

    def _picked(self, parameters: list[BoardParameter]) -> Widget:
        """The parameters tapped on the drawing: their values and the button that opens
        the board set-up."""
        box = Panel(orientation="vertical", size_hint_y=None)
        box.bind(minimum_height=box.setter("height"))
        box.add_widget(Words("[b]" + escape(picked_values(parameters, self.board)) + "[/b]"))
        box.add_widget(Words(escape(" ".join(p.explanation.render() for p in parameters)), size="small", dim=True))
        box.add_widget(BigButton(escape(_("Tap them on the board drawing")), self._set_up_board))
        return box

    def _set_up_board(self) -> None:
        def done(values: dict[str, int]) -> None:
            self.board.update(values)
            self.refresh()

        game = games.get_game(self.game_name)
        BoardSetup(game, self._seats(), self.options, self.board, done).open()

    # --- options ---------------------------------------------------------------------
    def _option(self, option: RuleOption) -> Widget:
        box = Panel(orientation="vertical", size_hint_y=None)
        box.bind(minimum_height=box.setter("height"))
        value = self.options.get(option.name, option.default)
        default = _("default") if value == option.default else ""
        box.add_widget(Words(f"[b]{escape(option.title.render())}[/b]"
                            + (f" ({escape(default)})" if default else "")))
        box.add_widget(Words(escape(option.explanation.render()), size="small", dim=True))
        if option.kind is OptionKind.BOOL:
            choices = [(True, _("On")), (False, _("Off"))]
        else:
            choices = [(key, text.render()) for key, text in option.choices.items()]
        buttons = [BigButton(("» " if key == value else "") + escape(label),
                             partial(self._set_option, option.name, key),
                             colour=theme.ACCENT if key == value else theme.SURFACE_HIGH)
                   for key, label in choices]
        if option.kind is OptionKind.BOOL or len(buttons) <= 2:
            box.add_widget(row(*buttons))
        else:
            for button in buttons:
                box.add_widget(button)
        return box

    def _set_option(self, name: str, value: Any) -> None:
        self.options[name] = value
        self.refresh()

    # --- start -----------------------------------------------------------------------
    def _start(self) -> None:
        names = [p.name.strip().casefold() for p in self.players]
        if len(set(names)) != len(names):
            self.explain(_("Two players have the same name. Give everyone a different name."))
            return
        try:
            self.app.table.start(self.game_name, self._seats(), dict(self.options), dealer=self.dealer,
                                 board=dict(self.board), board_file=self.board_file)
        except CompanionError as err:
            self.explain(err.text.render())
            return
        self.players = []
        self.app.go("play")
