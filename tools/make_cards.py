"""Generate the Klaverjas card art (faces, backs, icon) as small, self-made SVG files.

Why a generator instead of checked-in drawings: every shape is our own code, the output is
byte-for-byte reproducible, and tweaking a colour or proportion is one edit here.

pygame renders SVG through nanosvg, which ignores ``<text>``, ``<use>``, ``<pattern>`` and
``<clipPath>``.  So every rank glyph and suit symbol is a drawn path, repeated inline, and
patterns on the backs are laid out shape by shape.

Usage: ``python tools/make_cards.py [--out DIR]`` (default: ``assets/cards`` in the repo).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable
from pathlib import Path

W, H = 250, 350  # card viewBox, ratio 2.5 : 3.5
CX, CY = W / 2, H / 2
RANKS = "789TJQKA"
SUITS = "CDHS"

INK = "#1b1b1f"
RED = "#d2122e"
TWO_COLOUR = {"C": INK, "D": RED, "H": RED, "S": INK}
FOUR_COLOUR = {"C": "#138a36", "D": "#1659c7", "H": RED, "S": INK}
GOLD = "#e9b53c"
GOLD_DARK = "#a8771c"
SKIN = "#f7dcc0"
HAIR = "#6e4424"


def num(v: float) -> str:
    """Format a coordinate compactly and deterministically (2 decimals, no trailing zeros)."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def attrs(**kw: object) -> str:
    """Render keyword arguments as SVG attributes (``stroke_width`` -> ``stroke-width``)."""
    parts = []
    for k, v in kw.items():
        if v is None:
            continue
        val = num(v) if isinstance(v, float) else str(v)
        parts.append(f'{k.rstrip("_").replace("_", "-")}="{val}"')
    return " ".join(parts)


# --------------------------------------------------------------------------------------------
# Suit symbols: filled paths in a box roughly -50..50 on both axes, centred on the origin.
# All sub-paths run in the same direction so nanosvg's non-zero fill unites them.
# --------------------------------------------------------------------------------------------


def _circle(cx: float, cy: float, r: float) -> str:
    """A clockwise circle as path data (two arcs), so it unions with other clockwise parts."""
    return (
        f"M{num(cx - r)} {num(cy)}A{num(r)} {num(r)} 0 1 1 {num(cx + r)} {num(cy)}"
        f"A{num(r)} {num(r)} 0 1 1 {num(cx - r)} {num(cy)}Z"
    )


SUIT_PATH = {
    "H": (
        "M0 46C-13 30-48 8-48-17C-48-35-36-46-23-46C-12-46-4-39 0-30"
        "C4-39 12-46 23-46C36-46 48-35 48-17C48 8 13 30 0 46Z"
    ),
    "D": "M0-50C10-34 23-16 37 0C23 16 10 34 0 50C-10 34-23 16-37 0C-23-16-10-34 0-50Z",
    "S": (
        "M0-50C12-32 48-13 48 12C48 29 36 37 24 37C15 37 8 33 3 27"
        "C4 38 9 45 18 50L-18 50C-9 45-4 38-3 27C-8 33-15 37-24 37"
        "C-36 37-48 29-48 12C-48-13-12-32 0-50Z"
    ),
    "C": (
        _circle(0, -24, 22)
        + _circle(-24, 12, 22)
        + _circle(24, 12, 22)
        + _circle(0, 5, 14)
        + "M3 8C3 28 8 42 18 50L-18 50C-8 42-3 28-3 8Z"
    ),
}


def pip(suit: str, x: float, y: float, size: float, colour: str, flip: bool = False) -> str:
    """One suit symbol ``size`` units wide centred on (x, y); ``flip`` turns it upside down."""
    rot = " rotate(180)" if flip else ""
    tf = f"translate({num(x)} {num(y)}){rot} scale({num(size / 100)})"
    return f'<path transform="{tf}" fill="{colour}" d="{SUIT_PATH[suit]}"/>'


# --------------------------------------------------------------------------------------------
# Rank glyphs: stroked centre-lines in a 0..60 high box; width varies per glyph.
# Drawn with a heavy stroke, square-ish joins, rounded ends: reads like a bold sans.
# --------------------------------------------------------------------------------------------

GLYPH_STROKE = 8.5
GLYPHS: dict[str, tuple[float, list[str]]] = {
    "7": (36, ['<path d="M3 4.5H33C24 20 17 38 14 56"/>']),
    "8": (
        36,
        [
            '<path d="M18 29C9.5 29 5 24 5 17C5 9.5 10.5 4.5 18 4.5C25.5 4.5 31 9.5 31 17'
            "C31 24 26.5 29 18 29C8.5 29 3.5 35 3.5 42.5C3.5 50.5 9.5 56 18 56"
            'C26.5 56 32.5 50.5 32.5 42.5C32.5 35 27.5 29 18 29Z"/>'
        ],
    ),
    "9": (
        36,
        [
            '<path d="M31.5 24C29.5 31 24.5 35 17.5 35C9.5 35 4 29 4 20C4 11 10 4.5 18 4.5'
            'C26.5 4.5 32 11 32 21V35C32 49 26 56 17 56C11 56 7 53.5 5 49"/>'
        ],
    ),
    "T": (
        46,
        [
            '<path d="M3 13L12 5V56"/>',
            '<path d="M33.5 4.5C41 4.5 43.5 15 43.5 30.25C43.5 45.5 41 56 33.5 56'
            'C26 56 23.5 45.5 23.5 30.25C23.5 15 26 4.5 33.5 4.5Z"/>',
        ],
    ),
    "J": (30, ['<path d="M25 4.5V41C25 51 20.5 56 14 56C8.5 56 4.5 52.5 4 46"/>']),
    "Q": (
        40,
        [
            '<path d="M20 4.5C30 4.5 36 14 36 30C36 46 30 55.5 20 55.5'
            'C10 55.5 4 46 4 30C4 14 10 4.5 20 4.5Z"/>',
            '<path d="M23 43L36.5 57"/>',
        ],
    ),
    "K": (38, ['<path d="M5.5 4.5V56"/>', '<path d="M34 4.5L6 37M15.5 26L35 56"/>']),
    "A": (40, ['<path d="M3.5 56L20 4.5L36.5 56"/>', '<path d="M9.5 39H30.5"/>']),
}


def glyph(rank: str, x: float, y: float, height: float, colour: str) -> str:
    """The rank glyph with its top-left at (x, y), scaled to ``height`` units."""
    s = height / 60
    tf = f"translate({num(x)} {num(y)}) scale({num(s)})"
    g = attrs(
        transform=tf,
        fill="none",
        stroke=colour,
        stroke_width=GLYPH_STROKE,
        stroke_linecap="round",
        stroke_linejoin="round",
    )
    return f"<g {g}>" + "".join(GLYPHS[rank][1]) + "</g>"


INDEX_H = 48.0  # glyph height in card units: large, for fanned hands
INDEX_CX = 29.0  # centre line of the index column


def corner_index(rank: str, suit: str, colour: str) -> str:
    """Rank glyph over a small suit pip, centred on the index column at the top-left."""
    w = GLYPHS[rank][0] * INDEX_H / 60
    return glyph(rank, INDEX_CX - w / 2, 13, INDEX_H, colour) + pip(suit, INDEX_CX, 85, 31, colour)


# --------------------------------------------------------------------------------------------
# Pip cards: traditional layouts on a 3-column grid; lower-half pips are turned over.
# --------------------------------------------------------------------------------------------

PIP_COLS = (80.0, 125.0, 170.0)
PIP_TOP, PIP_BOTTOM = 68.0, 282.0
PIP_SIZE = 46.0

LAYOUTS: dict[str, list[tuple[int, float]]] = {
    "7": [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1), (1, 0.25)],
    "8": [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1), (1, 0.25), (1, 0.75)],
    "9": [(c, v) for c in (0, 2) for v in (0, 1 / 3, 2 / 3, 1)] + [(1, 0.5)],
    "T": [(c, v) for c in (0, 2) for v in (0, 1 / 3, 2 / 3, 1)] + [(1, 1 / 6), (1, 5 / 6)],
}


def pips(rank: str, suit: str, colour: str) -> list[str]:
    """The centre field of a number card (or the single large pip of an ace)."""
    if rank == "A":
        return [pip(suit, CX, CY, 112, colour)]
    out = []
    for col, v in LAYOUTS[rank]:
        y = PIP_TOP + v * (PIP_BOTTOM - PIP_TOP)
        out.append(pip(suit, PIP_COLS[col], y, PIP_SIZE, colour, flip=v > 0.5))
    return out


# --------------------------------------------------------------------------------------------
# Court cards: a double-headed stylised bust in a frame.  The top half is drawn once and the
# same group is turned 180 degrees around the card centre; the robe ends on a slanted line
# through the centre, so the two halves meet along the traditional diagonal.
# --------------------------------------------------------------------------------------------

FRAME = (54.0, 26.0, 142.0, 298.0)  # x, y, w, h
TILT = 0.25  # slope of the dividing diagonal
OUTLINE = attrs(stroke=INK, stroke_width=2.2, stroke_linejoin="round")
THIN = attrs(fill="none", stroke=INK, stroke_width=1.8, stroke_linecap="round")


def diag(x: float) -> float:
    """y of the dividing diagonal at x (it passes through the card centre)."""
    return CY - (x - CX) * TILT


def _robe(suit: str, colour: str) -> list[str]:
    """Shoulders down to the diagonal, gold trim and a chest band bearing the suit pip."""
    lx, rx = FRAME[0] + 1.5, FRAME[0] + FRAME[2] - 1.5
    return [
        f'<path {OUTLINE} fill="{colour}" d="M{num(lx)} {num(diag(lx))}V140'
        f"C{num(lx)} 130 78 125 104 125H146C172 125 {num(rx)} 130 {num(rx)} 140"
        f'V{num(diag(rx))}Z"/>',
        f'<path fill="none" stroke="{GOLD}" stroke-width="4.5" stroke-linecap="round" '
        f'd="M{num(lx + 7)} 148C{num(lx + 7)} 139 80 134 104 134M{num(rx - 7)} 148'
        f'C{num(rx - 7)} 139 170 134 146 134"/>',
        f'<path {OUTLINE} fill="{GOLD}" '
        f'd="M113 127H137L139 {num(diag(139))}L111 {num(diag(111))}Z"/>',
        f'<circle fill="#ffffff" stroke="{GOLD_DARK}" stroke-width="1.5" '
        f'cx="125" cy="152" r="10"/>',
        pip(suit, 125, 152, 13, colour),
    ]


def _face(cy: float) -> list[str]:
    """Neck and head with simple eyes, nose and mouth."""
    return [
        f'<path {OUTLINE} fill="{SKIN}" d="M116 {num(cy + 14)}V130H134V{num(cy + 14)}Z"/>',
        f'<ellipse {OUTLINE} fill="{SKIN}" cx="125" cy="{num(cy)}" rx="21" ry="25"/>',
        f'<circle fill="{INK}" cx="117.5" cy="{num(cy - 3)}" r="2.4"/>',
        f'<circle fill="{INK}" cx="132.5" cy="{num(cy - 3)}" r="2.4"/>',
        f'<path {THIN} d="M113 {num(cy - 9)}Q117.5 {num(cy - 11)} 121 {num(cy - 9)}'
        f"M129 {num(cy - 9)}Q132.5 {num(cy - 11)} 137 {num(cy - 9)}"
        f'M125 {num(cy - 1)}L123 {num(cy + 6)}H126"/>',
        f'<path {THIN} d="M120 {num(cy + 12)}Q125 {num(cy + 15)} 130 {num(cy + 12)}"/>',
    ]


def _ruff(cy: float = 127) -> str:
    """White scalloped collar."""
    d = f"M101 {num(cy)}"
    for i in range(6):
        x0 = 101 + i * 8
        d += f"Q{num(x0 + 4)} {num(cy + 9)} {num(x0 + 8)} {num(cy)}"
    d += f"Q125 {num(cy - 8)} 101 {num(cy)}Z"
    return f'<path {OUTLINE} fill="#ffffff" d="{d}"/>'


def _hand(x: float, y: float) -> list[str]:
    """A fist with a gold cuff below it, gripping a staff that passes through (x, y)."""
    return [
        f'<ellipse {OUTLINE} fill="{GOLD}" cx="{num(x)}" cy="{num(y + 9)}" rx="10" ry="4.5"/>',
        f'<circle {OUTLINE} fill="{SKIN}" cx="{num(x)}" cy="{num(y)}" r="7"/>',
    ]


def _staff(x: float, top: float, bottom: float) -> str:
    return (
        f'<path fill="none" stroke="{GOLD_DARK}" stroke-width="4.5" stroke-linecap="round" '
        f'd="M{num(x)} {num(bottom)}V{num(top)}"/>'
    )


def _king(suit: str, colour: str) -> list[str]:
    cy = 94.0
    return [
        *_robe(suit, colour),
        *_face(cy),
        # beard and moustache
        f'<path {OUTLINE} fill="{HAIR}" d="M104 {num(cy)}C104 120 114 137 125 143C136 137 146 120 '
        f'146 {num(cy)}C143 108 136 114 125 114C114 114 107 108 104 {num(cy)}Z"/>',
        f'<path {OUTLINE} fill="{HAIR}" d="M125 105C118 102 111 104 108 110C115 108 120 109 125 108'
        f'C130 109 135 108 142 110C139 104 132 102 125 105Z"/>',
        # crown with the suit colour as jewel
        f'<path {OUTLINE} fill="{GOLD}" d="M102 78L99 46L112 61L125 38L138 61L151 46L148 78'
        f'Q125 72 102 78Z"/>',
        f'<circle {OUTLINE} fill="{colour}" cx="125" cy="66" r="5"/>',
        *(
            f'<circle {OUTLINE} fill="{GOLD}" cx="{x}" cy="{y}" r="3.5"/>'
            for x, y in ((99, 46), (125, 38), (151, 46))
        ),
        # sceptre topped with the suit pip
        _staff(170, 62, 158),
        pip(suit, 170, 52, 26, colour),
        *_hand(170, 144),
    ]


def _queen(suit: str, colour: str) -> list[str]:
    cy = 96.0
    petals = [
        f'<circle {OUTLINE} fill="{GOLD}" cx="{num(80 + 8 * math.cos(a))}" '
        f'cy="{num(70 + 8 * math.sin(a))}" r="6.5"/>'
        for a in (i * 2 * math.pi / 5 - math.pi / 2 for i in range(5))
    ]
    return [
        # long hair falling behind the shoulders
        f'<path {OUTLINE} fill="{HAIR}" d="M99 100C95 70 108 62 125 62C142 62 155 70 151 100'
        f'C151 116 156 126 163 134L87 134C94 126 99 116 99 100Z"/>',
        *_robe(suit, colour),
        *_face(cy),
        _ruff(),
        # tiara
        f'<path {OUTLINE} fill="{GOLD}" d="M105 80Q107 67 111 61Q115 71 118 67Q121 57 125 51'
        f'Q129 57 132 67Q135 71 139 61Q143 67 145 80Q125 73 105 80Z"/>',
        f'<circle {OUTLINE} fill="{colour}" cx="125" cy="70" r="4.5"/>',
        # a flower on a long stem
        '<path fill="none" stroke="#3b7d3b" stroke-width="3.5" stroke-linecap="round" '
        'd="M80 156C82 128 78 104 80 76"/>',
        '<path fill="#3b7d3b" d="M80 116C70 113 65 104 65 97C74 99 80 106 80 116Z"/>',
        *petals,
        f'<circle {OUTLINE} fill="{colour}" cx="80" cy="70" r="5.5"/>',
        *_hand(80, 144),
    ]


def _jack(suit: str, colour: str) -> list[str]:
    cy = 98.0
    return [
        *_robe(suit, colour),
        *_face(cy),
        _ruff(),
        # short hair
        f'<path {OUTLINE} fill="{HAIR}" d="M104 104C100 86 108 72 125 72C142 72 150 86 146 104'
        f'C143 92 136 86 125 86C114 86 107 92 104 104Z"/>',
        # beret with a gold band and feather
        f'<path {OUTLINE} fill="{GOLD}" d="M149 70C156 54 168 44 184 40C177 50 166 62 154 74Z"/>',
        f'<path {OUTLINE} fill="{colour}" d="M97 84C96 64 111 55 128 55C147 55 158 66 155 80'
        f'C140 74 112 76 97 84Z"/>',
        f'<path {OUTLINE} fill="{GOLD}" d="M97 84C112 76 140 74 155 80L154 87'
        f'C140 81 114 83 99 91Z"/>',
        # halberd
        _staff(80, 60, 158),
        f'<path {OUTLINE} fill="#c9ccd3" d="M80 34L87 52L80 60L73 52Z"/>',
        f'<path {OUTLINE} fill="#c9ccd3" d="M82 62C94 58 100 68 98 80C94 74 88 72 82 74Z"/>',
        *_hand(80, 144),
    ]


def court(rank: str, suit: str, colour: str) -> list[str]:
    """Frame plus the mirrored figure of a jack, queen or king in the suit colour."""
    fx, fy, fw, fh = FRAME
    half = {"K": _king, "Q": _queen, "J": _jack}[rank](suit, colour)
    body = "".join(half)
    rect = f'x="{num(fx)}" y="{num(fy)}" width="{num(fw)}" height="{num(fh)}" rx="6"'
    return [
        f'<rect {rect} fill="{colour}" fill-opacity="0.07"/>',
        body,
        f'<g transform="rotate(180 {num(CX)} {num(CY)})">{body}</g>',
        f'<path stroke="{GOLD}" stroke-width="3" '
        f'd="M{num(fx)} {num(diag(fx))}L{num(fx + fw)} {num(diag(fx + fw))}"/>',
        f'<rect {rect} fill="none" stroke="{colour}" stroke-width="2.5"/>',
    ]


# --------------------------------------------------------------------------------------------
# Whole files
# --------------------------------------------------------------------------------------------


def svg(body: Iterable[str], w: int = W, h: int = H) -> str:
    """Wrap elements in an svg root; one element per line keeps diffs readable."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
    )
    return "\n".join([head, *body, "</svg>"]) + "\n"


def card_outline(fill: str = "#ffffff") -> str:
    """Rounded white card with a thin grey border."""
    return (
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" '
        f'fill="{fill}" stroke="#8a8a8a" stroke-width="2"/>'
    )


def face_svg(rank: str, suit: str, scheme: dict[str, str]) -> str:
    """Complete SVG text of one card face."""
    colour = scheme[suit]
    index = corner_index(rank, suit, colour)
    field = court(rank, suit, colour) if rank in "JQK" else pips(rank, suit, colour)
    return svg(
        [
            card_outline(),
            *field,
            index,
            f'<g transform="rotate(180 {num(CX)} {num(CY)})">{index}</g>',
        ]
    )


def _rhombus(x: float, y: float, hw: float, hh: float) -> str:
    """A diamond centred on (x, y) in relative path commands (keeps the backs small)."""
    a, b = num(hw), num(hh)
    return f"M{num(x)} {num(y - hh)}l{a} {b}-{a} {b}-{a}-{b}z"


def back_svg(dark: str, mid: str, light: str) -> str:
    """A card back: white margin, a coloured panel with a diamond lattice, a clover medallion."""
    m = 14.0  # white margin
    cols, rows = 11, 16
    pw, ph = W - 2 * m, H - 2 * m
    dw, dh = pw / cols, ph / rows
    diamonds = []
    dots = []
    for r in range(rows):
        for c in range(cols):
            x, y = m + (c + 0.5) * dw, m + (r + 0.5) * dh
            hw, hh = dw / 2 - 1.6, dh / 2 - 1.6
            diamonds.append(_rhombus(x, y, hw, hh))
            dots.append(_rhombus(x, y, 2.2, 2.2))
    body = [
        card_outline(),
        f'<rect x="{num(m)}" y="{num(m)}" width="{num(pw)}" height="{num(ph)}" rx="6" '
        f'fill="{dark}"/>',
        f'<path fill="{mid}" d="{"".join(diamonds)}"/>',
        f'<path fill="{light}" fill-opacity="0.55" d="{"".join(dots)}"/>',
        f'<rect x="{num(m + 5)}" y="{num(m + 5)}" width="{num(pw - 10)}" height="{num(ph - 10)}" '
        f'rx="4" fill="none" stroke="{light}" stroke-width="2.5"/>',
        f'<ellipse cx="{num(CX)}" cy="{num(CY)}" rx="52" ry="64" fill="{dark}" '
        f'stroke="{light}" stroke-width="3"/>',
        f'<ellipse cx="{num(CX)}" cy="{num(CY)}" rx="44" ry="56" fill="none" '
        f'stroke="{mid}" stroke-width="2"/>',
        pip("C", CX, CY + 2, 58, light),  # a clover: Klaverjas is "clover jass"
    ]
    return svg(body)


def icon_svg() -> str:
    """App icon: two fanned cards (a red back and the jack of clubs) on green felt, plus a clover.

    Shapes are bold and few so the icon still reads at 16 px.
    """
    s = 256
    card = f'rx="16" fill="#ffffff" stroke="{INK}" stroke-width="5"'
    back_panel = 'rx="9" fill="#b3192c"'
    body = [
        f'<rect x="4" y="4" width="{s - 8}" height="{s - 8}" rx="44" fill="#17693a"/>',
        # back card, turned left
        '<g transform="rotate(-16 128 140)">',
        f'<rect x="46" y="40" width="120" height="168" {card}/>',
        f'<rect x="58" y="52" width="96" height="144" {back_panel}/>',
        '<path fill="none" stroke="#ef8f98" stroke-width="4" '
        'd="M58 100L106 52L154 100L106 148L58 196M154 148L106 196L58 148L106 100L154 52"/>',
        "</g>",
        # front card: jack of clubs, turned right
        '<g transform="rotate(12 128 140)">',
        f'<rect x="92" y="36" width="122" height="172" {card}/>',
        glyph("J", 104, 46, 58, INK),
        pip("C", 172, 152, 72, INK),
        "</g>",
        # clover badge
        '<circle cx="62" cy="196" r="44" fill="#ffffff" stroke="#0f4a28" stroke-width="5"/>',
        pip("C", 62, 198, 60, "#17893f"),
    ]
    return svg(body, s, s)


def generate(out: Path) -> list[Path]:
    """Write every asset below ``out`` and return the paths, in a stable order."""
    four = out / "four"
    four.mkdir(parents=True, exist_ok=True)
    files: dict[Path, str] = {}
    for suit in SUITS:
        for rank in RANKS:
            files[out / f"{rank}{suit}.svg"] = face_svg(rank, suit, TWO_COLOUR)
            files[four / f"{rank}{suit}.svg"] = face_svg(rank, suit, FOUR_COLOUR)
    files[out / "back_blue.svg"] = back_svg("#173f7a", "#24599f", "#c9dbf3")
    files[out / "back_red.svg"] = back_svg("#8c1222", "#b52034", "#f6c9cf")
    files[out / "icon.svg"] = icon_svg()
    for path, text in files.items():
        path.write_bytes(text.encode("utf-8"))
    return list(files)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    default = Path(__file__).resolve().parent.parent / "assets" / "cards"
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=default, help="output directory")
    args = ap.parse_args(argv)
    written = generate(args.out)
    print(f"wrote {len(written)} files to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
