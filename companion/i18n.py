"""User-facing text in Dutch, French and English, through gettext.

Each top-level package owns one gettext *domain* whose catalogues live beside its code::

    <package>/locale/<lang>/LC_MESSAGES/<domain>.po

The ``.po`` files are the source of truth and are compiled to gettext's binary form in
memory when first used, so a checkout runs without a build step and a translator edits
one file. The language can change while the app runs (:func:`set_language`).

Usage in a module::

    from companion.i18n import Domain
    _, N_, ngettext = Domain("hardware").markers()

    raise DeviceOffline(Text("Reader {zone} is not answering.", zone=zone))

``_`` translates now (in the current language); ``N_`` only marks a string for the
catalogue; :class:`Text` keeps a message with its parameters and renders it later in
any language, which is what verdicts, errors and log entries carry. All msgids are
English with ``{name}`` placeholders filled by :meth:`str.format`.
"""

from __future__ import annotations

import ast
import gettext
import io
import struct
import threading
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Callable, Iterable, Mapping

LANGUAGES: tuple[str, ...] = ("nl", "fr", "en")
"""The languages every catalogue must cover, in the order the settings screen lists them."""

LANGUAGE_NAMES: Mapping[str, str] = {"nl": "Nederlands", "fr": "Français", "en": "English"}

DEFAULT_DOMAIN = "companion"

_state = threading.local()
_global_language = ["en"]
_cache: dict[tuple[str, str], gettext.NullTranslations] = {}
_cache_lock = threading.Lock()
_listeners: list[Callable[[str], None]] = []


def set_language(lang: str) -> None:
    """Switch the language of the whole app; listeners (the UI) are told."""
    if lang not in LANGUAGES:
        from companion.errors import ConfigError

        raise ConfigError(Text("Unknown language {lang!r}; choose one of {choices}.",
                               lang=lang, choices=", ".join(LANGUAGES)))
    _global_language[0] = lang
    for listener in list(_listeners):
        listener(lang)


def current_language() -> str:
    """The language used by ``_`` and by :meth:`Text.render` without an argument."""
    return getattr(_state, "lang", None) or _global_language[0]


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(lang)`` after every :func:`set_language`."""
    _listeners.append(listener)


def parse_po(text: str) -> dict[tuple[str, str | None], list[str]]:
    """Parse a ``.po`` file into ``{(msgid, msgid_plural): [msgstr, ...]}``.

    Fuzzy entries are skipped, as ``msgfmt`` does. The header has msgid ``""``.
    """
    entries: dict[tuple[str, str | None], list[str]] = {}
    msgid: list[str] | None = None
    plural: list[str] | None = None
    strs: dict[int, list[str]] = {}
    current: list[str] | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal msgid, plural, strs, fuzzy
        if msgid is not None and not fuzzy:
            key = ("".join(msgid), "".join(plural) if plural is not None else None)
            entries[key] = ["".join(strs[i]) for i in sorted(strs)]
        msgid, plural, strs, fuzzy = None, None, {}, False

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if msgid is not None and strs:
                flush()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith("msgid_plural "):
            plural = [ast.literal_eval(line[len("msgid_plural "):])]
            current = plural
        elif line.startswith("msgid "):
            if msgid is not None:
                keep_fuzzy = fuzzy
                flush()
                fuzzy = keep_fuzzy
            msgid = [ast.literal_eval(line[len("msgid "):])]
            current = msgid
        elif line.startswith("msgstr["):
            index = int(line[len("msgstr["):line.index("]")])
            strs[index] = [ast.literal_eval(line[line.index("]") + 1:].strip())]
            current = strs[index]
        elif line.startswith("msgstr "):
            strs[0] = [ast.literal_eval(line[len("msgstr "):])]
            current = strs[0]
        elif line.startswith('"') and current is not None:
            current.append(ast.literal_eval(line))
    flush()
    return entries


def compile_mo(entries: Mapping[tuple[str, str | None], list[str]]) -> bytes:
    """Build gettext's binary ``.mo`` image from parsed entries (what ``msgfmt`` does)."""
    pairs = []
    for (msgid, plural), strs in entries.items():
        if not any(strs) and msgid:
            continue  # untranslated: fall back to the msgid
        key = msgid if plural is None else msgid + "\0" + plural
        pairs.append((key.encode("utf-8"), "\0".join(strs).encode("utf-8")))
    pairs.sort()
    n = len(pairs)
    keys_start = 7 * 4
    values_start = keys_start + n * 8
    data_start = values_start + n * 8
    ids = b""
    strs_blob = b""
    key_table = []
    value_table = []
    for key, value in pairs:
        key_table.append((len(key), data_start + len(ids)))
        ids += key + b"\0"
    for key, value in pairs:
        value_table.append((len(value), data_start + len(ids) + len(strs_blob)))
        strs_blob += value + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, keys_start, values_start, 0, 0)
    out += b"".join(struct.pack("<2I", *entry) for entry in key_table)
    out += b"".join(struct.pack("<2I", *entry) for entry in value_table)
    return out + ids + strs_blob


def _po_path(domain: str, lang: str):
    package = _DOMAIN_PACKAGES.get(domain, domain)
    return resources.files(package).joinpath("locale", lang, "LC_MESSAGES", f"{domain}.po")


_DOMAIN_PACKAGES: dict[str, str] = {}


def translations(domain: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``domain`` in ``lang`` (cached; English falls back to msgids)."""
    key = (domain, lang)
    with _cache_lock:
        found = _cache.get(key)
        if found is None:
            path = _po_path(domain, lang)
            if path.is_file():
                entries = parse_po(path.read_text(encoding="utf-8"))
                found = gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))
            else:
                found = gettext.NullTranslations()
            _cache[key] = found
        return found


@dataclass(frozen=True)
class Domain:
    """A gettext domain: the catalogues of one package.

    ``package`` defaults to the domain name; it is where ``locale/`` is looked up.
    """

    name: str
    package: str | None = None

    def __post_init__(self) -> None:
        _DOMAIN_PACKAGES[self.name] = self.package or self.name

    def gettext(self, msgid: str) -> str:
        return translations(self.name, current_language()).gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return translations(self.name, current_language()).ngettext(singular, plural, n)

    def text(self, msgid: str, /, **params: Any) -> "Text":
        return Text(msgid, params, self.name)

    def markers(self) -> tuple[Callable[[str], str], Callable[[str], str], Callable[[str, str, int], str]]:
        """``(_, N_, ngettext)`` bound to this domain."""
        return self.gettext, _mark, self.ngettext


def _mark(msgid: str) -> str:
    """``N_``: mark a string for extraction without translating it."""
    return msgid


@dataclass(frozen=True)
class Text:
    """A message kept untranslated until shown: msgid, parameters and domain.

    Parameters may themselves be :class:`Text` (rendered in the same language).
    With ``plural`` set, ``params["n"]`` selects the form.
    """

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    domain: str = DEFAULT_DOMAIN
    plural: str | None = None

    def __init__(self, msgid: str, params: Mapping[str, Any] | None = None,
                 domain: str = DEFAULT_DOMAIN, plural: str | None = None, **kwargs: Any) -> None:
        object.__setattr__(self, "msgid", msgid)
        object.__setattr__(self, "params", {**(params or {}), **kwargs})
        object.__setattr__(self, "domain", domain)
        object.__setattr__(self, "plural", plural)

    @classmethod
    def raw(cls, text: str) -> "Text":
        """A text that is not translated (a name, a number, a driver's own message)."""
        return cls("{text}", {"text": text}, domain="")

    def render(self, lang: str | None = None) -> str:
        lang = lang or current_language()
        if self.domain:
            cat = translations(self.domain, lang)
            if self.plural is not None:
                template = cat.ngettext(self.msgid, self.plural, int(self.params.get("n", 1)))
            else:
                template = cat.gettext(self.msgid)
        else:
            template = self.msgid
        values = {k: (v.render(lang) if isinstance(v, Text) else v) for k, v in self.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return self.msgid.format(**values)

    def all_languages(self) -> dict[str, str]:
        """``{lang: rendering}`` for every supported language."""
        return {lang: self.render(lang) for lang in LANGUAGES}

    def to_json(self) -> dict[str, Any]:
        def enc(v: Any) -> Any:
            return {"$text": v.to_json()} if isinstance(v, Text) else v

        out: dict[str, Any] = {"msgid": self.msgid, "domain": self.domain}
        if self.params:
            out["params"] = {k: enc(v) for k, v in self.params.items()}
        if self.plural is not None:
            out["plural"] = self.plural
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Text":
        def dec(v: Any) -> Any:
            return cls.from_json(v["$text"]) if isinstance(v, dict) and "$text" in v else v

        return cls(data["msgid"], {k: dec(v) for k, v in data.get("params", {}).items()},
                   data.get("domain", DEFAULT_DOMAIN), data.get("plural"))

    def __str__(self) -> str:
        return self.render()


# The core's own domain.
CORE = Domain(DEFAULT_DOMAIN, "companion")
_, N_, ngettext = CORE.markers()


def domain_sources(package_dir) -> list:
    """The Python files whose messages belong to the catalogues in ``package_dir/locale``:
    every file below it except those under a subdirectory with a ``locale/`` of its own."""
    from pathlib import Path

    package_dir = Path(package_dir)
    owned = []
    for path in sorted(package_dir.rglob("*.py")):
        inner = path.parent
        while inner != package_dir and not (inner / "locale").is_dir():
            inner = inner.parent
        if inner == package_dir:
            owned.append(path)
    return owned


def extract_messages(sources: Iterable[str]) -> set[tuple[str, str | None]]:
    """Every msgid a source uses: ``_("…")``, ``N_("…")``, ``ngettext("…", "…", n)``,
    ``Text("…")``, ``t("…")``, ``tn("…", "…", n)`` and ``<domain>.text("…")`` with
    literal first arguments.

    The catalogue test compares this with the ``.po`` files; a new message without a
    Dutch and French translation fails it.
    """
    found: set[tuple[str, str | None]] = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            if name in ("_", "N_", "t", "text", "Text", "gettext"):
                plural = None
                for kw in node.keywords:
                    if kw.arg == "plural" and isinstance(kw.value, ast.Constant):
                        plural = kw.value.value
                if name == "Text" and first.value == "{text}":
                    continue
                found.add((first.value, plural))
            elif name in ("ngettext", "tn") and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                found.add((first.value, node.args[1].value))
    return found
