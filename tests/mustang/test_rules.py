"""The four actions, the steal with its defence and penalty, refills and the end of the
game, against the rulings (shared/rulings/mustang.md)."""

import pytest

from companion.errors import GameError, IllegalAction
from companion.game import Chance, Decision, Over, Seat
from companion.games.mustang import GAME
from companion.games.mustang.actions import (Catch, Decline, Defend, DiscardCowboys, DrawToken, Exchange, Stable,
                                             Steal)
from tests.mustang.helpers import assert_accounted, deal, dealer, give_cards, new_game, place, resolve_chances


def test_setup_deals_six_cards_and_turns_up_one_horse_per_stack():
    state = GAME.start([Seat("A"), Seat("B"), Seat("C")], seed=3, dealer=1, simulated_hands=True)
    pending = GAME.pending(state)
    assert isinstance(pending, Chance) and pending.kind == "flip" and len(pending.outcomes) == 10
    resolve_chances(state, "stallion-blue-2", "mare-green-1", "foal-yellow-4")
    assert sorted(state.prairie) == sorted(["black-prince", "snow-white-mare", "stallion-blue-2", "mare-green-1",
                                            "foal-yellow-4"])
    assert [len(p.hand) for p in state.players] == [6, 6, 6]
    assert len(state.supply) == 49 - 18
    assert {k: len(v) for k, v in state.stacks.items()} == {"stallion": 9, "mare": 14, "foal": 19}
    assert GAME.pending(state) == Decision(1, "turn", GAME.pending(state).prompt)   # the dealer starts
    assert_accounted(state)


@pytest.mark.parametrize("players", [1, 6])
def test_player_count_is_two_to_five(players):
    with pytest.raises(GameError):
        GAME.start([Seat(str(i)) for i in range(players)])


def test_catch_trio_with_a_cowboy_rulebook_example():
    """Will plays two 6s and a cowboy for a mare and draws 3 new cards."""
    state = new_game()
    give_cards(state, 0, ["red-6", "blue-6", "cowboy"])
    verdict = GAME.apply(state, Catch(("red-6", "blue-6", "cowboy"), horse="mare-red-1"))
    assert verdict.accepted
    assert state.players[0].corral == ["mare-red-1"]
    assert isinstance(GAME.pending(state), Chance)   # the top mare is turned face up
    resolve_chances(state, "mare-blue-2")
    assert "mare-blue-2" in state.prairie and "mare-red-1" not in state.prairie
    assert len(state.players[0].hand) == 6
    assert dealer(state) == [deal(0, 3)]
    assert sorted(state.discard) == ["blue-6", "cowboy", "red-6"]
    assert state.current == 1


def test_catch_from_the_stack_takes_the_scanned_token_and_flips_nothing():
    state = new_game()
    give_cards(state, 0, ["red-3", "blue-3"])
    GAME.apply(state, Catch(("red-3", "blue-3"), stack="foal"))
    pending = GAME.pending(state)
    assert isinstance(pending, Chance) and "foal-red-1" not in pending.outcomes
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, DrawToken("foal-red-1"))          # that foal is face up, not in the stack
    assert err.value.verdict.reason == "token-not-in-stack"
    GAME.apply(state, DrawToken("foal-green-2"))
    assert state.players[0].corral == ["foal-green-2"] and "foal-red-1" in state.prairie


@pytest.mark.parametrize("cards, target, reason", [
    (("red-3", "blue-3"), {"horse": "mare-red-1"}, "wrong-combination"),
    (("red-3", "blue-4"), {"horse": "foal-red-1"}, "not-a-combination"),
    (("red-3", "blue-3", "green-3"), {"horse": "black-prince"}, "wrong-combination"),
    (("red-3", "blue-3"), {"horse": "foal-blue-1"}, "not-in-prairie"),
])
def test_catch_rejections_cite_the_rulebook(cards, target, reason):
    state = new_game()
    give_cards(state, 0, cards)
    verdict = GAME.check(state, Catch(cards, **target))
    assert not verdict.accepted and verdict.reason == reason
    assert verdict.section is not None and verdict.section.render("en").startswith("Rulebook:")
    assert verdict.message.render("nl") and verdict.message.render("fr")


def test_cards_not_in_hand_are_refused_in_simulation():
    state = new_game()
    missing = next(c for c in ("red-8", "blue-8", "green-8") if c not in state.players[0].hand)
    verdict = GAME.check(state, Catch((missing, missing), horse="foal-red-1"))
    assert verdict.reason == "cards-not-in-hand"


def test_specials_only_from_the_prairie_with_a_royal_straight():
    state = new_game()
    straight = ("green-2", "green-3", "green-4", "green-5", "green-6")
    give_cards(state, 0, straight)
    GAME.apply(state, Catch(straight, horse="snow-white-mare"))
    assert state.players[0].corral == ["snow-white-mare"]
    assert isinstance(GAME.pending(state), Decision)   # nothing flips for a special


def _steal_setup():
    state = new_game()
    place(state, "foal-blue-1", 1)                                   # Frank's corral
    give_cards(state, 0, ["red-2", "blue-2", "cowboy"])             # Will: a pair of 2s and a cowboy
    give_cards(state, 1, ["red-6", "blue-6"])                        # Frank: a pair of 6s
    return state


def test_defended_steal_rulebook_example_thief_draws_three_owner_two():
    state = _steal_setup()
    GAME.apply(state, Steal(("red-2", "blue-2"), "foal-blue-1"))
    assert GAME.pending(state).kind == "defend" and GAME.pending(state).player == 1
    GAME.apply(state, Defend(("red-6", "blue-6")))
    assert GAME.pending(state).kind == "penalty" and GAME.pending(state).player == 0
    bad = GAME.check(state, DiscardCowboys(()))
    assert bad.reason == "penalty-cowboys-missing"          # Will holds a cowboy
    GAME.apply(state, DiscardCowboys(("cowboy",)))
    assert state.players[1].corral == ["foal-blue-1"] and state.players[0].corral == []
    assert dealer(state) == [deal(0, 3), deal(1, 2)]
    assert [len(p.hand) for p in state.players] == [6, 6]
    assert_accounted(state)


def test_undefended_steal_moves_the_horse_and_only_the_thief_draws():
    state = _steal_setup()
    GAME.apply(state, Steal(("red-2", "blue-2"), "foal-blue-1"))
    GAME.apply(state, Decline())
    assert state.players[0].corral == ["foal-blue-1"] and state.players[1].corral == []
    assert dealer(state) == [deal(0, 2)]


def test_defence_must_be_strictly_stronger_and_any_stronger_kind_counts():
    state = _steal_setup()
    give_cards(state, 1, ["red-6", "blue-6", "green-1", "yellow-1", "purple-1"])
    GAME.apply(state, Steal(("red-2", "blue-2"), "foal-blue-1"))
    assert GAME.check(state, Defend(("green-1", "yellow-1"))).reason == "defence-too-weak"   # 1s < 2s
    assert GAME.check(state, Defend(("green-1", "yellow-1", "purple-1"))).accepted   # a trio of 1s beats a pair
    give_cards(state, 1, ["green-2", "yellow-2"])
    equal = GAME.check(state, Defend(("green-2", "yellow-2")))
    assert equal.reason == "defence-too-weak"


def test_a_stabled_horse_cannot_be_stolen():
    state = _steal_setup()
    place(state, "foal-green-1", 1, "stable")
    verdict = GAME.check(state, Steal(("red-2", "blue-2"), "foal-green-1"))
    assert verdict.reason == "horse-in-stable" and "Stabling" in verdict.section.render("en")


def test_stable_moves_from_own_corral_only():
    state = new_game()
    place(state, "foal-blue-1", 0)
    place(state, "foal-blue-2", 1)
    assert GAME.check(state, Stable("foal-blue-2")).reason == "not-in-own-corral"
    GAME.apply(state, Stable("foal-blue-1"))
    assert state.players[0].stable == ["foal-blue-1"] and dealer(state) == []     # no cards were used
    assert state.current == 1


def test_the_dealer_instructions_are_those_of_the_last_action_only():
    state = GAME.start([Seat("A"), Seat("B")], seed=1, simulated_hands=True)
    assert dealer(state) == [deal(0, 6), deal(1, 6)]                     # the opening deal
    resolve_chances(state, "stallion-red-1", "mare-red-1", "foal-red-1")
    assert dealer(state) == []                                           # a flip uses no cards
    GAME.apply(state, Exchange(2, tuple(state.players[0].hand[:2])))
    assert dealer(state) == [deal(0, 2, returned=2)]
    place(state, "foal-blue-2", 1)
    GAME.apply(state, Stable("foal-blue-2"))
    assert dealer(state) == []                                           # not the exchange's "give 2"


@pytest.mark.parametrize("draws_two, expected", [(False, 1), (True, 2)])
def test_exchange_draws_as_many_or_two(draws_two, expected):
    state = new_game(exchange_draws_two=draws_two)
    card = state.players[0].hand[0]
    GAME.apply(state, Exchange(1, (card,)))
    assert state.supply[0] == card                      # to the bottom of the supply
    assert len(state.players[0].hand) == 5 + expected
    assert dealer(state) == [deal(0, expected, returned=1)]


def test_table_mode_tracks_counts_and_refuses_a_card_already_on_the_discard_pile():
    state = new_game(simulated=False)
    assert state.players[0].hand == [None] * 6
    GAME.apply(state, Catch(("red-5", "blue-5"), horse="foal-red-1"))
    resolve_chances(state, "foal-blue-3")
    assert len(state.players[0].hand) == 6 and state.discard == ["red-5", "blue-5"]
    verdict = GAME.check(state, Catch(("red-5", "cowboy"), horse="foal-blue-3"))
    assert verdict.reason == "card-already-played"
    assert GAME.check(state, Exchange(2)).accepted
    assert GAME.check(state, Exchange(2, ("red-1", "red-2"))).reason == "bad-exchange"


def test_herd_in_the_stable_ends_the_game_with_the_end_bonus():
    state = new_game()
    for token in ("stallion-blue-1", "mare-blue-1", "mare-green-1", "foal-blue-1", "foal-green-1"):
        place(state, token, 0, "stable")
    place(state, "foal-yellow-1", 0)
    GAME.apply(state, Stable("foal-yellow-1"))
    assert isinstance(GAME.pending(state), Over)
    assert state.end.reason == "herd" and state.end.bonus == 0
    sheet = GAME.scores(state)
    assert any(line.key == "end-bonus" for line in sheet.players[0].lines)
    assert GAME.check(state, Exchange(1, (state.players[1].hand[0],))).reason == "game-over"


@pytest.mark.parametrize("end_when, ends", [("kind_exhausted", False), ("stack_empty", True)])
def test_catching_the_last_stack_token(end_when, ends):
    state = new_game(end_when=end_when)
    for token in sorted(state.stacks["stallion"])[:-1]:
        place(state, token, 1, "stable")
    last = next(iter(state.stacks["stallion"]))
    quartet = ("red-4", "blue-4", "green-4", "yellow-4")
    give_cards(state, 0, quartet)
    GAME.apply(state, Catch(quartet, stack="stallion"))
    GAME.apply(state, DrawToken(last))
    assert GAME.is_over(state) is ends
    if ends:
        assert state.end.kind == "stallion" and state.end.bonus == 0


def test_catching_the_last_face_up_horse_of_an_empty_stack_ends_with_bonus():
    state = new_game()
    for token in sorted(state.stacks["stallion"]):
        place(state, token, 1, "stable")
    quartet = ("red-4", "blue-4", "green-4", "yellow-4")
    give_cards(state, 0, quartet)
    GAME.apply(state, Catch(quartet, horse="stallion-red-1"))
    assert state.end.reason == "exhausted" and state.end.kind == "stallion" and state.end.bonus == 0


def test_actions_round_trip_through_json():
    for action in (Catch(("red-1", "cowboy"), horse="foal-red-1"), Exchange(2),
                   Steal(("cowboy",) * 4, "stallion-red-2"),
                   DiscardCowboys(()), Decline()):
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
    with pytest.raises(GameError):
        GAME.action_from_json({"type": "teleport"})


def test_an_accepted_verdict_carries_what_changed_in_every_language():
    """The rulebook's catch: the mare moves, the next one is turned up, the dealer hands
    Will 3 cards and Frank plays next."""
    state = new_game()
    give_cards(state, 0, ["red-6", "blue-6", "cowboy"])
    catch = GAME.apply(state, Catch(("red-6", "blue-6", "cowboy"), horse="mare-red-1"))
    assert [c.data for c in catch.changes] == [{"kind": "horse", "horse": "mare-red-1", "from": {"place": "prairie"},
                                                "to": {"place": "corral", "player": 0}}]
    flip = GAME.apply(state, DrawToken("mare-blue-2"))
    assert [c.data["kind"] for c in flip.changes] == ["horse", "deal", "turn"]
    assert [c.text.render("en") for c in flip.changes] == [
        "blue mare: the stack → the prairie", "Dealer: give 3 cards to Will.", "Frank's turn."]
    rendered = flip.to_json()["changes"]
    assert rendered[1]["player"] == 0 and rendered[1]["cards"] == 3
    assert rendered[1]["text"] == {"nl": "Deler: geef 3 kaarten aan Will.", "fr": "Donneur : donnez 3 cartes à Will.",
                                   "en": "Dealer: give 3 cards to Will."}
    assert rendered[2]["text"]["fr"] == "Au tour de Frank."


def test_the_end_of_the_game_is_a_change_of_the_action_that_ended_it():
    state = new_game()
    for token in ("stallion-blue-1", "mare-blue-1", "mare-green-1", "foal-blue-1", "foal-green-1"):
        place(state, token, 0, "stable")
    place(state, "foal-yellow-1", 0)
    verdict = GAME.apply(state, Stable("foal-yellow-1"))
    assert [c.data["kind"] for c in verdict.changes] == ["horse", "end"]
    assert verdict.changes[-1].data == {"kind": "end", "reason": "herd", "player": 0, "bonus": 0}
    assert "full herd" in verdict.changes[-1].text.render("en")


def test_defence_seconds_is_a_table_option_of_45_seconds_by_default_and_can_be_off():
    (option,) = [o for o in GAME.options if o.name == "defence_seconds"]
    assert option.default == 45 and list(option.choices) == [0, 30, 45, 60, 90]
    for lang in ("nl", "fr", "en"):
        lines = [text.render(lang) for text in option.choices.values()]
        assert len(set(lines)) == 5 and "45" in lines[2]
    assert option.validate("45") == 45 and option.validate(90) == 90          # --option defence_seconds=45
    for bad in (40, "fast", False):
        with pytest.raises(GameError):
            option.validate(bad)
    state = new_game(defence_seconds="60")
    assert state.options["defence_seconds"] == 60
    assert new_game().options["defence_seconds"] == 45
    assert new_game(defence_seconds=0).options["defence_seconds"] == 0


def test_under_stack_empty_turning_up_the_last_token_after_a_face_up_catch_gives_the_catcher_the_bonus():
    state = new_game(end_when="stack_empty")
    rest = sorted(state.stacks["stallion"])
    for token in rest[:-1]:
        place(state, token, 1, "stable")
    quartet = ("red-4", "blue-4", "green-4", "yellow-4")
    give_cards(state, 0, quartet)
    GAME.apply(state, Catch(quartet, horse="stallion-red-1"))
    assert state.end is None                                    # the stack still holds one stallion
    GAME.apply(state, DrawToken(rest[-1]))                       # turned up: the stack is empty
    assert state.end.reason == "exhausted" and state.end.kind == "stallion" and state.end.bonus == 0


@pytest.mark.parametrize("specials, ends", [(False, False), (True, True)])
def test_specials_count_for_the_stable_herd_only_with_the_option(specials, ends):
    state = new_game(specials_count_as_kind=specials)
    for token in ("black-prince", "mare-blue-1", "mare-green-1", "foal-blue-1", "foal-green-1"):
        place(state, token, 0, "stable")
    place(state, "foal-yellow-1", 0)
    GAME.apply(state, Stable("foal-yellow-1"))                   # a herd only if the Black Prince is a stallion
    assert GAME.is_over(state) is ends
    if ends:
        assert state.end.reason == "herd" and state.end.bonus == 0
