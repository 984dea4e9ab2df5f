"""Random and mutated table inputs against the referee and the script reader
(hypothesis): no input may raise, and every refusal carries a reason and a message in
every language.

Two kinds of input are drawn. *Table inputs* (tags placed and lifted, the cards card
vision sees, touches and buttons, explicit actions as JSON) go to a
:class:`~companion.session.Referee` of a fresh game; most are made of the game's own
token ids, card ids and intent names so the rules are reached, the rest are random
text and JSON. *Script lines* are the documented example's lines with one value
mutated, or any JSON at all; each is either read or refused with a
:class:`~companion.script_lines.ScriptError` naming its line. The normal lane draws a
few thousand inputs; the slow lane at least 100 000 (the figure is in the README).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.commands import run_script
from companion.errors import GameError
from companion.game import Chance, Seat, Verdict
from companion.games import get_game
from companion.i18n import LANGUAGES
from companion.inputs import ButtonPressed, CardsSeen, Intent, TagPlaced, TagRemoved
from companion.script_lines import ScriptError, parse_line
from companion.session import Referee
from companion.store import GameStore

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "docs" / "examples" / "mustang-3-players.jsonl").read_text(encoding="utf-8").splitlines()
GAME = get_game("mustang")
TOKENS = [t.id for t in GAME.tokens()]
CARDS = [c.id for c in GAME.cards()]
INTENTS = ["exchange", "decline", "no_cowboys", "done", "event", "draw", "action", "confirm", "undo"]
ACTIONS = ["exchange", "catch", "steal", "stable", "defend", "decline", "discard_cowboys", "release", "done",
           "draw_token", "reveal_event"]
EVENTS = ["rotten_fence", "indians", "heavy_rain", "birth", "sunshine"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
tokens = st.sampled_from(TOKENS) | st.text(max_size=10)
cards = st.lists(st.sampled_from(CARDS) | st.text(max_size=6), max_size=7).map(tuple)
arg_values = (st.integers(-3, 8) | st.sampled_from(TOKENS + EVENTS + CARDS)
              | st.lists(st.sampled_from(CARDS), max_size=5) | json_values)
action_json = st.fixed_dictionaries({"type": st.sampled_from(ACTIONS) | st.text(max_size=8)},
                                    optional={"count": arg_values, "cards": arg_values, "horse": arg_values,
                                              "stack": arg_values, "token": arg_values, "event": arg_values}) \
    | st.dictionaries(st.text(max_size=8), json_values, max_size=4)
table_inputs = st.one_of(
    st.builds(TagPlaced, tokens, st.sampled_from(["main", "stack"]) | st.text(max_size=5)),
    st.builds(TagRemoved, tokens, st.sampled_from(["main", "stack"]) | st.text(max_size=5)),
    st.builds(CardsSeen, cards),
    st.builds(Intent, st.sampled_from(INTENTS) | st.text(max_size=8),
              st.dictionaries(st.sampled_from(["count", "event", "token", "action", "cards"]) | st.text(max_size=5),
                              arg_values | action_json, max_size=3)),
    st.builds(ButtonPressed, st.sampled_from(["confirm", "undo"])),
    st.tuples(st.just("json"), action_json),
    st.just("move"), st.just("move"), st.just("move"),
)
"""A table input, or ``"move"``: the built-in player moves (or the generator draws),
so the random inputs meet the game in every phase, not only at its opening."""


def _feed(ref: Referee, item: Any) -> Verdict | None:
    if item == "move":
        if ref.is_over:
            return None
        verdict = ref.simulate_chance() if isinstance(ref.pending, Chance) else ref.submit(ref.bot_action())
        assert verdict.accepted, verdict
        return verdict
    if isinstance(item, tuple):
        return ref.submit_json(item[1])
    return ref.table_input(item)


def _judged(verdict: Verdict | None) -> None:
    """A verdict is whole: a refusal has a reason, and every message renders everywhere."""
    if verdict is None:
        return
    for lang in LANGUAGES:
        assert verdict.message.render(lang).strip()
        assert verdict.section is None or verdict.section.render(lang).strip()
    if not verdict.accepted:
        assert verdict.reason, verdict


class Tally:
    inputs = 0


def _play(seed: int, players: int, simulated: bool, inputs: list[Any]) -> None:
    ref = Referee.new(GameStore(":memory:"), "mustang", [Seat(n) for n in "ABCDE"[:players]], seed=seed,
                      simulated_hands=simulated, token_lookup=lambda uid: uid if uid in TOKENS else None)
    for item in inputs:
        _judged(_feed(ref, item))
        Tally.inputs += 1
    ref.scores()   # the state stays whole enough to score


def _mutated_line(draw: Any) -> tuple[int, str]:
    number = draw(st.integers(0, len(EXAMPLE) - 1))
    entry = json.loads(EXAMPLE[number])
    target = entry["setup"] if "setup" in entry else entry
    key = draw(st.sampled_from(sorted(target) + ["seed", "cards", "scan", "x"]))
    target[key] = draw(json_values | tokens | cards.map(list))
    return number + 1, json.dumps(entry, allow_nan=True)


mutated_lines = st.composite(_mutated_line)()
any_lines = st.tuples(st.integers(1, 10**6), json_values.map(lambda v: json.dumps(v, allow_nan=True)) | st.text())


def _read(number: int, raw: str) -> None:
    try:
        parse_line(number, raw)
    except ScriptError as err:
        assert err.text.render("en").startswith(f"Line {number}"), err
        for lang in LANGUAGES:
            assert err.text.render(lang).strip()
    Tally.inputs += 1


def _script(lines: list[tuple[int, str]]) -> None:
    script = list(EXAMPLE[:40])
    for number, raw in lines:
        script[min(number, len(script)) - 1] = raw
    try:
        _ref, records = run_script(script, GameStore(":memory:"))
    except ScriptError as err:
        assert err.text.render("en").startswith("Line "), err
    except GameError as err:   # only the setup's refusal reaches here, named by its line
        raise AssertionError(err) from err
    else:
        for record in records:
            _judged(record["verdict"])
    Tally.inputs += len(script)


def _lanes(examples: int) -> None:
    common = dict(deadline=None, database=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

    @settings(max_examples=examples, **common)
    @given(st.integers(0, 2**32), st.integers(2, 5), st.booleans(), st.lists(table_inputs, min_size=10, max_size=80))
    def table(seed, players, simulated, inputs):
        _play(seed, players, simulated, inputs)

    @settings(max_examples=examples * 4, **common)
    @given(mutated_lines | any_lines)
    def lines(line):
        _read(*line)

    @settings(max_examples=max(10, examples // 20), **common)
    @given(st.lists(mutated_lines, min_size=1, max_size=3))
    def scripts(lines):
        _script(lines)

    table()
    lines()
    scripts()


def test_random_table_inputs_and_script_lines_are_all_judged():
    Tally.inputs = 0
    _lanes(100)
    assert Tally.inputs >= 2000


@pytest.mark.slow
def test_a_hundred_thousand_random_inputs_are_all_judged():
    Tally.inputs = 0
    _lanes(4400)   # about 24 inputs an example: a margin over 100 000 as the strategies change
    print(f"fuzzed inputs: {Tally.inputs}")
    assert Tally.inputs >= 100_000


@pytest.mark.parametrize("item", [Intent("action", {"action": 0}), Intent("action", {"action": [1]}),
                                  ("json", {"type": ["catch"]}), ("json", {"type": {"a": 1}}),
                                  ("json", {"type": "catch", "cards": 5, "horse": "foal-red-1"}),
                                  ("json", {"type": "catch", "cards": ["red-1"], "horse": {}}),
                                  ("json", {"type": "exchange", "count": True})])
def test_an_action_that_is_not_an_object_with_fields_of_their_types_is_refused(item):
    """Found by the fuzzing: these raised AttributeError and TypeError."""
    ref = Referee.new(GameStore(":memory:"), "mustang", [Seat("A"), Seat("B")], seed=1)
    verdict = _feed(ref, item)
    assert not verdict.accepted and verdict.reason
    _judged(verdict)
