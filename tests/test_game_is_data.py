"""A game is data (a fitness test, read from the syntax trees): outside the per-game code
no module asks which game it is. The registry (klaverjas_gui/games/) says everything that
differs between the games; a screen, the store or the network asks the game's entry
(`game.players`, `game.table_scene`, `game.coaching()`...), never compares a game's name,
identity or player count, nor tests a state or observation for a game's own class. So a
third game is one more registry entry plus its own modules, with no screen to change.

The per-game code is listed below; a new game's modules join the list."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "klaverjas_gui"

# The code that belongs to one game and may say so.
PER_GAME = (
    "games/",  # the registry and its entries
    "engine/klabberjass",
    "ai/klabberjass",
    "teach/klabberjass",
    "teach/kalabriasz",
    "ui/klabberjass_",
    "ui/table/two/",  # the two-player table of Klabberjass
    # A rule of play, the engine's (the registry holds everything else): the reason a card
    # may not be played says whether the trick is a partner's, which takes four players.
    "engine/play.py",
)
GAME_NAMES = {"klaverjas", "klabberjass"}  # as the history stores them
GAME_CONSTANTS = {"KLAVERJAS", "KLABBERJASS", "DEFAULT_GAME"}
# A game's own state and observation classes (the engine's GameState is every game's).
GAME_CLASSES = {"MatchState", "KlabberjassState", "Observation", "KlabberjassObservation"}
PLAYER_COUNTS = {2, 3, 4}
COUNTED = {"players", "names", "seats", "kinds"}  # what `len(...) == 4` counts when it asks


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _asks_game(side: ast.AST, other: ast.AST, op: ast.cmpop) -> str | None:
    """Why comparing `side` with `other` asks which game it is, or None."""
    if _name(side) in GAME_CONSTANTS:
        return f"compares with {_name(side)}"
    if isinstance(side, ast.Constant) and side.value in GAME_NAMES:
        return f"compares with the name {side.value!r}"
    count = isinstance(other, ast.Constant) and other.value in PLAYER_COUNTS
    if count and _name(side) == "players":
        return f"compares a player count with {other.value}"  # type: ignore[attr-defined]
    if (
        count
        and isinstance(op, (ast.Eq, ast.NotEq))
        and isinstance(side, ast.Call)
        and _name(side.func) == "len"
        and side.args
        and _name(side.args[0]) in COUNTED
    ):
        return f"compares a count of {_name(side.args[0])} with {other.value}"  # type: ignore[attr-defined]
    return None


def questions(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) for every place `tree` asks which game it is."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for a, b, op in zip(sides, sides[1:], node.ops, strict=False):
                why = _asks_game(a, b, op) or _asks_game(b, a, op)
                if why:
                    found.append((node.lineno, why))
        elif isinstance(node, ast.Call) and _name(node.func) == "isinstance" and node.args[1:]:
            kinds = node.args[1]
            names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
            for kind in names:
                if _name(kind) in GAME_CLASSES:
                    found.append((node.lineno, f"tests for a {_name(kind)}"))
    return found


def shared_modules() -> list[Path]:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 50, "the scan found too few modules: is it still looking?"
    return [p for p in files if not p.relative_to(PACKAGE).as_posix().startswith(PER_GAME)]


def test_no_shared_module_asks_which_game_it_is():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {why}"
        for path in shared_modules()
        for line, why in questions(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == []


def test_the_per_game_code_named_is_there():
    """Each entry of PER_GAME still names code (a renamed folder would hide nothing)."""
    paths = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")]
    assert all(any(p.startswith(prefix) for p in paths) for prefix in PER_GAME)


def test_the_scan_finds_each_kind_of_question():
    """The checker itself: every way of asking which game it is is found, and a game's own
    fields are not a question."""
    code = """
if game is KLABBERJASS: pass
if game.name == "klaverjas": pass
if tab != "klabberjass": pass
if game.players == 2: pass
if 4 != self.game.players: pass
if len(names) == 4: pass
if isinstance(obs, KlabberjassObservation): pass
if isinstance(state, (GameState, MatchState)): pass
x = KLAVERJAS if a else b
for seat in range(game.players): pass
if len(s.sheet) == 4: pass
if len(players) < 2: pass
if game.players > 2: pass
if seat < game.players and game.partners: pass
if isinstance(state, GameState): pass
"""
    found = questions(ast.parse(code))
    assert [line for line, _ in found] == [2, 3, 4, 5, 6, 7, 8, 9, 14]
