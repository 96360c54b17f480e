"""The README is a player's page that also reads right on a package index.

A package index shows the README without the repository around it, so pictures and
links to the docs must be absolute addresses; this checks that each one names a file
that exists here, and that the docs' own relative links resolve.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RAW = "https://raw.githubusercontent.com/klaverjas/klaverjas/main/"
BLOB = "https://github.com/klaverjas/klaverjas/blob/main/"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _targets(path: Path) -> list[str]:
    return LINK.findall(path.read_text(encoding="utf-8"))


def test_readme_pictures_and_doc_links_are_absolute_and_exist() -> None:
    targets = _targets(ROOT / "README.md")
    pictures = [t for t in targets if t.endswith(".png")]
    docs = [t for t in targets if t.endswith(".md")]
    assert pictures and docs
    for target in pictures:
        assert target.startswith(RAW), f"{target}: a package index cannot show a relative picture"
        assert (ROOT / target.removeprefix(RAW)).is_file(), target
    for target in docs:
        assert target.startswith(BLOB), f"{target}: a package index cannot follow a relative link"
        assert (ROOT / target.removeprefix(BLOB)).is_file(), target


def test_docs_relative_links_resolve() -> None:
    for page in sorted((ROOT / "docs").glob("*.md")):
        for target in _targets(page):
            if "://" in target or target.startswith("#"):
                continue
            assert (page.parent / target.split("#")[0]).exists(), f"{page.name}: {target}"


def test_readme_stays_a_players_page() -> None:
    """Design notes and benchmark tables live in docs/, linked from the README."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 480  # it was 997 lines with the design notes in it
    for heading in ("## Architecture", "## Benchmarks", "## Engine API"):
        assert heading not in text
