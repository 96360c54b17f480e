"""The coach's progress, drills and review words (issue #19): the progress sentence from
constructed points, the report's click opening a position, the drills answered by posted
events (a card and a bid), the deal review in points of the deal beside the coach."""

from __future__ import annotations

import random

import pygame
import pytest
from uitest import DT, click, click_button, open_learn, press, run_until

from klaverjas_gui import i18n
from klaverjas_gui.engine import KLABBERJASS_PRESETS, PRESETS, new_klabberjass, new_match
from klaverjas_gui.games import KLAVERJAS
from klaverjas_gui.play import drills
from klaverjas_gui.play.drills import Practice
from klaverjas_gui.store.history import MatchCoaching
from klaverjas_gui.teach import coach, progress
from klaverjas_gui.teach.review import CardReview, team_points
from klaverjas_gui.ui import catalogue
from klaverjas_gui.ui.drill import CoachPositionScene, DrillScene
from klaverjas_gui.ui.progress import ProgressScene
from klaverjas_gui.ui.review import ReviewScene

W = 8  # the catalogue's coached match is judged with 8 sampled deals: drills use the same


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# --- progress ---
def points(leads: list[float], follows: list[float], n: int = 5) -> list[MatchCoaching]:
    """Matches with `n` leads and `n` follows each, at the given average costs."""
    out = []
    for i, (lead, follow) in enumerate(zip(leads, follows, strict=True)):
        average = round((lead + follow) / 2, 2)
        by_kind = {"follow": (n, follow), "lead": (n, lead)}
        out.append(MatchCoaching(i + 1, f"2026-01-{i + 1:02d}", 2 * n, average, by_kind))
    return out


def test_progress_says_which_kind_improved_most():
    chart = points([14.0] * 10 + [6.0] * 10, [3.0] * 20)
    assert progress.sentence(chart) == (
        "Your leads improved: from 14 to 6.0 points per decision over your last 20 matches."
    )
    assert progress.series(chart)["lead"] == [14.0] * 10 + [6.0] * 10
    assert set(progress.series(chart)) == {"all", "lead", "follow"}
    i18n.set_language("nl")
    assert progress.sentence(chart, "games") == (
        "Je uitkomen is beter geworden: van 14 naar 6,0 punten per beslissing over je "
        "laatste 20 spellen."
    )


def test_progress_weighs_by_decisions_and_ignores_a_few_lucky_ones():
    # the later leads are fewer than MIN_DECISIONS per half: nothing is said of them
    early = points([14.0] * 2, [3.0] * 2)
    late = [MatchCoaching(9 + i, "2026-02-01", 6, 2.0, {"follow": (5, 3.0), "lead": (1, 0.0)})
            for i in range(2)]  # fmt: skip
    text = progress.sentence(early + late)
    assert "improved" in text and text.startswith("Your play improved")  # only overall fell


def test_progress_without_improvement_names_where_points_go():
    chart = points([5.0] * 8, [12.0] * 8)
    text = progress.sentence(chart)
    assert text.startswith("No clear improvement yet over your last 8 matches (8.5 points")
    assert "Most is lost in following and discarding: 12 points per decision" in text


def test_progress_with_too_few_matches_says_so():
    assert progress.sentence(points([9.0], [9.0])) == (
        "Not enough yet to say what improved: 1 match with the coach on, 4 needed."
    )
    assert progress.sentence([]).startswith("Not enough yet") and progress.series([]) == {"all": []}


def test_the_charts_axis_counts_one_match_in_the_singular():
    assert i18n.tr("coach.progress_axis_matches", n=1) == "1 match so far"
    assert i18n.tr("coach.progress_axis_matches", n=7) == "your last 7 matches, oldest first"
    i18n.set_language("nl")
    assert i18n.tr("coach.progress_axis_matches", n=1) == "1 partij tot nu toe"
    assert i18n.tr("coach.progress_axis_games", n=1) == "1 spel tot nu toe"


def test_statistics_opens_the_progress_chart_of_each_game(make_app):
    app = make_app(first_frame=True)
    catalogue.SCREENS["coach progress"](app)
    app.step(DT)
    chart = app.top
    assert isinstance(chart, ProgressScene) and len(chart.points) == 20
    assert chart.sentence() == progress.sentence(app.history.coaching(50, "klaverjas"))
    click_button(app, chart, "game_klabberjass")
    assert chart.points == [] and chart.sentence().startswith("Not enough yet")
    app.step(DT)  # the empty chart draws its message
    press(app, pygame.K_ESCAPE)
    stats = app.top
    assert type(stats).__name__ == "StatisticsScene"
    click_button(app, stats, "progress")
    assert isinstance(app.top, ProgressScene)


# --- the report's positions ---
def test_a_click_on_a_costly_decision_opens_its_position(make_app):
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS["coach report"](app)
    app.step(DT)
    report = app.top
    assert report.links, "the coached match has costly decisions"
    first = min(report.links)
    d = report.links[first]
    assert d == app.history.costliest(report.match_id)[0]
    click(app, report.rects[first].center)
    shown = app.top
    assert isinstance(shown, CoachPositionScene)
    state = app.history.position_before(d)
    assert shown.state.to_json() == state.to_json() and shown.table.seat == d.seat
    best = KLAVERJAS.parse_action(d.best)
    marks = shown.marks()
    if best.kind == "play":
        assert marks.hinted == best.card and marks.selected == KLAVERJAS.parse_action(d.chosen).card
    head, lines = shown.caption()
    assert f"about {round(d.cost)} points" in lines[0][0]
    press(app, pygame.K_ESCAPE)
    assert app.top is report


def test_a_stored_coached_match_opens_its_report_again_and_says_you(make_app, monkeypatch):
    """The report was offered only at the match's end: from the history it can be read
    again. The sheet's dealer and player columns say "You" in the player's language."""
    from klaverjas_gui.ui import history as history_ui
    from klaverjas_gui.ui.coach_report import CoachReportScene
    from klaverjas_gui.ui.history import HistoryScene, MatchRecordScene

    i18n.set_language("nl")
    app = make_app("--lang", "nl", deterministic=True, first_frame=True)
    mid = catalogue._coached_match(app)
    app.show_menu()
    app.step(DT)
    click_button(app, app.top, "history")
    assert isinstance(app.top, HistoryScene)
    drawn = []
    monkeypatch.setattr(history_ui, "draw_sheet", lambda *a, **k: drawn.append(a[3]))
    press(app, pygame.K_RETURN)  # the newest match, focused
    scene = app.top
    assert isinstance(scene, MatchRecordScene) and scene.record.id == mid
    app.step(DT)
    assert drawn and drawn[-1][0] == "Jij"
    click_button(app, scene, "coach_report")
    assert isinstance(app.top, CoachReportScene) and app.top.match_id == mid
    press(app, pygame.K_ESCAPE)
    assert app.top is scene


# --- drills ---
def test_a_card_drill_answered_by_clicks(make_app, monkeypatch):
    monkeypatch.setattr(drills, "WORLDS", W)
    app = make_app(deterministic=True, first_frame=True)
    mid = catalogue._coached_match(app)
    app.show_menu()
    scene = open_learn(app, "drill")
    assert isinstance(scene, DrillScene)
    p = scene.practice
    d = p.drill.decision
    assert d.match_id == mid and d.cost >= coach.FLAG and p.drill.obs.phase == "play"
    assert p.drill.state.to_json() == app.history.position_before(d).to_json()
    hand = scene.table.model.hands[d.seat]
    layout = scene.table.layout
    legal = {a.card for a in p.drill.obs.legal}
    # a card that may not be played changes nothing
    for i, card in enumerate(hand):
        if card not in legal:
            click(app, layout.south_card_point(len(hand), i))
            assert p.answer is None
            break
    # the same card as last time: the same cost, in the coach's words
    chosen = KLAVERJAS.parse_action(d.chosen)
    click(app, layout.south_card_point(len(hand), hand.index(chosen.card)))
    assert p.answer == chosen
    run_until(app, lambda: p.verdict is not None)  # judged in the background
    v = p.verdict
    assert v is not None and v.level == "costly"
    assert v.judgement.cost == pytest.approx(d.cost, abs=0.02)
    assert v.text.startswith("The same choice as last time. ")
    assert v.text in [text for text, _ in scene.caption()[1]]
    assert scene.marks().hinted == v.judgement.best.card
    click(app, layout.south_card_point(len(hand), 0))  # answered: a second click is ignored
    assert p.answer == chosen
    press(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, DrillScene)


def test_a_card_drill_answered_by_the_keyboard(make_app, monkeypatch):
    """Left/Right move a gold frame over the cards that may be played, as at the table
    (the framed card rises above the others); the first Enter shows the frame, the next
    plays the framed card."""
    monkeypatch.setattr(drills, "WORLDS", W)
    app = make_app(deterministic=True, first_frame=True)
    catalogue._coached_match(app)
    app.show_menu()
    scene = open_learn(app, "drill")
    p = scene.practice
    hand = scene.table.model.hands[p.drill.decision.seat]
    legal = [c for c in hand if c in {a.card for a in p.drill.obs.legal}]
    assert len(legal) >= 2 and scene.marks().selected is None
    press(app, pygame.K_RETURN)  # shows the frame, plays nothing
    assert p.answer is None and scene.marks().selected == legal[0]
    press(app, pygame.K_RIGHT)
    assert scene.marks().selected == legal[1]
    app.step(DT)  # drawn as at the table: the framed card stands out of the row
    poses = scene.table.model.poses
    assert poses[legal[1]].y < min(poses[c].y for c in hand if c != legal[1])
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)  # round past the first: the last legal card
    assert scene.marks().selected == legal[-1] and p.answer is None
    press(app, pygame.K_RETURN)
    assert p.answer is not None and p.answer.card == legal[-1]
    run_until(app, lambda: p.verdict is not None)  # judged in the background
    assert p.verdict is not None and p.verdict.judgement.chosen.card == legal[-1]
    press(app, pygame.K_RIGHT)  # answered: the keys choose nothing more
    assert p.answer.card == legal[-1]


def test_a_drill_answered_with_the_best_says_so(make_app):
    app = make_app(deterministic=True, first_frame=True)
    catalogue._coached_match(app)
    p = Practice(app.history, worlds=W)
    try:
        j = p.job.wait(120) and p.job.result()
        assert p.choose(j.values[0][0]) and p.wait(120) is not None
        assert p.verdict.level == "best" and p.verdict.judgement.cost == 0.0
        assert p.verdict.text.startswith("As good as the best: well chosen, ")
        assert not p.choose(j.values[-1][0])  # one answer per drill
        assert not p.next() and p.empty  # the catalogue match has one drill only
    finally:
        p.close()


def _bid_drill(app) -> tuple[int, object]:
    """A random match in which seat 0's first bidding decision is stored as costly."""
    variant = PRESETS["amsterdam"]
    mid = app.history.start_match("klaverjas", "amsterdam", variant.to_dict(), 5,
                                  ["You", "B", "C", "D"])  # fmt: skip
    rng, state, stored = random.Random(5), new_match(variant, 5), None
    while not state.is_over and state.deal_no == 1:
        obs = state.observation(state.to_move)
        action = rng.choice(obs.legal)
        if stored is None and state.to_move == 0 and obs.phase != "play" and len(obs.legal) > 1:
            stored = (state.n_actions + 1, action)
        state, events = state.apply(action)
        app.history.record(mid, state.n_actions, str(action), events)
    app.history.abandon_running("klaverjas")
    seq, action = stored
    app.history.record_decision(mid, seq, 0, "bid", "bid_bold", 25.0, str(action), str(action))
    return seq, action


def test_a_bidding_decisions_position_points_at_no_gold_frame(make_app):
    """Only a card is framed on the table: the sentence names the frame for a card only."""
    app = make_app(deterministic=True, first_frame=True)
    _bid_drill(app)
    mid = max(r.id for r in app.history.matches())
    app.show_menu()
    scene = app.push("coach position", decision=app.history.costliest(mid)[0])
    app.step(DT)
    chose = scene.caption()[1][0][0]
    assert chose.startswith("You chose ") and "about 25 points less for your team" in chose
    assert "gold frame" not in chose and scene.marks().selected is None
    press(app, pygame.K_ESCAPE)
    catalogue._coach_position(app)  # the catalogue's costliest decision is a card
    app.step(DT)
    assert "(the gold frame)" in app.top.caption()[1][0][0] and app.top.marks().selected


def test_a_bidding_drill_asks_name_or_pass_with_buttons(make_app):
    app = make_app(deterministic=True, first_frame=True)
    seq, before = _bid_drill(app)
    app.show_menu()
    scene = app.push("drill", worlds=4)
    app.step(DT)
    p = scene.practice
    assert p.drill.decision.seq == seq and p.drill.question.endswith("Name or pass?")
    answers = sorted(k for k in scene.buttons if k.startswith("answer_"))
    assert len(answers) == len(p.drill.obs.legal) >= 2
    other = next(i for i, a in enumerate(p.drill.obs.legal) if a != before)
    click_button(app, scene, f"answer_{other}")
    assert p.answer == p.drill.obs.legal[other]
    run_until(app, lambda: p.verdict is not None)  # judged in the background
    assert p.verdict is not None and not any(k.startswith("answer_") for k in scene.buttons)
    j = p.verdict.judgement
    assert j.chosen == p.drill.obs.legal[other] and j.kind == "bid"
    assert p.verdict.level == ("best" if j.cost == 0 else "close" if j.cost < 10 else "costly")


@pytest.mark.parametrize("size", ["normal", "larger"])
def test_a_bidding_drills_buttons_hold_their_dutch_labels(make_app, size):
    """ "Schoppen als troef kieze" was cut off at 1024x600: the buttons had one width."""
    app = make_app("--lang", "nl", deterministic=True, first_frame=True)
    app.set_text_size(size)
    _bid_drill(app)
    app.show_menu()
    scene = app.push("drill", worlds=4)
    app.step(DT)
    answers = [b for k, b in scene.buttons.items() if k.startswith("answer_")]
    assert any("als troef kiezen" in b.text for b in answers)
    for button in answers:
        rect = button.get_abs_rect()
        assert button.font.size(button.text)[0] <= rect.w - 8, button.text
        assert rect.left >= 0 and rect.right <= app.size[0]


def test_a_bidding_drill_answered_by_the_keyboard(make_app):
    app = make_app(deterministic=True, first_frame=True)
    _bid_drill(app)
    app.show_menu()
    scene = app.push("drill", worlds=4)
    app.step(DT)
    p = scene.practice
    legal = list(p.drill.obs.legal)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert scene.pick == 1 and p.answer is None
    app.step(DT)  # the frame is drawn around the second answer's button
    press(app, pygame.K_RETURN)
    assert p.answer == legal[1]


def test_nothing_to_drill_says_so_kindly(make_app):
    app = make_app("--lang", "nl", first_frame=True)
    scene = open_learn(app, "drill")
    assert isinstance(scene, DrillScene) and scene.practice.empty
    app.step(DT)
    assert "Nog niets om te oefenen" in i18n.tr("coach.drill_none")
    click_button(app, scene, "back")
    assert app.top is not scene


def test_klabberjass_positions_are_drilled_too(make_app):
    app = make_app(deterministic=True, first_frame=True)
    variant = KLABBERJASS_PRESETS["klabberjass"]
    mid = app.history.start_match("klabberjass", "klabberjass", variant.to_dict(), 3,
                                  ["You", "B"])  # fmt: skip
    rng, state, stored = random.Random(3), new_klabberjass(variant, 3), None
    while state.deal_no == 1 and not state.is_over:
        obs = state.observation(state.to_move)
        action = rng.choice(obs.legal)
        if stored is None and state.to_move == 0 and obs.phase == "play" and len(obs.legal) > 1:
            stored = (state.n_actions + 1, action)
        state, events = state.apply(action)
        app.history.record(mid, state.n_actions, str(action), events)
    app.history.abandon_running("klabberjass")
    app.history.record_decision(mid, stored[0], 0, "follow", "follow", 30.0, str(stored[1]),
                                str(stored[1]))  # fmt: skip
    scene = app.push("drill", game="klabberjass", worlds=4)
    app.step(DT)
    p = scene.practice
    assert p.drill.record.game == "klabberjass" and p.drill.state.to_move == 0
    asked = " ".join(text for text, _ in scene.caption()[1])
    assert "cost you about 30 points" in asked and "team" not in asked  # two players: no team
    hand = scene.table.model.hands[0]
    card = next(a.card for a in p.drill.obs.legal if a.kind == "play")
    click(app, scene.table.layout.south_card_point(len(hand), hand.index(card)))
    assert p.wait(120) is not None and p.verdict.judgement.chosen.card == card
    assert "team" not in p.verdict.text


# --- the deal review ---
def test_a_cards_cost_is_told_in_points_of_the_deal():
    assert [team_points(m) for m in (0, 1, 2, 20, -20, 33)] == [0, 1, 1, 10, -10, 16]


def test_the_review_puts_the_coachs_judgement_beside_a_judged_card(make_app):
    app = make_app(deterministic=True, first_frame=True)
    mid = catalogue._coached_match(app)
    record = app.history.match(mid)
    judged = [d for d in app.history.decisions(mid) if d.kind != "bid"]
    costly = max(judged, key=lambda d: d.cost)
    state = app.history.position_before(costly)
    scene = ReviewScene(app, state.variant, record.seed, app.history.actions(mid),
                        state.deal_no, record.players, match_id=mid)  # fmt: skip
    try:
        index = next(i for i, (s, _) in enumerate(scene.deal.plays)
                     if s.n_actions + 1 == costly.seq)  # fmt: skip
        card = scene.deal.plays[index][1]
        said = scene.fair(CardReview(index, 0, card, 0, (), 0))
        assert said.startswith("The coach, judging only by what could be seen then: ")
        assert f"about {round(costly.cost)} points" in said
        other = next(i for i, (s, _) in enumerate(scene.deal.plays) if s.to_move != 0)
        assert scene.fair(CardReview(other, 1, scene.deal.plays[other][1], 0, (), 0)) == ""
        loss = scene.card_loss(CardReview(index, 0, card, 14, (), 0))
        assert loss.endswith("with all cards open, this cost your team 7 points against the "
                             "best card here.")  # fmt: skip
    finally:
        scene.close()


def test_one_match_draws_its_level_across_the_chart_not_a_lone_dot(make_app):
    """After the first coached match each kind is one value: drawn as a line across the
    plot at that height (the newcomer saw only tiny dots in the middle)."""
    from klaverjas_gui.ui.chart import KIND_COLOURS, draw_progress

    make_app()
    surface = pygame.Surface((800, 400))
    rect = surface.get_rect()
    draw_progress(surface, rect, {"all": [4.0], "lead": [8.0]}, {}, ("points", "1 match"), 1.0)
    colour = pygame.Color(*KIND_COLOURS["lead"])
    rows = [y for y in range(rect.h) if surface.get_at((rect.w // 4, y)) == colour]
    assert rows  # a quarter of the way across: the lead's level is drawn there too
    assert all(surface.get_at((3 * rect.w // 4, y)) == colour for y in rows)


def test_a_running_matchs_mistakes_come_to_practise_once_it_is_over(make_app):
    """ "Nothing to practise yet ... every decision that costs 10 points or more comes back
    here" was said while the running match already held a 25-point one: drills come from
    matches that are over, and the sentence now says so."""
    app = make_app(first_frame=True)
    variant = PRESETS["amsterdam"]
    mid = app.history.start_match("klaverjas", "amsterdam", variant.to_dict(), 5,
                                  ["You", "B", "C", "D"])  # fmt: skip
    state = new_match(variant, 5)
    action = state.legal_actions()[0]
    state, events = state.apply(action)
    app.history.record(mid, 1, str(action), events)
    app.history.record_decision(mid, 1, 0, "bid", "bid_bold", 25.0, str(action), str(action))
    assert app.history.drills(5) == []  # the match is still running
    assert "once the match is over" in i18n.tr("coach.drill_none")
    app.history.abandon_running("klaverjas")
    assert [d.cost for d in app.history.drills(5)] == [25.0]
