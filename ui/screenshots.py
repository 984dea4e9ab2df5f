"""``companion screenshots``: every screen at 800×480 and 1280×720, in a mid-game state.

The app runs in simulation on a throw-away database. The table's default game (``[app]
default_game``) is played to the end (for the score and history screens) and then set
up at the first moment its package shows off (:meth:`companion.game.Game.showcases`),
with the cards of that moment lying under the simulated camera and read by card vision
(its deck model is built first, in the throw-away directory too), for every screen of
:data:`SCREENS`. Then every game's moments are set up in turn and the play screen is
saved at each of their shots (``<lang>-<size>-<game>-<shot>.png``): the cards laid, the
board tapped and the alternatives offered, as the game's table inputs say.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Mapping, Sequence

from ui.kivyenv import SIZES

SCREENS = ("home", "new_game", "play", "event", "scores", "history", "settings", "hardware", "tokens",
           "deck", "scoring", "board_editor")
SEATS = (("Annemarie", "red"), ("Bob", "yellow"), ("Charlotte", "green"), ("Dirk-Jan", "blue"))


def seats(count: int) -> list[Any]:
    from companion.game import Seat

    return [Seat(name, colour) for name, colour in SEATS[:count]]


def showcases(game: str) -> Sequence[Any]:
    """``game``'s moments (:class:`companion.game.Showcase`)."""
    from companion.games import get_game

    return get_game(game).showcases(seats(len(SEATS)))


def stage(app: Any, game: str, showcase: Any) -> None:
    """Clear the table (cards out of the play zone, tokens off the reader), start
    ``showcase``'s game and play its actions through the referee (the last verdict in
    the banner)."""
    from ui.simulation import Puppet

    Puppet(app.table).clear()
    app.poll()
    app.table.start(game, seats(showcase.players), dict(showcase.options), seed=showcase.seed,
                    dealer=showcase.dealer)
    for action in showcase.actions:
        app.table.submit(action)
    app.table.changed()


def feed(app: Any, driver: Any, inputs: Sequence[Mapping[str, Any]]) -> None:
    """A shot's table inputs (table-script lines) after the move's earlier ones are
    forgotten: cards laid in the play zone (read by card vision), taps on the board,
    choices among the alternatives."""
    from companion.inputs import Intent

    if not inputs:
        return
    app.table.feed(Intent("clear"))
    for line in inputs:
        if "cards" in line:
            lay_cards(app, driver, line["cards"])
        elif "touch" in line:
            app.table.feed(Intent("touch", {"target": line["touch"]}))
        elif "choose" in line:
            app.table.feed(Intent("choose", {"index": line["choose"]}))
    app.table.changed()


def default_board_file() -> Any | None:
    """The default board of the first game played on a board file a table supplies."""
    from companion import games
    from companion.game import resolve_options

    for name in games.available():
        game = games.get_game(name)
        if game.board_files:
            return game.board(game.make_setup(seats(min(len(SEATS), game.max_players))),
                              resolve_options(game.options, None))
    return None


def prepare_games(app: Any) -> Any:
    """A finished game of the table's default game in the history, and the same game at
    its first moment on the table; that moment (:class:`companion.game.Showcase`)."""
    from companion.games import get_game
    from ui.driver import play_moves

    name = app.services.config.app.default_game
    game = get_game(name)
    app.table.start(name, seats(min(4, game.max_players)), seed=7)
    play_moves(app.table.referee, 10_000)
    moment = showcases(name)[0]
    stage(app, name, moment)
    return moment


def render_all(out: Path, *, languages: tuple[str, ...] | None = None) -> list[Path]:
    """Save every screen at both sizes (and in each of ``languages``) into ``out``."""
    from companion import games
    from companion.i18n import current_language, set_language
    from ui.app import build_app
    from ui.driver import Driver, isolated_environment

    work = Path(tempfile.mkdtemp(prefix="companion-shots-"))
    isolated_environment(work)
    app = build_app(simulate=True, size=SIZES["hd"], quiet=True)
    driver = Driver(app).start()
    languages = languages or (current_language(),)
    moment = prepare_games(app)
    for shot in moment.shots:
        feed(app, driver, shot.inputs)
    written = []
    for lang in languages:
        set_language(lang)
        for width, height in SIZES.values():
            driver.resize(width, height)
            for screen in SCREENS:
                driver.close_popups()
                show(app, driver, screen)
                written.append(driver.shot(out / f"{lang}-{width}x{height}-{screen}.png"))
    for name in games.available():
        for moment in showcases(name):
            stage(app, name, moment)
            for lang in languages:
                set_language(lang)
                for width, height in SIZES.values():
                    driver.resize(width, height)
                    for shot in moment.shots:
                        driver.close_popups()
                        feed(app, driver, shot.inputs)
                        driver.go("play")
                        driver.pump(6)
                        written.append(driver.shot(out / f"{lang}-{width}x{height}-{name}-{shot.name}.png"))
    driver.close_popups()
    driver.stop()
    return written


def lay_cards(app: Any, driver: Any, cards: Sequence[str], patience: float = 120.0) -> None:
    """Once card vision is ready, lay ``cards`` in the play zone and give card vision a
    moment to read them (cards already lying there are only reported again)."""
    import time

    from ui.simulation import Puppet
    from referee.watcher import WatchState

    deadline = time.monotonic() + patience
    while app.services.cards.status.state is WatchState.PREPARING and time.monotonic() < deadline:
        driver.pump(1)
        time.sleep(0.05)
    referee = app.table.referee
    puppet = Puppet(app.table)
    if tuple(sorted(puppet.laid)) == tuple(sorted(cards)):
        app.table.lay(tuple(sorted(cards)))
        return
    puppet.lay(cards)
    for _ in range(60):
        app.poll()
        if referee.cards == tuple(sorted(cards)):
            break
        driver.pump(1)
        time.sleep(0.05)


def show(app: Any, driver: Any, screen: str) -> None:
    from ui.screens.play import announcement_card

    if screen == "event":
        driver.go("play")
        announcement = app.table.referee.view().announcement
        if announcement is not None:
            announcement_card(announcement)
    elif screen == "scores":
        finished = app.services.store.finished()[0]
        from ui.history import stored_sheet

        sheet = stored_sheet(finished)
        if sheet is not None:
            app.screen("scores").show(sheet, colours={i: s.colour for i, s in enumerate(finished.seats)})
    elif screen == "new_game":
        app.screen("new_game").prepare(app.services.config.app.default_game)
        driver.go(screen)
    elif screen == "board_editor":  # the default board of a game played on a table's own board file
        board = default_board_file()
        if board is not None:
            app.screen("board_editor").edit(board)
        driver.go(screen)
    elif screen == "settings":
        app.screen("settings").unlocked = True
        driver.go(screen)
    else:
        driver.go(screen)
    driver.pump(6)


