"""The errors card vision raises, all under :class:`companion.errors.VisionError`."""

from __future__ import annotations

from companion.errors import VisionError


class UnknownDeck(VisionError):
    """A deck name or card id that the deck does not have."""


class ModelFileError(VisionError):
    """A deck model file is missing, unreadable or not a deck model."""


class ImageError(VisionError):
    """An image could not be read or has no usable content."""


class CalibrationError(VisionError):
    """The play zone could not be found or its corners make no sense."""


class EnrolmentError(VisionError):
    """Teaching a deck could not be completed (missing cards, unreadable references)."""
