"""The service unit: systemd accepts it as written, and its sandbox is as tight as documented."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
UNIT = REPO / "systemd" / "table-companion.service"
GUIDE = REPO / "docs" / "raspberry-pi.md"
README = REPO / "README.md"
EXEC = "/opt/table-companion/venv/bin/companion"


def _systemd_analyze() -> str:
    path = shutil.which("systemd-analyze")
    if path is None:
        pytest.fail("systemd-analyze is missing: apt-get install systemd")
    return path


def _settings(text: str) -> dict[str, list[str]]:
    """Every ``Key=value`` of the unit, values in order of appearance."""
    settings: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.startswith(("#", ";", "[")):
            key, value = line.split("=", 1)
            settings.setdefault(key.strip(), []).append(value.strip())
    return settings


@pytest.fixture
def unit_copy(tmp_path) -> Path:
    """The unit, with ExecStart pointing at an executable that exists here."""
    program = tmp_path / "opt" / "table-companion" / "venv" / "bin" / "companion"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    text = UNIT.read_text()
    assert f"ExecStart={EXEC}\n" in text
    copy = tmp_path / UNIT.name
    copy.write_text(text.replace(f"ExecStart={EXEC}", f"ExecStart={program}"))
    return copy


def test_systemd_analyze_verify_prints_nothing(unit_copy):
    # verify exits 0 even on unknown keys and bad values: any output at all is a fault.
    result = subprocess.run([_systemd_analyze(), "verify", str(unit_copy)],
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_verify_catches_a_faulty_unit(unit_copy):
    # The check above can fail: a misspelt key is reported.
    unit_copy.write_text(unit_copy.read_text().replace("NoNewPrivileges=", "NoNewPrivilege="))
    result = subprocess.run([_systemd_analyze(), "verify", str(unit_copy)],
                            capture_output=True, text=True, timeout=60)
    assert "NoNewPrivilege" in result.stdout + result.stderr


def _exposure(unit: Path) -> float:
    result = subprocess.run([_systemd_analyze(), "security", "--offline=true", str(unit)],
                            capture_output=True, text=True, timeout=60)
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout + result.stderr)
    assert found, result.stdout + result.stderr
    return float(found.group(1))


def _documented_exposure() -> float:
    found = re.search(r"exposure level[^0-9\n]*\*\*(\d+\.\d+)", GUIDE.read_text())
    assert found, "docs/raspberry-pi.md must state the service's exposure level as **N.N**"
    return float(found.group(1))


def test_security_exposure_is_at_most_the_documented_level(unit_copy):
    assert _exposure(unit_copy) <= _documented_exposure()


def test_the_readme_states_the_exposure_systemd_measures(unit_copy):
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is missing")
    found = re.search(r"`systemd-analyze security` rates it \*\*(\d+\.\d+)", README.read_text())
    assert found, "README.md must state the service's exposure level as **N.N**"
    assert float(found.group(1)) == _exposure(unit_copy)


def test_the_documented_level_is_the_lowest_the_hardware_allows(unit_copy):
    # Not a loose figure: dropping one protection must push the exposure above it.
    loosened = unit_copy.read_text().replace("ProtectSystem=strict\n", "")
    unit_copy.write_text(loosened)
    assert _exposure(unit_copy) > _documented_exposure()


def test_unit_is_a_notify_service_with_a_watchdog():
    settings = _settings(UNIT.read_text())
    assert settings["Type"] == ["notify"]
    assert settings["NotifyAccess"] == ["main"]
    assert settings["WatchdogSec"] == ["30"]
    assert settings["Restart"] == ["on-failure"]
    assert settings["ExecStart"] == [EXEC]


def test_unit_runs_as_the_service_user_with_the_device_groups():
    settings = _settings(UNIT.read_text())
    assert settings["User"] == ["companion"]
    assert settings["SupplementaryGroups"][0].split() == ["gpio", "spi", "video", "render", "input"]
    assert settings["CapabilityBoundingSet"] == [""]
    assert settings["PrivateNetwork"] == ["yes"]


def test_unit_lets_the_table_hardware_through():
    allowed = {rule.split()[0] for rule in _settings(UNIT.read_text())["DeviceAllow"]}
    for group in ("char-gpiochip", "char-*gpiomem", "char-spi", "char-video4linux",
                  "char-media", "char-dma_heap", "char-drm", "char-input"):
        assert group in allowed
    assert _settings(UNIT.read_text())["DevicePolicy"] == ["closed"]


def test_unit_points_kivy_and_the_app_at_the_state_directory():
    environment = " ".join(_settings(UNIT.read_text())["Environment"]).split()
    assert "KIVY_HOME=%S/table-companion/kivy" in environment
    assert "SDL_VIDEODRIVER=kmsdrm" in environment
    assert "KIVY_WINDOW=sdl2" in environment
    settings = _settings(UNIT.read_text())
    assert settings["StateDirectory"] == ["table-companion"]
    assert settings["ConfigurationDirectory"] == ["table-companion"]


def test_unit_starts_in_its_state_directory():
    # lgpio creates files in the working directory when it is imported: in "/", which the
    # sandbox makes read-only, the GPIO and the readers' reset pin would fail.
    settings = _settings(UNIT.read_text())
    assert settings["WorkingDirectory"] == ["%S/" + settings["StateDirectory"][0]]


def test_the_referee_stops_within_the_units_stop_timeout():
    from referee.services import STOP_BUDGET

    timeout = float(_settings(UNIT.read_text(encoding="utf-8"))["TimeoutStopSec"][-1])
    assert STOP_BUDGET + 3 <= timeout
