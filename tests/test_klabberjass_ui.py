"""The two-player Klabberjass table, driven headless by real posted pygame events.

Assertions are on the engine state, never on pixels; animations are instant.
"""

from __future__ import annotations

import random

import pytest
from uitest import (
    DT,
    card_pos,
    click,
    click_button,
    drag,
    drop_point,
    human_turn,
    new_match_from_menu,
    run_until,
    table_of,
)

from klaverjas_gui.engine import KLABBERJASS_PRESETS, KlabberjassState, new_klabberjass
from klaverjas_gui.engine.klabberjass import KlabberjassStacked
from klaverjas_gui.ui.klabberjass_scenes import (
    KlabberjassEndScene,
    KlabberjassSummaryScene,
)
from klaverjas_gui.ui.menu import MainMenuScene
from klaverjas_gui.ui.table.two.scene import KlabberjassTableScene


def _start(app, preset: str, level: str) -> KlabberjassTableScene:
    """From the main menu, as a player would: Play, Klabberjass, the preset, Start."""
    app.settings.set_seat(1, kind=level, game="klabberjass")
    menu = app.top
    assert isinstance(menu, MainMenuScene)
    table = new_match_from_menu(app, "klabberjass", preset)
    assert isinstance(table, KlabberjassTableScene) and app.match is table
    assert table.session.state.variant == KLABBERJASS_PRESETS[preset]
    return table


def _act(app, table: KlabberjassTableScene, rng: random.Random, seen: set[str]) -> str:
    """Answer whatever is asked, as a player: click a card or drag it, or click a button."""
    top = app.top
    if isinstance(top, KlabberjassSummaryScene):
        click_button(app, top, "next")
        return "summary"
    if isinstance(top, KlabberjassEndScene):
        return "end"
    before = table.session.state.n_actions
    if table.human_may_play():
        card = rng.choice([a.card for a in table.session.state.legal_actions()])
        gesture = rng.choice((drag, click))
        if gesture is drag:
            drag(app, card_pos(table, card), drop_point(table))
        else:
            click(app, card_pos(table, card))
        assert table.session.state.actions[before].card is card
        return "card"
    keys = list(table.prompt.actions)
    seen.update(k.split("_")[0] for k in keys)
    bids = [k for k in keys if k == "take" or k.startswith("name")]
    key = rng.choice(bids) if bids and rng.random() < 0.5 else rng.choice(keys)
    action = table.prompt.actions[key]
    click_button(app, table, key)
    assert table.session.state.actions[before] == action
    return "button"


@pytest.mark.slow
def test_whole_klabberjass_game_by_clicks_and_drags(make_app):
    app = make_app()
    table = _start(app, "klabberjass", "normal")
    rng = random.Random(5)
    done = {"card": 0, "button": 0, "summary": 0, "end": 0}
    seen: set[str] = set()
    while not done["end"]:
        run_until(app, lambda: human_turn(app))
        done[_act(app, table, rng, seen)] += 1
    state = table.session.state
    assert max(state.totals) >= 500
    assert len(state.sheet) == done["summary"] == len(table.model.sheet)
    assert done["card"] == 9 * done["summary"]
    assert {"take", "pass", "schmeiss"} <= seen
    assert table.resyncs == 0
    assert app.match is None  # nothing left to continue
    click_button(app, app.top, "new_match")  # the same rules again
    again = app.top
    assert isinstance(again, KlabberjassTableScene) and again.session.variant == state.variant


def test_answering_a_schmeiss(make_app):
    app = make_app()
    table = _start(app, "klabberjass", "easy")
    variant = KLABBERJASS_PRESETS["klabberjass"]
    seed = next(s for s in range(50) if new_klabberjass(variant, s).dealer == 0)
    state, _ = new_klabberjass(variant, seed).apply("schmeiss")  # the opponent, first to bid
    table.load(state)
    run_until(app, lambda: table.prompt.visible)
    assert set(table.prompt.actions) == {"accept", "refuse"}
    click_button(app, table, "refuse")
    assert table.session.state.maker == 1 and table.session.state.trump_suit == state.proposed.suit
    run_until(app, lambda: table.director.idle and table.session.state.phase != "dix")
    assert all(len(table.model.hands[s]) == 9 for s in (0, 1))  # the stock was dealt


def _deal(
    table: KlabberjassTableScene, dealer: int, mine: str, theirs: str, turned: str, stock: str,
    moves: tuple[str, ...] = (),
) -> KlabberjassState:  # fmt: skip
    """Put a chosen first deal on the table (after `moves`), as a saved game would be."""
    stacked = KlabberjassStacked(dealer, (mine, theirs), turned, stock)
    state = new_klabberjass(table.session.variant, 1, stacked)
    for move in moves:
        state, _ = state.apply(move)
    table.load(state)
    return state


def _take_and_dix(app, table) -> None:
    """Deal you 7H with JH turned, take hearts and make the dix (you then hold JH)."""
    _deal(table, 1, "7H 8H 9H TH AC KC", "7S 9S JS 7D 9D JD", "JH", "8C 7C QD 9C JC KD")
    run_until(app, lambda: table.prompt.visible)
    click_button(app, table, "take")
    run_until(app, lambda: table.prompt.visible and "dix" in table.prompt.actions)
    click_button(app, table, "dix")


def test_dix_declaration_and_shown_sequence(make_app):
    app = make_app()
    table = _start(app, "klabberjass", "easy")
    _take_and_dix(app, table)
    assert str(table.session.state.turned) == "7H"
    run_until(app, lambda: table.prompt.visible and "declare" in table.prompt.actions)
    click_button(app, table, "declare")
    run_until(app, lambda: table.session.state.phase == "play" and table.director.idle)
    assert table.session.state.declarations == (50, 0)
    assert table.model.deal_roem[0] == 50
    assert table.model.turned is not None and str(table.model.turned) == "7H" and table.model.dix
    assert set(table.model.hands[0]) == set(table.session.state.hand(0))


def test_illegal_card_is_refused_with_the_engines_reason(make_app):
    app = make_app()
    table = _start(app, "bela", "easy")
    moves = ("take", "pass", "pass", "pass", "pass", "play AH")
    state = _deal(table, 0, "7H 8C 9C TC JS QS", "AH KH QD JD 8S 9D", "7D", "8D TD AD 7C KC 8H",
                  moves)  # fmt: skip
    run_until(app, table.human_may_play)
    card = next(c for c in table.model.hands[0] if str(c) == "8C")
    drag(app, card_pos(table, card), drop_point(table))
    assert table.session.state is state  # nothing happened in the engine
    assert app.toasts.current_text == state.explain("play 8C")
    assert "follow suit" in app.toasts.current_text
    app.step(DT)
    assert card in table.model.hands[0]


def test_the_command_line_starts_a_klabberjass_game(make_app):
    app = make_app("--game", "klabberjass", "--variant", "bela", "--seed", "4")
    table = table_of(app)
    assert table.session.seed == 4 and table.session.state.variant == KLABBERJASS_PRESETS["bela"]
    assert table.session.state == new_klabberjass(KLABBERJASS_PRESETS["bela"], 4)


def test_a_klabberjass_game_cut_off_continues_after_a_restart(make_app, tmp_path):
    data = str(tmp_path / "kept")
    app = make_app("--data-dir", data)
    table = _start(app, "clob", "easy")
    # the deal is random: the first thing asked of the human is a bid or, when the
    # computer took trump at once, a card
    run_until(app, lambda: table.prompt.visible or table.human_may_play())
    if table.prompt.visible:
        click_button(app, table, list(table.prompt.actions)[0])
    state = table.session.state
    assert state.n_actions > 0
    app.close()  # the program is closed (or killed) in the middle of the deal
    again = make_app("--data-dir", data)
    menu = again.top
    assert isinstance(menu, MainMenuScene) and "continue" in menu.buttons
    click_button(again, menu, "continue")
    resumed = again.top
    assert isinstance(resumed, KlabberjassTableScene)
    assert resumed.session.state.actions[: state.n_actions] == state.actions
    assert resumed.session.state.variant == KLABBERJASS_PRESETS["clob"]


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_deal_summarys_headline_speaks_of_one_player(make_app, monkeypatch, lang):
    """Two players, no teams: the Dutch summary read "Jij hebben het gehaald"."""
    from klaverjas_gui import i18n
    from klaverjas_gui.ui import catalogue, summary

    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    said = []
    real = summary.headline
    monkeypatch.setattr(summary, "headline", lambda *a: said.append(real(*a)) or said[-1])
    catalogue.SCREENS["klabberjass: deal summary"](app)
    app.step(1 / 60)
    scene = app.top
    line, holder = scene.line, scene.table.session.holder
    burden = line.score.burden_team
    teams = scene.table.team_names()
    assert said and said[-1] == real(line, teams, holder, True)
    for you in (0, 1):  # told to the one who bore the deal, and to the other
        text, _ = real(line, teams, you, True)
        plural = {"nl": ("hebben", "gingen", "haalden"), "fr": (" ont ", " sont ")}[lang]
        assert not any(word in text for word in plural), text
        if you == burden:
            assert text in {i18n.tr(keys[2]) for keys in summary.HEADLINES.values()}, text
        else:
            assert teams[burden] in text, text
    assert i18n.tr("ui.summary_made_you") in ("Jij hebt het gehaald", "Vous avez réussi")


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_game_and_its_deals_are_told_apart(make_app, lang):
    """The Dutch summary headed the deal "Dit spel" and the game's total "Spel", and the end
    said "Henk wint het spel" and offered "Nieuw spel", the words of a deal ("Volgend spel"):
    the whole game is a "partij", as in Klaverjas."""
    from klaverjas_gui.i18n import tr
    from klaverjas_gui.ui import catalogue

    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    catalogue.SCREENS["klabberjass: deal summary"](app)
    app.step(DT)
    summary = app.top
    assert isinstance(summary, KlabberjassSummaryScene)
    deal, game = (tr(key) for key in summary.heads[-2:])
    word = game.lower()
    assert word not in deal.lower().split() and word not in tr("ui.summary_next_deal").lower()
    catalogue.SCREENS["klabberjass: game end"](app)
    app.step(DT)
    end = app.top
    assert isinstance(end, KlabberjassEndScene)
    ends = tr("ui.confirm_abandon_game", game="Klabberjass")  # Play -> Start asks first
    for said in (end.title(), end.buttons["new_match"].text, tr("ui.kj_wins", name="Henk"), ends):
        assert word in said.lower(), said


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_summary_calls_the_maker_by_the_rules_pages_word(make_app, lang):
    """ "Speler 63 + 20 aan reeksen, tegenstander 42" told a newcomer who had lost the deal
    nothing: "speler" is every player, and the rules page calls the one who fixed trump
    the maker ("Wie troef bepaalt is de maker")."""
    from klaverjas_gui.i18n import tr
    from klaverjas_gui.ui import catalogue

    app = make_app("--lang", lang, deterministic=True, first_frame=True)
    catalogue.SCREENS["klabberjass: deal summary"](app)
    app.step(DT)
    line = app.top.describe()
    maker = tr("rules.kj_maker")
    assert line.startswith(maker), line
    assert maker.lower() in tr("teach.rules_kj_bidding").lower()


@pytest.mark.parametrize("size", ["1024x600", "1920x1080"])
def test_the_bidding_log_keeps_the_whole_bidding_in_sight(make_app, size):
    """In Dutch at 1024x600 the strip beside the stock held three lines: after a schmeiss
    refused, "Henk: Geweigerd: spelen!" took all three and "Jij: Schmeiss!" was gone, so
    nothing said what had been refused. There is no West hand to stop the strip here."""
    from klaverjas_gui.i18n import tr

    app = make_app("--lang", "nl", size=size)
    table = _start(app, "klabberjass", "easy")
    variant = KLABBERJASS_PRESETS["klabberjass"]
    seed = next(s for s in range(50) if new_klabberjass(variant, s).dealer == 0)
    state = new_klabberjass(variant, seed)
    for move in ("pass", "pass", "schmeiss"):  # the opponent bids first, and schmeisses
        state, _ = state.apply(move)
    table.load(state)
    run_until(app, lambda: table.prompt.visible and "refuse" in table.prompt.actions)
    click_button(app, table, "refuse")
    run_until(app, lambda: table.session.state.phase != "schmeiss" and table.director.idle)
    picture = table.picture()
    said = [table.view.bid_words(picture, *bid) for bid in table.model.bids]
    assert len(said) == 5 and said[3].endswith(tr("ui.kj_say_refused")), said  # then trump
    shown = " ".join(text for text, _, _ in table.view.side_lines(picture))
    assert all(words in shown for words in said), (said, shown)


def test_a_dix_is_in_the_bidding_log_with_the_card_it_took(make_app):
    """The opponent's dix swapped the turned card for the 7 in a moment: the newcomer saw
    "Dix!" and a 7, never which card went into the opponent's hand. The log keeps it, in
    play and in a position loaded again (a restart)."""
    from klaverjas_gui.i18n import tr
    from klaverjas_gui.words import card_text

    app = make_app("--lang", "nl")
    table = _start(app, "klabberjass", "easy")
    _take_and_dix(app, table)
    run_until(app, lambda: table.director.idle)
    picture = table.picture()
    said = tr("ui.kj_say_dix_took", card=card_text(table.session.state.proposed))
    assert said == "Dix, neemt B♥"
    shown = " ".join(text for text, _, _ in table.view.side_lines(picture))
    assert f"{picture.names[0]}: {said}" in shown, shown
    played = list(table.model.bids)
    table.load(table.session.state)
    assert table.model.bids == played and played[-1] == (0, "dix", "JH")


def test_a_refused_cards_reason_stays_until_read_or_a_card_is_played(make_app):
    """ "Klaveren ♣ is uitgekomen: je moet kleur bekennen (je hebt H♣, B♣, 8♣)." went
    after 4 s, before a newcomer of 60 had read it; it stays its reading time now (12
    words: 5.8 s), and still goes as soon as a card is played (it no longer applies)."""
    app = make_app("--lang", "nl")
    table = _start(app, "bela", "easy")
    moves = ("take", "pass", "pass", "pass", "pass", "play AH")
    state = _deal(table, 0, "7H 8C 9C TC JS QS", "AH KH QD JD 8S 9D", "7D", "8D TD AD 7C KC 8H",
                  moves)  # fmt: skip
    run_until(app, table.human_may_play)
    click(app, card_pos(table, next(c for c in table.model.hands[0] if str(c) == "8C")))
    reason = app.toasts.current_text
    assert table.session.state is state and reason is not None and "bekennen" in reason
    assert len(reason.split()) >= 12
    for _ in range(round(5.0 / DT)):
        app.step(DT)
    assert app.toasts.current_text == reason  # 5 s on, still there
    click(app, card_pos(table, next(c for c in table.model.hands[0] if str(c) == "7H")))
    app.step(DT)
    assert app.toasts.current_text is None
