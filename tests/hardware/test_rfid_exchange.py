"""What a poll costs on the SPI bus: REQA and anticollision with a bounded wait, over the
driver's register access, against the emulated chip."""

from __future__ import annotations

import time

import pytest

from hardware.rfid.driver import Mfrc522
from hardware.rfid.emulator import Reg
from hardware.rfid.exchange import ANSWER_WAIT, ATQA_BITS, WAIT_STEP, anticollision, request
from hardware.rfid.iso14443 import REQA, WUPA

UID = "04A1B2C3"
WAIT = 10.0


@pytest.fixture
def transfers(rfid_table, monkeypatch):
    """A list that grows by one entry per SPI transfer with the chip at bus 0, device 0."""
    rfid_table.attach("main", 0, 0)
    chip = rfid_table.chip(0, 0)
    counted: list[int] = []
    real = chip.transfer

    def counting(data):
        counted.append(len(data))
        return real(data)

    monkeypatch.setattr(chip, "transfer", counting)
    return counted


@pytest.fixture
def driver(rfid_table):
    """The driver on the emulated chip at bus 0, device 0 (set up)."""
    rfid_table.attach("main", 0, 0)
    made = Mfrc522(rfid_table.spi(0, 0))
    yield made
    made.close()


def per_poll(reader, transfers: list[int], polls: int = 20) -> float:
    assert reader.wait_polls(2, WAIT)  # connected, chip initialised
    before, start = len(transfers), reader.polls
    assert reader.wait_polls(polls, WAIT)
    return (len(transfers) - before) / (reader.polls - start)


def test_an_empty_poll_costs_a_few_transfers_not_two_thousand(rfid_readers, transfers):
    (reader,) = rfid_readers()
    assert per_poll(reader, transfers) < 20


def test_polls_with_a_tag_stay_cheap_and_still_see_it(rfid_readers, rfid_table, rfid_queue, transfers):
    (reader,) = rfid_readers()
    rfid_table.place("main", UID)
    assert rfid_queue.get(timeout=WAIT).uid == UID
    assert per_poll(reader, transfers) < 40
    assert reader.present == UID and rfid_queue.drain() == []  # every-other-poll misses debounced


def test_an_empty_request_ends_at_the_chips_timer(driver, transfers):
    # The mfrc522 package's own request read ComIrqReg 2000 times whatever the timer said.
    transfers.clear()
    assert request(driver, REQA).bits == 0 and len(transfers) < 15


def test_request_and_anticollision_read_the_tag(driver, rfid_table):
    rfid_table.place("main", UID)
    assert request(driver, REQA).answered(ATQA_BITS)
    assert anticollision(driver).serial[:4] == bytes.fromhex(UID)
    # The tag is now READY: a REQA puts it back to IDLE without an answer (the every-other-poll
    # miss), a WUPA wakes it again.
    assert not request(driver, REQA).answered(ATQA_BITS)
    assert request(driver, WUPA).answered(ATQA_BITS)


def test_without_the_chips_timer_the_wait_ends_at_its_deadline(driver, transfers):
    driver.write(Reg.TMode, 0x00)  # no TAuto: nothing tells that no tag answered
    transfers.clear()
    start = time.monotonic()
    assert request(driver, REQA).bits == 0
    assert time.monotonic() - start >= ANSWER_WAIT
    assert len(transfers) <= 10 + ANSWER_WAIT / WAIT_STEP + 2
