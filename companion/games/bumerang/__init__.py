"""Bumerang (Peter Pallat, Ravensburger 1976): capture along the arrows, make trios on
the speckled triangles, on any board a table describes.

``GAME`` is the rules engine; see ``shared/rulings/bumerang.md`` for the rulings it
follows and ``docs/bumerang.md`` for the table's view.
"""

from companion.games import lazy_exports
from companion.games.bumerang.texts import TITLE

__getattr__ = lazy_exports(__name__, {
    "GAME": "companion.games.bumerang.rules",
    "Bumerang": "companion.games.bumerang.rules",
})

__all__ = ["TITLE", "GAME", "Bumerang"]
