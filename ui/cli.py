"""The app's subcommands: ``companion screenshots`` and ``companion ui-bench``."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    shots = subparsers.add_parser("screenshots", help="render every screen at 800x480 and 1280x720 to PNG files")
    shots.add_argument("--out", required=True, type=Path, help="directory for the PNG files")
    shots.add_argument("--languages", default="",
                       help="comma-separated languages to render (default: the current one), e.g. nl,fr,en")
    shots.set_defaults(func=_screenshots)
    bench = subparsers.add_parser("ui-bench", help="measure cold start and memory of the app beside a bare Kivy app")
    bench.set_defaults(func=_bench)


def _screenshots(args: argparse.Namespace) -> int:
    from ui.app import end_process
    from ui.screenshots import render_all

    languages = tuple(l for l in args.languages.split(",") if l) or None
    written = render_all(args.out, languages=languages)
    print(f"{len(written)} screenshots in {args.out}")
    end_process(0)


def _bench(args: argparse.Namespace) -> int:
    from ui.bench import main

    return main()
