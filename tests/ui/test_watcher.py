"""Card vision in the app (no display needed): the watcher reads the synthetic camera's
cards through the real vision path, finds its model and zone, and says what is missing."""

from __future__ import annotations

import shutil

import pytest

from companion.inputs import CardsSeen, InputQueue
from companion.i18n import set_language
from hardware.camera import SyntheticCamera
from hardware.config import Config
from tests.ui.conftest import manual_zone, wait_for
from referee.watcher import CardWatcher, WatchState, rendered_model_file, taught_model_file


@pytest.fixture
def camera():
    camera = SyntheticCamera(None, deck="mustang", surface="cloth")
    camera.start()
    yield camera
    camera.close()


def watching(camera, config, directory, *, simulate=True) -> tuple[CardWatcher, InputQueue]:
    queue = InputQueue()
    cards = CardWatcher(camera, config, queue, simulate=simulate, directory=directory)
    cards.follow("mustang")
    wait_for(lambda: cards.status.state not in (WatchState.PREPARING,), 60)
    return cards, queue


def next_seen(queue: InputQueue, seconds: float = 10.0) -> CardsSeen | None:
    item = queue.get(timeout=seconds)
    return item if isinstance(item, CardsSeen) else None


def test_simulation_keeps_the_built_model_and_reads_laid_cards(built_decks, camera, tmp_path):
    decks = tmp_path / "decks"
    shutil.copytree(built_decks, decks)
    assert rendered_model_file(decks, "mustang").stat().st_size > 0
    cards, queue = watching(camera, manual_zone(), decks)
    try:
        assert cards.status.state is WatchState.WATCHING and cards.watcher is not None
        assert next_seen(queue).cards == ()  # the empty zone, once it is watched
        camera.set_cards(["purple-3", "cowboy", "red-8"])
        seen = next_seen(queue)
        assert seen is not None and seen.cards == ("cowboy", "purple-3", "red-8") and seen.unknown == 0
        assert len(seen.outlines) == 3
        live = cards.watcher.latest
        assert sorted(d.card for d in live.detections) == ["cowboy", "purple-3", "red-8"]
        camera.set_cards([])
        cleared = next_seen(queue)
        assert cleared is not None and cleared.cards == ()
    finally:
        cards.close()
    assert cards.watcher is None


def test_a_real_table_without_a_taught_deck_says_to_teach_it(camera, tmp_path):
    set_language("nl")
    cards, _queue = watching(camera, manual_zone(), tmp_path, simulate=False)
    try:
        assert cards.status.state is WatchState.NO_MODEL and cards.watcher is None
        assert "Kaarten aanleren" in cards.status.message.render("nl")
        assert "Teach the card deck" in cards.status.message.render("en")
    finally:
        cards.close()
        set_language("en")


def test_the_taught_model_wins_and_restart_takes_a_new_one(built_decks, camera, tmp_path):
    shutil.copy(rendered_model_file(built_decks, "mustang"), taught_model_file(tmp_path, "mustang"))
    cards, queue = watching(camera, manual_zone(), tmp_path, simulate=False)
    try:
        assert cards.status.state is WatchState.WATCHING
        taught_model_file(tmp_path, "mustang").write_bytes(b"not a model")
        cards.restart()
        wait_for(lambda: cards.status.state is not WatchState.PREPARING)
        assert cards.status.state is WatchState.NO_MODEL and cards.watcher is None
        assert "teach the deck again" in cards.status.message.render("en")
    finally:
        cards.close()


def test_the_status_never_says_watching_once_the_watcher_is_gone(built_decks, camera, tmp_path):
    """The deck wizard restarts card vision from its own thread while the screen reads
    the status: whenever the running watcher is stopped, the status has already left
    "watching", so a reader never finds it watching with no watcher."""
    shutil.copy(rendered_model_file(built_decks, "mustang"), taught_model_file(tmp_path, "mustang"))
    cards, _queue = watching(camera, manual_zone(), tmp_path, simulate=False)
    seen: list[tuple[WatchState, bool]] = []
    try:
        for _ in range(2):
            assert cards.status.state is WatchState.WATCHING and cards.watcher is not None
            running = cards.watcher
            stop = running.close

            def close(stop=stop) -> None:
                seen.append((cards.status.state, cards.watcher is not None))
                stop()

            running.close = close
            cards.restart()
            assert wait_for(lambda: cards.status.state is WatchState.WATCHING, 60), cards.status
        cards.watcher.close = lambda stop=cards.watcher.close: (
            seen.append((cards.status.state, cards.watcher is not None)), stop())
        cards.close()
        assert cards.status.state is WatchState.IDLE and cards.watcher is None
    finally:
        cards.close()
    assert seen == [(WatchState.PREPARING, False), (WatchState.PREPARING, False), (WatchState.IDLE, False)]
    cards.follow("mustang")   # the same deck again after closing: watched again
    try:
        assert wait_for(lambda: cards.status.state is WatchState.WATCHING, 60), cards.status
        assert cards.watcher is not None
    finally:
        cards.close()


def test_a_model_named_in_the_settings_is_used(built_decks, camera, tmp_path):
    config = manual_zone(model=rendered_model_file(built_decks, "mustang"))
    cards, queue = watching(camera, config, tmp_path, simulate=False)
    try:
        assert cards.status.state is WatchState.WATCHING
        assert next_seen(queue).cards == ()
        camera.set_cards(["green-2"])
        seen = next_seen(queue)
        assert seen is not None and seen.cards == ("green-2",)
    finally:
        cards.close()


def test_missing_markers_are_reported_and_searched_for_again(built_decks, tmp_path):
    shutil.copytree(built_decks, tmp_path / "decks")
    bare = SyntheticCamera(None, deck="mustang", surface="cloth", markers=False)
    bare.start()
    cards, _queue = watching(bare, Config().simulate(), tmp_path / "decks")
    try:
        assert wait_for(lambda: cards.status.state is WatchState.NO_ZONE)
        assert "corner markers" in cards.status.message.render("en")
        assert "hoekmarkeringen" in cards.status.message.render("nl").lower()
        assert cards.watcher is None
    finally:
        cards.close()
        bare.close()


def test_the_zone_is_found_from_the_markers(built_decks, tmp_path):
    shutil.copytree(built_decks, tmp_path / "decks")
    marked = SyntheticCamera(None, deck="mustang", surface="cloth", markers=True)
    marked.set_cards(["blue-4", "yellow-1"])
    marked.start()
    cards, queue = watching(marked, Config().simulate(), tmp_path / "decks")
    try:
        assert wait_for(lambda: cards.status.state is WatchState.WATCHING, 10), cards.status
        seen = next_seen(queue)
        assert seen is not None and seen.cards == ("blue-4", "yellow-1")
    finally:
        cards.close()
        marked.close()


def test_without_a_camera_cards_are_entered_by_hand(tmp_path):
    cards = CardWatcher(None, manual_zone(), InputQueue(), simulate=True, directory=tmp_path)
    assert cards.follow("mustang") is None
    assert cards.status.state is WatchState.UNAVAILABLE and not cards.available
    assert "by hand" in cards.status.message.render("en")


def test_a_kept_simulation_model_whose_faces_changed_is_built_again(tmp_path):
    from vision.decks import builtin
    from vision.enrol import build_model
    from vision.faces import face_image
    from vision.model import DeckModel

    stale = rendered_model_file(tmp_path, "dog-royal")
    build_model("dog-royal", {card: face_image(card, "dog-royal") for card in ("2", "3")}).save(stale)
    camera = SyntheticCamera(None, deck="dog-royal", surface="cloth")
    camera.start()
    cards = CardWatcher(camera, manual_zone(), InputQueue(), simulate=True, directory=tmp_path)
    try:
        cards.follow("dog")
        assert wait_for(lambda: cards.status.state is not WatchState.PREPARING, 120)
        assert cards.status.state is WatchState.WATCHING, cards.status
    finally:
        cards.close()
        camera.close()
    assert set(DeckModel.load(stale).ids) == set(builtin("dog-royal").ids)


def test_closing_with_a_wait_outlives_no_setup_under_way(camera, tmp_path, monkeypatch):
    """At exit the app closes card vision with a wait: a set-up thread still inside
    OpenCV when Python ends aborts the process."""
    import threading
    import time

    def slow_model(self, deck):
        time.sleep(0.5)   # loading (or, in simulation, building) the deck model
        return None

    monkeypatch.setattr(CardWatcher, "_model", slow_model)

    def setups() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name == "card-watcher-setup"]

    cards = CardWatcher(camera, manual_zone(), InputQueue(), simulate=True, directory=tmp_path)
    cards.follow("mustang")
    cards.close()
    assert setups()                   # without a wait, the set-up is still under way
    cards.close(wait=5)
    assert not setups()
    assert cards.status.state is not WatchState.WATCHING
