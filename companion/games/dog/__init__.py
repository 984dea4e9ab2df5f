"""DOG (Schmidt; the DOG Royal box with its basic and royal games, and classic DOG):
bring your four pawns round the board into the goal with cards, in teams of partners.

``GAME`` is the rules engine; :func:`bench_positions` gives 6-player royal mid-game
positions for ``companion bench``. See ``shared/rulings/dog.md`` for the rulings this
engine follows and ``docs/dog.md`` for the game at the table.
"""

from companion.games.dog.bench import bench_positions
from companion.games.dog.cards import standard_deck_ids
from companion.games.dog.rules import Dog

GAME = Dog()

__all__ = ["GAME", "Dog", "bench_positions", "standard_deck_ids"]
