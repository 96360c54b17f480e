"""Buttons for the Klabberjass decisions: take / pass / schmeiss, a suit in round 2, the
answer to a schmeiss, the dix, and the declaration. The buttons are exactly the
engine's legal actions; the titles say the situation in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine import KlabberjassState
from ....engine.cards import SEVEN
from ....engine.match import PASS, TAKE, Action
from ....i18n import tr
from ....words import card_name, declaration_words, suit_name
from ..prompts import DecisionPrompt

if TYPE_CHECKING:
    from ..port import TablePort

Button = tuple[str, str, Action, str, "str | None"]


class KlabberjassPrompt(DecisionPrompt):
    table: TablePort

    def _build(self, state: KlabberjassState) -> None:  # type: ignore[override]
        legal = state.legal_actions()
        build = {"bidding": self._bid, "schmeiss": self._answer, "dix": self._dix,
                 "declare": self._declare}[state.phase]  # fmt: skip
        title, hint, buttons = build(state, legal)
        self._row(title, buttons, hint)

    def _other(self) -> str:
        return self.table.seat_names()[1 - (self.table.session.holder or 0)]

    def _bid(self, state: KlabberjassState, legal: tuple[Action, ...]) -> tuple:
        suit = state.proposed.suit
        buttons: list[Button] = []
        for a in legal:
            if a.kind == "take":
                label = tr("ui.prompt_take", suit=suit_name(suit))
                buttons.append(("take", label, TAKE, "@primary", None))
            elif a.kind == "name":
                s = a.suit
                buttons.append((f"name_{s}", suit_name(s).capitalize(), a, "@suit", s.value))
        buttons.append(("pass", tr("ui.prompt_pass"), PASS, "", None))
        schmeiss = next(a for a in legal if a.kind == "schmeiss")
        buttons.append(("schmeiss", tr("ui.kj_schmeiss"), schmeiss, "", None))
        if state.bid_round == 1:
            title = tr("ui.prompt_proposed", suit=suit_name(suit).capitalize())
        else:
            title = tr("ui.prompt_name_other_or_pass")
        if state.variant.clob:
            hint = tr("ui.kj_schmeiss_clob")
        else:
            hint = tr("ui.kj_schmeiss_hint", name=self._other(), suit=suit_name(suit))
        return title, hint, buttons

    def _answer(self, state: KlabberjassState, legal: tuple[Action, ...]) -> tuple:
        suit, other = state.proposed.suit, self._other()
        accept, refuse = (next(a for a in legal if a.kind == k) for k in ("accept", "refuse"))
        buttons: list[Button] = [
            ("accept", tr("ui.kj_accept"), accept, "@primary", None),
            ("refuse", tr("ui.kj_refuse"), refuse, "@claim", None),
        ]
        hint = tr("ui.kj_answer_hint", name=other, suit=suit_name(suit))
        return tr("ui.kj_says_schmeiss", name=other), hint, buttons

    def _dix(self, state: KlabberjassState, legal: tuple[Action, ...]) -> tuple:
        t = state.trump_suit
        seven = next(c for c in state.hand(state.to_move) if c.suit == t and c.rank_index == SEVEN)
        dix = next(a for a in legal if a.kind == "dix")
        buttons: list[Button] = [
            ("dix", tr("ui.kj_dix"), dix, "@primary", None),
            ("pass", tr("ui.kj_keep_it"), PASS, "", None),
        ]
        title = tr("ui.kj_dix_title", seven=card_name(seven), turned=card_name(state.turned))
        return title, tr("ui.kj_dix_hint"), buttons

    def _declare(self, state: KlabberjassState, legal: tuple[Action, ...]) -> tuple:
        best = state.best_declaration(state.to_move)
        assert best is not None  # the engine offers "declare" only with a declaration
        mine = declaration_words(best.length, best.top)
        declare = next(a for a in legal if a.kind == "declare")
        buttons: list[Button] = [
            ("declare", tr("ui.kj_declare"), declare, "@primary", None),
            ("pass", tr("ui.kj_stay_silent"), PASS, "", None),
        ]
        theirs = [(n, top) for s, n, top in state.declared if s != state.to_move]
        if theirs:
            n, top = theirs[0]
            words = declaration_words(n, top)
            hint = tr("ui.kj_declared_beats", name=self._other(), sequence=words)
        else:
            hint = tr("ui.kj_declare_hint_belote" if state.belote else "ui.kj_declare_hint")
        title = tr("ui.kj_declare_title", sequence=mine, points=best.points)
        return title[:1].upper() + title[1:], hint, buttons  # Dutch starts with the sequence

    def key_action(self, command: str, state: KlabberjassState) -> Action | None:  # type: ignore[override]
        """T take, P pass (the engine judges whether it is legal); a suit is picked with
        Shift and its letter and named with Enter, as at the four-player table."""
        return {"pass": PASS, "take": TAKE}.get(command)
