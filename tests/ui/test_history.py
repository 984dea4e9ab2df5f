"""Statistics and the BG Stats export of finished games (no display needed)."""

from __future__ import annotations

import json
from types import SimpleNamespace

from hypothesis import given, settings, strategies as st

from companion.game import ScoreSheet, Seat
from ui.history import bgstats_play, export_bgstats, final_sheet, statistics, stored_sheet


def record(game_id: int, totals: dict[str, int], winners: list[int]) -> SimpleNamespace:
    players = [{"player": i, "name": name, "total": total, "lines": []}
               for i, (name, total) in enumerate(totals.items())]
    return SimpleNamespace(id=game_id, game="mustang", seats=tuple(Seat(n) for n in totals), options={}, dealer=1,
                           started_at="2026-11-20T19:00:00+00:00", finished_at="2026-11-20T19:45:00+00:00",
                           final={"scores": {"players": players, "winners": winners, "tiebreak": None}})


def test_bgstats_play_names_winner_ranks_and_start_player():
    play = bgstats_play(record(4, {"Ann": 12, "Bob": 19, "Cy": 12}, [1]))
    assert play["sourcePlayId"] == "4" and play["durationMin"] == 45
    assert play["game"]["sourceGameId"] == "mustang" and play["game"]["highestWins"] is True
    by_name = {p["name"]: p for p in play["players"]}
    assert by_name["Bob"]["winner"] and by_name["Bob"]["rank"] == 1 and by_name["Bob"]["startPlayer"]
    assert by_name["Ann"]["rank"] == by_name["Cy"]["rank"] == 2
    assert not by_name["Ann"]["winner"]


def test_export_writes_one_json_file_per_game(tmp_path):
    paths = export_bgstats([record(1, {"Ann": 3, "Bob": 5}, [1]), record(2, {"Ann": 7, "Bob": 5}, [0])], tmp_path)
    assert len(paths) == 2
    assert json.loads(paths[1].read_text())["players"][0]["winner"] is True


def test_statistics_count_games_wins_and_averages_by_name():
    stats = statistics([record(1, {"Ann": 3, "Bob": 5}, [1]), record(2, {"ann": 7, "Bob": 5}, [0])])
    ann = next(s for s in stats if s.name.lower() == "ann")
    assert (ann.played, ann.won, ann.average, ann.best) == (2, 1, 5.0, 7)


def test_averages_and_dates_are_written_as_the_players_language_writes_them():
    from companion.i18n import set_language
    from ui.history import describe_summary

    finished = [record(1, {"Ann": 17, "Bob": 5}, [0]), record(2, {"Ann": 17, "Bob": 6}, [0])]
    shown = {}
    for lang in ("nl", "fr", "en"):
        set_language(lang)
        shown[lang] = (statistics(finished)[0].cells(), describe_summary(finished[0]))
    set_language("en")
    assert shown["nl"][0] == ("Ann", "2", "2", "17,0", "17") and shown["fr"][0][3] == "17,0"
    assert shown["en"][0][3] == "17.0"
    assert "-11-2026" in shown["nl"][1] and "/11/2026" in shown["fr"][1] and "11/20/26" in shown["en"][1]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=True) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["players", "winners", "player", "name", "total", "lines", "key", "label",
                                         "points", "msgid", "params", "$piece", "said", "tiebreak", "sheet", "scores"]),
                        inner, max_size=4), max_leaves=12)


@settings(max_examples=400, deadline=None)
@given(final=st.one_of(JSON, st.fixed_dictionaries({"scores": JSON, "sheet": JSON})))
def test_a_damaged_final_sheet_never_breaks_the_history(final):
    # A stored game's final sheet as a damaged row may hold it: the statistics, the
    # export and the listing carry on; the sheet itself is unreadable, or a sheet.
    summary = record(1, {"Ann": 3}, [0])
    summary.final = final
    statistics([summary, record(2, {"Ann": 5}, [0])])
    bgstats_play(summary)
    assert isinstance(final_sheet(summary), dict)
    assert stored_sheet(summary) is None or isinstance(stored_sheet(summary), ScoreSheet)
