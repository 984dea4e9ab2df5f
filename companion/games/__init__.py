"""The games the referee knows, one package each.

A game package under ``companion/games/`` exposes ``GAME``, an instance of its
:class:`companion.game.Game` subclass, which gives everything the app needs (rules,
decks, tokens, board, screen panels, BG Stats identity), and may expose ``TITLE`` so that
listing the games (:func:`title`) loads no rules engine (:func:`lazy_exports`). Packages here are found by
looking, so a new game is a package plus its data, with no edit elsewhere; a game kept
elsewhere (a plugin, a test's own game) is named in :data:`GAME_PACKAGES`.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any, Callable, Mapping

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


def title(name: str) -> Text:
    """Game ``name``'s title: its package's ``TITLE``, without loading the rules engine
    (the home screen lists every game), else the engine's."""
    if name not in available():
        get_game(name)   # the error naming the known games
    found = getattr(importlib.import_module(GAME_PACKAGES.get(name, f"{__name__}.{name}")), "TITLE", None)
    return found if isinstance(found, Text) else get_game(name).title


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A game package's module ``__getattr__``: each name of ``exports`` is taken from the
    module it maps to on first use, so importing the package for its ``TITLE`` loads no
    rules engine."""

    def __getattr__(name: str) -> Any:
        if name not in exports:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(exports[name]), name)

    return __getattr__
