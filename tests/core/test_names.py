"""Players named by name, not seat number (issues 18-20): a game's texts refer to a
player by seat (:class:`PlayerRef`) and the referee session renders them with the
table's names, on buttons, prompts, verdicts and the dealer's instructions of all four
games."""

from __future__ import annotations

import random

import pytest

from companion.game import Seat
from companion.games.bumerang.actions import Free, Pass, Penalty, Stop
from companion.games.dog.actions import Exchange
from companion.games.stramash.actions import FirstPlayer, Fechter
from companion.i18n import LANGUAGES, PlayerRef, Text
from companion.inputs import Intent
from companion.session import Referee
from companion.store import GameStore

NAMES = ("Annemarie", "Calamity", "Dirk-Jan", "François")


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "games.sqlite3")
    yield s
    s.close()


def referee(store, game, players=3, **kw):
    return Referee.new(store, game, [Seat(n) for n in NAMES[:players]], seed=5, **kw)


def test_a_player_reference_is_named_and_survives_the_log():
    text = Text("{who} gives {n} cards to {whom}", who=Text("{player}!", player=PlayerRef(0)), n=2,
                whom=PlayerRef(1))
    assert text.render("en") == "player 1! gives 2 cards to player 2"     # never named: still says who
    assert text.naming(["Ann", "Bob"]).render("en") == "Ann! gives 2 cards to Bob"
    assert Text.from_json(text.to_json()) == text
    assert Text.from_json(text.to_json()).naming(["Ann", "Bob"]).render("fr") == "Ann! gives 2 cards to Bob"
    assert text.naming(["Ann"]).render("en") == "Ann! gives 2 cards to player 2"   # no such seat: left as is
    assert {Text("{p}", p=PlayerRef(2)).render(lang) for lang in LANGUAGES} == {"speler 3", "joueur 3",
                                                                               "player 3"}


def test_stramash_first_player_buttons_and_prompt_name_the_players(store):
    ref = referee(store, "stramash")
    buttons = ref.game.touch_actions(ref.state)
    assert [ref.describe(a).render("en") for a in buttons] == [f"{n} starts" for n in NAMES[:3]]
    assert ref.describe(FirstPlayer(1)).render("nl") == "Calamity begint"
    assert ref.describe(FirstPlayer(1)).render("fr") == "Calamity commence"
    verdict = ref.submit(FirstPlayer(1))
    assert verdict.accepted and "Calamity" in verdict.message.render("en")
    assert ref.pending.prompt.render("en").startswith("Calamity")
    joker = ref.describe(Fechter("JK", 1, 2, 3)).render("en")
    assert "Dirk-Jan's laddie 3" in joker and "seat" not in joker


def test_stramash_play_buttons_are_terse(store):
    ref = referee(store, "stramash", 2, simulated_hands=True, options={"first_player": "left-of-dealer"})
    rng = random.Random(3)
    labels: list[str] = []
    for _ in range(400):
        if ref.is_over or len(labels) > 20:
            break
        state = ref.state
        action = ref.game.choose(state, rng)
        card = getattr(action, "card", None)
        if card and ref.lay([card]) is None and ref.proposal is None:
            pieces = [p.id for p in ref.view().board.pieces if p.id.startswith(f"laddie-{state.turn}-")]
            for piece in pieces:
                ref.touch(piece)
                if ref.proposal is not None:
                    break
        if ref.proposal is not None and ref.proposal.alternatives:
            labels += [a.label.render("en") for a in ref.proposal.alternatives]
        ref.table_input(Intent("clear", {}))
        ref.submit(action)
    assert labels, "no play offered buttons"
    for label in labels:
        assert "→" in label and " from " not in label and len(label) <= 60, label


def test_dog_exchange_names_the_player(store):
    ref = referee(store, "dog", 4, simulated_hands=True)
    exchange = next(a for a in ref.legal_actions() if isinstance(a, Exchange))
    said = {lang: ref.describe(exchange).render(lang) for lang in LANGUAGES}
    name = NAMES[exchange.player]
    assert all(said[lang].startswith(name) for lang in LANGUAGES), said
    verdict = ref.submit(exchange)
    assert verdict.accepted and "player" not in verdict.message.render("en").lower()


def test_bumerang_buttons_name_the_players(store):
    ref = referee(store, "bumerang", 3)
    assert ref.describe(Stop(1)).render("en") == "Calamity: stop capturing"
    assert ref.describe(Pass(2)).render("en") == "Dirk-Jan: pass"
    assert ref.describe(Penalty(0)).render("en") == "Annemarie: Penalty?"
    freed = ref.describe(Free(0, "stone-1-2", 1, "a1")).render("en")
    assert freed.startswith("Annemarie:") and "from Calamity" in freed


def test_mustang_dealer_instructions_name_the_players(store):
    ref = referee(store, "mustang", 3, simulated_hands=True)
    rng = random.Random(2)
    shown: list[str] = []
    for _ in range(300):
        shown += [line.render("en") for line in ref.view().instructions]
        if ref.is_over or len(shown) > 5:
            break
        ref.submit(ref.game.choose(ref.state, rng))
    assert shown and all("player " not in line for line in shown), shown
    assert all(any(name in line for name in NAMES[:3]) for line in shown), shown


def test_a_piece_reference_is_named_as_the_board_shows_it_and_survives_the_log():
    from companion.i18n import PieceRef

    text = Text("{pawn} moves", pawn=PieceRef("pawn-red-fool", Text.raw("red fool")))
    assert text.render("en") == "red fool moves"                              # never named: said from its id
    assert text.naming([], lambda: {"pawn-red-fool": Text.raw("red pawn 4")}).render("en") == "red pawn 4 moves"
    assert Text.from_json(text.to_json()) == text


@pytest.mark.parametrize("mode, word", [("basic", "pawn"), ("royal", "")])
def test_dog_moves_name_the_pawns_as_the_board_does(store, mode, word):
    """In the basic game the board numbers the pawns ("red pawn 4"); a move said on the
    screen (the proposal, undo) names them so, not by the royal box's figures."""
    from ui.driver import play_moves

    ref = referee(store, "dog", players=4, options={"mode": mode}, simulated_hands=True)
    play_moves(ref, 60)
    board = {p.id: p.label.render("en") for p in ref.view().board.pieces}
    said = [ref.describe(a).render("en") for a in ref.actions if getattr(a, "pawn", "")]
    assert said
    for action, text in zip([a for a in ref.actions if getattr(a, "pawn", "")], said):
        assert board[action.pawn] in text, (text, board[action.pawn])
    assert all(("pawn" in text) == bool(word) for text in said), said
