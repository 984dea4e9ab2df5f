"""The board of any game: token chips, and the observation as labelled text."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.uix.widget import Widget

from ui import D
from ui.widgets import Column, Words, escape, swatch

_, N_, ngettext = D.markers()


class GenericBoard:
    """Draws what any :class:`companion.game.Game` observation holds."""

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

    def place_name(self, place: str) -> str:
        """How players call one of a player's places for tokens (scoring-only mode)."""
        return place

    def hint(self) -> str:
        """What to do to make a move, while no move is proposed."""
        return _("Lay the cards in the play zone and scan the token, then confirm.")

    def widget(self, view: Mapping[str, Any]) -> Widget:
        page = Column()
        for key, value in view.items():
            if key in ("table", "pending", "dealer_instructions"):
                continue
            page.add_widget(Words(f"[b]{escape(str(key))}[/b]: {escape(str(value))}", size="small"))
        return page

    def event(self, view: Mapping[str, Any]) -> tuple[str, str] | None:
        """A new event card to show full screen: ``(title, effect)``; none by default."""
        return None

    def countdown(self, view: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[str, float] | None:
        """``(intent, seconds)`` when the pending decision has a time limit: the screen
        counts ``seconds`` down and then sends ``intent``; ``None`` (the default) for no
        limit."""
        return None
