"""Starting the touchscreen app: ``companion`` with no subcommand calls :func:`run_app`."""

from __future__ import annotations

import logging
import os
import sys
from typing import NoReturn

log = logging.getLogger(__name__)


def end_process(code: int) -> NoReturn:
    """End a process that ran the app, once the app and its devices are closed, without
    Python's finalization.

    A daemon thread may still be inside OpenCV then (the deck wizard describing a frame,
    a camera driver call given up on); finalization stops such a thread by unwinding it,
    which OpenCV's C++ catches and the process aborts ("FATAL: exception not rethrown",
    "terminate called without an active exception"): under systemd a failed stop. Nothing
    is lost by skipping it: every accepted input is committed to the game database when it
    is taken. The log and the standard streams are flushed first.
    """
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def build_app(*, simulate: bool, size: tuple[int, int] | None = None, quiet: bool = False,
              config_path=None):
    """Configure Kivy, open the services and return the (not yet running) app.

    The table's language comes from the configuration unless ``--lang`` was given on
    the command line. The devices start once the home screen is up
    (:meth:`ui.shell.CompanionApp.start_devices`).
    """
    from ui import kivyenv

    if size is None and simulate and not kivyenv.on_raspberry_pi():
        size = kivyenv.SIZES["hd"]  # room for the simulator panel beside the table
    kivyenv.configure(size, quiet=quiet)
    from companion.i18n import set_language
    from referee.services import open_services
    from ui.shell import CompanionApp

    services = open_services(simulate=simulate, config_path=config_path, start_hardware=False)
    if "--lang" not in sys.argv:
        set_language(services.config.app.language)
    return CompanionApp(services)


def run_app(simulate: bool) -> NoReturn:
    """Run the app until it is closed, then end the process (:func:`end_process`).

    SIGTERM (``systemctl stop``, a shutdown) closes the app as its own exit would: the
    devices are released and systemd hears ``STOPPING=1``.
    """
    from companion.systemd import stop_on_sigterm

    app = build_app(simulate=simulate)  # configures Kivy: no kivy import may come before it
    from kivy.clock import Clock

    stop_on_sigterm(lambda: Clock.schedule_once(lambda _dt: app.stop(), 0))
    try:
        app.run()
    finally:
        app.services.close()
    end_process(0)
