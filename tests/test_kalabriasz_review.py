"""The Kalabriasz deal review (teach/kalabriasz_review.py, ui/kalabriasz_review.py):
each card against best play with the exact three-player solver, told for its side (the
maker's points, or the two defenders' together); offered by the deal summary and the
replay through the registry's entry, opened by a real click (issue 39, point 3)."""

from __future__ import annotations

import time

import pytest
from uitest import DT, click_button

from klaverjas_gui import i18n
from klaverjas_gui.engine.cards import Suit, parse_card
from klaverjas_gui.engine.kalabriasz import (
    KalabriaszDealScored,
    KalabriaszStacked,
    lay,
    new_kalabriasz,
)
from klaverjas_gui.engine.match import PASS, name, play
from klaverjas_gui.games import KALABRIASZ
from klaverjas_gui.i18n import tr
from klaverjas_gui.store.history.coaching import Decision
from klaverjas_gui.teach.kalabriasz_review import (
    DEFENDERS,
    MAKER,
    SideCardReview,
    review_kalabriasz_deal,
)
from klaverjas_gui.teach.review import ReviewCancelled, team_points
from klaverjas_gui.ui import catalogue, theme
from klaverjas_gui.ui.scenes import scene_class
from klaverjas_gui.words import card_text

# Seat 2 deals, so seat 0 leads. Seat 0 names hearts, holds every trump, takes the talon
# (9S JS) and lays it away. Tricks 1-8: the eight trumps led, seat 1 throwing its spades
# and clubs above 7S, seat 2 its diamonds. Then each holds two cards:
#   seat 0 (maker) AS 7C · seat 1 TS 7S · seat 2 8S AC.
# Trick 9 as played: AS, TS, 8S (the maker's); trick 10: 7C, 7S, AC (seat 2's, with the
# last trick's 10). From trick 9, worked by hand (the maker's points minus both defenders'):
# - the maker leading AS: seat 1 keeps TS (7S now, TS under seat 2's AC at the end):
#   +11 then -31, -20; seat 1 giving TS now: +21 then -21, 0. So TS costs the defenders
#   20 of the margin: 10 points moved to the maker.
# - the maker leading 7C instead: seat 2 must take it with AC, seat 1 gives it TS
#   (-21), then AS takes 8S and 7S with the last 10 (+21): 0, against -20 after AS.
#   So AS costs the maker 20 of the margin (10 points), and 7C was the best card.
HANDS = ("AH KH QH JH TH 9H 8H 7H AS 7C", "QS KS 8C 9C TC JC QC KC TS 7S",
         "7D 8D 9D TD JD QD KD AD 8S AC")  # fmt: skip


def stacked_deal() -> tuple[list, KalabriaszDealScored]:
    """The deal above played out: (the plays as (state before, card), its score)."""
    state = new_kalabriasz(stacked=KalabriaszStacked(2, HANDS, "9S JS"))
    state, _ = state.apply(name(Suit.H))
    state, _ = state.apply(lay("9S"))
    state, _ = state.apply(lay("JS"))
    order = {seat: hand.split() for seat, hand in enumerate(HANDS)}
    plays = []
    while state.phase == "play":
        card = parse_card(order[state.to_move].pop(0))
        plays.append((state, card))
        state, events = state.apply(play(card))
    scored = next(e for e in events if isinstance(e, KalabriaszDealScored))
    return plays, scored


def test_the_maker_and_a_defender_each_lose_ten_points_worked_by_hand():
    """Fails before the change: there was no Kalabriasz review to ask."""
    plays, scored = stacked_deal()
    review = review_kalabriasz_deal(plays[-6:], side=MAKER)  # the last two tricks
    losses = [(str(c.card), c.seat, c.team, c.loss) for c in review.cards]
    assert losses == [
        ("AS", 0, MAKER, 20), ("TS", 1, DEFENDERS, 20), ("8S", 2, DEFENDERS, 0),
        ("7C", 0, MAKER, 0), ("7S", 1, DEFENDERS, 0), ("AC", 2, DEFENDERS, 0),
    ]  # fmt: skip
    assert [team_points(c.loss) for c in review.cards[:2]] == [10, 10]
    first = review.first_loss(MAKER)
    assert first is review.cards[0] and first.best == (parse_card("7C"),)
    # what happened: the maker's 141 (his tricks and the cards laid away) against 21
    s = scored.line.score
    assert (s.totals, s.outcome) == ((141, 0, 21), "made")
    assert review.final_margin == 141 - 21 == review.best_margin  # TS gave AS's 10 back


def test_the_defenders_first_loss_gets_its_best_card():
    plays, _ = stacked_deal()
    review = review_kalabriasz_deal(plays[-6:], side=DEFENDERS)
    first = review.first_loss(DEFENDERS)
    assert first is review.cards[1] and first.best == (parse_card("7S"),)


def test_a_closed_review_stops_inside_the_search():
    """The whole deal's first position takes the solver a long while (a minute and more
    here: the defenders may throw any card to the eight trumps): closing the review
    stops it within moments, not at the next card."""
    plays, _ = stacked_deal()
    start = time.monotonic()
    with pytest.raises(ReviewCancelled):
        review_kalabriasz_deal(plays, cancelled=lambda: time.monotonic() - start > 0.3)
    assert time.monotonic() - start < 3


def test_the_registry_says_the_game_is_reviewed_in_its_own_scene():
    assert KALABRIASZ.reviewable
    assert scene_class(KALABRIASZ.scene("review")) is not scene_class("review")


def open_summary(app):
    """The Kalabriasz table after its first deal (you made trump), its summary shown."""
    catalogue.SCREENS["kalabriasz: deal summary"](app)
    app.pop()
    table = app.top
    state = table.session.state
    return table, table.overlays.show_summary(state.sheet[-1], state.totals)


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_summary_offers_the_review_and_a_click_opens_it(make_app, lang):
    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    table, summary = open_summary(app)
    app.step(DT)
    assert summary.buttons["review"].text == tr("teach.review_button")
    click_button(app, summary, "review")
    review = app.top
    assert type(review) is scene_class("kalabriasz review") and app.scenes[-2] is summary
    assert review.deal.deal_no == 1 and len(review.deal.plays) == 30 and review.tricks == 10
    assert review.names == [s.name for s in table.session.seats]
    # the analysis runs on a thread: frames keep coming, and the panel says so
    frames = app.frames
    for _ in range(3):
        app.step(DT)
    assert app.frames == frames + 3
    if not review.job.done():
        calculating = tr("teach.review_calculating", done=0, total=0).split("…")[0]
        assert any(calculating in text for text, _ in review.caption()[1])
    review.show(0)
    words = review.caption()[1][0][0]
    a, b = (card_text(c) for c in review.deal.plays[0][0].laid_away)
    assert a in words and b in words  # the two cards laid away, told before the first trick
    app.pop(review)
    assert review.job.done()  # cancelled, or finished before


def test_a_deal_all_passed_offers_no_review(make_app):
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS["kalabriasz: bidding"](app)
    table = app.match
    state = new_kalabriasz(seed=4)
    for _ in range(3):
        state, _ = state.apply(PASS)
    table.load(state)
    summary = table.overlays.show_summary(state.sheet[-1], state.totals)
    app.step(DT)
    assert "review" not in summary.buttons and "next" in summary.buttons


def test_the_replay_offers_the_review_of_its_deal(make_app):
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS["history: kalabriasz replay"](app)
    replay = app.top
    app.step(DT)
    click_button(app, replay, "review")
    review = app.top
    assert type(review) is scene_class("kalabriasz review")
    assert review.deal.deal_no == replay.deal.deal_no
    assert [c for _, c in review.deal.plays] == [a.card for _, a in replay.deal.plays[2:]]
    app.pop(review)


@pytest.mark.slow(20)
def test_the_review_tells_each_lost_card_for_its_side(make_app):
    """The catalogue's deal (you made trump) reviewed to the end: each card that lost
    points is told in points of its side, and the first loss of yours with its best card."""
    app = make_app("--lang", "en", deterministic=True, first_frame=True)
    catalogue.SCREENS["kalabriasz: review"](app)
    review = app.top
    result = review.result()
    assert result is not None and review.your_side == MAKER
    first = result.first_loss(MAKER)
    assert first is not None and first.best and first.card not in first.best
    assert review.trick == first.index // 3 + 1
    lines = [text for text, _ in review.caption()[1]]
    for c in review.trick_cards():
        if c.loss > 0:
            side = "maker" if c.team == MAKER else "defence"
            key = f"kalabriasz_review.loss_{side}_you" if c.seat == 0 else ""
            if key:
                assert tr(key, card=card_text(c.card), n=team_points(c.loss)) in lines
    said = tr("kalabriasz_review.first_loss_maker_you", trick=review.trick,
              card=card_text(first.card), n=team_points(first.loss),
              best=", ".join(card_text(c) for c in first.best))  # fmt: skip
    assert said in lines
    review.show(review.tricks)  # the end: the whole deal against best play
    gap = team_points(result.best_margin - result.final_margin)
    key = "more" if gap < 0 else "less" if gap > 0 else "same"
    assert tr(f"kalabriasz_review.compare_{key}_you", n=abs(gap)) in [
        t for t, _ in review.caption()[1]
    ]
    # a card the coach judged (its stored decision, made up here) gets the coach's words
    # (the best option is the chosen one: the coach judged it at no cost)
    index, (before, card) = next((i, p) for i, p in enumerate(review.deal.plays)
                                 if p[0].to_move == 0)  # fmt: skip
    review.coached = {
        before.n_actions + 1: Decision(
            1, before.n_actions + 1, 0, "lead", "", 0.0, f"play {card}", f"play {card}"
        )
    }
    said = review.fair(SideCardReview(index, 0, card, 0, (), 0, review.maker))
    assert said == tr("coach.review_fair_best")


@pytest.mark.slow(20)
def test_the_panel_fits_at_every_trick_at_larger_text(make_app):
    """South's ten cards leave the corner beside them narrow before the first trick: the
    panel then takes the middle of the cloth; after it, the corner. Nothing left out."""
    app = make_app(deterministic=True, first_frame=True)
    catalogue.SCREENS["kalabriasz: review"](app)
    review = app.top
    unfit = []
    for lang in ("en", "nl", "fr"):
        i18n.set_language(lang)
        theme.set_text_size("larger")
        app._relayout()
        for trick in range(review.tricks + 1):
            review.show(trick)
            app.step(DT)
            if not review.panel_layout().fits:
                unfit.append((lang, trick))
    assert unfit == []
