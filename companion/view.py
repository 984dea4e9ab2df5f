"""What every screen shows, typed: :class:`View` is one player's (or the public's) view
of a game, made by :meth:`companion.game.Game.view`.

The shared play screen draws a :class:`View` without knowing the game: the turn strip
(:attr:`View.current`), what the referee waits for as a checklist (:attr:`View.waiting`),
instructions to the dealer or the players, live scores or progress per player, and the
board with its pieces (:class:`BoardView`). What only one game shows goes in
:attr:`View.panels`, JSON-ready data that the game's own screen panels draw.
"""

from __future__ import annotations

import enum
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.boards import Board
from companion.i18n import Text


@dataclass(frozen=True)
class PlayerView:
    """One seat as every screen shows it: ``summary`` is a short line of what the player
    holds ("5 cards · 2 pawns home"), ``score`` the live score or progress when the game
    has one."""

    seat: int
    name: str
    colour: str | None
    team: int | None = None
    summary: Text = field(default_factory=lambda: Text.raw(""))
    score: int | None = None


class NeedKind(enum.Enum):
    """What kind of input an item of the checklist waits for: the session ticks
    ``CARDS`` when cards lie in the play zone, ``TOKEN`` when a token was scanned or a
    piece tapped, ``CONFIRM`` when a proposal waits for confirmation; ``OTHER`` items are
    ticked by the game itself."""

    CARDS = "cards"
    TOKEN = "token"
    CONFIRM = "confirm"
    OTHER = "other"


@dataclass(frozen=True)
class Need:
    """One item of what the referee waits for (card ✓, piece ◻, confirm ◻)."""

    label: Text
    kind: NeedKind = NeedKind.OTHER
    done: bool = False


@dataclass(frozen=True)
class Announcement:
    """Something the whole table must see at once (an event card turned over): shown
    full screen each time ``serial`` grows."""

    title: Text
    body: Text
    serial: int


@dataclass(frozen=True)
class Countdown:
    """A decision with a time limit: after ``seconds`` the screen sends ``intent``."""

    intent: str
    seconds: float
    label: Text


@dataclass(frozen=True)
class PieceView:
    """A piece as drawn: ``field`` is where it stands (``None``: off the board, e.g. in
    the supply), ``symbol`` one or two characters drawn on it beside the owner's
    colour ("K" for a king, "3" for the third pawn)."""

    id: str
    owner: int | None
    field: str | None
    symbol: str = ""
    # ``dataclasses.field``: the class attribute ``field`` above shadows the import here.
    label: Text = dataclasses.field(default_factory=lambda: Text.raw(""))


@dataclass(frozen=True)
class Move:
    """A piece's move, for the highlight and the animation: ``hit`` marks a piece sent
    back (home, to the house or off the board)."""

    piece: str
    start: str | None
    end: str | None
    hit: bool = False


@dataclass(frozen=True)
class BoardView:
    """The board and its pieces: ``movable`` pieces can use what the table has laid
    (the card just played), ``targets`` maps each to the fields it could reach, and
    ``last`` is the last accepted move's piece movements."""

    board: Board
    pieces: tuple[PieceView, ...]
    movable: tuple[str, ...] = ()
    targets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    last: tuple[Move, ...] = ()


@dataclass(frozen=True)
class View:
    """What every screen shows of a game, from one player's seat or the public's.

    ``current`` is the seat whose turn it is (``None`` between turns or at the end);
    ``prompt`` what the referee waits for, in a sentence; ``waiting`` the same as a
    checklist; ``instructions`` what the dealer or the players must do now (deal, draw,
    move the pieces shown); ``progress`` lines about the game as a whole (round, deck).
    """

    players: tuple[PlayerView, ...]
    current: int | None
    prompt: Text
    waiting: tuple[Need, ...] = ()
    instructions: tuple[Text, ...] = ()
    progress: tuple[Text, ...] = ()
    board: BoardView | None = None
    panels: Mapping[str, Any] = field(default_factory=dict)
    announcement: Announcement | None = None
    countdown: Countdown | None = None
    over: bool = False
