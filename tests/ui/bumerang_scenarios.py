"""Bumerang in the whole app under Xvfb: a simulated game played to the end by the
simulator, one capture and its chain's Stop pressed with real touch events on the board
drawing and the buttons, and the new-game screen's choice of a board the table
described. ``python -m tests.ui.bumerang_scenarios NAME WORKDIR`` prints one JSON line
of findings (the runner of :mod:`tests.ui.scenarios`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.ui.scenarios import (board_widget, buttons, main, on_screen, play_to_the_end, pump_until, scenario,
                                texts)

SEATS = (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"), ("Di", "yellow"))


def seats(n: int) -> list[Any]:
    from companion.game import Seat

    return [Seat(name, colour) for name, colour in SEATS[:n]]


def settle(driver: Any) -> None:
    """Let card vision finish getting ready (the app watches the last game's deck): a
    process leaving while it builds its model aborts."""
    from referee.watcher import WatchState

    pump_until(driver, lambda: driver.app.services.cards.status.state is not WatchState.PREPARING, 60)


def noting_touches(app: Any) -> list[str]:
    """The board taps the referee is fed from now on, in order."""
    from companion.inputs import Intent

    touched: list[str] = []
    feed = app.table.feed

    def noting(item: Any) -> Any:
        if isinstance(item, Intent) and item.name == "touch":
            touched.append(item.args["target"])
        return feed(item)

    app.table.feed = noting
    return touched


@scenario
def bumerang_game(driver: Any, work: Path) -> dict[str, Any]:
    """A 4-player game played to the end by the simulator (``Play to the end``): every
    action through the table's taps, confirms and buttons. Ends on the score screen."""
    app = driver.app
    settle(driver)
    app.table.start("bumerang", seats(4), {"missed_capture": "claim"}, seed=3)
    app.go("play")
    touched = noting_touches(app)
    problem = play_to_the_end(driver, 240)
    driver.pump(4)
    referee = app.table.referee
    shown = app.screen("scores").sheet
    return {"over": referee.is_over, "page": app.page.name, "moves": len(referee.actions),
            "kinds": sorted({type(a).__name__ for a in referee.actions}), "touches": len(touched),
            "shown": shown.to_json() if shown else None, "expected": referee.scores().to_json(),
            "finished": len(app.services.store.finished()),
            "problem": problem}


def touch(driver: Any, x: float, y: float) -> None:
    """A finger down and up at window point ``(x, y)``, through the window's input
    dispatch."""
    from kivy.tests.common import UnitTestTouch

    finger = UnitTestTouch(x, y)
    finger.touch_down()
    driver.pump(1)
    finger.touch_up()
    driver.pump(2)


def into_view(driver: Any, widget: Any, point: tuple[float, float]) -> tuple[float, float]:
    """Scroll the page as a player's swipe would until ``point`` of ``widget`` (in its
    parent's coordinates) is on the screen; its window coordinates."""
    from kivy.core.window import Window

    from tests.ui.scenarios import scroll_view_of

    view = scroll_view_of(widget)
    x, y = widget.to_window(*point)
    if view is not None and not Window.height * 0.2 < y < Window.height * 0.8:
        content = view.children[0]
        hidden = content.height - view.height
        if hidden > 0:
            inner = content.to_widget(x, y, relative=False)  # where the point lies in the content
            target = inner[1] - view.height / 2
            view.scroll_y = max(0.0, min(1.0, target / hidden))
            driver.pump(2)
        x, y = widget.to_window(*point)
    return x, y


def tap_field(driver: Any, field: str, touched: list[str]) -> str | None:
    """Touch ``field`` on the board drawing (twice if the first touch only zoomed in);
    what the board reported."""
    for _attempt in range(2):
        widget = board_widget(driver.app.page)
        spot = widget.board.field(field)
        x, y = into_view(driver, widget, widget.to_screen(spot.x, spot.y))
        before = len(touched)
        touch(driver, x, y)
        if len(touched) > before:
            return touched[-1]
    return None


def press(driver: Any, words: str) -> bool:
    """Touch the visible button whose text contains ``words``; whether there was one."""
    found = [b for b in buttons(driver.app.page) if words in b.text and b.get_root_window() is not None]
    if not found:
        return False
    button = found[0]
    touch(driver, *into_view(driver, button, button.center))
    return True


@scenario
def bumerang_capture(driver: Any, work: Path) -> dict[str, Any]:
    """Ann's stone on D3 captures Bob's on D4 (two taps on the board, then Confirm), the
    chain offers Cy's stone on D5, and Ann presses Stop."""
    from companion.games.bumerang.actions import Place

    app = driver.app
    settle(driver)
    app.table.start("bumerang", seats(3), seed=1)
    for seat, field in enumerate(("D3", "D4", "D5")):
        app.table.submit(Place(seat, field))
    app.go("play")
    driver.pump(4)
    referee = app.table.referee
    touched = noting_touches(app)
    stone, victim = referee.state.at["D3"], referee.state.at["D4"]
    before = board_widget(app.page).view
    tapped = [tap_field(driver, "D3", touched), tap_field(driver, "D4", touched)]
    proposal = [referee.game.action_to_json(a) for a in referee.proposal.actions] if referee.proposal else None
    confirmed = press(driver, "Confirm")
    chain = board_widget(app.page).view
    stop_offered = [b.text for b in buttons(app.page) if "stop" in b.text.lower()]
    stopped = press(driver, "stop capturing")
    settle(driver)
    return {
        "stone": stone, "victim": victim, "movable": list(before.movable),
        "targets": list(before.targets.get(stone, ())),
        "tapped": tapped, "proposal": proposal, "confirmed": confirmed, "stopped": stopped,
        "chain_targets": {k: list(v) for k, v in chain.targets.items()}, "stop_offered": stop_offered,
        "actions": [referee.game.action_to_json(a) for a in referee.actions],
        "prisoners": referee.state.prisoners, "current": referee.state.current, "texts": texts(app.page)}


@scenario
def bumerang_screens(driver: Any, work: Path) -> dict[str, Any]:
    """Bumerang's play screens of ``companion screenshots`` at both sizes: errors, the
    smallest touch target, the highlighted victims and the game's buttons."""
    from ui.kivyenv import SIZES
    from ui.screenshots import showcases, stage

    app = driver.app
    settle(driver)
    report: dict[str, Any] = {}
    for width, height in SIZES.values():
        driver.resize(width, height)
        for moment in showcases("bumerang"):
            driver.close_popups()
            stage(app, "bumerang", moment)
            driver.go("play")
            driver.pump(6)
            name = moment.shots[0].name
            page = app.page
            visible = [b for b in buttons(page) if b.get_root_window() is not None and b.opacity > 0]
            board = board_widget(page).view
            report[f"{name}@{width}x{height}"] = {
                "failure": page.failure, "smallest": min(min(b.height, b.width) for b in visible),
                "targets": {k: list(v) for k, v in board.targets.items()}, "buttons": [b.text for b in visible],
                "on_screen": [b.text for b in visible if on_screen(b)],
                "victims": [f for f, s in app.table.referee.state.at.items()
                            if app.table.referee.state.owner(s) != app.table.referee.state.current]}
    settle(driver)
    return report


@scenario
def bumerang_boards(driver: Any, work: Path) -> dict[str, Any]:
    """The new-game screen lists the boards saved by the board editor beside the default
    board; a good one is chosen, a malformed one is explained and the good one stays;
    the game starts on it."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    from companion.board_edit import BoardDraft, boards_dir, save
    from companion.games.bumerang.board import load
    from tests.bumerang.helpers import square_board

    good = save(BoardDraft.from_board(load({**square_board(5), "name": "Our square"})))
    bad = boards_dir() / "broken.board.json"
    bad.write_text(json.dumps({**square_board(5), "name": "Broken",
                               "lines": square_board(5)["lines"] + [{"a": "s0_0", "b": "Z9", "to": None}]}))
    unreadable = boards_dir() / "torn.board.json"
    unreadable.write_text('{"format": "bumerang-board/1",\n "fields": [\n')
    app = driver.app
    settle(driver)
    screen = app.screen("new_game")
    screen.prepare("bumerang")
    driver.go("new_game")
    labels = [b.text for b in buttons(app.page)]

    def choose(words: str) -> list[str]:
        """Press the board button with ``words``; the texts of any message it opened."""
        driver.close_popups()
        button = next(b for b in buttons(app.page) if b.text.endswith(words))
        button.dispatch("on_release")
        driver.pump(3)
        return [t for w in Window.children if isinstance(w, ModalView) for t in texts(w)]

    chose_good = choose("our-square")
    after_good = screen.board_path.name if screen.board_path else None
    broken = choose("broken")
    after_broken = screen.board_path.name if screen.board_path else None
    torn = choose("torn")
    after_torn = screen.board_path.name if screen.board_path else None
    driver.close_popups()
    next(b for b in buttons(app.page) if "Start the game" in b.text).dispatch("on_release")
    driver.pump(4)
    settle(driver)
    referee = app.table.referee
    fields = sorted(f.id for f in referee.state.topology.board.fields) if referee else []
    return {"file": good.name, "labels": labels, "chose_good": chose_good, "after_good": after_good,
            "broken": broken, "after_broken": after_broken, "torn": torn, "after_torn": after_torn,
            "page": app.page.name, "fields": fields,
            "expected_fields": sorted(f["id"] for f in square_board(5)["fields"])}


if __name__ == "__main__":
    main()
