"""What a player 60 cm from the 7" screen needs: text of at least 22 px (names 38 px)
and a contrast of at least 4.5:1 for text on every ground the app paints."""

from __future__ import annotations

import pytest

from ui import theme

GROUNDS = {name: getattr(theme, name) for name in ("BACKGROUND", "SURFACE", "SURFACE_HIGH", "ACCENT", "DANGER",
                                                   "WARNING", "OK")} | theme.COLOURS


@pytest.mark.parametrize("name", sorted(GROUNDS))
def test_text_on_every_ground_contrasts_at_least_4_5(name):
    ground = GROUNDS[name]
    assert theme.contrast(theme.text_on(ground), ground) >= 4.5


@pytest.mark.parametrize("ink", ["TEXT", "TEXT_DIM"])
@pytest.mark.parametrize("ground", ["BACKGROUND", "SURFACE", "SURFACE_HIGH"])
def test_text_and_dim_text_read_on_the_dark_grounds(ink, ground):
    assert theme.contrast(getattr(theme, ink), getattr(theme, ground)) >= 4.5


def test_the_rejection_banner_reads_as_well_as_the_others():
    """The "Not allowed" banner had white on vermillion, 3.9:1."""
    assert theme.contrast(theme.text_on(theme.DANGER), theme.DANGER) >= 4.5
    assert theme.text_on(theme.DANGER) == theme.BLACK


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_body_text_and_names_are_large_enough(size):
    m = theme.metrics(*size)
    assert m.font >= 22 and m.font_huge >= 38 and m.touch >= 48


def test_contrast_is_the_wcag_ratio():
    assert theme.contrast(theme.BLACK, theme.WHITE) == pytest.approx(21)
    assert theme.contrast(theme.WHITE, theme.WHITE) == pytest.approx(1)
