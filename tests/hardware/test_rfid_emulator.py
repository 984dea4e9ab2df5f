"""Register-level behaviour of the emulated MFRC522 that the mfrc522 driver does not
exercise by itself: FIFO limits, burst reads, Mem, interrupt-register writes, resets."""

from __future__ import annotations

from hardware.rfid.emulator import BUFFER_OVFL, Command, Mfrc522Chip, Reg
from hardware.rfid.iso14443 import REQA, WUPA
from hardware.rfid.tag import SimTag, TagState


def write(chip: Mfrc522Chip, reg: int, *values: int) -> None:
    chip.transfer([(reg << 1) & 0x7E, *values])


def read(chip: Mfrc522Chip, *regs: int) -> list[int]:
    """A burst read of ``regs`` in one transaction."""
    return chip.transfer([((r << 1) & 0x7E) | 0x80 for r in regs] + [0])[1:]


def short_frame(chip: Mfrc522Chip, command: int, bits: int = 7) -> list[int]:
    """Transceive one byte with ``bits`` valid bits; returns the FIFO's answer."""
    write(chip, Reg.FIFOLevel, 0x80)
    write(chip, Reg.FIFOData, command)
    write(chip, Reg.Command, Command.Transceive)
    write(chip, Reg.BitFraming, 0x80 | (bits & 0x07))
    (level,) = read(chip, Reg.FIFOLevel)
    return read(chip, *[Reg.FIFOData] * level) if level else []


def test_the_fifo_holds_64_bytes_and_flags_an_overflow():
    chip = Mfrc522Chip()
    write(chip, Reg.FIFOData, *range(70))
    assert read(chip, Reg.FIFOLevel, Reg.Error) == [64, BUFFER_OVFL]
    assert read(chip, Reg.FIFOData, Reg.FIFOData) == [0, 1]
    write(chip, Reg.FIFOLevel, 0x80)
    assert read(chip, Reg.FIFOLevel, Reg.Error) == [0, 0]


def test_mem_keeps_25_bytes_across_a_flush():
    chip = Mfrc522Chip()
    write(chip, Reg.FIFOData, *range(100, 125))
    write(chip, Reg.Command, Command.Mem)
    assert read(chip, Reg.FIFOLevel) == [0]
    write(chip, Reg.Command, Command.Mem)
    assert read(chip, *[Reg.FIFOData] * 25) == list(range(100, 125))
    assert read(chip, Reg.ComIrq)[0] & 0x10  # Mem ends by itself: IdleIRq


def test_interrupt_bits_are_set_and_cleared_by_the_set_bit():
    chip = Mfrc522Chip()
    write(chip, Reg.ComIrq, 0x7F)  # Set1 = 0: clear every marked bit
    assert read(chip, Reg.ComIrq) == [0]
    write(chip, Reg.ComIrq, 0x80 | 0x21)  # Set1 = 1: set the marked bits
    assert read(chip, Reg.ComIrq) == [0x21]


def test_short_frames_need_seven_bits_and_the_antenna_on():
    chip = Mfrc522Chip()
    tag = SimTag(bytes.fromhex("04A1B2C3"))
    chip.place(tag)
    write(chip, Reg.TMode, 0x8D)
    assert short_frame(chip, REQA) == []  # antenna still off after power-on
    write(chip, Reg.TxControl, 0x83)
    assert short_frame(chip, REQA, bits=0) == []  # a full byte is no REQA
    assert short_frame(chip, WUPA) == [0x04, 0x00]
    assert tag.state is TagState.READY
    assert read(chip, Reg.Control)[0] & 0x07 == 0
    write(chip, Reg.Command, Command.SoftReset)
    assert tag.state is TagState.IDLE  # the field went off: the tag lost power
    assert read(chip, Reg.TxControl, Reg.Mode) == [0x80, 0x3F]
