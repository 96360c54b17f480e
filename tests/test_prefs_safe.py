"""settings.json loses nothing (issue 16, items 4, 7, 8, 11, 12): hostile files, hostile
names, unreadable files, unknown keys, another writer, Notepad, FIFOs and killed writes."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

from klaverjas_gui.store import prefs
from klaverjas_gui.store.session import Store
from klaverjas_gui.ui.commands import Command


def write(path: Path, data: object) -> bytes:
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    return raw


# --- 4: hostile JSON is damage, set aside and told, never a traceback ---
@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"volume": ' + "9" * 5000 + "}",
     '{"seats": ' + "[" * 100_000 + "]" * 100_000 + "}"],
    ids=["nested", "5000 digits", "nested value"],
)  # fmt: skip
def test_absurd_json_is_set_aside_and_told_like_any_damage(tmp_path, text):
    path = tmp_path / "settings.json"
    path.write_text(text)
    settings, notes = prefs.load(path)
    assert settings == prefs.Settings() and len(notes) == 1 and "damaged" in notes[0]
    (aside,) = tmp_path.glob("settings.json.bad-*")
    assert aside.read_text() == text and not path.exists()


# --- 7: seat names are printable text ---
BAD_NAMES = ["Bep\x00", "\udc80", "Jan\nPiet", "Jan\r", "Tab\there", "\x1b[31mRood",
             "\u202eevil", "A\u2028B", "  ", "x" * 25, 7]  # fmt: skip


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_stored_seat_name_that_is_not_printable_text_resets_the_seats(tmp_path, name):
    path = tmp_path / "settings.json"
    seats = prefs.default_seats()
    seats[1]["name"] = name
    path.write_text(json.dumps({"seats": seats, "klabberjass_seats": seats[:2]}))
    settings, notes = prefs.load(path)
    assert settings.to_dict()["seats"] == prefs.default_seats()
    assert settings.to_dict()["klabberjass_seats"] == prefs.default_seats()[:2]
    assert len(notes) == 1 and "seats" in notes[0] and "klabberjass_seats" in notes[0]


def test_printable_names_in_any_script_are_kept():
    s = prefs.Settings()
    names = ["Zoë", "Jan Willem", "Ёлка", "x" * 24]
    for seat, name in enumerate(names):
        assert s.set_seat(seat, name=name)
    loaded, notes = prefs.from_dict(s.to_dict())
    assert notes == [] and [n for n, _ in loaded.seat_plan()] == names


@pytest.mark.parametrize("name", [n for n in BAD_NAMES if isinstance(n, str) and n != "Jan\r"])
def test_the_settings_refuse_a_name_that_is_not_printable_text(name):
    s = prefs.Settings()
    assert not s.set_seat(1, name=name) and not s.set_seat(1, name=name, game="klabberjass")
    assert s.seat_plan()[1][0] == "Henk" and s.seat_plan("klabberjass")[1][0] == "Henk"


@pytest.mark.parametrize(
    "tab, key, game", [("match", "seat1", "klaverjas"), ("klabberjass", "kj_seat1", "klabberjass")]
)
def test_the_seat_editor_strips_what_a_name_may_not_hold_as_it_is_typed(make_app, tab, key, game):
    from klaverjas_gui.ui.settings import SettingsScene

    app = make_app()
    app.push(SettingsScene(app, tab))
    scene = app.top
    app.step(1 / 60)
    field = scene.form.entries[key]
    scene.handle(Command("ui_text", element=field, text="Bo\nb\x00\udc80"))  # a paste
    assert app.settings.seat_plan(game)[1][0] == "Bob" and field.get_text() == "Bob"
    scene.handle(Command("ui_text", element=field, text="\r\n\t"))  # nothing left: refused
    assert app.settings.seat_plan(game)[1][0] == "Bob" and field.get_text() == ""
    stored = json.loads(app.store.paths.settings.read_text(encoding="utf-8"))
    assert stored["klabberjass_seats" if game == "klabberjass" else "seats"][1]["name"] == "Bob"
    app.step(1 / 60)  # and the screen draws


def test_a_value_utf8_cannot_hold_is_saved_escaped_and_one_json_cannot_hold_is_a_message(
    tmp_path,
):
    path = tmp_path / "settings.json"
    s = prefs.Settings(tutorial_done=["lesson\udc80"])  # a JSON "\udc80" in a hand-edited file
    assert prefs.save(path, s) is None
    assert prefs.load(path) == (s, [])
    s.volume = object()  # type: ignore[assignment]
    message = prefs.save(path, s)
    assert message and "could not be saved" in message
    assert prefs.load(path) == (prefs.Settings(tutorial_done=["lesson\udc80"]), [])


# --- 8: unreadable is not damaged ---
def deny_reading(monkeypatch, path: Path) -> None:
    """Permission denied for `path` (root reads through chmod 000, so it is simulated)."""
    real_open = os.open

    def refuse(name, flags, *mode):
        if Path(name) == path:
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, flags, *mode)

    monkeypatch.setattr(os, "open", refuse)


def test_an_unreadable_settings_file_is_left_alone_and_never_written_over(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    path = data / "settings.json"
    before = write(path, {"language": "fr", "volume": 0.1})
    deny_reading(monkeypatch, path)
    store = Store(data)
    try:
        assert store.settings == prefs.Settings()
        assert store.messages() == [
            "Your settings could not be read (Permission denied); the file is left alone, "
            "the defaults are used and changes last until you quit."
        ]
        store.settings.card_back = "red"
        assert not store.save_settings() and not store.save_settings()
        assert store.messages() == []  # said once, at the start
        assert store.settings.card_back == "red"  # the change lasts for this run
    finally:
        store.close()
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in data.iterdir() if p.name.startswith("settings")) == [
        "settings.json"
    ]


def test_a_folder_named_settings_json_is_left_alone(tmp_path):
    path = tmp_path / "settings.json"
    (path / "inside").mkdir(parents=True)
    file = prefs.SettingsFile(path)
    settings, notes = file.load()
    assert settings == prefs.Settings()
    assert notes == ["Your settings file settings.json is not a regular file; it is left "
                     "alone, the defaults are used and changes last until you quit."]  # fmt: skip
    assert file.save(settings) and (path / "inside").is_dir()
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


# --- 11: unknown keys, reset values, another writer ---
def test_unknown_keys_survive_a_save_and_the_file_as_read_is_kept_as_bak(tmp_path):
    path = tmp_path / "settings.json"
    before = write(path, {"schema": 4, "from_the_future": {"x": [1, 2]}, "volume": 7,
                          "language": "nl", "play_input": "drag"})  # fmt: skip
    file = prefs.SettingsFile(path)
    settings, notes = file.load()
    assert settings.volume == 0.8 and settings.play_gesture == "drag" and len(notes) == 1
    settings.card_back = "red"
    assert file.save(settings) is None
    stored = json.loads(path.read_text())
    assert stored["from_the_future"] == {"x": [1, 2]} and stored["schema"] == 4
    assert stored["volume"] == 0.8 and stored["card_back"] == "red"
    assert stored["play_gesture"] == "drag" and "play_input" not in stored
    assert (tmp_path / "settings.json.bak").read_bytes() == before
    settings.card_back = "blue"  # later saves of this run keep the first .bak
    assert file.save(settings) is None
    assert (tmp_path / "settings.json.bak").read_bytes() == before
    assert json.loads(path.read_text())["card_back"] == "blue"
    assert not list(tmp_path.glob("*.tmp"))


def test_a_save_that_changes_nothing_read_makes_no_bak(tmp_path):
    path = tmp_path / "settings.json"
    file = prefs.SettingsFile(path)
    settings, _ = file.load()
    assert file.save(settings) is None  # a new file: nothing was read, nothing to keep
    file = prefs.SettingsFile(path)
    settings, _ = file.load()
    assert file.save(settings) is None
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_value_of_the_wrong_kind_is_rewritten_not_kept(tmp_path):
    """1 is not true: the reset value is written (after the .bak), not read as equal."""
    path = tmp_path / "settings.json"
    write(path, {"show_legal": 1})
    file = prefs.SettingsFile(path)
    settings, notes = file.load()
    assert settings.show_legal is True and notes
    assert file.save(settings) is None
    assert json.loads(path.read_text())["show_legal"] is True
    assert prefs.load(path)[1] == []


def test_another_writers_changes_are_merged_not_clobbered(tmp_path):
    path = tmp_path / "settings.json"
    write(path, {"language": "nl", "volume": 0.5})
    ours = prefs.SettingsFile(path)
    settings, _ = ours.load()
    # meanwhile another writer (an older copy, a hand edit) changes the file
    theirs = json.loads(path.read_text())
    theirs.update(volume=0.2, card_back="red", language="en", from_them="kept")
    write(path, theirs)
    settings.four_colour = True  # only we changed this
    settings.language = "fr"  # both changed this: ours, the later save, wins
    assert ours.save(settings) is None
    stored = json.loads(path.read_text())
    assert stored["four_colour"] is True and stored["language"] == "fr"
    assert stored["volume"] == 0.2 and stored["card_back"] == "red"  # theirs: we kept ours
    assert stored["from_them"] == "kept"
    settings.hints = False  # a later save still keeps their volume (we never changed it)
    assert ours.save(settings) is None
    stored = json.loads(path.read_text())
    assert stored["volume"] == 0.2 and stored["hints"] is False


# --- 12: Notepad, FIFOs, leftovers ---
def test_a_notepad_bom_is_fine(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"language": "fr"}).encode())
    settings, notes = prefs.load(path)
    assert settings.language == "fr" and notes == []
    assert not list(tmp_path.glob("*.bad-*"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_named_settings_json_does_not_hang_the_start(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    result: list[object] = []
    reader = threading.Thread(target=lambda: result.append(prefs.load(path)), daemon=True)
    reader.start()
    reader.join(10)
    assert result, "load() waited for a writer of the FIFO"
    settings, notes = result[0]  # type: ignore[misc]
    assert settings == prefs.Settings() and "not a regular file" in notes[0]
    assert path.exists() and not list(tmp_path.glob("*.bad-*"))


def test_leftover_temporary_files_of_killed_saves_are_removed_at_start(tmp_path):
    path = tmp_path / "settings.json"
    old = time.time() - 2 * prefs.STALE_TEMP_SECONDS
    stale = [tmp_path / "settings.json.k3_9zq0a.tmp", tmp_path / "settings.json.bak.abcdefgh.tmp"]
    young = tmp_path / "settings.json.young123.tmp"  # perhaps still being written
    other = [tmp_path / "settings.json.notes.tmp", tmp_path / "history.sqlite.abcdefgh.tmp",
             tmp_path / "settings.json.ABCDEFGH.tmp"]  # fmt: skip
    for file in [*stale, young, *other]:
        file.write_text("{")
        os.utime(file, (old, old))
    os.utime(young, None)
    (tmp_path / "settings.json.folder12.tmp").mkdir()
    os.utime(tmp_path / "settings.json.folder12.tmp", (old, old))
    assert prefs.load(path) == (prefs.Settings(), [])
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {young.name, *(p.name for p in other), "settings.json.folder12.tmp"}
