"""The referee at the table, between the devices and the screens, with no Kivy: the
table's services (devices, card vision, the game database; :mod:`referee.services`),
the game being refereed and what it tells the table (:mod:`referee.table`), and card
vision watching the play zone for the game's deck (:mod:`referee.watcher`). The
touchscreen app (:mod:`ui`) only draws what these hold and sends them the players'
touches; ``hardware`` and ``vision`` know neither.
"""

from companion.i18n import Domain

D = Domain("referee", "referee")
"""The package's gettext domain (``referee/locale``)."""
