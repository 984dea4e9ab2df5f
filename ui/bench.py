"""``companion ui-bench``: cold start to the home screen and memory, beside a bare Kivy app.

Each measurement runs in a fresh process (a cold interpreter and a new window of the
same size, the Pi's 800×480, for both): the time from process start until the frame
after the app is ready (the home screen up, as it tells systemd) or after a bare Kivy
``Label`` was built, and the resident memory (RSS) then. Both are the median of
:data:`RUNS` runs, taken in turn, with the fastest and slowest beside it. Each kind keeps
one working directory (database, configuration, Kivy's files, compiled catalogues)
across its runs, after one start that is not counted: the starts a table sees after its
first. Needs a display (``xvfb-run`` works).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 5


def _rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _measure(kind: str, started: float, work: str) -> None:
    """Child process: start ``kind`` ("app" or "bare") in directory ``work``, report at the first frame."""
    from pathlib import Path

    from ui.driver import isolated_environment

    from ui.kivyenv import SIZES

    isolated_environment(Path(work))
    if kind == "app":
        from ui.app import build_app

        app = build_app(simulate=True, size=SIZES["pi"], quiet=True)
    else:
        from ui import kivyenv

        kivyenv.configure(SIZES["pi"], quiet=True)
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

    def when_ready(_dt: float) -> bool:
        if not getattr(app, "ready", True):   # the bare app is ready once built
            return True                       # look again next frame
        Clock.schedule_once(report, 0)        # the frame that shows it
        return False

    Clock.schedule_interval(when_ready, 0)
    app.run()


def _run(kind: str, work: str) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", f"import time; t=time.time(); import ui.bench as b; "
                                                f"b._measure({kind!r}, t, {work!r})"],
                         capture_output=True, text=True, timeout=120)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    samples: dict[str, list[dict[str, float]]] = {"bare": [], "app": []}
    work = {kind: tempfile.mkdtemp(prefix=f"companion-bench-{kind}-") for kind in samples}
    for kind in samples:
        _run(kind, work[kind])   # the first start: files made, catalogues compiled
    for _ in range(RUNS):   # in turn, so a busy moment of the machine falls on both
        for kind in samples:
            samples[kind].append(_run(kind, work[kind]))
    print(f"{'':16} {'cold start (s), median [min-max]':>34} {'RSS (MiB), median [min-max]':>30}")
    medians = {}
    for kind, label in (("bare", "bare Kivy app"), ("app", "companion app")):
        seconds = sorted(s["seconds"] for s in samples[kind])
        rss = sorted(s["rss_mib"] for s in samples[kind])
        medians[kind] = (statistics.median(seconds), statistics.median(rss))
        print(f"{label:16} {medians[kind][0]:20.2f} [{seconds[0]:.2f}-{seconds[-1]:.2f}] "
              f"{medians[kind][1]:16.1f} [{rss[0]:.1f}-{rss[-1]:.1f}]")
    print(f"app / bare: start {medians['app'][0] / medians['bare'][0]:.2f}x, "
          f"memory +{medians['app'][1] - medians['bare'][1]:.1f} MiB ({RUNS} runs each, 800x480)")
    return 0
