"""The one exception hierarchy of the project.

Every error a player or a table owner can meet carries a :class:`~companion.i18n.Text`
so it can be shown in the table's language. Packages subclass these; none defines a
root of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.game import Verdict
    from companion.i18n import Text


class CompanionError(Exception):
    """Base of every error raised on purpose by this project.

    ``text`` is the user-facing message (translated on display); ``str(err)``
    gives the English rendering for logs.
    """

    def __init__(self, text: "Text | str") -> None:
        from companion.i18n import Text

        self.text = text if isinstance(text, Text) else Text.raw(str(text))
        super().__init__(self.text.render("en"))


class ConfigError(CompanionError):
    """The configuration file is missing a value, has an unknown key or a bad value."""


class StorageError(CompanionError):
    """The game database cannot be opened, read or written."""


class GameError(CompanionError):
    """A game engine was used against its contract (not an illegal move: see Verdict)."""


class IllegalAction(GameError):
    """Raised by ``Game.apply`` when the action is not legal; carries the verdict."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(verdict.message)


class HardwareError(CompanionError):
    """A device is absent, failed, or answered something it should not."""


class DeviceOffline(HardwareError):
    """A device stopped answering; the backend keeps retrying."""


class VisionError(CompanionError):
    """The card-vision pipeline cannot work on its input (bad model file, bad image)."""
