"""``companion ui-bench`` compares like with like: both apps in the same window, medians."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.ui, pytest.mark.slow,
              pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display (xvfb-run)")]


def test_ui_bench_prints_medians_of_both_apps_at_the_same_size():
    result = subprocess.run([sys.executable, "-m", "companion", "ui-bench"], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    rows = {m.group(1): (float(m.group(2)), float(m.group(3))) for m in re.finditer(
        r"^(bare Kivy app|companion app)\s+([\d.]+) \[[\d.-]+\]\s+([\d.]+) \[", result.stdout, re.M)}
    assert set(rows) == {"bare Kivy app", "companion app"}
    ratio = re.search(r"app / bare: start ([\d.]+)x, memory \+([\d.]+) MiB \(5 runs each, 800x480\)", result.stdout)
    assert ratio, result.stdout
    # the ratio is of the unrounded medians; the printed medians are rounded to 10 ms
    assert float(ratio.group(1)) == pytest.approx(rows["companion app"][0] / rows["bare Kivy app"][0], rel=0.05)
