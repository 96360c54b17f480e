"""The command line's languages, games and single rules; --version, the About screen, the
log file and the crash handler (issue 18, items 21 and 22)."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pygame
import pytest
from uitest import DT, click_button, press

from klaverjas_gui import crash, i18n
from klaverjas_gui import version as version_module
from klaverjas_gui.app import App, main, parse_args
from klaverjas_gui.engine import KLABBERJASS_PRESETS, PRESETS
from klaverjas_gui.games import GAMES
from klaverjas_gui.ui.about import AboutScene
from klaverjas_gui.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parent.parent


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """parse_args refuses argv with status 2 and one line on stderr; that line."""
    with pytest.raises(SystemExit) as stop:
        parse_args(list(argv))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


# --- item 21: --lang, --variant without --game, --rule ---
def test_an_unknown_language_is_refused_naming_the_three(capsys):
    err = _refused(capsys, "--lang", "xx")
    assert "'xx'" in err and "en, nl, fr" in err
    assert parse_args(["--lang", "nl_BE"]).lang == "nl_BE"  # a region of a language we speak


def test_preset_names_are_unique_across_the_games():
    names = [name for game in GAMES.values() for name in game.presets]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("preset", list(KLABBERJASS_PRESETS))
def test_a_klabberjass_preset_alone_picks_klabberjass(preset):
    assert parse_args(["--variant", preset]).game == "klabberjass"


def test_a_klaverjas_preset_alone_and_no_preset_pick_klaverjas():
    assert parse_args(["--variant", "rotterdam"]).game == "klaverjas"
    assert parse_args([]).game == "klaverjas"


def test_klabberjass_starts_from_its_preset_without_game(make_app):
    app = make_app("--variant", "bela", "--rule", "clob=on", "--seed", "4")
    record = app.history.match(app.match.session.match_id)
    assert record.game == "klabberjass"
    assert record.variant == {"target": 100, "clob": True, "declarations": "klabberjass"}


def test_single_rules_for_a_klaverjas_match(make_app):
    app = make_app("--variant", "utrecht", "--rule", "must_ruff=never", "--rule", "pit_bonus=0",
                   "--rule", "must_overtrump=off", "--seed", "5")  # fmt: skip
    variant = app.history.match(app.match.session.match_id).variant
    expected = {**PRESETS["utrecht"].to_dict(), "must_ruff": "never", "pit_bonus": 0}
    assert variant == {**expected, "must_overtrump": False}


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--rule", "must_ruff=sometimes"], "option must_ruff cannot be 'sometimes'; allowed:"),
        (["--rule", "pit_bonus=lots"], "option pit_bonus cannot be 'lots'; allowed: 0 to 1000"),
        (["--rule", "pit_bonus=2000"], "option pit_bonus cannot be 2000"),
        (["--rule", "kraken=maybe"], "option kraken cannot be 'maybe'"),
        (["--rule", "bogus=1"], "unknown variant option 'bogus'; the options are:"),
        (["--variant", "clob", "--rule", "target=7"], "option target cannot be 7"),
        (["--game", "klabberjass", "--rule", "tie=nat"], "unknown Klabberjass option 'tie'"),
        (["--rule", "must_ruff"], "expected OPTION=VALUE"),
    ],
)
def test_a_bad_rule_is_refused_with_the_variants_own_words(capsys, argv, said):
    err = _refused(capsys, *argv)
    assert "argument --rule: " in err and said in err


# --- item 22: --version, About, the log file, the crash handler ---
def _pyproject_version() -> str:
    text = (ROOT / "pyproject.toml").read_text()
    return tomllib.loads(text)["project"]["version"]


def test_version_prints_pyprojects_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"klaverjas {_pyproject_version()}\n"


def test_version_without_installed_metadata_reads_pyproject(monkeypatch):
    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert version_module.version() == _pyproject_version()
    monkeypatch.setattr(version_module, "PYPROJECT", ROOT / "no-such-file.toml")
    assert version_module.version() == "unknown"


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_about_from_the_menu_and_back(make_app, lang):
    app = make_app("--lang", lang, first_frame=True)
    menu = app.top
    click_button(app, menu, "about")
    about = app.top
    assert isinstance(about, AboutScene)
    app.step(DT)
    text = " ".join(t for t, _, _ in about.paragraphs())
    for name in (
        "pygame-ce",
        "LGPL",
        "pygame-gui",
        "python-i18n",
        "platformdirs",
        "websockets",  # network play (issue 36 item 12)
        "zeroconf",
        "Noto Sans",
        "Fira Code",
        "MIT",
        version_module.version(),
        str(app.args.data_dir),
    ):
        assert name in text, name  # fmt: skip
    press(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_about_link_clears_the_menu_column_at_the_smallest_size(make_app):
    """At 1024x600, with Continue (the longest column), the link overlaps no button."""
    app = make_app("--seed", "2", first_frame=True)
    press(app, pygame.K_ESCAPE)
    menu = app.top
    assert "continue" in menu.buttons
    link = menu.buttons["about"].get_abs_rect()
    assert pygame.Rect(0, 0, 1024, 600).contains(link)
    assert not any(link.colliderect(b.get_abs_rect()) for k, b in menu.buttons.items()
                   if k != "about")  # fmt: skip
    for _ in range(len(menu.items) - menu.focus - 1):
        press(app, pygame.K_DOWN)  # the keyboard reaches it too, after Quit
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, AboutScene)


def test_each_run_logs_beside_the_data_and_the_log_rotates(tmp_path, monkeypatch):
    monkeypatch.setattr(crash, "MAX_BYTES", 300)
    for _ in range(5):
        assert main(["--data-dir", str(tmp_path), "--frames", "1"]) == 0
    log = tmp_path / crash.LOG_NAME
    assert f"klaverjas {version_module.version()} started" in log.read_text()
    old = sorted(p.name for p in tmp_path.glob(crash.LOG_NAME + ".*"))
    assert old == [f"{crash.LOG_NAME}.{i}" for i in range(1, crash.BACKUPS + 1)]
    assert crash.log_path(None).parent.name.lower() in ("log", "logs")  # platformdirs' folder


def test_a_crash_is_logged_told_and_the_match_continues(tmp_path, monkeypatch, capsys):
    """A scene's update raises mid-match (the crash injected in-process): the traceback is in
    the log, one message on stderr says where it is, the exit status is CRASHED, and
    --continue resumes the match at the last stored action."""
    seen = {}
    update = TableScene.update

    def broken(self: TableScene, dt: float) -> None:
        update(self, dt)
        session = self.session
        if session.state.n_actions >= 12:
            seen["match"], seen["actions"] = session.match_id, session.state.n_actions
            raise RuntimeError("injected for the test")

    monkeypatch.setattr(TableScene, "update", broken)
    argv = ["--data-dir", str(tmp_path), "--seed", "5", "--speed", "instant", "--frames", "5000"]
    assert main(argv) == crash.CRASHED
    err = capsys.readouterr().err
    log = tmp_path / crash.LOG_NAME
    assert err.count("\n") == 1 and str(log) in err and "Continue" in err
    written = log.read_text()
    assert "Traceback" in written and "RuntimeError: injected for the test" in written
    monkeypatch.setattr(TableScene, "update", update)
    app = App(parse_args(["--data-dir", str(tmp_path), "--continue", "--size", "1024x600"]),
              audio=False)  # fmt: skip
    try:
        assert app.match.session.match_id == seen["match"]
        assert app.match.session.state.n_actions == seen["actions"]
    finally:
        app.close()


def test_the_crash_message_goes_to_a_message_box_when_there_is_a_screen(tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(crash, "headless", lambda: False)
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: shown.append(a))

    def fail() -> int:
        raise ValueError("boom")

    i18n.set_language("nl")
    log = tmp_path / "klaverjas.log"
    assert crash.guarded(fail, log) == crash.CRASHED
    said = i18n.tr("about.crash_message", path=str(log))
    assert [(t, " ".join(x.split()), k) for t, x, k in shown] == [("Klaverjas", said, "error")]
    assert "logbestand" in shown[0][1]
    # in lines that fit a small screen (SDL's box on X11 does not wrap: it cut the text off)
    lines = shown[0][1].split("\n")
    assert len(lines) >= 3 and all(len(x) <= crash.BOX_WIDTH or str(log) in x for x in lines)


def test_without_a_writable_log_folder_the_game_runs_and_a_crash_prints_it(tmp_path, capsys):
    blocked = tmp_path / "a file"
    blocked.write_text("")
    with crash.log_file(blocked / crash.LOG_NAME) as log:
        assert log is None

        def fail() -> int:
            raise ValueError("boom")

        assert crash.guarded(fail, log) == crash.CRASHED
    err = capsys.readouterr().err
    assert "ValueError: boom" in err and "no log file" in err
