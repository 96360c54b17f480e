"""Buttons for the Klabberjass decisions: take / pass / schmeiss, a suit in round 2, the
answer to a schmeiss, the dix, and the declaration. The buttons are exactly the
engine's legal actions; the titles say the situation in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Card, KlabberjassState
from ..engine.klabberjass_rules import best_sequence, describe_sequence, sequence_value
from ..engine.match import PASS, TAKE, Action, name
from .prompts import KEYS, DecisionPrompt

if TYPE_CHECKING:
    from .klabberjass_table import KlabberjassTableScene

Button = tuple[str, str, Action, str, "str | None"]


def card_words(card: Card) -> str:
    """ "7 of hearts": the table's font has no suit symbols."""
    rank = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}.get(card.rank.value)
    return f"{rank or card.rank.value} of {card.suit.english}"


class KlabberjassPrompt(DecisionPrompt):
    table: KlabberjassTableScene

    def _build(self, state: KlabberjassState) -> None:  # type: ignore[override]
        legal = state.legal_actions()
        build = {"bidding": self._bid, "schmeiss": self._answer, "dix": self._dix,
                 "declare": self._declare}[state.phase]  # fmt: skip
        title, hint, buttons = build(state, legal)
        self._row(title, buttons, hint)

    def _other(self) -> str:
        return self.table.seats[1 - (self.table.human_seat or 0)].name

    def _bid(self, state: KlabberjassState, legal: tuple[Action, ...]) -> tuple:
        suit = state.proposed.suit
        buttons: list[Button] = []
        for a in legal:
            if a.kind == "take":
                buttons.append(("take", f"Take {suit.english}", TAKE, "@primary", None))
            elif a.kind == "name":
                s = a.suit  # type: ignore[union-attr]
                buttons.append((f"name_{s}", s.english.capitalize(), a, "@suit", s.value))
        buttons.append(("pass", "Pass", PASS, "", None))
        schmeiss = next(a for a in legal if a.kind == "schmeiss")
        buttons.append(("schmeiss", "Schmeiss", schmeiss, "", None))
        if state.bid_round == 1:
            title = f"{suit.english.capitalize()} is proposed: take it, or pass"
        else:
            title = "Name another suit as trump, or pass"
        if state.variant.clob:
            hint = "Schmeiss: the deal is void and dealt again (clob)."
        else:
            hint = f"Schmeiss: {self._other()} voids the deal or makes you play {suit.english}."
        return title, hint, buttons

    def _answer(self, state: KlabberjassState, legal: tuple[Action, ...]) -> tuple:
        suit, other = state.proposed.suit, self._other()
        accept, refuse = (next(a for a in legal if a.kind == k) for k in ("accept", "refuse"))
        buttons: list[Button] = [
            ("accept", "Accept", accept, "@primary", None),
            ("refuse", "Refuse", refuse, "@claim", None),
        ]
        hint = (f"Accept: the deal is void and dealt again. Refuse: {other} must play "
                f"with {suit.english} as trump.")  # fmt: skip
        return f"{other} says schmeiss", hint, buttons

    def _dix(self, state: KlabberjassState, legal: tuple[Action, ...]) -> tuple:
        t = state.trump_suit
        seven = next(c for c in state.hand(state.to_move) if c.suit == t and c.rank_index == 0)
        dix = next(a for a in legal if a.kind == "dix")
        buttons: list[Button] = [
            ("dix", "Dix", dix, "@primary", None),
            ("pass", "Keep it", PASS, "", None),
        ]
        title = f"Dix? Exchange your {card_words(seven)} for the turned {card_words(state.turned)}"
        return title, "Only before the first trick, and only once.", buttons

    def _declare(self, state: KlabberjassState, legal: tuple[Action, ...]) -> tuple:
        best = best_sequence(state.hands[state.to_move])
        assert best is not None  # the engine offers "declare" only with a sequence
        mine = describe_sequence(len(best), best[-1].rank_index)
        declare = next(a for a in legal if a.kind == "declare")
        buttons: list[Button] = [
            ("declare", "Declare", declare, "@primary", None),
            ("pass", "Stay silent", PASS, "", None),
        ]
        theirs = [(n, top) for s, n, top in state.declared if s != state.to_move]
        if theirs:
            n, top = theirs[0]
            hint = f"{self._other()} declared {describe_sequence(n, top)}: yours beats it."
        else:
            hint = "The better sequence scores all its owner's sequences; the other scores none."
        return f"Declare {mine} ({sequence_value(len(best))})?", hint, buttons

    def key_action(self, command: str, state: KlabberjassState) -> Action | None:  # type: ignore[override]
        """C D H S name a suit, T take, P pass (the engine judges whether it is legal)."""
        if command in KEYS:
            return name(KEYS[command])
        return {"pass": PASS, "take": TAKE}.get(command)
