"""What the LED and buzzer tell the table (no display needed): the game's verdicts,
whose turn it is, an event card revealed, and a device gone offline. The table plays
on the simulated hardware, so the real Feedback device runs on gpiozero's mock pins."""

from __future__ import annotations

import time

import pytest

from companion.game import Chance, Seat
from companion.inputs import DeviceStatus
from hardware.manager import Hardware
from referee.services import open_services
from referee.table import Table


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_STATE", str(tmp_path / "state"))
    config = tmp_path / "config.toml"
    config.write_text('[app]\ndatabase = "{}"\n'.format(tmp_path / "games.db"))
    services = open_services(simulate=True, config_path=config, start_hardware=False)
    services.hardware = Hardware.from_config(services.config, services.queue, simulate=True)
    played: list[str] = []
    gpio = services.hardware.gpio
    real_play = gpio.play

    def play(name: str) -> None:
        played.append(name)
        real_play(name)

    gpio.play = play
    table = Table(services)
    table.played = played
    yield table
    services.close()


def _step(table: Table):
    referee = table.referee
    if isinstance(referee.pending, Chance):
        return table.simulate_chance()
    return table.submit(referee.bot_action())


def test_each_new_turn_pulses_and_each_verdict_flashes(table):
    table.start("mustang", [Seat("Ann"), Seat("Bob")], seed=4)
    assert table.played == ["idle"]  # the horses to turn face up are scanned first
    while isinstance(table.referee.pending, Chance):
        table.simulate_chance()
    assert table.played[-2:] == ["your_turn", "accepted"]
    assert table.services.hardware.gpio.resting == "your_turn"
    table.played.clear()
    players, last = set(), table.referee.pending.player
    for _ in range(12):
        verdict = _step(table)
        assert verdict.accepted and table.played[-1] in ("accepted", "event")
        now = getattr(table.referee.pending, "player", None)
        if now is None:  # a horse or an event card is to be scanned: the table waits
            assert table.services.hardware.gpio.resting == "idle"
        elif now != last:
            assert "your_turn" in table.played and table.services.hardware.gpio.resting == "your_turn"
            players.add(now)
            last = now
        table.played.clear()
    assert len(players) == 2


def test_an_illegal_move_is_rejected_in_light_and_sound(table):
    table.start("mustang", [Seat("Ann"), Seat("Bob")], seed=4)
    table.played.clear()
    game = table.referee.game
    verdict = table.submit(game.action_from_json({"type": "stable", "horse": "black-prince"}))  # not in her corral
    assert not verdict.accepted
    assert table.played == ["rejected"]


def test_a_revealed_event_has_its_own_signal(table):
    table.start("mustang", [Seat("Ann"), Seat("Bob"), Seat("Cy")], seed=2)
    for _ in range(2000):
        before = table.announcements()
        table.played.clear()
        _step(table)
        if table.announcements() > before:
            break
    else:
        pytest.fail("no event card was revealed")
    assert "event" in table.played and "accepted" not in table.played


def test_a_reader_going_offline_and_back_changes_the_resting_light(table):
    table.start("mustang", [Seat("Ann"), Seat("Bob")], seed=4)
    while isinstance(table.referee.pending, Chance):
        table.simulate_chance()
    gpio = table.services.hardware.gpio
    table.services.note_status(DeviceStatus("rfid:main", False, "unplugged", at=time.monotonic()))
    table.signal()
    assert gpio.resting == "offline"
    table.services.note_status(DeviceStatus("rfid:main", True, "back", at=time.monotonic()))
    table.signal()
    assert gpio.resting == "your_turn"
    table.leave()
    assert gpio.resting == "idle"
