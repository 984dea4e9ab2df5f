"""Scoring a game of Mustang: horses, colour bonuses, the end bonus and the tie-break.

:func:`score_holdings` scores any set of holdings, so the app can also score a game it
did not referee (players scan the horses in their stables and corrals).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from companion.game import PlayerScore, ScoreLine, ScoreSheet
from companion.games.mustang.cards import COLOURS
from companion.games.mustang.horses import HORSES, SPECIALS, HorseKind, counts_as
from companion.games.mustang.texts import COLOUR_NAMES, N_, t
from companion.i18n import Text

if TYPE_CHECKING:
    from companion.games.mustang.state import MustangState

FAMILY_BONUS = 7
PAIR_BONUS = 2
END_BONUS = 3


@dataclass(frozen=True)
class Holdings:
    """What one player holds at the end: token ids in the corral and in the stable."""

    name: str
    corral: tuple[str, ...] = ()
    stable: tuple[str, ...] = ()


_KIND_LINES = (
    (HorseKind.SPECIAL, "specials", "Black Prince / Snow-White Mare"),
    (HorseKind.STALLION, "stallions", "Stallions"),
    (HorseKind.MARE, "mares", "Mares"),
    (HorseKind.FOAL, "foals", "Foals"),
)
_KIND_LABELS = (t("Black Prince / Snow-White Mare"), t("Stallions"), t("Mares"), t("Foals"))


def _count(tokens: Sequence[str], kind: HorseKind, colour: str | None = None) -> int:
    return sum(1 for h in tokens if HORSES[h].kind is kind and (colour is None or HORSES[h].colour == colour))


def score_player(seat: int, holding: Holdings, options: Mapping[str, object], end_bonus: bool) -> PlayerScore:
    everything = tuple(holding.corral) + tuple(holding.stable)
    lines: list[ScoreLine] = []
    for (kind, key, _), label in zip(_KIND_LINES, _KIND_LABELS):
        n = _count(everything, kind)
        if n:
            lines.append(ScoreLine(key, label, n * kind.points, n))
    family_pool = everything if options.get("family_bonus_where") == "anywhere" else tuple(holding.stable)
    for colour in COLOURS:
        name = t(COLOUR_NAMES[colour])
        if (_count(family_pool, HorseKind.STALLION, colour) >= 1 and _count(family_pool, HorseKind.MARE, colour) >= 2
                and _count(family_pool, HorseKind.FOAL, colour) >= 3):
            lines.append(ScoreLine(f"family-{colour}", t("Complete family: {colour}", colour=name), FAMILY_BONUS))
        elif _count(holding.stable, HorseKind.STALLION, colour) and _count(holding.stable, HorseKind.MARE, colour):
            lines.append(ScoreLine(f"pair-{colour}", t("Stallion and mare in the stable: {colour}", colour=name),
                                   PAIR_BONUS))
    if end_bonus:
        lines.append(ScoreLine("end-bonus", t("Ended the game"), END_BONUS))
    return PlayerScore(seat, holding.name, sum(line.points for line in lines), tuple(lines))


def score_holdings(holdings: Sequence[Holdings], options: Mapping[str, object] | None = None,
                   end_bonus: int | None = None) -> ScoreSheet:
    """Score every player; ``end_bonus`` is the seat that ended the game (+3), if any.

    Ties: a player holding the Black Prince or the Snow-White Mare wins; still tied, most
    stallions in the stable, then mares, then foals; still tied, a shared win. The sheet's
    ``tiebreak`` explains the whole chain: every rule that put someone out of the tie,
    then who won it (or shares the win).
    """
    options = dict(options or {})
    specials = bool(options.get("specials_count_as_kind", False))
    players = tuple(score_player(seat, h, options, seat == end_bonus) for seat, h in enumerate(holdings))
    best = max(p.total for p in players)
    tied = [p.player for p in players if p.total == best]
    if len(tied) == 1:
        return ScoreSheet(players, tuple(tied))

    def names(seats: Sequence[int]) -> str:
        return ", ".join(holdings[s].name for s in seats)

    rules: tuple[tuple[Callable[[int], int], str], ...] = (
        (lambda s: int(any(h in SPECIALS for h in holdings[s].corral + holdings[s].stable)),
         N_("Tie-break, Black Prince or Snow-White Mare: {names} ahead of {out}.")),
        (lambda s: sum(counts_as(h, HorseKind.STALLION, specials) for h in holdings[s].stable),
         N_("Tie-break, stallions in the stable: {names} ({count}) ahead of {out}.")),
        (lambda s: sum(counts_as(h, HorseKind.MARE, specials) for h in holdings[s].stable),
         N_("Tie-break, mares in the stable: {names} ({count}) ahead of {out}.")),
        (lambda s: _count(holdings[s].stable, HorseKind.FOAL),
         N_("Tie-break, foals in the stable: {names} ({count}) ahead of {out}.")),
    )
    steps: list[Text] = []
    for key, msgid in rules:
        if len(tied) == 1:
            break
        top = max(key(s) for s in tied)
        ahead = [s for s in tied if key(s) == top]
        if len(ahead) < len(tied):
            steps.append(t(msgid, names=names(ahead), count=top, out=names([s for s in tied if s not in ahead])))
            tied = ahead
    result = (t("{name} wins the tie.", name=names(tied)) if len(tied) == 1
              else t("Still tied after every tie-break: {names} share the win.", names=names(tied)))
    explanation = result
    for step in reversed(steps):
        explanation = t("{step} {then}", step=step, then=explanation)
    return ScoreSheet(players, tuple(tied), explanation)


def score_state(state: MustangState) -> ScoreSheet:
    """The score sheet of a :class:`~.state.MustangState` (final once the game is over)."""
    holdings = [Holdings(seat.name, tuple(p.corral), tuple(p.stable)) for seat, p in zip(state.seats, state.players)]
    bonus = state.end.bonus if state.end is not None else None
    return score_holdings(holdings, state.options, bonus)
