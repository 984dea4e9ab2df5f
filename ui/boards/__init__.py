"""How one game's public state is drawn on the play screen.

A board turns :meth:`Referee.observation` into widgets. Games with a board module of
their own (:data:`BOARDS`) get their table laid out as players know it; any other game
gets :class:`~ui.boards.generic.GenericBoard`, which lists the observation as text, so a
new game is playable before its board exists.
"""

from __future__ import annotations

import importlib
from typing import Any

BOARDS: dict[str, str] = {"mustang": "ui.boards.mustang"}


def board_for(game: Any) -> Any:
    """The board that draws ``game`` (a :class:`companion.game.Game`)."""
    from ui.boards.generic import GenericBoard

    module = BOARDS.get(game.name)
    if module is None:
        return GenericBoard(game)
    return importlib.import_module(module).BOARD_CLASS(game)
