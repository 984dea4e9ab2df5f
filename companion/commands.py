"""The core's commands: ``replay`` (scripted games), ``demo`` (bots play a game) and
``bench`` (engine speed).

The scripted-game format is documented in ``docs/scripted-games.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterable, TextIO

from companion.errors import GameError
from companion.game import Chance, Decision, ScoreSheet, Seat, Verdict, resolve_options
from companion.i18n import Text, current_language
from companion.inputs import CardsSeen, Intent, TagPlaced
from companion.games import available, get_game
from companion.script_lines import SEED_LIMIT, InputKind, InputLine, SetupLine, parse_script, read_script, setup_error
from companion.session import Referee
from companion.store import GameStore

DEMO_NAMES = ("Will", "Frank", "Calamity", "Jesse", "Annie", "Doc")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    replay = sub.add_parser("replay", help="referee a scripted game (JSON Lines of table inputs)")
    replay.add_argument("script", type=Path, help="the .jsonl file")
    replay.add_argument("--json", action="store_true", help="machine-readable output")
    replay.add_argument("--db", type=Path, help="log the game to this database (default: in memory)")
    replay.set_defaults(func=cmd_replay)

    demo = sub.add_parser("demo", help="bots play a whole game through the referee")
    demo.add_argument("--game", required=True, choices=available())
    demo.add_argument("--players", type=int, default=3, choices=range(2, len(DEMO_NAMES) + 1), metavar="N")
    demo.add_argument("--seed", type=_seed, default=1)
    demo.add_argument("--db", type=Path, help="log to this database; an unfinished demo game there started with "
                                              "the same game, players, seed and options is resumed")
    demo.add_argument("--quiet", action="store_true", help="print only the final result")
    demo.add_argument("--pace", type=_pace, default=0.0, metavar="SECONDS", help="pause after every move")
    demo.add_argument("--json", action="store_true", help="print the final result as JSON")
    demo.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    demo.add_argument("--record", type=Path, metavar="FILE",
                      help="also write the game as a scripted table game (JSON Lines) to FILE")
    demo.set_defaults(func=cmd_demo)

    bench = sub.add_parser("bench", help="rules-engine speed: games per second, time to judge an action")
    bench.add_argument("--games", type=int, default=200)
    bench.add_argument("--game", required=True, choices=available())
    bench.add_argument("--players", type=int, default=4)
    bench.add_argument("--positions", type=int, default=200,
                       help="positions on which the time to list every legal action is measured")
    bench.add_argument("--logged-games", type=int, default=10,
                       help="games played through the referee and its SQLite log (timed per action)")
    bench.set_defaults(func=cmd_bench)


def _seed(value: str) -> int:
    """``--seed``: a whole number the game log can store."""
    try:
        seed = int(value)
    except ValueError:
        seed = -1
    if not 0 <= seed < SEED_LIMIT:
        raise argparse.ArgumentTypeError(Text("the seed must be a whole number from 0 to {top}, not {value}.",
                                              top=SEED_LIMIT - 1, value=value).render())
    return seed


def _pace(value: str) -> float:
    """``--pace``: seconds, zero or more and finite."""
    try:
        pace = float(value)
    except ValueError:
        pace = -1.0
    if not (math.isfinite(pace) and pace >= 0):
        raise argparse.ArgumentTypeError(Text("the pace must be a number of seconds, 0 or more, not {value}.",
                                              value=value).render())
    return pace


# --- output -------------------------------------------------------------------------------

def format_verdict(verdict: Verdict, indent: str = "") -> str:
    """The verdict on one line, then its changes one per line under it (``indent``
    aligns them with the verdict's text)."""
    mark = "✓" if verdict.accepted else "✗"
    line = f"{mark} {verdict.message.render()}"
    if not verdict.accepted:
        line += f"  [{verdict.reason}; {verdict.section.render() if verdict.section else '-'}]"
    return "\n".join([line] + [f"{indent}  · {change.text.render()}" for change in verdict.changes])


def format_scores(sheet: ScoreSheet) -> str:
    lines = []
    for p in sheet.players:
        crown = " ★" if p.player in sheet.winners else ""
        lines.append(f"{p.name}: {p.total}{crown}")
        for line in p.lines:
            count = f" ×{line.count}" if line.count is not None else ""
            lines.append(f"    {line.label.render()}{count}: {line.points:+d}")
    if sheet.tiebreak is not None:
        lines.append(sheet.tiebreak.render())
    return "\n".join(lines)


def _print_state(ref: Referee, out: TextIO) -> None:
    for line in ref.game.describe_state(ref.state):
        print(line.render(), file=out)


# --- replay ---------------------------------------------------------------------------------

def run_script(lines: Iterable[str], store: GameStore) -> tuple[Referee, list[dict[str, Any]]]:
    """Referee a scripted game; returns the session and one record per input.

    Every line is checked before the game starts (:func:`parse_script`): a bad line
    raises :class:`ScriptError` naming it, and nothing is written to ``store``.
    """
    ref: Referee | None = None
    records: list[dict[str, Any]] = []
    for line in parse_script(lines):
        if isinstance(line, SetupLine):
            try:
                ref = Referee.new(store, line.game, line.seats, line.options, seed=line.seed, dealer=line.dealer,
                                  simulated_hands=line.simulated_hands, board=line.board,
                                  board_file=line.board_file, token_lookup=line.tags.get)
            except GameError as err:
                raise setup_error(line.line, err) from err
            records.append({"line": line.line, "input": line.entry, "verdict": None})
            continue
        assert ref is not None   # parse_script: the first line is a setup
        records.append({"line": line.line, "input": line.entry, "verdict": _feed(ref, line)})
    assert ref is not None
    return ref, records


def _feed(ref: Referee, line: InputLine) -> Verdict | None:
    kind = line.kind
    if kind is InputKind.SCAN:
        return ref.scan(line.value)
    if kind is InputKind.TAG:
        return ref.table_input(TagPlaced(line.value, line.zone))
    if kind is InputKind.TOUCH:
        return ref.table_input(Intent("touch", {"target": line.value}))
    if kind is InputKind.CHOOSE:
        return ref.table_input(Intent("choose", {"index": line.value}))
    if kind is InputKind.CARDS:
        return ref.table_input(CardsSeen(line.value))
    if kind is InputKind.CONFIRM:
        return ref.confirm()
    if kind is InputKind.UNDO:
        return ref.undo()
    if kind is InputKind.ACTION:
        return ref.submit_json(line.value)
    if kind is InputKind.CHANCE:
        return ref.simulate_chance()
    return ref.table_input(Intent(line.value, line.args))


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        data = args.script.read_bytes()
    except OSError as err:
        raise GameError(Text("Cannot read {path}: {detail}", path=str(args.script), detail=err.strerror)) from err
    lines = read_script(data)
    parse_script(lines)   # a bad line is refused before a database is opened
    store = GameStore(args.db or ":memory:")
    ref, records = run_script(lines, store)
    if args.json:
        for record in records:
            verdict = record["verdict"]
            print(json.dumps({"line": record["line"], "input": record["input"],
                              "verdict": verdict.to_json() if verdict else None}, ensure_ascii=False))
        print(json.dumps({"final": ref.observation(), "pending": ref.pending.prompt.render(),
                          "scores": ref.scores().to_json(current_language()), "over": ref.is_over},
                         ensure_ascii=False))
        return 0
    for record in records:
        verdict = record["verdict"]
        if verdict is not None:
            print(f"{record['line']:>4}  {format_verdict(verdict, ' ' * 6)}")
    print()
    _print_state(ref, sys.stdout)
    print(ref.pending.prompt.render())
    print()
    print(format_scores(ref.scores()))
    return 0


# --- demo -------------------------------------------------------------------------------------

def _parse_options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise GameError(Text("Write rule options as NAME=VALUE, not {pair!r}.", pair=pair))
        out[name] = value
    return out


def play_out(ref: Referee, report: Callable[[str], object] | None = None, pace: float = 0.0) -> None:
    """Let the built-in players and the seeded generator play ``ref`` to the end,
    pausing ``pace`` seconds after each move."""
    while not ref.is_over:
        if pace:
            time.sleep(pace)
        pending = ref.pending
        if isinstance(pending, Chance):
            verdict = ref.simulate_chance()
        else:
            assert isinstance(pending, Decision), pending   # the game is not over
            actor, turn = ref.seats[pending.player].name, ref.game.turn(ref.state) or len(ref.actions) + 1
            verdict = ref.submit(ref.bot_action())
            if report:
                prefix = f"[{turn:>3}] {actor}: "
                report(prefix + format_verdict(verdict, " " * len(prefix)))
                continue
        if report:
            report("      " + format_verdict(verdict, " " * 6))


def cmd_demo(args: argparse.Namespace) -> int:
    if args.record is not None and (args.record.is_dir() or not args.record.parent.is_dir()):
        raise GameError(Text("Cannot write the game to {path}: its folder does not exist or it is a folder.",
                             path=str(args.record)))
    store = GameStore(args.db or ":memory:")
    names = DEMO_NAMES[:args.players]
    options = resolve_options(get_game(args.game).options, _parse_options(args.option))
    same = [r for r in store.unfinished()
            if r.simulated_hands and (r.game, tuple(s.name for s in r.seats), r.seed, r.dealer, r.options)
            == (args.game, names, args.seed, 0, options)]
    if same:
        ref = Referee.resume(store, same[0].id)
        if not args.quiet and not args.json:
            print(Text("Resuming game {id} after {n} moves.", id=ref.game_id, n=len(ref.actions)).render())
    else:
        ref = Referee.new(store, args.game, [Seat(name) for name in names], options, seed=args.seed,
                          simulated_hands=True)
    play_out(ref, None if (args.quiet or args.json) else print, args.pace)
    if args.record:
        script = table_script(ref)
        try:
            args.record.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in script),
                                   encoding="utf-8")
        except OSError as err:
            raise GameError(Text("Cannot write the game to {path}: {detail}", path=str(args.record),
                                 detail=err.strerror or str(err))) from err
    if args.json:
        print(json.dumps({"final": ref.game.observation(ref.state), "scores": ref.scores().to_json("en")},
                         sort_keys=True))
        return 0
    print()
    print(ref.pending.prompt.render())
    print(format_scores(ref.scores()))
    return 0


def table_script(ref: Referee) -> list[dict[str, Any]]:
    """The game of ``ref`` as a scripted table game (see ``docs/scripted-games.md``)."""
    setup: dict[str, Any] = {"game": ref.game.name, "seats": [_seat_json(s) for s in ref.seats],
                             "options": ref.options, "seed": ref.seed, "dealer": ref.dealer}
    if ref.setup.board:
        setup["board"] = dict(ref.setup.board)
    if ref.setup.board_file:
        setup["board_file"] = ref.setup.board_file
    opening = ref.game.new_state(ref.setup, ref.options, seed=ref.seed)
    return [{"setup": setup}] + ref.game.table_inputs(opening, ref.actions)


# --- bench ------------------------------------------------------------------------------------

def _seat_json(seat: Seat) -> dict[str, Any]:
    out: dict[str, Any] = {"name": seat.name}
    if seat.team is not None:
        out["team"] = seat.team
    return out


def _spread(times: list[float], unit: str = "actions") -> str:
    """Median, p99, p99.9 and worst of ``times`` (seconds), in µs."""
    times = sorted(times)

    def at(q: float) -> float:
        return times[min(len(times) - 1, int(len(times) * q))] * 1e6

    return (f"median {statistics.median(times) * 1e6:.0f} µs, p99 {at(0.99):.0f} µs, p99.9 {at(0.999):.0f} µs, "
            f"worst {times[-1] * 1e6:.0f} µs ({len(times)} {unit})")


def cmd_bench(args: argparse.Namespace) -> int:
    """Random full games per second (engine only), the time to judge one action, and the
    time of the referee's whole path for one action: judge, copy the state for undo,
    apply, commit to the SQLite log (``synchronous=FULL``, a file in a temporary folder)."""
    game = get_game(args.game)
    seats = [Seat(name) for name in DEMO_NAMES[:args.players]]
    judge_times: list[float] = []
    actions = 0
    start = time.perf_counter()
    for seed in range(args.games):
        state = game.start(seats, seed=seed, simulated_hands=True)
        rng = random.Random(seed)
        while not game.is_over(state):
            action = game.choose(state, rng)
            t0 = time.perf_counter()
            verdict = game.check(state, action)
            judge_times.append(time.perf_counter() - t0)
            game.apply(state, action)
            actions += 1
            assert verdict.accepted
    elapsed = time.perf_counter() - start
    submit_times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(Path(folder) / "bench.sqlite3")
        for seed in range(args.logged_games):
            ref = Referee.new(store, args.game, seats, seed=seed, simulated_hands=True)
            rng = random.Random(seed)
            while not ref.is_over:
                action = game.choose(ref.state, rng)
                t0 = time.perf_counter()
                verdict = ref.submit(action)
                submit_times.append(time.perf_counter() - t0)
                assert verdict.accepted
        store.close()
    positions = game.bench_positions(args.positions)
    legal_times: list[float] = []
    for state in positions:
        for _ in range(5):
            t0 = time.perf_counter()
            game.legal_actions(state)
            legal_times.append(time.perf_counter() - t0)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"games: {args.games} with {args.players} players, {actions} actions, {elapsed:.2f} s "
          f"(bots choosing included); load average {load:.2f}")
    print(f"full random games per second: {args.games / elapsed:.1f}")
    print(f"judge one action: {_spread(judge_times)}")
    if legal_times:
        print(f"legal actions of one position ({len(positions)} positions, see the game's bench_positions): "
              f"{_spread(legal_times, 'timings')}")
    print(f"referee one action (judge, copy for undo, apply, SQLite commit; {args.logged_games} games): "
          f"{_spread(submit_times)}")
    return 0
