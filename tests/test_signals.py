"""Signals (RULES.md 1.10): the two examples of the rule book, literally, and properties."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from klaverjas_gui.engine import Variant, new_match, parse_action, parse_cards
from klaverjas_gui.engine.cards import PLAIN_STRENGTH, SUITS, Card, Suit
from klaverjas_gui.engine.match import Stacked
from klaverjas_gui.engine.signals import (
    PARTNER_SUIT,
    controls,
    deal_tricks,
    is_signal_discard,
    meaning,
    observed_signals,
    pending_signal,
    reader_lead,
    sender_card,
    signals,
    trump_request_lead,
    trump_requested,
)
from klaverjas_gui.engine.variant import PRESETS, VariantError

N, E, S, W = 0, 1, 2, 3
H = Suit.H

# Example 1 (kleur, hearts trump): North leads AC, East 7C, South (AD 7D KS 8S) throws 7D.
KLEUR_DEAL = (
    "AC KC 9D 8H 7H 7S TS 8C",  # North: 9D his only diamond
    "7C 9C TD KD JH AS QS JS",  # East: names hearts
    "AD 7D KS 8S AH TH KH QH",  # South: no clubs
    "TC QC JC QD JD 8D 9H 9S",  # West
)
# Example 2 (tegenkleur, hearts trump): West leads AD, North 7D, East (AS 9S QC 7C) throws 7C.
TEGENKLEUR_DEAL = (
    "7D TD KD QD JD JC 7S 9D",  # North
    "AS 9S QC 7C AH TH KH QH",  # East: no diamonds
    "AC KC 8D JH 9H TS QS JS",  # South: names hearts
    "AD KS 8S 8H 7H TC 9C 8C",  # West: 8S his lowest spade
)


def cards(text):
    return tuple(parse_cards(text))


def play(state, *actions):
    for a in actions:
        while state.phase == "claim":  # roem is not part of the examples
            state, _ = state.apply(parse_action("pass"))
        state, _ = state.apply(parse_action(a))
    while state.phase == "claim":
        state, _ = state.apply(parse_action("pass"))
    return state


def test_the_options_exist_and_are_off_in_every_preset():
    for name, preset in PRESETS.items():
        assert preset.signals == "none" and preset.trump_request is False, name
    v = Variant(signals="tegenkleur", trump_request="on")
    assert v.signals == "tegenkleur" and v.trump_request is True
    assert Variant.from_dict(v.to_dict()) == v
    with pytest.raises(VariantError, match="kleur"):
        Variant(signals="wink")


def test_rules_example_kleur_south_throws_7d_and_north_leads_9d():
    hand = cards("AD 7D KS 8S AH TH KH QH")
    played = cards("AC 7C")
    assert controls(hand, Suit.D, played) and not controls(hand, Suit.S, played)
    assert sender_card("kleur", hand, H, Suit.C, played) == Card("7", "D")
    # with QD 7D KS 8S instead he controls nothing and throws 7D all the same, "no objection"
    assert sender_card("kleur", cards("QD 7D KS 8S AH TH KH QH"), H, Suit.C, played) == Card(
        "7", "D"
    )
    # at the table: the signal is seen by every seat; North, on lead, leads 9D
    state = new_match(Variant(signals="kleur"), 1, Stacked(W, KLEUR_DEAL))
    state = play(state, "pass", "name H", "play AC", "play 7C", "play 7D", "play JC")
    for seat in range(4):
        (sig,) = observed_signals(state.observation(seat))
        assert (sig.seat, str(sig.card), sig.suit, sig.trick_no, sig.strong) == (S, "7D", "D", 0, 0)
    obs = state.observation(N)
    assert obs.to_move == N and not obs.trick
    assert pending_signal("kleur", obs.trump, deal_tricks(obs), N).suit == Suit.D
    assert reader_lead(obs.hand, Suit.D) == Card("9", "D")
    state = play(state, "play 9D")
    assert pending_signal("kleur", H, deal_tricks(state.observation(N)), N) is None


def test_rules_example_tegenkleur_east_throws_7c_and_west_leads_lowest_spade():
    hand = cards("AS 9S QC 7C AH TH KH QH")
    played = cards("AD 7D")
    assert sender_card("tegenkleur", hand, H, Suit.D, played) == Card("7", "C")
    assert sender_card("kleur", hand, H, Suit.D, played) == Card("9", "S")
    state = new_match(Variant(signals="tegenkleur"), 1, Stacked(S, TEGENKLEUR_DEAL))
    state = play(state, "pass", "pass", "pass", "name H")  # South names; West, first hand, leads
    state = play(state, "play AD", "play 7D", "play 7C", "play 8D")
    (sig,) = observed_signals(state.observation(N))
    assert (sig.seat, str(sig.card), sig.suit) == (E, "7C", "S")
    obs = state.observation(W)
    assert obs.to_move == W
    assert reader_lead(obs.hand, pending_signal("tegenkleur", H, deal_tricks(obs), W).suit) == Card(
        "8", "S"
    )


def test_what_a_throw_means():
    assert meaning("kleur", Card("7", "D"), H) == Suit.D
    assert meaning("tegenkleur", Card("7", "C"), H) == Suit.S
    assert meaning("tegenkleur", Card("7", "D"), H) is None  # its partner suit is trump
    assert meaning("none", Card("7", "D"), H) is None
    # a first discard onto an opponent's trick is no signal, and uses nothing up
    tricks = [(N, cards("AC 7C QC 8C")), (E, cards("AS 7D 8S")), (N, cards("KC 9C 8D"))]
    (sig,) = signals("kleur", H, tricks)
    assert (sig.seat, str(sig.card), sig.trick_no) == (S, "8D", 2)
    # a 10 thrown while its ace is out is strong; later discards mean nothing
    tricks = [(N, cards("AC 7C TD QC")), (N, cards("KC 9C 8D"))]
    assert [(str(s.card), s.strong) for s in signals("kleur", H, tricks)] == [("TD", True)]
    assert signals("none", H, tricks) == ()


def test_trump_request():
    tricks = [(N, cards("8C 7C AC TC"))]
    assert trump_requested(H, N, tricks)
    assert not trump_requested(H, E, tricks)  # North is not the chooser
    assert not trump_requested(H, N, [(N, cards("JH"))])  # a trump asks nothing
    assert not trump_requested(H, N, [(N, cards("QC"))])
    hand = cards("7H JH 9H AD")
    assert trump_request_lead(H, N, [*tricks, (S, ())], S, hand) == Card("J", "H")
    assert trump_request_lead(H, N, [*tricks, (S, ())], E, hand) is None  # not the partner
    later = [*tricks, (S, cards("AD 7D 8D 9D")), (S, ())]
    assert trump_request_lead(H, N, later, S, hand) is None  # only his first lead


# --- properties: random deals, the convention played by every seat ---
def _plays_under(variant, seed):
    """A random deal in which every seat throws the convention's card at each signal discard
    it may make; yields (state before the card, seat, card)."""
    rng = random.Random(seed)
    state = new_match(variant, seed)
    out = []
    while state.phase != "play":
        state, _ = state.apply(rng.choice(state.legal_actions()))
    while state.phase in ("play", "claim"):
        legal = state.legal_actions()
        action = rng.choice(legal)
        if state.phase == "play":
            obs = state.observation(state.to_move)
            played = [c for _, cs in deal_tricks(obs) for c in cs]
            first = not any(s.seat == obs.seat for s in observed_signals(obs))
            if obs.trick and first and obs.trump is not None:
                card = sender_card(variant.signals, obs.hand, obs.trump, obs.trick[0].suit, played)
                if (
                    card is not None
                    and is_signal_discard(obs.trump, obs.trick, card)
                    and parse_action(f"play {card}") in legal
                ):
                    action = parse_action(f"play {card}")
            out.append((state, state.to_move, action))
        state, _ = state.apply(action)
    return out


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["kleur", "tegenkleur"]))
def test_every_seat_reads_the_same_signals_and_each_is_a_sent_card(seed, convention):
    variant = Variant(signals=convention)
    plays = _plays_under(variant, seed)
    last, _, _ = plays[-1]
    views = [observed_signals(last.observation(q)) for q in range(4)]
    assert all(v == views[0] for v in views)  # public: every seat sees the same signals
    assert len({s.seat for s in views[0]}) == len(views[0])  # one per seat at most
    for sig in views[0]:
        state, seat, _ = next(p for p in plays if p[1] == sig.seat and p[2].card == sig.card)
        obs = state.observation(seat)
        assert sig.card.suit not in (obs.trump, obs.trick[0].suit)
        played = [c for _, cs in deal_tricks(obs) for c in cs]
        assert sender_card(convention, obs.hand, obs.trump, obs.trick[0].suit, played) == sig.card
        thrown = [c for c in obs.hand if c.suit == sig.card.suit]
        assert sig.card == min(thrown, key=lambda c: PLAIN_STRENGTH[c.rank_index])


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(32)), st.sampled_from(SUITS), st.sampled_from(SUITS))
def test_sender_card_is_a_plain_card_of_the_hand_and_signals_control_when_it_can(order, t, led):
    from klaverjas_gui.engine.cards import ALL_CARDS

    hand = [ALL_CARDS[i] for i in order[:8] if ALL_CARDS[i].suit != led]
    played = [ALL_CARDS[i] for i in order[8:14]]
    for convention in ("kleur", "tegenkleur"):
        card = sender_card(convention, hand, t, led, played)
        plain = [c for c in hand if c.suit not in (t, led)]
        assert (card is None) == (not plain)
        if card is None:
            continue
        assert card in hand and card.suit not in (t, led)
        can = [
            x
            for x in SUITS
            if x not in (t, led)
            and controls(hand, x, played)
            and (
                sum(c.suit == x for c in hand) >= 2
                if convention == "kleur"
                else any(c.suit == PARTNER_SUIT[x] not in (t, led) for c in hand)
            )
        ]
        if can:
            assert meaning(convention, card, t) in can
        assert PARTNER_SUIT[PARTNER_SUIT[card.suit]] == card.suit


def test_the_rules_in_words_show_the_conventions_text_only_when_on():
    from klaverjas_gui import i18n
    from klaverjas_gui.words import describe_rules

    i18n.set_language("en")
    plain = describe_rules(Variant())
    assert not any("throw-away" in line or "highest trump" in line for line in plain)
    on = describe_rules(Variant(signals="tegenkleur", trump_request=True))
    assert any(line.startswith("Signals (tegenkleur): ") and "OTHER suit" in line for line in on)
    assert any("lead his highest trump" in line for line in on)


# --- computer players (RULES.md 1.10: normal and hard send and read; easy does not) ---
def _kleur_at_south(variant=None, no_objection=False):
    deal = KLEUR_DEAL
    if no_objection:  # South holds QD instead of AD: he controls nothing
        deal = (deal[0], deal[1], deal[2].replace("AD", "QD"), deal[3].replace("QD", "AD"))
    state = new_match(variant or Variant(signals="kleur"), 1, Stacked(W, deal))
    return play(state, "pass", "name H", "play AC", "play 7C")


def _players():
    from klaverjas_gui.ai import HardPlayer, HeuristicPlayer

    return [HeuristicPlayer(3, counting=True), HardPlayer(3, worlds=12)]


def test_normal_and_hard_throw_the_signal_of_the_rules_examples():
    for player in _players():
        assert _kleur_at_south().observation(S).to_move == S
        assert str(player.choose(_kleur_at_south().observation(S))) == "play 7D", player.name
        obs = _kleur_at_south(no_objection=True).observation(S)
        assert str(player.choose(obs)) == "play 7D", player.name
        state = new_match(Variant(signals="tegenkleur"), 1, Stacked(S, TEGENKLEUR_DEAL))
        state = play(state, "pass", "pass", "pass", "name H", "play AD", "play 7D")
        assert str(player.choose(state.observation(E))) == "play 7C", player.name


def test_easy_does_not_signal_and_nobody_signals_without_a_convention():
    from klaverjas_gui.ai import HeuristicPlayer

    easy, normal = HeuristicPlayer(3, counting=False), HeuristicPlayer(3, counting=True)
    assert str(easy.choose(_kleur_at_south().observation(S))) != "play 7D"
    assert str(normal.choose(_kleur_at_south(Variant()).observation(S))) != "play 7D"


def test_normal_and_hard_lead_the_suit_their_partner_signalled():
    for player in _players():
        state = play(_kleur_at_south(), "play 7D", "play JC")
        assert str(player.choose(state.observation(N))) == "play 9D", player.name
        state = new_match(Variant(signals="tegenkleur"), 1, Stacked(S, TEGENKLEUR_DEAL))
        state = play(state, "pass", "pass", "pass", "name H", "play AD", "play 7D", "play 7C")
        state = play(state, "play 8D")
        assert str(player.choose(state.observation(W))) == "play 8S", player.name


def test_a_trump_request_is_answered_with_the_highest_trump():
    # North names hearts and opens with 8C: South, first on lead, leads his highest trump
    deal = ("8C 9C JH 9H 7H AS QS 7S", "AC TC KC QC 8D 7D TS 9S",
            "JC 7C AH TH KH AD TD KD", "QD JD 9D KS JS 8S QH 8H")  # fmt: skip
    variant = Variant(trump_request=True)
    state = new_match(variant, 1, Stacked(W, deal))
    state = play(state, "name H", "play 8C", "play AC", "play 7C", "play 8S")
    assert state.observation(E).to_move == E
    state = play(state, "play 8D", "play AD", "play 9D", "play 7S")
    obs = state.observation(S)
    assert obs.to_move == S and not obs.trick
    for player in _players():
        assert str(player.choose(obs)) == "play AH", player.name


def test_hard_samples_only_deals_that_fit_the_signals_it_saw():
    from klaverjas_gui.ai.knowledge import Knowledge

    state = play(_kleur_at_south(), "play 7D", "play JC")
    for seat in (N, E, W):  # the partner and both opponents read it
        know = Knowledge.from_observation(state.observation(seat))
        assert [(q, c) for q, c, *_ in know.signals] == [(S, Card("7", "D").index)]
        rng = random.Random(seat)
        samples = [know.sample(rng) for _ in range(60)]
        assert all(know.fits_signals(h) for h in samples)
        # the signal says something: drawn without it, some deals would not throw 7D
        assert not all(know.fits_signals(know._draw(rng, True)) for _ in range(200))
    # North reads "South holds the best diamond" (the ace, or the no-objection hand)
    know = Knowledge.from_observation(state.observation(N))
    ace = Card("A", "D").bit
    for hands in (know.sample(random.Random(1)) for _ in range(60)):
        south = hands[S] | Card("7", "D").bit
        if not south & ace:  # no objection: no plain suit he controls with a second card
            assert sender_card("kleur", list_of(south), H, Suit.C, cards("AC 7C")) == Card("7", "D")


def list_of(mask):
    from klaverjas_gui.engine.cards import cards_of

    return cards_of(mask)


# --- in words: the hint (and so the coach) and the demo's caption ---
def test_the_hint_says_what_the_convention_asks():
    from klaverjas_gui import i18n
    from klaverjas_gui.engine.match import Action
    from klaverjas_gui.teach.hints import explain

    i18n.set_language("en")
    obs = _kleur_at_south().observation(S)
    text = explain(obs, Action("play", card=Card("7", "D")))
    assert text.startswith("A signal: throw the 7 of diamonds") and "best card in diamonds" in text
    obs = _kleur_at_south(no_objection=True).observation(S)
    assert '"no objection"' in explain(obs, Action("play", card=Card("7", "D")))
    obs = play(_kleur_at_south(), "play 7D", "play JC").observation(N)
    assert explain(obs, Action("play", card=Card("9", "D"))) == (
        "Your partner asked for diamonds: lead the 9 of diamonds."
    )
    # without a convention the same cards are plain discards and leads
    obs = play(_kleur_at_south(Variant()), "play 7D", "play JC").observation(N)
    assert "asked" not in explain(obs, Action("play", card=Card("9", "D")))


def test_the_demo_caption_says_when_a_card_was_a_signal_and_what_it_meant():
    from klaverjas_gui import i18n
    from klaverjas_gui.ui.captions import action_captions

    i18n.set_language("en")
    names = ["North", "East", "South", "West"]
    before = _kleur_at_south()
    after, events = before.apply(parse_action("play 7D"))
    lines = action_captions(before, events, names)
    assert lines[-1] == (
        "A signal: South throws the 7 of diamonds while the partner is winning, "
        "asking North to lead diamonds."
    )
    # a later throw-away, and every throw without a convention, is no signal
    plain = _kleur_at_south(Variant())
    _, events = plain.apply(parse_action("play 7D"))
    assert not any("signal" in line for line in action_captions(plain, events, names))


def test_the_signals_lesson_teaches_the_rules_example():
    from klaverjas_gui import i18n
    from klaverjas_gui.teach.lessons import start

    i18n.set_language("en")
    run = start("signals")
    assert run.lesson.variant.signals == "kleur" and run.lesson.title == "Signals with your partner"
    while run.step is not None and not run.step.key:
        run.play_scripted()
    assert not run.try_action("play KS").ok  # legal, but no signal
    assert run.try_action("play 7D").ok
    (sig,) = observed_signals(run.state.observation(N))
    assert (sig.seat, str(sig.card), sig.suit) == (0, "7D", Suit.D)
    while run.step is not None and not run.step.key:
        run.play_scripted()
    assert str(run.state.trick[0]) == "9D"  # the partner read it
    assert run.try_action("play AD").ok and run.done


def test_a_signal_no_deal_fits_is_read_no_further():
    """A partner who does not play the convention (a person, an easy player) throws a card
    no hand would signal with: hard stops reading it instead of drawing 40 deals a world."""
    from klaverjas_gui.ai.knowledge import Knowledge

    # South throws KS (not the convention's card: he would throw 7D) under kleur
    state = play(_kleur_at_south(), "play KS", "play JC")
    know = Knowledge.from_observation(state.observation(N))
    assert know.signals
    know.sample(random.Random(1))
    assert know.signals == ()


def test_sending_and_reading_switch_apart():
    """`send_signals` False: the throw-away is the one chosen without a convention;
    `read_partner` False: the lead too. Both positions are ones where the convention
    changes the card, so a switch that does nothing fails."""
    for player, other in zip(_players(), _players(), strict=True):
        sending = _kleur_at_south(no_objection=True).observation(S)
        own = str(other.choose(_kleur_at_south(Variant(), no_objection=True).observation(S)))
        assert own != "play 7D", player.name
        player.send_signals = False
        assert str(player.choose(sending)) == own, player.name
        player.send_signals = True
        reading = play(_kleur_at_south(), "play 7D", "play JC").observation(N)
        plain = play(_kleur_at_south(Variant()), "play 7D", "play JC").observation(N)
        own = str(other.choose(plain))
        assert own != "play 9D", player.name
        player.read_partner = False
        assert str(player.choose(reading)) == own, player.name


def test_knowledge_reads_the_partner_and_the_opponents_apart():
    from klaverjas_gui.ai.knowledge import Knowledge

    state = play(_kleur_at_south(), "play 7D", "play JC")
    south = [(S, Card("7", "D").index)]
    for seat, partner in ((N, True), (E, False), (W, False)):
        obs = state.observation(seat)
        for read_partner in (True, False):
            for read_opponents in (True, False):
                know = Knowledge.from_observation(obs, read_opponents, read_partner)
                read = read_partner if partner else read_opponents
                assert [(q, c) for q, c, *_ in know.signals] == (south if read else [])


def test_the_arena_seats_a_convention_or_one_half_of_it():
    from klaverjas_gui.ai.arena import arena_player

    for level, send, read in (
        ("hard:kleur", True, True),
        ("hard:kleur-send", True, False),
        ("normal:tegenkleur-read", False, True),
    ):
        player = arena_player(level, 1, None)
        assert player.name == level
        inner = player.player  # type: ignore[attr-defined]
        assert (inner.send_signals, inner.read_partner, inner.read_opponents) == (send, read, False)
    assert arena_player("hard", 1, None).read_opponents  # type: ignore[attr-defined]
    # the opponents' signals are read when they send the same convention
    for level, opponents, read in (
        ("hard:kleur", "hard:kleur-send", True),
        ("hard:kleur-read", "hard:kleur", True),
        ("hard:kleur", "hard:kleur-read", False),
        ("hard:kleur", "hard:tegenkleur", False),
        ("hard:kleur", "easy:kleur", False),
        ("hard:kleur-send", "hard:kleur", False),
    ):
        player = arena_player(level, 1, None, (opponents, opponents))
        assert player.player.read_opponents is read, (level, opponents)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="kleur-write"):
        arena_player("hard:kleur-write", 1, None)


def test_the_table_names_the_convention_in_its_corner_and_the_hint_answers_it(make_app):
    from uitest import DT, run_until

    from klaverjas_gui.ui.catalogue import SCREENS

    app = make_app("--lang", "en")
    SCREENS["table: signal hint"](app)
    table = app.match
    run_until(app, lambda: table.guide.hint() is not None)
    assert table.guide.hint().text == "Your partner asked for diamonds: lead the 9 of diamonds."
    app.step(DT)
    lines = [text for text, _, _ in table.view.side_lines(table.picture())]
    assert "Signals: kleur" in lines
    SCREENS["table: hint"](app)  # Amsterdam as it comes: no convention, no line
    app.step(DT)
    assert not any("Signals" in t for t, _, _ in app.match.view.side_lines(app.match.picture()))
