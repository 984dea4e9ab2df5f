"""The referee's settings: the configuration file with what concerns the games.

The file is the one :mod:`hardware.config` reads (same path, same messages, the same
round-trip writing through tomlkit); :class:`Settings` adds to its :class:`Config` the
two things that need the game registry, which the device layer does not know:

- ``[app] default_game``: the game offered first, one of :func:`companion.games.available`;
- ``[rules.<game>]``: rule options the table plays with, checked against the game's own
  options (:func:`companion.game.resolve_options`).

Read it with ``hardware.config.load_config_or_defaults(path, cls=Settings)``; save it
with :func:`hardware.config.save_config`, which writes a :class:`Settings` as its class
lays it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from companion import games
from companion.errors import CompanionError, ConfigError
from companion.game import resolve_options
from hardware.config import APP, AppConfig, Choice, Config, FileTable, Finder, Layout, Place, Section, is_table

from referee import D


@dataclass(frozen=True)
class AppSettings(AppConfig):
    """``[app]``: the device layer's keys and the game offered first."""

    default_game: str = "mustang"


@dataclass(frozen=True)
class Settings(Config):
    """The whole configuration file as the referee reads it.

    ``rules`` maps a game name to the rule options the file sets for it (validated,
    normalised; options not mentioned keep the game's defaults, see
    :meth:`rule_options`).
    """

    app: AppSettings = field(default_factory=AppSettings)
    rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    @classmethod
    def layout(cls) -> Layout:
        return LAYOUT

    def rule_options(self, game: str) -> dict[str, Any]:
        """Every rule option of ``game``: its defaults overlaid with this file's values."""
        return resolve_options(games.get_game(game).options, self.rules.get(game))

    def deck(self) -> str | None:
        """The deck the default game is played with under these rules (``None``: no
        cards), which the camera and card vision look for."""
        from companion.decks import deck_of

        game = self.app.default_game
        return deck_of(game, self.rule_options(game))


def parse_rules(table: Any, file: str, problems: list[ConfigError]) -> dict[str, dict[str, Any]]:
    """The ``[rules]`` tables: each known game's options that are right, a problem for
    each that is not (an unknown game, option or value)."""
    if not is_table(table, Place(file, "[rules]"), problems):
        return {}
    out: dict[str, dict[str, Any]] = {}
    for game, given in table.items():
        place = Place(file, f"[rules.{game}]")
        if game not in games.available():
            problems.append(place.error(D.text("names a game the referee does not know; known games: {known}.",
                                               known=", ".join(games.available()))))
            continue
        if not is_table(given, place, problems):
            continue
        try:
            options = games.get_game(game).options
        except ImportError as err:
            problems.append(place.error(D.text("cannot be checked: the game is not installed ({detail}).",
                                               detail=str(err))))
            continue
        out[game] = {}
        for name, value in given.items():
            try:
                out[game][name] = resolve_options(options, {name: value})[name]
            except CompanionError as err:
                problems.append(place.error(err.text))
    return out


def edit_rules(find: Finder, old: Mapping[str, Mapping[str, Any]], new: Mapping[str, Mapping[str, Any]]) -> None:
    """Write into ``[rules.<game>]`` the options that differ between ``old`` and ``new``;
    a game ``new`` leaves out loses its table."""
    for game in {**old, **new}:
        before, after = old.get(game, {}), new.get(game)
        if after is None:
            find("rules")().pop(game, None)
        elif after != before or game not in old:
            options = find("rules", game)
            for name in {**before, **after}:
                if name not in after:
                    options().pop(name, None)
                elif before.get(name, not after[name]) != after[name]:
                    options()[name] = after[name]


LAYOUT = Layout(Section("app", AppSettings, {**APP.rules, "default_game": Choice(games.available)}),
                (FileTable("rules", parse_rules, edit_rules),))
