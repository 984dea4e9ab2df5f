"""The table's inputs and the screens: card and pawn proposals, alternatives, clear
rejections of bad input, exchange and fold at a real table, views that hide hands,
setup validation, decks, tokens and the benchmark positions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import GameError
from companion.game import Decision, Proposal, Seat, Sensed, Verdict
from companion.games.dog import GAME, bench_positions, standard_deck_ids
from companion.games.dog.actions import Exchange, Fold, Play
from companion.games.dog.state import HOUSE, PAWNS
from tests.dog.helpers import pawn, position, where


def labels(proposal: Proposal) -> list[str]:
    return [a.label.render("en") for a in proposal.alternatives]


def test_one_legal_move_is_proposed_directly():
    state = position({"P0.1": 20}, ("5",))
    proposal = GAME.propose(state, Sensed(cards=("5",), token=pawn(state, "P0.1")))
    assert proposal.actions == (Play(0, "5", pawn(state, "P0.1"), "t25"),)


def test_choices_come_as_labelled_alternatives():
    state = position({"P0.1": 20}, ("1-11", "4"))
    proposal = GAME.propose(state, Sensed(cards=("1-11",), token=pawn(state, "P0.1")))
    assert labels(proposal) == ["blue pawn 1 20 → 21", "blue pawn 1 20 → 31"]
    proposal = GAME.propose(state, Sensed(cards=("4",), token=pawn(state, "P0.1")))
    assert sorted(labels(proposal)) == ["blue pawn 1 20 → 16", "blue pawn 1 20 → 24"]
    goal = position({"P0.1": 62}, ("5",))
    assert sorted(labels(GAME.propose(goal, Sensed(cards=("5",), token=pawn(goal, "P0.1"))))) == [
        "blue pawn 1 62 → 3", "blue pawn 1 62 → G3"]


def test_a_tapped_field_picks_the_destination_and_a_second_pawn_the_swap_partner():
    state = position({"P0.1": 20}, ("1-11",))
    proposal = GAME.propose(state, Sensed(cards=("1-11",), touched=(pawn(state, "P0.1"), "t31")))
    assert proposal.actions == (Play(0, "1-11", pawn(state, "P0.1"), "t31"),)
    swap = position({"P0.1": 20, "P1.1": 40, "P2.1": 50}, ("swap",))
    proposal = GAME.propose(swap, Sensed(cards=("swap",), token=pawn(swap, "P0.1")))
    assert sorted(labels(proposal)) == ["blue pawn 1 ↔ red pawn 1", "blue pawn 1 ↔ yellow pawn 1"]
    proposal = GAME.propose(swap, Sensed(cards=("swap",), touched=(pawn(swap, "P0.1"), pawn(swap, "P1.1"))))
    assert proposal.actions == (Play(0, "swap", pawn(swap, "P0.1"), "t40", other=pawn(swap, "P1.1")),)


def test_citizen_jump_and_come_out_or_move_are_offered():
    state = position({"P0.citizen": 5}, ("3",), mode="royal")
    proposal = GAME.propose(state, Sensed(cards=("3",), token=pawn(state, "P0.citizen")))
    assert sorted(labels(proposal)) == ["blue citizen 5 → 8", "blue citizen 5 → 8, then jump to 24"]


def test_bad_inputs_get_clear_rejections():
    state = position({"P0.1": 20, "P1.1": 30}, ("5",))
    unknown = GAME.propose(state, Sensed(cards=("5",), token="pawn-pink-king"))
    assert isinstance(unknown, Verdict) and unknown.reason == "unknown-token"
    assert "pawn-pink-king" in unknown.message.render("nl")
    card = GAME.propose(state, Sensed(cards=("QUEEN",), token=pawn(state, "P0.1")))
    assert card.reason == "unknown-card" and "QUEEN" in card.message.render("fr")
    out_of_turn = GAME.propose(state, Sensed(token=pawn(state, "P1.1")))
    assert out_of_turn.reason == "out-of-turn"
    assert "P1" in out_of_turn.message.render("en") and "P0" in out_of_turn.message.render("en")
    not_held = GAME.propose(state, Sensed(cards=("9",), token=pawn(state, "P0.1")))
    assert not_held.reason == "not-in-hand"
    assert GAME.propose(state, Sensed(cards=("5",))) is None


def test_rejection_says_what_would_be_legal_instead():
    state = position({"P0.king": 10, "P0.fool": 12}, ("5",), mode="royal")
    state.pos[0] = 10
    verdict = GAME.check(state, Play(0, "5", pawn(state, "P0.king"), "t20"))
    assert not verdict.accepted
    assert "The 5 can move the blue king to field 15" in verdict.message.render("en")
    assert "blauwe koning" in verdict.message.render("nl")


def test_real_table_exchange_and_hand_sizes():
    state = GAME.start([Seat(f"P{i}") for i in range(4)], {}, seed=3)
    pending = GAME.pending(state)
    assert isinstance(pending, Decision) and pending.kind == "exchange" and set(pending.players) == {0, 1, 2, 3}
    assert [len(h) for h in state.hands] == [6, 6, 6, 6] and all(c is None for h in state.hands for c in h)
    for player in (2, 0, 3):
        GAME.apply(state, GAME.intent(state, "exchange", {"player": player}))
    assert GAME.pending(state).players == (1,)
    again = GAME.intent(state, "exchange", {"player": 0})
    assert isinstance(again, Verdict) and not again.accepted
    GAME.apply(state, Exchange(1))
    assert GAME.pending(state).kind == "turn" and GAME.pending(state).player == state.starter
    assert [len(h) for h in state.hands] == [6, 6, 6, 6]
    starter = state.starter
    GAME.apply(state, Play(starter, "13", f"pawn-{state.colours[starter]}-king", f"t{16 * starter}"))
    assert len(state.hands[starter]) == 5


def test_real_table_fold_shows_the_whole_hand():
    state = GAME.start([Seat(f"P{i}") for i in range(2)], {}, seed=3)
    player = state.current
    short = GAME.check(state, Fold(player, ("5",)))
    assert short.reason == "fold-cards"
    hand = len(state.hands[player])
    assert GAME.check(state, Fold(player, ("13",) + ("5",) * (hand - 1))).reason == "must-play"
    verdict = GAME.check(state, Fold(player, ("5",) * hand))
    assert verdict.accepted  # every pawn in the house: a 5 cannot move
    GAME.apply(state, Fold(player, ("5",) * hand))
    assert state.hands[player] == [] and GAME.pending(state).player != player


def test_views_hide_other_hands_and_show_pieces_targets_and_hits():
    state = position({"P0.1": 20, "P1.1": 25}, ("5", "2"))
    state.hands[1] = ["13"]
    view = GAME.view(state, 1)
    assert "hand" in view.panels and view.panels["hand"] == ["13"]
    assert "13" not in str(GAME.view(state, 0).panels) and "13" not in str(GAME.observation(state, 0))
    mine = GAME.view(state, 0)
    assert set(mine.board.targets[pawn(state, "P0.1")]) == {"t25", "t22"}
    assert {p.symbol for p in mine.board.pieces} == {"1", "2", "3", "4"} and len(mine.board.pieces) == 16
    GAME.apply(state, Play(0, "5", pawn(state, "P0.1"), "t25"))
    last = GAME.view(state).board.last
    assert [(m.piece, m.end, m.hit) for m in last] == [(pawn(state, "P0.1"), "t25", False),
                                                       (pawn(state, "P1.1"), "h1.1", True)]
    assert any("hit" in line.render("en") for line in GAME.view(state).instructions)
    royal = position({}, (), mode="royal")
    assert {p.symbol for p in GAME.view(royal).board.pieces} == {"K", "N", "C", "F"}


def test_setup_validation_names_the_field():
    seats = [Seat(f"P{i}") for i in range(4)]
    with pytest.raises(GameError, match="deck=classic"):
        GAME.make_setup(seats, options={"mode": "royal", "deck": "classic"})
    with pytest.raises(GameError, match="special_fields"):
        GAME.make_setup(seats, board={"segment_fields": 10, "special_fields": 12})
    with pytest.raises(GameError, match="segment_fields"):
        GAME.make_setup(seats, board={"segment_fields": 99})
    with pytest.raises(GameError, match="^Ann: partners sit opposite"):           # the player by name
        GAME.make_setup([Seat("Ann", team=0), Seat("B", team=0), Seat("C", team=1), Seat("D", team=1)])
    with pytest.raises(GameError, match="colour"):
        GAME.make_setup([Seat("A", "pink"), Seat("B")])
    setup = GAME.make_setup([Seat(f"P{i}") for i in range(6)])
    assert [s.team for s in setup.seats] == [0, 1, 2, 0, 1, 2]
    assert [s.colour for s in setup.seats] == ["blue", "red", "white", "yellow", "green", "black"]
    assert all(s.team is None for s in GAME.make_setup(seats, options={"teams": "off"}).seats)
    assert all(s.team is None for s in GAME.make_setup(seats[:3]).seats)


def test_boards_for_every_player_count():
    for players, side in ((2, 4), (3, 6), (4, 4), (5, 6), (6, 6)):
        setup = GAME.make_setup([Seat(f"P{i}") for i in range(players)])
        board = GAME.board(setup, {"small_game_seats": "spread"})
        assert len([f for f in board.fields if f.id.startswith("t")]) == 16 * side
    state = GAME.start([Seat("A"), Seat("B"), Seat("C")], {}, seed=0)
    assert state.seg == (0, 2, 4) and state.rules.length == 96


def test_decks_tokens_and_the_standard_deck_ids():
    decks = {d.name: d for d in GAME.decks()}
    assert sum(c.copies for c in decks["dog-royal"].cards) == 110 and len(decks["dog-royal"].cards) == 15
    assert sum(c.copies for c in decks["dog-classic"].cards) == 110 and len(decks["dog-classic"].cards) == 14
    assert sum(c.copies for c in decks["standard"].cards) == 54
    assert standard_deck_ids()[:3] == ("AS", "2S", "3S") and "10H" in standard_deck_ids()
    tokens = GAME.tokens()
    assert len(tokens) == 24 and len({t.id for t in tokens}) == 24 and tokens[0].id == "pawn-blue-king"
    assert tokens[0].label.render("nl") == "blauwe koning" and tokens[0].label.render("fr") == "roi bleu"


def test_team_win_and_score_sheet():
    state = position({"P0.1": "G1", "P0.2": "G2", "P0.3": "G3", "P0.4": "G4",
                      "P2.1": "G2", "P2.2": "G3", "P2.3": "G4", "P2.4": 31}, ("2",))
    GAME.apply(state, Play(0, "2", pawn(state, "P2.4"), "g2.1"))  # 32 (its start), G1
    assert GAME.is_over(state) and where(state, "P2.4") == -2
    sheet = GAME.scores(state)
    assert sheet.winners == (0, 2)
    line = {l.key: l for l in sheet.players[0].lines}
    assert line["home"].count == 4 and line["cards"].count == 1


def test_bench_positions_are_six_player_royal_turns():
    positions = bench_positions(3)
    assert len(positions) == 3
    for state in positions:
        assert state.players == 6 and state.rules.royal and GAME.pending(state).kind == "turn"
        assert any(p >= 0 for p in state.pos[:6 * PAWNS])


def test_card_targets_for_the_card_on_the_table():
    state = position({"P0.1": 20, "P0.2": 62}, ("5",))
    assert GAME.card_targets(state, "5") == {pawn(state, "P0.1"): ("t25",), pawn(state, "P0.2"): ("g0.3", "t3")}
    assert GAME.card_targets(state, "QUEEN") == {}


def test_moves_are_said_as_players_say_them_in_every_language():
    state = position({"P0.king": 23}, ("13", "5"), mode="royal")
    out = GAME.propose(state, Sensed(cards=("13",), token=pawn(state, "P0.knight")))
    assert GAME.describe(out.actions[0]).render("en") == "13: blue knight out onto its start field"
    move = GAME.propose(state, Sensed(cards=("5",), token=pawn(state, "P0.king"))).actions[0]
    said = {lang: GAME.describe(move).render(lang) for lang in ("nl", "fr", "en")}
    assert said["en"] == "5: blue king 23 → 28"
    assert "koning" in said["nl"] and "roi" in said["fr"] and all("23 → 28" in s for s in said.values())
    assert GAME.describe(Exchange(1)).render("en") != GAME.describe(Exchange(2)).render("en")


def test_a_wrong_origin_is_refused():
    state = position({"P0.1": 20}, ("5",))
    assert not GAME.check(state, Play(0, "5", pawn(state, "P0.1"), "t25", origin=("t19",))).accepted
    assert GAME.check(state, Play(0, "5", pawn(state, "P0.1"), "t25", origin=("t20",))).accepted


def test_the_whole_hand_laid_proposes_a_fold_or_says_which_card_moves():
    state = GAME.start([Seat(f"P{i}") for i in range(2)], {}, seed=3)
    player = state.current
    hand = len(state.hands[player])
    proposal = GAME.propose(state, Sensed(cards=("5",) * hand))
    assert isinstance(proposal, Proposal) and proposal.actions == (Fold(player, ("5",) * hand),)
    refused = GAME.propose(state, Sensed(cards=("13",) + ("5",) * (hand - 1)))
    assert isinstance(refused, Verdict) and refused.reason == "must-play"
    last = position({"P0.1": 20}, ("5",))
    last.setup = replace(last.setup, simulated_hands=False)
    assert GAME.propose(last, Sensed(cards=("5",))) is None   # a last card that moves: scan the pawn
    last.pos = [HOUSE] * len(last.pos)
    assert GAME.propose(last, Sensed(cards=("5",))).actions == (Fold(0, ("5",)),)
