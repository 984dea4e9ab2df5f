"""From the card seen and the taps on the board drawing to a play (rulings: "Laddies
(marbles)": touch confirmation)."""

from __future__ import annotations

from companion.game import Proposal, Seat, Sensed, Verdict
from companion.games.stramash import GAME
from companion.games.stramash.actions import ComeOut, Discard, Fechter, FirstPlayer, Move, Split
from tests.stramash.helpers import position


def propose(state, card=None, *touched):
    return GAME.propose(state, Sensed(cards=(card,) if card else (), touched=touched))


def test_nothing_seen_waits():
    assert propose(position([10])) is None


def test_one_legal_move_is_proposed_without_a_touch():
    proposal = propose(position([10]), "5S")
    assert isinstance(proposal, Proposal) and proposal.actions == (Move("5S", 1),)


def test_a_card_that_cannot_move_is_proposed_as_the_discard():
    assert propose(position([]), "4S").actions == (Discard("4S"),)


def test_several_laddies_wait_for_a_tap_then_the_laddie_decides():
    state = position([10, 30])
    assert propose(state, "AS") is None                       # come out, or 1 with either laddie
    assert propose(state, "AS", "laddie-0-2").actions == (Move("AS", 2),)
    assert propose(state, "AS", "t10").actions == (Move("AS", 1),)          # the field it stands on
    assert propose(state, "AS", "laddie-0-4").actions == (ComeOut("AS"),)   # a dock laddie
    assert propose(state, "AS", "d0.5").actions == (ComeOut("AS"),)


def test_castle_or_track_offers_two_buttons_or_takes_the_tapped_hole():
    state = position([71, 30])
    offer = propose(state, "5H", "laddie-0-1")
    assert {a.actions for a in offer.alternatives} == {(Move("5H", 1, True),), (Move("5H", 1, False),)}
    labels = {a.label.render("en") for a in offer.alternatives}
    assert any("C2" in label for label in labels) and any("hole 4" in label for label in labels)
    assert propose(state, "5H", "laddie-0-1", "c0.2").actions == (Move("5H", 1, True),)


def test_split_seven_first_laddie_second_laddie_then_one_button_per_way():
    state = position([10, 30])
    first = propose(state, "7C", "laddie-0-1")
    assert [a.actions for a in first.alternatives] == [(Move("7C", 1),)]   # whole 7, or tap a second laddie
    both = propose(state, "7C", "laddie-0-1", "laddie-0-2")
    assert [a.actions for a in both.alternatives] == [(Split("7C", 1, k, 2),) for k in range(1, 7)]
    assert [a.label.render("en") for a in both.alternatives][2] == "laddie 1 → hole 13, laddie 2 → hole 34"
    assert propose(state, "7C", "laddie-0-1", "t13", "laddie-0-2").actions == (Split("7C", 1, 3, 2),)
    assert propose(state, "7C", "laddie-0-1", "amount-3").reason == "unknown-touch"   # no pseudo-taps


def test_every_way_to_split_is_a_button_however_many():
    state = position([2, 0], options={"pass_own_laddies": True})   # at and near P0's castle entry (hole 2)
    both = propose(state, "7C", "laddie-0-1", "laddie-0-2")
    splits = [a for a in GAME.legal_actions(state)
              if isinstance(a, Split) and a.card == "7C" and (a.first, a.second) == (1, 2)]
    assert len(splits) > 8
    assert [a.actions for a in both.alternatives] == [(a,) for a in splits]


def test_an_optional_joker_offers_its_discard_beside_its_targets():
    state = position([10], [40], options={"joker_optional": True})
    assert [a.actions for a in propose(state, "JK").alternatives] == [(Discard("JK"),)]   # or tap a laddie
    offer = propose(state, "JK", "laddie-0-1")
    assert [a.actions for a in offer.alternatives] == [(Fechter("JK", 1, 1, 1),), (Discard("JK"),)]
    assert offer.alternatives[-1].label.render("en") == "Discard the Bonnie Fechter (joker)"
    assert GAME.check(state, Discard("JK")).accepted
    forced = position([10], [40])
    assert propose(forced, "JK") is None                                            # wait for the laddie
    assert propose(forced, "JK", "laddie-0-1").actions == (Fechter("JK", 1, 1, 1),)   # no discard offered


def test_the_first_player_is_a_button_per_player_until_known():
    state = GAME.start([Seat(n) for n in ("Ann", "Bob", "Cy")])
    assert GAME.touch_actions(state) == [FirstPlayer(0), FirstPlayer(1), FirstPlayer(2)]
    GAME.apply(state, FirstPlayer(1))
    assert GAME.touch_actions(state) == []


def test_joker_takes_the_tapped_target():
    state = position([10], [40], [50])
    assert propose(state, "JK", "laddie-0-1", "laddie-1-1").actions == (Fechter("JK", 1, 1, 1),)
    assert propose(state, "JK", "d0.3", "t50").actions == (Fechter("JK", None, 2, 1),)
    offer = propose(state, "JK", "laddie-0-1")
    assert len(offer.alternatives) == 2


def test_taps_that_fit_no_play_are_refused():
    state = position([10, 12])
    v = propose(state, "5S", "laddie-0-1")          # 10 + 5 passes 12
    assert isinstance(v, Verdict) and v.reason == "touch-mismatch" and "S3" in v.section.render("en")
    assert propose(state, "5S", "nowhere").reason == "unknown-touch"


def test_unknown_cards_are_refused():
    assert propose(position([10]), "ZZ").reason == "unknown-card"


def test_a_discard_of_a_card_that_could_move_is_refused_in_simulation():
    state = position([], simulated=True)
    state.hands[0] = ["4S", "AS", "5D", "9S", "2C", "3C"]
    assert propose(state, "4S").reason == "must-play"
