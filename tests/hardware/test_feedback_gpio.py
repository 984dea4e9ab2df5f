"""Buttons, LED and buzzer on gpiozero's mock pins: the same device code as on a Pi."""

from __future__ import annotations

import threading
import time

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from companion.errors import HardwareError
from companion.inputs import ButtonPressed, InputQueue
from hardware.config import GpioConfig
from hardware.feedback import PATTERNS, Feedback

WAIT = 5.0


@pytest.fixture
def queue():
    return InputQueue()


@pytest.fixture
def feedback(queue):
    device = Feedback.from_config(GpioConfig(backend="mock"), queue)
    yield device
    device.close()


def pin(feedback, number):
    return feedback.pin_factory.pin(number)


def wait_for(condition, timeout=WAIT):
    """Poll ``condition`` on the LED's own clock (gpiozero threads) until it holds."""
    event = threading.Event()
    for _ in range(int(timeout / 0.01)):
        if condition():
            return True
        event.wait(0.01)
    return condition()


def test_pressing_the_confirm_pin_puts_button_pressed_on_the_queue(feedback, queue):
    pin(feedback, 5).drive_low()
    pin(feedback, 5).drive_high()
    items = queue.drain()
    assert [type(i) for i in items] == [ButtonPressed]
    assert items[0].name == "confirm" and items[0].at > 0


def test_press_goes_through_the_mock_pins(feedback, queue):
    feedback.press("undo")
    assert [i.name for i in queue.drain()] == ["undo"]
    assert feedback.button_pin("undo") is pin(feedback, 6)


def test_buttons_on_other_pins_follow_the_configuration(queue):
    device = Feedback.from_config(GpioConfig(confirm_button=23, undo_button=24), queue, simulate=True)
    try:
        device.pin_factory.pin(24).drive_low()
        device.pin_factory.pin(24).drive_high()
        assert [i.name for i in queue.drain()] == ["undo"]
    finally:
        device.close()


def test_a_release_alone_is_not_a_press(feedback, queue):
    pin(feedback, 5).drive_high()
    assert queue.drain() == []


def test_resting_patterns_set_the_led_pins(feedback):
    feedback.play("idle")
    assert feedback.led.value == PATTERNS["idle"].colour
    assert [pin(feedback, n).state for n in (17, 27, 22)] == pytest.approx(PATTERNS["idle"].colour)


def test_active_low_led_inverts_the_pin_levels(queue):
    device = Feedback.from_config(GpioConfig(led_active_high=False), queue, simulate=True)
    try:
        device.play("idle")
        levels = [device.pin_factory.pin(n).state for n in (17, 27, 22)]
        assert levels == pytest.approx([1 - c for c in PATTERNS["idle"].colour])
    finally:
        device.close()


def test_rejected_blinks_its_colour_and_beeps_then_returns_to_rest(feedback):
    feedback.play("idle")
    red = pin(feedback, 17)
    buzzer = pin(feedback, 18)
    red.clear_states()
    buzzer.clear_states()
    feedback.play("rejected")
    pattern = PATTERNS["rejected"]
    assert wait_for(lambda: sum(1 for s in buzzer.states if s.state) == pattern.beeps
                    and not buzzer.state)
    assert wait_for(lambda: feedback.led.value == PATTERNS["idle"].colour)
    lit = [s.state for s in red.states if s.state == pytest.approx(pattern.colour[0])]
    assert len(lit) == pattern.blinks
    assert feedback.resting == "idle"


def test_patterns_differ_in_more_than_colour():
    signatures = {(p.on_time, p.off_time, p.blinks, p.fade, p.beeps, p.beep_on) for p in PATTERNS.values()}
    assert len(signatures) == len(PATTERNS)
    assert len({p.colour for p in PATTERNS.values()}) == len(PATTERNS)
    assert set(PATTERNS) == {"accepted", "rejected", "your_turn", "event", "idle", "offline"}


def test_a_resting_pattern_replaces_a_short_one(feedback):
    feedback.play("accepted")
    feedback.play("offline")
    assert feedback.resting == "offline"
    assert wait_for(lambda: feedback.led.value == PATTERNS["offline"].colour)


def test_play_returns_before_the_pattern_ends(feedback):
    pattern = PATTERNS["event"]
    red = pin(feedback, 17)
    red.clear_states()
    began = time.monotonic()
    feedback.play("event")
    returned = time.monotonic() - began
    assert returned < pattern.blinks * (pattern.on_time + pattern.off_time)   # the pattern runs behind
    # the blinking thread sets the first state once it runs: on a busy machine that can
    # be after play() returned, so its first change is awaited, for at most a blink
    deadline = time.monotonic() + pattern.on_time + pattern.off_time
    while len(red.states) < 2 and time.monotonic() < deadline:
        time.sleep(0.005)
    changes = red.states[1:]   # after the state it had when cleared
    assert changes and changes[0].state == pytest.approx(pattern.colour[0])   # its first blink is on


def test_unknown_pattern_is_refused(feedback):
    with pytest.raises(HardwareError) as err:
        feedback.play("fanfare")
    assert "accepted" in err.value.text.render("en")


def test_probe_lists_every_part(feedback):
    parts = feedback.probe_parts()
    assert [r.device for r in parts] == ["confirm_button", "undo_button", "led", "buzzer"]
    assert all(r.ok for r in parts)
    assert parts[0].details == {"pin": 5, "simulated": True, "pressed": False}
    assert feedback.probe().ok


def test_a_stuck_button_is_reported_as_pressed(feedback):
    pin(feedback, 6).drive_low()
    report = feedback.probe_parts()[1]
    assert report.details["pressed"] is True
    assert "short to ground" in report.message.render("en")
    pin(feedback, 6).drive_high()


def test_a_part_that_cannot_open_is_reported_and_the_rest_works(queue):
    factory = MockFactory(pin_class=MockPin)  # no PWM: the RGB LED cannot open
    device = Feedback(GpioConfig(), queue, pin_factory=factory)
    try:
        assert device.led is None
        report = device.probe()
        assert not report.ok and "led" in report.message.render("en")
        device.play("accepted")  # without an LED the buzzer still sounds
        device.press("confirm")
        assert [i.name for i in queue.drain()] == ["confirm"]
    finally:
        device.close()


def test_without_gpio_every_part_is_reported_and_nothing_raises(queue):
    device = Feedback.from_config(GpioConfig(backend="native"), queue)
    try:
        if not device.errors:
            pytest.skip("this machine has GPIO pins")
        report = device.probe()
        assert not report.ok
        assert all(not r.ok and "gpio group" in r.message.render("en") for r in device.probe_parts())
        device.play("accepted")  # nothing to light, nothing raised
        with pytest.raises(HardwareError):
            device.press("confirm")
    finally:
        device.close()
