"""``companion ui-bench``: cold start to the home screen and memory, beside a bare Kivy app.

Each measurement runs in a fresh process (a cold interpreter and a new window): the
time from process start until the first frame of the home screen (or of a bare Kivy
``Label``), and the resident memory (RSS) then. Needs a display (``xvfb-run`` works).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time

RUNS = 3


def _rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _measure(kind: str, started: float) -> None:
    """Child process: start ``kind`` ("app" or "bare"), report at the first frame."""
    from pathlib import Path

    from ui.driver import isolated_environment

    isolated_environment(Path(tempfile.mkdtemp(prefix="companion-bench-")))
    if kind == "app":
        from ui.app import build_app

        app = build_app(simulate=True, quiet=True)
    else:
        from ui import kivyenv

        kivyenv.configure(quiet=True)
        from kivy.app import App
        from kivy.uix.label import Label

        class Bare(App):
            def build(self):
                return Label(text="Hello")

        app = Bare()
    from kivy.clock import Clock

    def report(_dt: float) -> None:
        print(json.dumps({"seconds": time.time() - started, "rss_mib": _rss_kib() / 1024}), flush=True)
        app.stop()

    Clock.schedule_once(report, 0.3 if kind == "app" else 0)  # the app shows home on its first frame
    app.run()


def main() -> int:
    rows = {}
    for kind in ("bare", "app"):
        samples = []
        for _ in range(RUNS):
            out = subprocess.run([sys.executable, "-c", f"import time; t=time.time(); import ui.bench as b; "
                                                        f"b._measure({kind!r}, t)"],
                                 capture_output=True, text=True, timeout=120)
            samples.append(json.loads(out.stdout.strip().splitlines()[-1]))
        rows[kind] = (min(s["seconds"] for s in samples), max(s["rss_mib"] for s in samples))
    print(f"{'':16} {'cold start (s)':>15} {'RSS (MiB)':>10}")
    for kind, label in (("bare", "bare Kivy app"), ("app", "companion app")):
        seconds, rss = rows[kind]
        print(f"{label:16} {seconds:15.2f} {rss:10.1f}")
    return 0
