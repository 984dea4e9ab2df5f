"""Bumerang's rule options: where the Dutch rulebook and the 1976 rules differ, or are
silent, the table chooses. Defaults follow ``shared/rulings/bumerang.md``.

Also the material table of the rulings: stones per player and the prisoners needed to
win, by player count.
"""

from __future__ import annotations

from companion.game import OptionKind, RuleOption
from companion.games.bumerang.texts import t

STONES: dict[int, int] = {2: 9, 3: 9, 4: 8, 5: 7}
"""Stones each player takes as supply, by player count (2 only with ``two_player``)."""

TARGET: dict[int, int] = {3: 8, 4: 7, 5: 6}
"""Prisoners needed to win (B12); the two-player game has no target."""

TWO_PLAYER_LIMIT = 2
"""With ``two_player``, a player whose stones on the board and in supply fall to this
many or fewer loses at once."""

MAX_CHAIN = 3
"""At most this many captures per turn (B6)."""

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "two_player", OptionKind.BOOL, False,
        t("Two-player game"),
        t("On: two players with 9 stones each and no prisoner target; a player left with 2 stones or fewer loses "
          "(the re-issue's description). Off: 3 to 5 players as the rulebook says."),
    ),
    RuleOption(
        "first_player", OptionKind.CHOICE, "chosen",
        t("Start player"),
        t("The start player is the one chosen on the screen, or drawn at random."),
        {"chosen": t("Chosen on the screen"), "random": t("Drawn at random")},
    ),
    RuleOption(
        "capture_on_arrival", OptionKind.BOOL, False,
        t("Capture on arrival"),
        t("Off: capturing is an action at the start of a turn; a stone placed or moved next to an enemy captures on "
          "the next turn (1976 rules). On: a stone just placed or moved captures at once if it can."),
    ),
    RuleOption(
        "chain_capture", OptionKind.CHOICE, "may",
        t("Further captures in a chain"),
        t("After a capture the same stone may (rulebook) or must (1976 rules) capture again, at most 3 captures per "
          "turn."),
        {"may": t("May capture again (rulebook)"), "must": t("Must capture again (1976 rules)")},
    ),
    RuleOption(
        "missed_capture", OptionKind.CHOICE, "auto",
        t("A missed capture"),
        t("When a player who had to capture does something else: the referee removes the stones that could have "
          "captured at once, only when another player claims it, or refuses the action (teaching)."),
        {"auto": t("The referee fines at once"), "claim": t("Fined when another player claims it"),
         "reject": t("Refused (teaching)")},
    ),
    RuleOption(
        "extra_turn_capture_duty", OptionKind.BOOL, True,
        t("Capture duty in extra turns"),
        t("On: the capture duty also holds in the extra turns a trio earns. Off: an extra turn may ignore possible "
          "captures."),
    ),
)
