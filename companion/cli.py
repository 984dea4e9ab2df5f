"""The ``companion`` command.

With no subcommand it starts the touchscreen app (``--simulate`` for simulated
hardware). Each package adds its own subcommands: a module listed in
:data:`COMMAND_MODULES` defines ``register(subparsers)``, adding parsers whose
``func(args) -> int`` runs the command.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from companion.errors import CompanionError
from companion.i18n import LANGUAGES, Text, set_language

# numpy's BLAS (the card reader compares each card with the taught faces by it) keeps to
# one thread unless told otherwise: the referee runs one recognition at a time beside
# the touchscreen, on a Pi's few cores, and BLAS threads wait busily for work that one
# thread does in well under a millisecond. Set before numpy is loaded, which no module
# imported above does.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

COMMAND_MODULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("companion.commands", ()),
    ("companion.board_commands", ("board",)),
    ("referee.commands", ("hardware",)),
    ("vision.cli", ("vision",)),
    ("ui.cli", ("screenshots", "ui-bench")),
)
"""Each module with its subcommands (named here for when the module cannot be loaded)."""

EXTRAS = {"cv2": "vision", "kivy": "ui", "gpiozero": "hardware", "mfrc522": "hardware", "RPi": "hardware",
          "spidev": "hardware"}
"""The optional part of the install (``pip install 'table-companion[EXTRA]'``) that
brings each third-party module; the rules, ``demo`` and ``replay`` need none."""


def missing_extra(err: ModuleNotFoundError, command: str | Text) -> CompanionError | None:
    """The error saying which extra ``command`` needs, when ``err`` is a module of one."""
    extra = EXTRAS.get((err.name or "").partition(".")[0])
    if extra is None:
        return None
    return CompanionError(Text("{command} needs the {extra} part of the referee, which is not installed ({module} "
                               "is missing): pip install 'table-companion[{extra}]'",
                               command=command, extra=extra, module=err.name))


def _unavailable(sub: argparse._SubParsersAction[argparse.ArgumentParser], names: tuple[str, ...],
                 error: CompanionError) -> None:
    """Commands whose module needs an extra that is not installed: they say so."""
    def refuse(_args: argparse.Namespace) -> int:
        raise error

    for name in names:
        parser = sub.add_parser(name, help=error.text.render())
        parser.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
        parser.set_defaults(func=refuse)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table-side referee for physical board games.",
    )
    parser.add_argument("--simulate", action="store_true",
                        help="run on simulated hardware (no Raspberry Pi needed)")
    parser.add_argument("--config", help="configuration file (default: the platform's config directory)")
    parser.add_argument("--lang", choices=LANGUAGES, help="language of messages")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, commands in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name == name:
                continue
            error = missing_extra(err, "companion " + commands[0])
            if error is None:
                raise
            _unavailable(sub, commands, error)
            continue
        module.register(sub)
    return parser


def _language_first(argv: list[str] | None) -> None:
    """Set the language ``--lang`` names before the command line is read, so that the
    commands' help and their arguments' errors (a number out of range) are in it too."""
    early = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    early.add_argument("--lang", choices=LANGUAGES)
    try:
        known, _rest = early.parse_known_args(argv)
    except argparse.ArgumentError:  # a --lang not offered: the whole command line is refused
        return
    if known.lang:
        set_language(known.lang)


def main(argv: list[str] | None = None) -> int:
    _language_first(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.config:
        os.environ["COMPANION_CONFIG"] = args.config
    func = getattr(args, "func", None)
    try:
        if func is None:
            from ui.app import run_app

            return run_app(simulate=args.simulate)
        return int(func(args) or 0)
    except ModuleNotFoundError as err:
        error = missing_extra(err, f"companion {args.command}" if args.command else Text("The touchscreen app"))
        if error is None:
            raise
        print(f"companion: {error.text.render()}", file=sys.stderr)
        return 2
    except CompanionError as err:
        print(f"companion: {err.text.render()}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a pager or `head` that closed early
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
