"""The Kalabriasz club demo: its captions say what happened (the talon taken, each card
laid away and what it is worth, a deal thrown in, the maker's result against two), the
partner in a caption is the other defender, and the demo table plays a deal through."""

from __future__ import annotations

import functools

import pytest
from uitest import DT, run_until

from klaverjas_gui.engine import KALABRIASZ_PRESETS
from klaverjas_gui.engine.kalabriasz import KalabriaszStacked, new_kalabriasz
from klaverjas_gui.games import KALABRIASZ
from klaverjas_gui.ui.attract import AttractKalabriaszTable
from klaverjas_gui.ui.captions import action_captions

NAMES = ["Sanne", "Henk", "Anna"]
STACKED = KalabriaszStacked(
    dealer=2,
    hands=("JH 9H AH TH AC TC KC JC AD 7D", "QH 8H 7H 8C 9C QC TS KS QS 8D",
           "KH 7S AS JS 9S 8S TD KD QD JD"),
    talon="9D 7C",
)  # fmt: skip  # Anna (seat 2) holds no clubs


def captions(state, *moves: str) -> tuple[object, list[str]]:
    lines: list[str] = []
    for move in moves:
        before = state
        state, events = state.apply(move)
        lines += action_captions(before, events, NAMES)
    return state, lines


def test_naming_taking_the_talon_and_laying_away_are_said():
    state, lines = captions(new_kalabriasz(seed=1, stacked=STACKED), "name H", "lay 9D", "lay TC")
    assert lines == [
        "Sanne names hearts as trump.",
        "Sanne takes the talon and lays two cards away, face down: they count for him.",
        "Sanne lays the 9 of diamonds away: 0 points for him.",
        "Sanne lays the 10 of clubs away: 10 points for him.",
    ]


def test_a_defender_is_not_told_his_partner_wins_when_the_maker_does():
    """Maker Sanne leads the ace of clubs and Henk follows: the card winning is the
    maker's, though it lies two before Anna's. With no clubs she must trump (Amsterdam:
    only a partner's trick spares her), and no caption speaks of a partner."""
    state, _ = captions(new_kalabriasz(seed=1, stacked=STACKED), "name H", "lay 9D",
                        "lay 7C", "play AC", "play 8C")  # fmt: skip
    assert not state.partner_winning()
    assert [str(a) for a in state.legal_actions()] == ["play KH"]
    _, lines = captions(state, "play KH")
    assert lines[0] == "Anna trumps with the king of hearts: no clubs left."


def test_the_other_defender_winning_is_the_partners_trick():
    """Maker Sanne leads the 7 of clubs, Henk covers with the 8: Anna, with no clubs, may
    keep her trump and throw a spade, because her partner is winning the trick."""
    state, _ = captions(new_kalabriasz(seed=1, stacked=STACKED), "name H", "lay 9D", "lay TC",
                        "play 7C", "play 8C")  # fmt: skip
    assert state.partner_winning()
    _, lines = captions(state, "play 8S")
    assert lines[0] == (
        "Anna discards the 8 of spades: no clubs, and the partner is winning the trick."
    )


def test_a_deal_thrown_in_and_a_deal_played_out_are_said():
    state, lines = captions(new_kalabriasz(seed=1, stacked=STACKED), "pass", "pass", "pass")
    assert lines[-1] == (
        "All three pass: the cards are thrown in, the deal scores nothing, and Sanne deals next."
    )
    state = new_kalabriasz(seed=1, stacked=STACKED)
    state, lines = captions(state, "name H", "lay 9D", "lay 7C")
    while state.deal_no == 1:
        state, more = captions(state, str(state.legal_actions()[0]))
        lines += more
    line = state.sheet[0]
    s = line.score
    assert sum(" wins the trick " in x for x in lines) == 9
    assert sum(" wins the last trick " in x for x in lines) == 1
    word = {"made": "made by Sanne", "pit": "pit!", "nat": "nat for Sanne"}[s.outcome]
    assert lines[-1].startswith(f"Deal 1: {word}"), lines[-1]
    assert f"{s.totals[0]} of {sum(s.totals)}" in lines[-1] or s.outcome == "pit"
    assert lines[-1].endswith(f"Henk {s.scores[1]}, Anna {s.scores[2]}.")


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_captions_in_dutch_and_french(lang):
    from klaverjas_gui import i18n

    i18n.set_language(lang)
    try:
        state, lines = captions(new_kalabriasz(seed=1, stacked=STACKED), "name H", "lay 9D",
                                "lay TC", "play 7C")  # fmt: skip
        assert len(lines) == 5 and all("demo." not in x and "%{" not in x for x in lines)
    finally:
        i18n.set_language("en")


@pytest.fixture
def start(make_app):
    return functools.partial(make_app, speed="normal", deterministic=True, first_frame=True)


def test_demo_game_kalabriasz_plays_three_at_the_table(start):
    app = start("--demo", "--game", "kalabriasz", "--seed", "3", speed="instant")
    demo = app.top
    assert isinstance(demo, AttractKalabriaszTable) and demo.game is KALABRIASZ
    assert demo.session.state.variant == KALABRIASZ_PRESETS[KALABRIASZ.demo_preset]
    run_until(app, lambda: len(demo.session.state.tricks) >= 2 or demo.session.state.deal_no > 1,
              frames=4000)  # fmt: skip
    assert any(" wins the trick with " in x or "thrown in" in x for x in demo.captions)
    app.step(DT)  # and the panel draws
    app.start_demo(None)
    assert isinstance(app.top, AttractKalabriaszTable)
