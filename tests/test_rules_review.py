"""The rules screen and the deal review, driven headless by posted events.

The review is checked on a deal whose answer is known: every card is the
solver's best except one deliberate mistake of South's, so that card (and no
other) must be found, with the loss `solve_state` gives for it directly.
"""

from __future__ import annotations

import random

import pygame
import pytest
from uitest import DT, click_button, open_learn, press

from klaverjas_gui.ai.solver import Solver, solve_state
from klaverjas_gui.engine import PRESETS, new_match, parse_card
from klaverjas_gui.engine.cards import CARD_BY_INDEX
from klaverjas_gui.engine.match import play
from klaverjas_gui.i18n import tr
from klaverjas_gui.teach.review import position, team_points
from klaverjas_gui.ui.review import ReviewScene
from klaverjas_gui.ui.rules import PageRenderer, RulesScene, pages
from klaverjas_gui.ui.summary import DealSummaryScene
from klaverjas_gui.ui.tutorial import LearnScene
from klaverjas_gui.words import card_text


# --- the rules ---
def open_rules(app) -> RulesScene:
    rules = open_learn(app, "rules")
    assert isinstance(rules, RulesScene)
    return rules


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_every_tab_title_fits_its_tab_at_the_largest_text(make_app, lang):
    """Seven tabs at 1024x600 and the larger letters: two rows, none cut short, and the
    page below them."""
    from klaverjas_gui.ui import widgets

    app = make_app("--lang", lang, size="1024x600")
    app.set_text_size("larger")
    rules = open_rules(app)
    rules.go(6)
    tabs = [rules.buttons[f"tab_{i}"] for i in range(len(pages()))]
    for i, button in enumerate(tabs):
        need = widgets.fit_label(app.size, button.text, "@primary" if i == 6 else "@quiet",
                                 0, 0)[0]  # fmt: skip
        assert button.get_abs_rect().w >= need, (i, button.text)
    assert rules.viewport().top > max(b.get_abs_rect().bottom for b in tabs)


def test_the_kalabriasz_page_scores_its_example_as_the_engine_does():
    """RULES.md 3: 74 in tricks and 7 laid away is exactly half of 162: the maker fails,
    the defenders' 50 and 31 become 91 and 71."""
    from klaverjas_gui.ui.rules import ScoreTable, kalabriasz_page

    (table,) = [b for b in kalabriasz_page() if isinstance(b, ScoreTable)]
    assert [row[1:] for row in table.rows] == [("74", "7", "0"), ("50", "–", "91"),
                                               ("31", "–", "71")]  # fmt: skip


@pytest.mark.parametrize("size", ["1024x600", "1920x1080"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_every_rules_page_renders_and_fits(make_app, size, lang):
    app = make_app("--lang", lang, size=size)
    rules = open_rules(app)
    assert rules.buttons["tab_0"].text == tr("teach.rules_page_cards")
    count = len(pages())
    # signals (issue 37), two-player Klabberjass (issue 18, item 17), Kalabriasz (issue 39)
    assert count == 7
    for n in range(count):
        assert rules.page == n
        view = rules.viewport()
        assert view.right <= app.size[0] and view.bottom <= app.size[1]
        page = rules.rendered()
        assert page.get_width() == view.w
        cw, _ = PageRenderer(rules.images, view.w, view.h, rules.u()).card
        assert 8 * cw * 1.1 <= view.w  # a row of eight cards fits across
        assert page.get_height() <= 2 * view.h  # at most one screen to scroll
        for _ in range(12):  # Down scrolls to the end of a long page, and no further
            press(app, pygame.K_DOWN)
        assert rules.scroll == rules.max_scroll() == max(0, page.get_height() - view.h)
        press(app, pygame.K_RIGHT)
    assert rules.page == count - 1  # Right stops at the last page
    click_button(app, rules, "tab_1")
    assert rules.page == 1 and rules.scroll == 0
    click_button(app, rules, "previous")
    assert rules.page == 0
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, LearnScene)


def test_rules_card_values_come_from_the_engine():
    from klaverjas_gui.engine import card_points, parse_card

    trump = pages()[0][1][1]
    assert [cap for _, cap in trump.cards] == ["20", "14", "11", "10", "4", "3", "0", "0"]
    assert sum(card_points(parse_card(c), "H") for c, _ in trump.cards) == 62


# --- the review ---
def deal_with_one_mistake(seed: int = 3):
    """A deal where all play the solver's best card, except South once (from South's 3rd
    card on, the first time a worse card exists). Returns the final state, the mistake's
    index in the deal, the position before it and the card."""
    state = new_match(PRESETS["amsterdam"], seed)
    rng = random.Random(seed)
    while state.phase != "play":
        state, _ = state.apply(rng.choice(state.legal_actions()))
    solver = Solver(state.variant, state.trump, state.chooser % 2, state.kraak_level)
    south_cards, mistake = 0, None
    while state.deal_no == 1:
        if state.phase != "play":
            state, _ = state.apply(state.legal_actions()[0])  # claim roem, or pass
            continue
        values = solver.move_values(position(state))
        best = max(values.values())
        card = min(k for k, v in values.items() if v == best)
        if state.to_move == 0:
            south_cards += 1
            worse = sorted(k for k, v in values.items() if v < best)
            if south_cards >= 3 and mistake is None and worse:
                card = worse[0]
                mistake = (4 * len(state.tricks) + len(state.trick), state, CARD_BY_INDEX[card])
        state, _ = state.apply(play(CARD_BY_INDEX[card]))
    assert mistake is not None
    return state, *mistake


@pytest.mark.slow
def test_review_from_the_summary_finds_the_first_lost_points(make_app):
    final, index, before, card = deal_with_one_mistake()
    app = make_app()
    app.start_match(PRESETS["amsterdam"], seed=3)
    table = app.match
    table.load(final)
    app.push(DealSummaryScene(app, table.session, table.port, final.sheet[0], final.totals))
    click_button(app, app.top, "review")
    review = app.top
    assert isinstance(review, ReviewScene)
    # the analysis runs on a thread: frames keep coming and the panel says so
    frames = app.frames
    for _ in range(5):
        app.step(DT)
    assert app.frames == frames + 5
    if not review.job.done():
        calculating = tr("teach.review_calculating", done=0, total=0).split("…")[0]
        assert any(calculating in text for text, _ in review.caption()[1])
    assert review.job.wait(300), "the review did not finish"
    result = review.job.result()
    first = result.first_loss(0)
    assert first is not None and first.index == index and first.card == card
    assert [c.index for c in result.cards if c.loss] == [index]  # every other card was best
    direct = solve_state(before)  # the solver asked directly, on that one position
    assert first.loss == max(direct.values.values()) - direct.values[card] > 0
    assert first.best == direct.best
    # step through all eight tricks with the arrow keys
    seen = []
    for trick in range(1, 9):
        press(app, pygame.K_RIGHT)
        assert review.trick == trick
        assert [c.index for c in review.trick_cards()] == list(range(4 * trick - 4, 4 * trick))
        if any(c.loss for c in review.trick_cards()):
            seen.append(trick)
    assert seen == [index // 4 + 1]
    press(app, pygame.K_RIGHT)
    assert review.trick == 8  # no ninth trick
    review.show(index // 4 + 1)
    said = tr(
        "teach.review_first_loss_you",  # South is "You": "played by you", not "by You"
        trick=index // 4 + 1,
        card=card_text(card),
        n=team_points(first.loss),  # in points of the deal, not the margin
        best=", ".join(map(card_text, first.best)),
    )
    assert said in [text for text, _ in review.caption()[1]]
    press(app, pygame.K_LEFT)
    assert review.trick == index // 4
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, DealSummaryScene)
    assert review.job.cancelled()


def test_a_deal_reviewed_again_is_not_solved_again(monkeypatch):
    """Back to the summary and into the review once more: the last few deals' reviews are
    kept, so the second opening shows at once; a fifth deal pushes out the oldest."""
    from klaverjas_gui.teach import review as reviewing

    monkeypatch.setattr(reviewing, "_KEPT", reviewing.Kept())
    deals = []
    for seed in range(5):
        state = new_match(PRESETS["amsterdam"], seed)
        rng = random.Random(seed)
        plays = []
        while state.phase != "play" or len(state.tricks) < 6:
            state, _ = state.apply(rng.choice(state.legal_actions()))
        for _ in range(8):  # the last two tricks: quick to solve
            card = rng.choice(state.legal_actions())
            plays.append((state, card.card))
            state, _ = state.apply(card)
        deals.append(plays)
    first = reviewing.review_deal(deals[0])
    solves = []
    monkeypatch.setattr(Solver, "value", lambda *a: solves.append(1) or 0)
    told = []
    assert reviewing.review_deal(deals[0], lambda done, total: told.append(done)) is first
    assert not solves and told == [9]  # the progress still ends full
    assert reviewing.review_deal(deals[0], team=1) is not first  # another team's first loss
    for plays in deals[1:]:
        reviewing.review_deal(plays)
    assert len(reviewing._KEPT.reviews) == reviewing.KEEP
    solves.clear()
    reviewing.review_deal(deals[0])
    assert solves  # pushed out by newer deals: solved again


@pytest.mark.slow
def test_leaving_a_review_early_stops_its_search(make_app, monkeypatch):
    from klaverjas_gui.teach import review as reviewing

    monkeypatch.setattr(reviewing, "_KEPT", reviewing.Kept())  # not reviewed before: it searches
    final, *_ = deal_with_one_mistake()
    app = make_app()
    app.start_match(PRESETS["amsterdam"], seed=3)
    app.match.load(final)
    app.push(DealSummaryScene(app, app.match.session, app.match.port, final.sheet[0],
                              final.totals))  # fmt: skip
    click_button(app, app.top, "review")
    review = app.top
    press(app, pygame.K_ESCAPE)
    assert review.job.cancelled()
    review.job.wait(30)
    assert not review.job.running()  # the search gave up instead of running on unseen


def test_review_from_a_stored_deal_replay(make_app):
    from klaverjas_gui.ui.catalogue import stored_match
    from klaverjas_gui.ui.replay import ReplayScene

    app = make_app()
    record = stored_match(app)
    app.push(ReplayScene(app, record, 1))
    click_button(app, app.top, "review")
    review = app.top
    assert isinstance(review, ReviewScene)
    assert review.deal.deal_no == 1 and len(review.deal.plays) == 32
    assert [review.name(s) for s in range(4)] == record.players  # the stored names
    press(app, pygame.K_RIGHT)
    assert review.trick == 1
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ReplayScene) and review.job.cancelled()


def test_review_of_a_loaded_position_replays_its_own_deal(make_app):
    """A position loaded onto a match started from another seed (a test's, the catalogue's
    "deal summary") is reviewed from its own seed, not the session's (the monkey found it)."""
    final = deal_with_one_mistake()[0]
    app = make_app()
    app.start_match(PRESETS["amsterdam"], seed=final.seed + 1)
    table = app.match
    table.load(final)
    app.push(DealSummaryScene(app, table.session, table.port, final.sheet[0], final.totals))
    click_button(app, app.top, "review")
    review = app.top
    assert isinstance(review, ReviewScene) and len(review.deal.plays) == 32


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "(1 point);"), ("nl", "(1 punt);"), ("fr", "(1 point) ;")]
)
def test_a_first_loss_of_one_point_is_not_said_in_points(lang, words):
    """A card that gave one point away read "(1 points)" in the review's panel."""
    from types import SimpleNamespace

    from klaverjas_gui import i18n
    from klaverjas_gui.teach.review import CardReview
    from klaverjas_gui.ui.review import ReviewScene

    first = CardReview(5, 0, parse_card("7H"), 2, (parse_card("8H"),), 0)  # a margin of 2
    scene = SimpleNamespace(names=["You", "Henk", "Anna", "Joop"], per_trick=4)
    scene.about = lambda key, seat, **values: ReviewScene.about(scene, key, seat, **values)
    i18n.set_language(lang)
    text = ReviewScene.first_loss_text(scene, first)
    assert words in text and "points)" not in text and "punten)" not in text, text
