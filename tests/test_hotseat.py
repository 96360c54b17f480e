"""Hot-seat: several people at one laptop, driven headless by posted events.

Between two different humans' turns a cover hides every hand (checked on what the
view actually drew face up), and after confirming, the hand at the bottom is the
hand of the seat to move. With one human no cover ever appears.
"""

from __future__ import annotations

import random

import pygame
import pytest
from uitest import DT, click, click_button, face_up, new_match_from_menu, post, run_until, table_of

from klaverjas_gui.app import App
from klaverjas_gui.engine import PRESETS, new_match, parse_card
from klaverjas_gui.engine.match import Stacked, name
from klaverjas_gui.store import prefs
from klaverjas_gui.ui.match_end import MatchEndScene
from klaverjas_gui.ui.summary import DealSummaryScene
from klaverjas_gui.ui.table.cover import CoverScene
from klaverjas_gui.ui.table.layout import SOUTH, SeatedLayout, TableLayout
from klaverjas_gui.ui.table.scene import TableScene


def start(app: App, humans: tuple[int, ...], seed: int) -> TableScene:
    for seat in range(4):
        assert app.settings.set_seat(seat, kind="human" if seat in humans else "easy") or (
            app.settings.seat_plan()[seat][1] == ("human" if seat in humans else "easy")
        )
    app.start_match(seed=seed)
    return table_of(app)


def play_with_covers(app: App, table: TableScene, decisions: int) -> list[int]:
    """Act for whichever human is to move (random legal card or button), confirming each
    cover with a click; returns the seats the covers were for, checking on the way that
    nothing is face up under a cover and the right hand is face up after it."""
    rng = random.Random(1)
    covers: list[int] = []
    done = 0
    while done < decisions:
        run_until(app, lambda: isinstance(app.top, (CoverScene, DealSummaryScene,
                                                    MatchEndScene))
                  or table.human_may_play() or table.prompt.visible)  # fmt: skip
        top = app.top
        if isinstance(top, CoverScene):
            app.step(DT)  # a frame drawn with the cover up
            assert face_up(table) == {}, "a hand was face up under the cover"
            assert table.hotseat.hiding
            covers.append(top.seat)
            click_button(app, top, "show")
            assert app.top is table and table.session.holder == top.seat
            assert table.layout.bottom == top.seat
            continue
        if isinstance(top, (DealSummaryScene, MatchEndScene)):
            if isinstance(top, MatchEndScene):
                break
            click_button(app, top, "next")
            continue
        s = table.session.state
        assert s.to_move == table.session.holder  # only the player shown at the bottom acts
        app.step(DT)
        hand = table.model.hands[s.to_move]  # empty at a last trick's claim question
        assert face_up(table) == ({s.to_move: hand} if hand else {})
        assert set(table.model.hands[s.to_move]) == set(s.hand(s.to_move))
        if table.session.state is not s:  # the last card played itself (forced_card)
            done += 1
            continue
        if table.human_may_play():
            card = rng.choice([a.card for a in s.legal_actions()])
            hand = table.model.hands[table.layout.bottom]
            click(app, table.layout.south_card_point(len(hand), hand.index(card)))
        else:
            click_button(app, table, rng.choice(list(table.prompt.actions)))
        if table.session.state.n_actions > s.n_actions:
            done += 1
    return covers


@pytest.mark.parametrize("humans", [(0, 2), (0, 3)], ids=["south-north", "south-east"])
def test_cover_between_two_humans_hides_every_hand(make_app, humans):
    app = make_app()
    table = start(app, humans, seed=5)
    assert table.session.people == humans and table.hotseat.many
    covers = play_with_covers(app, table, decisions=40)
    assert set(covers) == set(humans)
    assert all(a != b for a, b in zip(covers, covers[1:], strict=False))  # alternating hands
    assert table.hotseat.covers == len(covers)


def test_any_key_confirms_the_cover(make_app):
    app = make_app()
    table = start(app, (0, 2), seed=9)
    run_until(app, lambda: isinstance(app.top, CoverScene))
    cover = app.top
    post(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    app.step(DT)
    assert app.top is table and table.session.holder == cover.seat


def test_one_human_never_sees_a_cover(make_app):
    app = make_app()
    table = start(app, (0,), seed=5)
    assert not table.hotseat.many
    covers = play_with_covers(app, table, decisions=40)
    assert covers == [] and table.hotseat.covers == 0
    assert table.layout.bottom == SOUTH


def test_a_lone_human_at_north_is_turned_to_the_bottom(make_app):
    app = make_app()
    table = start(app, (2,), seed=5)
    assert table.session.holder == 2 and table.layout.bottom == 2
    assert isinstance(table.layout, SeatedLayout) and table.layout.place(2) == SOUTH
    base = TableLayout(*app.size)
    assert table.layout.trick_pose(2) == base.trick_pose(SOUTH)
    assert table.layout.plate_rect(0, False) == base.plate_rect(2, False)  # South sits north
    covers = play_with_covers(app, table, decisions=12)
    assert covers == []


def test_any_seat_may_be_a_person_in_the_settings():
    s = prefs.Settings()
    assert s.set_seat(2, kind="human") and s.set_seat(1, kind="human")
    assert [k for _, k in s.seat_plan()] == ["human", "human", "human", "easy"]
    loaded, notes = prefs.from_dict(s.to_dict())
    assert notes == [] and loaded.seat_plan() == s.seat_plan()


def test_the_seat_editor_makes_north_a_person_and_the_next_match_is_hot_seat(make_app):
    from klaverjas_gui.ui.settings import SettingsScene

    app = make_app()
    app.push(SettingsScene(app, "match"))
    scene = app.top
    app.step(DT)
    click_button(app, scene, "seat2_kind=human")
    assert app.settings.seat_plan()[2][1] == "human"
    app.show_menu()
    new_match_from_menu(app)
    table = table_of(app)
    assert table.session.people == (0, 2) and table.hotseat.many
    run_until(app, lambda: isinstance(app.top, CoverScene))


def test_a_roem_claim_goes_through_the_cover_and_can_still_be_made(make_app):
    """South leads the ace of clubs, North (another person) must follow with the 8, and the
    trick (7-8-9 of clubs) is South's: the cover goes up twice, and South still claims."""
    hands = ("AC TC KC QC JC AH TH KH", "7C 7D 8D 9D TD JD QD KD",
             "8C AD QH JH 9H 8H 7H 7S", "9C 8S 9S TS JS QS KS AS")  # fmt: skip
    state = new_match(PRESETS["amsterdam"], 1, Stacked(3, hands))
    state, _ = state.apply(name("S"))
    app = make_app(speed="normal")
    table = start(app, (0, 2), seed=1)
    table.load(state)

    def confirm_cover_for(seat: int) -> None:
        run_until(app, lambda: isinstance(app.top, CoverScene))
        assert app.top.seat == seat
        app.step(DT)
        assert face_up(table) == {}
        click_button(app, app.top, "show")

    confirm_cover_for(0)
    run_until(app, lambda: table.human_may_play())
    hand = table.model.hands[0]
    click(app, table.layout.south_card_point(len(hand), hand.index(parse_card("AC"))))
    confirm_cover_for(2)
    run_until(app, lambda: table.human_may_play())
    hand = table.model.hands[2]
    click(app, table.layout.south_card_point(len(hand), hand.index(parse_card("8C"))))
    confirm_cover_for(0)  # the trick is South's, with 20 roem to claim
    assert table.session.state.phase == "claim" and table.director.claim_window
    post(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
    app.step(DT)
    assert table.session.state.deal_roem == (20, 0)


def wait_for_a_person(app: App, table: TableScene) -> None:
    """Until a cover is up or a person is to play a card or press a button."""
    run_until(app, lambda: isinstance(app.top, CoverScene) or table.human_may_play()
              or table.prompt.visible)  # fmt: skip


def act_first(app: App, table: TableScene) -> None:
    """The person to move plays the first legal card, or presses the first button."""
    if table.human_may_play():
        card = [a.card for a in table.session.state.legal_actions()][0]
        hand = table.model.hands[table.layout.bottom]
        click(app, table.layout.south_card_point(len(hand), hand.index(card)))
    else:
        click_button(app, table, list(table.prompt.actions)[0])


@pytest.mark.parametrize(
    ("lang", "title", "button"),
    [("en", "Pass the laptop to the South player", "I play South: show my cards"),
     ("nl", "Geef de laptop aan de speler van Zuid", "Ik speel Zuid: toon mijn kaarten"),
     ("fr", "Passez l'ordinateur au joueur Sud", "Je joue Sud : montrer mes cartes")],
)  # fmt: skip
def test_the_cover_names_a_seat_called_you_by_its_place(make_app, lang, title, button):
    app = make_app("--lang", lang)
    table = start(app, (0, 2), seed=9)
    covers = {}
    while len(covers) < 2:  # South (named "You") and North (named "Anna")
        wait_for_a_person(app, table)
        if isinstance(app.top, CoverScene):
            covers[app.top.seat] = (app.top.words("title"), app.top.words("sub"))
            assert app.top.buttons["show"].text == app.top.words("button")
            if app.top.seat == 0:
                assert app.top.words("button") == button
            click_button(app, app.top, "show")
            continue
        act_first(app, table)
    assert covers[0][0] == title and "You" not in covers[0][1]
    assert "Anna" in covers[2][0] and "Anna" in covers[2][1]


def test_open_hands_practice_passes_the_laptop_without_covers(make_app):
    app = make_app()
    app.settings.practice = True
    table = start(app, (0, 2), seed=5)
    assert table.practice and table.hotseat.many
    seen = set()
    for _ in range(12):  # within the first deal
        wait_for_a_person(app, table)
        assert not isinstance(app.top, CoverScene)
        s = table.session.state
        assert table.session.holder == s.to_move and table.layout.bottom == s.to_move
        seen.add(s.to_move)
        act_first(app, table)
    assert seen == {0, 2} and table.hotseat.covers == 0


def test_the_settings_say_practice_passes_the_laptop_without_covers(make_app):
    from klaverjas_gui.i18n import tr
    from klaverjas_gui.ui.settings import SettingsScene

    app = make_app()
    app.settings.set_seat(2, kind="human")
    scene = SettingsScene(app, "match")
    note = tr("guide.hotseat_practice")
    assert note not in [text for text, _, _ in scene.table_lines()]
    app.settings.practice = True
    assert note in [text for text, _, _ in scene.table_lines()]


def test_the_holders_plate_names_his_own_seat(make_app):
    """Hot-seat, South and North people: with the laptop at North (seat 2), his plate said
    "South" (compass 0, whoever held the laptop) while the cover called him the North
    player. The plate's word is the game's word for the seat (`seat_words`)."""
    app = make_app()
    table = start(app, (0, 2), seed=9)
    holders = {}
    while len(holders) < 2:
        wait_for_a_person(app, table)
        if isinstance(app.top, CoverScene):
            click_button(app, app.top, "show")
            p = table.picture()
            holders[p.holder] = (table.view.role(p, p.holder), table.view.role(p, 2 - p.holder))
            continue
        act_first(app, table)
    assert holders == {0: ("South", "Partner"), 2: ("North", "Partner")}


def test_the_summary_and_the_sheet_name_another_persons_you_seat_by_its_place(make_app):
    """Hot-seat, South (named "You") and North (Anna) people, in Dutch: with the laptop at
    Anna, the deal's summary said "Jij & Anna hebben het gehaald" and the sheet's head
    "Jij & Anna": Anna is not South. As the plates and the cover do (`HotSeat.names`),
    South is named by its place there; South's own screen still says "Jij"."""
    from klaverjas_gui.ui.sheet import ScoreSheetScene

    app = make_app("--lang", "nl")
    table = start(app, (0, 2), seed=9)
    seen: dict[int, tuple[str, ...]] = {}
    while 2 not in seen:
        run_until(app, lambda: isinstance(app.top, (CoverScene, DealSummaryScene))
                  or table.human_may_play() or table.prompt.visible)  # fmt: skip
        top = app.top
        if isinstance(top, CoverScene):
            click_button(app, top, "show")
            continue
        if isinstance(top, DealSummaryScene):
            holder = table.session.holder
            sheet = ScoreSheetScene(app, table.session, top.table)
            words = (top.headline()[0], top.sub_line(), top.describe(),
                     *sheet.table.seat_names(), *sheet.table.team_names())  # fmt: skip
            seen.setdefault(holder, words)
            click_button(app, top, "next")
            continue
        act_first(app, table)
    assert not any("Jij" in w or "jou" in w for w in seen[2]), seen[2]
    assert "Zuid & Anna" in seen[2], seen[2]
    assert "Zuid" in seen[2][3:] and "Anna" in seen[2][3:]


def test_a_two_player_prompt_names_the_other_persons_you_seat_by_its_place(make_app):
    """Klabberjass at one laptop, South (named "You") against Anna, in Dutch: Anna's bid
    said "Schmeiss: Jij laat het spel vervallen of laat jou ... spelen", her opponent
    being South. The prompt names the other seat as the plates do: Zuid."""
    app = make_app("--lang", "nl")
    app.settings.set_seat(1, kind="human", name="Anna", game="klabberjass")
    table = new_match_from_menu(app, "klabberjass", "klabberjass")
    hints: dict[int, str] = {}
    while 1 not in hints:
        run_until(app, lambda: isinstance(app.top, CoverScene) or table.human_may_play()
                  or table.prompt.visible)  # fmt: skip
        if isinstance(app.top, CoverScene):
            click_button(app, app.top, "show")
            continue
        if table.prompt.visible and table.prompt.panel and "Schmeiss" in table.prompt.panel[2]:
            hints.setdefault(table.session.holder, table.prompt.panel[2])
        passes = [k for k, a in table.prompt.actions.items() if a.kind == "pass"]
        if passes:
            click_button(app, table, passes[0])
        else:
            act_first(app, table)
    assert "Zuid laat het spel vervallen" in hints[1] and "Jij" not in hints[1], hints


def test_the_wait_note_names_another_persons_you_seat_by_its_place(make_app):
    """South (named "You") and North (Anna) people, in Dutch: Anna, the laptop still hers
    while South is to move, touches a card: "Even wachten: Jij is aan de beurt." was said to
    her. The table's notes name the seats as the plates do."""
    app = make_app("--lang", "nl")
    table = start(app, (0, 2), seed=9)
    s = table.session

    def anna_waits_for_south() -> bool:
        if s.holder == 2 and s.state.to_move == 0:
            return True
        if isinstance(app.top, CoverScene):
            click_button(app, app.top, "show")
        elif app.top is table and (table.human_may_play() or table.prompt.visible):
            act_first(app, table)
        return False

    run_until(app, anna_waits_for_south)
    table.notes.not_your_turn()
    assert "Zuid" in table.notes.shown["wait"] and "Jij" not in table.notes.shown["wait"]
