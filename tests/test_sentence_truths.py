"""Sentences of the hint and the coach whose claims the code did not check: each test
sets up a real position where the old sentence was false, and asks for the one said now."""

from __future__ import annotations

from klaverjas_gui.engine import PRESETS, new_match, parse_card
from klaverjas_gui.engine.match import Stacked, name

# South names hearts and leads; North (the partner) holds no spade and no heart, West holds
# the ace of spades: whatever is played, the partner cannot win a spade trick.
NO_HELP = ("JH 9H AH 7S 8S KD QD 7C", "AS TS 9S 7D 8D 9D 8C 9C",
           "AC TC KC QC JC AD TD JD", "TH KH QH 8H 7H KS QS JS")  # fmt: skip


def _lead_position():
    state, _ = new_match(PRESETS["amsterdam"], 1, Stacked(3, NO_HELP)).apply(name("H"))
    obs = state.observation(0)
    assert obs.phase == "play" and obs.to_move == 0 and not obs.trick
    return obs


def test_a_low_lead_does_not_promise_the_partner_the_trick():
    """"A low card gives nothing away and lets your partner win the trick" was said of the
    7 of spades where North holds neither a spade nor a trump and West the ace: the partner
    cannot win it. Only "worth 0 points" is checked, and only that is said."""
    from klaverjas_gui.teach.hints import explain

    obs = _lead_position()
    north = [parse_card(c) for c in NO_HELP[2].split()]
    assert not any(c.suit_index in (obs.trump_index, parse_card("7S").suit_index) for c in north)
    lead = next(a for a in obs.legal if a.card == parse_card("7S"))
    text = explain(obs, lead)
    assert text == "Lead the 7 of spades: a low card gives nothing away."
