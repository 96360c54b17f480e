"""A player's name on the network: the one check where a name enters, and the one key
two names are compared by.

A name is shown on every screen at the table, printed by the command line, sent to every
guest and stored in the history, so a name that cannot be encoded (a lone surrogate),
moves or hides text (control, format and bidi characters, zero-width ones) or means
nothing yet (unassigned, private use) is refused where it enters: the guest's `join`
(protocol.parse), the host's own name (its screen, `--name`) and a stored match that is
continued. Two names are the same person's when their `name_key`s are equal: case-folded
and NFKC-normalised, so "Cor" is "cor" and a full-width "Ｃｏｒ" is "Cor" too; a Cyrillic
"Сor" or a "Cor" with an invisible variation selector is drawn as Cor, so it is Cor's name.
"""

from __future__ import annotations

import re
import unicodedata

from ...engine.reasons import Reason

MAX_NAME = 24  # characters; the join screen's field and `--name` allow as many
MAX_MARKS = 3  # combining marks on one letter (Vietnamese needs two)

# Why a name is refused (a Reason key of the network's, translated under net.reason_*).
NAME_EMPTY = "name_empty"
NAME_TOO_LONG = "name_too_long"  # values: max
NAME_CHARACTER = "name_character"  # values: char ("U+200B")
NAME_REASONS = (NAME_EMPTY, NAME_TOO_LONG, NAME_CHARACTER)

# Control (Cc), format (Cf: zero-width, bidi overrides, soft hyphen), surrogate (Cs),
# private use (Co), unassigned (Cn), line and paragraph separators (Zl, Zp).
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# Letters and marks that show nothing: a name of them looks empty or like another's.
_INVISIBLE = {"\u034f", "\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}


def validate_name(text: str, newer: bool = False) -> Reason | None:
    """Why `text` (surrounding spaces aside) cannot be a player's name, or None. `newer`:
    a name another laptop checked, whose Python may know a newer Unicode: what is
    unassigned here (a new emoji) may be a letter there, and a guest refused every
    welcome from a host named "Anna 🫨" (Unicode 15) on Python 3.11 (Unicode 14)."""
    refused = _REFUSED - {"Cn"} if newer else _REFUSED
    name = text.strip()
    if not name:
        return Reason(NAME_EMPTY, {})
    if len(name) > MAX_NAME:
        return Reason(NAME_TOO_LONG, {"max": MAX_NAME})
    marks = 0  # combining marks in a row: a letter's accents, not a tower over the table
    for i, char in enumerate(name):
        category = unicodedata.category(char)
        marks = marks + 1 if category.startswith("M") else 0
        if category in refused or char in _INVISIBLE or marks > MAX_MARKS or marks > i:
            return Reason(NAME_CHARACTER, {"char": f"U+{ord(char):04X}"})
    return None


# Marks that show nothing on a letter (variation selectors, Mongolian and Khmer ones): a
# name may hold them ("❤️"), but "Cor" with one is still Cor.
_IGNORED = re.compile("[\u17b4\u17b5\u180b-\u180f\ufe00-\ufe0f\U000e0100-\U000e01ef]")
# Cyrillic and Greek letters (case-folded) drawn like Latin ones: "Сor" with a Cyrillic С
# looks like Cor on every screen, so it is Cor's name (Unicode's confusables, the letters
# whose capital or small form is drawn as a Latin letter).
_LOOKALIKE = str.maketrans(
    "авекмнорстухѕіјһԁԛԝӏүαβεζηικμνορτυχϲ",
    "abekmhopctyxsijhdqwlyabezhikmnoptyxc",
)


def name_key(text: str) -> str:
    """What two names are compared by: format characters and invisible marks dropped,
    NFKC, case-folded, Cyrillic and Greek look-alikes as the Latin letters they look
    like, spaces collapsed ("Hanna", "hanna\u200b" and a Cyrillic "Нanna" have one key)."""
    kept = _IGNORED.sub("", "".join(c for c in text if unicodedata.category(c) != "Cf"))
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", kept).casefold())
    latin = unicodedata.normalize("NFD", folded).translate(_LOOKALIKE)  # ё: е + ̈ -> ë
    return " ".join(unicodedata.normalize("NFC", latin).split())


def same_name(a: str, b: str) -> bool:
    return name_key(a) == name_key(b)
