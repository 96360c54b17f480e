"""Verzaakt (RULES.md 1.11, option `revoke`): a person's wrong card is accepted under
`club`, the other team may call it, and a correct call scores the deal as a nat with the
sides swapped; a wrong call changes nothing. Off (every preset): wrong cards are refused."""

import dataclasses

import pytest

from klaverjas_gui.engine import (
    PRESETS,
    IllegalActionError,
    MatchState,
    Variant,
    VariantError,
    new_match,
    parse_action,
    replay,
)
from klaverjas_gui.engine.cards import parse_card
from klaverjas_gui.engine.match import (
    DEAL_END,
    PASS,
    VERZAAKT,
    Action,
    DealScored,
    Stacked,
    VerzaaktCalled,
    dealt,
    verzaakt,
)
from klaverjas_gui.engine.play import Revoke, illegal_reason
from klaverjas_gui.engine.reasons import english
from klaverjas_gui.engine.scoring import describe_deal, settle_revoke

CLUB = Variant(revoke="club")
# Dealer 0, so seat 1 leads. Seat 1 names hearts and leads AS; seat 2 holds TS 9S.
HANDS = (
    "JC QC KC AC 7H 8H 9H TH",  # seat 0
    "AS KS QS JS AH KH QH JH",  # seat 1
    "TS 9S 7D 8D 9D TD JD QD",  # seat 2
    "8S 7S KD AD 7C 8C 9C TC",  # seat 3
)


def start(variant=CLUB):
    return new_match(variant, 3, Stacked(0, HANDS))


def act(state, *actions):
    events = []
    for a in actions:
        state, ev = state.apply(parse_action(a) if isinstance(a, str) else a)
        events += ev
    return state, events


def test_revoke_is_off_in_every_preset_and_checked():
    assert all(v.revoke == "off" for v in PRESETS.values())
    assert Variant().revoke == "off" and CLUB.revoke == "club"
    assert Variant.from_dict(CLUB.to_dict()) == CLUB
    with pytest.raises(VariantError, match="off, club"):
        Variant(revoke="sometimes")


def test_off_refuses_the_wrong_card_and_the_call():
    s, _ = act(start(Variant()), "name H", "play AS")
    with pytest.raises(IllegalActionError, match="must follow suit"):
        s.apply("play 7D")
    s, _ = act(s, "play TS", "play 7S", "play 7H")
    assert "nothing to call" in english(s.refusal("verzaakt 3"))
    with pytest.raises(IllegalActionError):
        s.apply("verzaakt 3")


def test_club_accepts_every_card_but_offers_a_computer_only_the_rules():
    s, _ = act(start(), "name H", "play AS")
    assert {a.card for a in s.legal_actions()} == set(s.hand(2))
    assert {str(a.card) for a in s.rule_actions()} == {"TS", "9S"}
    assert {str(a.card) for a in s.observation(2).legal} == {"TS", "9S"}
    assert s.refusal("play 7D") is None


def test_a_wrong_card_is_kept_silently_with_the_rule_it_broke():
    s, events = act(start(), "name H", "play AS", "play 7D")
    assert [type(e).__name__ for e in events[-1:]] == ["CardPlayed"]
    (r,) = s.revokes
    assert (r.trick_no, r.seat, str(r.card), r.rule) == (0, 2, "7D", "follow")
    assert english(r.reason) == "Spades ♠ were led: you must follow suit (you hold 10♠, 9♠)."
    obs = s.observation(3)
    assert not any(isinstance(getattr(obs, f), (Revoke, tuple)) and "Revoke" in repr(
        getattr(obs, f)) for f in obs.__dataclass_fields__)  # fmt: skip


def test_call_window_opens_when_the_first_trick_closes():
    s, _ = act(start(), "name H", "play AS", "play 7D", "play 7S")
    assert not s.call_open()
    assert "once a trick" in english(s.refusal("verzaakt 3"))
    s, _ = act(s, "play 7H")  # the trick closes; seat 0 took it and may claim
    assert s.phase == "claim" and s.to_move == 0 and s.call_open()


def test_a_correct_call_out_of_turn_ends_the_deal_as_a_nat_with_sides_swapped():
    s, _ = act(start(), "name H", "play AS", "play 7D", "play 7S", "play 7H")
    before = s
    s, events = s.apply(verzaakt(3))  # seat 3 calls while seat 0 is to move
    called = next(e for e in events if isinstance(e, VerzaaktCalled))
    assert called.seat == 3
    assert called.revoke == dataclasses.replace(before.revokes[0], trick=before.tricks[0][1])
    assert [str(c) for c in called.revoke.trick] == ["AS", "7D", "7S", "7H"]
    line = next(e for e in events if isinstance(e, DealScored)).line
    assert line.score.outcome == "verzaakt" and line.score.scores == (0, 162)
    assert line.score.revoke == called.revoke
    assert s.totals == (0, 162) and s.deal_no == 2 and s.phase == "bidding"
    assert s.actions[-1] == verzaakt(3) and str(s.actions[-1]) == "verzaakt 3"
    assert line.to_dict()["revoke"] == {
        "trick": 0, "seat": 2, "card": "7D", "rule": "follow", "cards": ["AS", "7D", "7S", "7H"]
    }  # fmt: skip
    assert describe_deal(line.score).startswith("Verzaakt by the defence (a wrong 7♦)")


@pytest.mark.parametrize("caller", [0, 2])
def test_a_call_by_the_revoking_team_or_on_nothing_changes_nothing(caller):
    s, _ = act(start(), "name H", "play AS", "play 7D", "play 7S", "play 7H")
    after, events = s.apply(verzaakt(caller))
    assert events == [VerzaaktCalled(caller, None)]
    assert after.snapshot() == s.snapshot() and after.n_actions == s.n_actions + 1
    assert after.to_move == s.to_move and after.phase == s.phase


def test_a_revoke_in_the_open_trick_cannot_be_called_yet():
    s, _ = act(start(), "name H", "play AS", "play TS", "play 7S", "play 7H", "pass")
    s, _ = act(s, "play 8H", "play KS")  # seat 1 holds hearts, led: a revoke, trick open
    assert [(r.seat, r.rule) for r in s.revokes] == [(1, "follow_overtrump")]
    _, events = s.apply(verzaakt(2))
    assert events == [VerzaaktCalled(2, None)]


def rule_play(s):
    """Play the rules' first card (or pass) until the deal's last trick is down."""
    while s.phase != DEAL_END and len(s.sheet) == 0:
        s, _ = s.apply(s.rule_actions()[0])
    return s


def test_the_deal_waits_at_its_end_for_a_call_then_scores_on_pass():
    s, _ = act(start(), "name H", "play AS", "play 7D", "play 7S", "play 7H")
    s = rule_play(s)
    assert s.phase == DEAL_END and s.legal_actions() == (PASS,) and s.call_open()
    scored, events = s.apply(PASS)  # nobody called: the revoke stands, the deal counts
    assert scored.sheet[0].score.outcome in ("made", "nat", "pit")
    called, events = s.apply(verzaakt(1))
    assert called.sheet[0].score.outcome == "verzaakt" and called.totals[0] == 0


def test_the_off_variant_scores_at_once_after_the_last_trick():
    s, _ = act(start(Variant()), "name H", "play AS", "play TS", "play 7S", "play 7H")
    s = rule_play(s)
    assert len(s.sheet) == 1 and s.phase == "bidding"


def test_settle_revoke_counts_all_roem_of_both_teams_and_the_kraak_multiplier():
    r = Revoke(3, 1, parse_card("7C"), "ruff", "8H", None)
    score = settle_revoke(CLUB, 0, (60, 40), (20, 50), (3, 2), 0, r)
    assert score.scores == (162 + 70, 0) and score.outcome == "verzaakt"
    kraak = settle_revoke(CLUB, 0, (60, 40), (20, 50), (3, 2), 1, r)
    assert kraak.scores == (324 + 70, 0)
    assert settle_revoke(CLUB, 1, (0, 0), (0, 0), (0, 1), 0, r).scores == (162, 0)


def test_calls_round_trip_through_json_and_replay():
    s, _ = act(start(), "name H", "play AS", "play 7D", "play 7S", "play 7H", "verzaakt 0")
    s, _ = act(s, "pass", "verzaakt 1")
    again = MatchState.from_json(s.to_json())
    assert again == s and again.sheet == s.sheet
    assert replay(CLUB, 3, [str(a) for a in s.actions], Stacked(0, HANDS)).to_json() == s.to_json()
    assert "verzaakt 0" in s.to_json()


@pytest.mark.parametrize("text", ["verzaakt", "verzaakt 4", "verzaakt -1", "verzaakt x"])
def test_a_call_must_name_a_seat(text):
    with pytest.raises(ValueError, match="not an action"):
        parse_action(text)


def test_a_call_built_without_its_seat_is_refused():
    """`parse_action` wants the seat; an Action built without one was accepted, kept in the
    log as "verzaakt None", which no saved match could be read back from."""
    s, _ = act(start(), "name H", "play AS", "play 7D", "play 7S", "play 7H")
    assert s.call_open()
    with pytest.raises(IllegalActionError):
        s.apply(Action(VERZAAKT))
    with pytest.raises(ValueError, match="names the calling seat"):
        s.force(Action(VERZAAKT))


def test_a_guessed_position_judges_calls_only_by_the_revokes_it_is_given():
    """A guest's table (dealt) replays moves over guessed hands: a wrong card there is no
    proof; only what the host made public counts."""
    hands = [sum(parse_card(c).bit for c in h.split()) for h in HANDS]
    s = dealt(CLUB, 1, 0, hands, None, 0, (), (0, 0))
    s, _ = act(s, "name H", "play AS", "play 7D", "play 7S", "play 7H")
    assert s.revokes == ()
    assert s.apply(verzaakt(3))[1] == [VerzaaktCalled(3, None)]
    known = Revoke(0, 2, parse_card("7D"), "follow", "10♠, 9♠", None)
    s2 = dealt(CLUB, 1, 0, hands, None, 0, (), (0, 0), revokes=(known,))
    s2, _ = act(s2, "name H", "play AS", "play 7D", "play 7S", "play 7H")
    assert s2.apply(verzaakt(3))[0].sheet[0].score.scores == (0, 162)


def test_rotterdam_club_ruff_revoke_names_the_partner_rule():
    v = dataclasses.replace(PRESETS["rotterdam"], revoke="club")
    # seat 1 leads AS, seat 2 follows, seat 3 follows, seat 0 (no spades, holds trumps)
    # discards AC while an opponent wins: under Rotterdam it had to trump
    s, _ = act(start(v), "name H", "play AS", "play TS", "play 7S", "play AC")
    (r,) = s.revokes
    assert r.rule == "ruff" and r.seat == 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_kept_revoke_words_the_rule_as_the_refusal_would_have(preset):
    """The rule broken, as the table shows it after a call, is the very Reason the same card
    is refused with when revoke is off, for every preset's duties."""
    import random

    club = dataclasses.replace(PRESETS[preset], revoke="club")
    checked = 0
    for seed in range(30):
        rng, state = random.Random(seed), new_match(club, seed)
        while state.deal_no == 1 and checked < 400:
            wrong = [a for a in state.legal_actions() if a not in state.rule_actions()]
            if state.phase == "play" and wrong:
                action = rng.choice(wrong)
                hand, trick = state.hand(state.to_move), state.trick
                refused = illegal_reason(PRESETS[preset], state.trump_suit, hand, trick,
                                         action.card)  # fmt: skip
                after, _ = state.apply(action)
                assert after.revokes[-1].reason == refused
                checked += 1
            state, _ = state.apply(rng.choice(state.legal_actions()))
    assert checked >= 20
