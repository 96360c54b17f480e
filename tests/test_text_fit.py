"""Every screen of the catalogue, in every language, at every text size, at the smallest
window (1024x600) and at 1920x1080: no word cut off, none across a panel's edge or on a
button, no two texts on each other (the check is tests/textfit.py).

Each screen is opened once per window size, then re-laid out in each language and text
size as the Settings do it (cheaper than opening it 9 times). Screens still known to
overflow are marked xfail (strict: fixing one turns its mark into a failure to remove).
"""

from __future__ import annotations

import pytest
from textfit import problems, recording
from uitest import DT

from klaverjas_gui.ui.catalogue import LONG_NAMES, SCREENS

NAMES = tuple(name for name, _ in LONG_NAMES)
LANGUAGES = ("en", "nl", "fr")
TEXT_SIZES = ("normal", "large", "larger")
# the screens whose judging or solving takes seconds: checked at 1024x600 only
SLOW = {"coach report", "coach progress", "coach position", "coach drill",
        "coach drill: answered", "review", "review: coach", "table: coach note",
        "table: coach options", "klabberjass: coach note"}  # fmt: skip
KNOWN: dict[str, str] = {}


def cases():
    for name in SCREENS:
        marks = [pytest.mark.slow(3 if name in SLOW else 1)]
        if name in KNOWN:
            marks.append(pytest.mark.xfail(strict=True, reason=KNOWN[name]))
        yield pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("screen", cases())
def test_every_word_fits(make_app, monkeypatch, screen):
    found = []
    with recording(monkeypatch) as made:
        app = make_app(deterministic=True, first_frame=True)
        for size in ((1024, 600), (1920, 1080)):
            if size != app.size:
                if screen in SLOW:
                    break
                app.resize(size)
            app.set_language("en")
            app.set_text_size("normal")
            SCREENS[screen](app)
            app.step(DT)
            for lang in LANGUAGES:
                for text_size in TEXT_SIZES:
                    app.set_language(lang)
                    app.set_text_size(text_size)
                    app.step(DT)
                    found += [f"{size} {lang} {text_size}: {p}" for p in problems(app, made, NAMES)]
    assert found == []
