"""Talking to systemd's service manager: readiness, watchdog pings and status lines.

The unit ``table-companion.service`` is ``Type=notify`` with a watchdog, so the app
tells systemd when the home screen is up (:func:`notify_ready`) and keeps pinging
(:func:`notify_watchdog`) from the UI's clock at :func:`watchdog_interval`; a UI that
freezes stops pinging and systemd restarts it.

This is the ``sd_notify(3)`` protocol: newline-separated ``KEY=value`` assignments in
one datagram to the ``AF_UNIX`` socket named by ``$NOTIFY_SOCKET`` (a path, or an
abstract name written with a leading ``@``). Outside systemd the variable is unset and
every function does nothing. No function here ever raises: the service manager going
away must not take the table down with it. Each returns whether the message was sent.
:func:`stop_on_sigterm` makes ``systemctl stop`` an orderly shutdown that says
``STOPPING=1`` first.
"""

from __future__ import annotations

import os
import signal
import socket
from typing import Callable

__all__ = ["notify", "notify_ready", "notify_status", "notify_stopping",
           "notify_watchdog", "stop_on_sigterm", "watchdog_interval"]


def _address(value: str) -> str | bytes | None:
    """The socket address in ``$NOTIFY_SOCKET``, or ``None`` for a kind we do not speak.

    ``@name`` is Linux's abstract namespace (a leading NUL byte on the wire); an
    absolute path is a socket file. systemd also knows ``vsock:`` addresses, which only
    matter inside virtual machines and are ignored here.
    """
    if value.startswith("@") and len(value) > 1:
        return b"\0" + value[1:].encode()
    if value.startswith("/"):
        return value
    return None


def notify(*assignments: str) -> bool:
    """Send ``KEY=value`` assignments to systemd in one datagram.

    Returns ``False`` without raising when not run by systemd, when the socket is gone
    or refuses the message, or when an assignment is malformed (no ``=``, or a newline,
    which would end the assignment early).
    """
    address = _address(os.environ.get("NOTIFY_SOCKET", ""))
    if address is None or not assignments:
        return False
    if any("=" not in item or "\n" in item for item in assignments):
        return False
    try:
        message = "\n".join(assignments).encode()
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.sendto(message, address)
    except (OSError, UnicodeError, ValueError):
        return False
    return True


def _one_line(text: str) -> str:
    """``text`` with line breaks turned to spaces: a status is one assignment."""
    return " ".join(str(text).split())


def notify_ready(status: str | None = None) -> bool:
    """Tell systemd the service is up (``READY=1``), with an optional status line."""
    if status is None:
        return notify("READY=1")
    return notify("READY=1", "STATUS=" + _one_line(status))


def notify_watchdog() -> bool:
    """Ping the watchdog (``WATCHDOG=1``): the app is alive and its UI loop turns."""
    return notify("WATCHDOG=1")


def notify_status(text: str) -> bool:
    """Show ``text`` as the service's status in ``systemctl status`` (one line)."""
    return notify("STATUS=" + _one_line(text))


def notify_stopping() -> bool:
    """Tell systemd the service is shutting down on purpose (``STOPPING=1``)."""
    return notify("STOPPING=1")


def stop_on_sigterm(stop: Callable[[], object]) -> None:
    """On SIGTERM (``systemctl stop``, shutdown, restart), send ``STOPPING=1`` and call ``stop()``.

    Python's default for SIGTERM ends the process on the spot, without ``finally``
    blocks or ``atexit``: the readers' reset pin, the GPIO and the camera would not be
    let go. Call this once from the main thread (only it may set signal handlers).
    ``stop`` then runs in the main thread between two Python instructions, so it should
    only ask the app to stop (for Kivy: ``Clock.schedule_once(lambda dt: app.stop())``)
    and let the normal shutdown close the devices; systemd kills what is left after
    ``TimeoutStopSec``.
    """

    def handler(signum: int, frame: object) -> None:
        notify_stopping()
        stop()

    signal.signal(signal.SIGTERM, handler)


def watchdog_interval() -> float | None:
    """Seconds between watchdog pings, or ``None`` when no watchdog watches this process.

    systemd sets ``$WATCHDOG_USEC`` to the unit's ``WatchdogSec=`` and, when the
    variable could leak to children, ``$WATCHDOG_PID`` to the process it is meant for.
    The interval is half the period, as ``sd_watchdog_enabled(3)`` advises, so one late
    tick of the clock does not get the service killed.
    """
    pid = os.environ.get("WATCHDOG_PID")
    if pid:
        try:
            if int(pid) != os.getpid():
                return None
        except ValueError:
            return None
    try:
        usec = int(os.environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0:
        return None
    return usec / 2_000_000
