"""Stramash (Stramash Games Ltd): race five laddies round the ring of mashies into your
castle with cards; bump, split sevens, go back with eights, and let the Bonnie Fechter
take an opponent's place.

``GAME`` is the rules engine (rulings ``shared/rulings/stramash.md``);
:func:`~companion.games.stramash.bench.bench_positions` gives positions for
``companion bench``.
"""

from companion.games import lazy_exports
from companion.games.stramash.texts import TITLE

__getattr__ = lazy_exports(__name__, {
    "GAME": "companion.games.stramash.rules",
    "Stramash": "companion.games.stramash.rules",
})

__all__ = ["TITLE", "GAME", "Stramash"]
