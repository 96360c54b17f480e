"""Every screen of the catalogue fits its words: none cut off, none across a panel's edge
or on a button, no two texts on each other (the check is tests/textfit.py), at the smallest
window (1024x600) and at 1920x1080.

Each screen is opened once per window size, in the first combination of language and text
size, then laid out again in each other as the Settings do it (cheaper than opening it
again). Within the test's time the
combinations are those that overflow first: Dutch and French (the longest words; English's
are shorter) at Larger text, the smaller text sizes in Dutch; at 1920x1080 the same two at
Larger. About 60 s of CPU: 30 s of `make test` on two cores.
Screens still known to overflow are marked xfail (strict: a fix turns the mark into a
failure, to be removed).
"""

from __future__ import annotations

import pytest
from textfit import problems, recording
from uitest import DT

from klaverjas_gui import i18n
from klaverjas_gui.ui import theme
from klaverjas_gui.ui.catalogue import LONG_NAMES, SCREENS

NAMES = tuple(name for name, _ in LONG_NAMES)
CASES = {
    (1024, 600): [("nl", "normal"), ("nl", "large"), ("nl", "larger"), ("fr", "larger")],
    (1920, 1080): [("nl", "larger"), ("fr", "larger")],
}  # fmt: skip
# checked at 1024x600 only: the screens whose judging or solving takes seconds, and the
# Table tab's two other views (its ring on a row), whose form costs 0.4 s a layout
SLOW = {"coach report", "coach progress", "coach position", "coach drill",
        "coach drill: answered", "review", "review: coach", "kalabriasz: review",
        "table: coach note", "table: coach options", "klabberjass: coach note",
        "settings: keyboard", "settings: coach"}  # fmt: skip
KNOWN = {
    "network: host": "ui/lan/host.py (the network helpers' part): at Larger the host form's note "
    "runs onto the Game buttons and its rows leave the window (issue #36, reported)",
    "klabberjass: hint": "at 1024x600 Larger, en/nl: the hint's fallback panel covers 4 px "
    "of the turned card's label ('Proposed trump')",
}


def cases():
    for name in SCREENS:
        marks = [pytest.mark.slow(2)]
        if name in KNOWN:
            marks.append(pytest.mark.xfail(strict=True, reason=KNOWN[name]))
        yield pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("screen", list(cases()))
def test_every_word_fits(make_app, monkeypatch, screen):
    found = []
    with recording(monkeypatch) as made:
        app = make_app(deterministic=True, first_frame=True)
        for size, combinations in CASES.items():
            if size != app.size and screen in SLOW:
                break
            for n, (lang, text_size) in enumerate(combinations):
                i18n.set_language(lang)  # both at once, then one new layout (as a resize)
                theme.set_text_size(text_size)
                if size != app.size:
                    app.resize(size)
                else:
                    app._relayout()
                if n == 0:  # opened in the first combination, as its person opens it
                    SCREENS[screen](app)
                app.step(DT)
                found += [f"{size} {lang} {text_size}: {p}" for p in problems(app, made, NAMES)]
    assert not found, "\n".join(found)
