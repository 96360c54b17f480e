"""Issue #18 at the table, driven headless by posted events: H never names hearts, a trump
choice waits for Enter and can be taken back in practice, each plate counts its own
tricks, the Roem! button waits for the person, and stale messages go."""

from __future__ import annotations

import pygame
import pytest
from uitest import DT, card_pos, click, click_button, press, run_until, table_of

from klaverjas_gui.engine import PRESETS, Suit, new_match
from klaverjas_gui.engine.match import PASS, Stacked, name, play
from klaverjas_gui.engine.play import trick_winner
from klaverjas_gui.i18n import tr

# Dealer West, so South leads the ace of clubs and the others follow with 7-8-9 of clubs:
# South's trick, with 20 roem to claim.
ROEM_DEAL = ("AC TC KC QC JC AH TH KH", "7C 7D 8D 9D TD JD QD KD",
             "8C AD QH JH 9H 8H 7H 7S", "9C 8S 9S TS JS QS KS AS")  # fmt: skip


def at_south_trump_choice(app):
    """The table once South is asked to choose trump (a pass is refused on the first
    round in some presets: we only need the naming buttons)."""
    table = table_of(app)
    run_until(app, lambda: table.prompt.visible and table.session.state.phase == "bidding"
              and table.session.state.to_move == 0)  # fmt: skip
    return table


def naming_position(seed: int = 1):
    """A four-player match where South is first to decide and may name any suit."""
    for s in range(seed, seed + 200):
        state = new_match(PRESETS["amsterdam"], s)
        while state.phase == "bidding" and state.to_move != 0:
            state, _ = state.apply(PASS)
        if state.phase == "bidding" and name("H") in state.legal_actions():
            return state
    raise AssertionError("no position found")


# --- 1. H is the hint; a suit waits for Enter ---
def test_h_asks_the_hint_during_trump_choice_and_never_names_hearts(make_app):
    app = make_app("--seed", "1")
    table = table_of(app)
    table.load(naming_position())
    table.guide.worlds = 4
    table = at_south_trump_choice(app)
    state = table.session.state
    press(app, pygame.K_h)
    assert table.session.state is state  # nothing was named
    assert table.guide.job is not None  # the hint was asked, as the button says
    press(app, pygame.K_h, pygame.KMOD_SHIFT)  # Shift+H picks hearts ...
    assert table.session.state is state and table.prompt.focus == "name_H"
    app.step(DT)
    assert table.picture().focus == table.buttons["name_H"].get_abs_rect()  # a ring shows it
    press(app, pygame.K_RETURN)  # ... and Enter names it (the computers may lead at once)
    assert table.session.state.actions[len(state.actions)] == name("H")
    assert table.session.state.trump_suit is Suit("H")


def test_left_right_and_enter_press_the_decision_buttons(make_app):
    app = make_app("--seed", "1")
    table = table_of(app)
    table.load(naming_position())
    table = at_south_trump_choice(app)
    keys = list(table.prompt.actions)
    assert table.prompt.focus is None  # naming a suit: no button is highlighted first
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert table.prompt.focus == keys[1]
    expected = table.prompt.actions[keys[1]]
    press(app, pygame.K_RETURN)
    assert table.session.state.actions[-1] == expected


def test_practice_takes_back_a_trump_choice_until_the_first_card(make_app):
    app = make_app("--seed", "1")
    app.settings.practice = True
    app.start_match(PRESETS["amsterdam"], seed=1)
    table = table_of(app)
    table.load(naming_position())
    table = at_south_trump_choice(app)
    before = table.session.state
    click_button(app, table, "name_S")
    assert table.session.state.trump_suit is Suit("S")
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.session.state.to_json() == before.to_json()  # South chooses again
    assert app.toasts.current_text.startswith("Trump choice taken back")


# --- 3. each plate its own tricks; the panel counts up before the summary ---
def test_each_plate_shows_the_players_own_tricks(make_app):
    app = make_app("--seed", "5", autopilot=True)
    table = table_of(app)
    run_until(app, lambda: len(table.session.state.tricks) >= 4 and table.director.idle)
    state = table.session.state
    own = [0, 0, 0, 0]
    for leader, cards in state.tricks:
        own[(leader + trick_winner(state.trump_suit, cards)) % 4] += 1
    assert table.model.seat_tricks == own  # counted as the tricks were swept
    assert own[0] + own[2] == table.model.tricks_won[0]  # not the team's count twice
    picture = table.picture()
    for seat in range(4):
        line = table.view.plate_line(picture, seat)
        assert (tr("ui.table_tricks", n=own[seat]) in line) == bool(own[seat]), line
    table.model.seat_tricks = [0, 0, 0, 0]
    table.model.load(state)  # a loaded position counts the same
    assert table.model.seat_tricks == own


def test_the_score_panel_has_counted_up_when_the_summary_opens(make_app):
    app = make_app("--seed", "5", speed="normal", autopilot=True)
    table = table_of(app)
    run_until(app, lambda: table.summary is not None, frames=60_000, seconds=180)
    assert table.model.shown_totals == [float(t) for t in table.model.totals]
    assert list(table.summary.totals) == table.model.totals


# --- 4. the Roem! button waits for the person ---
def roem_trick(make_app, **options):
    """South's trick with 20 roem (7-8-9 of clubs), the claim question up."""
    state = new_match(PRESETS["amsterdam"], 1, Stacked(3, ROEM_DEAL))
    state, _ = state.apply(name("S"))
    app = make_app(speed="fast", **options)
    app.start_match(PRESETS["amsterdam"], seed=1)
    table = table_of(app)
    table.load(state)
    ace = next(c for c in table.model.hands[0] if str(c) == "AC")
    click(app, card_pos(table, ace))
    run_until(app, lambda: table.session.state.phase == "claim" and table.prompt.visible)
    return app, table


def test_the_roem_button_stays_until_the_person_moves_on(make_app):
    app, table = roem_trick(make_app)
    assert "roem" in table.prompt.actions and "pass" in table.prompt.actions
    for _ in range(600):  # ten seconds at "fast": far past any trick pause
        app.step(DT)
    assert table.session.state.phase == "claim"
    assert table.buttons["roem"].visible and table.director.claim_window
    click_button(app, table, "roem")
    assert table.session.state.deal_roem == (20, 0)


def test_the_next_card_moves_on_past_the_claim(make_app):
    app, table = roem_trick(make_app)
    state = table.session.state
    card = next(a.card for a in state.apply(PASS)[0].legal_actions())
    click(app, card_pos(table, card))
    assert table.session.state.actions[-2:] == [PASS, play(card)]
    assert table.session.state.deal_roem == (0, 0)  # not claimed: the person moved on


def test_a_first_match_with_hints_offers_to_claim_automatically(make_app):
    app, table = roem_trick(make_app)
    assert "auto_claim" in table.buttons and table.prompt.panel is not None
    click_button(app, table, "auto_claim")
    assert app.settings.auto_roem_claim is True
    assert table.session.state.deal_roem == (20, 0)  # and this trick's roem is claimed


def test_no_tip_without_hints(make_app):
    app = make_app(speed="fast")
    app.settings.hints = False
    _, table = roem_trick(lambda **kw: app)
    assert "auto_claim" not in table.buttons and "pass" in table.prompt.actions


# --- 6. stale messages; Enter at the two-player table ---
def test_a_refused_cards_reason_goes_when_a_legal_card_is_played(make_app):
    app = make_app("--seed", "5")
    table = table_of(app)
    app.settings.show_legal = False  # greyed cards are still clickable: the engine refuses
    state = None
    for _ in range(40):  # a trick where South must follow and cannot play everything
        run_until(app, lambda: table.card_playable() or table.prompt.visible)
        if table.prompt.visible:
            click_button(app, table, "pass" if "pass" in table.prompt.actions else "name_S")
            continue
        state = table.session.state
        legal = {a.card for a in state.legal_actions()}
        if len(legal) < len(table.model.hands[0]):
            break
        click(app, card_pos(table, next(iter(legal))))
    assert state is not None
    wrong = next(c for c in table.model.hands[0] if c not in legal)
    click(app, card_pos(table, wrong))
    reason = app.toasts.current_text
    assert table.session.state is state and reason and table.notes["card"] == reason
    box = app.top.toast_centre()
    assert box[1] < table.layout.south_hand_top() - 0.19 * table.layout.card[1]  # clear of it
    click(app, card_pos(table, next(iter(legal))))
    assert reason not in [t.text for t in app.toasts.items]  # it no longer applies


def test_decide_first_goes_with_the_buttons(make_app):
    app = make_app("--seed", "1")
    table = table_of(app)
    table.load(naming_position())
    table = at_south_trump_choice(app)
    click(app, card_pos(table, table.model.hands[0][0]))  # a card while trump is asked
    said = tr("ui.table_decide_first")
    assert app.toasts.current_text == said
    click_button(app, table, "name_S")
    app.step(DT)
    assert said not in [t.text for t in app.toasts.items]


def test_a_take_back_takes_the_missed_roem_note_away(make_app):
    app = make_app(speed="fast")
    app.settings.practice = True
    state = new_match(PRESETS["amsterdam"], 1, Stacked(3, ROEM_DEAL))
    state, _ = state.apply(name("S"))
    app.start_match(PRESETS["amsterdam"], seed=1)
    table = table_of(app)
    table.load(state)
    ace = next(c for c in table.model.hands[0] if str(c) == "AC")
    click(app, card_pos(table, ace))
    run_until(app, lambda: table.session.state.phase == "claim" and "pass" in table.prompt.actions)
    click_button(app, table, "pass")  # Continue: the roem is left
    run_until(app, lambda: "roem" in table.notes)
    note = table.notes["roem"]
    assert note in [t.text for t in app.toasts.items]
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert note not in [t.text for t in app.toasts.items] and "roem" not in table.notes


def test_enter_presses_the_highlighted_button_at_the_two_player_table(make_app):
    from klaverjas_gui.engine import KLABBERJASS_PRESETS
    from klaverjas_gui.play.games import KLABBERJASS

    app = make_app()
    app.start_match(KLABBERJASS_PRESETS["klabberjass"], seed=3, game=KLABBERJASS)
    table = table_of(app)
    run_until(app, lambda: table.prompt.visible and table.session.state.phase == "bidding")
    primary = table.prompt.primary
    assert primary == "take" and table.prompt.focus == "take"  # the highlighted button
    press(app, pygame.K_RETURN)
    assert table.session.state.actions[-1].kind == "take"


# --- 7 and 8: points needed; words follow the language at once ---
def test_points_needed_follow_the_paper_sheet():
    from klaverjas_gui.teach.hints import points_needed

    amsterdam = PRESETS["amsterdam"]
    assert points_needed(amsterdam, 0, 0, (0, 0), (0, 0)) == (0, 82)  # half of 162, and one
    assert points_needed(amsterdam, 1, 0, (40, 20), (20, 0)) == (1, 72)  # 92 beats 70 + 20
    assert points_needed(amsterdam, 0, 1, (0, 0), (0, 0)) == (1, 82)  # kraak: the defence
    assert points_needed(amsterdam, 0, 0, (100, 0), (0, 0)) == (0, 0)  # made already


def test_the_table_shows_the_points_needed_in_learning_modes(make_app):
    app = make_app("--seed", "5", autopilot=True)
    table = table_of(app)
    run_until(app, lambda: table.model.trump is not None and table.director.idle)
    team, need = table.picture().needed
    words = table.view.needed_words(table.picture())
    assert words.startswith(table.team_names()[team])
    app.settings.hints = False
    assert table.picture().needed is None  # not a learning mode


def test_a_language_switch_redraws_the_table_words_at_once(make_app):
    app = make_app(first_frame=True)
    seats = [("Anna", "human"), ("Henk", "easy"), ("Sanne", "easy"), ("Joop", "easy")]
    table = app.push("table", variant=PRESETS["amsterdam"], seed=5, seats=seats)
    run_until(app, lambda: table.human_may_play() or table.prompt.visible)
    app.step(DT)
    app.set_language("nl")
    app.step(DT)
    table = table_of(app)
    view = table.view
    fresh = pygame.Surface(view._layer.get_size()).convert()
    view._draw_static(fresh, table.picture())  # what the words are now, in Dutch
    assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(view._layer, "RGB")
    app.set_language("en")


# --- 8. at 1024x600 ---
def card_rect(layout, pose, size):
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(pose.x), round(pose.y))
    return rect


def test_norths_card_never_lands_on_norths_hand():
    from klaverjas_gui.ui.table.layout import NORTH, TableLayout

    for size in [(1024, 600), (1024, 576), (1280, 720), (1280, 600), (1920, 1080)]:
        L = TableLayout(*size)
        card = card_rect(L, L.trick_pose(NORTH), L.card)
        for open_cards in (False, True):
            assert not card.colliderect(L.hand_bounds(NORTH, open_cards)), size


def test_the_hint_never_covers_the_led_card(make_app):
    from klaverjas_gui.ui import catalogue

    app = make_app(deterministic=True)  # 1024x600
    catalogue.SCREENS["table: hint"](app)
    table = app.match
    run_until(app, lambda: table.guide.hint() is not None)
    app.step(DT)
    L = table.layout
    rect, _ = table.guide.hint_box(table.guide.hint().text, L, None, [])
    assert table.model.trick  # the led card lies there
    for seat, _card in table.model.trick:
        assert not rect.colliderect(card_rect(L, L.trick_pose(seat), L.card))
    assert rect.bottom <= L.south_hand_top() - 0.12 * L.card[1]  # nor the lifted hand


def test_open_hands_keep_west_and_east_clear_of_the_trump_question(make_app):
    app = make_app("--seed", "1")
    app.settings.practice = True  # open hands
    app.start_match(PRESETS["amsterdam"], seed=1)
    table = table_of(app)
    table.load(naming_position())
    table = at_south_trump_choice(app)
    panel = table.prompt.panel[0]
    for seat in (1, 3):
        assert not panel.colliderect(table.layout.hand_bounds(seat, True)), seat
    for key in table.prompt.actions:
        assert (
            not table.buttons[key].get_abs_rect().colliderect(table.layout.hand_bounds(0, True))
        )  # the buttons stay above South's cards too


def test_the_keyboard_never_picks_a_greyed_card(make_app):
    app = make_app("--seed", "5")
    table = table_of(app)
    for _ in range(60):
        run_until(app, lambda: table.human_may_play() or table.prompt.visible)
        if table.prompt.visible:
            click_button(app, table, "pass" if "pass" in table.prompt.actions else "name_S")
            continue
        legal = {a.card for a in table.session.state.legal_actions()}
        if len(legal) < len(table.model.hands[0]):
            break
        click(app, card_pos(table, next(iter(legal))))
    for key in [pygame.K_RIGHT] * 9 + [pygame.K_LEFT] * 9:
        press(app, key)
        assert table.hand.selected_card() in legal


@pytest.mark.parametrize("text", ["normal", "larger"])
def test_words_fit_the_trump_panel_at_1024x600(make_app, text):
    """ "Nog niet gekozen" was cut to "Nog niet gek…" at larger text."""
    from klaverjas_gui import i18n
    from klaverjas_gui.ui import theme
    from klaverjas_gui.ui.table.layout import TableLayout
    from klaverjas_gui.ui.table.view import TableView, shrink

    make_app()  # the fonts
    theme.set_text_size(text)
    L = TableLayout(1024, 600)
    for lang in ("en", "nl", "fr"):
        i18n.set_language(lang)
        words = tr("ui.table_not_chosen")
        shown, size = shrink(words, L.text(22), L.text(16), TableView.trump_room(L), True)
        assert shown == words and size >= 13, lang
    i18n.set_language("en")


def test_no_tip_once_a_match_is_finished(make_app):
    """The tip is for a first match: with a finished match in the history it stays away."""
    import dataclasses
    import random

    app = make_app(speed="fast")
    one = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1")
    state, rng = new_match(one, 7), random.Random(7)
    mid = app.history.start_match("klaverjas", "custom", one.to_dict(), 7, list("NESW"))
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        app.history.record(mid, state.n_actions, str(action), events)
    assert app.history.match(mid).status == "finished"
    _, table = roem_trick(lambda **kw: app)
    assert "auto_claim" not in table.buttons and "pass" in table.prompt.actions


@pytest.mark.parametrize("screen", ["klabberjass: mid-trick", "table: mid-trick"])
@pytest.mark.parametrize("text", ["normal", "larger"])
def test_the_score_heading_ends_before_this_deal_and_stays_whole(make_app, screen, text):
    """At larger text "SPEL 1 · TOT 500" ran into "dit spel"; it is drawn a little
    smaller instead (never under 13 pixels), whole, in every language; "cette donne" gives
    way where the French heading cannot fit beside it."""
    from klaverjas_gui import i18n
    from klaverjas_gui.ui import catalogue, theme
    from klaverjas_gui.ui.table.layout import MIN_TEXT

    app = make_app(first_frame=True)  # 1024x600
    theme.set_text_size(text)
    catalogue.SCREENS[screen](app)
    table = app.match
    for lang in ("en", "nl", "fr"):
        i18n.set_language(lang)
        p = table.picture()
        L = p.layout
        shown, size, word_too = table.view.score_head_shown(p)
        font = theme.font(size, True)
        room = L.score_panel.w - 2 * L.px(14)
        if word_too:  # "this deal" stands at the right of the heading's room
            word = theme.font(L.text(13)).size(tr("ui.table_this_deal"))[0]
            room -= L.px(62) + word + L.px(10)
        assert shown == table.view.score_head(p), (lang, shown)
        assert font.size(shown)[0] <= room and font.get_height() >= MIN_TEXT
        assert word_too or (text == "larger" and lang == "fr")  # only where it cannot fit


def test_a_side_name_is_cut_only_by_its_own_rows_points(make_app, monkeypatch):
    """ "Wim & Truus" was cut to "Wim & Tru…" as soon as the other side had roem this deal:
    both names stopped before the wider of the two rows' points. Each now stops before its
    own row's."""
    from klaverjas_gui.ui import catalogue
    from klaverjas_gui.ui.table import view as view_module

    app = make_app(first_frame=True)  # 1024x600
    catalogue.SCREENS["table: mid-trick"](app)
    table = app.match
    m = table.model
    m.deal_points, m.deal_roem = [42, 35], [0, 20]
    rooms = {}
    fit = view_module.fit_side

    def fit_side(names, size, width):
        rooms[tuple(names)] = width
        return fit(names, size, width)

    monkeypatch.setattr(view_module, "fit_side", fit_side)
    p = table.picture()
    table.view.draw(app.screen, p)
    ours, theirs = ([p.names[s] for s in p.sides[t]] for t in (0, 1))
    assert rooms[tuple(ours)] > rooms[tuple(theirs)]  # "+42" takes less than "+35 +20 roem"
