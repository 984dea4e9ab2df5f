"""Where the project keeps its files: systemd's directories, the explicit overrides,
and the user's directories elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import paths

VARIABLES = ("COMPANION_CONFIG", "COMPANION_CONFIG_DIR", "CONFIGURATION_DIRECTORY", "COMPANION_STATE",
             "STATE_DIRECTORY", "XDG_CONFIG_HOME", "XDG_STATE_HOME")


@pytest.fixture
def env(monkeypatch, tmp_path):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    return monkeypatch


def test_a_user_without_settings_gets_the_xdg_defaults_under_home(env, tmp_path):
    assert paths.config_file() == tmp_path / ".config" / "table-companion" / "config.toml"
    assert paths.database_file() == tmp_path / ".local" / "state" / "table-companion" / "games.sqlite3"


def test_the_xdg_variables_move_both_directories(env, tmp_path):
    env.setenv("XDG_CONFIG_HOME", str(tmp_path / "conf"))
    env.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert paths.config_dir() == tmp_path / "conf" / "table-companion"
    assert paths.state_dir() == tmp_path / "state" / "table-companion"


def test_systemds_directories_win_over_xdg_and_the_first_of_a_list_is_taken(env, tmp_path):
    env.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    env.setenv("STATE_DIRECTORY", "/var/lib/table-companion:/var/lib/other")
    env.setenv("CONFIGURATION_DIRECTORY", "/etc/table-companion")
    assert paths.state_dir() == Path("/var/lib/table-companion")
    assert paths.config_file() == Path("/etc/table-companion/config.toml")


def test_the_projects_own_variables_win_over_systemd(env, tmp_path):
    env.setenv("STATE_DIRECTORY", "/var/lib/table-companion")
    env.setenv("COMPANION_STATE", str(tmp_path / "mine"))
    env.setenv("COMPANION_CONFIG", str(tmp_path / "table.toml"))
    assert paths.state_dir() == tmp_path / "mine"
    assert paths.config_file() == tmp_path / "table.toml"
