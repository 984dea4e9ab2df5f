"""The board set-up: a game's board parameters given on the board drawing.

Parameters that a game declares :attr:`~companion.game.BoardParameter.picked` are
tapped, not counted: :class:`BoardSetup` draws the fields that can be tapped for them,
large (for Stramash one mashie's holes), asks for one parameter after the other
("Tap the start hole"), rings each field tapped, and keeps the other parameters as
steppers above the drawing (they change it: more holes per mashie, more holes drawn; a
tapped hole beyond the new last one moves to the last).
Done checks the values with the game's own setup check (:meth:`Game.make_setup`): a
refusal is shown in the player's language and the set-up stays open; accepted values
go to ``on_done`` as the steppers' values would.

Nothing here knows a game: the fields and what a tap on one gives come from the
parameter's :class:`~companion.game.DrawingPick`, the drawing from :meth:`Game.board`.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Mapping, Sequence

from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.boards import Board, make_board
from companion.errors import CompanionError
from companion.game import BoardParameter, Game, Seat, Setup
from companion.view import BoardView
from ui import D, theme
from ui.board_widget import BoardWidget
from ui.widgets import BigButton, Panel, Words, escape, icon, primary, row, sizes

_, N_, ngettext = D.markers()


def stepper(parameter: BoardParameter, value: int, on_step: Callable[[int], None], *, compact: bool = False) -> Widget:
    """A board parameter entered as a number: its title, explanation (unless
    ``compact``) and − value + buttons; ``on_step(±1)`` on a press."""
    m = sizes()
    box = Panel(orientation="vertical", size_hint_y=None)
    box.bind(minimum_height=box.setter("height"))
    minus = BigButton(icon("−"), lambda: on_step(-1), size_hint_x=None, width=m.touch * 1.4)
    plus = BigButton(icon("+"), lambda: on_step(1), size_hint_x=None, width=m.touch * 1.4)
    shown = Words(f"[b]{value}[/b]", size="large", halign="center", size_hint_y=1)
    if compact:
        box.add_widget(row(Words(f"[b]{escape(parameter.title.render())}[/b]", size_hint_y=1), minus, shown, plus))
        return box
    box.add_widget(Words(f"[b]{escape(parameter.title.render())}[/b]"))
    box.add_widget(Words(escape(parameter.explanation.render()), size="small", dim=True))
    box.add_widget(row(minus, shown, plus))
    return box


def stepped(parameter: BoardParameter, value: int, step: int) -> int:
    """``value`` moved by ``step``, kept within the parameter's range."""
    return max(parameter.minimum, min(parameter.maximum, value + step))


def picked_values(parameters: Sequence[BoardParameter], values: Mapping[str, int]) -> str:
    """The picked parameters' values in one line ("Start hole: 7 · Castle entry hole: 2")."""
    return " · ".join(_("{parameter}: {value}").format(parameter=p.title.render(), value=values[p.name])
                      for p in parameters if p.picked is not None)


class BoardSetup(ModalView):
    """The board set-up of ``game`` for ``seats`` under ``options``, starting from
    ``values`` (every board parameter); see the module's docstring.

    :attr:`drawing` is the board widget, :attr:`asking` the parameter the next tap
    sets, :attr:`values` the values as set so far.
    """

    def __init__(self, game: Game[Any], seats: Sequence[Seat], options: Mapping[str, Any],
                 values: Mapping[str, int], on_done: Callable[[dict[str, int]], None]) -> None:
        super().__init__(size_hint=(1, 1), auto_dismiss=False, background_color=(0, 0, 0, 0.9))
        self.game, self.seats, self.options, self._on_done = game, tuple(seats), dict(options), on_done
        self.values = {p.name: values.get(p.name, p.default) for p in game.board_parameters}
        self.picked = [p for p in game.board_parameters if p.picked is not None]
        self.asking: BoardParameter = self.picked[0]
        self.drawing = BoardWidget(on_tap=self._tapped)
        self.problem = ""
        self._build()

    def _build(self) -> None:
        self.clear_widgets()
        m = sizes()
        box = Panel(orientation="vertical", bg=theme.BACKGROUND)
        assert self.asking.picked is not None
        box.add_widget(Words(f"[b]{escape(self.asking.picked.prompt.render())}[/b]", size="large"))
        for parameter in self.game.board_parameters:
            if parameter.picked is None:
                box.add_widget(stepper(parameter, self.values[parameter.name], partial(self._step, parameter),
                                       compact=True))
        if self.drawing.parent is not None:
            self.drawing.parent.remove_widget(self.drawing)
        self.drawing.size_hint_y = 1
        box.add_widget(self.drawing)
        shown = self._show()
        box.add_widget(Words(escape(picked_values(self.picked, self.values)), halign="center"))
        if self.problem or not shown:
            box.add_widget(Words(f"{icon('⚠')} " + escape(self.problem), color=theme.WARNING))
        choices = [BigButton(("» " if p is self.asking else "") + escape(p.title.render()),
                             partial(self._ask, p), colour=theme.ACCENT if p is self.asking else theme.SURFACE_HIGH)
                   for p in self.picked]
        box.add_widget(row(*choices, BigButton(_("Cancel"), self.dismiss),
                           primary(_("Done"), self._done), height=m.touch))
        self.add_widget(box)

    def _show(self) -> bool:
        """Draw the fields that can be tapped now, the picked ones ringed; false (and
        :attr:`problem` says why) when the game cannot draw the board."""
        try:
            drawing = self._drawing()
        except CompanionError as err:
            self.problem = err.text.render()
            self.drawing.view = None
            self.drawing.canvas.before.clear()
            return False
        self.drawing.show(BoardView(drawing, ()))
        taps = self._taps(self.asking)
        chosen = {p.name: self.values[p.name] for p in self.picked}
        self.drawing.mark(f for p in self.picked for f, value in self._taps(p).items()
                          if value == chosen[p.name] and f in drawing.by_id)
        return bool(taps)

    def _taps(self, parameter: BoardParameter) -> Mapping[str, int]:
        assert parameter.picked is not None
        return parameter.picked.fields(self.values)

    def _drawing(self) -> Board:
        """The game's board for these values, only the fields that can be tapped."""
        board = self.game.board(Setup(self.seats, board=dict(self.values)), self.options)
        if board is None:
            raise CompanionError(D.text("This game has no board to set up."))
        keep = {f for p in self.picked for f in self._taps(p)}
        fields = [f for f in board.fields if f.id in keep]
        lines = [line for line in board.lines if line.a in keep and line.b in keep]
        return make_board(board.name, fields, lines, unit_mm=board.unit_mm, seats=board.seats)

    # --- input ---------------------------------------------------------------------------
    def _tapped(self, target: str) -> None:
        taps = self._taps(self.asking)
        if target not in taps:
            return
        self.values[self.asking.name] = taps[target]
        self.problem = ""
        later = self.picked[self.picked.index(self.asking) + 1:]
        if later:
            self.asking = later[0]
        self._build()

    def _ask(self, parameter: BoardParameter) -> None:
        self.asking = parameter
        self._build()

    def _step(self, parameter: BoardParameter, step: int) -> None:
        """Change a counted parameter; a tapped value the new drawing no longer has (a
        hole beyond the last) moves to the nearest field it has, as a stepper stops at
        its end."""
        self.values[parameter.name] = stepped(parameter, self.values[parameter.name], step)
        for picked in self.picked:
            offered = set(self._taps(picked).values())
            if offered and self.values[picked.name] not in offered:
                self.values[picked.name] = min(offered, key=lambda v: abs(v - self.values[picked.name]))
        self.problem = ""
        self._build()

    def _done(self) -> None:
        """Keep the values if the game accepts them; else say why and stay open."""
        try:
            self.game.make_setup(self.seats, board=self.values, options=self.options)
        except CompanionError as err:
            self.problem = err.text.render()
            self._build()
            return
        self.dismiss()
        self._on_done(dict(self.values))
