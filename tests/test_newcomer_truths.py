"""What a newcomer read at the table that was not true of it (1024x600, Dutch): each
checked headless through the real App on the position it was said about."""

from __future__ import annotations

import dataclasses

import pytest
from test_newcomer_stumbles import words_placed

from klaverjas_gui.engine import parse_card, parse_cards
from klaverjas_gui.i18n import tr
from klaverjas_gui.ui import catalogue


@pytest.mark.parametrize("screen", ["kalabriasz: bidding", "table: trump choice"])
def test_this_deal_heads_its_figures_only(make_app, monkeypatch, screen):
    """At a deal's start "dit spel" stood over an empty column, just above the match
    totals, as if they were this deal's; it heads the column once a figure is in it."""
    app = make_app("--lang", "nl", first_frame=True)
    catalogue.SCREENS[screen](app)
    table = app.match
    m = table.model
    assert not any(m.deal_points) and not any(m.deal_roem)
    p = table.picture()
    placed = words_placed(monkeypatch, lambda surface: table.view._score_panel(surface, p))
    assert tr("ui.table_this_deal") not in placed
    m.deal_points[1] = 12
    placed = words_placed(monkeypatch, lambda surface: table.view._score_panel(surface, p))
    assert tr("ui.table_this_deal") in placed and "+12" in placed


def test_the_makers_running_count_holds_the_cards_he_laid_away(make_app, monkeypatch):
    """RULES.md 3: the two cards laid away count for the maker. The running count showed
    his trick points only (+89 where the deal ended 102) under "dit spel". To the maker it
    adds them; where they lie face down the column says what it counts: "in slagen"."""
    app = make_app("--lang", "nl", first_frame=True)
    catalogue.SCREENS["kalabriasz: mid-trick"](app)  # you (seat 0) made diamonds
    table = app.match
    m = table.model
    assert m.chooser == 0 and len(m.laid) == 2
    m.laid = [parse_card("TC"), parse_card("AS")]  # 21 card points laid away
    m.deal_points, m.deal_roem = [21, 29, 21], [0, 0, 0]
    p = table.picture()
    assert 0 in p.faces
    placed = words_placed(monkeypatch, lambda surface: table.view._score_panel(surface, p))
    assert "+42" in placed and "+21" in placed  # the maker 21 + 21; Anna 21
    assert tr("ui.table_this_deal") in placed
    hidden = dataclasses.replace(p, faces=frozenset({1}))  # the maker's cards face down
    placed = words_placed(monkeypatch, lambda s: table.view._score_panel(s, hidden))
    assert "+42" not in placed and "+21" in placed
    assert tr("kalabriasz.in_tricks") in placed and tr("ui.table_this_deal") not in placed


def test_one_declaration_shown_is_named_in_the_singular(make_app, monkeypatch):
    """Klabberjass with Belote declarations: you show four nines, one declaration, and
    said "Meldingen +150" (the same plural was "Reeksen +20" for one sequence)."""
    from klaverjas_gui.ui.table.model import TableModel

    said: list[tuple[int, str]] = []
    say = TableModel.say
    monkeypatch.setattr(TableModel, "say", lambda m, seat, text, *a, **k: said.append(
        (seat, text)) or say(m, seat, text, *a, **k))  # fmt: skip
    app = make_app("--lang", "nl", first_frame=True)
    catalogue.SCREENS["klabberjass: belote shown"](app)
    state = app.top.session.state
    assert state.shown == ((0, (tuple(parse_cards("9C 9D 9H 9S")),)),)  # one four of a kind
    assert (0, "Melding +150") in said and (0, "Meldingen +150") not in said


@pytest.mark.parametrize(
    ("lang", "one", "two", "caption_one"),
    [
        ("en", "Sequence +20", "Sequences +70", "Henk's declared sequence stands and scores: +20."),
        ("nl", "Reeks +20", "Reeksen +70", "De gemelde reeks van Henk blijft staan en telt: +20."),
        ("fr", "Suite +20", "Suites +70", "La séquence annoncée par Henk tient et compte : +20."),
    ],
)
def test_sequences_shown_are_counted_true_in_every_language(lang, one, two, caption_one):
    """One sequence is a sequence, in the bubble and in the demo's caption alike."""
    from klaverjas_gui import i18n
    from klaverjas_gui.engine.klabberjass import SequencesShown
    from klaverjas_gui.ui.captions import _caption
    from klaverjas_gui.ui.table.two.director import shown_words

    run, other = tuple(parse_cards("7H 8H 9H")), tuple(parse_cards("9S TS JS QS"))
    i18n.set_language(lang)
    try:
        assert shown_words(SequencesShown(0, (run,), 20)) == one
        assert shown_words(SequencesShown(0, (run, other), 70)) == two
        caption = _caption(SequencesShown(0, (run,), 20), None, ("Henk", "Anna"), None, 9)  # type: ignore[arg-type]
        assert caption == caption_one
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("nl", "Geef de laptop aan de speler op de plaats “Jij (onder)”"),
        ("en", "Pass the laptop to the player in the seat “You (bottom)”"),
        ("fr", "Passez l'ordinateur au joueur de la place « Vous (en bas) »"),
    ],
)
def test_a_three_player_cover_names_the_seat_as_its_table_does(make_app, lang, title):
    """Kalabriasz hot-seat: the cover before the turn of the seat still called "You" said
    "Geef de laptop aan de speler van Zuid"; three players sit at no compass point. The
    registry names each game's seats; four players keep South."""
    from klaverjas_gui.ui.table.cover import CoverScene

    app = make_app("--lang", lang, first_frame=True)
    catalogue.SCREENS["kalabriasz: hot-seat cover"](app)  # You, Henk and Anna at one laptop
    table = next(scene for scene in app.scenes if hasattr(scene, "session"))
    cover = CoverScene(app, table.session, 0, lambda seat: None)
    assert cover.words("title") == title
    assert tr("ui.compass_0") not in cover.words("sub") + cover.words("button")
    four = make_app("--lang", lang, first_frame=True)
    catalogue.SCREENS["table: hot-seat cover"](four)
    table = next(scene for scene in four.scenes if hasattr(scene, "session"))
    cover = CoverScene(four, table.session, 0, lambda seat: None)
    assert tr("ui.compass_0") in cover.words("title")


@pytest.mark.parametrize("screen", ["history: kalabriasz replay", "history: replay"])
def test_a_replay_names_its_arrow_key_as_a_key(make_app, screen):
    """ "Rechts legt de eerste kaart weg" read as if a player called Rechts laid a card
    away; it meant the right arrow key, and says so now (as does the four-player start)."""
    app = make_app("--lang", "nl", first_frame=True)
    catalogue.SCREENS[screen](app)
    replay = app.top
    replay.show(0)
    _, text = replay.caption()
    assert "druk op de pijltoets naar rechts" in text.lower()
    assert "Rechts legt" not in text and "Rechts (of" not in text


def test_a_four_player_pass_says_what_the_values_say_not_that_every_suit_is_weak():
    """Two rounds, diamonds turned: the first to speak holds the jack, 9, ace, 10 and king
    of hearts. The hard player passes the turned suit (it can name hearts in the second
    round); "no suit is strong enough to play without a big risk of going nat" was false of
    this hand. The sentence says what the values say: taking diamonds did no better."""
    from klaverjas_gui.engine import PRESETS, new_match
    from klaverjas_gui.engine.match import PASS, TAKE, Stacked, name
    from klaverjas_gui.teach import coach
    from klaverjas_gui.teach.hints import explain, reason

    deal = ("JH 9H AH TH KH 7D 8C 8S", "7C 9C JC QD AS KS 9S TS",
            "AC TC KC QC 8D 9D TD JD", "8H 7H QH AD KD JS QS 7S")  # fmt: skip
    state = new_match(PRESETS["two_rounds"], 1, Stacked(3, deal, "7D"))
    obs = state.observation(0)
    values = coach.evaluate(obs, 0, 12)
    assert coach.hint(obs, 0, 12) == PASS and values[PASS] >= values[TAKE]
    text = explain(obs, PASS)
    assert text == (
        "Pass: played out over likely deals, taking diamonds as trump did no better than passing."
    )
    assert "strong enough" not in text
    # the coach sets it against the choice made: a suit named in the second round by name
    for _ in range(4):
        state, _ = state.apply(PASS)
    second = state.observation(0)
    assert second.bid_round == 2 and PASS in second.legal
    found = reason(second, PASS, name("S"))
    assert found == ("guide.bid_pass_name", {"suit": "spades"})
    assert explain(second, PASS) == (
        "Pass: played out over likely deals, no suit named as trump did better than passing."
    )


@pytest.mark.parametrize(("screen", "words"), [
    ("history: replay", ("ui.compass_0", "ui.compass_1", "ui.compass_2", "ui.compass_3")),
    ("history: klabberjass replay", ("ui.compass_0", "ui.compass_2")),  # face to face
    ("history: kalabriasz replay",
     ("kalabriasz.seat_you", "kalabriasz.seat_left", "kalabriasz.seat_right")),
])  # fmt: skip
def test_a_replay_without_stored_names_names_the_seats_as_their_table_does(make_app, screen, words):
    """A stored game without its players' names was replayed with South, West, North (and
    East) whatever its table: the Klabberjass opponent sits North, not West, and Kalabriasz
    sits at no compass point (its seats: you below, the players on your left and right)."""
    app = make_app("--lang", "nl", first_frame=True)
    catalogue.SCREENS[screen](app)
    shown = app.top
    record = dataclasses.replace(shown.record, players=[])
    replay = type(shown)(app, record, shown.deal.deal_no)
    assert replay.table.labels == tuple(tr(w) for w in words)
    replay.show(0)
    _, text = replay.caption()
    if "kalabriasz" in screen:  # you made trump: the seat called "Jij (onder)" is you
        assert replay.deal.start.maker == 0 and text.startswith("Jij noemt ")


def test_a_kraak_hint_to_the_chooser_does_not_tell_him_to_beat_the_choosers():
    """Kraken: South names hearts holding them from the jack down, West kraaks, and the
    second call is South's own. The hard player calls it; "your team should beat the
    choosers even at double stakes" was said to the chooser himself. The sentence says
    what the value is: the gain over played-out deals, beyond the risk's margin."""
    from klaverjas_gui.engine import PRESETS, new_match
    from klaverjas_gui.engine.match import KRAAK_CALL, Stacked, name
    from klaverjas_gui.teach import coach
    from klaverjas_gui.teach.hints import explain

    deal = ("JH 9H AH TH KH QH AS AC", "7C 9C JC QD 8S KS 9S TS",
            "TC KC QC 8D 9D TD JD AD", "8H 7H 7D KD JS QS 7S 8C")  # fmt: skip
    state, _ = new_match(PRESETS["kraken"], 1, Stacked(3, deal)).apply(name("H"))
    state, _ = state.apply(KRAAK_CALL)  # West, a defender
    obs = state.observation(0)
    assert obs.phase == "kraak" and obs.chooser == 0 and obs.kraak_level == 1
    assert coach.hint(obs, 0, 12) == KRAAK_CALL
    assert explain(obs, KRAAK_CALL) == (
        "Kraak: played out over likely deals, doubling the stakes gained your team enough to "
        "be worth the risk."
    )
