"""The 47 horse tokens.

Black Prince and Snow-White Mare (no colour), and per colour 2 stallions, 3 mares and
4 foals. Token ids are stable strings the RFID registry stores: ``"black-prince"``,
``"snow-white-mare"``, ``"stallion-red-1"``, ``"mare-blue-3"``, ``"foal-purple-4"``.
The five colours carry the same names as the card colours; a table may label them
differently at enrolment.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from companion.games.mustang.cards import COLOURS, ComboKind

BLACK_PRINCE = "black-prince"
SNOW_WHITE_MARE = "snow-white-mare"
SPECIALS: tuple[str, ...] = (BLACK_PRINCE, SNOW_WHITE_MARE)


class HorseKind(enum.Enum):
    STALLION = "stallion"
    MARE = "mare"
    FOAL = "foal"
    SPECIAL = "special"

    @property
    def combination(self) -> ComboKind:
        """The combination that catches or steals a horse of this kind."""
        return _COMBO[self]

    @property
    def points(self) -> int:
        return _POINTS[self]


_COMBO = {HorseKind.FOAL: ComboKind.PAIR, HorseKind.MARE: ComboKind.TRIO,
          HorseKind.STALLION: ComboKind.QUARTET, HorseKind.SPECIAL: ComboKind.ROYAL_STRAIGHT}
_POINTS = {HorseKind.SPECIAL: 5, HorseKind.STALLION: 3, HorseKind.MARE: 2, HorseKind.FOAL: 1}

STACK_KINDS: tuple[HorseKind, ...] = (HorseKind.STALLION, HorseKind.MARE, HorseKind.FOAL)
"""The kinds that have a face-down stack, in the order the prairie shows them."""

PER_COLOUR: dict[HorseKind, int] = {HorseKind.STALLION: 2, HorseKind.MARE: 3, HorseKind.FOAL: 4}


@dataclass(frozen=True)
class Horse:
    id: str
    kind: HorseKind
    colour: str | None


def _catalogue() -> dict[str, Horse]:
    horses = {BLACK_PRINCE: Horse(BLACK_PRINCE, HorseKind.SPECIAL, None),
              SNOW_WHITE_MARE: Horse(SNOW_WHITE_MARE, HorseKind.SPECIAL, None)}
    for kind in STACK_KINDS:
        for colour in COLOURS:
            for n in range(1, PER_COLOUR[kind] + 1):
                token = f"{kind.value}-{colour}-{n}"
                horses[token] = Horse(token, kind, colour)
    return horses


HORSES: dict[str, Horse] = _catalogue()
"""Every token by id: 2 specials + 10 stallions + 15 mares + 20 foals = 47."""


def horse(token: str) -> Horse | None:
    return HORSES.get(token)


def tokens_of(kind: HorseKind) -> list[str]:
    return [h.id for h in HORSES.values() if h.kind is kind]


def counts_as(token: str, kind: HorseKind, specials_count: bool) -> bool:
    """Whether ``token`` counts as ``kind`` for the stable herd, birth and tie-breaks.

    With ``specials_count`` the Black Prince counts as a stallion and the Snow-White
    Mare as a mare.
    """
    h = HORSES[token]
    if h.kind is kind:
        return True
    if specials_count:
        return (token == BLACK_PRINCE and kind is HorseKind.STALLION) or (
            token == SNOW_WHITE_MARE and kind is HorseKind.MARE)
    return False
