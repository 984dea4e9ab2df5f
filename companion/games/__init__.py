"""The games the referee knows, one package each.

A game package exposes ``GAME``, an instance of its :class:`companion.game.Game`
subclass. Add a game by adding a package and its name to :data:`GAME_PACKAGES`.
"""

from __future__ import annotations

import importlib

from companion.errors import GameError
from companion.game import Game
from companion.i18n import Text

GAME_PACKAGES: dict[str, str] = {
    "mustang": "companion.games.mustang",
}


def available() -> list[str]:
    """Names of the games that can be played, in menu order."""
    return list(GAME_PACKAGES)


def get_game(name: str) -> Game:
    """The rules engine of game ``name``."""
    try:
        module = importlib.import_module(GAME_PACKAGES[name])
    except KeyError:
        raise GameError(Text("Unknown game {name!r}; known games: {known}.",
                             name=name, known=", ".join(GAME_PACKAGES))) from None
    return module.GAME
