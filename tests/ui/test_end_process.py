"""A process that ran the app ends with its own exit code and its output flushed, even
while a daemon thread is still inside OpenCV (:func:`ui.app.end_process`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import logging, sys, threading
import cv2, numpy as np
from ui.app import end_process

picture = np.random.default_rng(0).integers(0, 255, (1080, 1920, 3), np.uint8)
busy = threading.Event()

def describe_forever():
    while True:
        cv2.GaussianBlur(picture, (31, 31), 0)
        busy.set()

threading.Thread(target=describe_forever, daemon=True).start()
busy.wait()
logging.basicConfig(stream=sys.stderr)
logging.getLogger("probe").warning("closing")
print("closed", end="")          # no newline, no flush: end_process flushes it
end_process(int(sys.argv[1]))
"""


def test_the_process_ends_with_its_code_and_its_output_while_opencv_is_busy():
    for code in (0, 3):
        done = subprocess.run([sys.executable, "-c", PROBE, str(code)], cwd=ROOT, capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == code, done.stderr[-2000:]
        assert done.stdout == "closed"
        assert "closing" in done.stderr
