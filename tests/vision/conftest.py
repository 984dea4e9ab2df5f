"""Shared fixtures: decks taught once per session from the rendered faces."""

from __future__ import annotations

import pytest

from vision.bench import taught
from vision.model import DeckModel


@pytest.fixture(scope="session")
def mustang_model() -> DeckModel:
    return taught("mustang")


@pytest.fixture(scope="session")
def standard_model() -> DeckModel:
    return taught("standard")
