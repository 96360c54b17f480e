"""Rough edges a newcomer met on a first evening at a small Dutch laptop (1024x600, nl,
larger text), each driven as a player would: by posted clicks and keys under the dummy
driver. The walk-through itself is in the s8-newcomer notes.
"""

from __future__ import annotations

import pygame
import pytest
from uitest import DT, click_button, open_learn, open_play, press, run_until

from klaverjas_gui import i18n, words
from klaverjas_gui.engine.cards import Suit
from klaverjas_gui.i18n import tr
from klaverjas_gui.teach.lessons import LESSONS
from klaverjas_gui.ui import catalogue, theme
from klaverjas_gui.ui.menu import MainMenuScene
from klaverjas_gui.ui.play import PlayScene
from klaverjas_gui.ui.tutorial import LessonListScene, LessonScene


def letters(button) -> int:
    """The point size pygame-gui draws a button's label in."""
    return button.font.get_point_size()


def dutch_app(make_app, text_size: str = "larger"):
    app = make_app("--lang", "nl", deterministic=True, first_frame=True)
    app.set_text_size(text_size)
    app.step(DT)
    return app


@pytest.mark.parametrize("text_size", ["normal", "larger"])
@pytest.mark.parametrize("screen", ["menu", "menu: continue", "learn", "tutorial: lessons"])
def test_the_highlighted_button_of_a_column_is_not_the_one_in_small_letters(
    make_app, screen, text_size
):
    app = dutch_app(make_app, text_size)
    catalogue.SCREENS[screen](app)
    app.step(DT)
    scene = app.top
    column = {key: b for key, b in scene.buttons.items() if key != "about"}
    primary = [key for key, _, _, cls in scene.items if cls == "@primary"]
    assert len(primary) == 1, scene.items
    sizes = {key: letters(b) for key, b in column.items()}
    assert len(set(sizes.values())) == 1, sizes  # the highlighted one too
    for key, button in column.items():  # and each label still fits its button
        assert button.font.size(button.text)[0] <= button.get_abs_rect().w - 8, key


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_deal_summary_buttons_share_their_letters_and_hold_their_labels(make_app, lang):
    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["deal summary"](app)
    app.step(DT)
    summary = app.top
    review, nxt = summary.buttons["review"], summary.buttons["next"]
    assert letters(review) == letters(nxt)
    for button in (review, nxt):
        assert button.font.size(button.text)[0] <= button.get_abs_rect().w - 8, button.text
    assert not review.get_abs_rect().colliderect(nxt.get_abs_rect())


def test_enter_on_the_lesson_list_starts_the_first_lesson_not_yet_done(make_app):
    app = dutch_app(make_app, "normal")
    app.settings.tutorial_done = [LESSONS[0].id, LESSONS[1].id]
    lessons = open_learn(app, "tutorial")
    assert isinstance(lessons, LessonListScene)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, LessonScene) and app.top.lesson is LESSONS[2]
    # back from a lesson just finished: the ring has moved on to the next one
    app.settings.tutorial_done = [lesson.id for lesson in LESSONS[:3]]
    press(app, pygame.K_ESCAPE)
    run_until(app, lambda: app.top is lessons)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, LessonScene) and app.top.lesson is LESSONS[3]


@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_a_wrapped_line_with_suit_symbols_is_no_wider_than_its_room(make_app, text_size):
    """The rules page's example ("... de A♣, Oost speelt de 7♣. Je hebt geen klaveren;")
    lost its semicolon past the page's edge: the symbols draw wider than the font says."""
    dutch_app(make_app, text_size)
    example = tr("teach.rules_example")
    assert "♣" in example
    for px in (14, 18, 23):
        for width in range(200, 1000, 37):
            for line in theme.wrap(example, px, width):
                if " " in line:  # a single word longer than the room can only overflow
                    assert theme.text(line, px).get_width() <= width, (px, width, line)


@pytest.mark.parametrize("lang,one", [("nl", "1 spel"), ("en", "1 deal"), ("fr", "1 donne")])
def test_a_match_of_one_deal_says_deal_not_deals(lang, one):
    i18n.set_language(lang)
    assert words.match_length_label("deals:1") == one
    assert words.match_length_label("deals:16") == tr("rules.length_deals", n=16)
    assert words.match_length_label("points:1500") == tr("rules.length_points", n=1500)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_take_button_begins_with_a_capital_like_the_others(lang):
    """Dutch said "schoppen spelen" on a button beside "Pas" and "Schmeiss"."""
    i18n.set_language(lang)
    for suit in Suit:
        label = tr("ui.prompt_take", suit=words.suit_name(suit))
        assert label[0].isupper(), label


@pytest.mark.parametrize("screen", ["history", "statistics"])
@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_list_pages_hold_their_button_labels_and_keep_the_note_clear(make_app, screen, lang):
    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS[screen](app)
    app.step(DT)
    scene = app.top
    rects = [b.get_abs_rect() for b in scene.buttons.values() if b.get_abs_rect().top < 60]
    for key, button in scene.buttons.items():
        rect = button.get_abs_rect()
        if rect in rects:
            assert button.font.size(button.text)[0] <= rect.w - 8, (key, button.text)
    # the note beside the title stops short of the top-right buttons
    u = theme.scale_for(app.size)
    title_w = theme.text(scene.title, round(38 * u), theme.GOLD_LIGHT, True).get_width()
    buttons = pygame.Rect(rects[0]).unionall(rects)
    for line, (x, y) in scene.note_lines(title_w):
        drawn = theme.text(line, round(15 * u)).get_rect(topleft=(x, y))
        assert drawn.right <= buttons.left, line


def test_the_menu_is_reached_again_after_the_fixes(make_app):
    """The column's new look changes no key: Play is still pressed by Enter."""
    app = dutch_app(make_app)
    run_until(app, lambda: isinstance(app.top, MainMenuScene))
    click_button(app, app.top, "learn")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenuScene)


@pytest.mark.parametrize("text_size", ["normal", "larger"])
@pytest.mark.parametrize("lang", ["nl", "fr", "en"])
def test_the_play_screen_note_on_people_at_the_laptop_is_not_under_a_button(
    make_app, lang, text_size
):
    """With a second person at the laptop the opponents' row says so; at the larger text
    the open-hands practice button was drawn over that sentence."""
    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    app.set_text_size(text_size)
    assert app.settings.set_seat(2, kind="human")
    open_play(app)
    scene = app.top
    assert isinstance(scene, PlayScene)
    people = [(text, rect) for text, rect in scene.notes if text == tr("ui.play_people")]
    assert len(people) == 1
    text, rect = people[0]
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(rect)
    for key, button in scene.buttons.items():
        assert not rect.colliderect(button.get_abs_rect()), key
    size = theme.readable(round(16 * theme.scale_for(app.size)))
    assert len(theme.wrap(text, size, rect.w)) <= 2  # the two lines drawn hold it all


def test_an_empty_history_does_not_ask_to_click_a_match(make_app):
    """ "0 partijen, nieuwste eerst · klik er een aan om die te openen" with nothing to click."""
    app = make_app("--lang", "nl", deterministic=True, first_frame=True)
    app.push("history")
    app.step(DT)
    assert app.top.records == [] and app.top.note() == ""
    catalogue.SCREENS["history"](app)  # one stored match: the note counts it again
    app.step(DT)
    assert app.top.note() == tr("ui.history_note", n=1)


# --- s8-larger: the play-test's screens at 1024x600, Dutch, larger text ---


def review_at_every_trick(app):
    """The catalogue's review (a random deal), shown at each of its tricks in turn."""
    catalogue.SCREENS["review"](app)
    app.step(DT)
    review = app.top
    for trick in range(review.tricks + 1):
        review.show(trick)
        app.step(DT)
        yield review


def test_the_deal_review_panel_keeps_readable_letters_inside_its_frame(make_app):
    """At larger text the panel's letters shrank to ~10 px and from trick 2 ran out of the
    frame onto South's plate."""
    app = dutch_app(make_app)
    for review in review_at_every_trick(app):
        panel = review.panel_layout()
        assert round(panel.size * theme.text_scale()) >= 13, (review.trick, panel.size)
        assert panel.text_bottom <= panel.rect.bottom, (review.trick, panel)
        assert review.table.layout.h - panel.rect.bottom >= 0
        # clear of the buttons in the bottom right and of South's cards
        L = review.table.layout
        held = review.table.model.hands[0]
        assert held or review.trick == review.tricks
        for pose in L.hand_poses(0, len(held), True):
            assert panel.rect.right <= pose.x - L.card[0] / 2, review.trick
        for button in review.buttons.values():
            assert not panel.rect.colliderect(button.get_abs_rect())


@pytest.mark.parametrize("lang", ["nl", "fr", "en"])
def test_the_statistics_column_heads_are_whole_and_inside_their_columns(make_app, lang):
    """At larger text "Winst %", "Gehaald/gekozen" and "Gehaald %" lost their ends to "…"."""
    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["statistics"](app)
    app.step(DT)
    listing = app.top.listing
    size = listing.head_px
    for col, (x0, x1), lines in zip(
        listing.columns, listing.edges(), listing.head_lines(), strict=True
    ):
        assert "".join(lines).replace(" ", "") == col.title.replace(" ", ""), lines  # all of it
        for line in lines:
            assert theme.text_width(line, size, True) <= x1 - x0 - listing.px(10), (col, line)
    # the rows start below the heads' last line
    drawn = len(max(listing.head_lines(), key=len)) * theme.font(size, True).get_linesize()
    assert listing.body.top >= listing.rect.top + listing.px(8) + drawn


@pytest.mark.parametrize("lang", ["nl", "fr", "en"])
def test_the_hot_seat_cover_holds_its_title_and_words(make_app, lang):
    """ "Geef de laptop aan de speler van Zuid" stuck out of both sides of its panel."""
    from klaverjas_gui.ui.table.cover import CoverScene

    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["table: hot-seat cover"](app)
    app.step(DT)
    north = app.top
    assert isinstance(north, CoverScene)
    session = app.scenes[-2].session  # the table's
    south = CoverScene(app, session, 0, lambda seat: None)  # South is still named "You"
    u = theme.scale_for(app.size)
    for cover in (north, south):
        panel, titles, subs = cover.layout()
        assert panel.left >= 0 and panel.right <= app.size[0] and panel.bottom <= app.size[1]
        for line in titles:
            assert theme.text_width(line, round(32 * u), True) <= panel.w - round(40 * u), line
        for line in subs:
            assert theme.text_width(line, round(18 * u)) <= panel.w - round(40 * u), line
        words_bottom = (panel.top + round(30 * u) + round(10 * u)
                        + len(titles) * theme.font(round(32 * u), True).get_linesize()
                        + len(subs) * theme.font(round(18 * u)).get_linesize())  # fmt: skip
        button = cover.buttons["show"].get_abs_rect()
        assert panel.contains(button) and button.top >= words_bottom, (button, words_bottom)
        assert button.w >= cover.buttons["show"].font.size(cover.buttons["show"].text)[0] + 8


@pytest.mark.parametrize("lang", ["nl", "fr", "en"])
def test_the_klabberjass_bidding_buttons_hold_their_labels(make_app, lang):
    """At larger text the take button read "schoppen spel…": the row's widths were fixed."""
    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["klabberjass: hint"](app)  # the first bidding question, loaded
    table = app.match
    run_until(app, lambda: table.prompt.visible)
    keys = [key for key in table.prompt.actions if key in table.buttons]
    assert "take" in keys and "pass" in keys, keys
    rects = [table.buttons[key].get_abs_rect() for key in keys]
    for key, rect in zip(keys, rects, strict=True):
        button = table.buttons[key]
        assert button.font.size(button.text)[0] <= rect.w - 8, (key, button.text)
        assert rect.left >= 0 and rect.right <= app.size[0], key
    for i, rect in enumerate(rects):  # side by side, not on top of each other
        assert all(not rect.colliderect(other) for other in rects[i + 1 :])
    # whichever suit is proposed ("Speel schoppen" is the Dutch take button's longest)
    take = table.buttons["take"]
    for suit in Suit:
        label = tr("ui.prompt_take", suit=words.suit_name(suit))
        (width,) = table.prompt.button_widths([("take", label, None, "@primary", None)])
        assert take.font.size(label)[0] <= width - 8, label


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_claiming_roem_where_there_is_none_says_so(make_app, lang):
    """Amsterdam asks Roem!/Verder after every trick; a claim of nothing went by without a
    word, so a newcomer never learnt it was wrong."""
    import random

    from uitest import table_of

    from klaverjas_gui.engine import PRESETS, new_match

    rng, state = random.Random(4), new_match(PRESETS["amsterdam"], 4)
    while not (state.phase == "claim" and state.to_move == 0 and not state.pending_roem):
        state, _ = state.apply(rng.choice(state.legal_actions()))
    app = make_app("--lang", lang, "--seed", "4")
    table = table_of(app)
    table.load(state)
    run_until(app, lambda: "roem" in table.prompt.actions and table.may_act())
    click_button(app, table, "roem")
    assert app.toasts.current_text == tr("ui.table_no_roem")
    assert table.session.state.deal_roem == (0, 0)  # nothing was credited


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_score_sheet_keeps_its_last_column_inside_its_panel(make_app, lang):
    """History's match page at 1024x600: "Uitslag" and "NAT" ended past the sheet's edge."""
    from klaverjas_gui.engine import PRESETS, new_match
    from klaverjas_gui.ui.sheet import draw_sheet

    make_app("--lang", lang)
    state = new_match(PRESETS["amsterdam"], 3)
    while len(state.sheet) < 2:
        state, _ = state.apply(state.legal_actions()[0])
    rect = pygame.Rect(0, 0, 560, 300)  # the sheet's room on that page
    surface = pygame.Surface((rect.w + 80, rect.h), pygame.SRCALPHA)
    draw_sheet(surface, rect, list(state.sheet), ["S", "W", "N", "E"], ("N & S", "E & W"), 0.8)
    beyond = [
        surface.get_at((x, y)).a
        for x in range(rect.right + 1, surface.get_width())
        for y in range(rect.h)
    ]  # from one past the edge: the rule under the lines ends on it
    assert max(beyond) == 0
