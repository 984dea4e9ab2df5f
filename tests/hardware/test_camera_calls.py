"""Driver calls with a time limit (hardware.camera.calls): results, errors, overruns,
late results handed over, and an app that can stop while a driver call hangs."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.errors import HardwareError
from hardware.camera.calls import DriverThread

ROOT = Path(__file__).resolve().parents[2]


def test_a_call_returns_its_result_or_raises_its_error_on_the_callers_side():
    driver = DriverThread("test-driver")
    assert driver.call(lambda: threading.current_thread().name, 1.0, threading.Event()) == "test-driver"
    with pytest.raises(ZeroDivisionError):
        driver.call(lambda: 1 / 0, 1.0, threading.Event())
    driver.close()


def test_an_overrun_is_reported_and_its_late_result_goes_to_the_orphan_handler():
    release, orphaned = threading.Event(), []
    driver = DriverThread("test-driver")
    started = time.monotonic()
    with pytest.raises(HardwareError) as err:
        driver.call(lambda: release.wait(5) and "late source", 0.2, threading.Event(), orphan=orphaned.append)
    assert 0.2 <= time.monotonic() - started < 1.0
    assert err.value.text.render("en") == "the camera did not answer for 0.2 seconds"
    release.set()
    deadline = time.monotonic() + 2
    while not orphaned and time.monotonic() < deadline:
        time.sleep(0.01)
    assert orphaned == ["late source"]


def test_cancel_stops_the_wait_at_once():
    cancel = threading.Event()
    threading.Timer(0.1, cancel.set).start()
    with pytest.raises(HardwareError, match="stopping"):
        DriverThread("test-driver").call(lambda: time.sleep(5), 30.0, cancel)


def test_the_process_exits_while_a_driver_call_hangs():
    """A worker that the interpreter joins at exit (a ThreadPoolExecutor's) would hang here."""
    script = ("import threading\n"
              "from hardware.camera.calls import DriverThread\n"
              "try:\n"
              "    DriverThread('stuck').call(threading.Event().wait, 0.1, threading.Event())\n"
              "except Exception as err:\n"
              "    print(type(err).__name__)\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=20)
    assert result.returncode == 0 and result.stdout.strip() == "HardwareError"
