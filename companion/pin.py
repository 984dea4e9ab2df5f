"""The admin PIN: kept as a salted scrypt hash, and wrong tries slowed down.

The settings file holds ``admin_pin = "scrypt$16384$8$1$<salt>$<hash>"`` (salt and hash
in base64): reading the file does not give the PIN away. A file of an earlier version
holds the PIN in digits (``admin_pin = "1234"``); it still works and is hashed the next
time the settings are saved. The factory PIN ``0000`` (printed in the docs) is the
default and is written only once changed.

:class:`PinGuard` refuses tries for a while after :data:`FREE_TRIES` wrong ones in a row,
doubling the wait with each further wrong one, so the four digits cannot be tried
one after another at the table.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import time
from typing import Callable

DEFAULT_PIN = "0000"
PLAIN = re.compile(r"[0-9]{4,8}")
HASHED = re.compile(r"scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)")
COST = (2 ** 14, 8, 1)
"""scrypt's n, r and p: about 16 MiB and a tenth of a second on a Raspberry Pi 4."""

FREE_TRIES = 3
FIRST_WAIT = 30.0
LONGEST_WAIT = 15 * 60.0


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    """The stored form of ``pin`` (digits), with a fresh random salt unless one is given."""
    salt = os.urandom(16) if salt is None else salt
    n, r, p = COST
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=32)
    return f"scrypt${n}${r}${p}${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"


def is_stored_pin(value: str) -> bool:
    """Whether ``value`` is a PIN as the settings file may hold it: digits or a hash."""
    return bool(PLAIN.fullmatch(value) or HASHED.fullmatch(value))


def pin_matches(stored: str, typed: str) -> bool:
    """Whether ``typed`` is the PIN ``stored`` (a hash, or the digits of an older file)."""
    found = HASHED.fullmatch(stored)
    if found is None:
        return hmac.compare_digest(stored.encode(), typed.encode())
    n, r, p = (int(v) for v in found.groups()[:3])
    salt, digest = base64.b64decode(found[4]), base64.b64decode(found[5])
    try:
        again = hashlib.scrypt(typed.encode(), salt=salt, n=n, r=r, p=p, maxmem=256 * 1024 * 1024,
                               dklen=len(digest))
    except ValueError:  # a cost this machine cannot pay: not a hash we wrote
        return False
    return hmac.compare_digest(again, digest)


class PinGuard:
    """Counts wrong tries and says how long the next one must wait.

    ``clock`` gives seconds (monotonic); tests pass their own.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._wrong = 0
        self._until = 0.0

    def wait(self) -> float:
        """Seconds before a PIN may be tried again (0: now)."""
        return max(0.0, self._until - self._clock())

    def check(self, stored: str, typed: str) -> bool:
        """Try ``typed`` against ``stored``. A try during a wait counts as wrong without
        being checked; a right one clears the count."""
        if self.wait() == 0 and pin_matches(stored, typed):
            self._wrong, self._until = 0, 0.0
            return True
        self._wrong += 1
        if self._wrong >= FREE_TRIES:
            delay = min(FIRST_WAIT * 2 ** (self._wrong - FREE_TRIES), LONGEST_WAIT)
            self._until = self._clock() + delay
        return False
