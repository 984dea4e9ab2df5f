"""``companion hardware check`` and the hardware manager behind it."""

from __future__ import annotations

import json

import pytest

from companion import cli
from companion.i18n import set_language
from companion.inputs import ButtonPressed, InputQueue
from hardware.camera import SyntheticCamera
from hardware.config import load_config
from hardware.manager import Hardware

GPIO_PARTS = ["confirm_button", "undo_button", "led", "buzzer"]


@pytest.fixture(autouse=True)
def table_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("COMPANION_STATE", str(tmp_path / "state"))
    yield tmp_path
    set_language("en")


def check(capsys, *args: str) -> tuple[int, str]:
    status = cli.main([*args[:args.index("hardware")], "hardware", "check", "--camera-seconds", "0.3",
                       *args[args.index("hardware") + 1:]])
    return status, capsys.readouterr().out


def test_simulated_check_lists_every_device_ok(capsys):
    status, out = check(capsys, "hardware", "--simulate", "--json")
    report = json.loads(out)
    assert status == 0 and report["ok"] and report["simulated"]
    devices = {d["device"]: d for d in report["devices"]}
    assert all(d["ok"] for d in report["devices"]), [d for d in report["devices"] if not d["ok"]]
    assert {"config", "camera", *GPIO_PARTS} <= set(devices)
    assert [d["kind"] for d in report["devices"]].count("rfid") >= 1
    camera = devices["camera"]["details"]
    assert (camera["width"], camera["height"], camera["backend"]) == (640, 480, "synthetic")
    assert camera["fps"] > 0


def test_the_global_simulate_flag_also_simulates(capsys):
    status, out = check(capsys, "--simulate", "hardware", "--json")
    assert status == 0 and json.loads(out)["simulated"]


def test_a_failing_device_gives_exit_status_1_and_says_which(capsys, table_dirs):
    (table_dirs / "config.toml").write_text(
        f"[camera]\nbackend = 'replay'\npath = '{table_dirs / 'no-such-recording'}'\n"
        "[rfid]\nbackend = 'simulated'\n[gpio]\nbackend = 'mock'\n")
    status, out = check(capsys, "--lang", "en", "hardware")
    lines = out.splitlines()
    assert status == 1
    assert [line.split()[0] for line in lines if line.split()[1] == "camera"] == ["FAILED"]
    assert "no-such-recording does not exist" in out
    assert all(line.startswith("ok ") for line in lines[:-1] if line.split()[1] != "camera")
    assert lines[-1] == "1 device does not work."


def test_lines_are_in_the_configured_language(capsys, table_dirs):
    (table_dirs / "config.toml").write_text("[app]\nlanguage = 'fr'\n")
    status, out = check(capsys, "--simulate", "hardware")
    assert status == 0
    assert "Paramètres lus dans" in out and out.splitlines()[-1] == "Tout fonctionne."


def test_lang_option_wins_over_the_configured_language(capsys, table_dirs):
    (table_dirs / "config.toml").write_text("[app]\nlanguage = 'fr'\n")
    status, out = check(capsys, "--lang", "nl", "--simulate", "hardware")
    assert out.splitlines()[-1] == "Alles werkt."


def test_a_corrupt_settings_file_fails_the_check_but_the_devices_are_still_checked(capsys, table_dirs):
    (table_dirs / "config.toml").write_text("[gpio\nbuzzer = 18\n")
    status, out = check(capsys, "--simulate", "hardware", "--json")
    devices = json.loads(out)["devices"]
    assert status == 1
    assert [d["device"] for d in devices if not d["ok"]] == ["config"]
    assert "not a valid settings file" in devices[0]["message"] or "geen geldig" in devices[0]["message"]
    assert {"camera", *GPIO_PARTS} <= {d["device"] for d in devices}


def test_simulated_hardware_delivers_button_presses_and_cards():
    queue = InputQueue()
    hardware = Hardware.from_config(load_config(), queue, simulate=True, deck="mustang")
    try:
        hardware.start()
        assert hardware.failures == []
        hardware.press("confirm")
        assert ButtonPressed in [type(i) for i in queue.drain()]
        assert hardware.button_pin("undo") is hardware.gpio.buttons["undo"].pin
        camera = hardware.synthetic_camera
        assert isinstance(camera, SyntheticCamera) and camera.deck == "mustang" and camera.markers
        camera.set_cards(["green-3"])
        assert camera.wait_frame(timeout=5) is not None
        hardware.feedback("accepted")
        assert hardware.simulated_table() is not None
    finally:
        hardware.close()


def test_a_device_that_fails_to_open_is_reported_not_fatal(monkeypatch):
    def broken(*args, **kwargs):
        raise OSError("SPI bus 0 is not enabled")

    monkeypatch.setattr("hardware.rfid.open_readers", broken)
    hardware = Hardware.from_config(load_config(), InputQueue(), simulate=True)
    try:
        reports = hardware.probe(camera_seconds=0.2)
        assert hardware.readers == [] and hardware.camera is not None and hardware.gpio is not None
        assert reports[0].device == "rfid" and not reports[0].ok
        assert "SPI bus 0 is not enabled" in reports[0].message.render("en")
        assert all(r.ok for r in reports[1:])
    finally:
        hardware.close()


def test_a_probe_that_breaks_is_a_failing_device(monkeypatch):
    hardware = Hardware.from_config(load_config(), InputQueue(), simulate=True)

    def broken_probe(**kwargs):
        raise RuntimeError("driver crashed")

    monkeypatch.setattr(hardware.camera, "probe", broken_probe)
    try:
        reports = {r.device: r for r in hardware.probe()}
        assert not reports["camera"].ok
        assert "driver crashed" in reports["camera"].message.render("en")
        assert reports["led"].ok
    finally:
        hardware.close()
