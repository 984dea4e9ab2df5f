"""Errors of RFID reading and token enrolment, each carrying a translatable message."""

from __future__ import annotations

from companion.errors import CompanionError, HardwareError


class TagNotPresent(HardwareError):
    """A tag operation found no tag (or another tag than expected) on the reader."""


class TagOperationFailed(HardwareError):
    """A tag was present but refused or garbled a read, a write or the key."""


class TokenError(CompanionError):
    """An enrolment cannot be made or a tag does not name a token."""


class DuplicateEnrolment(TokenError):
    """The tag is already enrolled, or the token already has a tag."""


class UnknownTag(TokenError):
    """A tag that is not enrolled as a token of the game; ``uid`` names it."""

    def __init__(self, text, uid: str) -> None:
        self.uid = uid
        super().__init__(text)
