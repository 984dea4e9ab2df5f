"""The [rfid] configuration dataclasses refuse what cannot work, naming the key."""

from __future__ import annotations

import pytest

from companion.errors import ConfigError
from hardware.rfid.settings import ReaderConfig, RfidConfig


def test_defaults_are_one_reader_on_spi0_ce0():
    config = RfidConfig()
    assert config.backend == "mfrc522" and config.removal_misses == 2
    assert config.readers == (ReaderConfig("main", 0, 0, 25, None),)


@pytest.mark.parametrize("changes, word", [
    (dict(backend="pn532"), "pn532"),
    (dict(poll_interval=0), "poll_interval"),
    (dict(removal_misses=1), "every other poll"),
    (dict(readers=()), "[[rfid.readers]]"),
    (dict(readers=(ReaderConfig("a"), ReaderConfig("a", device=1))), "zone a"),
    (dict(readers=(ReaderConfig("a"), ReaderConfig("b"))), "chip select 0"),
])
def test_bad_rfid_settings_are_refused(changes, word):
    with pytest.raises(ConfigError) as refused:
        RfidConfig(**changes)
    assert word in refused.value.text.render("en")
    assert refused.value.text.render("nl") != refused.value.text.render("en")


@pytest.mark.parametrize("changes, word", [
    (dict(zone=""), "zone"),
    (dict(device=-1), "device"),
    (dict(reset_pin=28), "reset_pin"),
    (dict(irq_pin=True), "irq_pin"),
])
def test_bad_reader_settings_are_refused(changes, word):
    with pytest.raises(ConfigError) as refused:
        ReaderConfig(**changes)
    assert word in refused.value.text.render("en")


def test_several_boards_may_share_a_reset_pin():
    config = RfidConfig(readers=(ReaderConfig("a", device=0), ReaderConfig("b", device=1)))
    assert {r.reset_pin for r in config.readers} == {25}
