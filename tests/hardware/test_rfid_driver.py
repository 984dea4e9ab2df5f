"""The unmodified PyPI ``mfrc522`` driver (``MFRC522`` and ``SimpleMFRC522``) against the
emulated MFRC522 chip and simulated MIFARE Classic tags."""

from __future__ import annotations

from typing import Iterator

import pytest

from hardware.rfid.emulator import COLL_ERR, PARITY_ERR, Reg
from hardware.rfid.fakes import BCM, BOARD, installed
from hardware.rfid.iso14443 import bcc, parse_uid
from hardware.rfid.table import SimulatedTable

UID = "04A1B2C3"
OTHER = "5E6F7A8B"
KEY = [0xFF] * 6


def number(uid: str) -> int:
    """What SimpleMFRC522 reports: the UID and its BCC as one integer."""
    raw = parse_uid(uid)
    return int.from_bytes(raw + bytes((bcc(raw),)), "big")


@pytest.fixture
def table() -> SimulatedTable:
    return SimulatedTable()


@pytest.fixture
def mfrc522(table: SimulatedTable) -> Iterator:
    """The real ``mfrc522`` package, imported with the fake spidev and RPi.GPIO."""
    with installed(table):
        import mfrc522

        yield mfrc522


def selected(reader, uid: str) -> list[int]:
    """REQA, anticollision and SELECT on the tag ``uid``; returns the driver's serial."""
    status, _ = reader.MFRC522_Request(reader.PICC_REQIDL)
    assert status == reader.MI_OK
    status, serial = reader.MFRC522_Anticoll()
    assert status == reader.MI_OK and bytes(serial[:4]) == parse_uid(uid)
    assert reader.MFRC522_SelectTag(serial) == 0x08
    return serial


def test_the_chip_introduces_itself_and_the_reset_pin_is_driven_high(mfrc522, table):
    reader = mfrc522.MFRC522(bus=0, device=0, pin_mode=BCM, pin_rst=25)
    assert reader.Read_MFRC522(Reg.Version) == 0x92
    assert table.gpio.mode == BCM and table.gpio.level(25) == 1
    assert reader.Read_MFRC522(reader.TxControlReg) & 0x03 == 0x03  # antenna on after init
    assert reader.CalulateCRC([0x50, 0x00]) == [0x57, 0xCD]  # HLTA's CRC_A from ISO 14443-3


def test_simple_reader_reads_the_uid_only_on_every_other_poll(mfrc522, table):
    reader = mfrc522.SimpleMFRC522()
    assert reader.read_id_no_block() is None
    table.place((0, 0), UID)
    # REQA + anticollision leaves the tag READY; the next REQA sends it back to IDLE unanswered.
    assert [reader.read_id_no_block() for _ in range(6)] == [number(UID), None] * 3
    table.lift((0, 0), UID)
    assert [reader.read_id_no_block() for _ in range(2)] == [None, None]


def test_simple_reader_writes_and_reads_text(mfrc522, table):
    table.place((0, 0), UID)
    reader = mfrc522.SimpleMFRC522()
    assert reader.write_no_block("black horse") == (number(UID), "black horse")
    results = [reader.read_no_block() for _ in range(2)]  # the first poll after a write misses
    assert results[0] == (None, None)
    assert results[1][0] == number(UID) and results[1][1].rstrip() == "black horse"
    assert table.tag(UID).memory.block(8).startswith(b"black horse")


def test_block_write_and_read_with_key_a(mfrc522, table):
    table.place((0, 1), UID)
    reader = mfrc522.MFRC522(bus=0, device=1, pin_mode=BCM, pin_rst=24)
    serial = selected(reader, UID)
    assert reader.MFRC522_Auth(reader.PICC_AUTHENT1A, 4, KEY, serial) == reader.MI_OK
    assert reader.Read_MFRC522(reader.Status2Reg) & 0x08  # MFCrypto1On
    reader.MFRC522_Write(5, list(b"0123456789abcdef"))
    assert reader.MFRC522_Read(5) == list(b"0123456789abcdef")
    trailer = reader.MFRC522_Read(7)
    assert trailer[:6] == [0] * 6  # key A never reads back
    assert trailer[6:10] == [0xFF, 0x07, 0x80, 0x69]
    assert reader.MFRC522_Read(8) is None  # another sector needs its own authentication
    reader.MFRC522_StopCrypto1()
    assert not reader.Read_MFRC522(reader.Status2Reg) & 0x08
    assert table.tag(UID).memory.block(5) == b"0123456789abcdef"


def test_a_wrong_key_is_refused_and_nothing_can_be_read(mfrc522, table):
    table.place((0, 0), UID, data={4: b"secret"})
    reader = mfrc522.MFRC522(bus=0, device=0, pin_mode=BCM, pin_rst=25)
    serial = selected(reader, UID)
    assert reader.MFRC522_Auth(reader.PICC_AUTHENT1A, 4, [0x00] * 6, serial) == reader.MI_ERR
    assert not reader.Read_MFRC522(reader.Status2Reg) & 0x08
    assert reader.MFRC522_Read(4) is None


def test_hlta_halts_the_tag_until_wupa(mfrc522, table):
    table.place((0, 0), UID)
    reader = mfrc522.MFRC522(bus=0, device=0, pin_mode=BCM, pin_rst=25)
    selected(reader, UID)
    halt = [0x50, 0x00]
    status, answer, _ = reader.MFRC522_ToCard(reader.PCD_TRANSCEIVE, halt + reader.CalulateCRC(halt))
    assert answer == []  # a halted tag does not answer HLTA
    assert [reader.MFRC522_Request(reader.PICC_REQIDL)[0] for _ in range(3)] == [reader.MI_ERR] * 3
    status, bits = reader.MFRC522_Request(reader.PICC_REQALL)
    assert status == reader.MI_OK and bits == 16  # ATQA
    status, serial = reader.MFRC522_Anticoll()
    assert status == reader.MI_OK and bytes(serial[:4]) == parse_uid(UID)


def test_chips_on_different_chip_selects_see_their_own_tags(mfrc522, table):
    table.place((0, 0), UID)
    table.place((0, 1), OTHER)
    first = mfrc522.MFRC522(bus=0, device=0, pin_mode=BCM, pin_rst=25)
    second = mfrc522.MFRC522(bus=0, device=1, pin_mode=BCM, pin_rst=24)
    selected(first, UID)
    selected(second, OTHER)
    table.place((0, 0), OTHER)  # moving a tag takes it off the other reader
    assert table.tags_on((0, 1)) == ()
    assert table.tags_on((0, 0)) == (UID, OTHER)


def test_two_tags_on_one_reader_collide(mfrc522, table):
    table.place((0, 0), UID)
    table.place((0, 0), OTHER)
    reader = mfrc522.MFRC522(bus=0, device=0, pin_mode=BCM, pin_rst=25)
    assert reader.MFRC522_Request(reader.PICC_REQIDL)[0] == reader.MI_OK  # equal ATQAs do not collide
    status, _ = reader.MFRC522_Anticoll()
    assert status == reader.MI_ERR
    assert reader.Read_MFRC522(reader.ErrorReg) & COLL_ERR


@pytest.mark.parametrize("fault, version", [("absent", 0x00), ("absent-high", 0xFF)])
def test_an_absent_board_reads_as_a_constant(mfrc522, table, fault, version):
    table.place((0, 0), UID)
    reader = mfrc522.SimpleMFRC522()
    table.inject_fault((0, 0), fault)
    assert reader.READER.Read_MFRC522(Reg.Version) == version
    assert reader.read_id_no_block() is None
    table.clear_fault((0, 0))
    assert reader.READER.Read_MFRC522(Reg.Version) == 0x92
    assert reader.READER.Read_MFRC522(reader.READER.TxControlReg) & 0x03 == 0  # powered up afresh
    reader.READER.MFRC522_Init()
    assert reader.read_id_no_block() == number(UID)


def test_garbled_frames_set_parity_errors(mfrc522, table):
    table.place((0, 0), UID)
    reader = mfrc522.SimpleMFRC522()
    table.inject_fault((0, 0), "garbled")
    assert [reader.read_id_no_block() for _ in range(4)] == [None] * 4
    assert reader.READER.Read_MFRC522(Reg.Error) & PARITY_ERR
    table.clear_fault((0, 0))
    assert number(UID) in [reader.read_id_no_block() for _ in range(2)]


def test_spi_errors_raise_oserror_until_cleared(mfrc522, table):
    reader = mfrc522.SimpleMFRC522()
    table.inject_fault((0, 0), "spi-error")
    with pytest.raises(OSError):
        reader.read_id_no_block()
    table.clear_fault((0, 0))
    assert reader.READER.Read_MFRC522(Reg.Version) == 0x92


def test_fake_gpio_complains_like_the_real_module(mfrc522, table):
    import RPi.GPIO as GPIO

    with pytest.raises(RuntimeError):
        GPIO.setup(25, GPIO.OUT)  # no numbering mode yet
    GPIO.setmode(GPIO.BOARD)
    with pytest.raises(ValueError):
        GPIO.setmode(GPIO.BCM)
    with pytest.raises(ValueError):
        GPIO.setup(25, GPIO.OUT)  # physical pin 25 is ground
    GPIO.setup(22, GPIO.IN)
    with pytest.raises(RuntimeError):
        GPIO.output(22, 1)
    assert GPIO.getmode() == BOARD
