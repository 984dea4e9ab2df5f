"""The MFRC522 driver (hardware.rfid.driver) handed an SPI object wired to the emulated
MFRC522 chip, with simulated MIFARE Classic tags: the code that runs at the table,
without any faked module."""

from __future__ import annotations

import pytest
from gpiozero import DigitalOutputDevice
from gpiozero.pins.mock import MockFactory

from hardware.rfid.driver import Mfrc522
from hardware.rfid.emulator import COLL_ERR, MF_CRYPTO1_ON, PARITY_ERR, Reg
from hardware.rfid.exchange import ATQA_BITS, anticollision, request, transceive
from hardware.rfid.iso14443 import REQA, WUPA, parse_uid
from hardware.rfid.table import SimulatedTable

UID = "04A1B2C3"
OTHER = "5E6F7A8B"
KEY = bytes([0xFF] * 6)


@pytest.fixture
def table() -> SimulatedTable:
    return SimulatedTable()


def chip(table: SimulatedTable, device: int = 0) -> Mfrc522:
    return Mfrc522(table.spi(0, device))


def selected(driver: Mfrc522, uid: str) -> bytes:
    """REQA, anticollision and SELECT on the tag ``uid``; returns its UID and BCC."""
    assert request(driver, WUPA).answered(ATQA_BITS)
    serial = anticollision(driver).serial
    assert serial is not None and serial[:4] == parse_uid(uid)
    assert driver.select(serial)
    return serial


def test_the_chip_introduces_itself_and_the_reset_pin_is_driven_high(table):
    factory = MockFactory()
    reset = DigitalOutputDevice(25, initial_value=False, pin_factory=factory)
    driver = Mfrc522(table.spi(0, 0), reset)
    assert driver.version() == 0x92 and factory.pin(25).state
    assert driver.read(Reg.TxControl) & 0x03 == 0x03  # antenna on after set-up
    assert driver.crc([0x50, 0x00]) == [0x57, 0xCD]  # HLTA's CRC_A from ISO 14443-3


def test_the_uid_is_read_on_every_other_reqa(table):
    driver = chip(table)
    table.place((0, 0), UID)
    # REQA + anticollision leaves the tag READY; the next REQA sends it back to IDLE unanswered.
    seen = []
    for _ in range(6):
        seen.append(request(driver, REQA).answered(ATQA_BITS) and anticollision(driver).serial[:4])
    assert seen == [parse_uid(UID), False] * 3
    table.lift((0, 0), UID)
    assert not request(driver, WUPA).answered(ATQA_BITS)


def test_block_write_and_read_with_key_a(table):
    table.place((0, 1), UID)
    driver = chip(table, 1)
    serial = selected(driver, UID)
    assert driver.authenticate(4, KEY, serial) and driver.read(Reg.Status2) & MF_CRYPTO1_ON
    assert driver.write_block(5, b"0123456789abcdef")
    assert driver.read_block(5) == b"0123456789abcdef"
    trailer = driver.read_block(7)
    assert trailer[:6] == bytes(6)  # key A never reads back
    assert trailer[6:10] == bytes([0xFF, 0x07, 0x80, 0x69])
    assert driver.read_block(8) is None  # another sector needs its own authentication
    driver.stop_crypto()
    assert not driver.read(Reg.Status2) & MF_CRYPTO1_ON
    assert table.tag(UID).memory.block(5) == b"0123456789abcdef"


def test_a_wrong_key_is_refused_and_nothing_can_be_read(table):
    table.place((0, 0), UID, data={4: b"secret"})
    driver = chip(table)
    serial = selected(driver, UID)
    assert not driver.authenticate(4, bytes(6), serial)
    assert not driver.read(Reg.Status2) & MF_CRYPTO1_ON
    assert driver.read_block(4) is None
    assert not driver.write_block(4, b"x" * 16)


def test_hlta_halts_the_tag_until_wupa(table):
    table.place((0, 0), UID)
    driver = chip(table)
    selected(driver, UID)
    halt = [0x50, 0x00]
    assert transceive(driver, halt + driver.crc(halt)).data == b""  # a halted tag does not answer HLTA
    assert not any(request(driver, REQA).answered(ATQA_BITS) for _ in range(3))
    assert request(driver, WUPA).answered(ATQA_BITS)
    assert anticollision(driver).serial[:4] == parse_uid(UID)


def test_chips_on_different_chip_selects_see_their_own_tags(table):
    table.place((0, 0), UID)
    table.place((0, 1), OTHER)
    selected(chip(table, 0), UID)
    selected(chip(table, 1), OTHER)
    table.place((0, 0), OTHER)  # moving a tag takes it off the other reader
    assert table.tags_on((0, 1)) == ()
    assert table.tags_on((0, 0)) == (UID, OTHER)


def test_two_tags_on_one_reader_collide(table):
    table.place((0, 0), UID)
    table.place((0, 0), OTHER)
    driver = chip(table)
    assert request(driver, REQA).answered(ATQA_BITS)  # equal ATQAs do not collide
    assert anticollision(driver).serial is None
    assert driver.read(Reg.Error) & COLL_ERR


@pytest.mark.parametrize("fault, version", [("absent", 0x00), ("absent-high", 0xFF)])
def test_an_absent_board_reads_as_a_constant(table, fault, version):
    table.place((0, 0), UID)
    driver = chip(table)
    table.inject_fault((0, 0), fault)
    assert driver.version() == version
    assert not request(driver, REQA).answered(ATQA_BITS)
    table.clear_fault((0, 0))
    assert driver.version() == 0x92
    assert driver.read(Reg.TxControl) & 0x03 == 0  # powered up afresh: the antenna is off
    assert request(chip(table), WUPA).answered(ATQA_BITS)  # set up again, it reads the tag


def test_garbled_frames_set_parity_errors(table):
    table.place((0, 0), UID)
    driver = chip(table)
    table.inject_fault((0, 0), "garbled")
    assert not any(request(driver, WUPA).answered(ATQA_BITS) for _ in range(4))
    assert driver.read(Reg.Error) & PARITY_ERR
    table.clear_fault((0, 0))
    assert request(driver, WUPA).answered(ATQA_BITS)


def test_spi_errors_raise_oserror_until_cleared_and_a_closed_connection_fails(table):
    driver = chip(table)
    table.inject_fault((0, 0), "spi-error")
    with pytest.raises(OSError):
        request(driver, REQA)
    table.clear_fault((0, 0))
    assert driver.version() == 0x92
    driver.close()
    with pytest.raises(OSError):
        driver.version()
