"""Catalogues at run time: the compiled ones are kept in the cache directory and read
from there at the next start (a damaged cached copy is compiled again, a cache that
cannot be written only costs the compiling), and numbers in messages are written as the
reader's language writes them."""

from __future__ import annotations

import pytest

from companion import i18n


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(i18n, "_cache", {})
    return tmp_path / "cache" / "catalogues"


def nl(msgid: str) -> str:
    return i18n.translations("ui", "nl").gettext(msgid)


def test_the_compiled_catalogue_is_kept_and_read_back(fresh, monkeypatch):
    translated = nl("Home")
    assert translated != "Home"
    kept = list(fresh.glob("ui-nl-*.mo"))
    assert len(kept) == 1
    monkeypatch.setattr(i18n, "_cache", {})
    import babel.messages.pofile as pofile

    monkeypatch.setattr(pofile, "read_po", lambda *a, **k: pytest.fail("compiled again"))
    assert nl("Home") == translated


def test_a_damaged_cached_copy_is_compiled_again(fresh, monkeypatch):
    translated = nl("Home")
    (kept,) = fresh.glob("ui-nl-*.mo")
    kept.write_bytes(b"\x00 not a catalogue")
    monkeypatch.setattr(i18n, "_cache", {})
    assert nl("Home") == translated
    assert kept.read_bytes()[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")   # gettext's magic number again


def test_a_cache_that_cannot_be_written_still_translates(monkeypatch, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    monkeypatch.setenv("COMPANION_CACHE", str(blocked))
    monkeypatch.setattr(i18n, "_cache", {})
    assert nl("Home") != "Home"


@pytest.mark.parametrize("lang, expected", [("en", "15.2 frames, 0.12, 1920×1080, 2.5, 0A, 3"),
                                            ("fr", "15,2 frames, 0,12, 1920×1080, 2,5, 0A, 3"),
                                            ("nl", "15,2 frames, 0,12, 1920×1080, 2,5, 0A, 3")])
def test_numbers_in_messages_are_written_as_the_language_writes_them(lang, expected):
    text = i18n.Text("{fps} frames, {c:.2f}, {w:.0f}×{h:.0f}, {u:g}, {v:02X}, {n}",
                     fps=15.2, c=0.1234, w=1920.0, h=1080.0, u=2.5, v=10, n=3)
    assert text.render(lang) == expected
