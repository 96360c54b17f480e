"""Translations: English, Dutch and French, in pygame-gui's own file format.

Every user-facing text is a key `namespace.name` looked up in
`translations/<namespace>.<lang>.json` (the python-i18n layout pygame-gui uses),
so pygame-gui translates the same keys in its own widgets, and our
`pygame-gui.nl.json` gives its built-in strings a Dutch they do not ship with.
Placeholders are written `%{name}`. A missing key falls back to English; a test
fails when any language lacks a key another one has.

Counts follow each language's plural rule, as gettext's plural forms do: a key
`x` with a twin `x_one` is the plural text and `x_one` the singular, and `tr("x",
n=...)` picks by the language's rule (English and Dutch: singular for 1 only;
French: for 0 and 1). Both texts keep `%{n}`, since French says "0 pli".
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

import i18n

LANGUAGES = ("en", "nl", "fr")
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "fr": "Français"}
DIRECTORY = Path(__file__).with_name("translations")

# gettext plural forms: the index of the form for a count, 0 the singular (`key_one`).
PLURAL_RULES: dict[str, Callable[[int], int]] = {
    "en": lambda n: int(n != 1),
    "nl": lambda n: int(n != 1),
    "fr": lambda n: int(n > 1),
}
_current = "en"
# Keys asked for that the current language lacks (English filled in): a test reads this.
missing: set[str] = set()


def _flatten(prefix: str, tree: Mapping[str, object], out: dict[str, str]) -> None:
    for name, value in tree.items():
        key = f"{prefix}.{name}"
        if isinstance(value, dict):
            _flatten(key, value, out)
        else:
            out[key] = str(value)


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every key of our own namespaces in one language (pygame-gui's excluded)."""
    out: dict[str, str] = {}
    for path in sorted(DIRECTORY.glob(f"*.{lang}.json")):
        namespace = path.name[: -len(f".{lang}.json")]
        if namespace == "pygame-gui":
            continue
        with path.open(encoding="utf-8") as f:
            _flatten(namespace, json.load(f).get(lang, {}), out)
    return out


def install() -> None:
    """Point python-i18n at our files; idempotent (pygame-gui appends its own path)."""
    i18n.set("file_format", "json")
    i18n.set("fallback", "en")
    i18n.set("enable_memoization", True)
    if str(DIRECTORY) not in i18n.load_path:
        i18n.load_path.append(str(DIRECTORY))
    for lang in LANGUAGES:
        entries = catalog(lang)
        last = next(reversed(entries), None)  # added last: all are there when it is
        if last is None or i18n.translations.has(last, locale=lang):
            continue  # added by an earlier switch: 4,000 adds a switch were 2 ms of nothing
        for key, value in entries.items():
            i18n.add_translation(key, value, locale=lang)
    i18n.set("locale", _current)


def language() -> str:
    return _current


def set_language(lang: str) -> None:
    """Switch every later `tr` (and pygame-gui's built-in strings) to `lang`."""
    global _current
    _current = lang if lang in LANGUAGES else "en"
    install()


_SURROGATE = re.compile("[\ud800-\udfff]")


def printable(value: object) -> str:
    """`value` as text that a font can draw and a UTF-8 log or terminal can take. A file
    name's bytes that are not UTF-8 (an old USB stick's Latin-1 names) reach Python as lone
    surrogates (PEP 383), which crash all three: each is shown as the byte it stands for,
    `\\xe9`. A path's control characters (a line break in a folder name) are escaped too.
    Every placeholder of `tr` passes through here, so a path in any message is safe."""
    path = isinstance(value, os.PathLike)
    text = os.fsdecode(value) if isinstance(value, (os.PathLike, bytes)) else str(value)
    if not _SURROGATE.search(text) and (not path or text.isprintable()):
        return text
    return "".join(_char(c, path) for c in text)


# What a name never shows: C0 and C1 controls (an escape code, a bell, NEL), line and
# paragraph separators, lone surrogates, and the bidi controls that turn or reorder the
# text around them (marks, embeddings, overrides such as U+202E, isolates).
_UNSHOWN_IN_NAMES = re.compile(
    r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)


def shown_name(name: str) -> str:
    """A player's name as stored or received, made safe to show: without the characters
    of `_UNSHOWN_IN_NAMES`; letters, marks and spaces of any script are kept ("Zoë",
    "محمد", "李雷")."""
    return _UNSHOWN_IN_NAMES.sub("", name)


def _char(c: str, path: bool) -> str:
    code = ord(c)
    if 0xDC80 <= code <= 0xDCFF:  # surrogateescape: the byte code - 0xDC00 of the name
        return f"\\x{code - 0xDC00:02x}"
    if 0xD800 <= code <= 0xDFFF:
        return f"\\u{code:04x}"
    return c.encode("unicode_escape").decode("ascii") if path and not c.isprintable() else c


def _fill(text: str, values: dict[str, object]) -> str:
    for name, value in values.items():  # a Message inside a message: in today's language
        shown_value = shown(value) if isinstance(value, str) else value
        text = text.replace("%{" + name + "}", printable(shown_value))
    return text


def plural_key(key: str, n: object, lang: str) -> str:
    """`key_one` where `lang` words the count `n` in the singular and that key exists."""
    singular = isinstance(n, int) and PLURAL_RULES[lang](abs(n)) == 0
    return key + "_one" if singular and key + "_one" in catalog("en") else key


def tr(key: str, **values: object) -> str:
    """The text for `key` in the current language, `%{name}` filled from `values`;
    with a count `n`, in the singular or plural form the language's rule asks for."""
    if "n" in values:
        key = plural_key(key, values["n"], _current)
    text = catalog(_current).get(key)
    if text is None:
        missing.add(key)
        text = catalog("en").get(key, key)
    return _fill(text, values)


class Message(str):
    """A message told later (a damaged file found before the language is known): it reads
    as its English text, and `text()` gives it in the language of the moment it is shown."""

    key: str
    values: dict[str, object]

    def __new__(cls, key: str, **values: object) -> Message:
        english = plural_key(key, values["n"], "en") if "n" in values else key
        self = super().__new__(cls, _fill(catalog("en").get(english, english), values))
        self.key, self.values = key, values
        return self

    def text(self) -> str:
        return tr(self.key, **self.values)


def shown(message: str) -> str:
    """A message in the current language if it is a Message, as it is otherwise."""
    return message.text() if isinstance(message, Message) else message
