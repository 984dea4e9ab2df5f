"""The supply running out: reshuffle, one event revealed, resolved step by step."""

import pytest

from companion.game import Chance, Decision
from companion.games.mustang import GAME
from companion.games.mustang.actions import (Catch, Defend, DiscardCowboys, Done, DrawToken, Exchange, Release,
                                             RevealEvent, Stable, Steal)
from tests.mustang.helpers import assert_accounted, deal, dealer, give_cards, new_game, place, resolve_chances


def _run_out(state, value=7):
    """The current player catches a foal from the stack with a pair of ``value``s while
    the supply holds one card, so that the refill draws the last one."""
    pair = (f"red-{value}", f"blue-{value}")
    give_cards(state, state.current, pair)
    while len(state.supply) > 1:
        state.discard.append(state.supply.pop(0))
    GAME.apply(state, Catch(pair, stack="foal"))
    resolve_chances(state, min(state.stacks["foal"]))


def test_reshuffle_reveals_exactly_one_event_after_the_draws():
    state = new_game()
    _run_out(state)
    pending = GAME.pending(state)
    assert isinstance(pending, Chance) and pending.kind == "event"
    assert state.shuffles == 1 and len(state.players[0].hand) == 6       # drawing went on after the reshuffle
    assert len(state.supply) == 49 - 12 and state.discard == []          # the whole discard pile, reshuffled
    assert_accounted(state)
    GAME.apply(state, RevealEvent("sunshine"))
    assert state.events_revealed == ["sunshine"] and len(state.event_deck) == 5
    assert GAME.pending(state) == Decision(1, "turn", GAME.pending(state).prompt)


def test_rotten_fence_each_player_with_a_corral_horse_releases_one_clockwise_from_current():
    state = new_game(players=3)
    place(state, "stallion-blue-1", 0)
    place(state, "mare-blue-1", 2)
    _run_out(state)                          # Will now also has a foal in the corral
    GAME.apply(state, RevealEvent("rotten_fence"))
    first = GAME.pending(state)
    assert first.kind == "release" and first.player == 0
    assert GAME.check(state, Release("mare-blue-1")).reason == "not-in-own-corral"
    GAME.apply(state, Release("stallion-blue-1"))
    second = GAME.pending(state)
    assert second.kind == "release" and second.player == 2          # Frank has an empty corral: skipped
    GAME.apply(state, Release("mare-blue-1"))
    assert {"stallion-blue-1", "mare-blue-1"} <= set(state.prairie)
    assert GAME.pending(state).kind == "turn" and GAME.pending(state).player == 1


def test_indians_remove_every_face_up_horse_then_turn_up_one_per_stack():
    state = new_game()
    _run_out(state)
    face_up = list(state.prairie)
    GAME.apply(state, RevealEvent("indians"))
    assert state.prairie == [] and sorted(state.out_of_game) == sorted(face_up)
    assert "black-prince" in state.out_of_game
    resolve_chances(state, "stallion-green-1", "mare-green-1", "foal-green-1")
    assert sorted(state.prairie) == ["foal-green-1", "mare-green-1", "stallion-green-1"]
    assert_accounted(state)


def test_indians_exhausting_a_kind_ends_the_game_without_end_bonus():
    state = new_game()
    for token in sorted(state.stacks["stallion"]):
        place(state, token, 1, "stable")
    _run_out(state)
    GAME.apply(state, RevealEvent("indians"))
    assert state.end.reason == "exhausted" and state.end.kind == "stallion" and state.end.bonus is None
    assert all(line.key != "end-bonus" for p in GAME.scores(state).players for line in p.lines)


def test_heavy_rain_up_to_two_horses_each():
    state = new_game()
    for token in ("foal-blue-1", "foal-blue-2", "foal-blue-3"):
        place(state, token, 1)
    _run_out(state)
    GAME.apply(state, RevealEvent("heavy_rain"))
    assert GAME.pending(state).kind == "rain" and GAME.pending(state).player == 0
    GAME.apply(state, Done())                                       # Will stables nothing
    GAME.apply(state, Stable("foal-blue-1"))
    GAME.apply(state, Stable("foal-blue-2"))                        # second move ends Frank's step
    assert state.players[1].stable == ["foal-blue-1", "foal-blue-2"]
    assert GAME.pending(state).kind == "turn"


@pytest.mark.parametrize("birth_to", ["corral", "stable"])
def test_birth_gives_a_foal_to_each_player_with_stallion_and_mare_stabled(birth_to):
    state = new_game(birth_to=birth_to)
    place(state, "stallion-blue-1", 1, "stable")
    place(state, "mare-blue-1", 1, "stable")
    place(state, "stallion-green-1", 0, "stable")                   # Will: no mare, no foal
    _run_out(state)
    GAME.apply(state, RevealEvent("birth"))
    pending = GAME.pending(state)
    assert pending.kind == "draw" and "Frank" in pending.prompt.render("en")
    resolve_chances(state, "foal-green-3")
    assert "foal-green-3" in getattr(state.players[1], birth_to)
    assert GAME.pending(state).kind == "turn"


@pytest.mark.parametrize("specials, born", [(False, False), (True, True)])
def test_specials_count_as_stallion_and_mare_only_with_the_option(specials, born):
    state = new_game(specials_count_as_kind=specials)
    place(state, "black-prince", 1, "stable")
    place(state, "snow-white-mare", 1, "stable")
    _run_out(state)
    GAME.apply(state, RevealEvent("birth"))
    assert (GAME.pending(state).kind == "draw") is born


@pytest.mark.parametrize("deck, size", [("standard", 6), ("five", 5)])
def test_event_deck_is_refilled_once_every_card_was_revealed(deck, size):
    state = new_game(event_deck=deck)
    assert len(state.event_deck) == size
    revealed = []
    for value, event in enumerate(sorted(state.event_deck), 1):
        _run_out(state, value)
        GAME.apply(state, RevealEvent(event))
        revealed.append(event)
        while GAME.pending(state).kind != "turn":
            GAME.apply(state, GAME.legal_actions(state)[0])
        assert len(state.event_deck) == (size - len(revealed) or size)
    assert state.events_revealed == revealed
    assert_accounted(state)


def test_the_dealer_is_told_to_reshuffle_before_the_event_is_revealed():
    state = new_game()
    _run_out(state)
    size = 49 - 10 - 1                  # all but the 10 cards left in hands and the one drawn first
    assert dealer(state) == [deal(0, 1), {"kind": "reshuffle", "size": size}, deal(0, 1)]
    assert GAME.pending(state).kind == "event"          # the reveal comes after the reshuffle


def _dry(state, seat=0):
    """The supply ran dry while the discard pile was empty (hands can grow with
    ``exchange_draws_two``): every supply card is in ``seat``'s hand."""
    assert state.discard == []
    state.players[seat].hand += state.supply
    state.supply.clear()


def test_a_steal_after_the_supply_ran_dry_reshuffles_once_when_the_refill_needs_cards():
    state = new_game(exchange_draws_two=True)
    place(state, "foal-blue-1", 1)
    give_cards(state, 0, ["red-2", "blue-2"])
    give_cards(state, 1, ["red-6", "blue-6"])
    _dry(state)
    GAME.apply(state, Steal(("red-2", "blue-2"), "foal-blue-1"))
    assert state.shuffles == 0 and state.supply == []      # nothing to draw yet: the thief's cards stay put
    GAME.apply(state, Defend(("red-6", "blue-6")))
    cowboys = tuple(c for c in state.players[0].hand if c == "cowboy")
    GAME.apply(state, DiscardCowboys(cowboys))
    assert state.shuffles == 1 and GAME.pending(state).kind == "event"
    assert dealer(state) == [{"kind": "reshuffle", "size": 4 + len(cowboys)}, deal(0, 2 + len(cowboys)), deal(1, 2)]
    GAME.apply(state, RevealEvent("sunshine"))
    assert GAME.pending(state).kind == "turn" and state.events_revealed == ["sunshine"]   # one event, not two
    assert_accounted(state)


def test_cards_that_cannot_be_drawn_are_owed_and_dealt_when_there_are_cards_again():
    state = new_game(exchange_draws_two=True)
    _dry(state)
    card = state.players[0].hand[0]
    GAME.apply(state, Exchange(1, (card,)))
    assert dealer(state) == [deal(0, 1, returned=1), {"kind": "owed", "player": 0, "owed": 1}]
    assert state.shuffles == 0 and state.events_revealed == []    # no reshuffle, no event until one is possible
    assert GAME.observation(state)["owed"] == {"0": 1}
    give_cards(state, 1, ["red-3", "blue-3"])
    GAME.apply(state, Catch(("red-3", "blue-3"), horse="foal-red-1"))
    resolve_chances(state, "foal-green-2")
    assert dealer(state) == [{"kind": "reshuffle", "size": 2}, deal(0, 1), deal(1, 1),
                             {"kind": "owed", "player": 1, "owed": 1}]
    assert state.owed == {1: 1}
    GAME.apply(state, RevealEvent("sunshine"))
    assert state.events_revealed == ["sunshine"] and state.shuffles == 1
    assert_accounted(state)


def test_the_reshuffle_and_the_event_are_changes_of_their_actions():
    state = new_game()
    give_cards(state, 0, ("red-7", "blue-7"))
    while len(state.supply) > 1:
        state.discard.append(state.supply.pop(0))
    GAME.apply(state, Catch(("red-7", "blue-7"), stack="foal"))
    drawn = GAME.apply(state, DrawToken("foal-blue-2"))
    assert [c.data["kind"] for c in drawn.changes] == ["horse", "deal", "reshuffle", "deal"]
    assert "shuffles the discard pile" in drawn.changes[2].text.render("en")
    assert "défausse" in drawn.changes[2].text.render("fr") and "aflegstapel" in drawn.changes[2].text.render("nl")
    revealed = GAME.apply(state, RevealEvent("indians"))
    kinds = [c.data["kind"] for c in revealed.changes]
    assert kinds == ["horse"] * len(kinds[:-1]) + ["event"] and len(kinds) == 6      # five horses leave the prairie
    assert all(c.data["to"] == {"place": "out"} for c in revealed.changes[:-1])
    assert revealed.changes[-1].data == {"kind": "event", "event": "indians"}


HERD_BUT_A_FOAL = ("stallion-blue-1", "mare-blue-1", "mare-green-1", "foal-blue-1", "foal-green-1")


def test_heavy_rain_completing_a_stable_herd_ends_the_game_with_the_end_bonus():
    state = new_game()
    for token in HERD_BUT_A_FOAL:
        place(state, token, 1, "stable")
    place(state, "foal-yellow-1", 1)
    _run_out(state)
    GAME.apply(state, RevealEvent("heavy_rain"))
    GAME.apply(state, Done())                                        # Will first
    GAME.apply(state, Stable("foal-yellow-1"))                       # Frank completes the herd
    assert state.end.reason == "herd" and state.end.player == 1 and state.end.bonus == 1
    assert "end-bonus" in {line.key for line in GAME.scores(state).players[1].lines}


def test_birth_to_the_stable_completing_a_herd_ends_the_game_with_the_end_bonus():
    state = new_game(birth_to="stable")
    for token in HERD_BUT_A_FOAL:
        place(state, token, 1, "stable")
    _run_out(state)
    GAME.apply(state, RevealEvent("birth"))
    resolve_chances(state, "foal-purple-1")
    assert state.end.reason == "herd" and state.end.bonus == 1


def _last_foal(state, keep_face_up: bool):
    """Every foal but one is held by Frank (corral); the face-up foal too unless ``keep_face_up``."""
    foals = sorted(state.stacks["foal"])
    for token in foals[:-1] + ([] if keep_face_up else ["foal-red-1"]):
        place(state, token, 1)
    return foals[-1]


def test_birth_taking_the_last_foal_ends_the_game_without_end_bonus():
    state = new_game(birth_to="stable")
    place(state, "stallion-blue-1", 0, "stable")
    place(state, "mare-blue-1", 0, "stable")
    trio = ("blue-7", "green-7", "red-7")
    give_cards(state, 0, trio)
    while len(state.supply) > 1:
        state.discard.append(state.supply.pop(0))
    last = _last_foal(state, keep_face_up=False)
    GAME.apply(state, Catch(trio, horse="mare-red-1"))                 # the supply runs out in the refill
    resolve_chances(state, "mare-blue-2")
    GAME.apply(state, RevealEvent("birth"))
    resolve_chances(state, last)
    assert state.end.reason == "exhausted" and state.end.kind == "foal" and state.end.bonus is None
    assert all(line.key != "end-bonus" for p in GAME.scores(state).players for line in p.lines)


def test_birth_stops_when_the_foal_stack_is_empty():
    state = new_game(players=3)
    for seat, colour in ((0, "blue"), (2, "green")):                # Will and Lucky may have a foal born
        place(state, f"stallion-{colour}-1", seat, "stable")
        place(state, f"mare-{colour}-1", seat, "stable")
    last = _last_foal(state, keep_face_up=True)                  # a foal stays face up: no end
    give_cards(state, 0, ("red-7", "blue-7", "green-7"))
    while len(state.supply) > 1:
        state.discard.append(state.supply.pop(0))
    GAME.apply(state, Catch(("blue-7", "green-7", "red-7"), stack="mare"))
    resolve_chances(state, "mare-purple-3")
    GAME.apply(state, RevealEvent("birth"))
    assert "Will" in GAME.pending(state).prompt.render("en")
    resolve_chances(state, last)
    assert state.end is None and GAME.pending(state).kind == "turn"   # Lucky gets none: the stack is empty
    assert last in state.players[0].corral and not any("foal" in h for h in state.players[2].corral)


def test_several_face_up_horses_of_a_kind_after_rotten_fence_each_turn_up_the_next():
    state = new_game()
    place(state, "stallion-blue-1", 0)
    _run_out(state)
    GAME.apply(state, RevealEvent("rotten_fence"))
    GAME.apply(state, Release("stallion-blue-1"))
    assert [h for h in state.prairie if h.startswith("stallion")] == ["stallion-red-1", "stallion-blue-1"]
    quartet = ("red-4", "blue-4", "green-4", "yellow-4")
    give_cards(state, 1, quartet)
    GAME.apply(state, Catch(quartet, horse="stallion-blue-1"))
    pending = GAME.pending(state)
    assert pending.kind == "flip" and "stallion-green-2" in pending.outcomes  # the next stallion is turned up
    resolve_chances(state, "stallion-green-2")
    assert [h for h in state.prairie if h.startswith("stallion")] == ["stallion-red-1", "stallion-green-2"]
