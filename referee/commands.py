"""The commands that read the settings as the referee does: ``companion hardware check``
(:mod:`hardware.cli`) is registered here, given the settings file with its game tables
and the deck of the game offered first, which the device layer does not know."""

from __future__ import annotations

import argparse

from companion.errors import ConfigError
from hardware import cli
from hardware.config import load_config_or_defaults

from referee.settings import Settings


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cli.register(subparsers, load_for_check)


def load_for_check(simulate: bool) -> tuple[Settings, ConfigError | None, str | None]:
    """The settings (:func:`hardware.config.load_config_or_defaults`) and their default
    game's deck (:meth:`Settings.deck`): the :data:`hardware.cli.Loader` of the check."""
    settings, error = load_config_or_defaults(simulate=simulate, cls=Settings)
    return settings, error, settings.deck()
