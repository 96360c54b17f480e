"""The state machine of two-player Klabberjass (RULES.md 2), built like `match.MatchState`.

`KlabberjassState` is a value: `apply(action)` returns `(next_state, events)` and
never changes the state it is called on. A game follows from its seed (and an
optional stacked first deal) and its action list; the JSON form replays the
actions and rejects a file whose position does not follow from them.

Phases of a deal, seats 0 and 1, the non-dealer always first:
- "bidding": round 1 take / pass / schmeiss; round 2 name another suit / pass /
  schmeiss. Both pass twice: the deal is void and the same dealer redeals.
- "schmeiss": the other player answers a schmeiss: accept (void, redeal) or refuse
  (the schmeisser plays with the proposed suit). With `clob` nobody is asked.
- then 3 more cards each from the stock, non-dealer first.
- "dix": the non-dealer, then the dealer, is asked "dix" or "pass"; only the
  holder of the 7 of trump has "dix", and only when trump is the turned card's suit
  (taken, or a refused schmeiss; a suit named in round 2 leaves the turned card a
  plain card: no dix, RULES.md 2). Both are always asked, so that the question
  itself never tells who holds that 7 (as `must_claim` asks after every trick), and
  games stored before that rule still replay.
- "declare": the non-dealer may declare his best sequence or pass (say nothing);
  then the dealer may declare only if his best sequence beats the declared one
  (any sequence, if the non-dealer passed). The engine compares; the winner shows
  all his sequences and scores them. A declaration states length and top rank.
  With `declarations = belote` a four of a kind is a declaration too (stated as
  length `FOUR` and its rank), the best single one wins (`Declaration.key`) and
  the winner shows and scores his fours of a kind as well.
- "play": non-dealer leads; 9 tricks of 2 cards. Bella is announced by the
  engine when a player who holds the king and queen of trump plays the first.
- "game_over".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import (
    ALL_CARDS,
    KING,
    POINTS,
    QUEEN,
    SEVEN,
    SUITS,
    Card,
    Rank,
    Suit,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
)
from .deal import deal_rng, first_dealer
from .klabberjass_rules import (
    BELLA,
    FOUR,
    LAST_TRICK,
    TRICKS,
    Declaration,
    KlabberjassScoreLine,
    KlabberjassVariant,
    best_declaration,
    declaration_beats,
    declaration_points,
    fours_in,
    game_result,
    sequences_in,
    settle_klabberjass,
)
from .match import (
    NAME_ACTIONS,
    PASS,
    PLAY_BY_SUIT_BYTE,
    TAKE,
    Action,
    CardPlayed,
    DealScored,
    DealStarted,
    MatchOver,
    Passed,
    PlayStarted,
    Redealt,
    TrickWon,
    TrumpChosen,
    card_of,
    name,
    play,
    suit_of,
)
from .match import parse_action as parse_match_action
from .play import KLABBERJASS_PLAY, illegal_reason, klabberjass_obligation, winner_index
from .reasons import Reason
from .state import Event, GameState, StateError

BIDDING, SCHMEISS, DIX, DECLARE, PLAY, GAME_OVER = (
    "bidding", "schmeiss", "dix", "declare", "play", "game_over",
)  # fmt: skip

SCHMEISS_CALL = Action("schmeiss")
ACCEPT = Action("accept")  # accept a schmeiss: the deal is void, the same dealer redeals
REFUSE = Action("refuse")  # refuse it: the schmeisser plays with the proposed suit as trump
DIX_CALL = Action("dix")
DECLARE_CALL = Action("declare")
_SIMPLE = {a.kind: a for a in (PASS, TAKE, SCHMEISS_CALL, ACCEPT, REFUSE, DIX_CALL, DECLARE_CALL)}

__all__ = [
    "ACCEPT", "DECLARE_CALL", "DIX_CALL", "PASS", "REFUSE", "SCHMEISS_CALL", "TAKE",
    "BellaDeclared", "DixMade", "FourDeclared", "KlabberjassObservation", "KlabberjassStacked",
    "KlabberjassState", "Schmeissed", "SchmeissAnswered", "SequenceDeclared", "SequencesShown",
    "StockDealt", "name", "new_klabberjass", "parse_action", "play", "replay",
]  # fmt: skip


def parse_action(text: str | Action) -> Action:
    """ "take", "pass", "schmeiss", "accept", "refuse", "dix", "declare", "name H", "play JH"."""
    if isinstance(text, Action):
        return text
    t = str(text).strip()
    if t in _SIMPLE:
        return _SIMPLE[t]
    parts = t.split()
    if len(parts) == 2 and parts[0] in ("play", "name"):
        return parse_match_action(t)
    raise ValueError(f"not a Klabberjass action: {text!r}")


# --- events of this game (the shared ones come from match.py) ---
class Schmeissed(NamedTuple):
    seat: int


class SchmeissAnswered(NamedTuple):
    seat: int
    accepted: bool  # True: the deal is void; False: the schmeisser plays the proposed suit


class StockDealt(NamedTuple):
    """Trump is fixed: each player got 3 more cards from the stock (9 each)."""

    deal_no: int
    cards_each: int


class DixMade(NamedTuple):
    seat: int
    seven: Card  # the 7 of trump, now face up beside the stock
    taken: Card  # the turned card, now in the player's hand


class SequenceDeclared(NamedTuple):
    """A player states his best sequence: its length and top rank (not its suit)."""

    seat: int
    length: int
    top: Rank


class FourDeclared(NamedTuple):
    """A player states a four of a kind as his best declaration (Belote declarations)."""

    seat: int
    rank: Rank


class SequencesShown(NamedTuple):
    """The player with the best declaration shows all his sequences (and with Belote
    declarations his fours of a kind) and scores them all."""

    seat: int
    sequences: tuple[tuple[Card, ...], ...]
    points: int  # sequences and fours of a kind together
    fours: tuple[tuple[Card, ...], ...] = ()


class BellaDeclared(NamedTuple):
    seat: int
    card: Card  # the first of the king and queen of trump, just played
    points: int


_CARD_PLAYED = tuple(tuple(CardPlayed(seat, c) for c in ALL_CARDS) for seat in range(2))


@dataclass(frozen=True)
class KlabberjassStacked:
    """A chosen first deal (tutorials, tests). `hands`: the 6 cards each of seats 0 and 1
    before bidding; `turned`: the face-up card; `stock`: the top of the stock in dealing
    order (3 for the non-dealer, then 3 for the dealer); the rest follow in card order."""

    dealer: int
    hands: tuple[str, str]
    turned: str
    stock: str = ""

    def order(self) -> list[Card]:
        """The 32 cards in dealing order: 3+3+3+3 (non-dealer first), turned, stock."""
        if self.dealer not in (0, 1):
            raise ValueError("the dealer of a stacked deal is seat 0 or 1")
        hands = [parse_cards(h) for h in self.hands]
        if len(hands) != 2 or any(len(h) != 6 for h in hands):
            raise ValueError("a stacked deal needs two hands of 6 cards")
        nd, dl = hands[1 - self.dealer], hands[self.dealer]
        head = nd[:3] + dl[:3] + nd[3:] + dl[3:] + [parse_card(self.turned)]
        head += parse_cards(self.stock)
        if len(set(head)) != len(head):
            raise ValueError("a stacked deal uses a card twice")
        rest = [c for c in ALL_CARDS if c not in set(head)]
        return head + rest

    def to_dict(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "hands": list(self.hands), "turned": self.turned,
                "stock": self.stock}  # fmt: skip

    @classmethod
    def from_dict(cls, data: Any) -> KlabberjassStacked:
        try:
            hands = data["hands"]
            if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
                raise ValueError("hands must be two strings of cards")
            stacked = cls(data["dealer"], (hands[0], hands[1]), str(data["turned"]),
                          str(data.get("stock", "")))  # fmt: skip
            stacked.order()
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise StateError(f"the saved game has a bad stacked deal ({e})") from None
        return stacked


@dataclass(frozen=True)
class KlabberjassObservation:
    """What one seat may know: its own hand, and everything said or shown in the open."""

    seat: int
    variant: KlabberjassVariant
    phase: str
    to_move: int
    dealer: int
    deal_no: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int]
    stock_size: int
    turned: Card  # the face-up card beside the stock (the 7 of trump after a dix)
    proposed: Card  # the card that was turned up to propose trump
    bid_round: int
    schmeisser: int | None
    trump: Suit | None
    maker: int | None
    dix: int | None  # the seat that exchanged the 7 of trump
    # (seat, length, top rank) as stated; length FOUR: a four of a kind of that rank
    declared: tuple[tuple[int, int, Rank], ...]
    # what the winner showed: his sequences, then his fours of a kind
    shown: tuple[tuple[int, tuple[tuple[Card, ...], ...]], ...]
    declarations: tuple[int, int]  # declaration points scored this deal
    bella: tuple[int, int]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    deal_log: tuple[tuple[int, Action], ...]
    sheet: tuple[KlabberjassScoreLine, ...]
    totals: tuple[int, int]
    legal: tuple[Action, ...]

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def trump_index(self) -> int:
        """The trump suit's index, -1 before trump is fixed (as the state keeps it)."""
        return self.trump.index if self.trump is not None else -1


_FIELDS = (
    "variant", "seed", "stacked", "_log", "n_actions", "phase", "deal_no", "attempt", "dealer",
    "to_move", "hands", "turned", "proposed", "stock", "bid_round", "schmeisser", "trump",
    "maker", "how", "dix", "declared", "shown", "declarations", "fours", "bella", "leader", "trick",
    "tricks", "deal_points", "tricks_won", "deal_start", "sheet", "totals", "winner",
)  # fmt: skip


class KlabberjassState(GameState):
    """An immutable two-player Klabberjass position. Create with `new_klabberjass`."""

    FORMAT = "klabberjass.game"
    NOUN = "game"
    FIELDS = _FIELDS

    variant: KlabberjassVariant
    seed: int
    stacked: KlabberjassStacked | None
    n_actions: int
    phase: str
    deal_no: int  # 1-based number of the deal in progress
    attempt: int  # redeals of this deal by the same dealer (both passed twice, schmeiss)
    dealer: int
    to_move: int
    hands: tuple[int, int]  # bit masks
    turned: Card  # face up beside the stock
    proposed: Card  # the card turned up at the deal (proposes trump)
    stock: tuple[Card, ...]  # face down, top first
    bid_round: int
    schmeisser: int  # -1 when nobody said schmeiss
    trump: int  # suit index, -1 before trump is fixed
    maker: int  # seat, -1 before trump is fixed
    how: str  # took | named | schmeiss
    dix: int  # seat that made the dix, -1 if none
    declared: tuple[tuple[int, int, int], ...]  # (seat, length or FOUR, top rank index)
    shown: tuple[tuple[int, tuple[tuple[Card, ...], ...]], ...]
    declarations: tuple[int, int]
    fours: tuple[int, int]  # the four of a kind part of `declarations`
    bella: tuple[int, int]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    deal_points: tuple[int, int]  # card points taken this deal, last trick's 10 included
    tricks_won: tuple[int, int]
    deal_start: int
    sheet: tuple[KlabberjassScoreLine, ...]
    totals: tuple[int, int]
    winner: int | None

    # --- reading the state ---
    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def _seven_of_trump(self) -> Card:
        return ALL_CARDS[self.trump * 8 + SEVEN]

    def _dix_possible(self) -> bool:
        """A dix exists only when the turned card is a trump (RULES.md 2)."""
        return self.trump == self.proposed.suit_index

    @property
    def belote(self) -> bool:
        """Four of a kind is a declaration too (option declarations = belote)."""
        return self.variant.declarations == "belote"

    def best_declaration(self, seat: int) -> Declaration | None:
        """The best single declaration in `seat`'s hand under this game's option."""
        return best_declaration(self.hands[seat], self.trump, self.belote)

    def _declared_by(self, seat: int) -> tuple[int, int] | None:
        for s, length, top in self.declared:
            if s == seat:
                return (length, top)
        return None

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == PLAY:
            m, _ = klabberjass_obligation(self.trump, self.hands[self.to_move], self.trick)
            c, d, h, s = PLAY_BY_SUIT_BYTE
            return c[m & 255] + d[m >> 8 & 255] + h[m >> 16 & 255] + s[m >> 24]
        if phase == BIDDING:
            if self.bid_round == 1:
                return (TAKE, PASS, SCHMEISS_CALL)
            p = self.proposed.suit_index
            others = tuple(a for s, a in enumerate(NAME_ACTIONS) if s != p)
            return (*others, PASS, SCHMEISS_CALL)
        if phase == SCHMEISS:
            return (ACCEPT, REFUSE)
        if phase == DIX:
            holds = self.hands[self.to_move] & self._seven_of_trump().bit
            return (DIX_CALL, PASS) if holds and self._dix_possible() else (PASS,)
        if phase == DECLARE:
            mine = self.best_declaration(self.to_move)
            if mine is None:
                return (PASS,)
            if self.to_move == self.dealer and not declaration_beats(
                mine, self._declared_by(self.non_dealer), self.belote
            ):
                return (PASS,)
            return (DECLARE_CALL, PASS)
        return ()

    def _refusal(self, action: Action) -> Reason:
        phase, kind = self.phase, action.kind
        if phase == GAME_OVER:
            return Reason("game_over", {})
        if phase == PLAY and kind == "play":
            hand = cards_of(self.hands[self.to_move])
            card = card_of(action)
            reason = illegal_reason(KLABBERJASS_PLAY, SUITS[self.trump], hand, self.trick, card, 2)
            if reason is not None:
                return reason
        proposed = {"suit": self.proposed.suit, "symbol": self.proposed.suit.symbol}
        if phase == BIDDING and self.bid_round == 1 and kind == "name":
            return Reason("kj_first_round", proposed)
        if phase == BIDDING and self.bid_round == 2 and kind in ("take", "name"):
            return Reason("kj_refused", proposed)
        if phase == SCHMEISS and kind in ("pass", "take", "name", "schmeiss"):
            return Reason("kj_schmeiss", proposed)
        if phase == DIX and kind == "dix" and not self._dix_possible():
            turned = {"card": self.proposed.pretty, "trump": SUITS[self.trump]}
            return Reason("kj_no_dix", turned)
        if phase == DIX and kind == "dix":
            return Reason("kj_dix", {"card": self._seven_of_trump().pretty})
        if phase == DECLARE and kind == "declare":
            mine = self.best_declaration(self.to_move)
            belote = self.belote
            if mine is None:
                return Reason("kj_no_declaration" if belote else "kj_no_sequence", {})
            theirs = self._declared_by(self.non_dealer)
            assert theirs is not None  # declared: else declare would be legal
            return Reason("kj_beaten_declaration" if belote else "kj_beaten",
                          {"mine": mine[:2], "theirs": theirs})  # fmt: skip
        return Reason("not_now", {"action": str(action), "wanted": phase})

    def observation(self, seat: int) -> KlabberjassObservation:
        """What `seat` (0 or 1) may know: its own hand and everything played in the open."""
        if seat not in (0, 1) or isinstance(seat, bool):
            raise ValueError(f"a seat in two-player Klabberjass is 0 or 1, not {seat!r}")
        return KlabberjassObservation(
            seat=seat,
            variant=self.variant,
            phase=self.phase,
            to_move=self.to_move,
            dealer=self.dealer,
            deal_no=self.deal_no,
            hand=tuple(self.hand(seat)),
            hand_sizes=(self.hands[0].bit_count(), self.hands[1].bit_count()),
            stock_size=len(self.stock),
            turned=self.turned,
            proposed=self.proposed,
            bid_round=self.bid_round,
            schmeisser=self.schmeisser if self.schmeisser >= 0 else None,
            trump=self.trump_suit,
            maker=self.maker if self.maker >= 0 else None,
            dix=self.dix if self.dix >= 0 else None,
            declared=tuple((s, n, ALL_CARDS[top].rank) for s, n, top in self.declared),
            shown=self.shown,
            declarations=self.declarations,
            bella=self.bella,
            leader=self.leader,
            trick=self.trick,
            tricks=self.tricks,
            deal_log=self.deal_log,
            sheet=self.sheet,
            totals=self.totals,
            legal=self.legal_actions() if seat == self.to_move else (),
        )

    # --- changing the state (on the fresh copy made by GameState.apply) ---
    parse_action = staticmethod(parse_action)

    def _dispatch(self, seat: int, action: Action, events: list[Event]) -> None:
        phase = self.phase
        if phase == PLAY:
            self._play(seat, card_of(action), events)
        elif phase == BIDDING:
            self._bid(seat, action, events)
        elif phase == SCHMEISS:
            self._answer(seat, action is ACCEPT, events)
        elif phase == DIX:
            self._dix(seat, action is DIX_CALL, events)
        else:
            self._declare(seat, action is DECLARE_CALL, events)

    def _void(self, events: list[Event]) -> None:
        events.append(Redealt(self.deal_no, self.dealer))
        self._start_deal(self.deal_no, self.dealer, self.attempt + 1, events)

    def _bid(self, seat: int, action: Action, events: list[Event]) -> None:
        kind = action.kind
        if kind == "pass":
            events.append(Passed(seat, BIDDING))
            if seat == self.non_dealer:
                self._set(to_move=self.dealer)
            elif self.bid_round == 1:
                self._set(bid_round=2, to_move=self.non_dealer)
            else:
                self._void(events)
        elif kind == "schmeiss":
            events.append(Schmeissed(seat))
            if self.variant.clob:
                self._void(events)
            else:
                self._set(phase=SCHMEISS, schmeisser=seat, to_move=1 - seat)
        elif kind == "take":
            self._fix_trump(seat, self.proposed.suit, "took", events)
        else:
            self._fix_trump(seat, suit_of(action), "named", events)

    def _answer(self, seat: int, accepted: bool, events: list[Event]) -> None:
        events.append(SchmeissAnswered(seat, accepted))
        if accepted:
            self._void(events)
        else:
            self._fix_trump(self.schmeisser, self.proposed.suit, "schmeiss", events)

    def _fix_trump(self, maker: int, suit: Suit, how: str, events: list[Event]) -> None:
        events.append(TrumpChosen(maker, suit, how))
        nd, dl = self.non_dealer, self.dealer
        hands = [0, 0]
        hands[nd] = self.hands[nd] | mask_of(self.stock[:3])
        hands[dl] = self.hands[dl] | mask_of(self.stock[3:6])
        self._set(trump=suit.index, maker=maker, how=how, hands=(hands[0], hands[1]),
                  stock=self.stock[6:], phase=DIX, to_move=nd)  # fmt: skip
        events.append(StockDealt(self.deal_no, 3))

    def _dix(self, seat: int, exchange: bool, events: list[Event]) -> None:
        if exchange:
            seven, taken = self._seven_of_trump(), self.turned
            hands = list(self.hands)
            hands[seat] = hands[seat] ^ seven.bit | taken.bit
            self._set(hands=(hands[0], hands[1]), turned=seven, dix=seat)
            events.append(DixMade(seat, seven, taken))
        else:
            events.append(Passed(seat, DIX))
        if seat == self.non_dealer:
            self._set(to_move=self.dealer)
        else:
            self._set(phase=DECLARE, to_move=self.non_dealer)

    def _declare(self, seat: int, declare: bool, events: list[Event]) -> None:
        if declare:
            best = self.best_declaration(seat)
            if best is None:  # only `force` comes here: a guest's guessed hand (net/mirror.py)
                raise ValueError(f"seat {seat} has nothing to declare")
            length, top = best.length, best.top
            self._set(declared=(*self.declared, (seat, length, top)))
            rank = ALL_CARDS[top].rank
            events.append(FourDeclared(seat, rank) if length == FOUR
                          else SequenceDeclared(seat, length, rank))  # fmt: skip
        else:
            events.append(Passed(seat, DECLARE))
        if seat == self.non_dealer:
            self._set(to_move=self.dealer)
            return
        # The dealer has spoken: he declares only when he beats the non-dealer.
        winner = seat if declare else self.non_dealer if self.declared else -1
        if winner >= 0:
            hand = self.hands[winner]
            seqs = sequences_in(hand)
            fours = fours_in(hand) if self.belote else ()
            in_seqs, in_fours = declaration_points(hand, self.belote)
            points = in_seqs + in_fours
            scored = (points, 0) if winner == 0 else (0, points)
            self._set(shown=((winner, seqs + fours),), declarations=scored,
                      fours=(in_fours, 0) if winner == 0 else (0, in_fours))  # fmt: skip
            events.append(SequencesShown(winner, seqs, points, fours))
        nd = self.non_dealer
        self._set(phase=PLAY, leader=nd, to_move=nd)
        events.append(PlayStarted(nd))

    def _play(self, seat: int, card: Card, events: list[Event]) -> None:
        d = self.__dict__
        t = self.trump
        hand = self.hands[seat]
        events.append(_CARD_PLAYED[seat][card.index])
        if card.suit_index == t and card.rank_index in (QUEEN, KING):
            other = ALL_CARDS[t * 8 + (KING if card.rank_index == QUEEN else QUEEN)]
            if hand & other.bit:
                b0, b1 = self.bella
                d["bella"] = (b0 + BELLA, b1) if seat == 0 else (b0, b1 + BELLA)
                events.append(BellaDeclared(seat, card, BELLA))
        hand ^= card.bit
        d["hands"] = (hand, self.hands[1]) if seat == 0 else (self.hands[0], hand)
        trick = (*self.trick, card)
        if len(trick) < 2:
            d["trick"] = trick
            d["to_move"] = 1 - seat
            return
        winner = (self.leader + winner_index(t, trick)) % 2
        trick_no = len(self.tricks)
        pts = POINTS[t]
        points = pts[trick[0].index] + pts[trick[1].index]
        points += LAST_TRICK if trick_no == TRICKS - 1 else 0
        events.append(TrickWon(winner, trick_no, trick, points, 0))
        p0, p1 = self.deal_points
        w0, w1 = self.tricks_won
        d["deal_points"] = (p0 + points, p1) if winner == 0 else (p0, p1 + points)
        d["tricks_won"] = (w0 + 1, w1) if winner == 0 else (w0, w1 + 1)
        d["trick"] = ()
        d["tricks"] = (*self.tricks, (self.leader, trick))
        d["leader"] = d["to_move"] = winner
        if trick_no == TRICKS - 1:
            self._score_deal(events)

    def _score_deal(self, events: list[Event]) -> None:
        score = settle_klabberjass(self.maker, self.deal_points, self.declarations, self.bella,
                                   self.tricks_won, self.fours)  # fmt: skip
        line = KlabberjassScoreLine(
            self.deal_no, self.dealer, self.maker, SUITS[self.trump].value, self.how, score
        )
        totals = (self.totals[0] + score.scores[0], self.totals[1] + score.scores[1])
        self._set(sheet=(*self.sheet, line), totals=totals)
        # DealScored names the Klaverjas line; the protocol swaps in this one (_SHARED)
        events.append(DealScored(line, totals))  # type: ignore[arg-type]
        winner, over = game_result(self.variant.target, totals)
        if over:
            self._set(phase=GAME_OVER, winner=winner, to_move=-1)
            events.append(MatchOver(winner, totals))
        else:
            self._start_deal(self.deal_no + 1, 1 - self.dealer, 0, events)

    def _start_deal(self, deal_no: int, dealer: int, attempt: int, events: list[Event]) -> None:
        if self.stacked is not None and deal_no == 1 and attempt == 0:
            order = self.stacked.order()
        else:
            order = list(ALL_CARDS)
            deal_rng(self.seed, deal_no, attempt).shuffle(order)
        self._deal(deal_no, dealer, attempt, order, events)

    def _deal(self, deal_no: int, dealer: int, attempt: int, order: list[Card],
              events: list[Event]) -> None:  # fmt: skip
        nd = 1 - dealer
        hands = [0, 0]
        for k, seat in enumerate((nd, dealer, nd, dealer)):
            hands[seat] |= mask_of(order[3 * k : 3 * k + 3])
        turned = order[12]
        self._set(
            phase=BIDDING, deal_no=deal_no, attempt=attempt, dealer=dealer, to_move=nd,
            hands=(hands[0], hands[1]), turned=turned, proposed=turned, stock=tuple(order[13:]),
            bid_round=1, schmeisser=-1, trump=-1, maker=-1, how="", dix=-1, declared=(),
            shown=(), declarations=(0, 0), fours=(0, 0), bella=(0, 0), leader=nd, trick=(),
            tricks=(), deal_points=(0, 0), tricks_won=(0, 0), deal_start=self.n_actions,
        )  # fmt: skip
        events.append(DealStarted(deal_no, dealer, turned))

    # --- saving and comparing ---
    def snapshot(self) -> dict[str, Any]:
        """Everything that defines the position, as plain JSON data."""

        def names(cards: Iterable[Card]) -> list[str]:
            return [str(c) for c in cards]

        return {
            "phase": self.phase,
            "deal_no": self.deal_no,
            "attempt": self.attempt,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hands": [names(cards_of(h)) for h in self.hands],
            "turned": str(self.turned),
            "proposed": str(self.proposed),
            "stock": names(self.stock),
            "bid_round": self.bid_round,
            "schmeisser": self.schmeisser,
            "trump": SUITS[self.trump].value if self.trump >= 0 else None,
            "maker": self.maker,
            "how": self.how,
            "dix": self.dix,
            "declared": [list(x) for x in self.declared],
            "shown": [[seat, [names(s) for s in seqs]] for seat, seqs in self.shown],
            "declarations": list(self.declarations),
            "bella": list(self.bella),
            "leader": self.leader,
            "trick": names(self.trick),
            "tricks": [[lead, names(cards)] for lead, cards in self.tricks],
            "deal_points": list(self.deal_points),
            "tricks_won": list(self.tricks_won),
            "sheet": [line.to_dict() for line in self.sheet],
            "totals": list(self.totals),
            "winner": self.winner,
        }

    @classmethod
    def start(
        cls, variant: KlabberjassVariant, seed: int, stacked: KlabberjassStacked | None
    ) -> KlabberjassState:
        return new_klabberjass(variant, seed, stacked)

    @classmethod
    def load_variant(cls, data: dict[str, Any]) -> KlabberjassVariant:
        return KlabberjassVariant.from_dict(data)

    @classmethod
    def load_stacked(cls, data: Any) -> KlabberjassStacked:
        return KlabberjassStacked.from_dict(data)


def dealt_klabberjass(
    variant: KlabberjassVariant, deal_no: int, dealer: int, order: list[Card], n_actions: int,
    sheet: tuple[KlabberjassScoreLine, ...], totals: tuple[int, int],
) -> KlabberjassState:  # fmt: skip
    """A deal's first position from the 32 cards in dealing order, after `n_actions` moves
    and the deals of `sheet`: what a guest's table rebuilds, the unseen cards guessed
    (play/net/mirror.py). It has no seed: its later deals are not the game's."""
    state = KlabberjassState._blank()
    state._set(variant=variant, seed=0, stacked=None, _log=None, n_actions=n_actions,
               sheet=sheet, totals=totals, winner=None)  # fmt: skip
    state._deal(deal_no, dealer, 0, order, [])
    return state


def new_klabberjass(
    variant: KlabberjassVariant | None = None,
    seed: int = 0,
    stacked: KlabberjassStacked | None = None,
) -> KlabberjassState:
    """A game at its first deal: 6 cards each, a card turned up, waiting for the non-dealer.
    With `stacked`, the first deal uses those cards and that dealer; later deals are random."""
    if stacked is not None:
        stacked.order()
    state = KlabberjassState._blank()
    state._set(variant=variant or KlabberjassVariant(), seed=seed, stacked=stacked, _log=None,
               n_actions=0, sheet=(), totals=(0, 0), winner=None)  # fmt: skip
    dealer = stacked.dealer if stacked else first_dealer(seed, players=2)
    state._start_deal(1, dealer, 0, [])
    return state


def replay(
    variant: KlabberjassVariant,
    seed: int,
    actions: Iterable[Action | str],
    stacked: KlabberjassStacked | None = None,
) -> KlabberjassState:
    """The state after playing `actions` from the start of a game with this seed."""
    return KlabberjassState.replay(variant, seed, actions, stacked)
