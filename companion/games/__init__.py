"""The games the referee knows, one package each.

A game package under ``companion/games/`` exposes ``GAME``, an instance of its
:class:`companion.game.Game` subclass, which gives everything the app needs (rules,
decks, tokens, board, screen panels, BG Stats identity). Packages here are found by
looking, so a new game is a package plus its data, with no edit elsewhere; a game kept
elsewhere (a plugin, a test's own game) is named in :data:`GAME_PACKAGES`.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from companion.errors import GameError
from companion.game import Game
from companion.i18n import Text

GAME_PACKAGES: dict[str, str] = {}
"""Games outside this folder: name → the module that exposes ``GAME``."""


@cache
def _found() -> tuple[str, ...]:
    return tuple(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def available() -> tuple[str, ...]:
    """Names of the games that can be played, in menu order (alphabetical)."""
    return tuple(sorted({*_found(), *GAME_PACKAGES}))


def get_game(name: str) -> Game[Any]:
    """The rules engine of game ``name``."""
    if name not in available():
        raise GameError(Text("Unknown game {name!r}; known games: {known}.",
                             name=name, known=", ".join(available())))
    module = GAME_PACKAGES.get(name, f"{__name__}.{name}")
    game: Game[Any] = importlib.import_module(module).GAME
    return game
