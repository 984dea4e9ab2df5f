"""Mustang (Wolf Fang, 2007): catch, steal and stable wild horses with cowboy cards.

``GAME`` is the rules engine; :func:`score_holdings` scores holdings the app did not
referee. See ``shared/rulings/mustang.md`` for the rulings this engine follows.
"""

from companion.games import lazy_exports
from companion.games.mustang.texts import TITLE

__getattr__ = lazy_exports(__name__, {
    "GAME": "companion.games.mustang.rules",
    "Mustang": "companion.games.mustang.rules",
    "Holdings": "companion.games.mustang.scoring",
    "score_holdings": "companion.games.mustang.scoring",
})

__all__ = ["TITLE", "GAME", "Mustang", "Holdings", "score_holdings"]
