"""Every text in English, Dutch and French: the same keys everywhere, every key used
exists, every scene draws in each language without a missing key, and the language
switches at run time from the settings screen, through posted pygame events."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pygame
import pygame_gui
import pytest
from pygame_gui.core.utility import translate
from uitest import DT, click_button, click_in_form

from klaverjas_gui import i18n, smoke, words
from klaverjas_gui.app import App
from klaverjas_gui.engine import parse_card
from klaverjas_gui.engine.play import illegal_reason
from klaverjas_gui.engine.reasons import REASONS, WANTED
from klaverjas_gui.engine.variant import CHOICES, option_names
from klaverjas_gui.games import GAMES
from klaverjas_gui.store.session import Store
from klaverjas_gui.ui import theme
from klaverjas_gui.ui.menu import MainMenuScene
from klaverjas_gui.ui.settings import SettingsScene

PACKAGE = Path(i18n.__file__).parent
PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def _namespaces() -> list[str]:
    names = {p.name.split(".")[0] for p in i18n.DIRECTORY.glob("*.json")}
    return sorted(names - {"pygame-gui"})


def _load(namespace: str, lang: str) -> dict[str, str]:
    path = i18n.DIRECTORY / f"{namespace}.{lang}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data) == [lang], f"{path.name} must hold one tree under {lang!r}"
    return data[lang]


# --- (a) the files agree ---
@pytest.mark.parametrize("namespace", _namespaces())
def test_every_language_has_the_same_keys_and_placeholders(namespace):
    english = _load(namespace, "en")
    assert english, f"{namespace}.en.json is empty"
    for lang in ("nl", "fr"):
        other = _load(namespace, lang)
        assert sorted(set(english) - set(other)) == [], f"{namespace}.{lang} lacks these keys"
        assert sorted(set(other) - set(english)) == [], f"{namespace}.{lang} has extra keys"
        for key, text in english.items():
            assert isinstance(other[key], str) and re.fullmatch(r"\w+", key), key
            assert set(PLACEHOLDER.findall(other[key])) == set(PLACEHOLDER.findall(text)), (
                f"{namespace}.{key} in {lang}: {other[key]!r} vs {text!r}"
            )


def test_dutch_and_french_are_translated_not_copied():
    """Most texts differ from English (a few, like "Roem!" or "Dix", are the same words)."""
    en = i18n.catalog("en")
    for lang in ("nl", "fr"):
        other = i18n.catalog(lang)
        same = [k for k, v in en.items() if len(v) > 12 and other[k] == v]
        assert len(same) <= len(en) // 50, f"{lang}: {same[:10]}"


# --- (b) every key the code asks for exists ---
def _tr_keys() -> list[tuple[str, str, bool]]:
    """(file, key or key pattern, is a pattern) of every tr("...") call in the package."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            name = getattr(f, "id", None) or getattr(f, "attr", "")
            if name != "tr":
                continue
            arg = node.args[0]
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((where, arg.value, False))
            elif isinstance(arg, ast.JoinedStr):  # tr(f"ui.kraak_title_{level}")
                pattern = "".join(
                    re.escape(v.value) if isinstance(v, ast.Constant) else r"\w+"
                    for v in arg.values
                )
                found.append((where, pattern, True))
    return found


def test_every_literal_key_in_the_source_exists_in_english():
    english = i18n.catalog("en")
    calls = _tr_keys()
    assert len(calls) > 300, "the scan found too few tr() calls: is it still looking?"
    unknown = [(w, k) for w, k, pattern in calls if not pattern and k not in english]
    assert unknown == []
    unmatched = [
        (w, k) for w, k, pattern in calls
        if pattern and not any(re.fullmatch(k, key) for key in english)
    ]  # fmt: skip
    assert unmatched == []


_NAMESPACED = re.compile(r"(\w+)\\\.(.*)")


def _source_strings() -> tuple[set[str], list[str]]:
    """Every string literal in the package, and every f-string as a regular expression.

    Only f-strings that fix a namespace and the start of a key (`rules\\.suit_\\w+`)
    are kept: `f"ui.{key}"` or `f"{prefix}.{name}"` would match every key and so
    tell nothing; the keys those build are listed in `_built_keys`."""
    literals: set[str] = set()
    patterns: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            elif isinstance(node, ast.JoinedStr):
                pattern = "".join(
                    re.escape(v.value) if isinstance(v, ast.Constant) else r"\w+"
                    for v in node.values
                )
                m = _NAMESPACED.fullmatch(pattern)
                if m is not None and m.group(1) != r"\w+" and not m.group(2).startswith(r"\w+"):
                    patterns.append(pattern)
    return literals, patterns


def _built_keys() -> set[str]:
    """Keys made in code from data, which neither a literal nor an f-string shows."""
    from klaverjas_gui.store.prefs import (
        CARD_BACKS,
        COACH_LEVELS,
        FORCED_CARD,
        SPEEDS,
        TEXT_SIZES,
    )
    from klaverjas_gui.teach.lessons import LESSONS

    keys = set()
    for lesson in LESSONS:  # lessons.text(f"{lesson.id}_title"), steps and quizzes alike
        keys |= {f"teach.{lesson.id}_{part}" for part in ("title", "intro", "outro")}
        keys |= {f"teach.{seat}" for seat in lesson.seat_names}  # the lesson table's names
        for step in lesson.script:
            if step.key:
                keys |= {f"teach.{step.key}{end}" for end in ("", "_instead", "_done")}
        for quiz in lesson.quiz:
            keys |= {f"teach.{quiz.key}", f"teach.{quiz.key}_explain"}
            keys |= {f"teach.choice_{choice}" for choice in quiz.choices}
    # lessons.text("...") for the lesson's refusals
    keys |= {f"teach.{k}" for k in ("not_your_turn", "lesson_wants", "no_question", "not_quite")}
    # ReviewScene.about(key, seat): teach.<key> for a named seat, teach.<key>_you for "You"
    for key in ("review_trick", "review_first_loss"):
        keys |= {f"teach.{key}", f"teach.{key}_you"}
    # settings._words(prefix, values): ui.<prefix>_<value>
    keys |= {f"ui.speed_{v}" for v in SPEEDS} | {f"ui.card_back_{v}" for v in CARD_BACKS}
    keys |= {f"ui.text_size_{v}" for v in TEXT_SIZES}
    keys |= {f"ui.coach_{v}" for v in COACH_LEVELS}
    keys |= {f"ui.forced_card_{v}" for v in FORCED_CARD}
    keys |= {f"ui.gesture_{v}" for v in ("click", "double_click", "drag")}
    # table/two/view.py: tr(f"ui.{key}") for the turned card's label
    keys |= {"ui.table_proposed_trump", "ui.kj_dix", "ui.kj_turned"}
    # coach.side_key(key, obs): the key for whose points the coach counts
    from klaverjas_gui.teach.coach import SIDES

    for base in ("note_partner", "note_opponent", "note_better", "note_plain", "options_note",
                 "position_chose", "drill_ask", "drill_before"):  # fmt: skip
        keys |= {f"coach.{base}{side}" for side in SIDES}
    # the registry's words (klaverjas_gui/games/): each game's presets' names and notes
    for game in GAMES.values():
        for name in [*game.presets, "custom"]:
            keys |= {game.preset_title(name), game.preset_note(name)}
        # a hot-seat cover's words for a seat called "You" (ui/table/cover.py)
        keys |= set(game.seat_words) | {game.cover_words.format(part)
                                        for part in ("title", "sub", "button")}  # fmt: skip
    return keys


def test_every_key_in_the_files_is_used_by_the_code():
    """A key nobody asks for is dead text that translators would keep up for nothing."""
    english = i18n.catalog("en")
    literals, patterns = _source_strings()
    assert len(patterns) > 30, "the scan found too few f-string keys: is it still looking?"
    built = _built_keys()  # some may lack a text on purpose (a lesson without an outro)

    def used(key: str) -> bool:
        if key.endswith("_one") and key[:-4] in english:  # the singular of a counted text
            return used(key[:-4])
        return key in literals or key in built or any(re.fullmatch(p, key) for p in patterns)

    unused = sorted(key for key in english if not used(key))
    assert unused == []


def test_counted_texts_follow_each_languages_plural_rule():
    """gettext plural forms: English and Dutch singular for 1 only, French for 0 and 1."""
    english = i18n.catalog("en")
    singulars = [k for k in english if k.endswith("_one")]
    assert len(singulars) >= 10
    for key in singulars:
        assert key[:-4] in english, key
        for lang in i18n.LANGUAGES:
            for k in (key, key[:-4]):
                assert "%{n}" in i18n.catalog(lang)[k], (lang, k)
    expected = {
        "en": {0: "0 deals", 1: "1 deal", 2: "2 deals"},
        "nl": {0: "0 spellen", 1: "1 spel", 2: "2 spellen"},
        "fr": {0: "0 donne", 1: "1 donne", 2: "2 donnes"},
    }
    try:
        for lang, words in expected.items():
            i18n.set_language(lang)
            assert {n: i18n.tr("rules.length_deals", n=n) for n in words} == words
        lost = i18n.Message("store.history_lost_at_close", n=0, error="disk full")
        assert lost.startswith("0 moves") and lost.text().startswith("0 coup n'a pas")
        i18n.set_language("en")
        assert i18n.tr("ui.history_match", n=1) == "Match 1"  # no singular twin: as it is
    finally:
        i18n.set_language("en")


def test_engine_words_have_a_key_for_every_option_value_and_reason():
    """The engine's English tables and the catalog cannot drift apart: a refusal reads
    the same from the engine (an error, a lesson) as on an English screen."""
    en = i18n.catalog("en")
    assert {k: en.get(f"rules.reason_{k}") for k in REASONS} == REASONS
    assert {k: en.get(f"rules.wanted_{k}") for k in WANTED} == WANTED
    assert {k[len("rules.reason_") :] for k in en if k.startswith("rules.reason_")} == set(REASONS)
    assert {f"rules.option_{o}" for o in option_names()} <= set(en)
    assert {f"rules.about_{o}" for o in option_names()} <= set(en)
    for option, values in CHOICES.items():
        for value in values:
            i18n.missing.clear()
            assert words.value_label(option, value), (option, value)
            assert not i18n.missing, (option, value)


def test_engine_reasons_in_dutch_and_french():
    hand = [parse_card(c) for c in ("QH", "7S", "8D")]
    trick = [parse_card("9H")]
    from klaverjas_gui.engine import PRESETS

    reason = illegal_reason(PRESETS["amsterdam"], "C", hand, trick, parse_card("7S"))
    assert reason is not None and reason.key == "follow"
    i18n.set_language("nl")
    dutch = words.reason_text(reason)
    assert dutch.startswith("Harten ♥ is uitgekomen") and "V♥" in dutch  # no capital mid-sentence
    i18n.set_language("fr")
    assert "vous devez fournir" in words.reason_text(reason) and "D♥" in words.reason_text(reason)


# --- (c) every scene in every language ---
def _menu_texts(app: App) -> dict[str, str]:
    menu = app.menu
    assert isinstance(menu, MainMenuScene)
    return {key: button.text for key, button in menu.buttons.items()}


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_every_scene_draws_without_a_missing_key(make_app, lang):
    app = make_app("--lang", lang, deterministic=True)
    assert i18n.language() == lang
    i18n.missing.clear()
    for name, make in smoke.SCENES.items():
        make(app)
        for _ in range(3):
            app.step(DT)
        assert not i18n.missing, f"{name} in {lang}: {sorted(i18n.missing)}"
        for scene in app.scenes:  # no word runs out of its button
            for key, button in scene.buttons.items():
                text = translate(button.text)
                edges = button.border_width  # pygame-gui: a dict of the four sides
                frame = edges["left"] + edges["right"] + 2 * button.shadow_width
                room = button.get_abs_rect().w - frame - 2
                assert button.font.size(text)[0] <= room, (name, lang, key, text)
    app.show_menu()
    texts = _menu_texts(app)
    i18n.set_language("en")
    english = {"play": "Play", "settings": "Settings", "quit": "Quit"}
    for key, text in english.items():
        assert (texts[key] == text) == (lang == "en"), (lang, key, texts[key])
    if lang == "nl":
        assert texts["settings"] == "Instellingen" and texts["quit"] == "Afsluiten"


# --- (d) switching at run time, by clicks ---
def test_language_switches_at_once_from_the_settings(make_app, tmp_path):
    app = make_app("--lang", "en", deterministic=True)
    app.step(DT)
    assert _menu_texts(app)["play"] == "Play"
    click_button(app, app.top, "settings")
    settings = app.top
    assert isinstance(settings, SettingsScene)
    click_button(app, settings, "tab_table")
    settings = app.top
    assert isinstance(settings, SettingsScene) and settings.tab == "table"
    click_in_form(app, settings, "language=nl")
    assert i18n.language() == "nl" and app.settings.language == "nl"
    assert app.top is settings and settings.buttons["back"].text == "Terug  (Esc)"
    assert settings.buttons["tab_rules"].text == "Regels"
    click_in_form(app, settings, "language=fr")  # and again, on the rebuilt form
    assert i18n.language() == "fr" and settings.buttons["tab_rules"].text == "Règles"
    click_in_form(app, settings, "language=nl")
    click_button(app, settings, "back")
    assert isinstance(app.top, MainMenuScene)
    texts = _menu_texts(app)
    assert texts["play"] == "Spelen" and texts["quit"] == "Afsluiten"
    app.step(DT)
    app.close()
    assert Store(tmp_path / "data").settings.language == "nl"  # saved for the next start


def test_a_running_match_follows_the_switch(make_app):
    """The kept table is rebuilt too: its buttons speak the new language on return."""
    app = make_app("--lang", "en", deterministic=True)
    app.start_match(seed=3)
    table = app.match
    assert table is not None and table.buttons["score_sheet"].text.startswith("Score sheet")
    app.set_language("nl")
    assert table.buttons["score_sheet"].text.startswith("Scorebriefje")
    assert table.view.role(table.picture(), 2) == "Maat"
    for _ in range(5):
        app.step(DT)


def test_lang_on_the_command_line(make_app):
    app = make_app("--lang", "fr", deterministic=True)
    assert i18n.language() == "fr" and _menu_texts(app)["settings"] == "Réglages"


def test_pygame_gui_built_in_strings_in_dutch():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    try:
        i18n.set_language("nl")
        manager = theme.ui_manager((800, 600))
        assert manager.get_locale() == "nl"
        assert translate("pygame-gui.Cancel") == "Annuleren"
        button = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 200, 40), "pygame-gui.Cancel", manager
        )
        assert button.drawable_shape is not None and translate(button.text) == "Annuleren"
        theme.release_manager(manager)
        i18n.set_language("fr")  # pygame-gui ships its own French
        assert translate("pygame-gui.Cancel") == "Annuler"
    finally:
        i18n.set_language("en")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["klaverjas", "klabberjass"])
def test_every_refusal_has_words_in_dutch(game):
    """Along random matches, every refused shortcut gets Dutch words with no missing key,
    exactly when the engine refuses it; in English the screen says what the engine says."""
    import random

    from klaverjas_gui.engine import (
        KLABBERJASS_PRESETS,
        PRESETS,
        new_klabberjass,
        new_match,
        parse_klabberjass_action,
    )
    from klaverjas_gui.engine.match import parse_action

    i18n.set_language("nl")
    i18n.missing.clear()
    plays = [f"play {c}" for c in ("JH", "7S", "AC", "TD", "9H", "QS")]
    refusals = []
    for seed in range(12):
        rng = random.Random(seed)
        if game == "klaverjas":
            state = new_match(PRESETS[rng.choice(list(PRESETS))], seed)
            parse = parse_action
            tries = ["pass", "take", "kraak", "claim", "name H", "name C", *plays]
        else:
            preset = KLABBERJASS_PRESETS[rng.choice(list(KLABBERJASS_PRESETS))]
            state, parse = new_klabberjass(preset, seed), parse_klabberjass_action
            tries = ["pass", "take", "schmeiss", "accept", "refuse", "dix", "declare", "name H",
                     *plays]  # fmt: skip
        while not state.is_over:
            for text in tries:
                action = parse(text)
                said = words.explain(state, action)
                assert (said is None) == (state.explain(action) is None), (text, state)
                if said is not None:
                    assert said != state.explain(action), said  # Dutch, not the engine's English
                    refusals.append((state, action))
            state, _ = state.apply(rng.choice(state.legal_actions()))
    assert len(refusals) > 500 and not i18n.missing, sorted(i18n.missing)
    i18n.set_language("en")
    assert [words.explain(s, a) for s, a in refusals] == [s.explain(a) for s, a in refusals]


def test_a_damaged_settings_file_is_reported_in_the_language_asked_for(make_app, tmp_path):
    """The file is read before the language is known; the message is worded when shown."""
    data = tmp_path / "data"  # where make_app keeps the files
    settings_file = Store(data).paths.settings
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_text("{not json", encoding="utf-8")
    app = make_app("--lang", "nl", deterministic=True)
    app.step(DT)
    shown = app.toasts.current_text or ""
    assert "beschadigd" in shown and "damaged" not in shown, shown


def test_a_name_plates_second_line_fits_the_plate_at_1024x600():
    """Role and trick count ("Tegenspeler · 8 slagen") stay inside the plate; the dealer
    and chooser chips sit on the name's line, so they never cover these words."""
    from klaverjas_gui.ui import theme
    from klaverjas_gui.ui.table.layout import TableLayout

    pygame.font.init()
    L = TableLayout(1024, 600)
    room = L.px(176) - L.px(12) - L.px(2)  # the plate's width after the text's left pad
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for role in ("ui.table_opponent", "ui.table_partner"):
                line = f"{i18n.tr(role)} · {i18n.tr('ui.table_tricks', n=8)}"
                assert theme.text(line, L.px(14), theme.TEXT_DIM).get_width() <= room, line
            turn = i18n.tr("ui.table_your_turn")
            assert theme.text(turn, L.px(14), theme.GOLD_LIGHT, True).get_width() <= room
    finally:
        i18n.set_language("en")


def test_french_menu_words_agree_with_their_plural_feminine_nouns():
    """The Play screen shows "Règles" over "Personnalisées" (les règles): the preset's name
    agrees with its heading, as "Règles : Personnalisées" did on the old menu."""
    try:
        i18n.set_language("fr")
        assert i18n.tr("ui.play_rules") == "Règles"
        assert i18n.tr("rules.preset_long_custom") == "Personnalisées"  # les règles
        assert i18n.tr("ui.level_mixed") == "mélangés"  # les adversaires
    finally:
        i18n.set_language("en")
