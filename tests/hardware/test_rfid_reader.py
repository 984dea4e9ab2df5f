"""The RFID reader backend on emulated chips: debounced tag events, several readers,
faults going offline and coming back, probing, and block and identity access."""

from __future__ import annotations

import time

import pytest
from gpiozero.pins.mock import MockFactory

from companion.errors import DeviceOffline
from companion.inputs import DeviceStatus, InputQueue
from hardware.rfid import (RfidConfig, RfidReader, TagIdentity, TagNotPresent, TagOperationFailed,
                           open_readers)
from hardware.rfid.settings import ReaderConfig

UID = "04A1B2C3"
OTHER = "5E6F7A8B"
WAIT = 10.0  # generous: these waits end as soon as the event arrives


def events(queue: InputQueue, count: int) -> list[tuple]:
    """The next ``count`` inputs, without their times."""
    out = []
    for _ in range(count):
        item = queue.get(timeout=WAIT)
        assert item is not None, f"only {out} arrived"
        out.append((type(item).__name__, item.uid, item.zone) if not isinstance(item, DeviceStatus)
                   else ("DeviceStatus", item.device, item.online))
    return out


def quiet(reader: RfidReader, queue: InputQueue, polls: int = 20) -> list:
    """Whatever arrives while ``reader`` polls ``polls`` more times."""
    assert reader.wait_polls(polls, WAIT)
    return queue.drain()


def test_a_tag_placed_then_lifted_gives_exactly_one_event_each(rfid_readers, rfid_table, rfid_queue):
    (reader,) = rfid_readers()
    assert quiet(reader, rfid_queue, 3) == []
    rfid_table.place("main", UID)
    assert events(rfid_queue, 1) == [("TagPlaced", UID, "main")]
    assert quiet(reader, rfid_queue) == []  # the tag is missed every other poll: no lift
    assert reader.present == UID
    rfid_table.lift("main", UID)
    assert events(rfid_queue, 1) == [("TagRemoved", UID, "main")]
    assert quiet(reader, rfid_queue) == []
    assert reader.present is None


def test_without_debounce_the_every_other_poll_miss_shows(rfid_table, rfid_queue):
    rfid_table.attach("main", 0, 0)
    reader = RfidReader(ReaderConfig(), rfid_queue, poll_interval=0.002, removal_misses=1, table=rfid_table)
    rfid_table.place("main", UID)
    with reader:
        assert events(rfid_queue, 4) == [("TagPlaced", UID, "main"), ("TagRemoved", UID, "main")] * 2


def test_swapping_tags_reports_the_old_one_lifted_then_the_new_one(rfid_readers, rfid_table, rfid_queue):
    (reader,) = rfid_readers()
    rfid_table.place("main", UID)
    assert events(rfid_queue, 1) == [("TagPlaced", UID, "main")]
    rfid_table.lift("main", UID)
    rfid_table.place("main", OTHER)
    assert events(rfid_queue, 2) == [("TagRemoved", UID, "main"), ("TagPlaced", OTHER, "main")]
    assert quiet(reader, rfid_queue) == []


def test_readers_on_different_chip_selects_see_different_tags(rfid_readers, rfid_table, rfid_queue):
    left, right = rfid_readers(ReaderConfig("left", device=0), ReaderConfig("right", device=1, reset_pin=24))
    rfid_table.place("left", UID)
    rfid_table.place("right", OTHER)
    assert sorted(events(rfid_queue, 2)) == [("TagPlaced", UID, "left"), ("TagPlaced", OTHER, "right")]
    rfid_table.lift("left", UID)
    rfid_table.place("left", OTHER)  # moved across
    assert sorted(events(rfid_queue, 3)) == [("TagPlaced", OTHER, "left"), ("TagRemoved", UID, "left"),
                                             ("TagRemoved", OTHER, "right")]
    assert rfid_table.tags_on("left") == (OTHER,) and rfid_table.tags_on("right") == ()
    assert quiet(left, rfid_queue) == [] and quiet(right, rfid_queue) == []


def test_two_tags_on_one_reader_cannot_be_read(rfid_readers, rfid_table, rfid_queue):
    (reader,) = rfid_readers()
    rfid_table.place("main", UID)
    assert events(rfid_queue, 1) == [("TagPlaced", UID, "main")]
    rfid_table.place("main", OTHER)  # their answers collide
    assert events(rfid_queue, 1) == [("TagRemoved", UID, "main")]
    rfid_table.lift("main", UID)
    assert events(rfid_queue, 1) == [("TagPlaced", OTHER, "main")]


@pytest.mark.parametrize("fault", ["absent", "absent-high", "garbled", "spi-error"])
def test_a_failing_board_goes_offline_and_comes_back_by_itself(rfid_readers, rfid_table, rfid_queue, fault):
    (reader,) = rfid_readers()
    rfid_table.place("main", UID)
    assert events(rfid_queue, 1) == [("TagPlaced", UID, "main")]
    rfid_table.inject_fault("main", fault)
    status = rfid_queue.get(timeout=WAIT)
    assert isinstance(status, DeviceStatus) and (status.device, status.online) == ("rfid:main", False)
    assert status.message.render("nl") != status.message.render("en")
    assert not reader.online
    assert quiet(reader, rfid_queue, 3) == []  # still retrying, said once
    rfid_table.lift("main", UID)
    rfid_table.place("main", OTHER)
    rfid_table.clear_fault("main")
    assert events(rfid_queue, 3) == [("DeviceStatus", "rfid:main", True),
                                     ("TagRemoved", UID, "main"), ("TagPlaced", OTHER, "main")]
    assert reader.online


def test_a_board_missing_at_start_reports_offline(rfid_readers, rfid_table, rfid_queue):
    rfid_table.inject_fault((0, 0), "absent")
    (reader,) = rfid_readers()
    assert events(rfid_queue, 1) == [("DeviceStatus", "rfid:main", False)]
    report = reader.probe()
    assert not report.ok and "0x00" in report.message.render("en")
    rfid_table.clear_fault((0, 0))
    rfid_table.place("main", UID)
    assert events(rfid_queue, 2) == [("DeviceStatus", "rfid:main", True), ("TagPlaced", UID, "main")]


def test_the_real_backend_off_a_pi_is_offline_with_a_reason(rfid_queue):
    (reader,) = open_readers(RfidConfig(backend="mfrc522", poll_interval=0.002), rfid_queue)
    with reader:
        status = rfid_queue.get(timeout=WAIT)
    assert isinstance(status, DeviceStatus) and not status.online
    assert "cannot open SPI bus 0, chip select 0" in status.message.render("en")
    assert not reader.probe().ok


def test_a_reset_pin_that_cannot_be_driven_is_explained_and_retried(rfid_table, rfid_queue):
    rfid_table.attach("main", 0, 0)
    factory = MockFactory()
    blocker = __import__("gpiozero").DigitalOutputDevice(25, pin_factory=factory)  # the pin is in use
    reader = RfidReader(ReaderConfig(), rfid_queue, poll_interval=0.002, table=rfid_table, pin_factory=factory)
    report = reader.probe()
    assert not report.ok
    message = report.message.render("en")
    assert "cannot drive its reset pin (BCM 25)" in message and "/var/lib/table-companion" in message
    assert report.message.render("nl") != message
    blocker.close()
    with reader:
        rfid_table.place("main", UID)
        assert events(rfid_queue, 1) == [("TagPlaced", UID, "main")]
    assert factory.pin(25).state  # the chip was let out of reset


def test_readers_sharing_a_reset_pin_drive_it_together(rfid_readers, rfid_table):
    first, second = rfid_readers(ReaderConfig(zone="a"), ReaderConfig(zone="b", device=1))
    assert first.probe().ok and second.probe().ok
    first.close()
    assert rfid_table.pins.pin(25).state and second.probe().ok  # still held for the second


def test_probe_reports_the_chip_and_the_tag(rfid_readers, rfid_table):
    (reader,) = rfid_readers(start=False)
    report = reader.probe()
    assert report.ok and report.details["version"] == "0x92" and report.details["uid"] is None
    rfid_table.place("main", UID)
    report = reader.probe()
    assert report.ok and report.details["uid"] == UID
    assert UID in report.message.render("fr")
    reader.close()


def test_blocks_are_written_and_read_while_the_reader_polls(rfid_readers, rfid_table, rfid_queue):
    (reader,) = rfid_readers()
    rfid_table.place("main", UID)
    assert events(rfid_queue, 1) == [("TagPlaced", UID, "main")]
    for n in range(5):
        reader.write_block(9, f"round {n}".encode())
        assert reader.read_block(9, uid=UID) == f"round {n}".encode().ljust(16, b"\0")
        assert reader.wait_polls(1, WAIT)
    assert quiet(reader, rfid_queue) == []  # reading the tag never made it look lifted
    assert rfid_table.tag(UID).memory.block(9).startswith(b"round 4")


def test_block_access_explains_what_went_wrong(rfid_readers, rfid_table):
    (reader,) = rfid_readers(start=False)
    with pytest.raises(TagNotPresent):
        reader.read_block(4)
    rfid_table.place("main", UID)
    with pytest.raises(TagOperationFailed) as refused:
        reader.read_block(4, key=bytes(6))
    assert "refused the key" in refused.value.text.render("en")
    with pytest.raises(TagNotPresent):
        reader.read_block(4, uid=OTHER)
    with pytest.raises(TagOperationFailed):
        reader.write_block(7, bytes(16))  # a sector trailer: keys are never written
    assert rfid_table.tag(UID).memory.key(1, "A") == bytes([0xFF] * 6)
    assert reader.read_block(4) == bytes(16)
    rfid_table.inject_fault("main", "spi-error")
    with pytest.raises(DeviceOffline):
        reader.read_block(4)
    reader.close()


def test_identity_written_at_one_reader_is_read_at_another(rfid_readers, rfid_table):
    first, second = rfid_readers(ReaderConfig("a"), ReaderConfig("b", device=1), start=False)
    rfid_table.place("a", UID)
    identity = TagIdentity("somegame", "knight-purple-3")
    assert first.write_identity(identity) == UID
    rfid_table.place("b", UID)
    assert second.read_identity() == (UID, identity)
    rfid_table.place("b", OTHER)
    rfid_table.lift("b", UID)
    assert second.read_identity() == (OTHER, None)


def test_the_irq_pin_wakes_the_poll_loop(rfid_table, rfid_queue):
    factory = MockFactory()
    rfid_table.attach("main", 0, 0)
    reader = RfidReader(ReaderConfig(irq_pin=24), rfid_queue, poll_interval=60.0, table=rfid_table,
                        pin_factory=factory)
    with reader:
        deadline = time.monotonic() + WAIT  # (wait_polls(1) would miss a first poll already done)
        while reader.polls < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert reader.polls == 1  # the first poll is done; the next is a minute away
        rfid_table.place("main", UID)
        factory.pin(24).drive_low()
        assert events(rfid_queue, 1) == [("TagPlaced", UID, "main")]
        assert "irq_problem" not in reader.probe().details


def test_an_irq_pin_that_cannot_be_opened_leaves_polling_working(rfid_table, rfid_queue):
    rfid_table.attach("main", 0, 0)
    factory = MockFactory()
    factory.pin(24)  # gpiozero refuses a second device on a pin in use
    blocker = __import__("gpiozero").DigitalInputDevice(24, pin_factory=factory)
    reader = RfidReader(ReaderConfig(irq_pin=24), rfid_queue, poll_interval=0.002, table=rfid_table,
                        pin_factory=factory)
    with reader:
        rfid_table.place("main", UID)
        assert events(rfid_queue, 1) == [("TagPlaced", UID, "main")]
        assert "irq_problem" in reader.probe().details
    blocker.close()
