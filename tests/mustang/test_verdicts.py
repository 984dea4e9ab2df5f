"""Every table input gets a verdict, with the reason and the rulebook section that fit it
(issue 17, item 6): a game at the table (hands unseen), driven as the sensors drive it."""

import pytest

from companion.game import Seat
from companion.games.mustang.state import GameEnd, Step
from companion.games.mustang.texts import Section
from companion.inputs import CardsSeen, Intent
from companion.session import INPUTS, SIMULATOR, UNDO, Referee
from companion.store import GameStore
from tests.mustang.helpers import place

LANGS = ("nl", "fr", "en")
TRIO = ("red-3", "blue-3", "green-3")
PAIR = ("red-2", "blue-2")


@pytest.fixture
def ref(tmp_path):
    store = GameStore(tmp_path / "games.sqlite3")
    referee = Referee.new(store, "mustang", [Seat("Will"), Seat("Frank")], seed=4)
    for token in ("stallion-red-1", "mare-red-1", "foal-red-1"):
        assert referee.scan(token).accepted
    yield referee
    store.close()


def assert_verdict(verdict, reason: str, section, *words: str) -> None:
    """Rejected for ``reason``, citing ``section`` in each language (translated in nl and
    fr), its message translated and naming ``words`` (English)."""
    assert verdict is not None and not verdict.accepted
    assert verdict.reason == reason, verdict.message.render("en")
    assert verdict.section == section
    english = verdict.message.render("en")
    for word in words:
        assert word in english
    for lang in ("nl", "fr"):
        assert verdict.section.render(lang) != section.render("en")
        text = verdict.message.render(lang)
        assert text != english and "{" not in text


def defending(ref):
    """Will steals Frank's blue mare with a trio: Frank's defence is awaited."""
    place(ref.state, "mare-blue-1", 1)
    ref.lay(TRIO)
    assert ref.scan("mare-blue-1") is None and ref.confirm().accepted
    assert ref.pending.kind == "defend"


@pytest.mark.parametrize("cards", [(), TRIO])
def test_an_unknown_token_is_refused_with_or_without_cards(ref, cards):
    ref.lay(cards)
    assert_verdict(ref.scan("teapot"), "unknown-token", Section.PLAY.text, "teapot")


def test_an_out_of_game_special_with_cards_is_not_judged_as_a_steal(ref):
    ref.state.prairie.remove("black-prince")
    ref.state.out_of_game.append("black-prince")
    ref.lay(("red-5", "red-6", "red-7", "red-8", "red-9"))
    assert_verdict(ref.scan("black-prince"), "out-of-game", Section.EVENTS.text, "Out of the game")


def test_a_horse_in_ones_own_stable_is_refused_as_such(ref):
    place(ref.state, "foal-blue-1", 0, "stable")
    ref.lay(PAIR)
    assert_verdict(ref.scan("foal-blue-1"), "own-horse", Section.STABLE.text, "stable")


def test_a_scan_during_the_owners_defence_is_answered(ref):
    defending(ref)
    assert_verdict(ref.scan("foal-blue-1"), "not-now", Section.PLAY.text, "Frank")


def test_a_scan_while_the_event_card_is_awaited_is_answered(ref):
    ref.state.agenda.insert(0, Step("reveal"))
    assert_verdict(ref.scan("foal-blue-1"), "not-now", Section.PLAY.text, "event card")
    assert ref.table_input(CardsSeen(("birth",))).accepted


def test_a_scan_after_the_end_is_answered(ref):
    ref.state.end = GameEnd("herd", 0, None, 0)
    ref.state.agenda.clear()
    assert_verdict(ref.scan("foal-blue-1"), "game-over", Section.END.text, "over")


def test_the_same_card_twice_in_one_play_is_not_blamed_on_the_discard_pile(ref):
    ref.lay(("red-3", "red-3"))
    verdict = ref.scan("foal-blue-1")
    assert_verdict(verdict, "card-seen-twice", Section.PLAY.text, "red 3", "2 times")
    assert "discard" not in verdict.message.render("en")


@pytest.mark.parametrize("step", [Step("draw", 0, stack="foal", dest="corral", event=True),   # Birth
                                  Step("flip", stack="stallion", event=True)],                # Indians
                         ids=["birth", "indians"])
def test_a_wrong_token_during_an_event_cites_the_event_cards(ref, step):
    ref.state.agenda.insert(0, step)
    assert_verdict(ref.scan("mare-blue-1"), "token-not-in-stack", Section.EVENTS.text, "does not come from")
    assert ref.token is None


def test_a_wrong_combination_in_a_steal_speaks_of_stealing(ref):
    place(ref.state, "mare-blue-1", 1)
    ref.lay(PAIR)
    verdict = ref.scan("mare-blue-1")
    assert_verdict(verdict, "wrong-combination", Section.STEAL.text, "stolen with a trio")
    assert "caught" not in verdict.message.render("en")


@pytest.mark.parametrize("token, reason", [
    ("teapot", "unknown-token"),                 # refused by the game's proposal
    ("foal-blue-1", "wrong-combination"),        # the proposal's first action refused
    ("stallion-blue-1", "wrong-combination"),    # a catch from a stack (catch + draw) refused
])
def test_every_rejection_forgets_the_scanned_token_and_keeps_the_cards(ref, token, reason):
    ref.lay(TRIO)
    assert ref.scan(token).reason == reason
    assert ref.token is None and ref.proposal is None and ref.cards == TRIO


def test_a_refused_draw_forgets_the_token_too(ref):
    ref.state.agenda.insert(0, Step("draw", 0, stack="foal", dest="corral"))
    assert ref.scan("mare-blue-1").reason == "token-not-in-stack"
    assert ref.token is None


def test_session_rejections_cite_a_referee_section(ref):
    verdicts = {
        "unknown-intent": (ref.table_input(Intent("teleport")), INPUTS),
        "bad-intent": (ref.table_input(Intent("touch", {})), INPUTS),
        "nothing-to-confirm": (ref.confirm(), INPUTS),
        "nothing-to-choose": (ref.choose(3), INPUTS),
        "bad-action": (ref.submit_json({"type": "teleport"}), INPUTS),
        "no-chance": (ref.simulate_chance(), SIMULATOR),
        "nothing-to-undo": (Referee.new(ref.store, "mustang", [Seat("A"), Seat("B")], seed=1).undo(), UNDO),
    }
    for reason, (verdict, section) in verdicts.items():
        assert verdict.reason == reason
        assert verdict.section == section
        assert section.render("en").startswith("Referee: ")
        for lang in ("nl", "fr"):
            assert verdict.section.render(lang) != section.render("en")
            assert verdict.message.render(lang) != verdict.message.render("en")


@pytest.mark.parametrize("data", [{"type": "catch"}, {"type": "steal", "cards": ["red-2"]},
                                  {"type": "stable", "horse": ["x"], "extra": 1}, {"type": "release"}])
def test_bad_actions_carry_no_english_python_text(ref, data):
    verdict = ref.submit_json(data)
    assert verdict.reason == "bad-action" and verdict.section == INPUTS
    for lang in ("nl", "fr"):
        text = verdict.message.render(lang)
        for python in ("argument", "missing", "positional", "required", "NoneType"):
            assert python not in text, text
