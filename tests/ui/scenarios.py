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
    from kivy.uix.label import Label

    from ui.screenshots import SCREENS, prepare_games, show
    from ui.kivyenv import SIZES
    from ui.widgets import BigButton, one_line

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
            panel = [b for b in buttons(app.simulator) if b.get_root_window() is not None and b.opacity > 0 and
                     isinstance(b, BigButton)] if app.simulator is not None else []
            status = app.status_markup()
            statuses = [w for w in page.walk() if isinstance(w, Label) and w.text == status]
            report[f"{name}@{width}x{height}"] = {
                "page": page.name, "failure": page.failure,
                "smallest": min((min(b.height, b.width) for b in visible), default=None),
                "buttons": len(visible),
                "status_words_whole": [lbl.width + 0.5 >= max(one_line(lbl, w) for w in status.split())
                                       for lbl in statuses],
                "words_broken": [b.text for b in visible + panel if b.font_size > b.min_font and b.text_size[0]
                                 and any(one_line(b, w) > b.text_size[0] + 0.5 for w in b.text.split())]}
    return report


@scenario
def screens_in_dutch(driver: Any, work: Path) -> dict[str, Any]:
    """:func:`screens` in Dutch, whose words run longest."""
    from companion.i18n import set_language

    set_language("nl")
    return screens(driver, work)


def pump_until(driver: Any, condition: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Run the app until ``condition()`` holds (or ``seconds`` pass); whether it held."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        driver.pump(1)
        time.sleep(0.01)
    return True


def play_to_the_end(driver: Any, seconds: float, *, redraw: float = 0.5, rest: float = 0.005,
                    away: bool = False) -> str | None:
    """Press the simulator's "Play to the end" and step it as fast as the simulated
    devices answer, taking in what they report and drawing the screen every ``redraw``
    seconds, until it stops or ``seconds`` have passed. Returns the problem it reported
    to the player (``None`` when it played on without one)."""
    app = driver.app
    problems: list[str] = []
    report = app.report_text
    app.report_text = problems.append
    panel = app.simulator
    panel.shown = True
    panel._play(None)
    autoplay = panel.autoplay
    stopped: list[str] = []
    tick = autoplay.tick

    def noting_why() -> bool:   # a stop with no problem before the end is a failure too: say why
        going = tick()
        referee = app.table.referee
        if not going and not stopped and autoplay.problem is None and (referee is None or not referee.is_over):
            gone = "gone" if referee is None else "on"
            stopped.append(f"the built-in player stopped before the end (referee {gone}, "
                           f"{autoplay.moves} moves to go, page {app.page.name})")
        return going

    autoplay.tick = noting_why
    if away:
        app.go("home")
    deadline = time.monotonic() + seconds
    drawn = time.monotonic()
    try:
        while panel.autoplay is not None and time.monotonic() < deadline:
            panel._tick(0)
            app.poll()
            time.sleep(rest)
            if time.monotonic() - drawn > redraw:
                driver.pump(1)
                drawn = time.monotonic()
    finally:
        app.report_text = report
    if away:
        app.go("play")
        app.table.changed()
    step = autoplay and autoplay._current and f" (at {autoplay._current.kind} {autoplay._current.value})"
    if panel.autoplay is not None:
        return f"still playing after {seconds:g} s{step or ''}"
    problems += stopped
    return problems[0] + (step or "") if problems else None


def start_near_the_end(app: Any, game: str, seats: list[Any], options: dict[str, Any] | None, seed: int,
                       tail: int | None) -> int:
    """Start ``game`` on the app's table and, with ``tail``, let the built-in player play
    it on the referee up to its last ``tail`` moves (the same game as one played whole:
    the choices are seeded by the game's seed and the log); the moves played so far."""
    from companion.commands import play_out
    from companion.session import Referee
    from companion.store import GameStore
    from ui.driver import play_moves

    app.table.start(game, seats, options, seed=seed)
    referee = app.table.referee
    if tail is not None:
        whole = Referee.new(GameStore(":memory:"), game, seats, options, seed=seed, simulated_hands=True)
        play_out(whole)
        play_moves(referee, len(whole.actions) - tail)
    app.table.changed()
    return len(referee.actions)


def watching(app: Any) -> bool:
    from referee.watcher import WatchState

    return app.services.cards.status.state is WatchState.WATCHING


def close_card_vision(app: Any) -> None:
    """Stop the app's card vision, its set-up included, for a scenario that puts the
    cards seen on the queue itself: card vision reporting the synthetic camera's empty
    zone once it is ready would race them."""
    app.services.cards.close(wait=30)


def cards_without_vision(app: Any) -> None:
    """The simulator's cards laid reach the referee as card vision would report them,
    without card vision (:func:`close_card_vision`)."""
    from companion.inputs import CardsSeen

    close_card_vision(app)
    app.simulator.puppet.lay = lambda cards: app.services.queue.put(CardsSeen(tuple(sorted(cards)),
                                                                              at=time.monotonic()))


def first(widget: Any, kind: type) -> Any | None:
    """The first widget of ``kind`` in ``widget``'s tree (Kivy's ``walk``), or ``None``."""
    return next((w for w in widget.walk() if isinstance(w, kind)), None)


def camera_view(widget: Any) -> Any:
    """The first live camera panel in ``widget``, or ``None``."""
    from ui.camera_view import CameraView

    return first(widget, CameraView)


@scenario
def game(driver: Any, work: Path) -> dict[str, Any]:
    """A whole game through the simulated table: tokens on the simulated reader, cards
    laid under the synthetic camera and read by card vision, confirms through the mock
    button pin. Ends on the score screen."""
    from companion.game import Seat
    from companion.inputs import CardsSeen
    import ui.simulation as simulation

    app = driver.app
    simulation.SETTLE = 0.12
    app.table.start("mustang", [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cy", "green")], seed=5)
    app.go("play")
    assert pump_until(driver, lambda: watching(app)), app.services.cards.status
    seen: list[CardsSeen] = []
    feed = app.table.feed

    def noting(item: Any) -> Any:
        if isinstance(item, CardsSeen):
            seen.append(item)
        return feed(item)

    app.table.feed = noting
    problem = play_to_the_end(driver, 220)
    driver.pump(4)
    referee = app.table.referee
    shown = app.screen("scores").sheet
    expected = referee.scores()
    kinds = {type(a).__name__ for a in referee.actions}
    laid = [tuple(sorted(a.cards)) for a in referee.actions if getattr(a, "cards", ())]
    return {"over": referee.is_over, "page": app.page.name, "moves": len(referee.actions), "kinds": sorted(kinds),
            "shown": shown.to_json() if shown else None, "expected": expected.to_json(),
            "finished": len(app.services.store.finished()), "problem": problem,
            "laid": [list(c) for c in laid], "seen": [list(s.cards) for s in seen if s.cards],
            "unknown": sum(s.unknown for s in seen)}


@scenario
def cards(driver: Any, work: Path) -> dict[str, Any]:
    """Cards laid under the synthetic camera reach the referee through card vision and,
    with the horse scanned, make a proposal; the camera panel outlines them."""
    from companion.game import Seat
    from ui.driver import play_moves
    from ui.simulation import Puppet

    app = driver.app
    app.table.start("mustang", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3)
    app.go("play")
    assert pump_until(driver, lambda: watching(app)), app.services.cards.status
    referee = app.table.referee
    while not (found := [a for a in referee.legal_actions() if getattr(a, "cards", ()) and getattr(a, "horse", None)]):
        play_moves(referee, 1)  # on to a turn where cards and a horse make a move
    action = found[0]
    app.table.changed()
    puppet = Puppet(app.table)
    puppet.ensure_enrolled(referee.game)
    puppet.lay(action.cards)
    read = pump_until(driver, lambda: referee.cards == tuple(sorted(action.cards)), 10)
    view = camera_view(app.page)
    pump_until(driver, lambda: len(view.drawn_marks) == len(action.cards), 5)
    names = {spec.id: spec.label.render() for spec in referee.game.cards()}
    marks = sorted(label for label, _outline in view.drawn_marks)
    puppet.place(action.horse)
    pump_until(driver, lambda: referee.proposal is not None, 10)
    proposal = referee.proposal
    return {"laid": sorted(action.cards), "read": read, "referee": list(referee.cards),
            "marks": marks, "names": sorted(names[c] for c in action.cards),
            "outlines": [len(outline) for _label, outline in view.drawn_marks],
            "proposal": [referee.game.action_to_json(a) for a in proposal.actions] if proposal else None,
            "action": referee.game.action_to_json(action)}


TAUGHT = (0, 1, 2)
"""The cards the wizard scenario teaches (of the game's cards, in the wizard's order):
three look-alikes that differ by a few pips; it skips the others."""


@scenario
def teach(driver: Any, work: Path) -> dict[str, Any]:
    """The deck wizard in simulation: three cards shown to the synthetic camera by the
    simulator panel and learnt, the others skipped; the model saved and then used by
    card vision."""
    from companion.game import Seat
    from referee.watcher import taught_model_file

    app = driver.app
    app.table.start("mustang", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3)
    assert pump_until(driver, lambda: watching(app)), app.services.cards.status
    driver.go("deck")
    wizard = app.screen("deck")
    panel = app.simulator
    taught = [wizard.cards[i].id for i in TAUGHT]
    learnt = True
    while wizard.expected is not None:
        if wizard.expected.id in taught:
            index = wizard.index
            panel._teach(True)  # the simulator lays the card the wizard asks for
            if not pump_until(driver, lambda index=index: wizard.index > index, 30):
                learnt = False
                wizard._skip()
            panel._teach(False)
        else:
            wizard._skip()
    saved = pump_until(driver, lambda: wizard.saved, 60)

    def using_taught() -> Any:
        """The watcher once it reads with the taught model (read once: the wizard's
        thread restarts card vision)."""
        running = app.services.watcher
        return running if running is not None and set(running.recognizer.model.ids) == set(taught) else None

    pump_until(driver, lambda: using_taught() is not None, 30)
    watcher = using_taught()
    driver.pump(3)
    status = texts(wizard)
    driver.go("play")
    panel.puppet.lay([taught[1]])
    if watcher is not None:
        pump_until(driver, lambda: [d.card for d in watcher.latest.detections] == [taught[1]], 15)
    return {"learnt": learnt, "saved": saved, "taught": taught,
            "model": list(watcher.recognizer.model.ids) if watcher is not None else None,
            "file": taught_model_file(app.services.cards.directory, "mustang").exists(),
            "captured": sorted(wizard.enrolment.captured), "skipped": len(wizard.skipped),
            "status": status, "named": [d.card for d in watcher.latest.detections] if watcher is not None else []}


@scenario
def tokens(driver: Any, work: Path) -> dict[str, Any]:
    """The token wizard on the simulated reader: a sticker taught and its identity written
    on it, laid again (already taught), forgotten, then taught back from what it carries
    while another token is chosen."""
    app = driver.app
    driver.go("tokens")
    wizard = app.page
    rfid = app.services.hardware.simulated_table()
    zone = app.services.config.rfid.readers[0].zone
    registry = app.services.registry
    labels = [b.text for b in buttons(wizard)]
    uid = "C0FFEE42"

    def choose(words: str) -> None:
        next(b for b in buttons(wizard) if words in b.text).dispatch("on_release")
        driver.pump(2)

    def lay() -> list[str]:
        """Lay the sticker, wait for the wizard's answer, lift it; what the screen says."""
        before = wizard.message
        rfid.place(zone, uid)
        pump_until(driver, lambda: wizard.message != before and not wizard.busy, 15)
        driver.pump(2)
        shown = texts(wizard)
        rfid.lift(zone, uid)
        pump_until(driver, lambda: False, 0.5)  # half a second for the reader to see it go
        return shown

    choose("red stallion")
    taught = lay()
    first = registry.lookup(uid)
    again = lay()
    choose("Forget this sticker")
    forgotten = registry.lookup(uid)
    choose("blue mare")
    recovered = lay()
    return {"labels": labels, "taught": taught, "first": first.token_id if first else None,
            "again": again, "forgotten": forgotten is not None, "recovered": recovered,
            "last": registry.lookup(uid).token_id if registry.lookup(uid) else None}


@scenario
def no_vision(driver: Any, work: Path) -> dict[str, Any]:
    """A damaged deck model, then the camera unplugged: the play screen says what to do
    and cards can still be entered by hand."""
    from companion.game import Seat
    from referee.watcher import WatchState

    app = driver.app
    app.table.start("mustang", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3)
    app.go("play")
    pump_until(driver, lambda: app.services.cards.status.state is not WatchState.PREPARING)
    driver.pump(3)
    no_model = {"state": app.services.cards.status.state.value, "texts": texts(app.page),
                "buttons": [b.text for b in buttons(app.page)]}
    app.services.hardware.synthetic_camera.set_connected(False)
    pump_until(driver, lambda: "camera" in {s.device for s in app.services.offline()}, 10)
    driver.pump(3)
    offline = {"texts": texts(app.page), "buttons": [b.text for b in buttons(app.page)]}
    card = app.table.referee.game.cards()[0].id
    app.table.lay([card])
    return {"no_model": no_model, "offline": offline, "by_hand": list(app.table.referee.cards) == [card]}


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
    page, observation = app.page.name, app.table.referee.observation()
    driver.go("home")
    return {"offered": offered, "page": page, "game_id": app.table.referee.game_id,
            "observation": observation, "home": [b.text for b in buttons(app.page)]}


@scenario
def home(driver: Any, work: Path) -> dict[str, Any]:
    """The app as it starts: the home screen's words and buttons, and any dialog."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    app = driver.app
    driver.pump(4)
    return {"page": app.page.name, "failure": app.page.failure, "texts": texts(app.page),
            "buttons": [b.text for b in buttons(app.page)],
            "dialogs": [t for w in Window.children if isinstance(w, ModalView) for t in texts(w)]}


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


@scenario
def settings_with_a_mistake(driver: Any, work: Path) -> dict[str, Any]:
    """Started on a settings file with a typo: what the app kept and said, a language tap,
    then the admin PIN typed on the keypad (wrong three times, then right)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    from ui.widgets import Keypad

    app = driver.app
    loaded = {"language": app.services.config.app.language, "fps": app.services.config.camera.fps}

    def popups() -> list[Any]:
        return [c for c in Window.children if isinstance(c, ModalView)]

    def popup_texts() -> list[str]:
        return [t for view in popups() for t in texts(view)]

    def press(widget: Any, label: str) -> None:
        next(b for b in buttons(widget) if b.text.endswith(label)).dispatch("on_release")
        driver.pump(4)

    driver.pump(4)
    at_start = popup_texts()
    driver.close_popups()
    driver.go("settings")
    press(app.page, "English")
    after_tap = popup_texts()
    driver.close_popups()
    answers = []
    for pin in ("1111", "2222", "3333", "2468"):
        press(app.page, "Hardware settings (admin PIN)")
        pads = [v for v in popups() if isinstance(v, Keypad)]
        if pads:
            for digit in pin:
                press(pads[0], digit)
            press(pads[0], "Done")
        answers.append(popup_texts())
        driver.close_popups()
    return {"loaded": loaded, "at_start": at_start, "after_tap": after_tap, "answers": answers,
            "unlocked": app.page.unlocked}


@scenario
def history(driver: Any, work: Path) -> dict[str, Any]:
    """The history screen: its texts, then each finished game's button pressed, with the
    page and the dialogs that each press gave."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    app = driver.app
    driver.go("history")
    listed = texts(app.page)
    games = [b.text for b in buttons(app.page) if " — " in b.text]
    pressed = {}
    for label in games:
        driver.go("history")
        next(b for b in buttons(app.page) if b.text == label).dispatch("on_release")
        driver.pump(4)
        pressed[label] = {"page": app.page.name, "texts": texts(app.page),
                          "dialogs": [t for w in Window.children if isinstance(w, ModalView) for t in texts(w)]}
        driver.close_popups()
    return {"page": app.page.name, "failure": app.page.failure, "texts": listed, "pressed": pressed}

STRAMASH_SEATS = (("Ailsa", "red"), ("Bruce", "blue"), ("Callum", "green"), ("Deirdre", "yellow"),
                  ("Ewan", "purple"), ("Fiona", "orange"))


def stramash_game(players: int, options: dict[str, Any] | None = None, vision: bool = True,
                  tail: int | None = None) -> Callable[[Any, Path], dict[str, Any]]:
    """A Stramash game of ``players`` played to the end through the simulated table: the
    first player chosen, every card laid in the play zone, the laddies tapped, the
    choices made and the confirms pressed as the game's table inputs say (the
    simulator's "Play to the end"). Ends on the score screen.

    The app rebuilds the play screen for every input, so a move through the simulated
    table takes 2.5–4 s on the 2-core machine. To keep the suite short, the longer games
    skip card vision (without ``vision`` the cards reach the referee as card vision
    reports them, as the simulated table does without a camera) and the simulated table
    plays only their last ``tail`` moves: the built-in player plays the others on the
    referee (the same game: its choices are seeded by the game's seed and the log)."""

    def run(driver: Any, work: Path) -> dict[str, Any]:
        from companion.game import Seat
        from companion.inputs import CardsSeen, Intent
        import ui.simulation as simulation

        app = driver.app
        simulation.SETTLE = 0.05
        seats = [Seat(n, c) for n, c in STRAMASH_SEATS[:players]]
        started = start_near_the_end(app, "stramash", seats, options, players, tail)
        app.go("play")
        assert pump_until(driver, lambda: watching(app), 120), app.services.cards.status
        inputs: dict[str, int] = {}
        misread: list[list[str]] = []
        feed = app.table.feed

        def noting(item: Any) -> Any:
            kind = item.name if isinstance(item, Intent) else type(item).__name__
            inputs[kind] = inputs.get(kind, 0) + 1
            verdict = feed(item)
            if isinstance(item, CardsSeen) and item.cards and verdict is not None and not verdict.accepted:
                misread.append(list(item.cards))
            return verdict

        app.table.feed = noting
        if not vision:
            cards_without_vision(app)
        problem = play_to_the_end(driver, 900, redraw=2.0)
        driver.pump(4)
        referee = app.table.referee
        shown = app.screen("scores").sheet
        return {"over": referee.is_over, "page": app.page.name, "moves": len(referee.actions) - started,
                "kinds": sorted({type(a).__name__ for a in referee.actions}), "inputs": inputs,
                "shown": shown.to_json() if shown else None, "expected": referee.scores().to_json(),
                "winner": referee.state.winner, "home": [referee.state.home(s) for s in range(players)],
                "problem": problem, "misread": misread}

    run.__name__ = f"stramash_game_{players}"
    return run


for _players, _options, _vision, _tail in ((2, None, True, 12), (4, {"joker_optional": True}, False, 40),
                                           (6, {"castle_entry_forced": True}, False, 40)):
    scenario(stramash_game(_players, _options, _vision, _tail))


def board_widget(widget: Any) -> Any:
    """The first board drawing in ``widget``, or ``None`` (the play screen builds a new
    one when it refreshes)."""
    from ui.board_widget import BoardWidget

    return first(widget, BoardWidget)


def scroll_view_of(widget: Any) -> Any | None:
    """The scroll view that holds ``widget``, if any (the window is its own parent)."""
    from kivy.uix.scrollview import ScrollView

    view = widget.parent
    while view is not None and not isinstance(view, ScrollView) and view.parent is not view:
        view = view.parent
    return view if isinstance(view, ScrollView) else None


def reveal(driver: Any, widget: Any, point: tuple[float, float]) -> None:
    """Scroll the column holding ``widget`` until ``point`` (in its parent's coordinates)
    is in view, as a player drags the column."""
    column = scroll_view_of(widget)
    if column is None:
        return
    for _ in range(20):
        x, y = widget.to_window(*point)
        bottom, top = column.to_window(column.x, column.y)[1], column.to_window(column.x, column.top)[1]
        if bottom + 30 <= y <= top - 30:
            return
        hidden = column.viewport_size[1] - column.height
        if hidden <= 0:
            return
        shift = ((bottom + top) / 2 - y) / hidden
        column.scroll_y = min(1.0, max(0.0, column.scroll_y - shift))
        driver.pump(2)


def touch_board(driver: Any, app: Any, target: str) -> str | None:
    """Touch field or piece ``target`` on the play screen's board drawing; see
    :func:`tap_drawing`."""
    return tap_drawing(driver, lambda: board_widget(app.page), target)


def tap_drawing(driver: Any, drawing: Callable[[], Any], target: str) -> str | None:
    """Touch field or piece ``target`` on the board widget ``drawing()`` gives with real
    touch events through the window (a first touch may only zoom in; a scrolling column
    hands a tap on to the drawing a moment later); the id the drawing reported."""
    from kivy.tests.common import UnitTestTouch

    reported: list[str] = []
    for _ in range(3):
        board = drawing()
        field = board.board.by_id[next((p.field for p in board.view.pieces if p.id == target), target)]
        reveal(driver, board, board.to_screen(field.x, field.y))
        tap = board.on_tap
        board.on_tap = lambda picked, tap=tap: (reported.append(picked), tap(picked))
        zoom = board.zoom
        touch = UnitTestTouch(*board.to_window(*board.to_screen(field.x, field.y)))
        touch.touch_down()
        touch.touch_up()
        pump_until(driver, lambda board=board, zoom=zoom: bool(reported) or board.zoom != zoom, 2)
        board.on_tap = tap
        driver.pump(2)
        if reported:
            return reported[0]
    return None


@scenario
def stramash_buttons(driver: Any, work: Path) -> dict[str, Any]:
    """One Stramash move made with the screen's own widgets: a card laid under the
    synthetic camera, the laddie touched on the board drawing, and the play chosen with
    its button on the play screen (the first player with the player's button)."""
    from companion.game import Seat
    from ui.driver import play_moves
    from ui.simulation import Puppet
    from ui.widgets import escape

    app = driver.app
    app.table.start("stramash", [Seat(n, c) for n, c in STRAMASH_SEATS[:3]], seed=11)
    app.go("play")
    assert pump_until(driver, lambda: watching(app), 120), app.services.cards.status
    referee, game = app.table.referee, app.table.referee.game
    first = [b for b in buttons(app.page) if b.text == f"{STRAMASH_SEATS[1][0]} starts"]    # named, not "Seat 2"
    first[0].dispatch("on_release")
    driver.pump(3)
    starter = referee.state.turn

    def wanted() -> tuple[Any, list[dict[str, Any]]] | None:
        """A play of the hand that takes a tap and a button."""
        for action in referee.legal_actions():
            lines = game.table_inputs(referee.state.copy(), [action])
            if any("touch" in line for line in lines) and any("choose" in line for line in lines):
                return action, lines
        return None

    while (found := wanted()) is None:
        play_moves(referee, 1)
    app.table.changed()
    driver.pump(3)
    action, lines = found
    puppet = Puppet(app.table)
    puppet.lay(lines[0]["cards"])
    read = pump_until(driver, lambda: referee.cards == tuple(lines[0]["cards"]), 15)
    driver.pump(3)
    lit = list(board_widget(app.page).view.movable)
    taps = [touch_board(driver, app, line["touch"]) for line in lines if "touch" in line]
    driver.pump(3)
    proposal = referee.proposal
    labels = [a.label.render() for a in proposal.alternatives] if proposal else []
    index = next(line["choose"] for line in lines if "choose" in line)
    before = len(referee.actions)
    pressed = [b for b in buttons(app.page) if labels and b.text == escape(labels[index])]
    if pressed:
        pressed[0].dispatch("on_release")
        driver.pump(3)
    played = referee.actions[before:]
    return {"starter": starter, "read": read, "card": lines[0]["cards"], "lit": lit,
            "touches": [line["touch"] for line in lines if "touch" in line], "taps": taps, "labels": labels,
            "pressed": len(pressed), "played": [game.action_to_json(a) for a in played],
            "action": game.action_to_json(action), "page": app.page.name}


def _dog_game(driver: Any, players: int, options: dict[str, Any], seed: int, vision: bool = True,
              tail: int | None = None) -> dict[str, Any]:
    """A whole DOG game through the simulator's hands: pawns on the simulated reader,
    cards laid under the synthetic camera (which draws the DOG box's faces) and read by
    card vision, taps, choices and the screen's buttons; the verdicts the table showed,
    and the score screen. The app builds the simulation's model of the box first. It
    shows the home screen while the game is played (the play screen of a DOG move is
    pressed in :func:`dog_one_move`).

    Without ``vision`` card vision is stopped once ready and the cards reach the referee
    as it reports them, as the simulated table does without a camera. With ``tail`` the
    built-in player plays the game on the referee up to its last ``tail`` moves, which the
    simulated table plays (whole, read by the camera, the 6-player basic game took 9.4
    minutes on the 2-core machine at a load of 16, the 4-player royal game 3.2 to 7)."""
    from companion.game import Seat
    from companion.inputs import CardsSeen
    import ui.simulation as simulation

    app = driver.app
    simulation.SETTLE = 0.25   # the reader must see a pawn lifted before the same pawn comes back
    started = start_near_the_end(app, "dog", [Seat(f"P{i}") for i in range(players)], options, seed, tail)
    app.go("play")
    assert pump_until(driver, lambda: watching(app), 180), app.services.cards.status
    deck, camera = app.services.cards.deck, app.services.hardware.synthetic_camera.deck
    if not vision:
        cards_without_vision(app)
    rejected: list[str] = []
    feed = app.table.feed

    seen = 0
    unknown = 0

    def noting(item: Any) -> Any:
        nonlocal seen, unknown
        seen += isinstance(item, CardsSeen) and bool(item.cards)
        unknown += item.unknown if isinstance(item, CardsSeen) else 0
        verdict = feed(item)
        if verdict is not None and not verdict.accepted:
            rejected.append(verdict.message.render("en"))
        return verdict

    app.table.feed = noting
    problem = play_to_the_end(driver, 800, redraw=2.0, rest=0, away=True)
    driver.pump(4)
    referee = app.table.referee
    shown = app.screen("scores").sheet
    return {"over": referee.is_over, "page": app.page.name, "moves": len(referee.actions) - started,
            "kinds": sorted({type(a).__name__ for a in referee.actions}),
            "shown": shown.to_json() if shown else None, "expected": referee.scores().to_json(),
            "problem": problem, "rejected": rejected[:5],
            "pending": referee.pending.prompt.render("en"),
            "deck": deck, "camera": camera, "vision": app.services.cards.watcher is not None, "seen": seen,
            "unknown": unknown}


DOG_TAIL = 60
"""The last moves of each whole DOG game that the simulated table plays."""


@scenario
def dog_royal_game(driver: Any, work: Path) -> dict[str, Any]:
    """A 4-player DOG Royal game played to the end by the simulator, its last
    :data:`DOG_TAIL` moves through the table and card vision."""
    return _dog_game(driver, 4, {"mode": "royal"}, 3, tail=DOG_TAIL)


@scenario
def dog_basic_game(driver: Any, work: Path) -> dict[str, Any]:
    """A 6-player basic DOG game played to the end by the simulator, its last
    :data:`DOG_TAIL` moves through the table, the cards put on the queue as card vision
    reports them."""
    return _dog_game(driver, 6, {}, 4, vision=False, tail=DOG_TAIL)


@scenario
def dog_one_move(driver: Any, work: Path) -> dict[str, Any]:
    """One DOG move pressed on the real widgets: a card laid in the play zone, the pawn
    tapped on the board widget with real touch events, an alternative's button pressed."""
    from kivy.tests.common import UnitTestTouch

    from ui.board_widget import BoardWidget
    from ui.screenshots import showcases, stage
    from ui.widgets import escape

    app = driver.app
    driver.resize(800, 480)
    moment = showcases("dog")[0]   # a 4-player DOG Royal game, on to a turn whose card and pawn leave a choice
    stage(app, "dog", moment)
    (card,), pawn = moment.shots[0].inputs[0]["cards"], moment.shots[1].inputs[-1]["touch"]
    referee, game = app.table.referee, app.table.referee.game
    app.go("play")
    driver.pump(4)
    assert pump_until(driver, lambda: watching(app), 180), app.services.cards.status
    app.simulator.puppet.lay([card])   # the card goes in the play zone, where card vision reads it
    assert pump_until(driver, lambda: referee.cards == (card,), 30), referee.cards
    driver.pump(4)

    def board() -> Any:
        found = [w for w in app.page.walk() if isinstance(w, BoardWidget)]
        return found[0]

    widget = board()
    lit = list(widget.view.movable)
    field = widget.board.field(next(p.field for p in widget.view.pieces if p.id == pawn))
    taps = 0
    scrolled = False
    while not referee.touched and taps < 3:   # a first tap may zoom in on the small fields
        widget = board()
        scroller = scroll_view_of(widget)
        below = scroller is not None and (widget.to_window(widget.x, widget.y)[1]
                                          < scroller.to_window(scroller.x, scroller.y)[1])
        if below:   # the board lies below the prompt and the players: scroll down to it, as a finger would
            scroller.scroll_y = 0
            driver.pump(3)
        x, y = widget.to_window(*widget.to_screen(field.x, field.y))
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        driver.pump(2)
        touch.touch_up()
        driver.pump(3)
        app.poll()
        driver.pump(3)
        taps += 1
        scrolled = scrolled or below
    touched = list(referee.touched)
    proposal = referee.proposal
    labels = [a.label.render("en") for a in proposal.alternatives] if proposal else []
    index = len(labels) - 1 if labels else None   # the last way offered
    move = proposal.alternatives[index].actions[0] if proposal and index is not None else None
    buttons_shown = [b for b in buttons(app.page) if index is not None and b.text == escape(labels[index])]
    before = len(referee.actions)
    if buttons_shown:
        buttons_shown[0].dispatch("on_release")
        app.poll()
        driver.pump(4)
    return {"card": card, "pawn": pawn, "lit": lit, "taps": taps, "touched": touched, "labels": labels,
            "button": bool(buttons_shown), "pressed": labels[index] if index is not None else None,
            "played": referee.actions[before:] == (move,),
            "said": game.describe(move).render("en") if move else None, "scrolled": scrolled,
            "banner": app.table.last.verdict.message.render("en") if app.table.last else None}


# --- every prompt answered without the simulator (issue 17, item 2) ----------------------

PROMPT_KINDS = ("turn", "draw", "flip", "event", "defend", "penalty", "release", "rain")
"""Every kind of prompt Mustang's referee can wait for."""


@scenario
def every_prompt(driver: Any, work: Path) -> dict[str, Any]:
    """A Mustang game at a table without the simulator (hands unseen, the simulator panel
    hidden and never used): every prompt answered only by pressing the screen's own
    buttons (found in the widget tree) or by the inputs a sensor puts on the queue — tags
    read (:class:`TagPlaced`), cards seen (:class:`CardsSeen`), the confirm button's pin
    (:class:`ButtonPressed`). Events are turned over in the order rain, fence, birth, so
    that each kind of prompt comes up; the supply is run down by exchanges (one card
    given, two drawn)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    from companion.game import Seat
    from companion.games.mustang.cards import COLOURS, VALUES
    from companion.games.mustang.horses import HORSES, HorseKind
    from companion.inputs import ButtonPressed, CardsSeen, Intent, TagPlaced
    from companion.session import Referee

    app = driver.app
    driver.resize(800, 480)
    app.simulator.shown = False
    registry = app.services.registry
    zone = app.services.config.rfid.readers[0].zone
    uids = {token: f"5A{n:06X}" for n, token in enumerate(HORSES)}
    for token, uid in uids.items():                   # the tokens taught, as at a real table
        registry.enroll(uid, "mustang", token)
    app.table.referee = Referee.new(app.services.store, "mustang", [Seat("Will", "red"), Seat("Frank", "blue")],
                                    {"exchange_draws_two": True}, seed=7, simulated_hands=False,
                                    token_lookup=app.table.lookup)
    app.table._begin()
    close_card_vision(app)   # the cards seen reach the queue as card vision reports them (sense() below)
    app.go("play")
    driver.pump(4)
    referee = app.table.referee
    fed: list[str] = []
    feed = app.table.feed

    def noting(item: Any) -> Any:
        fed.append(type(item).__name__ + (f":{item.name}" if isinstance(item, Intent) else ""))
        return feed(item)

    app.table.feed = noting
    answers: list[dict[str, Any]] = []
    events = ["heavy_rain", "rotten_fence", "birth"]

    def popups() -> list[Any]:
        return [c for c in Window.children if isinstance(c, ModalView)]

    def press(label: str, where: Any = None) -> str:
        """Press the button whose text ends with ``label`` (on the page, else in a popup)."""
        places = [where] if where is not None else [app.page, *popups()]
        found = [b for place in places for b in buttons(place) if b.text.endswith(label)]
        assert found, (label, [b.text for place in places for b in buttons(place)])
        found[0].dispatch("on_release")
        driver.pump(1)
        return f"button:{label}"

    folds: dict[str, bool] = {}
    """Whether a prompt's button was on screen at 800×480 without scrolling."""

    def visible(label: str) -> bool:
        driver.pump(2)
        return any(on_screen(b) for b in buttons(app.page) if b.text.endswith(label))

    def sense(*items: Any) -> str:
        for item in items:
            app.services.queue.put(item)
        app.poll()
        driver.pump(1)
        return "sensor:" + "+".join(type(i).__name__ for i in items)

    def tag(token: str) -> TagPlaced:
        return TagPlaced(uids[token], zone)

    def unplayed(n: int) -> tuple[str, ...]:
        """``n`` cards of one value, none of them on the discard pile."""
        for value in VALUES:
            free = [f"{c}-{value}" for c in COLOURS if f"{c}-{value}" not in referee.state.discard]
            if len(free) >= n:
                return tuple(sorted(free[:n]))
        raise AssertionError("no free cards")

    def lay_and_scan(cards: tuple[str, ...], token: str, confirm: str) -> str:
        how = sense(CardsSeen(cards), tag(token))
        return how + "+" + (sense(ButtonPressed("confirm")) if confirm == "pin" else press("Confirm"))

    def my_turn(seat: int) -> str:
        """Once the rain is over, Will builds a stallion and a mare in his stable
        (for Birth); otherwise the turn is an exchange (few cards played: the next supply,
        made of them, runs out soon)."""
        state = referee.state
        player = state.players[seat]
        if seat == 0 and "heavy_rain" not in events:
            if player.corral:
                return lay_and_scan((), player.corral[0], "button")
            stable_kinds = {HORSES[h].kind for h in player.stable}
            for kind, size in ((HorseKind.STALLION, 4), (HorseKind.MARE, 3)):
                wanted = [h for h in state.prairie if HORSES[h].kind is kind]
                if kind not in stable_kinds and wanted:
                    return lay_and_scan(unplayed(size), wanted[0], "pin")
        foals = [h for h in state.prairie if HORSES[h].kind is HorseKind.FOAL]
        if not state.discard and foals:     # the next supply is made of the discard pile
            return lay_and_scan(unplayed(2), foals[0], "button")
        return press("Exchange 1 card")

    def answer(kind: str, pending: Any) -> str:
        state = referee.state
        if kind == "event":
            event = events.pop(0) if events else sorted(state.event_deck)[0]
            if event == "rotten_fence":                          # by the picker on the screen
                press("Enter what was drawn")
                press(next(s.label.render() for s in referee.game.cards() if s.id == event))
                return press("These cards are in the zone") + " (picker)"
            return sense(CardsSeen((event,)))                    # the camera reads the card
        if kind == "draw":                                       # by the picker
            press("Enter what was drawn")
            spec = next(s for s in referee.game.tokens() if s.id == pending.outcomes[0])
            return press(spec.label.render()) + " (picker)"
        if kind == "flip":
            return sense(tag(pending.outcomes[-1]))
        if kind == "rain":
            folds.setdefault("Done", visible("Done"))
            return press("Done")
        if kind == "release":
            return sense(tag(state.players[pending.player].corral[0]))
        if kind == "defend":
            folds.setdefault("Let the steal go", visible("Let the steal go"))
            return sense(CardsSeen(unplayed(3))) + "+" + press("Confirm")
        if kind == "penalty":
            return press("Discard 0 cowboys")
        # the turn: the first catch and the steal come first, then each seat's plan
        if not any(p.corral or p.stable for p in state.players):
            foal = next(h for h in state.prairie if HORSES[h].kind is HorseKind.FOAL)
            return lay_and_scan(unplayed(2), foal, "button")
        if state.turn < 3 and state.players[0].corral and pending.player == 1:
            return lay_and_scan(unplayed(2), state.players[0].corral[0], "pin")
        return my_turn(pending.player)

    for _ in range(400):
        if referee.is_over or (not events and {a["kind"] for a in answers} >= set(PROMPT_KINDS)):
            break
        for view in popups():                                    # the event card shown full screen
            if any(b.text.endswith("Carry on") for b in buttons(view)):
                press("Carry on", view)
        pending = referee.pending
        kind = pending.kind
        before = len(referee.actions)
        how = answer(kind, pending)
        verdict = app.table.last.verdict if app.table.last else None
        answers.append({"kind": kind, "by": how, "moved": len(referee.actions) > before,
                        "message": verdict.message.render() if verdict else None})
        if not answers[-1]["moved"]:
            break
    return {"answers": answers, "kinds": sorted({a["kind"] for a in answers if a["moved"]}),
            "fed": sorted(set(fed)), "simulator_shown": app.simulator.shown, "over": referee.is_over,
            "events": [e for e in referee.state.events_revealed], "folds": folds}


@scenario
def keypad_names(driver: Any, work: Path) -> dict[str, Any]:
    """Names typed on the on-screen keypad by pressing its keys (issue 17, item 10)."""
    from ui.widgets import Keypad

    typed: dict[str, str] = {}
    for name, keys in (("Dirk-Jan", "DIRK-JAN"), ("François", "FRANÇOIS"), ("O'Neill", "O'NEILL")):
        pad = Keypad("Name", lambda text, name=name: typed.__setitem__(name, text))
        pad.open()
        driver.pump(2)
        for key in keys:
            next(b for b in buttons(pad) if b.text == key).dispatch("on_release")
        next(b for b in buttons(pad) if b.text == "Done").dispatch("on_release")
        driver.pump(2)
    return {"typed": typed}


@scenario
def remove_asks(driver: Any, work: Path) -> dict[str, Any]:
    """Deleting a player on the new-game screen asks first; default names follow the
    language (issue 17, item 10)."""
    from kivy.core.window import Window

    from companion.i18n import set_language
    from kivy.uix.modalview import ModalView

    app = driver.app
    screen = app.screen("new_game")
    screen.prepare("mustang")
    driver.go("new_game")
    screen.players.append(type(screen.players[0])("Dirk-Jan", "green"))
    screen.refresh()
    driver.pump(2)
    before = [p.name for p in screen.players]
    line = next(b for b in buttons(app.page) if b.text == "Dirk-Jan").parent   # Dirk-Jan's row
    next(b for b in buttons(line) if "✘" in b.text).dispatch("on_release")
    driver.pump(2)
    asked = [t for w in Window.children if isinstance(w, ModalView) for t in texts(w)]
    kept = [p.name for p in screen.players]
    dialog = next(w for w in Window.children if isinstance(w, ModalView))
    next(b for b in buttons(dialog) if b.text.endswith("Remove")).dispatch("on_release")
    driver.pump(2)
    after = [p.name for p in screen.players]
    set_language("nl")
    translated = [p.name for p in screen.players]
    set_language("en")
    return {"before": before, "asked": asked, "kept": kept, "after": after, "nl": translated}


@scenario
def hardware_live(driver: Any, work: Path) -> dict[str, Any]:
    """The hardware check screen while its probes run (issue 17, item 10): the camera's
    probe held until the reader's result is on screen, the buttons' probe broken; what
    the screen says at each step, in English and in French."""
    import threading

    from companion.i18n import set_language
    from hardware.manager import Check

    app = driver.app
    hardware = app.services.hardware
    found: dict[str, Any] = {}
    for lang in ("en", "fr"):
        set_language(lang)
        gate = threading.Event()
        opened = hardware.checks

        def held(camera_seconds: float = 1.0, gate: threading.Event = gate, opened: Any = opened) -> list[Any]:
            return [Check(c.device, c.kind, (lambda run=c.run: gate.wait(30) and run())
                          if c.kind == "camera" else c.run) for c in opened(camera_seconds)]

        def broken() -> list[Any]:
            raise OSError("cannot open /dev/gpiomem")

        hardware.checks, hardware.gpio.probe_parts = held, broken
        driver.go("home")
        driver.go("hardware")
        first = texts(app.page)
        pump_until(driver, lambda: app.screen("hardware").results.get("rfid:main") is not None, 10)
        driver.pump(2)
        while_camera = texts(app.page)
        gate.set()
        pump_until(driver, lambda: not app.screen("hardware").running, 20)
        driver.pump(2)
        found[lang] = {"first": first, "while_camera": while_camera, "end": texts(app.page),
                       "buttons": [b.text for b in buttons(app.page)]}
        del hardware.checks, hardware.gpio.probe_parts
    set_language("en")
    return found


CAMERA_CARDS = (
    *((f"Red stallion {n}", ((40 + 28 * n, 60), (130 + 28 * n, 60), (130 + 28 * n, 190), (40 + 28 * n, 190)))
      for n in range(1, 6)),                                                   # fanned, 28 px apart
    ("Black Prince", ((420, 40), (510, 55), (490, 185), (400, 170))),             # turned a little
    ("Snow-White Mare", ((520, 300), (640, 300), (640, 430), (520, 430))),        # at the picture's edge
    ("?", ((200, 300), (290, 300), (290, 430), (200, 430))),
    ("Blue foal 3", ((240, 320), (330, 320), (330, 450), (240, 450))))            # lying on the "?" card
"""Cards as card vision outlines them in a 640×480 picture: fanned, turned, at the edge,
one on another."""


@scenario
def camera_labels(driver: Any, work: Path) -> dict[str, Any]:
    """The camera panel's card names at the play screen's panel size at 800×480 and
    larger (issue 17, item 10): where each is drawn, each card's outline and the picture."""
    from kivy.core.window import Window

    from ui.camera_view import CameraView

    driver.resize(800, 480)
    found: dict[str, Any] = {}
    for width, height in ((320, 240), (480, 360)):
        view = CameraView(None, lambda: CAMERA_CARDS, frame_size=(640, 480), size_hint=(None, None),
                          size=(width, height), pos=(10, 10))
        Window.add_widget(view)
        driver.pump(3)
        scale = min(view.width / 640, view.height / 480)
        found[f"{width}x{height}"] = {
            "labels": view.labels, "picture": [view.x, view.y, view.x + 640 * scale, view.y + 480 * scale],
            "outlines": {text: [(view.x + x * scale, view.y + (480 - y) * scale) for x, y in outline]
                         for text, outline in CAMERA_CARDS}}
        driver.shot(work / f"camera-{width}x{height}.png")
        Window.remove_widget(view)
    return found


@scenario
def token_words(driver: Any, work: Path) -> dict[str, Any]:
    """The play screen's entry-by-hand button and its picker's title, in French and
    Dutch, for Mustang (its rulebook's words) and DOG (the shared words)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    from companion.game import Seat
    from companion.i18n import set_language
    from ui import D

    app = driver.app
    found: dict[str, Any] = {}
    for game in ("mustang", "dog"):
        app.table.start(game, [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3)
        for lang in ("fr", "nl"):
            set_language(lang)
            driver.go("play")
            driver.pump(3)
            cards = next(b for b in buttons(app.page) if b.text == D.gettext("Enter cards by hand"))
            entry = [b for b in reversed(cards.parent.children) if b is not cards][-1]   # the one before it
            entry.dispatch("on_release")
            driver.pump(2)
            title = [strip(t) for w in Window.children if isinstance(w, ModalView) for t in texts(w)
                     if t.startswith("[b]")]   # the picker's question
            driver.close_popups()
            found[f"{game}-{lang}"] = {"button": entry.text, "picker": title}
    set_language("en")
    return found


@scenario
def restart_asks(driver: Any, work: Path) -> dict[str, Any]:
    """The deck wizard's "Start again", pressed after one card was taught, asks before it
    forgets that card (issue 17, item 10)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    from companion.game import Seat

    app = driver.app
    app.table.start("mustang", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3)
    assert pump_until(driver, lambda: watching(app)), app.services.cards.status
    driver.go("deck")
    wizard = app.screen("deck")
    app.simulator._teach(True)   # the simulator lays the card the wizard asks for
    pump_until(driver, lambda: wizard.index > 0, 30)
    app.simulator._teach(False)
    driver.pump(2)
    taught = sorted(wizard.enrolment.captured)
    next(b for b in buttons(app.page) if b.text == "Start again").dispatch("on_release")
    driver.pump(2)
    dialogs = [w for w in Window.children if isinstance(w, ModalView)]
    asked = [t for w in dialogs for t in texts(w)]
    kept = sorted(wizard.enrolment.captured)
    next(b for b in buttons(dialogs[0]) if b.text.endswith("Start again")).dispatch("on_release")
    return {"taught": taught, "asked": asked, "kept": kept, "after": sorted(wizard.enrolment.captured),
            "index": wizard.index}


@scenario
def language_row(driver: Any, work: Path) -> dict[str, Any]:
    """The home screen's language buttons at 800×480 in each language, with a game on
    the table (its "Back to the game" above them): on screen, their words within the
    button at the button's own font size (issue 17, item 10)."""
    from companion.game import Seat
    from companion.i18n import LANGUAGE_NAMES, LANGUAGES, set_language

    app = driver.app
    driver.resize(800, 480)
    app.table.start("mustang", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3)
    found: dict[str, Any] = {}
    for lang in LANGUAGES:
        set_language(lang)
        driver.go("home")
        driver.pump(3)
        row = [b for b in buttons(app.page) if b.text.removeprefix("» ") in LANGUAGE_NAMES.values()]
        found[lang] = [{"text": b.text, "seen": on_screen(b), "fits": b.texture_size[0] <= b.width
                        and b.texture_size[1] <= b.height, "font": b.font_size, "base": b._base_font} for b in row]
    set_language("en")
    return found


def on_screen(widget: Any) -> bool:
    """Whether ``widget`` lies wholly inside the window and inside every scroll view
    around it as now scrolled: seen without scrolling."""
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    if left < 0 or bottom < 0 or right > Window.width + 0.5 or top > Window.height + 0.5:
        return False
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            px, py = parent.to_window(parent.x, parent.y)
            if bottom < py - 0.5 or top > py + parent.height + 0.5:
                return False
        parent = parent.parent
    return True


SCORE_TABLES = (("mustang", 2), ("mustang", 5), ("dog", 2), ("dog", 6), ("stramash", 2), ("stramash", 6),
                ("bumerang", 3), ("bumerang", 5))
"""Each game at its fewest and most players (Bumerang's two-player variant aside)."""


@scenario
def score_ranks(driver: Any, work: Path) -> dict[str, Any]:
    """Each game played to its end by the built-in players at 800×480, its score screen
    shown: the ranks as written, and whether the ranks, the chart and its legend are
    on screen without scrolling (issue 17, item 10)."""
    from companion.game import Seat
    from ui.chart import ScoreChart
    from ui.driver import play_moves
    from ui.widgets import Words

    app = driver.app
    driver.resize(800, 480)
    names = ("Annemarie", "Bob", "Charlotte", "Dirk-Jan", "Evelien-Maria", "François")
    colours = ("red", "yellow", "green", "blue", "black", "white")
    found: dict[str, Any] = {}
    for game, players in SCORE_TABLES:
        app.table.start(game, [Seat(n, c) for n, c in zip(names[:players], colours)], seed=3)
        play_moves(app.table.referee, 20000)
        sheet = app.table.referee.scores()
        app.screen("scores").show(sheet, colours=dict(enumerate(colours)))
        driver.pump(6)
        page = app.page
        grid = next(w for w in page.walk() if getattr(w, "cols", None) == 3)
        cells = [w.text for w in reversed(grid.children)]
        chart = next(w for w in page.walk() if isinstance(w, ScoreChart))
        legend = next(w for w in page.walk() if isinstance(w, Words) and "■" in w.text)
        found[f"{game}-{players}"] = {
            "over": app.table.referee.is_over, "winners": list(sheet.winners),
            "totals": {p.name: p.total for p in sheet.players},
            "lines": [(strip(cells[i]), strip(cells[i + 1]), strip(cells[i + 2])) for i in range(0, len(cells), 3)],
            "seen": {"ranks": all(on_screen(w) for w in grid.children), "chart": on_screen(chart),
                     "legend": on_screen(legend)},
            "names": chart.names, "chart": [chart.x, chart.right]}
    return found


def strip(markup: str) -> str:
    """The words of Kivy markup (tags and symbol glyphs dropped)."""
    import re

    return re.sub(r"\[/?[a-z]+(=[^\]]*)?\]|[\u2190-\u27bf]", "", markup).strip()


@scenario
def board_setup(driver: Any, work: Path) -> dict[str, Any]:
    """Stramash's board set up on the drawing (issue 19): holes per mashie on the set-up's
    stepper, the start and castle-entry holes tapped with real touches, a refused
    castle entry on the start hole, fewer holes moving a tapped hole beyond the last one
    onto the last, Done, then the game started with those values."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    from ui.board_setup import BoardSetup

    app = driver.app
    driver.resize(800, 480)
    screen = app.screen("new_game")
    screen.prepare("stramash")
    driver.go("new_game")
    next(b for b in buttons(app.page) if b.text == "Tap them on the board drawing").dispatch("on_release")
    driver.pump(4)
    dialog = next(w for w in Window.children if isinstance(w, BoardSetup))
    for _ in range(6):                                              # 18 holes per mashie down to 12
        next(b for b in buttons(dialog) if "−" in b.text).dispatch("on_release")
        driver.pump(1)
    driver.pump(4)
    drawn = sorted(f.id for f in dialog.drawing.board.fields)
    prompts = [texts(dialog)[-1]]
    first = tap_drawing(driver, lambda: dialog.drawing, "t4")
    marked_after_start = list(dialog.drawing.marked)
    prompts.append(texts(dialog)[-1])
    same = tap_drawing(driver, lambda: dialog.drawing, "t4")
    next(b for b in buttons(dialog) if b.text.endswith("Done")).dispatch("on_release")
    driver.pump(4)
    refused = [t for t in texts(dialog) if "⚠" in t or "castle" in t.lower()]
    still_open = dialog in Window.children
    second = tap_drawing(driver, lambda: dialog.drawing, "t9")
    marked = sorted(dialog.drawing.marked)
    driver.pump(4)
    shot = driver.shot(work / "board-setup.png")
    for _ in range(4):                                              # 12 holes down to 8: hole 9 is gone
        next(b for b in buttons(dialog) if "−" in b.text).dispatch("on_release")
        driver.pump(1)
    driver.pump(2)
    shrunk = sorted(dialog.drawing.marked)
    next(b for b in buttons(dialog) if b.text.endswith("Done")).dispatch("on_release")
    driver.pump(6)
    open_after = any(isinstance(w, ModalView) for w in Window.children)
    chosen = dict(screen.board)
    page_lines = texts(app.page)
    # no card is laid here: card vision is not set up for the standard deck (its model takes
    # minutes to build on this table, which has none)
    app.services.watch_cards = lambda game, options=None: None
    next(b for b in buttons(app.page) if b.text.endswith("Start the game")).dispatch("on_release")
    driver.pump(6)
    referee = app.table.referee
    return {"drawn": drawn, "prompts": prompts, "first": first, "marked_after_start": marked_after_start,
            "same": same, "refused": refused, "still_open": still_open, "second": second, "marked": marked,
            "shrunk": shrunk,
            "open_after": open_after, "chosen": chosen, "page_lines": page_lines, "shot": str(shot),
            "page": app.page.name, "game": referee.game.name if referee else None,
            "board": dict(referee.setup.board) if referee else None,
            "start": referee.state.geo.start(0) if referee else None,
            "entry": referee.state.geo.entry(0) if referee else None}


def main() -> None:
    name, work = sys.argv[1], Path(sys.argv[2])
    from ui.driver import Driver, isolated_environment

    isolated_environment(work)
    from companion.i18n import set_language
    from ui.app import build_app, end_process

    app = build_app(simulate=True, quiet=True)
    set_language("en")
    driver = Driver(app).start()
    result = SCENARIOS[name](driver, work)
    print(json.dumps(result), flush=True)
    driver.stop()
    end_process(0)


if __name__ == "__main__":
    main()

