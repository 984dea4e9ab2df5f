"""Bumerang (Peter Pallat, Ravensburger 1976): capture along the arrows, make trios on
the speckled triangles, on any board a table describes.

``GAME`` is the rules engine; see ``shared/rulings/bumerang.md`` for the rulings it
follows and ``docs/bumerang.md`` for the table's view.
"""

from companion.games.bumerang.rules import Bumerang

GAME = Bumerang()

__all__ = ["GAME", "Bumerang"]
