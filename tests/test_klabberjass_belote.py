"""Klabberjass with Belote declarations (RULES.md 2, option `declarations = belote`):
four of a kind next to the sequences, the best single declaration scores all of its
owner's, and the tie-breaks: four of a kind, rank or top card, trump, non-dealer."""

from __future__ import annotations

import json
import random

import pytest

from klaverjas_gui.engine import new_klabberjass, parse_card, parse_cards
from klaverjas_gui.engine.cards import ACE, JACK, KING, NINE, QUEEN, TEN, Suit
from klaverjas_gui.engine.klabberjass import (
    DECLARE_CALL,
    PASS,
    TAKE,
    FourDeclared,
    KlabberjassStacked,
    KlabberjassState,
    SequenceDeclared,
    SequencesShown,
)
from klaverjas_gui.engine.klabberjass_rules import (
    FOUR,
    Declaration,
    KlabberjassVariant,
    best_declaration,
    declaration_points,
    declaration_winner,
    describe_klabberjass_deal,
    fours_in,
)
from klaverjas_gui.engine.reasons import Reason

BELOTE = KlabberjassVariant(declarations="belote")
KJ = KlabberjassVariant()
H, S = Suit.H.index, Suit.S.index


def mask(text: str) -> int:
    return sum(c.bit for c in parse_cards(text))


def stacked(nd6: str, d6: str, turned: str, nd3: str, d3: str) -> KlabberjassStacked:
    """Dealer 0; the non-dealer (seat 1) gets nd6 then nd3, the dealer d6 then d3."""
    return KlabberjassStacked(0, (d6, nd6), turned, f"{nd3} {d3}")


def to_declare(state: KlabberjassState) -> KlabberjassState:
    while state.phase == "dix":
        state, _ = state.apply(PASS)
    assert state.phase == "declare"
    return state


def finish_deal(state: KlabberjassState) -> KlabberjassState:
    rng = random.Random(1)
    while not state.sheet:
        state, _ = state.apply(rng.choice(state.legal_actions()))
    return state


# The example of RULES.md 2, hearts trump: the non-dealer holds the four nines, the dealer
# 10-J-Q-K-A of spades and the king and queen of hearts.
EXAMPLE = stacked("9C 9D 9H 9S 7C 8D", "AS KS QS JS TS KH", "8H", "AC 7S JD", "QH 8C 7H")


def test_the_rules_example_four_nines_beat_the_quinte_and_bella_counts_in_addition():
    s = to_declare(new_klabberjass(BELOTE, stacked=EXAMPLE).apply(TAKE)[0])
    assert s.trump_suit == Suit.H and s.to_move == 1
    assert s.legal_actions() == (DECLARE_CALL, PASS)
    s, events = s.apply(DECLARE_CALL)
    assert events == [FourDeclared(1, parse_card("9C").rank)]
    assert s.observation(0).declared == ((1, FOUR, parse_card("9C").rank),)
    assert s.legal_actions() == (PASS,)  # the quinte (100) does not beat four nines (150)
    assert s.refusal(DECLARE_CALL) == Reason(
        "kj_beaten_declaration", {"mine": (5, ACE), "theirs": (FOUR, NINE)}
    )
    assert s.explain(DECLARE_CALL) == (
        "Your best declaration (a sequence of 5 to the ace) does not beat the one declared "
        "(four nines): pass."
    )
    s, events = s.apply(PASS)
    nines = tuple(parse_cards("9C 9D 9H 9S"))
    assert events[1] == SequencesShown(1, (), 150, (nines,))
    assert s.declarations == (0, 150) and s.fours == (0, 150)
    assert s.observation(0).shown == ((1, (nines,)),)
    score = finish_deal(s).sheet[0].score
    assert score.declarations == (0, 150) and score.fours == (0, 150)
    assert score.bella == (20, 0)  # the dealer's bella, although his quinte scores nothing
    assert "+ 150 four of a kind" in describe_klabberjass_deal(score)


def test_the_same_deal_with_klabberjass_declarations_gives_the_quinte():
    s = to_declare(new_klabberjass(KJ, stacked=EXAMPLE).apply(TAKE)[0])
    assert s.legal_actions() == (PASS,)  # four nines are nothing here
    assert s.refusal(DECLARE_CALL) == Reason("kj_no_sequence", {})
    s, _ = s.apply(PASS)
    s, events = s.apply(DECLARE_CALL)
    assert events[0] == SequenceDeclared(0, 5, parse_card("AS").rank)
    assert s.declarations == (100, 0) and s.fours == (0, 0)
    line = finish_deal(s).sheet[0]
    assert "fours" not in line.to_dict()  # the sheet of a Klabberjass game is as before


@pytest.mark.parametrize(
    ("non_dealer", "dealer", "trump", "winner"),
    [
        ("JC JD JH JS", "9C 9D 9H 9S", H, "non_dealer"),  # 200 beats 150
        ("TS JS QS KS AS", "9C 9D 9H 9S", H, "dealer"),  # the RULES example, turned round
        ("TS JS QS KS AS", "KC KD KH KS", H, "dealer"),  # 100 each: four of a kind first
        ("KC KD KH KS", "TS JS QS KS AS", H, "non_dealer"),
        ("KC KD KH KS", "AC AD AH AS", H, "dealer"),  # 100 each: the higher rank
        ("QC QD QH QS", "TC TD TH TS", H, "non_dealer"),  # queens above tens (natural order)
        ("9S TS JS QS KS AS", "TC JC QC KC AC", H, "non_dealer"),  # six to the ace: 100 each
        ("8S 9S TS JS QS KS", "TC JC QC KC AC", H, "dealer"),  # 100 each: the higher top card
        ("JS QS KS", "JH QH KH", H, "dealer"),  # equal sequences: the trump one
        ("JH QH KH", "JS QS KS", H, "non_dealer"),
        ("JC QC KC", "JS QS KS", H, "non_dealer"),  # neither in trump: the non-dealer
        ("8C 8D 8H 8S 7C 7D 7H 7S", "", H, None),  # eights and sevens: nothing
        ("", "", H, None),
    ],
)
def test_belote_declaration_comparison(non_dealer, dealer, trump, winner):
    assert declaration_winner(mask(non_dealer), mask(dealer), trump, True) == winner


def test_without_belote_the_longer_sequence_wins_and_fours_are_nothing():
    assert declaration_winner(mask("8S 9S TS JS QS KS"), mask("TC JC QC KC AC"), H, False) == (
        "non_dealer"
    )  # fmt: skip
    assert declaration_winner(mask("JC JD JH JS"), mask("7C 8C 9C"), H, False) == "dealer"
    assert best_declaration(mask("JC JD JH JS"), H, False) is None


def test_best_declaration_and_its_points():
    assert best_declaration(mask("JC JD JH JS 9S TS QS KS AS"), S, True) == Declaration(FOUR, JACK)
    assert Declaration(FOUR, JACK).points == 200 and Declaration(FOUR, NINE).points == 150
    assert [Declaration(FOUR, r).points for r in (ACE, TEN, KING, QUEEN)] == [100] * 4
    assert Declaration(3, KING, trump=True) == best_declaration(mask("JC QC KC JS QS KS"), S, True)
    assert fours_in(mask("8C 8D 8H 8S 7C 7D 7H 7S")) == ()
    # a card counts in both a four of a kind and a sequence: J-Q-K of spades and four jacks
    assert declaration_points(mask("JC JD JH JS QS KS"), True) == (20, 200)
    assert declaration_points(mask("JC JD JH JS QS KS"), False) == (20, 0)


def test_a_card_in_both_is_shown_in_both_and_scored_twice():
    deal = stacked("JC JD JH 9S TS 7D", "7C 8C AD 8H AH 7S", "QH", "JS 9H 8S", "TC QC KD")
    s = to_declare(new_klabberjass(BELOTE, stacked=deal).apply(TAKE)[0])
    s, events = s.apply(DECLARE_CALL)  # 8-9-10-J of spades (50) and four jacks (200)
    assert events == [FourDeclared(1, parse_card("JC").rank)]
    s, events = s.apply(PASS)
    shown = events[1]
    assert shown.sequences == (tuple(parse_cards("8S 9S TS JS")),)
    assert shown.fours == (tuple(parse_cards("JC JD JH JS")),) and shown.points == 250
    assert s.declarations == (0, 250) and s.fours == (0, 200)


def test_equal_sequences_the_dealers_in_trump_beats_the_non_dealers():
    deal = stacked("JS QS KS 7C 9C AD", "JH QH KH 8C TC 7D", "8H", "9D 7S 8D", "QD 9H AC")
    s = to_declare(new_klabberjass(BELOTE, stacked=deal).apply(TAKE)[0])
    s, _ = s.apply(DECLARE_CALL)  # 3 to the king, in spades
    assert s.legal_actions() == (DECLARE_CALL, PASS)  # 3 to the king in hearts, trump
    s, _ = s.apply(DECLARE_CALL)
    assert s.declarations == (20, 0)
    with_klabberjass = to_declare(new_klabberjass(KJ, stacked=deal).apply(TAKE)[0])
    assert with_klabberjass.apply(DECLARE_CALL)[0].legal_actions() == (PASS,)  # a tie: nd


def test_equal_sequences_neither_in_trump_go_to_the_non_dealer():
    deal = stacked("JS QS KS 7C 9C AD", "JC QC KC 8H TH 7D", "8D", "9D 7S 8C", "QD 9H AS")
    s = to_declare(new_klabberjass(BELOTE, stacked=deal).apply(TAKE)[0])
    s, _ = s.apply(DECLARE_CALL)
    assert s.legal_actions() == (PASS,)
    assert s.refusal(DECLARE_CALL) == Reason(
        "kj_beaten_declaration", {"mine": (3, KING), "theirs": (3, KING)}
    )


def test_no_declaration_at_all():
    deal = stacked("7C 9C JC 7D 9D JD", "8C TC QC 8D TD QD", "AH", "KC KD 7S", "AC AD 8S")
    s = to_declare(new_klabberjass(BELOTE, stacked=deal).apply(TAKE)[0])
    assert s.legal_actions() == (PASS,)
    assert s.refusal(DECLARE_CALL) == Reason("kj_no_declaration", {})
    s, _ = s.apply(PASS)
    assert s.legal_actions() == (PASS,)
    s, _ = s.apply(PASS)
    assert s.phase == "play" and s.declarations == (0, 0) and s.shown == ()


def test_a_belote_game_saves_and_loads_and_an_old_game_without_the_option_loads():
    s = finish_deal(to_declare(new_klabberjass(BELOTE, stacked=EXAMPLE).apply(TAKE)[0]))
    again = KlabberjassState.from_json(s.to_json())
    assert again.variant == BELOTE and again.sheet == s.sheet
    old = new_klabberjass(KJ, 3)
    for _ in range(30):
        old, _ = old.apply(old.legal_actions()[-1])
    data = json.loads(old.to_json())
    del data["variant"]["declarations"]  # written before the option existed
    assert KlabberjassState.from_dict(data) == old


def test_the_hint_names_the_four_of_a_kind_and_its_points():
    from klaverjas_gui.teach.klabberjass_hints import explain

    s = to_declare(new_klabberjass(BELOTE, stacked=EXAMPLE).apply(TAKE)[0])
    assert explain(s.observation(1), DECLARE_CALL) == (
        "Declare: your four nines are worth 150 points; unless a better declaration is made "
        "against them, every declaration in your hand scores (150 points)."
    )
    # a sequence is the best declaration: named by its cards, as without Belote
    deal = stacked("JS QS KS 7C 9C AD", "JH QH KH 8C TC 7D", "8H", "9D 7S 8D", "QD 9H AC")
    s = to_declare(new_klabberjass(BELOTE, stacked=deal).apply(TAKE)[0])
    assert explain(s.observation(1), DECLARE_CALL).startswith("Declare: your J-Q-K of spades")


def test_a_guest_receives_the_belote_declarations_as_the_host_saw_them():
    """The network messages carry the option, a declared four of a kind, the shown fours
    and the score with its four of a kind part (play/net/protocol.py)."""
    from klaverjas_gui.games import KLABBERJASS
    from klaverjas_gui.play.net import protocol as P

    s = to_declare(new_klabberjass(BELOTE, stacked=EXAMPLE).apply(TAKE)[0])
    rng, seen = random.Random(4), set()
    while not s.sheet:
        s, events = s.apply(DECLARE_CALL if DECLARE_CALL in s.legal_actions()
                            else rng.choice(s.legal_actions()))  # fmt: skip
        for event in events:
            assert P.decode_event(json.loads(json.dumps(P.encode(event))), KLABBERJASS) == event
            seen.add(type(event).__name__)
        for seat in (0, 1):
            obs = s.observation(seat)
            data = json.loads(json.dumps(P.encode_observation(obs)))
            assert P.decode_observation(data, KLABBERJASS) == obs
    assert {"FourDeclared", "SequencesShown", "DealScored"} <= seen
    assert s.observation(0).sheet[0].score.fours == (0, 150)


def test_the_score_sheet_marks_a_four_of_a_kind_in_the_bonus():
    """The Tab sheet (and History's) counts a four of a kind in the bonus column and marks
    it there ("carré"), beside the side that scored it only."""
    import pygame

    from klaverjas_gui.i18n import set_language
    from klaverjas_gui.ui import sheet
    from klaverjas_gui.ui.table.two.model import sheet_line

    s = to_declare(new_klabberjass(BELOTE, stacked=EXAMPLE).apply(TAKE)[0])
    rng = random.Random(4)
    while not s.sheet:
        s, _ = s.apply(DECLARE_CALL if DECLARE_CALL in s.legal_actions()
                       else rng.choice(s.legal_actions()))  # fmt: skip
    line = sheet_line(s.sheet[0])
    assert line.fours == (0, 150) and line.score.roem[1] >= 150
    set_language("nl")
    drawn: list[tuple[str, tuple[int, int]]] = []
    words_of: dict[int, str] = {}  # each text picture made, by identity
    text = sheet.theme.text

    class Recording(pygame.Surface):
        def blit(self, img, pos, *args, **kwargs):  # type: ignore[override]
            drawn.append((words_of.get(id(img), ""), tuple(pos)))
            return super().blit(img, pos, *args, **kwargs)

    def recorded(words, *args, **kwargs):
        img = text(words, *args, **kwargs).copy()
        words_of[id(img)] = words
        keep.append(img)  # alive while drawn: ids stay unique
        return img

    keep: list[pygame.Surface] = []

    pygame.font.init()
    surface = Recording((900, 400), pygame.SRCALPHA)
    try:
        sheet.theme.text = recorded
        sheet.draw_sheet(surface, pygame.Rect(0, 0, 900, 400), [line], ["Jij", "Henk"],
                         ("Jij", "Henk"), 1.0, game="klabberjass")  # fmt: skip
    finally:
        sheet.theme.text = text
        set_language("en")
    marks = [pos for words, pos in drawn if words == "carré"]
    bonus = [pos for words, pos in drawn if words.endswith(f"+{line.score.roem[1]}")]
    assert len(marks) == 1 and len(bonus) == 1  # one side scored it: one mark
    assert marks[0][0] > bonus[0][0] and abs(marks[0][1] - bonus[0][1]) <= 4  # right beside


@pytest.mark.parametrize(
    ("lang", "note", "words"),
    [
        ("en", "the player who declares the best single declaration scores all of his",
         "Declarations: sequences and four of a kind (Belote); the player who declares the "
         "best single one scores all of his."),
        ("nl", "wie de beste losse melding meldt, krijgt al zijn meldingen",
         "Meldingen: reeksen en vier gelijke (Belote); wie de beste losse melding meldt, "
         "krijgt al zijn meldingen."),
        ("fr", "le joueur qui fait la meilleure annonce marque toutes les siennes",
         "Annonces : suites et carrés (Belote) ; le joueur qui fait la meilleure annonce "
         "marque toutes les siennes."),
    ],
)  # fmt: skip
def test_the_settings_say_the_best_declarations_owner_scores_all_of_his(lang, note, words):
    """The Klabberjass settings said "only the best single declaration scores"; the engine
    scores every declaration of the player whose declaration stands (RULES.md 2: "all of
    his"): four jacks and 8-9-10-J of spades score 200 + 50, not 200."""
    from klaverjas_gui import i18n
    from klaverjas_gui.ui.klabberjass_settings import describe

    deal = stacked("JC JD JH 9S TS 7D", "7C 8C AD 8H AH 7S", "QH", "JS 9H 8S", "TC QC KD")
    s = to_declare(new_klabberjass(BELOTE, stacked=deal).apply(TAKE)[0])
    s, _ = s.apply(DECLARE_CALL)
    s, _ = s.apply(PASS)
    assert s.declarations == (0, 250) and Declaration(FOUR, JACK).points == 200
    i18n.set_language(lang)
    assert note in i18n.tr("klabber.note_declarations")
    assert describe(BELOTE)[-1] == words
