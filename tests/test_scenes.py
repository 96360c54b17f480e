"""Scenes by name (ui/scenes.py) and the screen catalogue (ui/catalogue.py): every name
makes its scene, the catalogue shows every named scene, an unknown name is one clear
error, and each push one screen makes of another goes by name to the right scene."""

from __future__ import annotations

import ast
import inspect

import pytest
from uitest import DT, click_button

from klaverjas_gui import app as app_module
from klaverjas_gui.engine.match import MatchOver
from klaverjas_gui.ui import catalogue, scenes
from klaverjas_gui.ui.scene import Scene
from klaverjas_gui.ui.scenes import SCENES, UnknownScene, game_scene, scene_class


def test_every_name_is_a_scene_class_and_its_module_is_bundled():
    bundled = {
        f"{node.module}.{alias.name}" if node.module else alias.name
        for node in ast.walk(ast.parse(inspect.getsource(scenes._bundled)))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    for name, where in SCENES.items():
        assert issubclass(scene_class(name), Scene), name
        assert where.rpartition(".")[0] in bundled, f"{where}: add it to scenes._bundled"


@pytest.mark.slow
def test_the_catalogue_opens_every_named_scene(make_app):
    """Each screen of --scene/--smoke opens; between them they show every named scene."""
    app = make_app(deterministic=True)
    seen: set[type] = set()
    for name, open_screen in catalogue.SCREENS.items():
        open_screen(app)
        app.step(DT)
        assert app.top is not None, name
        seen |= {type(s) for s in [*app.scenes, app.match] if s is not None}
    missing = [n for n in SCENES if scene_class(n) not in seen]
    assert missing == []


def test_an_unknown_name_is_one_clear_error_and_the_stack_is_kept(make_app):
    app = make_app(first_frame=True)
    before = list(app.scenes)
    with pytest.raises(UnknownScene) as err:
        app.push("setings", tab="rules")
    assert str(err.value).startswith("no scene is named 'setings' (known: ")
    assert "settings" in str(err.value)
    assert app.scenes == before and app.top.ui is not None


def test_an_unknown_screen_on_the_command_line_exits_2_in_one_line(capsys):
    with pytest.raises(SystemExit) as err:
        app_module.parse_args(["--scene", "rules: roam"])
    assert err.value.code == 2
    text = capsys.readouterr().err
    assert "'rules: roam' is not a screen" in text and "rules: roem" in text
    assert text.count("\n") == 1


def test_a_screen_by_name_on_the_command_line(tmp_path):
    argv = ["--scene", "rules: roem", "--frames", "1", "--data-dir", str(tmp_path)]
    assert app_module.main(argv) == 0


def test_a_twin_is_found_for_its_game():
    from klaverjas_gui.games import KLABBERJASS, KLAVERJAS

    assert game_scene("replay", KLABBERJASS) == "klabberjass replay"
    assert game_scene("replay", KLAVERJAS) == "replay"
    assert game_scene("settings", KLABBERJASS) == "settings"


def test_every_scene_and_tab_a_game_names_is_there():
    """The registry names a game's scenes and Settings tab as data: each name resolves."""
    from klaverjas_gui.games import GAMES
    from klaverjas_gui.ui.settings import GAME_TABS, TABS, game_tab

    for game in GAMES.values():
        for shared, own in game.scenes.items():
            assert shared in SCENES and scene_class(own) is not None, (game.name, own)
        assert game.settings_tab in TABS
        own_tab = game_tab(game.settings_tab)
        assert own_tab is None or (own_tab.form_rows and own_tab.draw_summary)
    assert set(GAME_TABS) <= set(TABS)


# (catalogue screen, button pressed, the scene it opens by name)
BUTTONS = [
    ("menu", "play", "play"),
    ("play", "options", "settings"),
    ("menu", "learn", "learn"),
    ("menu", "settings", "settings"),
    ("menu", "history", "history"),
    ("history", "statistics", "statistics"),
    ("history: match", "replay_1", "replay"),
    ("history: replay", "review", "review"),
    ("learn", "rules", "rules"),
    ("table: mid-trick", "settings", "settings"),
    ("table: mid-trick", "score_sheet", "score sheet"),
]


@pytest.mark.parametrize(("screen", "button", "opens"), BUTTONS)
def test_a_button_pushes_its_scene_by_name(make_app, screen, button, opens):
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS[screen](app)
    app.step(DT)
    here = app.top
    click_button(app, here, button)
    assert type(app.top) is scene_class(opens)
    assert app.scenes[-2] is here
    if screen.startswith("table"):
        assert getattr(app.top, "tab", "table") == "table"  # the table opens its own tab
        assert getattr(app.top, "table", here.port) is here.port  # it is given the table's port


def test_a_klabberjass_record_replays_in_its_own_scene(make_app):
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS["history: klabberjass replay"](app)
    record = app.top.record
    app.push("klabberjass match record", record=record)  # History opens the game's twin
    app.step(DT)
    click_button(app, app.top, "replay_1")
    assert type(app.top) is scene_class("klabberjass replay")
    assert app.top.record.id == record.id


@pytest.mark.parametrize(("screen", "summary", "end"), [
    ("deal summary", "deal summary", "match end"),
    ("klabberjass: deal summary", "klabberjass deal summary", "klabberjass match end"),
])  # fmt: skip
def test_the_table_pushes_the_summary_and_the_end_of_its_game(make_app, screen, summary, end):
    """The catalogue's screen is left, and the table itself shows the summary and the end."""
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS[screen](app)
    app.pop()
    table = app.top
    assert table is app.match
    totals = table.session.state.totals
    assert table.overlays.show_summary(table.session.state.sheet[-1], totals) is app.top
    assert type(app.top) is scene_class(summary) and app.top.table is table.port
    table.overlays.show_match_end(MatchOver(0, totals))
    assert type(app.top) is scene_class(end) and app.top.table is table.port
    assert app.match is None  # nothing left to continue


def test_the_summary_opens_the_review_of_its_deal(make_app):
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS["table: trump choice"](app)  # seed 1
    table = app.match
    table.load(catalogue._played("amsterdam", 1, lambda s: len(s.sheet) == 1))
    summary = table.overlays.show_summary(table.session.state.sheet[-1], table.session.state.totals)
    app.step(DT)
    click_button(app, summary, "review")
    review = app.top
    assert type(review) is scene_class("review") and app.scenes[-2] is summary
    assert review.deal.deal_no == 1 and review.names == [s.name for s in table.session.seats]


def test_the_app_is_a_shell_and_the_screens_ask_only_for_what_a_shell_has(make_app):
    """ui/shell.py is the whole of what a screen uses of `app`: each member exists on App,
    and no screen reads an attribute of its `app` (or `x.app`) that the protocol lacks."""
    from pathlib import Path

    from klaverjas_gui.ui.shell import Shell

    members = {n for n in vars(Shell) if not n.startswith("_")} | set(Shell.__annotations__)
    app = make_app()
    assert [n for n in sorted(members) if not hasattr(app, n)] == []
    used: dict[str, str] = {}
    for path in sorted((Path(scenes.__file__).parent).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and (
                (isinstance(node.value, ast.Name) and node.value.id == "app")
                or (isinstance(node.value, ast.Attribute) and node.value.attr == "app")
            ):
                used.setdefault(node.attr, path.name)
    assert len(used) > 10, "the scan found too few uses: is it still looking?"
    assert {n: f for n, f in used.items() if n not in members} == {}
