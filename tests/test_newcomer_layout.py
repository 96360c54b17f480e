"""What a newcomer saw go wrong at 1024x600 in Dutch (a real window under Xvfb, the
largest letters): each checked here headless through the real App, on the rectangles
the screens put things in and what they show."""

from __future__ import annotations

import pygame
import pytest

from klaverjas_gui.ui import theme


@pytest.mark.parametrize("trump_request", [False, True])
@pytest.mark.parametrize("text", ["normal", "larger"])
def test_the_signal_lines_of_the_play_screen_stay_above_its_foot(make_app, text, trump_request):
    """Play, own rules with signals = kleur: the second line of "Seinen (kleur): ..." lay
    under "Alle regelopties..." and "Op het netwerk...". Every note shows all its lines,
    and none runs into a button."""
    from klaverjas_gui.games import KLAVERJAS

    app = make_app("--lang", "nl", first_frame=True)
    app.set_text_size(text)
    app.settings.set_rule("signals", "kleur", KLAVERJAS)
    app.settings.set_rule("trump_request", trump_request, KLAVERJAS)
    scene = app.push("play")
    app.step(1 / 60)
    size = theme.readable(scene._px(16))
    line_h = theme.font(size).get_linesize()
    buttons = [b.get_abs_rect() for b in scene.buttons.values() if b.visible]
    assert any(note.startswith("Seinen") for note, _ in scene.notes)
    for note, rect in scene.notes:
        lines = theme.wrap(note, size, rect.w)
        drawn = pygame.Rect(rect.left, rect.centery - line_h * len(lines) // 2, rect.w,
                            line_h * len(lines))  # fmt: skip
        assert len(lines) * line_h <= rect.h + 1, (note, lines, rect)
        for button in buttons:
            assert not drawn.colliderect(button), (note, drawn, button)
        assert drawn.bottom <= app.size[1]


@pytest.mark.parametrize("text", ["normal", "larger"])
def test_the_kalabriasz_coach_note_leaves_the_scores_and_the_question_in_view(make_app, text):
    """Kalabriasz, you named trump and lay away two cards: at larger text the coach's note
    on the trump choice lay over the score panel and the talon (a4_15.png). It keeps off
    the panels, the plates, the talon, every button and the question, and off the trick."""
    from uitest import run_until

    from klaverjas_gui.ui import catalogue

    app = make_app("--lang", "nl", deterministic=True, first_frame=True)
    app.set_text_size(text)
    catalogue.SCREENS["kalabriasz: coach note"](app)
    table = app.match
    run_until(app, lambda: table.prompt.visible)
    assert table.session.state.phase == "talon"
    L = table.layout
    note = table.coach.note_rect(L)
    assert note is not None
    clear = {
        "trump": L.trump_panel, "score": L.score_panel, "talon": L.talon_rect(),
        "question": table.prompt.panel[0], "trick": L.trick_area(),
        **{f"plate {s}": L.plate_rect(s, False) for s in range(3)},
        **{k: b.get_abs_rect() for k, b in table.buttons.items() if b.visible},
    }  # fmt: skip
    for name, rect in clear.items():
        assert not note.colliderect(rect), (name, note, rect)
    assert pygame.Rect(0, 0, *app.size).contains(note)


def test_a_note_too_long_for_any_room_is_cut_short_and_shown_whole_with_the_options(
    make_app, monkeypatch
):
    """Where a note fits nowhere whole it shows its first lines, ending in "...", still off
    the panels and the question; O opens the options with all of it."""
    from uitest import run_until

    from klaverjas_gui.ui import catalogue
    from klaverjas_gui.ui.table import coach_note

    app = make_app("--lang", "nl", deterministic=True, first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["kalabriasz: coach note"](app)
    table = app.match
    run_until(app, lambda: table.prompt.visible)
    long = " ".join(["Een heel lange zin over de troefkeuze."] * 12)
    monkeypatch.setattr(coach_note, "note_text", lambda obs, j: long)
    L = table.layout
    note = table.coach.note_rect(L)
    assert table.coach.cut_short(L)
    for rect in (L.score_panel, L.trump_panel, L.talon_rect(), table.prompt.panel[0]):
        assert not note.colliderect(rect), (note, rect)
    table.coach.open()
    table.draw(app.screen if hasattr(app, "screen") else pygame.display.get_surface())
    assert table.coach.panel is not None


def test_statistics_after_only_kalabriasz_open_on_its_tab_without_a_verzaakt_column(
    make_app, tmp_path
):
    """Two finished Kalabriasz games and nothing else: History -> Statistics opened on an
    empty Klaverjas tab, and the Kalabriasz tab had a Verzaakt column (no wrong card is
    called in Kalabriasz). The registry entry says which columns a game's statistics have."""
    from test_kalabriasz_store import play_kalabriasz_recorded
    from uitest import click_button

    from klaverjas_gui.i18n import tr
    from klaverjas_gui.store.history import History

    data = tmp_path / "data"
    data.mkdir()
    history = History(data / "history.sqlite")
    for seed in (1, 2):
        play_kalabriasz_recorded(history, seed)
    history.close()
    app = make_app(first_frame=True)
    click_button(app, app.top, "history")
    click_button(app, app.top, "statistics")
    stats = app.top
    assert stats.game == "kalabriasz" and stats.listing.rows
    heads = [c.title for c in stats.listing.columns]
    assert tr("ui.stats_verzaakt") not in heads
    assert "Verzaakt" not in " ".join(stats.legend()[0])
    assert all(len(row) == len(heads) for row in stats.listing.rows)
    click_button(app, stats, "game_klaverjas")
    assert tr("ui.stats_verzaakt") in [c.title for c in app.top.listing.columns]


@pytest.mark.parametrize(
    "screen", ["history: replay", "history: kalabriasz replay", "history: klabberjass replay"]
)
def test_the_replay_caption_covers_no_name_plate_at_any_step(make_app, screen):
    """A deal replayed at 1024x600 in Dutch, largest letters: a long caption (the deal's end
    told after its last card) grew up over West's name plate (Henk). At every step of the
    deal it leaves the plates, the panels and the buttons in view."""
    from klaverjas_gui.ui import catalogue

    app = make_app("--lang", "nl", deterministic=True, first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS[screen](app)
    replay = app.top
    L = replay.table.layout
    clear = [*L.panels(True), *(b.get_abs_rect() for b in replay.buttons.values() if b.visible)]
    for step in range(replay.cards + 1):
        replay.show(step)
        rect, _, lines, _ = replay.caption_layout()
        assert lines and pygame.Rect(0, 0, *app.size).contains(rect), (step, rect)
        assert rect.collidelist(clear) < 0, (step, rect, clear[rect.collidelist(clear)])


class _Guest:
    """A joined NetGuest as its GuestSession sees it, fed by the test, not a host: Anna in
    seat 2 of a club-rules Klaverjas match."""

    def __init__(self, state) -> None:
        from klaverjas_gui.games import GAMES
        from klaverjas_gui.play.seats import REMOTE

        self.game, self.seat, self.variant = GAMES["klaverjas"], 2, state.variant
        self.name, self.room, self.started = "Anna", "ROOM12", True
        self.error = self.record = None
        self.over = False
        self.seats = [{"name": n, "kind": k, "present": True, "computer": k == "computer"}
                      for n, k in (("Host", "human"), ("Henk", "computer"),
                                   ("Anna", REMOTE), ("Joop", "computer"))]  # fmt: skip
        self.refused: list = []
        self.played_for = 0
        self.sent: list = []
        import queue

        self.updates: queue.Queue = queue.Queue()
        self.latest = self.update(state, None, None)

    def update(self, state, action, by, events=()):
        from klaverjas_gui.play.net import protocol as P

        return P.Update(state.n_actions, state.observation(self.seat), action, by, tuple(events))

    def act(self, action, n=None) -> None:
        self.sent.append((str(action), n))

    def set_away(self, away: bool) -> None:
        pass

    def close(self, *_a) -> None:
        pass


def test_a_guests_card_on_its_way_stays_sent_when_another_seat_calls_verzaakt(make_app):
    """A guest played a card; before the host's answer came, another seat called
    "Verzaakt!". The call cleared the card's "sent" mark: her hand was offered again (a
    second card would be refused) until the host's answer to the first came. The host
    plays a card chosen before a call (a call is a move of the log only), so the guest
    keeps waiting for that answer: nothing is asked again, and a second card is not sent."""
    import dataclasses

    from uitest import DT, card_pos, drag, drop_point, run_until

    from klaverjas_gui.engine import PRESETS, new_match
    from klaverjas_gui.engine.match import verzaakt
    from klaverjas_gui.play.net.session import GuestSession
    from klaverjas_gui.play.seats import Jobs

    club = dataclasses.replace(PRESETS["amsterdam"], revoke="club", match_length="deals:1")
    state = new_match(club, 5)
    while not (state.phase == "play" and state.tricks and state.to_move == 2):
        state, _ = state.apply(state.legal_actions()[0])
    app = make_app("--lang", "nl", first_frame=True)
    guest = _Guest(state)
    session = GuestSession(guest, app.settings, Jobs(True))  # type: ignore[arg-type]
    app.start_network(session)
    table = app.top
    run_until(app, lambda: table.human_may_play(), seconds=10)
    card = state.legal_actions()[0]
    drag(app, card_pos(table, card.card), drop_point(table))
    assert guest.sent == [(str(card), state.n_actions)]
    assert session.asked() is None  # sent: nothing more is asked
    called, events = state.apply(verzaakt(1))  # Henk calls (a wrong call: play goes on)
    guest.updates.put(guest.update(called, verzaakt(1), 1, events))
    run_until(app, lambda: session.state.n_actions == called.n_actions, seconds=10)
    for _ in range(10):
        app.step(DT)
        assert session.asked() is None  # still on its way: nothing is asked again
    other = next(a for a in called.legal_actions() if a != card)
    drag(app, card_pos(table, other.card), drop_point(table))  # a second card: not sent
    assert guest.sent == [(str(card), state.n_actions)]
    played, events = called.apply(card)  # the host's answer: her card, played
    guest.updates.put(guest.update(played, card, 2, events))
    run_until(app, lambda: session.state.n_actions == played.n_actions, seconds=10)
    assert len(guest.sent) == 1


def test_the_coach_note_steps_aside_for_a_toast_over_it(make_app):
    """A toast came over the coach's note (they piled up in one place): the note steps
    aside while the toast is there (a click on that place does not open the note's hidden
    options), and comes back when the toast has gone."""
    from uitest import DT, click

    from klaverjas_gui.ui import catalogue

    app = make_app("--lang", "nl", deterministic=True, first_frame=True)
    app.set_text_size("larger")
    catalogue.SCREENS["table: coach note"](app)
    table = app.match
    app.step(DT)
    note = table.coach.note_rect(table.layout)
    assert note is not None and table.coach.note is not None
    words = " ".join(["Deze kaart mag niet: je moet kleur bekennen."] * 6)
    app.toast(words, 30.0)
    app.step(DT)
    toasts = [r for _, _, r in app.toasts.placed(table.toast_centre(), theme.scale_for(app.size))]
    assert toasts[0].colliderect(note)  # the toast lies where the note is
    spot = toasts[0].clip(note).center
    click(app, spot)
    assert table.coach.panel is None  # the hidden note's options did not open
    app.untoast(words)
    app.step(DT)
    click(app, note.center)
    assert table.coach.panel is not None  # back: its options open again
