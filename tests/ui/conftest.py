"""Shared fixtures: the simulation's Mustang model, built once per session by card vision
in the app (:class:`referee.watcher.CardWatcher`) and copied where each test's app looks."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from companion.inputs import InputQueue
from hardware.camera import SyntheticCamera
from hardware.config import Config, ZoneConfig
from referee.watcher import CardWatcher, WatchState, rendered_model_file

ZONE_CORNERS = ((0.0, 0.0), (640.0, 0.0), (640.0, 480.0), (0.0, 480.0))
"""A play zone set by hand: the whole 640×480 picture (without markers the synthetic
camera lays cards anywhere in it)."""


def wait_for(condition, seconds: float = 30.0, step: float = 0.05) -> bool:
    """Poll ``condition`` until it holds or ``seconds`` pass; whether it held."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(step)
    return True


def manual_zone(**zone) -> Config:
    return Config(zone=ZoneConfig(method="manual", corners=ZONE_CORNERS, **zone)).simulate()


@pytest.fixture(scope="session")
def built_decks(tmp_path_factory) -> Path:
    """A directory holding the simulation's Mustang model, as the app built and kept it."""
    directory = tmp_path_factory.mktemp("decks")
    camera = SyntheticCamera(None, deck="mustang", surface="cloth")
    cards = CardWatcher(camera, manual_zone(), InputQueue(), simulate=True, directory=directory)
    camera.start()
    try:
        cards.follow("mustang")
        assert wait_for(lambda: cards.status.state is not WatchState.PREPARING, 240), "the model was not built"
        assert cards.status.state is WatchState.WATCHING, cards.status
    finally:
        cards.close()
        camera.close()
    return directory


def copy_decks(built: Path, state: Path) -> None:
    """Put the built model where an app with state directory ``state`` looks for it."""
    target = state / "decks"
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(rendered_model_file(built, "mustang"), rendered_model_file(target, "mustang"))


@pytest.fixture
def work(tmp_path: Path, built_decks: Path) -> Path:
    """A working directory with the deck model in place and a play zone set by hand."""
    corners = ", ".join(f"[{x:g}, {y:g}]" for x, y in ZONE_CORNERS)
    (tmp_path / "config.toml").write_text(f'[zone]\nmethod = "manual"\ncorners = [{corners}]\n')
    copy_decks(built_decks, tmp_path / "state")
    return tmp_path
