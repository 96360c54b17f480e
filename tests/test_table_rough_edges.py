"""Issue #18 at the table, driven headless by posted events: H never names hearts, a trump
choice waits for Enter and can be taken back in practice, each plate counts its own
tricks, the Roem! button waits for the person, and stale messages go."""

from __future__ import annotations

import pygame
from uitest import DT, click_button, press, run_until, table_of

from klaverjas_gui.engine import PRESETS, Suit, new_match
from klaverjas_gui.engine.match import PASS, name

# Dealer West, so South leads: the ace of clubs, and the others hold one club each; the
# trick (A-8-9-7 of clubs... with K Q of hearts in South's hand) is South's.
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
    press(app, pygame.K_RETURN)  # ... and Enter names it
    assert table.session.state.actions[-1] == name("H")
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
