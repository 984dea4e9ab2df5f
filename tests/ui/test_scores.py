"""The score screen at 800×480 for every game, from the fewest to the most players:
ranks as a player reads them (1st, 2nd… with ties), and the ranks, the chart with its
names and the legend all seen without scrolling (issue 17, item 10)."""

from __future__ import annotations

import os

import pytest

from tests.ui.scenarios import SCORE_TABLES
from tests.ui.test_app import run

pytestmark = [pytest.mark.ui, pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}


def expected_lines(totals: dict[str, int], winners: list[int]) -> list[tuple[str, str, str]]:
    """What the ranks should read, worked out here from the engine's own totals."""
    names = list(totals)
    won = {names[i] for i in winners}
    standing = {n: (n in won, t) for n, t in totals.items()}
    rank = {n: 1 + sum(other > mine for other in standing.values()) for n, mine in standing.items()}
    lines = []
    for name in sorted(names, key=lambda n: (rank[n], names.index(n))):
        tied = list(rank.values()).count(rank[name]) > 1
        lines.append((ORDINAL[rank[name]] + (" (tie)" if tied else ""), name, str(totals[name])))
    return lines


def test_every_games_score_screen_shows_ranks_chart_and_legend_above_the_fold(work):
    found = run("score_ranks", work, timeout=400)
    assert sorted(found) == sorted(f"{game}-{players}" for game, players in SCORE_TABLES)
    for key, table in found.items():
        assert table["over"], key
        assert [tuple(line) for line in table["lines"]] == expected_lines(table["totals"], table["winners"]), key
        assert table["seen"] == {"ranks": True, "chart": True, "legend": True}, key
        left, right = table["chart"]
        edges = [(start, end) for _shown, start, end in table["names"]]
        assert all(left <= start and end <= right for start, end in edges), (key, table["names"])
        assert all(a[1] <= b[0] for a, b in zip(edges, edges[1:])), (key, table["names"])   # names never overlap
        assert [shown.rstrip("…") for shown, *_ in table["names"]] == [
            name[:len(shown.rstrip("…"))] for name, (shown, *_e) in zip(table["totals"], table["names"])]
    assert any("(tie)" in line[0] for table in found.values() for line in table["lines"])
