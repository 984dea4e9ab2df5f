"""Mustang (Wolf Fang, 2007): catch, steal and stable wild horses with cowboy cards.

``GAME`` is the rules engine; :func:`score_holdings` scores holdings the app did not
referee. See ``shared/rulings/mustang.md`` for the rulings this engine follows.
"""

from companion.games.mustang.rules import Mustang
from companion.games.mustang.scoring import Holdings, score_holdings

GAME = Mustang()

__all__ = ["GAME", "Holdings", "Mustang", "score_holdings"]
