"""Fixtures of the hardware tests. RFID fixtures are prefixed ``rfid_``."""

from __future__ import annotations

from typing import Callable, Iterator

import pytest

from companion.inputs import InputQueue
from hardware.rfid import RfidReader, SimulatedTable, open_readers, simulated_table
from hardware.rfid.settings import ReaderConfig, RfidConfig

RFID_POLL = 0.002


@pytest.fixture
def rfid_table() -> Iterator[SimulatedTable]:
    """The process's simulated table, emptied before and after the test."""
    table = simulated_table()
    table.reset()
    yield table
    table.reset()


@pytest.fixture
def rfid_queue() -> InputQueue:
    return InputQueue()


@pytest.fixture
def rfid_readers(rfid_table: SimulatedTable, rfid_queue: InputQueue
                 ) -> Iterator[Callable[..., list[RfidReader]]]:
    """``make(*readers, removal_misses=2)``: simulated readers polling fast, started;
    all are closed after the test. Default: one reader on zone ``main``."""
    made: list[RfidReader] = []

    def make(*readers: ReaderConfig, removal_misses: int = 2, start: bool = True) -> list[RfidReader]:
        config = RfidConfig(backend="simulated", poll_interval=RFID_POLL, removal_misses=removal_misses,
                            readers=readers or (ReaderConfig(),))
        opened = open_readers(config, rfid_queue)
        made.extend(opened)
        if start:
            for reader in opened:
                reader.start()
        return opened

    yield make
    for reader in made:
        reader.close()
