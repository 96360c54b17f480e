"""Card art: every file exists, renders at the requested size, is not blank, has the right
colours, and the generator is reproducible byte for byte."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["SDL_AUDIODRIVER"] = "dummy"

import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from klaverjas_gui.ui import cardart  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CODES = [r + s for s in "CDHS" for r in "789TJQKA"]
SIZES = [(100, 140), (250, 350)]


@pytest.fixture(autouse=True, scope="module")
def _pygame() -> None:
    pygame.init()


def _pixels(surface: pygame.Surface, rect: pygame.Rect | None = None) -> list[pygame.Color]:
    """Opaque pixels of a surface (or a region), sampled every other pixel to stay quick."""
    r = rect or surface.get_rect()
    out = []
    for y in range(r.top, r.bottom, 2):
        for x in range(r.left, r.right, 2):
            c = surface.get_at((x, y))
            if c.a > 200:
                out.append(c)
    return out


def _is_red(c: pygame.Color) -> bool:
    return c.r > 150 and c.g < 90 and c.b < 110


def _is_green(c: pygame.Color) -> bool:
    return c.g > 100 and c.g > c.r + 50 and c.g > c.b + 40


def _is_ink(c: pygame.Color) -> bool:
    return max(c.r, c.g, c.b) < 120 or min(c.r, c.g, c.b) < 120


def test_assets_dir_finds_the_art() -> None:
    found = cardart.assets_dir()
    assert found in (ROOT / "klaverjas_gui" / "assets", ROOT / "assets")
    assert (found / "cards" / "JH.svg").is_file()


def test_assets_dir_prefers_the_packaged_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An installed wheel carries klaverjas_gui/assets; a checkout only has the top-level one."""
    ui = tmp_path / "klaverjas_gui" / "ui"
    ui.mkdir(parents=True)
    (tmp_path / "assets" / "cards").mkdir(parents=True)
    module = cardart
    monkeypatch.setattr(module, "__file__", str(ui / "cardart.py"))  # as if installed there
    assert module.assets_dir() == tmp_path / "assets"
    (tmp_path / "klaverjas_gui" / "assets" / "cards").mkdir(parents=True)
    assert module.assets_dir() == tmp_path / "klaverjas_gui" / "assets"
    shutil.rmtree(tmp_path / "klaverjas_gui" / "assets")
    shutil.rmtree(tmp_path / "assets")
    with pytest.raises(FileNotFoundError):
        module.assets_dir()


@pytest.mark.parametrize("four", [False, True])
@pytest.mark.parametrize("code", CODES)
def test_faces_load_at_exact_size_and_are_not_blank(code: str, four: bool) -> None:
    assert cardart.face_path(code, four).is_file()
    for size in SIZES:
        face = cardart.card_face(code, size, four_colour=four)
        assert face.get_size() == size
        w, h = size
        # the top-left corner index: rank glyph and pip must be drawn in ink or colour
        index = pygame.Rect(int(w * 0.04), int(h * 0.04), int(w * 0.16), int(h * 0.25))
        assert sum(_is_ink(c) for c in _pixels(face, index)) > 10
        centre = [c for c in _pixels(face) if (c.r, c.g, c.b) != (255, 255, 255)]
        assert len(centre) > 50


@pytest.mark.parametrize("code", CODES)
def test_colour_schemes(code: str) -> None:
    two = _pixels(cardart.card_face(code, (100, 140)))
    four = _pixels(cardart.card_face(code, (100, 140), four_colour=True))
    suit = code[1]
    assert any(_is_red(c) for c in two) == (suit in "DH")
    if suit == "C":
        assert any(_is_green(c) for c in four)
        if code[0] != "Q":  # the queen's flower has a green stem in both schemes
            assert not any(_is_green(c) for c in two)
    if suit == "H":
        assert any(_is_red(c) for c in four)


def test_ranks_differ() -> None:
    """No two faces render identically (catches a wrong glyph or pip layout being reused)."""
    seen = {pygame.image.tobytes(cardart.card_face(c, (60, 84)), "RGBA") for c in CODES}
    assert len(seen) == len(CODES)


@pytest.mark.parametrize("name", cardart.BACKS)
def test_backs(name: str) -> None:
    assert len(cardart.BACKS) >= 2
    for size in SIZES:
        back = cardart.card_back(name, size)
        assert back.get_size() == size
        assert len([c for c in _pixels(back) if (c.r, c.g, c.b) != (255, 255, 255)]) > 100
    assert cardart.card_back(f"back_{name}", (50, 70)).get_size() == (50, 70)


def test_icon_sizes() -> None:
    for size in (16, 32, 256):
        assert cardart.icon(size).get_size() == (size, size)
    assert cardart.icon((48, 48)).get_size() == (48, 48)


def test_card_objects_and_aliases() -> None:
    class FakeCard:
        def __str__(self) -> str:
            return "JH"

    assert cardart.normalise_code(FakeCard()) == "JH"
    assert cardart.normalise_code("10h") == "TH"
    assert cardart.normalise_code("Q♠") == "QS"
    assert cardart.card_face(FakeCard(), (40, 56)) is cardart.card_face("JH", (40, 56))
    for bad in ("", "H", "1H", "JX", "6C", "JHH"):
        with pytest.raises(ValueError):
            cardart.normalise_code(bad)
    with pytest.raises(ValueError):
        cardart.card_back("green", (10, 14))
    with pytest.raises(ValueError):
        cardart.card_face("JH", (0, 10))


def test_engine_cards_are_accepted() -> None:
    cards = pytest.importorskip("klaverjas_gui.engine.cards")
    card = cards.Card("T", "S")
    assert cardart.card_face(card, (50, 70)).get_size() == (50, 70)


def test_convert_alpha_with_display() -> None:
    cardart.clear_cache()
    pygame.display.set_mode((64, 64))
    try:
        assert cardart.card_face("AS", (50, 70)).get_size() == (50, 70)
    finally:
        pygame.display.quit()
        cardart.clear_cache()


def test_generator_is_reproducible(tmp_path: Path) -> None:
    script = ROOT / "tools" / "make_cards.py"
    for out in (tmp_path / "a", tmp_path / "b"):
        subprocess.run(
            [sys.executable, str(script), "--out", str(out)], check=True, capture_output=True
        )
    first = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.svg"))
    second = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*.svg"))
    assert first == second and len(first) == 67
    for rel in first:
        generated = (tmp_path / "a" / rel).read_bytes()
        assert generated == (tmp_path / "b" / rel).read_bytes()
        # the checked-in art is what the generator makes today
        assert generated == (ROOT / "assets" / "cards" / rel).read_bytes(), rel


def test_svgs_avoid_what_nanosvg_ignores() -> None:
    for path in (ROOT / "assets" / "cards").rglob("*.svg"):
        text = path.read_text()
        assert "<text" not in text and "<use" not in text and "<image" not in text
        assert len(text) < 20_000, path
