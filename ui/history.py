"""Finished games: one-line descriptions, statistics, and export to BG Stats.

The export follows the "push play" JSON of the Board Game Stats app (one play per
object: ``sourceName``, ``sourcePlayId``, ``playDate``, ``durationMin``, ``game`` with
``name``/``sourceGameId``/``bggId``/``highestWins``/``noPoints``, and ``players`` with
``name``, ``sourcePlayerId``, ``score``, ``winner``, ``rank``, ``startPlayer``,
``role``). One file is written per game, ready to open with the app.
"""

from __future__ import annotations

from companion.game import ScoreSheet

import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable, Sequence

from companion import games
from companion.errors import StorageError
from companion.i18n import format_moment, format_number

from ui import D

_, N_, ngettext = D.markers()

SOURCE_NAME = "Table companion"


def seat_names(summary: Any) -> list[str]:
    return [seat.name for seat in summary.seats]


def game_title(name: str) -> str:
    try:
        return games.title(name).render()
    except Exception:  # a game removed since: show its name
        return name


def when(iso: str | None) -> str:
    """An ISO time as the table reads it in its language (day and minute, local time)."""
    moment = _parse(iso)
    return format_moment(moment) if moment is not None else (iso or "")


def describe_summary(summary: Any) -> str:
    """"Mustang — Ann, Bob, Cy (22-11-2026 20:15)" for a stored game record (the date as
    the current language writes it)."""
    return "{game} — {players} ({when})".format(game=game_title(summary.game),
                                                 players=", ".join(seat_names(summary)),
                                                 when=when(summary.started_at))


def final_sheet(summary: Any) -> dict[str, Any]:
    """The stored score sheet (``ScoreSheet.to_json``) of a finished game record: players
    each with a whole-number ``player`` and ``total`` and a ``name``, and ``winners``. A
    record whose sheet is not that (a damaged row) gives ``{}``: the game is listed
    without scores and counts for no one."""
    final: dict[str, Any] = summary.final if isinstance(summary.final, dict) else {}
    sheet: Any = final.get("scores")
    return sheet if _is_sheet(sheet) else {}


def _is_sheet(sheet: Any) -> bool:
    def whole(value: Any) -> bool:
        return type(value) is int

    return isinstance(sheet, dict) and isinstance(sheet.get("players"), list) and \
        isinstance(sheet.get("winners", []), list) and all(whole(w) for w in sheet.get("winners", [])) and \
        all(isinstance(p, dict) and isinstance(p.get("name"), str) and whole(p.get("player")) and whole(p.get("total"))
            for p in sheet["players"])


def stored_sheet(summary: Any) -> ScoreSheet | None:
    """The score sheet of a finished game record, its texts rendered in the current
    language; ``None`` when the record's sheet cannot be read (a damaged row)."""
    final = summary.final if isinstance(summary.final, dict) else {}
    try:
        return ScoreSheet.from_record(final["sheet"])
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None


@dataclass
class PlayerRecord:
    """One player's record over the finished games (matched by name)."""

    name: str
    played: int = 0
    won: int = 0
    scores: list[int] = field(default_factory=list)

    @property
    def average(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def best(self) -> int:
        return max(self.scores, default=0)

    def cells(self) -> tuple[str, str, str, str, str]:
        """Name, games, wins, average (one decimal) and best, as the current language writes numbers."""
        return (self.name, format_number(self.played), format_number(self.won), format_number(self.average, 1),
                format_number(self.best))


def statistics(finished: Iterable[Any]) -> list[PlayerRecord]:
    """Per player: games, wins, average and best score; most wins first."""
    records: dict[str, PlayerRecord] = {}
    for summary in finished:
        final = final_sheet(summary)
        winners = set(final.get("winners", ()))
        for entry in final.get("players", ()):
            name = str(entry.get("name", ""))
            record = records.setdefault(name.casefold(), PlayerRecord(name))
            record.played += 1
            record.won += entry.get("player") in winners
            record.scores.append(int(entry.get("total", 0)))
    return sorted(records.values(), key=lambda r: (-r.won, -r.average, r.name.casefold()))


def ranks(standing: Sequence[tuple[bool, int]]) -> list[int]:
    """The rank of each ``(won, total)``: one more than the number of players ahead
    (winners before the others, then higher totals), so equal standings share a rank
    and the next one is skipped (1, 2, 2, 4)."""
    return [1 + sum(other > mine for other in standing) for mine in standing]


def bgstats_play(summary: Any, *, title: str | None = None) -> dict[str, Any]:
    """The BG Stats push-play object of one finished game."""
    final = final_sheet(summary)
    entries = final.get("players", [])
    winners = set(final.get("winners", ()))
    standing = [(int(e.get("player", 0)) in winners, int(e.get("total", 0))) for e in entries]
    dealer = int(getattr(summary, "dealer", 0) or 0)
    players = []
    for e, (_won, total), rank in zip(entries, standing, ranks(standing)):
        seat = int(e.get("player", 0))
        players.append({
            "name": str(e.get("name", "")),
            "sourcePlayerId": str(e.get("name", "")).casefold(),
            "score": total,
            "winner": seat in winners,
            "rank": rank,
            "startPlayer": seat == dealer,
            "role": "",
        })
    identity = games.get_game(summary.game).bgstats if summary.game in games.available() else None
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": str(summary.id),
        "playDate": _play_date(summary.started_at),
        "game": {"name": title or game_title(summary.game), "sourceGameId": summary.game,
                 "bggId": identity.bgg_id or 0 if identity else 0,
                 "highestWins": identity.highest_wins if identity else True, "noPoints": False},
        "players": players,
        "board": "",
        "location": "",
        "comments": final.get("tiebreak") or "",
    }
    minutes = _minutes(summary.started_at, summary.finished_at)
    if minutes is not None:
        play["durationMin"] = minutes
    return play


def export_bgstats(finished: Sequence[Any], directory: str | Path) -> list[Path]:
    """Write one BG Stats file per finished game into ``directory``; the paths written."""
    directory = Path(directory)
    written = []
    try:
        directory.mkdir(parents=True, exist_ok=True)
        for summary in finished:
            path = directory / f"bgstats-{summary.game}-{summary.id}.json"
            path.write_text(json.dumps(bgstats_play(summary), ensure_ascii=False, indent=2), encoding="utf-8")
            written.append(path)
    except OSError as err:
        raise StorageError(D.text("The games could not be exported to {path}: {detail}.",
                                  path=str(directory), detail=err.strerror or str(err))) from err
    return written


def _parse(iso: str | None) -> datetime | None:
    try:
        moment = datetime.fromisoformat(iso) if iso else None
    except ValueError:
        return None
    if moment is not None and moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment


def _play_date(iso: str | None) -> str:
    moment = _parse(iso)
    return moment.strftime("%Y-%m-%d %H:%M:%S") if moment else ""


def _minutes(start: str | None, end: str | None) -> int | None:
    a, b = _parse(start), _parse(end)
    if a is None or b is None:
        return None
    if (a.tzinfo is None) != (b.tzinfo is None):
        return None
    return max(0, round((b - a).total_seconds() / 60))
