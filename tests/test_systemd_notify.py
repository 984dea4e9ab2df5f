"""companion.systemd against real AF_UNIX datagram sockets, as systemd listens."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from companion import systemd


def _listen(address) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    sock.settimeout(5)
    return sock


@pytest.fixture
def manager(tmp_path, monkeypatch):
    """A socket bound to a file, named in ``$NOTIFY_SOCKET`` like systemd does."""
    path = str(tmp_path / "notify")
    sock = _listen(path)
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    yield sock
    sock.close()


@pytest.fixture
def abstract_manager(monkeypatch):
    """A socket in Linux's abstract namespace, named ``@…`` in ``$NOTIFY_SOCKET``."""
    name = f"table-companion-test-{uuid.uuid4().hex}"
    sock = _listen(b"\0" + name.encode())
    monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
    yield sock
    sock.close()


def _received(sock: socket.socket) -> list[str]:
    return sock.recv(4096).decode().split("\n")


def test_ready_reaches_the_manager(manager):
    assert systemd.notify_ready() is True
    assert _received(manager) == ["READY=1"]


def test_ready_with_status_is_one_datagram(manager):
    assert systemd.notify_ready("Home screen up")
    assert _received(manager) == ["READY=1", "STATUS=Home screen up"]


def test_watchdog_ping(manager):
    assert systemd.notify_watchdog()
    assert _received(manager) == ["WATCHDOG=1"]


def test_status_is_kept_on_one_line(manager):
    assert systemd.notify_status("Reader 1 offline\nretrying")
    assert _received(manager) == ["STATUS=Reader 1 offline retrying"]


def test_status_keeps_non_ascii_text(manager):
    assert systemd.notify_status("Lecteur déconnecté")
    assert _received(manager) == ["STATUS=Lecteur déconnecté"]


def test_stopping(manager):
    assert systemd.notify_stopping()
    assert _received(manager) == ["STOPPING=1"]


def test_messages_arrive_in_order(manager):
    systemd.notify_ready()
    for _ in range(3):
        systemd.notify_watchdog()
    assert [_received(manager) for _ in range(4)] == [["READY=1"]] + [["WATCHDOG=1"]] * 3


def test_abstract_namespace_socket(abstract_manager):
    assert systemd.notify_ready()
    assert _received(abstract_manager) == ["READY=1"]
    assert systemd.notify_watchdog()
    assert _received(abstract_manager) == ["WATCHDOG=1"]


def test_malformed_assignment_is_not_sent(manager):
    assert systemd.notify("READY") is False
    assert systemd.notify("STATUS=a\nREADY=1") is False
    manager.setblocking(False)  # a local datagram is queued before sendto returns
    with pytest.raises(BlockingIOError):
        manager.recv(4096)


def test_outside_systemd_everything_is_a_no_op(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert systemd.notify_ready() is False
    assert systemd.notify_watchdog() is False
    assert systemd.notify_status("x") is False
    assert systemd.notify_stopping() is False


@pytest.mark.parametrize("value", ["", "relative/path", "@", "vsock:2:1234"])
def test_unusable_socket_names_are_ignored(monkeypatch, value):
    monkeypatch.setenv("NOTIFY_SOCKET", value)
    assert systemd.notify_ready() is False


def test_vanished_socket_never_raises(tmp_path, monkeypatch):
    path = tmp_path / "notify"
    _listen(str(path)).close()
    path.unlink()
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    assert systemd.notify_watchdog() is False


def test_socket_that_is_not_a_datagram_socket_never_raises(tmp_path, monkeypatch):
    path = str(tmp_path / "stream")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as stream:
        stream.bind(path)
        stream.listen()
        monkeypatch.setenv("NOTIFY_SOCKET", path)
        assert systemd.notify_ready() is False


def test_watchdog_interval_is_half_the_period(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "30000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    assert systemd.watchdog_interval() == pytest.approx(15.0)


def test_watchdog_interval_for_this_process(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "10000000")
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    assert systemd.watchdog_interval() == pytest.approx(5.0)


def test_watchdog_meant_for_another_process(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "10000000")
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid() + 1))
    assert systemd.watchdog_interval() is None


@pytest.mark.parametrize("usec", [None, "", "0", "-5", "soon"])
def test_no_watchdog(monkeypatch, usec):
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    if usec is None:
        monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    else:
        monkeypatch.setenv("WATCHDOG_USEC", usec)
    assert systemd.watchdog_interval() is None


def test_garbled_watchdog_pid(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "10000000")
    monkeypatch.setenv("WATCHDOG_PID", "main")
    assert systemd.watchdog_interval() is None


def test_sigterm_says_stopping_and_lets_the_app_shut_down_in_order(manager, tmp_path):
    # Without the handler, SIGTERM ends Python at once: no STOPPING=1, no finally, exit -15.
    program = (
        "import sys, threading\n"
        "from companion import systemd\n"
        "done = threading.Event()\n"
        "systemd.stop_on_sigterm(done.set)\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    while not done.wait(0.05): pass\n"
        "finally:\n"
        "    print('closed the devices', flush=True)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", program], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1])))
    assert child.stdout.readline() == "ready\n"
    child.send_signal(signal.SIGTERM)
    out, _ = child.communicate(timeout=10)
    assert child.returncode == 0 and out == "closed the devices\n"
    assert _received(manager) == ["STOPPING=1"]
