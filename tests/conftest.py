"""The whole suite's collection: the touchscreen tests (``tests/ui``) run one after
another on one worker when the suite runs on several (``scripts/test`` runs it with
pytest-xdist, ``--dist loadgroup``): each starts the app under one shared Xvfb screen and
steps it against the clock, so they must not compete with each other for the cores."""

from __future__ import annotations

from pathlib import Path

import pytest

UI = Path(__file__).parent / "ui"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if UI in item.path.parents:
            item.add_marker(pytest.mark.xdist_group("ui"))
