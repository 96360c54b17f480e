"""The layers of the package, read from its syntax trees (a fitness test): the engine
imports nothing of ours outside itself; the game being played (play/) and the computer
players (ai/) import no pygame, no pygame_gui and no screen; the store imports no screen;
the registry of games (games/) sits below the store and play/, and neither the store nor
the teaching (teach/) imports play/;
the screens (ui/) never import the app, its command line, window or loop (they type
against ui/shell.py's Shell), and the smoke check does not import the app that imports it.
The table (ui/table/) is a view of a session: it reaches the game only through play/,
never the computer players (ai/) or the network (play/net/).

Every import counts, also one inside a function, and so does whatever the imported
module imports in turn: a lazy import is still a dependency. New modules are covered
without a list to keep."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "klaverjas_gui"
# The program around the screens: its command line, window, loop and the App itself.
APP = tuple(f"{PACKAGE}.{m}" for m in ("app", "cli", "window", "loop"))
SCREEN = (f"{PACKAGE}.ui", *APP, f"{PACKAGE}.smoke")
PYGAME = ("pygame", "pygame_gui")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(module: str, tree: ast.AST, known: set[str]) -> set[str]:
    """Every module `tree` imports, absolute; `from x import y` counts y when it is a module."""
    is_package = any(name.startswith(module + ".") for name in known)
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known}
    return found


def import_graph(sources: dict[str, str]) -> dict[str, set[str]]:
    known = set(sources)
    return {m: imports(m, ast.parse(text), known) for m, text in sources.items()}


def package_sources() -> dict[str, str]:
    files = sorted((ROOT / PACKAGE).rglob("*.py"))
    assert len(files) > 50, "the scan found too few modules: is it still looking?"
    return {module_name(p): p.read_text(encoding="utf-8") for p in files}


def reach(graph: dict[str, set[str]], start: str) -> dict[str, str]:
    """Everything `start` imports, directly or through our modules: module -> importer."""
    seen: dict[str, str] = {}
    todo = [start]
    while todo:
        here = todo.pop()
        for name in graph.get(here, ()):
            if name not in seen:
                seen[name] = here
                todo.append(name)
    return seen


def under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def breaches(
    graph: dict[str, set[str]], layer: str, forbidden: tuple[str, ...]
) -> list[tuple[str, str, str]]:
    """(module of `layer`, forbidden module it reaches, the module importing that)."""
    return sorted(
        (module, name, importer)
        for module in graph
        if under(module, (layer,))
        for name, importer in reach(graph, module).items()
        if under(name, forbidden)
    )


GRAPH = import_graph(package_sources())


def test_the_engine_imports_nothing_of_ours_but_itself():
    engine = f"{PACKAGE}.engine"
    ours = [
        (module, name)
        for module in GRAPH
        if under(module, (engine,))
        for name in GRAPH[module]
        if under(name, (PACKAGE,)) and not under(name, (engine,))
    ]
    assert ours == []
    assert breaches(GRAPH, engine, PYGAME) == []


@pytest.mark.parametrize("layer", ["play", "ai"])
def test_play_and_the_computer_players_import_no_pygame_and_no_screen(layer):
    assert any(under(m, (f"{PACKAGE}.{layer}",)) for m in GRAPH)
    assert breaches(GRAPH, f"{PACKAGE}.{layer}", PYGAME + SCREEN) == []


def test_the_store_imports_no_screen():
    assert breaches(GRAPH, f"{PACKAGE}.store", SCREEN) == []


@pytest.mark.parametrize("layer", ["store", "teach", "games"])
def test_the_store_the_teaching_and_the_registry_import_nothing_of_play(layer):
    """The store reads games from the registry below it; teach/ judges observations."""
    assert any(under(m, (f"{PACKAGE}.{layer}",)) for m in GRAPH)
    assert breaches(GRAPH, f"{PACKAGE}.{layer}", (f"{PACKAGE}.play",)) == []


def test_the_registry_imports_no_store_no_pygame_and_no_screen():
    """Its entries name their screens (ui/scenes.py resolves the names), never import them."""
    games = f"{PACKAGE}.games"
    assert breaches(GRAPH, games, PYGAME + SCREEN + (f"{PACKAGE}.store",)) == []


@pytest.mark.parametrize("layer", ["ui", "smoke"])
def test_the_screens_and_the_smoke_check_never_import_the_app(layer):
    assert any(under(m, (f"{PACKAGE}.{layer}",)) for m in GRAPH)
    assert breaches(GRAPH, f"{PACKAGE}.{layer}", APP) == []


def within(graph: dict[str, set[str]], start: str, package: str) -> dict[str, str]:
    """What `start` imports, directly or through modules of `package` (not beyond them)."""
    seen: dict[str, str] = {}
    todo = [start]
    while todo:
        here = todo.pop()
        for name in graph.get(here, ()):
            if name not in seen:
                seen[name] = here
                if under(name, (package,)):
                    todo.append(name)
    return seen


def table_breaches(graph: dict[str, set[str]]) -> list[tuple[str, str, str]]:
    """(table module, ai or net module, the table module importing it): the table's own
    imports, also through its other modules; play/ (the session) is its door to the game."""
    table = f"{PACKAGE}.ui.table"
    forbidden = (f"{PACKAGE}.ai", f"{PACKAGE}.play.net")
    return sorted(
        (module, name, importer)
        for module in graph
        if under(module, (table,))
        for name, importer in within(graph, module, table).items()
        if under(name, forbidden)
    )


def test_the_table_imports_neither_the_computer_players_nor_the_network():
    assert any(under(m, (f"{PACKAGE}.ui.table.two",)) for m in GRAPH)
    assert table_breaches(GRAPH) == []


def test_the_table_asks_the_game_s_entry_for_its_hint_not_a_game_s_sentences():
    """A hint's sentence comes from the game's coaching (`game.coaching().explain`,
    through the registry): no table module imports a game's own hint sentences
    (teach/<game>_hints.py), so a new game's table needs no import of its words."""
    table, teach = f"{PACKAGE}.ui.table", f"{PACKAGE}.teach"
    assert f"{teach}.klabberjass_hints" in GRAPH
    found = sorted(
        (m, n)
        for m in GRAPH
        if under(m, (table,))
        for n in GRAPH[m]
        if under(n, (teach,)) and n.endswith("_hints")
    )
    assert found == []


def test_the_table_parts_and_the_screens_over_it_see_the_port_not_the_scene():
    """Prompts, hand input, the coach's note, the director and the others, and the deal
    summary, the match's end and the score sheet, import no table scene (not even for type
    hints): they are given the narrow port (ui/table/port.py)."""
    table, ui = f"{PACKAGE}.ui.table", f"{PACKAGE}.ui"
    scenes = (f"{table}.scene", f"{table}.two.scene", f"{table}.three.scene")
    doors = (*scenes, f"{table}.port")  # the scenes themselves, and the port that wraps one
    parts = [m for m in GRAPH if under(m, (table,)) and m not in doors]
    overlays = [f"{ui}.summary", f"{ui}.match_end", f"{ui}.sheet", f"{ui}.klabberjass_scenes",
                f"{ui}.kalabriasz_scenes"]  # fmt: skip
    assert f"{table}.hand_input" in parts and all(m in GRAPH for m in overlays)
    found = sorted((m, n) for m in parts + overlays for n in GRAPH[m] if n in scenes)
    assert found == []


def test_the_table_check_sees_an_import_through_another_table_module():
    """The checker itself: a table part importing the network through the director."""
    graph = import_graph(
        {
            f"{PACKAGE}.ui.table.hand_input": "from .director import Director\n",
            f"{PACKAGE}.ui.table.director": "def f():\n    from ...play.net.mirror import g\n",
            f"{PACKAGE}.play.net.mirror": "",
            f"{PACKAGE}.play.session": "from ..ai import make_player\n",
            f"{PACKAGE}.ai": "",
        }
    )
    found = table_breaches(graph)
    hand = (f"{PACKAGE}.ui.table.hand_input", f"{PACKAGE}.play.net.mirror",
            f"{PACKAGE}.ui.table.director")  # fmt: skip
    assert hand in found and all(name != f"{PACKAGE}.ai" for _, name, _ in found)


def test_the_check_sees_a_lazy_relative_import_and_what_it_imports_in_turn():
    """The checker itself: a function-level `from ..ui import x` two modules away is found."""
    graph = import_graph(
        {
            f"{PACKAGE}.play.seats": "def f():\n    from . import helper\n",
            f"{PACKAGE}.play.helper": "import os\ndef g():\n    from ..ui.table import T\n",
            f"{PACKAGE}.ui.table": "import pygame\n",
        }
    )
    found = breaches(graph, f"{PACKAGE}.play", SCREEN)
    assert (f"{PACKAGE}.play.seats", f"{PACKAGE}.ui.table", f"{PACKAGE}.play.helper") in found
    pygame = breaches(graph, f"{PACKAGE}.play", PYGAME)
    assert (f"{PACKAGE}.play.helper", "pygame", f"{PACKAGE}.ui.table") in pygame


def test_the_check_sees_an_import_only_for_type_hints():
    """`if TYPE_CHECKING: from ..app import App` in a screen is an import of the app."""
    graph = import_graph(
        {
            f"{PACKAGE}.ui.menu": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from ..app import App\n",
            f"{PACKAGE}.app": "import pygame\n",
        }
    )
    found = breaches(graph, f"{PACKAGE}.ui", (f"{PACKAGE}.app",))
    assert found == [(f"{PACKAGE}.ui.menu", f"{PACKAGE}.app", f"{PACKAGE}.ui.menu")]


# The hubs kept small (docs/architecture.md): the table scene wires its parts and the app
# holds a session; what grows belongs in a part, behind the port (ui/table/port.py).
@pytest.mark.parametrize(
    ("path", "most"), [("klaverjas_gui/ui/table/scene.py", 300), ("klaverjas_gui/app.py", 400)]
)
def test_the_hubs_stay_small(path, most):
    lines = len((ROOT / path).read_text(encoding="utf-8").splitlines())
    assert lines <= most, f"{path} has {lines} lines; move a part out (at most {most})"
