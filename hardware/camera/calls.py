"""Calls into a camera driver, each with a time limit.

A camera that vanishes can leave its driver blocked for good: picamera2's
``capture_array`` waits for a frame that never comes. So the capture thread never
calls a driver itself: a :class:`DriverThread` makes the calls for one opening of a
source, and the caller waits for each at most a given time. A call that overruns is
abandoned with the thread that makes it: the thread ends by itself if the call ever
returns, handing its result to ``orphan`` (so that a source opened too late still gets
released), and the next opening gets a new thread.

Each call's outcome is a :class:`concurrent.futures.Future`. The thread is not a
:class:`~concurrent.futures.ThreadPoolExecutor`: the executor's workers are joined when
the interpreter exits, so one driver call that never returns would keep the app from
ever stopping (``systemctl stop`` would wait for its kill timeout). A daemon thread is
dropped at exit.
"""

from __future__ import annotations

import queue
import threading
import time
from concurrent.futures import Future
from typing import Any, Callable

from companion.errors import HardwareError
from companion.i18n import Domain

D = Domain("hardware", "hardware")

WAIT_STEP = 0.05
"""Seconds between two looks at ``cancel`` while a call runs."""


class DriverThread:
    """A daemon thread that makes driver calls, one at a time, for :meth:`call`."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def call(self, fn: Callable[[], Any], timeout: float, cancel: threading.Event,
             orphan: Callable[[Any], None] | None = None) -> Any:
        """``fn()`` made on this thread: its result, or its exception raised here.

        Raises :class:`HardwareError` when ``fn`` has not returned after ``timeout``
        seconds or ``cancel`` is set first; this thread is then closed, and ``orphan``
        gets the result should ``fn`` still return one.
        """
        future: Future = Future()
        self._jobs.put((fn, future))
        deadline = time.monotonic() + timeout
        while True:
            try:
                return future.result(min(WAIT_STEP, max(deadline - time.monotonic(), 0.0)))
            except TimeoutError:
                if cancel.is_set() or time.monotonic() >= deadline:
                    break
        self.close()
        if orphan is not None:
            future.add_done_callback(lambda done: _hand_over(done, orphan))
        raise HardwareError(D.text("the camera is stopping") if cancel.is_set() else
                            D.text("the camera did not answer for {seconds} seconds", seconds=f"{timeout:g}"))

    def close(self) -> None:
        """End the thread once the call it makes (if any) returns."""
        self._jobs.put(None)

    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            fn, future = job
            try:
                future.set_result(fn())
            except BaseException as err:  # handed to the caller, whatever it is
                future.set_exception(err)


def _hand_over(done: Future, orphan: Callable[[Any], None]) -> None:
    """Give an abandoned call's late result to ``orphan`` (nobody is left to tell of a failure)."""
    if done.exception() is None:
        try:
            orphan(done.result())
        except Exception:  # noqa: BLE001 - nobody is left to tell
            pass
