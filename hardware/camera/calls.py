"""Calls into a camera driver, each with a time limit.

A camera that vanishes can leave its driver blocked for good: picamera2's
``capture_array`` waits for a frame that never comes. So the capture thread never
calls a driver itself: a :class:`DriverThread` makes the calls for one opening of a
source, and the caller waits for each at most a given time. A call that overruns is
abandoned with the thread that makes it: the thread ends by itself if the call ever
returns, dropping its result (or handing it to ``orphan``, so that a source opened too
late still gets released), and the next opening gets a new thread.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Any, Callable

from companion.errors import HardwareError
from companion.i18n import Domain

D = Domain("hardware", "hardware")

WAIT_STEP = 0.05
"""Seconds between two looks at ``cancel`` while a call runs."""


class _Job:
    """One call and its outcome; ``abandon`` and the outcome's arrival race under a lock."""

    def __init__(self, fn: Callable[[], Any], orphan: Callable[[Any], None] | None) -> None:
        self.fn, self.orphan = fn, orphan
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        self._lock = threading.Lock()
        self._abandoned = False

    def run(self) -> None:
        try:
            result, error = self.fn(), None
        except BaseException as err:  # handed to the caller, whatever it is
            result, error = None, err
        with self._lock:
            self.result, self.error = result, error
            self.done.set()
            orphaned = self._abandoned and error is None
        if orphaned and self.orphan is not None:
            try:
                self.orphan(result)
            except Exception:  # nobody is left to tell
                pass

    def abandon(self) -> bool:
        """Stop waiting for the outcome; ``False`` if it arrived meanwhile."""
        with self._lock:
            self._abandoned = not self.done.is_set()
            return self._abandoned


class DriverThread:
    """A daemon thread that makes driver calls, one at a time, for :meth:`call`."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def call(self, fn: Callable[[], Any], timeout: float, cancel: threading.Event,
             orphan: Callable[[Any], None] | None = None) -> Any:
        """``fn()`` made on this thread: its result, or its exception raised here.

        Raises :class:`HardwareError` when ``fn`` has not returned after ``timeout``
        seconds or ``cancel`` is set first; this thread is then closed, and ``orphan``
        gets the result should ``fn`` still return one.
        """
        job = _Job(fn, orphan)
        self._jobs.put(job)
        deadline = time.monotonic() + timeout
        while not job.done.wait(min(WAIT_STEP, max(deadline - time.monotonic(), 0.0))):
            if (cancel.is_set() or time.monotonic() >= deadline) and job.abandon():
                self.close()
                raise HardwareError(D.text("the camera is stopping") if cancel.is_set() else
                                    D.text("the camera did not answer for {seconds} seconds",
                                           seconds=f"{timeout:g}"))
        if job.error is not None:
            raise job.error
        return job.result

    def close(self) -> None:
        """End the thread once the call it makes (if any) returns."""
        self._jobs.put(None)

    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            job.run()
