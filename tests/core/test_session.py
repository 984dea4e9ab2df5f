"""The referee session: durable log, resume, undo, and table inputs becoming actions."""

import json
import sqlite3

import pytest

from companion.errors import GameError
from companion.game import Chance, Seat
from companion.games.mustang.actions import Catch, Exchange
from companion.inputs import ButtonPressed, CardsSeen, Intent, TagPlaced, TagRemoved
from companion.session import Referee
from companion.store import GameStore

SEATS = [Seat("Will"), Seat("Frank")]


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "games.sqlite3")
    yield s
    s.close()


def table_game(store, **kw):
    ref = Referee.new(store, "mustang", SEATS, seed=4, **kw)
    for token in ("stallion-red-1", "mare-red-1", "foal-red-1"):
        assert ref.scan(token).accepted
    return ref


def test_setup_and_every_accepted_input_are_in_the_database(store, tmp_path):
    ref = table_game(store)
    other = sqlite3.connect(tmp_path / "games.sqlite3")       # a second reader sees committed rows
    rows = other.execute("SELECT kind, payload FROM moves WHERE game_id = ? ORDER BY seq", (ref.game_id,)).fetchall()
    assert [json.loads(p)["token"] for _, p in rows] == ["stallion-red-1", "mare-red-1", "foal-red-1"]
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_rejected_inputs_are_not_logged(store):
    ref = table_game(store)
    verdict = ref.submit(Catch(("red-2", "blue-3"), horse="foal-red-1"))
    assert not verdict.accepted and verdict.reason == "not-a-combination"
    assert len(store.entries(ref.game_id)) == 3


def test_resume_rebuilds_the_same_state(store):
    ref = table_game(store)
    ref.submit(Catch(("red-2", "blue-2"), horse="foal-red-1"))
    ref.scan("foal-green-2")
    again = Referee.resume(store, ref.game_id)
    assert again.observation() == ref.observation()
    assert again.pending == ref.pending


def test_undo_takes_back_the_last_input_and_is_logged(store):
    ref = table_game(store)
    before = ref.observation()
    ref.submit(Exchange(2))
    assert ref.state.current == 1
    verdict = ref.undo()
    assert verdict.accepted and "Exchange" in verdict.message.render("en")
    assert ref.observation() == before
    assert [e.kind for e in store.entries(ref.game_id)][-2:] == ["action", "undo"]
    assert Referee.resume(store, ref.game_id).observation() == before


def test_undo_with_nothing_to_undo(store):
    ref = Referee.new(store, "mustang", SEATS, seed=1)
    assert ref.undo().reason == "nothing-to-undo"


def test_cards_and_a_scan_make_a_proposal_that_confirm_submits(store):
    ref = table_game(store)
    assert ref.table_input(CardsSeen(("blue-2", "red-2"))) is None
    assert ref.scan("foal-red-1") is None                 # a proposal, not yet judged
    assert isinstance(ref.proposal.actions[0], Catch)
    verdict = ref.table_input(ButtonPressed("confirm"))
    assert verdict.accepted and ref.state.players[0].corral == ["foal-red-1"]
    assert isinstance(ref.pending, Chance)                  # the next foal must be turned up
    assert ref.scan("foal-blue-1").accepted                 # a chance scan is submitted at once
    assert "foal-blue-1" in ref.state.prairie


def test_a_scan_from_a_stack_proposes_catch_and_draw(store):
    ref = table_game(store)
    ref.lay(("blue-2", "red-2"))
    ref.scan("foal-purple-4")
    verdict = ref.confirm()
    assert verdict.accepted and ref.state.players[0].corral == ["foal-purple-4"]
    assert [type(a).__name__ for a in ref.actions[-2:]] == ["Catch", "DrawToken"]


def test_a_senseless_scan_is_rejected_with_a_reason(store):
    ref = table_game(store)
    ref.lay(("blue-2", "red-2", "green-2"))
    verdict = ref.scan("foal-red-1")                          # a trio for a foal
    assert verdict is not None and verdict.reason == "wrong-combination"
    assert ref.proposal is None


def test_unknown_tags_and_intents(store):
    tags = {"04A1B2C3": "stallion-blue-1"}
    ref = Referee.new(store, "mustang", SEATS, seed=4, token_lookup=tags.get)
    assert ref.table_input(TagPlaced("DEADBEEF", "main")).reason == "unknown-tag"
    assert ref.table_input(TagPlaced("04A1B2C3", "main")).accepted
    assert ref.state.prairie[-1] == "stallion-blue-1"
    assert ref.table_input(Intent("teleport")).reason == "unknown-intent"
    assert ref.table_input(Intent("exchange", {"count": "x"})).reason == "bad-intent"


def test_confirm_without_a_proposal(store):
    ref = table_game(store)
    assert ref.confirm().reason == "nothing-to-confirm"


def test_simulate_chance_is_reproducible(store, tmp_path):
    a = Referee.new(store, "mustang", SEATS, seed=9)
    other = GameStore(tmp_path / "other.sqlite3")
    b = Referee.new(other, "mustang", SEATS, seed=9)
    for _ in range(3):
        assert a.simulate_chance().accepted and b.simulate_chance().accepted
    assert a.state.prairie == b.state.prairie
    assert a.simulate_chance().reason == "no-chance"


def test_finished_games_keep_their_scores(store):
    from companion.commands import play_out

    ref = Referee.new(store, "mustang", SEATS, seed=2, simulated_hands=True)
    play_out(ref)
    assert store.unfinished() == []
    (record,) = store.finished()
    assert record.final["scores"]["winners"] == list(ref.scores().winners)
    ref.undo()
    assert [r.id for r in store.unfinished()] == [ref.game_id]


def test_bad_options_and_unknown_games_are_refused(store):
    with pytest.raises(GameError):
        Referee.new(store, "mustang", SEATS, {"birth_to": "moon"})
    with pytest.raises(GameError):
        Referee.new(store, "chess", SEATS)


def test_a_game_whose_end_was_not_recorded_is_finished_on_resume(store, tmp_path, monkeypatch):
    """The process dies between logging the last move and recording the end."""
    from companion.commands import play_out

    ref = Referee.new(store, "mustang", SEATS, seed=2, simulated_hands=True)

    def power_cut(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(store, "finish", power_cut)
    with pytest.raises(KeyboardInterrupt):
        play_out(ref)
    monkeypatch.undo()
    again = GameStore(tmp_path / "games.sqlite3")
    resumed = Referee.resume(again, ref.game_id)
    assert resumed.is_over
    assert again.unfinished() == []                        # not offered for resuming
    (record,) = again.finished()                           # in the history, with its scores
    assert record.final["scores"]["winners"] == list(resumed.scores().winners)
    again.close()


@pytest.mark.parametrize("lang", ["nl", "fr", "en"])
def test_session_rejections_say_what_to_do_next(store, lang):
    ref = table_game(store)
    prompt = ref.pending.prompt.render(lang)
    for verdict in (ref.table_input(Intent("teleport")), ref.confirm(), ref.submit_json({"type": "teleport"})):
        assert verdict.reason in ("unknown-intent", "nothing-to-confirm", "bad-action")
        assert prompt in verdict.message.render(lang)
    assert "scan" in ref.confirm().message.render("en")
    if lang != "en":
        assert ref.confirm().message.render(lang) != ref.confirm().message.render("en")


def test_lifting_a_scanned_horse_keeps_the_proposal(store):
    tags = {"04A1B2C3": "foal-red-1"}
    ref = table_game(store)
    ref.token_lookup = tags.get
    ref.lay(("blue-2", "red-2"))
    assert ref.table_input(TagPlaced("04A1B2C3", "main")) is None
    assert ref.table_input(TagRemoved("04A1B2C3", "main")) is None
    assert ref.proposal is not None and ref.confirm().accepted
    assert ref.state.players[0].corral == ["foal-red-1"]


def test_the_game_hears_which_reader_read_the_token(store, monkeypatch):
    ref = table_game(store)
    heard = []
    monkeypatch.setattr(ref.game, "propose", lambda state, sensed: heard.append((sensed.token, sensed.zone)))
    ref.table_input(TagPlaced("foal-red-1", "square-12"))
    ref.scan("foal-blue-1")
    assert heard == [("foal-red-1", "square-12"), ("foal-blue-1", None)]


def test_a_new_game_logs_every_option_resolved(store):
    ref = Referee.new(store, "mustang", SEATS, {"birth_to": "stable"}, seed=1)
    options = store.record(ref.game_id).options
    assert options["birth_to"] == "stable" and options["end_when"] == "kind_exhausted"
    assert set(options) == {o.name for o in ref.game.options}


def test_one_undo_takes_back_a_catch_from_a_stack_with_its_draw(store):
    """The catch and the token drawn for it are one move at the table: Undo says so and
    takes back both, and a resumed game agrees."""
    ref = table_game(store)
    before = ref.observation()
    ref.table_input(CardsSeen(("blue-2", "red-2")))
    drawn = sorted(ref.state.stacks["foal"])[0]
    ref.scan(drawn)
    assert ref.confirm().accepted and len(ref.actions) == 5
    said = ref.last_move().render("en")
    assert "Catch" in said and "+" in said
    verdict = ref.table_input(ButtonPressed("undo"))
    assert verdict.accepted and len(ref.actions) == 3
    assert drawn in ref.state.stacks["foal"]
    assert ref.observation()["players"] == before["players"]
    assert Referee.resume(store, ref.game_id).actions == ref.actions


def test_a_tap_on_the_board_proposes_a_move_that_confirm_plays(store):
    ref = Referee.new(store, "bumerang", [Seat("A"), Seat("B"), Seat("C")], seed=4)
    assert ref.table_input(Intent("touch", {"target": "E5"})) is None
    assert ref.proposal is not None and ref.view().waiting
    assert ref.table_input(ButtonPressed("confirm")).accepted
    assert ref.observation()["table"]["touched"] == [] and len(ref.actions) == 1


@pytest.mark.parametrize("args, reason", [({}, "bad-intent"), ({"target": 5}, "bad-intent"),
                                          ({"target": "nowhere"}, "unknown-tap")])
def test_a_tap_that_names_nothing_is_refused_with_a_reason(store, args, reason):
    ref = Referee.new(store, "bumerang", [Seat("A"), Seat("B"), Seat("C")], seed=4)
    verdict = ref.table_input(Intent("touch", args))
    assert not verdict.accepted and verdict.reason == reason and ref.touched == []


def test_choosing_without_alternatives_is_refused(store):
    ref = table_game(store)
    verdict = ref.table_input(Intent("choose", {"index": 0}))
    assert not verdict.accepted and verdict.reason == "nothing-to-choose"
