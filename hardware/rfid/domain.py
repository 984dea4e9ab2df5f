"""The gettext domain of the RFID package: every user-facing message here goes through it."""

from __future__ import annotations

from companion.i18n import Domain

DOMAIN = Domain("rfid", "hardware.rfid")
_, N_, ngettext = DOMAIN.markers()
