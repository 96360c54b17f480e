"""What a club newcomer tripped over on an evening at 1024x600 in Dutch with the largest
letters (a real window, driven by mouse and keys), each checked here headless through
the real App: the score panel's running points ran into a total of four figures, the
Klaverjas tab said a running Kalabriasz game kept its rules, the signalling convention
had no line at the table, the Kalabriasz tab spoke of teams and eight tricks, and the
history cut a three-player score short."""

from __future__ import annotations

import pygame
import pytest
from uitest import click_button, click_in_form

from klaverjas_gui.i18n import tr
from klaverjas_gui.ui import catalogue, theme
from klaverjas_gui.ui.table import view as view_module


class Recording(pygame.Surface):
    """A surface that remembers where each image was put."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[override]
        rect = super().blit(source, dest, *args, **kwargs)
        self.placed.append((source, rect))
        return rect


def words_placed(monkeypatch, draw) -> dict[str, pygame.Rect]:
    """Each text drawn by `draw(surface)`, with where it landed."""
    made: dict[int, str] = {}
    text = theme.text

    def remember(words, *args, **kwargs):
        img = text(words, *args, **kwargs)
        made[id(img)] = words
        return img

    monkeypatch.setattr(view_module.theme, "text", remember)
    surface = Recording((1024, 600))
    draw(surface)
    return {made[id(img)]: rect for img, rect in surface.placed if id(img) in made}


@pytest.mark.parametrize("text", ["normal", "larger"])
def test_this_deals_roem_stays_clear_of_a_total_of_four_figures(make_app, monkeypatch, text):
    """Deal 11 of a Kalabriasz game: "+41 +20 roem" touched Henk's "1044"."""
    app = make_app("--lang", "nl", first_frame=True)  # 1024x600
    app.set_text_size(text)
    catalogue.SCREENS["kalabriasz: mid-trick"](app)
    table = app.match
    m = table.model
    m.shown_totals, m.totals = [59.0, 1044.0, 794.0], [59, 1044, 794]
    m.deal_points, m.deal_roem = [25, 41, 72], [20, 20, 0]
    p = table.picture()
    placed = words_placed(monkeypatch, lambda surface: table.view._score_panel(surface, p))
    roem = placed[f"+20 {tr('ui.table_roem')}"]
    for total in ("59", "1044", "794"):
        assert roem.right + p.layout.px(4) <= placed[total].left, (total, roem, placed[total])


def test_the_klaverjas_tab_says_nothing_of_a_running_kalabriasz_game(make_app, monkeypatch):
    """With a Kalabriasz game open, Settings → Rules (the four-player game's) said "The
    running match keeps the rules it started with" under the Amsterdam rules: no
    Klaverjas match was running."""
    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["kalabriasz: mid-trick"](app)
    table = app.match
    click_button(app, table, "settings")
    scene = app.top
    click_button(app, scene, "tab_rules")
    assert scene.tab == "rules"
    placed = words_placed(monkeypatch, scene.draw)
    start = " ".join(tr("ui.settings_running_keeps").split()[:3])
    assert not [words for words in placed if words.startswith(start)]


def test_the_signalling_convention_keeps_its_line_at_larger_text(make_app):
    """Klaverjas with signals = kleur at 1024x600, largest letters: the strip under the
    trump panel held two lines, both taken by "Jij & Anna: nog 82 punten nodig", and the
    public convention was nowhere at the table. Its name has a line now."""
    from uitest import DT

    from klaverjas_gui.words import value_label

    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["table: signal hint"](app)
    table = app.match
    app.step(DT)
    lines = [text for text, _, _ in table.view.side_lines(table.picture())]
    assert tr("ui.table_signals", name=value_label("signals", "kleur")) in lines


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_kalabriasz_tab_speaks_of_three_players_and_ten_tricks(make_app, monkeypatch, lang):
    """Settings → Kalabriasz explained its options in the four-player words: "Bonus for the
    team that takes all eight tricks", "until a team reaches", "four of a kind" in a trick
    of three cards."""
    from klaverjas_gui.ui.form import Form
    from klaverjas_gui.ui.menu import MainMenuScene

    notes: dict[str, str] = {}
    choice = Form.choice

    def remember(form, key, label, note, *args, **kwargs):
        notes[key] = note
        return choice(form, key, label, note, *args, **kwargs)

    monkeypatch.setattr(Form, "choice", remember)
    app = make_app("--lang", lang, first_frame=True)
    assert isinstance(app.top, MainMenuScene)
    click_button(app, app.top, "settings")
    click_button(app, app.top, "tab_kalabriasz")
    four = {"en": ("team", "eight", ", four of a kind"), "nl": ("team", "acht", ", vier gelijke"),
            "fr": ("équipe", "huit", ", carré")}[lang]  # fmt: skip
    for option in ("roem_enabled", "pit_bonus", "match_length"):
        note = notes[f"kb_{option}"]
        assert not [word for word in four if word in note], (option, note)


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_a_defenders_plate_uses_the_rules_word(make_app, lang):
    """The rules page and the lesson call the maker's two opponents "de verdedigers"; the
    Dutch table wrote "Tegenspeler" under each of them, the newcomer's own plate too."""
    from uitest import DT

    app = make_app("--lang", lang, first_frame=True)
    catalogue.SCREENS["kalabriasz: mid-trick"](app)
    table = app.match
    app.step(DT)
    p = table.picture()
    m = table.model
    defenders = [s for s in range(3) if s != m.chooser]
    rules = tr("teach.rules_kb_play").lower()
    for seat in defenders:
        assert table.view.role(p, seat).lower() in rules, table.view.role(p, seat)


def test_the_history_shows_a_three_player_score_whole(make_app, tmp_path):
    """History at larger text: a Kalabriasz game's score read "59 – 1150 – 9…"
    while the players' column beside it had room to spare."""
    import random

    from test_kalabriasz_store import NAMES

    from klaverjas_gui.games import KALABRIASZ
    from klaverjas_gui.store.history import History
    from klaverjas_gui.ui.history import HistoryScene

    data = tmp_path / "data"
    data.mkdir()
    history = History(data / "history.sqlite")
    variant = KALABRIASZ.presets["to_1000"]  # a winner of four figures
    mid = history.start_match("kalabriasz", "to_1000", variant.to_dict(), 3, NAMES,
                              ["human", "easy", "easy"])  # fmt: skip
    rng = random.Random(3)
    state = KALABRIASZ.new_state(variant, 3)
    while not state.is_over:
        state, events = state.apply(rng.choice(state.legal_actions()))
        history.record(mid, state.n_actions, str(state.actions[-1]), events)
    history.close()
    app = make_app("--lang", "nl", "--data-dir", str(data), first_frame=True)
    app.set_text_size("larger")
    click_button(app, app.top, "history")
    scene = app.top
    assert isinstance(scene, HistoryScene)
    listing = scene.listing
    score = " – ".join(str(t) for t in state.totals)
    assert max(state.totals) >= 1000 and listing.rows[0][4] == score
    x0, x1 = listing.edges()[4]
    assert theme.shorten(score, listing.px(16), x1 - x0 - listing.px(12), False) == score
    x0, x1 = listing.edges()[3]  # the players still shown whole
    players = listing.rows[0][3]
    assert theme.shorten(players, listing.px(16), x1 - x0 - listing.px(12), False) == players


def test_dutch_statistics_count_kalabriasz_games_as_partijen(make_app, tmp_path):
    """Statistics → Kalabriasz: "Uit 1 uitgespeeld spel" for one finished game; in Dutch a
    spel is a deal, the game is a partij (its end screen: "Henk wint de partij")."""
    from test_kalabriasz_history_ui import stored

    history, _ = stored(tmp_path)
    history.close()
    app = make_app("--lang", "nl", "--data-dir", str(tmp_path / "data"), first_frame=True)
    click_button(app, app.top, "history")
    click_button(app, app.top, "statistics")
    stats = app.top
    click_button(app, stats, "game_kalabriasz")
    assert stats.game == "kalabriasz" and stats.finished == 1
    assert stats.note() == "Uit 1 uitgespeelde partij, per spelersnaam"


def test_the_dutch_hint_to_lay_a_card_away_reads_plainly(make_app):
    """The tip while laying away said "van al je kaarten doet deze het weggelegd hier het
    best"."""
    from uitest import run_until

    app = make_app("--lang", "nl", first_frame=True)
    catalogue.SCREENS["kalabriasz: hint"](app)
    table = app.match
    run_until(app, lambda: table.guide.hint() is not None)
    text = table.guide.hint().text
    assert text.startswith("Leg ") and "doet deze het weggelegd" not in text, text


@pytest.mark.parametrize("game", ["kalabriasz", "klaverjas"])
def test_the_bid_tip_lies_above_the_bid_buttons(make_app, game):
    """H while naming trump at 1024x600, largest letters: the tip's panel lay over Ruiten,
    Harten and Schoppen (the ring round the hinted button drawn across its words)."""
    from test_table_rough_edges import naming_position
    from uitest import DT, press, run_until, table_of

    app = make_app("--lang", "nl", "--seed", "1", first_frame=True)
    app.set_text_size("larger")
    if game == "kalabriasz":
        table = catalogue._kalabriasz(app, lambda s: s.phase == "bidding" and s.to_move == 0)
    else:
        table = table_of(app)
        table.load(naming_position())
    table.guide.worlds = 4
    run_until(app, lambda: table.prompt.visible and "pass" in table.prompt.actions)
    press(app, pygame.K_h)
    run_until(app, lambda: table.guide.hint() is not None)
    app.step(DT)
    prompt = table.port.prompt_panel()
    buttons = [rect for _, rect in table.prompt.choices()]
    rect, _ = table.guide.hint_box(table.guide.hint().text, table.layout, prompt, buttons)
    assert prompt is not None and not rect.colliderect(prompt), (rect, prompt)
    assert rect.top >= 0 and not rect.colliderect(table.layout.score_panel)


def test_the_rules_summary_stays_inside_its_panel_with_the_club_habits(make_app, monkeypatch):
    """Settings → Rules with verzaakt and the kleur convention on, largest letters: the
    convention's sentence was cut after "Een eerste afgooier" and "AAN TAFEL" was drawn on
    the panel's frame and below it. Now the letters shrink a little and all of it fits."""
    from klaverjas_gui.games import KLAVERJAS
    from klaverjas_gui.words import convention_text

    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size("larger")
    click_button(app, app.top, "settings")
    scene = app.top
    click_button(app, scene, "tab_rules")
    click_in_form(app, scene, "revoke=club")
    click_in_form(app, scene, "signals=kleur")
    rules = app.settings.rules(KLAVERJAS)
    assert rules.revoke == "club" and rules.signals == "kleur"
    _, panel = scene._body()
    placed = words_placed(monkeypatch, scene.draw)
    inside = {words: rect for words, rect in placed.items() if rect.colliderect(panel)}
    assert tr("ui.settings_at_table").upper() in inside
    assert all(rect.bottom <= panel.bottom for rect in inside.values()), inside
    last_word = convention_text(rules).split()[-1]
    assert any(words.endswith(last_word) for words in inside), last_word


@pytest.mark.parametrize("screen", ["kalabriasz: deal summary", "deal summary"])
def test_tab_opens_the_score_sheet_over_a_deals_summary(make_app, screen):
    """After a deal the newcomer pressed Tab (the table's button says "Scorebriefje (Tab)")
    and nothing happened; the sheet now opens over the summary and Tab closes it again."""
    from uitest import DT, press

    from klaverjas_gui.ui.sheet import ScoreSheetScene
    from klaverjas_gui.ui.summary import DealSummaryScene

    app = make_app("--lang", "nl", first_frame=True)
    catalogue.SCREENS[screen](app)
    summary = app.top
    assert isinstance(summary, DealSummaryScene)
    press(app, pygame.K_TAB)
    assert isinstance(app.top, ScoreSheetScene) and summary in app.scenes
    app.step(DT)
    press(app, pygame.K_TAB)
    assert app.top is summary and not summary.closed


def test_the_coachs_kalabriasz_position_shows_its_words_whole(make_app, monkeypatch):
    """The coach's report → a costly card laid away, opened on the table at larger text:
    the panel below the score panel could not grow and its last sentence stopped at "leg de
    schoppen aas weg:"."""
    import random

    from klaverjas_gui.engine.match import PASS
    from klaverjas_gui.games import KALABRIASZ
    from klaverjas_gui.teach import coach
    from klaverjas_gui.ui.drill import CoachPositionScene

    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size("larger")
    variant, history = KALABRIASZ.presets["kalabriasz"], app.history
    mid = history.start_match("kalabriasz", "kalabriasz", variant.to_dict(), 9,
                              ["You", "Henk", "Anna"], ["human", "easy", "easy"])  # fmt: skip
    rng, state = random.Random(9), KALABRIASZ.new_state(variant, 9)
    while not (state.phase == "talon" and state.to_move == 0):  # you name, the others pass
        legal = state.legal_actions()
        if state.phase == "bidding":
            names = [a for a in legal if a.kind == "name"]
            action = rng.choice(names) if state.to_move == 0 else PASS
        else:
            action = rng.choice(legal)
        state, events = state.apply(action)
        history.record(mid, state.n_actions, str(action), events)
    chosen, best = state.legal_actions()[0], state.legal_actions()[-1]
    state, events = state.apply(chosen)
    history.record(mid, state.n_actions, str(chosen), events)
    history.record_decision(mid, state.n_actions, 0, "talon", "lay", 69.0, str(chosen), str(best))
    app.show_menu()
    app.push("coach report", match_id=mid)
    scene = app.push("coach position", decision=history.costliest(mid)[0])
    assert isinstance(scene, CoachPositionScene)
    placed = words_placed(monkeypatch, scene.draw)
    last = coach.note(scene.obs, scene.judgement).split()[-1]
    assert any(words.endswith(last) for words in placed), last


def test_a_card_dragged_to_lay_away_is_drawn_over_the_panel(make_app):
    """Laying away by drag: the card went under the "Leg 2 kaarten weg" panel on its way
    to the table, its face hidden by the panel's words."""
    from uitest import DT, card_pos, post, run_until

    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["kalabriasz: laying away"](app)
    table = app.match
    run_until(app, lambda: table.human_may_play() and table.prompt.panel is not None)
    panel = table.prompt.panel[0]
    card = table.model.hands[table.layout.bottom][0]
    post(pygame.MOUSEBUTTONDOWN, pos=card_pos(table, card), button=1)
    app.step(DT)
    for pos in ((panel.centerx, panel.bottom + 40), panel.center):
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.step(DT)
    drag = table.picture().marks.drag
    assert drag is not None and drag[0] == card
    pose = drag[1]
    app.step(DT)
    cw, ch = table.layout.card
    y = panel.top + 8  # inside the panel, on the card's white face near its top
    assert pose.y - ch / 2 < y - 4 and y + 4 < pose.y - ch / 4
    row = [app.screen.get_at((round(pose.x) + dx, y))[:3] for dx in range(-cw // 4, cw // 4)]
    white = [c for c in row if min(c) > 200]
    assert len(white) > len(row) // 2, row[:5]
    post(pygame.MOUSEBUTTONUP, pos=panel.center, button=1)
    app.step(DT)


def test_the_two_cards_taken_from_the_talon_are_marked_while_laying_away(make_app):
    """Kalabriasz, you named trump and took the talon: your hand of twelve did not say
    which two cards came from the talon, so a newcomer could not tell what he had just
    taken. Now each carries a "Talon" tab until two cards are laid away."""
    from uitest import card_pos, click, run_until

    app = make_app("--lang", "nl", first_frame=True)
    table = catalogue._kalabriasz(app, lambda s: s.phase == "bidding" and s.to_move == 0)
    run_until(app, lambda: table.prompt.visible and "pass" in table.prompt.actions)
    name = next(rect for action, rect in table.prompt.choices() if action.kind == "name")
    click(app, name.center)
    run_until(app, lambda: table.human_may_play() and table.director.idle)
    state = table.session.state
    assert state.phase == "talon" and state.maker == 0
    assert sorted(table.view.talon_marked) == sorted(state.talon)
    for _ in range(2):
        card = next(c for c in table.model.hands[0] if c not in state.talon)
        click(app, card_pos(table, card))
        run_until(app, lambda: table.director.idle and table.session.job is None)
        state = table.session.state
    run_until(app, lambda: len(table.model.laid) == 2 and table.director.idle)
    app.step(1 / 60)
    assert table.view.talon_marked == []


@pytest.mark.parametrize("lang", ["nl", "en", "fr"])
def test_continue_names_a_kalabriasz_or_klabberjass_game_once(make_app, lang, tmp_path):
    """The menu's Continue read "Verder met Kalabriasz: Kalabriasz · 12 spellen, spel 3"
    (and "Klabberjass: Klabberjass, spel 3"): the preset named after the game said the
    game's name a second time. Now the rules' part says only what it adds."""
    app = make_app("--lang", lang, first_frame=True)
    catalogue.SCREENS["menu: three open matches"](app)
    app.step(1 / 60)
    label = app.top.buttons["continue"].text
    assert label.count("Klabberjass") == 1 and "3" in label, label
    app = make_app("--lang", lang, "--data-dir", str(tmp_path), first_frame=True)
    catalogue.SCREENS["menu: continue kalabriasz"](app)
    app.step(1 / 60)
    label = app.top.buttons["continue"].text
    assert label.count("Kalabriasz") == 1 and "12" in label, label


@pytest.mark.parametrize("screen", ["kalabriasz: game end", "match end", "klabberjass: game end"])
def test_the_end_of_a_game_opens_its_score_sheet(make_app, screen):
    """At the end of a Kalabriasz game (of any game) only the chart was left: no button and
    no Tab to see the score sheet, deal by deal. Now a button and Tab open the game's own
    sheet, and closing it returns to the end."""
    from uitest import click_button, press

    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS[screen](app)
    app.step(1 / 60)
    end = app.top
    click_button(app, end, "sheet")
    assert type(app.top).__name__.endswith("SheetScene"), app.top
    press(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.top is end
    press(app, pygame.K_TAB)
    assert type(app.top).__name__.endswith("SheetScene"), app.top
    rects = [b.get_abs_rect() for b in end.buttons.values()]
    assert all(r.right <= 1024 and r.left >= 0 for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def lesson_panels_that_grow(app, lesson) -> list[str]:
    """Play `lesson` as it wants to be played, and name each of its panels whose words do
    not fit the room left of the hand (the panel then grows over what lies above it)."""
    from klaverjas_gui.ui.tutorial import lesson_panel_text, open_lesson

    app.show_menu()
    scene = open_lesson(app, lesson)
    grown = []
    for _ in range(4000):
        run = scene.run
        head, lines = scene.panel_lines()
        if not lesson_panel_text(scene.panel_rect(), scene.layout.u, head, lines).fits:
            grown.append(lines[-1][0][:40])
        if scene.finished:
            break
        if run.waiting_for_you and scene.may_act() and run.step is not None:
            scene.submit(run.parse(run.step.action))
        scene.update(0.05)
    return grown


@pytest.mark.parametrize(
    "lesson_id", ["follow", "trump", "overtrump", "rotterdam", "choose", "roem", "signals", "three"]
)
def test_a_lessons_words_fit_left_of_the_hand_without_hiding_wests_name(make_app, lesson_id):
    """The signals lesson at 1024x600: its words did not fit the panel left of South's hand
    even in its smallest letters, so the panel grew upwards over West's name plate (West's
    name and the dealer's mark hidden, 16.png). The hand lies a little closer and right of
    the middle in a lesson, and the panel is wide enough."""
    from klaverjas_gui.teach.lessons import LESSON_BY_ID

    app = make_app("--lang", "nl", first_frame=True)
    lesson = LESSON_BY_ID[lesson_id]
    assert lesson_panels_that_grow(app, lesson) == []
    scene = app.top
    L = scene.layout
    panel = scene.panel_rect()
    assert not panel.colliderect(L.plate_rect(1, False))  # West's plate
    assert not panel.colliderect(L.hand_bounds(0, False))
    for button in scene.buttons.values():
        if button.visible:
            assert not button.get_abs_rect().colliderect(L.hand_bounds(0, False))


def test_the_last_trick_says_the_roem_it_brought(make_app, monkeypatch):
    """Klaverjas, you claimed the 20 roem of your trick: "Vorige slag (L)" showed the four
    cards and who took them, but not the roem the score had just counted for them. Its
    title now ends with it, as the score panel says it ("+20 roem")."""
    from uitest import click, press, run_until

    app = make_app("--lang", "nl", first_frame=True)
    catalogue.SCREENS["table: roem button"](app)
    table = app.match
    run_until(app, lambda: table.port.button_rect("roem") is not None)
    click(app, table.port.button_rect("roem").center)
    run_until(app, lambda: table.model.last_trick is not None and table.director.idle)
    assert table.model.deal_roem[0] == 20
    press(app, pygame.K_l)
    picture = table.picture()
    assert picture.show_last
    placed = words_placed(monkeypatch, lambda s: table.view.draw_over(s, picture))
    titles = [w for w in placed if w.startswith("Vorige slag")]
    assert titles and titles[0].endswith("· +20 roem"), list(placed)


@pytest.mark.parametrize("lang", ["nl", "en", "fr"])
def test_history_with_only_a_running_match_does_not_say_none_was_played(
    make_app, monkeypatch, lang
):
    """History after a deal or two of a match still running: "Er is nog geen partij
    gespeeld" (no match has been played yet), as if the evening's match were lost. With a
    match running it says where that one is, its words wrapped inside the list."""
    app = make_app("--lang", lang, first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["menu: continue"](app)
    app.step(1 / 60)
    history = app.push("history")
    app.step(1 / 60)
    listing = history.listing
    assert not listing.rows and listing.empty == tr("ui.history_empty_running")
    placed = words_placed(monkeypatch, history.draw)
    said = {words: rect for words, rect in placed.items() if words and words in listing.empty}
    assert " ".join(said) == listing.empty, list(placed)
    assert all(listing.rect.contains(rect) for rect in said.values()), said


@pytest.mark.parametrize("text", ["normal", "larger"])
def test_the_signals_line_keeps_clear_of_the_foot_with_two_people_at_the_laptop(make_app, text):
    """Play with signals = kleur and North a person at this laptop, largest letters: the
    line "Meer mensen aan deze laptop" took the room above the foot, and "Seinen: kleur"
    was drawn under "Alle regelopties...", its S peeking out beside the button. Every
    note now keeps off every button and inside the window."""
    from klaverjas_gui.games import KLAVERJAS

    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size(text)
    app.settings.set_rule("signals", "kleur", KLAVERJAS)
    app.settings.set_seat(2, kind="human", game=KLAVERJAS)
    scene = app.push("play")
    app.step(1 / 60)
    size = theme.readable(scene._px(16))
    line_h = theme.font(size).get_linesize()
    buttons = [b.get_abs_rect() for b in scene.buttons.values() if b.visible]
    assert any(note.startswith("Seinen") for note, _ in scene.notes), scene.notes
    assert any(note == tr("ui.play_people") for note, _ in scene.notes)
    for note, rect in scene.notes:
        lines = theme.wrap(note, size, rect.w)
        width = max(theme.font(size).size(line)[0] for line in lines)
        drawn = pygame.Rect(rect.left, rect.centery - line_h * len(lines) // 2, width,
                            line_h * len(lines))  # fmt: skip
        assert len(lines) <= 2 and app.screen.get_rect().contains(drawn), (note, drawn)
        for button in buttons:
            assert not drawn.colliderect(button), (note, drawn, button)


def _pass_to_north(app, table):
    """Hot-seat South and North: the people pass until the laptop is with North (seat 2)
    and her table shows, the cover taken away."""
    from uitest import click, press, run_until

    from klaverjas_gui.ui.table.cover import CoverScene

    for _ in range(6):
        if table.session.holder == 2 and app.top is table:
            break
        run_until(app, lambda: isinstance(app.top, CoverScene) or table.prompt.visible)
        if isinstance(app.top, CoverScene):
            press(app, pygame.K_a)
        else:
            click(app, next(r for a, r in table.prompt.choices() if a.kind == "pass").center)


def test_a_hot_seat_player_at_north_is_not_called_south(make_app):
    """Two people at one laptop, Anna at North: on her turn her plate read "Anna · Zuid"
    while the cover for the other person said "de speler van Zuid". Each person's own
    plate names the seat they play."""
    from test_hotseat import start

    app = make_app("--lang", "nl", first_frame=True)
    table = start(app, (0, 2), seed=9)
    _pass_to_north(app, table)  # South passes; the cover goes up for North, who takes it
    picture = table.picture()
    assert picture.bottom == 2
    assert table.view.role(picture, 2) == "Noord"
    assert table.view.role(picture, 0) == "Maat"


def test_the_sheets_result_word_keeps_off_the_score_before_it(make_app, monkeypatch):
    """History → a match with a verzaakt deal, largest letters: "VERZAAKT", moved left to
    stay inside the sheet, was drawn over the other team's "202" ("202VERZAAKT"). It
    shrinks now rather than run into the score."""
    import dataclasses

    from klaverjas_gui.engine.match import verzaakt

    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["deal summary: verzaakt"](app)
    state, _ = app.match.session.state.apply(verzaakt(0))
    line = state.sheet[-1]  # the wrong card the other way round: they score, as that evening
    score = dataclasses.replace(line.score, scores=line.score.scores[::-1],
                                card_points=line.score.card_points[::-1],
                                roem=line.score.roem[::-1])  # fmt: skip
    line = dataclasses.replace(line, score=score)
    app.show_menu()
    catalogue.SCREENS["history: match"](app)
    app.step(1 / 60)
    scene = app.top
    scene.lines = [line]
    made: dict[int, str] = {}
    text = theme.text

    def remember(words, *args, **kwargs):
        img = text(words, *args, **kwargs)
        made[id(img)] = words
        return img

    monkeypatch.setattr(theme, "text", remember)
    surface = Recording((1024, 600))
    scene.draw(surface)
    placed = [(made[id(img)], rect) for img, rect in surface.placed if id(img) in made]
    word = next(rect for words, rect in placed if words == tr("ui.sheet_verzaakt"))
    row = [(w, r) for w, r in placed if abs(r.centery - word.centery) < word.h // 2 and r != word]
    assert max(line.score.scores) >= 100  # three figures, as in the evening's 202
    assert row and all(not r.colliderect(word) for _, r in row), (word, row)


def test_a_guests_hand_is_not_offered_while_her_card_is_on_its_way(make_app):
    """A network guest played a card: until the host's answer came her hand still looked
    playable, its legal cards lifted and the keyboard's pick on one, as if the card had
    not been taken. Now nothing is offered while it is on its way, and after the answer
    the play goes on."""
    from test_newcomer_layout import _Guest
    from uitest import DT, card_pos, drag, drop_point, run_until

    from klaverjas_gui.engine import PRESETS, new_match
    from klaverjas_gui.play.net.session import GuestSession
    from klaverjas_gui.play.seats import Jobs

    state = new_match(PRESETS["amsterdam"], 5)
    while not (state.phase == "play" and state.tricks and state.to_move == 2):
        state, _ = state.apply(state.legal_actions()[0])
    app = make_app("--lang", "nl", first_frame=True)
    guest = _Guest(state)
    session = GuestSession(guest, app.settings, Jobs(True))  # type: ignore[arg-type]
    app.start_network(session)
    table = app.top
    run_until(app, lambda: table.human_may_play(), seconds=10)
    assert table.picture().marks.legal
    card = state.legal_actions()[0]
    drag(app, card_pos(table, card.card), drop_point(table))
    assert guest.sent == [(str(card), state.n_actions)]
    for _ in range(5):
        app.step(DT)
        marks = table.picture().marks
        assert not table.human_may_play() and marks.legal is None and marks.selected is None
    played, events = state.apply(card)  # the host's answer: her card, played
    guest.updates.put(guest.update(played, card, 2, events))
    run_until(app, lambda: session.state.n_actions == played.n_actions, seconds=10)


@pytest.mark.parametrize("text", ["normal", "larger"])
def test_a_done_lessons_tick_stays_beside_its_own_button(make_app, monkeypatch, text):
    """The lesson list with lesson 1 done: its tick was drawn right of its button, on the
    button of lesson 7 in the other column, so lesson 7 looked done and lesson 1 not.
    Each tick now stands beside its own button, off every other one, in the window."""
    from klaverjas_gui.teach.lessons import LESSONS
    from klaverjas_gui.ui import tutorial

    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size(text)
    first = LESSONS[0]
    app.settings.tutorial_done = [first.id]
    catalogue.SCREENS["tutorial: lessons"](app)
    app.step(1 / 60)
    scene = app.top
    ticks: list[tuple[tuple[int, int], int]] = []
    monkeypatch.setattr(tutorial, "draw_tick", lambda surface, c, r: ticks.append((c, r)))
    scene.draw(pygame.Surface(app.size))
    assert len(ticks) == 1
    (x, y), r = ticks[0]
    disc = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
    own = scene.buttons[f"lesson_{first.id}"].get_abs_rect()
    assert app.screen.get_rect().contains(disc) and own.top <= y <= own.bottom
    for key, button in scene.buttons.items():
        assert not disc.colliderect(button.get_abs_rect()), key


def test_on_the_other_persons_turn_the_seat_called_you_is_named_by_its_place(make_app):
    """Two people at one laptop, South still called "Jij": on Anna's turn the plate above
    her hand read "Jij · Maat", the score "Jij & Anna", while the cover had just asked
    for "de speler van Zuid". On her screen that seat is Zuid, and only she is "jij"."""
    from test_hotseat import start

    app = make_app("--lang", "nl", first_frame=True)
    table = start(app, (0, 2), seed=9)
    assert table.picture().names[0] == "Jij"  # South's own screen: "you"
    _pass_to_north(app, table)
    picture = table.picture()
    assert picture.holder == 2 and picture.names[0] == "Zuid" and 0 not in picture.you
    assert picture.teams[0] == "Zuid & Anna"
