"""A game's own panels on the shared play screen, and what every game's panels can do.

The play screen draws what every game has from its :class:`~companion.view.View` (the
turn strip, the checklist, the verdict, instructions, players and the board). A game
adds panels of its own (Mustang's prairie, corrals and stables) in the module its
:attr:`~companion.game.Game.panels` names, whose ``PANELS`` class subclasses
:class:`GamePanels`; a game without one gets :class:`GamePanels` itself, which adds
nothing, so a new game is playable before it has panels.
"""

from __future__ import annotations

import importlib
from typing import Any

from kivy.uix.widget import Widget

from companion.view import View
from ui import D
from ui.widgets import escape, swatch

_, N_, ngettext = D.markers()


TOKEN_WORDS = {"enter": N_("Enter a token by hand"), "scanned": N_("Which token was scanned?"),
               "drawn": N_("Which token was drawn?")}
"""The screens' words for entering a token by hand, game-neutral."""


class GamePanels:
    """Names and draws a game's tokens and cards; :meth:`widget` adds the game's own
    panels (none by default)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.specs = {spec.id: spec for spec in game.tokens()}
        self.card_specs = {spec.id: spec for spec in game.cards()}

    def token(self, token_id: str) -> str:
        """Markup naming a token: its colour's symbol and its label."""
        spec = self.specs.get(token_id)
        if spec is None:
            return escape(token_id)
        return f"{swatch(spec.colour)} {escape(spec.label.render())}"

    def card(self, card_id: str) -> str:
        spec = self.card_specs.get(card_id)
        return escape(spec.label.render() if spec else card_id)

    def token_words(self, key: str) -> str:
        """The entry-by-hand wording for tokens (``key``: one of :data:`TOKEN_WORDS`):
        the game's own (:attr:`companion.game.Game.token_words`) or the shared one."""
        own = self.game.token_words.get(key)
        return own.render() if own is not None else _(TOKEN_WORDS[key])

    def hint(self) -> str:
        """What to do to make a move, while no move is proposed."""
        if self.specs:
            return _("Lay the cards in the play zone and scan the token, then confirm.")
        if self.card_specs:
            return _("Lay the card in the play zone, then tap the piece to move on the board.")
        return _("Tap the board: the piece to move, then where it goes.")

    def widget(self, view: View) -> Widget | None:
        """The game's own panels for ``view`` (``None``: the game has none)."""
        return None


def panels_for(game: Any) -> GamePanels:
    """The panels of ``game`` (a :class:`companion.game.Game`)."""
    if game.panels is None:
        return GamePanels(game)
    panels: GamePanels = importlib.import_module(game.panels).PANELS(game)
    return panels
