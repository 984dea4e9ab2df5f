"""Where the project keeps its files.

systemd passes ``STATE_DIRECTORY``, ``CONFIGURATION_DIRECTORY`` and ``CACHE_DIRECTORY``;
elsewhere the user's directories apply as :mod:`platformdirs` finds them (the XDG base
directories on Linux). ``COMPANION_CONFIG``, ``COMPANION_STATE`` and ``COMPANION_CACHE``
override both (tests and several tables on one machine use them).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "table-companion"


def _first(*names: str) -> str | None:
    for name in names:
        value = os.environ.get(name)
        if value:
            return value.split(":")[0]
    return None


def config_dir() -> Path:
    """Directory of ``config.toml``."""
    explicit = _first("COMPANION_CONFIG_DIR", "CONFIGURATION_DIRECTORY")
    if explicit:
        return Path(explicit)
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def config_file() -> Path:
    """The TOML configuration file (``COMPANION_CONFIG`` names it directly)."""
    explicit = _first("COMPANION_CONFIG")
    return Path(explicit) if explicit else config_dir() / "config.toml"


def state_dir() -> Path:
    """Directory of the game database and other state that must survive a restart."""
    explicit = _first("COMPANION_STATE", "STATE_DIRECTORY")
    if explicit:
        return Path(explicit)
    return Path(platformdirs.user_state_dir(APP, appauthor=False))


def cache_dir() -> Path:
    """Directory of what can be rebuilt at any time (compiled catalogues)."""
    explicit = _first("COMPANION_CACHE", "CACHE_DIRECTORY")
    if explicit:
        return Path(explicit)
    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


def database_file() -> Path:
    """The SQLite game database: log, history, token registry."""
    return state_dir() / "games.sqlite3"
