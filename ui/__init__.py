"""The Kivy touchscreen app: renders the referee's state and sends intents.

Nothing here decides a rule: screens show what the referee session
(:mod:`companion.session`) says and turn touches into table inputs. The package's
messages live in the ``ui`` gettext domain (:data:`D`).
"""

from companion.i18n import Domain

D = Domain("ui", "ui")
