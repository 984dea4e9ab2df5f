"""Mustang's rule options: where the rulebooks are silent or disagree, the table chooses.

Defaults follow ``shared/rulings/mustang.md``; the explanation of each value names the
rulebook text it follows.
"""

from __future__ import annotations

from companion.game import OptionKind, RuleOption
from companion.games.mustang.texts import t

EVENT_DECKS: dict[str, tuple[str, ...]] = {
    "standard": ("rotten_fence", "indians", "heavy_rain", "birth", "sunshine", "sunshine"),
    "five": ("rotten_fence", "indians", "heavy_rain", "birth", "sunshine"),
}

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "exchange_draws_two", OptionKind.BOOL, False,
        t("Exchange always draws two"),
        t("Off: draw as many cards as you gave back (French rules). "
          "On: always draw two, so a hand can grow past six (Dutch rules)."),
    ),
    RuleOption(
        "birth_to", OptionKind.CHOICE, "corral",
        t("Where a born foal goes"),
        t("The foal of a Birth event goes to the corral (Dutch rules) or to the stable (French rules)."),
        {"corral": t("To the corral (Dutch rules)"), "stable": t("To the stable (French rules)")},
    ),
    RuleOption(
        "end_when", OptionKind.CHOICE, "kind_exhausted",
        t("When a kind runs out"),
        t("The game ends when a kind has no stack and no face-up horse left, or as soon as its stack is empty."),
        {"kind_exhausted": t("Stack empty and none face up"), "stack_empty": t("Stack empty")},
    ),
    RuleOption(
        "family_bonus_where", OptionKind.CHOICE, "stable",
        t("Where a family scores +7"),
        t("A complete family of one colour scores +7 in the stable only (French rules) or anywhere (Dutch rules)."),
        {"stable": t("In the stable (French rules)"), "anywhere": t("Stable and corral (Dutch rules)")},
    ),
    RuleOption(
        "specials_count_as_kind", OptionKind.BOOL, False,
        t("Specials count as stallion and mare"),
        t("On: the Black Prince counts as a stallion and the Snow-White Mare as a mare for the herd, Birth and ties."),
    ),
    RuleOption(
        "event_deck", OptionKind.CHOICE, "standard",
        t("Event deck"),
        t("The sixth event card is not named in the rulebooks: by default it is a second Sunshine."),
        {"standard": t("The five events and a second Sunshine"), "five": t("The five named events only")},
    ),
    RuleOption(
        "defence_seconds", OptionKind.CHOICE, 45,
        t("Time to defend a steal"),
        t("How long the robbed owner has to lay a defence before the screen lets the horse go. "
          "Neither rulebook sets a limit."),
        {0: t("No time limit: the owner defends or lets the horse go (no rulebook sets a limit)"),
         **{s: t("{n} seconds, then the horse goes to the thief (a table rule)", n=s) for s in (30, 45, 60, 90)}},
    ),
)
"""The options in settings order. ``defence_seconds`` is declared for the screen (the
engine has no clock): the owner sees a countdown (45 s by default, so a game never
stalls on an undecided defence); 0 means the owner is never hurried."""
