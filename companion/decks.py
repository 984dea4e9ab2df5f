"""Which deck a game is played with: the name card vision keeps its taught model under."""

from __future__ import annotations

from typing import Any, Mapping

from companion.game import resolve_options
from companion.games import get_game


def deck_of(game: str, options: Mapping[str, Any] | None = None) -> str | None:
    """The name of the deck ``game`` is played with under ``options`` (``None``: the
    game uses no cards)."""
    found = get_game(game)
    deck = found.deck(resolve_options(found.options, options))
    return deck.name if deck is not None else None
