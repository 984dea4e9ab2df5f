"""One module per screen. :data:`PAGES` names each screen's class without importing
it: the app imports and builds a screen the first time it is shown or asked for
(:meth:`ui.shell.CompanionApp.screen`), so start-up loads only the home screen's code."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ui.screens.base import Page

PAGES: dict[str, str] = {
    "home": "ui.screens.home.HomeScreen",
    "new_game": "ui.screens.new_game.NewGameScreen",
    "play": "ui.screens.play.PlayScreen",
    "scores": "ui.screens.scores.ScoresScreen",
    "history": "ui.screens.history.HistoryScreen",
    "settings": "ui.screens.settings.SettingsScreen",
    "hardware": "ui.screens.hardware.HardwareScreen",
    "tokens": "ui.screens.tokens.TokenEnrolmentScreen",
    "deck": "ui.screens.deck.DeckEnrolmentScreen",
    "scoring": "ui.screens.scoring.ScoringScreen",
    "board_editor": "ui.screens.board_editor.BoardEditorScreen",
}
"""Every screen by its name (:attr:`Page.page`): the module and class that draw it.
The first is shown at start."""


def page_class(name: str) -> type[Page]:
    """The class of screen ``name`` (its module imported now); ``KeyError`` for a
    name that is no screen."""
    module, _, cls = PAGES[name].rpartition(".")
    page: type[Page] = getattr(importlib.import_module(module), cls)
    return page
