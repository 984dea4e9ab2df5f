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

# numpy's BLAS (the card reader compares each card with the taught faces by it) keeps to
# one thread unless told otherwise: the referee runs one recognition at a time beside
# the touchscreen, on a Pi's few cores, and BLAS threads wait busily for work that one
# thread does in well under a millisecond. Set before numpy is loaded, which no module
# imported above does.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

COMMAND_MODULES = (
    "companion.commands",
    "companion.board_commands",
    "hardware.cli",
    "vision.cli",
    "ui.cli",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table-side referee for physical board games.",
    )
    parser.add_argument("--simulate", action="store_true",
                        help="run on simulated hardware (no Raspberry Pi needed)")
    parser.add_argument("--config", help="configuration file (default: the platform's config directory)")
    parser.add_argument("--lang", choices=("nl", "fr", "en"), help="language of messages")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name == name:
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.config:
        os.environ["COMPANION_CONFIG"] = args.config
    if args.lang:
        from companion.i18n import set_language

        set_language(args.lang)
    func = getattr(args, "func", None)
    if func is None:
        try:
            from ui.app import run_app
        except ModuleNotFoundError:
            parser.print_help()
            return 2
        return run_app(simulate=args.simulate)
    try:
        return int(func(args) or 0)
    except CompanionError as err:
        print(f"companion: {err.text.render()}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a pager or `head` that closed early
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
