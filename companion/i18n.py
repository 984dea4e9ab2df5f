"""User-facing text in Dutch, French and English, through gettext.

Each top-level package owns one gettext *domain* whose catalogues live beside its code::

    <package>/locale/<lang>/LC_MESSAGES/<domain>.po

The ``.po`` files are the source of truth: Babel reads them and compiles them to
gettext's binary form when first used, so a checkout runs without a build step and a
translator edits one file; the compiled form is kept in the cache directory
(:func:`companion.paths.cache_dir`, keyed by the ``.po`` file's path, size and time) so
that the next start reads it at once; :mod:`gettext` translates at run time.
``scripts/update-catalogues`` brings them in line with the code (Babel's extraction). The
language can change while the app runs (:func:`set_language`).

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
import hashlib
import io
import math
import os
import string
import struct
import threading
from dataclasses import dataclass, field
from datetime import datetime
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

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


def _po_path(domain: str, lang: str) -> Traversable:
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
            found = _compiled(path, domain, lang) if path.is_file() else gettext.NullTranslations()
            _cache[key] = found
        return found


def _compiled(po: Traversable, domain: str, lang: str) -> gettext.GNUTranslations:
    """The catalogue ``po`` compiled: from the cache directory when it holds this very
    file's compiled form, else compiled by Babel and kept there (when it can be written;
    a damaged or unreadable cached copy is compiled again)."""
    kept: Path | None = None
    if isinstance(po, Path):
        from companion.paths import cache_dir

        stat = po.stat()
        tag = hashlib.sha1(f"{po.resolve()}:{stat.st_size}:{stat.st_mtime_ns}".encode()).hexdigest()[:16]
        kept = cache_dir() / "catalogues" / f"{domain}-{lang}-{tag}.mo"
        try:
            return gettext.GNUTranslations(io.BytesIO(kept.read_bytes()))
        except (OSError, ValueError, IndexError, struct.error):
            pass
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, locale=lang, domain=domain)
    mo = io.BytesIO()
    write_mo(mo, catalog)  # fuzzy and untranslated entries fall back to the msgid
    if kept is not None:
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            partial = kept.with_suffix(f".{os.getpid()}.part")
            partial.write_bytes(mo.getvalue())
            os.replace(partial, kept)
            for stale in kept.parent.glob(f"{domain}-{lang}-*.mo"):   # older versions of the file
                if stale != kept:
                    stale.unlink(missing_ok=True)
        except OSError:
            pass   # a read-only cache: compiled again next time
    mo.seek(0)
    return gettext.GNUTranslations(mo)


class _Formatter(string.Formatter):
    """``str.format`` writing decimal fractions as ``lang`` does (15,2 in Dutch and
    French): a float without a format, or with an ``f``/``g`` one, through Babel, its
    digits not grouped (a picture is 1920×1080 in every language)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, float) and math.isfinite(value) and (not format_spec or format_spec[-1] in "fg"):
            precision = format_spec[:-1].lstrip("0123456789,_ +-")
            digits = int(precision[1:]) if precision.startswith(".") and precision[1:].isdigit() else None
            decimals = "." + ("0" * digits if format_spec.endswith("f") and digits is not None else "###")
            from babel.numbers import format_decimal

            return format_decimal(value, format="0" + (decimals if decimals != "." else ""), locale=self.lang)
        return format(value, format_spec)


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
class PlayerRef:
    """A player, by seat (0 for the first), in a :class:`Text`'s parameters: texts that
    name a player from an action alone ("Calamity starts") carry one, and the referee
    session gives them the table's names (:meth:`Text.naming`) before any screen, log
    or printout shows them. A text never named says "player 2"."""

    seat: int


@dataclass(frozen=True)
class PieceRef:
    """A piece on the board, by id, in a :class:`Text`'s parameters, with how it is said
    from its id alone (``said``): texts that name a piece from an action alone carry one,
    and the referee session names it as the board shows it (:meth:`Text.naming`)."""

    id: str
    said: "Text"


@dataclass(frozen=True)
class Text:
    """A message kept untranslated until shown: msgid, parameters and domain.

    Parameters may themselves be :class:`Text` (rendered in the same language),
    :class:`PlayerRef` (a player's name once :meth:`naming` gave the names) or
    :class:`PieceRef` (a piece as the board names it, once :meth:`naming` gave the names).
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
        values = {k: (v.render(lang) if isinstance(v, Text) else Text("player {n}", n=v.seat + 1).render(lang)
                      if isinstance(v, PlayerRef) else v.said.render(lang) if isinstance(v, PieceRef) else v)
                  for k, v in self.params.items()}
        try:
            return _Formatter(lang).format(template, **values)
        except (KeyError, IndexError, ValueError):
            return self.msgid.format(**values)

    def naming(self, names: Sequence[str], pieces: Callable[[], Mapping[str, "Text"]] | None = None) -> "Text":
        """This text with every :class:`PlayerRef` among its parameters (and those of
        its parameters' texts) replaced by the name of that seat in ``names``, and every
        :class:`PieceRef` by the piece's name in ``pieces()`` (asked only when a piece is
        met); a seat or piece without a name stays a reference."""

        def named(value: Any) -> Any:
            if isinstance(value, PlayerRef) and 0 <= value.seat < len(names):
                return Text.raw(names[value.seat])
            if isinstance(value, PieceRef) and pieces is not None:
                return pieces().get(value.id, value)
            return value.naming(names, pieces) if isinstance(value, Text) else value

        return Text(self.msgid, {k: named(v) for k, v in self.params.items()}, self.domain, self.plural)

    def all_languages(self) -> dict[str, str]:
        """``{lang: rendering}`` for every supported language."""
        return {lang: self.render(lang) for lang in LANGUAGES}

    def to_json(self) -> dict[str, Any]:
        def enc(v: Any) -> Any:
            return {"$text": v.to_json()} if isinstance(v, Text) else {"$player": v.seat} \
                if isinstance(v, PlayerRef) else {"$piece": v.id, "said": v.said.to_json()} \
                if isinstance(v, PieceRef) else v

        out: dict[str, Any] = {"msgid": self.msgid, "domain": self.domain}
        if self.params:
            out["params"] = {k: enc(v) for k, v in self.params.items()}
        if self.plural is not None:
            out["plural"] = self.plural
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Text":
        def dec(v: Any) -> Any:
            if isinstance(v, dict) and "$player" in v:
                return PlayerRef(int(v["$player"]))
            if isinstance(v, dict) and "$piece" in v:
                return PieceRef(str(v["$piece"]), cls.from_json(v["said"]))
            return cls.from_json(v["$text"]) if isinstance(v, dict) and "$text" in v else v

        return cls(data["msgid"], {k: dec(v) for k, v in data.get("params", {}).items()},
                   data.get("domain", DEFAULT_DOMAIN), data.get("plural"))

    def __str__(self) -> str:
        return self.render()


# The core's own domain.
CORE = Domain(DEFAULT_DOMAIN, "companion")
_, N_, ngettext = CORE.markers()


def domain_sources(package_dir: str | Path) -> list[Path]:
    """The Python files whose messages belong to the catalogues in ``package_dir/locale``:
    every file below it except those under a subdirectory with a ``locale/`` of its own."""
    package_dir = Path(package_dir)
    owned = []
    for path in sorted(package_dir.rglob("*.py")):
        inner = path.parent
        while inner != package_dir and not (inner / "locale").is_dir():
            inner = inner.parent
        if inner == package_dir:
            owned.append(path)
    return owned


MARKERS = ("_", "N_", "t", "text", "Text", "gettext")
PLURAL_MARKERS = ("ngettext", "tn")
KEYWORDS: Mapping[str, Any] = {"_": None, "ngettext": (1, 2)}
"""How Babel reads what :func:`extract_python` yields: a message, or a singular and plural."""


def extract_python(fileobj: Any, keywords: Any = (), comment_tags: Any = (),
                   options: Mapping[str, Any] | None = None) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel's extraction method for our sources (``babel.messages.extract``'s
    interface): ``_("…")``, ``N_("…")``, ``ngettext("…", "…", n)``, ``Text("…")`` (with
    ``plural="…"``), ``t("…")``, ``tn("…", "…", n)`` and ``<domain>.text("…")`` with literal
    first arguments.

    Babel's own Python extractor reads tokens, and on Python 3.11 an f-string is one
    token: it misses ``f"{_('Total')}"`` and takes strings used inside a marker's
    computed argument (``t(NAMES[view["last_event"]])``) for messages. This reads the
    syntax tree instead; Babel does the rest (catalogues, merging, ``.po``/``.mo``).
    """
    source = fileobj.read()
    for node in ast.walk(ast.parse(source.decode("utf-8") if isinstance(source, bytes) else source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        first, second = node.args[0], node.args[1] if len(node.args) > 1 else None
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            continue
        if name in MARKERS and not (name == "Text" and first.value == "{text}"):
            plural = next((kw.value.value for kw in node.keywords if kw.arg == "plural"
                           and isinstance(kw.value, ast.Constant)), None)
            yield (node.lineno, "_", first.value, []) if plural is None else \
                (node.lineno, "ngettext", (first.value, plural), [])
        elif name in PLURAL_MARKERS and isinstance(second, ast.Constant):
            yield node.lineno, "ngettext", (first.value, second.value), []


def extract_messages(paths: Iterable[str | Path]) -> set[tuple[str, str | None]]:
    """Every ``(msgid, msgid_plural)`` the files use (:func:`extract_python` through
    Babel). The catalogue test compares this with the ``.po`` files; a new message
    without a Dutch and French translation fails it."""
    from babel.messages.extract import extract_from_file

    found: set[tuple[str, str | None]] = set()
    for path in paths:
        # Babel's annotation of an extraction method (2.14 and later) types the 4-tuples
        # extract_from_file returns, not the (lineno, funcname, message, comments) its
        # documentation, and its own extract_python, yield.
        for _line, message, _comments, _context in extract_from_file(
                extract_python, str(path), keywords=KEYWORDS):  # type: ignore[arg-type]
            found.add((message[0], message[1]) if isinstance(message, tuple) else (message, None))
    return found


# --- numbers and dates in the current language -------------------------------------------


def format_number(value: float, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals as the current language writes it: 17,0 in
    Dutch and French, 17.0 in English; thousands grouped (1.234 / 1 234 / 1,234)."""
    from babel.numbers import format_decimal

    return format_decimal(value, format="#,##0" + ("." + "0" * digits if digits else ""),
                          locale=current_language())


def format_moment(moment: datetime) -> str:
    """A day and a time of day as the current language writes them, in its short form
    (nl 22-11-2026 20:15, fr 22/11/2026 20:15, en 11/22/26, 8:15 PM)."""
    from babel.dates import format_datetime

    return format_datetime(moment, format="short", locale=current_language())
