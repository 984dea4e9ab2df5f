"""``companion hardware check``: probe every configured device and say how it is.

One line per device in the table's language (or JSON with ``--json``): the settings
file, each RFID reader (chip version, a live tag read), the camera (frame size and
measured frame rate), each button, the LED and the buzzer. The exit status is 1 when
anything failed, so scripts and the installer can use it.

The check knows no game: whoever registers the command gives it a :data:`Loader`,
which reads the settings file as the application reads it and names the deck the
camera is to look for (:mod:`referee.commands`).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from typing import Callable

from companion import paths
from companion.errors import ConfigError
from companion.i18n import Domain, set_language
from companion.inputs import InputQueue
from hardware.config import Config
from hardware.device import DeviceReport
from hardware.manager import Hardware

D = Domain("hardware", "hardware")
_, N_, ngettext = D.markers()

Loader = Callable[[bool], tuple[Config, ConfigError | None, str | None]]
"""``load(simulate)``: the configuration (defaults where the file has a mistake, every
backend simulated when ``simulate``), the error naming the file's mistakes (``None``:
none) and the deck the simulated camera draws (``None``: the standard one)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], load: Loader) -> None:
    """Add ``companion hardware check``, which reads the settings with ``load``."""
    hardware = subparsers.add_parser("hardware", help=_("check the RFID readers, camera, buttons, LED and buzzer"))
    commands = hardware.add_subparsers(dest="hardware_command", metavar="COMMAND", required=True)
    check = commands.add_parser("check", help=_("probe every configured device; exit status 1 if one fails"))
    check.add_argument("--simulate", dest="check_simulate", action="store_true",
                       help=_("check the simulated devices instead of the real ones"))
    check.add_argument("--json", action="store_true", help=_("print the reports as JSON"))
    check.add_argument("--camera-seconds", type=float, default=1.0, metavar="SECONDS",
                       help=_("how long to measure the camera's frame rate (default 1)"))
    check.set_defaults(func=functools.partial(run_check, load=load))


def run_check(args: argparse.Namespace, load: Loader) -> int:
    simulate = args.check_simulate or getattr(args, "simulate", False)
    config, error, deck = load(simulate)
    if not getattr(args, "lang", None):
        set_language(config.app.language)
    reports = [_config_report(error)]
    hardware = Hardware.from_config(config, InputQueue(), simulate=simulate, deck=deck)
    try:
        reports += hardware.probe(camera_seconds=args.camera_seconds)
    finally:
        hardware.close()
    failed = sum(not r.ok for r in reports)
    if args.json:
        json.dump({"ok": not failed, "simulated": simulate, "devices": [r.to_json() for r in reports]},
                  sys.stdout, ensure_ascii=False, indent=2)
        print()
    else:
        width = max(len(r.device) for r in reports)
        for report in reports:
            status = _("ok") if report.ok else _("FAILED")
            print(f"{status:<8} {report.device:<{width}}  {report.message.render()}")
        print(ngettext("{n} device does not work.", "{n} devices do not work.", failed).format(n=failed)
              if failed else _("Everything works."))
    return 1 if failed else 0


def _config_report(error: ConfigError | None) -> DeviceReport:
    path = str(paths.config_file())
    if error is not None:
        return DeviceReport("config", "config", False, D.text(
            "{problem} The check goes on with the default settings.", problem=error.text), {"path": path})
    if not paths.config_file().exists():
        return DeviceReport("config", "config", True, D.text(
            "No settings file at {path}: the default settings apply.", path=path), {"path": path})
    return DeviceReport("config", "config", True, D.text("Settings read from {path}.", path=path), {"path": path})
