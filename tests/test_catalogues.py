"""Every message the code shows exists, translated, in the Dutch, French and English
catalogues of its package, and every translation keeps the msgid's placeholders."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES, Text, domain_sources, extract_messages, parse_po

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
            if not extract_messages([path.read_text(encoding="utf-8")]):
                continue
            owners = [d for d in path.parents if (d / "locale").is_dir() and ROOT / pkg in (d, *d.parents)]
            assert owners, f"{path.relative_to(ROOT)} shows messages but its package has no locale/ catalogues"


@pytest.mark.parametrize("package", DOMAINS, ids=lambda p: str(p.relative_to(ROOT)))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_is_complete(package: Path, lang: str):
    used = extract_messages(p.read_text(encoding="utf-8") for p in domain_sources(package))
    files = list((package / "locale" / lang / "LC_MESSAGES").glob("*.po"))
    assert len(files) == 1, f"{package}: one {lang} catalogue expected, found {files}"
    entries = parse_po(files[0].read_text(encoding="utf-8"))
    missing = sorted(m for m, _ in used if (m, _) not in entries)
    assert not missing, f"{files[0]}: missing msgids {missing[:10]}"
    untranslated = sorted(m for (m, p), strs in entries.items() if m and not all(strs))
    assert not untranslated, f"{files[0]}: untranslated {untranslated[:10]}"
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
