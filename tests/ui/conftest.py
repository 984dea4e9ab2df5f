"""Shared fixtures: the simulation's deck models, each built once per session by card
vision in the app (:class:`referee.watcher.CardWatcher`) and copied where each test's app
looks."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from companion.decks import deck_of
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


class DeckModels:
    """The simulation's deck models, each built once per session by card vision in the
    app (:class:`referee.watcher.CardWatcher`, following a game as the app does) and kept
    in :attr:`directory`."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._built: set[str] = set()

    def of(self, game: str) -> str:
        """Build (once) the model of the deck ``game`` is played with; the deck's name."""
        deck = deck_of(game)
        assert deck is not None, f"{game} uses no cards"
        if deck not in self._built:
            camera = SyntheticCamera(None, deck=deck, surface="cloth")
            cards = CardWatcher(camera, manual_zone(), InputQueue(), simulate=True, directory=self.directory)
            camera.start()
            try:
                cards.follow(game)
                assert wait_for(lambda: cards.status.state is not WatchState.PREPARING, 240), "not built"
                assert cards.status.state is WatchState.WATCHING, cards.status
            finally:
                cards.close()
                camera.close()
            self._built.add(deck)
        return deck


@pytest.fixture(scope="session")
def deck_models(tmp_path_factory) -> DeckModels:
    return DeckModels(tmp_path_factory.mktemp("decks"))


@pytest.fixture(scope="session")
def built_decks(deck_models: DeckModels) -> Path:
    """A directory holding the simulation's Mustang model, as the app built and kept it."""
    deck_models.of("mustang")
    return deck_models.directory


def table_for(game: str, work: Path, models: DeckModels) -> Path:
    """``work`` made a working directory for an app playing ``game``: a play zone set by
    hand and the model of the game's deck where the app looks for it."""
    corners = ", ".join(f"[{x:g}, {y:g}]" for x, y in ZONE_CORNERS)
    (work / "config.toml").write_text(f'[zone]\nmethod = "manual"\ncorners = [{corners}]\n')
    deck = models.of(game)
    target = work / "state" / "decks"
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(rendered_model_file(models.directory, deck), rendered_model_file(target, deck))
    return work


@pytest.fixture
def work(tmp_path: Path, deck_models: DeckModels) -> Path:
    """A working directory for a Mustang table (see :func:`table_for`)."""
    return table_for("mustang", tmp_path, deck_models)
