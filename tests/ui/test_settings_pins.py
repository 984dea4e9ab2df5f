"""The settings screen's pin steppers skip the pins the settings file would refuse
(no display needed)."""

from __future__ import annotations

from hardware.config import Config, gpio_pin_choices
from ui.screens.settings import neighbours


def test_a_stepper_skips_pins_taken_by_other_parts_and_by_the_spi_bus():
    config = Config()
    choices = gpio_pin_choices(config, "led_red")
    lower, higher = neighbours(choices, config.gpio.led_red)
    assert lower < config.gpio.led_red < higher
    taken = {getattr(config.gpio, key) for key in ("confirm_button", "undo_button", "led_green", "led_blue", "buzzer")}
    spi0 = {7, 8, 9, 10, 11}
    for pin in (lower, higher):
        assert pin not in taken | spi0
    assert not [p for p in choices if lower < p < higher and p != config.gpio.led_red]


def test_a_stepper_stops_at_the_ends():
    assert neighbours([2, 3, 4], 2) == (2, 3)
    assert neighbours([2, 3, 4], 4) == (3, 4)
