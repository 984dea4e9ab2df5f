"""UI scenarios, each run in its own process (Kivy opens one window per process).

``python -m tests.ui.scenarios NAME WORKDIR`` runs scenario NAME with its database and
settings in WORKDIR and prints one JSON line of findings, which the tests assert on.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

SCENARIOS: dict[str, Callable[[Any, Path], dict[str, Any]]] = {}


def scenario(func: Callable[[Any, Path], dict[str, Any]]) -> Callable[[Any, Path], dict[str, Any]]:
    SCENARIOS[func.__name__] = func
    return func


def buttons(widget: Any) -> list[Any]:
    from ui.widgets import BigButton

    found = [widget] if isinstance(widget, BigButton) else []
    for child in widget.children:
        found += buttons(child)
    return found


def texts(widget: Any) -> list[str]:
    out = [widget.text] if hasattr(widget, "text") and isinstance(widget.text, str) else []
    for child in widget.children:
        out += texts(child)
    return out


@scenario
def screens(driver: Any, work: Path) -> dict[str, Any]:
    """Every screen at both sizes, mid-game: errors and the smallest touch target."""
    from ui.screenshots import SCREENS, prepare_games, show
    from ui.kivyenv import SIZES

    app = driver.app
    prepare_games(app)
    report: dict[str, Any] = {}
    for width, height in SIZES.values():
        driver.resize(width, height)
        for name in SCREENS:
            driver.close_popups()
            show(app, driver, name)
            page = app.page
            visible = [b for b in buttons(page) if b.get_root_window() is not None and b.opacity > 0]
            report[f"{name}@{width}x{height}"] = {
                "page": page.name, "failure": page.failure,
                "smallest": min((min(b.height, b.width) for b in visible), default=None),
                "buttons": len(visible)}
    return report


@scenario
def game(driver: Any, work: Path) -> dict[str, Any]:
    """A whole game through the simulated table: tokens on the simulated reader, cards
    reported as the card watcher would (CardsSeen on the queue), confirms through the
    mock button pin. Ends on the score screen."""
    from companion.game import Seat
    import ui.simulation as simulation

    app = driver.app
    simulation.SETTLE = 0.12
    app.table.start("mustang", [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cy", "green")], seed=5)
    app.go("play")
    panel = app.simulator
    panel.shown = True
    panel._play(None)
    deadline = time.monotonic() + 150
    steps = 0
    while panel.autoplay is not None and time.monotonic() < deadline:
        panel._tick(0)  # step the table as fast as the simulated devices answer
        driver.pump(1)
        steps += 1
    driver.pump(4)
    referee = app.table.referee
    shown = app.screen("scores").sheet
    expected = referee.scores()
    kinds = {type(a).__name__ for a in referee.actions}
    return {"over": referee.is_over, "page": app.page.name, "moves": len(referee.actions), "kinds": sorted(kinds),
            "shown": shown.to_json() if shown else None, "expected": expected.to_json(),
            "finished": len(app.services.store.finished())}


@scenario
def interrupted(driver: Any, work: Path) -> dict[str, Any]:
    """Start a game, play some moves, report, then wait to be killed."""
    from companion.game import Seat
    from ui.driver import play_moves

    app = driver.app
    app.table.start("mustang", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=9)
    play_moves(app.table.referee, 25)
    app.go("play")
    driver.pump(3)
    print(json.dumps({"game_id": app.table.referee.game_id,
                      "observation": app.table.referee.observation()}), flush=True)
    while True:
        driver.pump(1)
        time.sleep(0.05)


@scenario
def resumed(driver: Any, work: Path) -> dict[str, Any]:
    """After a restart: the home screen offers the game; resuming shows the same state."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    app = driver.app
    driver.pump(4)
    offered = [t for w in Window.children if isinstance(w, ModalView) for t in texts(w)]
    resume = next(b for w in Window.children if isinstance(w, ModalView) for b in buttons(w)
                  if b.text == "Resume the game")
    resume.dispatch("on_release")
    driver.pump(4)
    return {"offered": offered, "page": app.page.name, "game_id": app.table.referee.game_id,
            "observation": app.table.referee.observation()}


@scenario
def language(driver: Any, work: Path) -> dict[str, Any]:
    """Switch the language from the settings screen: the screen re-renders in it."""
    app = driver.app
    seen = {}
    driver.go("settings")
    for lang in ("fr", "nl", "en"):
        button = next(b for b in buttons(app.page) if b.text.endswith({"fr": "Français", "nl": "Nederlands",
                                                                         "en": "English"}[lang]))
        button.dispatch("on_release")
        driver.pump(4)
        seen[lang] = texts(app.page)
    return {"texts": seen, "saved": app.services.config.app.language}


def main() -> None:
    name, work = sys.argv[1], Path(sys.argv[2])
    from ui.driver import Driver, isolated_environment

    isolated_environment(work)
    from companion.i18n import set_language
    from ui.app import build_app

    app = build_app(simulate=True, quiet=True)
    set_language("en")
    driver = Driver(app).start()
    result = SCENARIOS[name](driver, work)
    print(json.dumps(result), flush=True)
    driver.stop()


if __name__ == "__main__":
    main()
