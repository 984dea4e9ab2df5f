"""Every message the code shows exists, translated, in the Dutch, French and English
catalogues of its package, and every translation keeps the msgid's placeholders."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from babel.messages.pofile import read_po

from companion.i18n import LANGUAGES, Text, domain_sources, extract_messages, format_moment, format_number, \
    set_language

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("companion", "hardware", "vision", "ui")


def domain_dirs() -> list[Path]:
    return sorted({p.parent for pkg in PACKAGES for p in (ROOT / pkg).glob("**/locale") if p.is_dir()})


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)[^}]*\}", text))


DOMAINS = domain_dirs()


def test_every_module_with_messages_has_a_catalogue():
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            if not extract_messages([path]):
                continue
            owners = [d for d in path.parents if (d / "locale").is_dir() and ROOT / pkg in (d, *d.parents)]
            assert owners, f"{path.relative_to(ROOT)} shows messages but its package has no locale/ catalogues"


@pytest.mark.parametrize("package", DOMAINS, ids=lambda p: str(p.relative_to(ROOT)))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_is_complete(package: Path, lang: str):
    used = extract_messages(domain_sources(package))
    files = list((package / "locale" / lang / "LC_MESSAGES").glob("*.po"))
    assert len(files) == 1, f"{package}: one {lang} catalogue expected, found {files}"
    with files[0].open("rb") as po:
        catalog = read_po(po)
    entries = {(m.id, None) if isinstance(m.id, str) else tuple(m.id):
               list(m.string) if isinstance(m.string, (list, tuple)) else [m.string] for m in catalog if m.id}
    missing = sorted(m for m, _ in used if (m, _) not in entries)
    assert not missing, f"{files[0]}: missing msgids {missing[:10]}"
    untranslated = sorted(m for (m, p), strs in entries.items() if not all(strs))
    assert not untranslated, f"{files[0]}: untranslated {untranslated[:10]}"
    fuzzy = sorted(m.id for m in catalog if m.id and m.fuzzy)
    assert not fuzzy, f"{files[0]}: fuzzy entries to check {fuzzy[:10]}"
    for (msgid, plural), strs in entries.items():
        for value in strs:
            assert placeholders(value) <= placeholders(msgid) | placeholders(plural or ""), (
                f"{files[0]}: {value!r} uses a placeholder that {msgid!r} does not give")


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="gettext's msgfmt is not installed")
@pytest.mark.parametrize("package", DOMAINS, ids=lambda p: str(p.relative_to(ROOT)))
def test_catalogues_compile_with_msgfmt(package: Path, tmp_path: Path):
    for po in (package / "locale").glob("*/LC_MESSAGES/*.po"):
        result = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(po)],
                                capture_output=True, text=True)
        assert result.returncode == 0, f"{po}: {result.stderr}"


def test_text_renders_in_each_language():
    text = Text("There is nothing to undo.")
    rendered = text.all_languages()
    assert rendered["en"] == "There is nothing to undo."
    assert rendered["nl"] != rendered["en"] and rendered["fr"] != rendered["en"]


def test_messages_are_found_inside_f_strings_and_computed_arguments_are_not_messages(tmp_path):
    source = tmp_path / "screen.py"
    source.write_text("""
label = f"[b]{_('Total')}[/b]"
event = t(NAMES[view["last_event"]])
shown = _("Last event: {event}").format(event=t(NAMES[view["last_event"]]).render())
count = ngettext("{n} card", "{n} cards", n)
summary = Text("{done} of {n} token", {"n": 2}, "rfid", plural="{done} of {n} tokens")
name = Text("{text}", {"text": "Ann"}, domain="")
""", encoding="utf-8")
    assert extract_messages([source]) == {("Total", None), ("Last event: {event}", None),
                                          ("{n} card", "{n} cards"), ("{done} of {n} token", "{done} of {n} tokens")}


def test_a_fuzzy_translation_is_not_shown(tmp_path, monkeypatch):
    """A translation that update-catalogues carried over from a similar old message waits for a translator."""
    from companion import i18n

    locale = tmp_path / "fuzzydemo" / "locale" / "nl" / "LC_MESSAGES"
    locale.mkdir(parents=True)
    (tmp_path / "fuzzydemo" / "__init__.py").write_text("")
    (locale / "demo.po").write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                                    'msgid "Ready"\nmsgstr "Klaar"\n\n'
                                    '#, fuzzy\nmsgid "Ready now"\nmsgstr "Klaar"\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    demo = i18n.Domain("demo", "fuzzydemo")
    assert Text("Ready", domain=demo.name).render("nl") == "Klaar"
    assert Text("Ready now", domain=demo.name).render("nl") == "Ready now"


@pytest.mark.parametrize("lang, average, big", [("nl", "17,0", "1.234,5"), ("fr", "17,0", "1\u202f234,5"),
                                                 ("en", "17.0", "1,234.5")])
def test_numbers_are_written_as_each_language_writes_them(lang, average, big):
    set_language(lang)
    try:
        assert format_number(17, 1) == average
        assert format_number(1234.5, 1) in (big, big.replace("\u202f", "\u00a0"))
        assert format_number(7) == "7"
    finally:
        set_language("en")


def test_each_language_has_its_own_date_format():
    from datetime import datetime

    moment = datetime(2026, 11, 22, 20, 15)
    shown = {}
    for lang in LANGUAGES:
        set_language(lang)
        shown[lang] = format_moment(moment)
    set_language("en")
    assert shown["nl"].startswith("22-11-2026") and shown["fr"].startswith("22/11/2026")
    assert shown["en"].startswith("11/22/26") and all("20:15" in shown[k] for k in ("nl", "fr"))


RULEBOOK_WORDS = {
    ("companion/games/mustang", "fr"): (r"\bjetons?\b", r"\bcorral\b", r"\bécuries?\b"),
    ("companion/games/mustang", "nl"): (r"\bdealer\b", r"\bgever\b"),
    ("ui", "nl"): (r"\bdealer\b", r"\bgever\b"),
    ("companion", "nl"): (r"\bdealer\b", r"\bgever\b"),
}
"""Words the rulebooks do not use where the catalogues once did (issue 17, item 10):
Mustang's French rulebook says compteur, enclos and étable; its Dutch one deler."""

NEUTER_FICHE = r"\b(de|deze|die|welke|bekende|andere) fiche\b"
"""Dutch "fiche" is neuter in the Mustang rulebook (het fiche, een bekend fiche)."""


def translations(package: str, lang: str) -> list[str]:
    (path,) = (ROOT / package / "locale" / lang / "LC_MESSAGES").glob("*.po")
    with path.open("rb") as po:
        catalog = read_po(po)
    return [re.sub(r"\{[^}]*\}", "", s) for m in catalog if m.id   # the words, not the placeholders
            for s in (m.string if isinstance(m.string, (list, tuple)) else [m.string])]


@pytest.mark.parametrize("package, lang", sorted(RULEBOOK_WORDS))
def test_translations_use_the_rulebooks_words(package: str, lang: str):
    wrong = [(pattern, text) for text in translations(package, lang) for pattern in RULEBOOK_WORDS[package, lang]
             if re.search(pattern, text, re.IGNORECASE)]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("package", DOMAINS, ids=lambda p: str(p.relative_to(ROOT)))
def test_dutch_fiche_is_neuter(package: Path):
    wrong = [text for text in translations(str(package.relative_to(ROOT)), "nl")
             if re.search(NEUTER_FICHE, text, re.IGNORECASE)]
    assert not wrong, wrong[:5]
