"""Table companion: a table-side referee for physical board games.

The :mod:`companion` package holds the game-agnostic core (referee session, durable
log, internationalisation, configuration) and, under :mod:`companion.games`, one
package per game. Nothing here touches hardware or the screen.
"""

__version__ = "0.1.0"
