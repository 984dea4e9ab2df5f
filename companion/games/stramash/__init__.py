"""Stramash (Stramash Games Ltd): race five laddies round the ring of mashies into your
castle with cards; bump, split sevens, go back with eights, and let the Bonnie Fechter
take an opponent's place.

``GAME`` is the rules engine (rulings ``shared/rulings/stramash.md``);
:func:`~companion.games.stramash.bench.bench_positions` gives positions for
``companion bench``.
"""

from companion.games.stramash.rules import GAME, Stramash

__all__ = ["GAME", "Stramash"]
