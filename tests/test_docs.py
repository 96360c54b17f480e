"""The README is a player's page: what the game is, pictures, how to install and play, where
the data lives; the rest is in docs/ (the player's guide, the rule book, the developers'
pages). The project has no web address, so every link and picture is relative and must
name a file that is here; every picture in docs/screenshots is shown by some page (the
sdist carries that folder). docs/rules.md keeps in step with the engine and with the
specification it follows (RULES.md beside the project, where it is found).
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import pytest

from klaverjas_gui.engine import KLABBERJASS_PRESETS, PRESETS, KlabberjassVariant, Variant
from klaverjas_gui.engine.kalabriasz_rules import KALABRIASZ_PRESETS, KalabriaszVariant

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)")
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
RULES = ROOT / "docs" / "rules.md"
NOT_YET = "not in the program"


def _targets(path: Path) -> list[str]:
    return LINK.findall(path.read_text(encoding="utf-8"))


def test_every_link_and_picture_is_relative_and_names_a_file_that_is_here() -> None:
    for page in PAGES:
        for target in _targets(page):
            assert "://" not in target, f"{page.name}: {target} (the project has no web address)"
            if target.startswith("#"):
                continue
            path = target.split("#")[0]
            assert (page.parent / path).exists(), f"{page.name}: {target}"


def test_every_screenshot_is_shown_by_a_page() -> None:
    """Pictures no page shows only make the sdist heavier (issue 36 item 12)."""
    shown = {
        (page.parent / t).resolve() for page in PAGES for t in _targets(page) if t.endswith(".png")
    }
    kept = {p.resolve() for p in (ROOT / "docs" / "screenshots").glob("*")}
    assert kept - shown == set(), sorted(p.name for p in kept - shown)


def test_readme_is_a_players_page() -> None:
    """Short, user first (issue 36 item 11): the two commands at the top, then what it
    is, pictures, installing, playing, where the data lives; the rest linked in docs/."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) <= 250
    top = "\n".join(lines[:10])
    assert "make play" in top and "make test" in top
    headings = [line for line in lines if line.startswith("## ")]
    for needed in ("## Installing", "## Playing", "## Where your data lives"):
        assert needed in headings, needed
    assert headings.index("## Installing") < headings.index("## Playing")
    pictures = [t for t in _targets(ROOT / "README.md") if t.endswith(".png")]
    assert len(pictures) >= 4 and all(t.startswith("docs/screenshots/") for t in pictures)
    for page in ("docs/guide.md", "docs/rules.md", "CHANGELOG.md"):
        assert f"]({page}" in text, page
    for heading in ("## Architecture", "## Benchmarks", "## Engine API", "## Rule options"):
        assert heading not in text


def test_docs_pages_link_back_to_the_readme() -> None:
    for name in ("guide.md", "rules.md"):
        assert "](../README.md)" in (ROOT / "docs" / name).read_text(encoding="utf-8")


def _sections(text: str) -> dict[str, str]:
    """Section number ("1.10", "2") -> its text, from the ## and ### headings."""
    parts = re.split(r"(?m)^#{2,3} (\d+(?:\.\d+)?)\.? ", text)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _option_names(text: str) -> set[str]:
    """The names the text introduces as options ("option `tie`", "(options `a`, `b`)")."""
    names: set[str] = set()
    for m in re.finditer(r"[Oo]ptions?\s+\(?((?:`[a-z_]+`(?:,\s*|\s+and\s+)?)+)", text):
        names |= set(re.findall(r"`([a-z_]+)`", m.group(1)))
    return names


def _engine_options() -> set[str]:
    fields = (
        dataclasses.fields(Variant)
        + dataclasses.fields(KlabberjassVariant)
        + dataclasses.fields(KalabriaszVariant)
    )
    return {f.name for f in fields}


def test_the_rule_book_names_every_option_and_marks_what_is_not_implemented() -> None:
    """Each engine option is in docs/rules.md; each option the rule book names but the
    engine lacks is marked "not in the program yet" in its section, so implementing one
    fails this test until the page says so too."""
    text = RULES.read_text(encoding="utf-8")
    sections = _sections(text)
    for name in _engine_options():
        assert f"`{name}`" in text, name
    missing = _option_names(text) - _engine_options()
    assert missing == set()
    for name in missing:
        where = next(n for n, body in sections.items() if f"`{name}`" in body)
        assert NOT_YET in sections[where].lower(), (name, where)
    for number in ("1.1", "1.5", "1.8", "1.10", "1.11", "1.12", "3"):
        assert NOT_YET not in sections[number].lower(), number


def test_the_rule_books_presets_are_the_engines() -> None:
    labels = {"amsterdam": "Amsterdam", "rotterdam": "Rotterdam", "utrecht": "Utrecht",
              "kraken": "Kraken", "proposed": "Proposed", "two_rounds": "Two rounds",
              "french": "French"}  # fmt: skip
    rows = {}
    for line in RULES.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 7:
            rows[cells[0].removesuffix(" (default)")] = cells[1:6]
    assert set(PRESETS) == set(labels)
    for key, label in labels.items():
        v = PRESETS[key]
        expected = [v.trump_selection, v.must_ruff, v.undertrump, v.carre_values, v.roem_claim]
        assert rows[label] == expected, key
    text = _sections(RULES.read_text(encoding="utf-8"))["2"]
    for name, preset in KLABBERJASS_PRESETS.items():
        assert name.capitalize() in text and str(preset.target) in text
    three = _sections(RULES.read_text(encoding="utf-8"))["3"]
    for name in KALABRIASZ_PRESETS:
        assert name.replace("_", " ").capitalize() in three, name
    for f in dataclasses.fields(KalabriaszVariant):
        assert f"`{f.name}`" in three, f.name


def _shared_rule_book() -> Path | None:
    """The specification the engine follows: $KLAVERJAS_RULES_MD, or RULES.md in the
    shared folder beside the checkout (absent from an sdist or a lone clone)."""
    named = os.environ.get("KLAVERJAS_RULES_MD")
    for candidate in (Path(named) if named else None, ROOT.parent / "shared" / "RULES.md"):
        if candidate is not None and candidate.is_file():
            return candidate
    return None


def test_the_rule_book_keeps_in_step_with_the_specification() -> None:
    spec = _shared_rule_book()
    if spec is None:
        pytest.skip("the shared RULES.md is not beside this copy (an sdist, a lone clone)")
    theirs, ours = spec.read_text(encoding="utf-8"), RULES.read_text(encoding="utf-8")
    assert list(_sections(theirs)) == list(_sections(ours))  # the same sections, in order
    assert _option_names(theirs) <= _option_names(ours)
    for number, body in _sections(theirs).items():  # every option and value they name
        for name in set(re.findall(r"`([a-z_]+)`", body)) & _engine_options():
            assert f"`{name}`" in _sections(ours)[number], (number, name)
