"""DOG (Schmidt; the DOG Royal box with its basic and royal games, and classic DOG):
bring your four pawns round the board into the goal with cards, in teams of partners.

``GAME`` is the rules engine; :func:`bench_positions` gives 6-player royal mid-game
positions for ``companion bench``. See ``shared/rulings/dog.md`` for the rulings this
engine follows and ``docs/dog.md`` for the game at the table.
"""

from companion.games import lazy_exports
from companion.games.dog.texts import TITLE

__getattr__ = lazy_exports(__name__, {
    "GAME": "companion.games.dog.rules",
    "Dog": "companion.games.dog.rules",
    "bench_positions": "companion.games.dog.bench",
    "standard_deck_ids": "companion.games.dog.cards",
})

__all__ = ["TITLE", "GAME", "Dog", "bench_positions", "standard_deck_ids"]
