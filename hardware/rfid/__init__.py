"""RFID token reading: MFRC522 reader boards, their simulation, and the token registry.

Public API:

* :func:`open_readers` builds one :class:`RfidReader` per configured board (not started);
* :func:`simulated_table` is the emulated side of the table (chips, tags, faults) that
  simulated readers read, for the UI's simulation panel and the tests;
* :class:`TokenRegistry` (in :mod:`hardware.rfid.registry`) maps tags to game tokens.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.inputs import InputQueue
    from hardware.rfid.emulator import Fault
    from hardware.rfid.errors import (DuplicateEnrolment, TagNotPresent, TagOperationFailed, TokenError,
                                      UnknownTag)
    from hardware.rfid.identity import TagIdentity
    from hardware.rfid.reader import RfidReader
    from hardware.rfid.registry import Enrolment, EnrolmentProgress, TokenRegistry
    from hardware.rfid.settings import ReaderConfig, RfidConfig
    from hardware.rfid.table import SimulatedTable, simulated_table

_HOMES = {
    "Fault": "emulator", "DuplicateEnrolment": "errors", "TagNotPresent": "errors", "TagOperationFailed": "errors",
    "TokenError": "errors", "UnknownTag": "errors", "TagIdentity": "identity", "RfidReader": "reader",
    "Enrolment": "registry", "EnrolmentProgress": "registry", "TokenRegistry": "registry",
    "ReaderConfig": "settings", "RfidConfig": "settings", "SimulatedTable": "table", "simulated_table": "table",
}
"""Where each name of the public API lives: a submodule is imported when one of its
names is first used, so reading the settings (:mod:`hardware.rfid.settings`) or the
token registry does not load the driver and the chip emulator."""

__all__ = [
    "DuplicateEnrolment", "Enrolment", "EnrolmentProgress", "Fault", "ReaderConfig", "RfidConfig", "RfidReader",
    "SimulatedTable",
    "TagIdentity", "TagNotPresent", "TagOperationFailed", "TokenError", "TokenRegistry", "UnknownTag",
    "open_readers", "simulated_table",
]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)


def open_readers(config: RfidConfig, queue: InputQueue, *, simulate: bool = False) -> list[RfidReader]:
    """One reader per ``[[rfid.readers]]`` entry, delivering to ``queue``; call
    ``start()`` on each. With ``simulate`` (or ``backend = "simulated"``) the readers
    read emulated chips of :func:`simulated_table`, each zone attached to its address."""
    from hardware.rfid.reader import RfidReader
    from hardware.rfid.table import simulated_table

    table = simulated_table() if simulate or config.backend == "simulated" else None
    readers = []
    for reader in config.readers:
        if table is not None:
            table.attach(reader.zone, reader.bus, reader.device)
        readers.append(RfidReader(reader, queue, poll_interval=config.poll_interval,
                                  removal_misses=config.removal_misses, table=table))
    return readers
