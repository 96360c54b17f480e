"""The game's words (klaverjas_gui/words.py): one name for a card, a suit, a kraak and
a roem, the same in the hint, the demo caption, the prompt and the review."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from klaverjas_gui import i18n
from klaverjas_gui.engine import PRESETS, Suit, parse_card, parse_cards
from klaverjas_gui.engine.match import KraakCalled
from klaverjas_gui.teach import hints
from klaverjas_gui.ui import captions, replay
from klaverjas_gui.ui.table import prompts
from klaverjas_gui.words import (
    card_name,
    card_text,
    describe_roem,
    kraak_name,
    run_name,
    sequence_words,
    suit_name,
)


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


CARDS = {  # card -> (English, Dutch, French), as a sentence embeds them
    "TH": ("the 10 of hearts", "de harten 10", "le 10 de cœur"),
    "JC": ("the jack of clubs", "de klaveren boer", "le valet de trèfle"),
    "QS": ("the queen of spades", "de schoppen vrouw", "la dame de pique"),
    "AD": ("the ace of diamonds", "de ruiten aas", "l'as de carreau"),
}


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_a_card_has_one_name_in_each_language(lang):
    i18n.set_language(lang)
    i18n.missing.clear()
    for text, names in CARDS.items():
        assert card_name(parse_card(text)) == names[("en", "nl", "fr").index(lang)]
    assert not i18n.missing


def test_hints_captions_and_prompts_use_the_same_words():
    """The three modules that once kept their own copies now hand out the same ones."""
    assert hints.card_name is card_name and hints.suit_name is suit_name
    assert captions.card_name is card_name and captions.suit_name is suit_name
    assert prompts.suit_name is suit_name and replay.card_text is card_text


def test_there_is_one_words_module():
    """The UI once had its own words module beside this one; every screen now uses this."""
    assert importlib.util.find_spec("klaverjas_gui.ui.words") is None


@pytest.mark.parametrize(
    ("lang", "suit", "run", "letters", "symbols"),
    [
        ("en", "hearts", "7-8-9 of clubs", "J, Q, K of hearts", "Q♥"),
        ("nl", "harten", "klaveren 7-8-9", "harten B, V, H", "V♥"),
        ("fr", "cœur", "7-8-9 de trèfle", "V, D, R de cœur", "D♥"),
    ],
)
def test_suits_runs_and_card_letters(lang, suit, run, letters, symbols):
    i18n.set_language(lang)
    assert suit_name(Suit.H) == suit_name("H") == suit
    assert run_name(parse_cards("7C 8C 9C")) == run
    assert run_name(parse_cards("JH QH KH"), ", ") == letters
    assert card_text(parse_card("QH")) == symbols


@pytest.mark.parametrize(
    ("lang", "king", "ace"),
    [
        ("en", "a sequence of 4 to the king", "a sequence of 3 to the ace"),
        ("nl", "een reeks van 4 tot de heer", "een reeks van 3 tot de aas"),
        ("fr", "une suite de 4, le roi en tête", "une suite de 3, l'as en tête"),
    ],
)
def test_sequence_words_name_the_top_card(lang, king, ace):
    i18n.set_language(lang)
    assert sequence_words(4, 6) == king and sequence_words(3, 7) == ace


def test_roem_in_words():
    v = PRESETS["amsterdam"]
    assert describe_roem(v, Suit("H"), parse_cards("JH QH KH 7C")) == (
        "J-Q-K of hearts and king and queen of trump (stuk)"
    )
    assert describe_roem(v, Suit("H"), parse_cards("JS JH JD JC")) == "four jacks"
    i18n.set_language("nl")
    assert describe_roem(v, Suit("H"), parse_cards("JH QH KH 7C")) == (
        "harten B-V-H en heer en vrouw van troef (stuk)"
    )
    i18n.set_language("fr")
    assert describe_roem(v, Suit("S"), parse_cards("7C 8C 9C AS")) == "7-8-9 de trèfle"


def test_the_demo_says_kraak_in_the_players_own_word():
    """The caption once said "kraak" in French too; now it is the table's own word."""
    names = ["Anna", "Henk", "Joop", "Sanne"]
    ev = KraakCalled(seat=1, level=2)
    assert captions._caption(ev, None, names, None, 4) == ("Henk calls rekraak: the stakes double.")
    i18n.set_language("fr")
    assert kraak_name(1) == "Contre"
    assert captions._caption(ev, None, names, None, 4) == (
        "Henk annonce surcontre : la mise double."
    )


def test_the_words_and_the_teaching_need_no_pygame():
    code = (
        "import sys, klaverjas_gui.words, klaverjas_gui.teach.hints, "
        "klaverjas_gui.teach.klabberjass_hints; print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("lang", "zero", "wrong"),
    [("en", "the Kraak team 0", "choosers"), ("nl", "het Kraak-team 0", "spelers"),
     ("fr", "l'équipe du Contre 0", "preneur")],
)  # fmt: skip
def test_a_litige_after_kraak_says_the_kraak_team_scores_0(lang, zero, wrong):
    import dataclasses

    from klaverjas_gui.engine.scoring import settle
    from klaverjas_gui.words import describe_deal

    i18n.set_language(lang)
    v = dataclasses.replace(PRESETS["kraken"], tie="litige")
    text = describe_deal(settle(v, 0, (81, 81), (0, 0), (4, 4), kraak_level=1))
    assert text.endswith(f"{zero}.") and wrong not in text
    plain = describe_deal(settle(v, 0, (81, 81), (0, 0), (4, 4)))  # no kraak: the choosers
    assert plain.endswith(f"{i18n.tr('rules.deal_litige_zero')}.")
