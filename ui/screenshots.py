"""``companion screenshots``: every screen at 800×480 and 1280×720, in a mid-game state.

The app runs in simulation on a throw-away database: one game is played to the end
(for the score and history screens) and a second one is left mid-game (for the play
screen), with two cards of the player to move lying under the simulated camera, so the
pictures show what players see during an evening. Card vision gets ready first (its
deck model is built, about 15 s, in the throw-away directory too).

Then a Stramash game is left mid-game (:data:`STRAMASH_SHOTS`): the card of the player
to move read by card vision, its laddies lit on the board drawing (``stramash-card``),
then the laddie tapped and the play's alternatives offered as buttons
(``stramash-choice``). Then Bumerang's play screen (:data:`BUMERANG_SCREENS`): a capture
chain with its next victims highlighted, and, under ``missed_capture = claim``, the
other players' Penalty? buttons after a missed capture. Then a DOG Royal game is played
to a turn whose card leaves a choice, and its play screen is saved at 800×480 with the
card laid (the pawns that can move it highlighted) and with the pawn tapped (the
alternatives as buttons).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from ui.kivyenv import SIZES

SCREENS = ("home", "new_game", "play", "event", "scores", "history", "settings", "hardware", "tokens",
           "deck", "scoring", "board_editor")
SEATS = (("Annemarie", "red"), ("Bob", "yellow"), ("Charlotte", "green"), ("Dirk-Jan", "blue"))
STRAMASH_SHOTS = ("stramash-card", "stramash-choice")

BUMERANG_SCREENS = ("bumerang-chain", "bumerang-penalty")
"""Bumerang's play screen mid-game, rendered after the others (each starts a game)."""


def prepare_games(app: Any) -> None:
    """A finished game in the history and a game in progress on the table."""
    from companion.game import Chance, Decision, Seat
    from ui.driver import play_moves

    seats = [Seat(name, colour) for name, colour in SEATS]
    app.table.start("mustang", seats, seed=7)
    play_moves(app.table.referee, 2000)
    app.table.start("mustang", seats[:3], seed=11, dealer=1)
    referee = app.table.referee
    play_moves(referee, 60)
    for _ in range(200):  # on, through the table, to a verdict that gives the dealer work
        if isinstance(referee.pending, Chance):
            app.table.simulate_chance()
        else:
            app.table.submit(referee.bot_action())
        dealing = bool(referee.view().instructions)
        if dealing and isinstance(referee.pending, Decision):
            break
    app.table.changed()


def render_all(out: Path, *, languages: tuple[str, ...] | None = None) -> list[Path]:
    """Save every screen at both sizes (and in each of ``languages``) into ``out``."""
    from ui.app import build_app
    from ui.driver import Driver, isolated_environment

    work = Path(tempfile.mkdtemp(prefix="companion-shots-"))
    isolated_environment(work)
    app = build_app(simulate=True, size=SIZES["hd"], quiet=True)
    driver = Driver(app).start()
    from companion.i18n import current_language, set_language

    languages = languages or (current_language(),)
    prepare_games(app)
    lay_cards(app, driver)
    written = []
    for lang in languages:
        set_language(lang)
        for width, height in SIZES.values():
            driver.resize(width, height)
            for screen in SCREENS:
                driver.close_popups()
                show(app, driver, screen)
                written.append(driver.shot(out / f"{lang}-{width}x{height}-{screen}.png"))
    touches = prepare_stramash(app, driver)
    for lang in languages:
        set_language(lang)
        for width, height in SIZES.values():
            driver.resize(width, height)
            driver.close_popups()
            for shot, taps in zip(STRAMASH_SHOTS, ((), touches)):
                tap_board(app, taps)
                driver.go("play")
                written.append(driver.shot(out / f"{lang}-{width}x{height}-{shot}.png"))
    for lang in languages:
        set_language(lang)
        for width, height in SIZES.values():
            driver.resize(width, height)
            for screen in BUMERANG_SCREENS:
                driver.close_popups()
                show_bumerang(app, driver, screen)
                written.append(driver.shot(out / f"{lang}-{width}x{height}-{screen}.png"))
    for lang in languages:
        set_language(lang)
        written += dog_play(app, driver, out, lang)
    driver.close_popups()
    driver.stop()
    return written


def prepare_stramash(app: Any, driver: Any) -> list[str]:
    """A 4-player Stramash game in mid-game with the card of the player to move laid in
    the play zone (read by card vision), on a turn where a tap on a laddie leaves a
    choice of plays; returns the taps that bring the choice."""
    from companion.game import Seat
    from ui.driver import play_moves

    app.table.start("stramash", [Seat(name, colour) for name, colour in SEATS], seed=3)
    referee = app.table.referee
    play_moves(referee, 60)
    while True:
        for action in referee.legal_actions():
            lines = referee.game.table_inputs(referee.state.copy(), [action])
            if any("choose" in line for line in lines) and any("touch" in line for line in lines):
                app.table.changed()
                lay_cards(app, driver, lines[0]["cards"])
                return [line["touch"] for line in lines if "touch" in line]
        play_moves(referee, 1)


def tap_board(app: Any, taps: Any) -> None:
    """The board drawing tapped at ``taps``, after the card in the play zone only (the
    move's earlier taps forgotten)."""
    from companion.inputs import Intent

    cards = app.table.referee.cards
    app.table.feed(Intent("clear"))
    app.table.lay(cards)
    for target in taps:
        app.table.feed(Intent("touch", {"target": target}))


def dog_choice(app: Any, seed: int = 11) -> Any:
    """Start a 4-player DOG Royal game and play it on to a turn where a card of the hand
    and one pawn leave several ways to move; that play (``None`` if the game ended)."""
    import random

    from companion.game import Seat, Sensed
    from companion.games.dog.actions import Play

    app.table.start("dog", [Seat(name) for name, _ in SEATS], {"mode": "royal"}, seed=seed)
    referee = app.table.referee
    game, rng = referee.game, random.Random(seed)
    while not referee.is_over:
        if getattr(referee.pending, "kind", None) == "turn":
            for play in game.legal_actions(referee.state):
                if isinstance(play, Play) and play.pawn and not play.other:
                    found = game.propose(referee.state, Sensed(cards=(play.card,), token=play.pawn))
                    if len(getattr(found, "alternatives", ())) > 1:
                        return play
        app.table.submit(game.choose(referee.state, rng))
    return None


def dog_play(app: Any, driver: Any, out: Path, lang: str) -> list[Path]:
    """DOG's play screen at 800×480: a card laid, then its pawn tapped."""
    from companion.inputs import Intent

    play = dog_choice(app)
    if play is None:
        return []
    driver.resize(*SIZES["pi"])
    driver.close_popups()
    driver.go("play")
    written = []
    for step in ("card", "choose"):
        if step == "card":
            lay_cards(app, driver, [play.card])
        else:
            app.table.feed(Intent("touch", {"target": play.pawn}))
        app.table.changed()
        driver.pump(6)
        written.append(driver.shot(out / f"{lang}-800x480-dog-{step}.png"))
    return written


def lay_cards(app: Any, driver: Any, cards: Any = None, patience: float = 120.0) -> None:
    """Once card vision is ready, lay ``cards`` (default: two cards of the player to
    move) in the play zone and give card vision a moment to read them."""
    import time

    from ui.simulation import Puppet
    from referee.watcher import WatchState

    deadline = time.monotonic() + patience
    while app.services.cards.status.state is WatchState.PREPARING and time.monotonic() < deadline:
        driver.pump(1)
        time.sleep(0.05)
    referee = app.table.referee
    if cards is None:
        seat = getattr(referee.pending, "player", None)
        hand = referee.game.hand(referee.state, seat) if seat is not None else ()
        cards = [card for card in hand if card is not None][:2]
    Puppet(app.table).lay(cards)
    for _ in range(60):
        if referee.cards == tuple(sorted(cards)) and app.services.cards.status.state is not WatchState.PREPARING:
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

        app.screen("scores").show(stored_sheet(finished),
                                  colours={i: s.colour for i, s in enumerate(finished.seats)})
    elif screen == "new_game":
        app.screen("new_game").prepare("mustang")
        driver.go(screen)
    elif screen == "board_editor":  # the default Bumerang board, opened to describe a table's own
        from companion.games.bumerang.board import default_board

        app.screen("board_editor").edit(default_board())
        driver.go(screen)
    elif screen == "settings":
        app.screen("settings").unlocked = True
        driver.go(screen)
    else:
        driver.go(screen)
    driver.pump(6)


def bumerang_moves(screen: str, seats: list[Any]) -> tuple[dict[str, Any], int, list[Any]]:
    """Options, seed and the built-in players' actions that lead to ``screen``'s moment,
    the last action being the capture that opens a chain (``bumerang-chain``) or the
    move that ignores a compulsory capture (``bumerang-penalty``), after at least a
    dozen actions."""
    import random

    from companion.games.bumerang import GAME, moves
    from companion.games.bumerang.actions import Capture
    from companion.games.bumerang.state import Step

    options = {"missed_capture": "claim"} if screen == "bumerang-penalty" else {}
    for seed in range(1, 500):
        state = GAME.start(seats, options, seed=seed)
        rng = random.Random(seed)
        played: list[Any] = []
        while not GAME.is_over(state):
            if len(played) > 12 and screen == "bumerang-penalty" and moves.infractions(state):
                return options, seed, played + [moves.infractions(state)[0]]
            chain = len(played) > 12 and screen == "bumerang-chain" and state.step is Step.TURN
            for action in GAME.legal_actions(state) if chain else ():
                if isinstance(action, Capture):
                    after = state.copy()
                    GAME.apply(after, action)
                    if after.step is Step.CHAIN and after.winners is None:
                        return options, seed, played + [action]
            action = GAME.choose(state, rng)
            GAME.apply(state, action)
            played.append(action)
    raise LookupError(screen)


def show_bumerang(app: Any, driver: Any, screen: str) -> None:
    """Start a Bumerang game on the table, play it to ``screen``'s moment through the
    referee (the last verdict in the banner) and show the play screen."""
    from companion.game import Seat

    seats = [Seat(name, colour) for name, colour in SEATS[:3]]
    options, seed, played = bumerang_moves(screen, seats)
    app.table.start("bumerang", seats, options, seed=seed)
    for action in played:
        app.table.submit(action)
    driver.go("play")
    driver.pump(6)
