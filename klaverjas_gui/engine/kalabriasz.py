"""The state machine of three-player Klaverjas (Kalabriasz, RULES.md 3), built like
`klabberjass.KlabberjassState`.

`KalabriaszState` is a value: `apply(action)` returns `(next_state, events)` and never
changes the state it is called on. A match follows from its seed (and an optional
stacked first deal) and its action list; the JSON form replays the actions and rejects
a file whose position does not follow from them.

Seats 0, 1, 2 clockwise; first hand is the seat after the dealer. A deal:
- 10 cards each and 2 face down to the talon, in packets of 4, the talon, 3 and 3.
- "bidding": from first hand, each names a suit ("name H") or passes. The first to name
  is the maker. All three pass: the deal is void (a line on the sheet that scores
  nothing, so that each still deals four times in twelve deals) and the next seat deals.
- "talon": the maker takes the two talon cards unseen by the others and lays two cards
  away, one action each ("lay 7C"); they count for him.
- "play": first hand leads; 10 tricks of 3 cards. The two defenders are partners for the
  play duties (RULES.md 1.5). Roem in the trick is credited to the trick's winner.
- then the deal is scored (`kalabriasz_rules.settle_kalabriasz`) and the match goes on
  or is over ("game_over").

What is hidden: the talon and the cards laid away are seen by the maker only, the hands
by their owners. `observation(seat)` and `redact(event, seat)` never show more.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import ALL_CARDS, POINTS, SUITS, Card, Suit, cards_of, mask_of, parse_card, parse_cards
from .deal import deal_rng, first_dealer
from .kalabriasz_rules import (
    LAST_TRICK,
    PLAYERS,
    TRICKS,
    VOID_SCORE,
    KalabriaszScoreLine,
    KalabriaszVariant,
    match_result,
    settle_kalabriasz,
)
from .match import (
    NAME_ACTIONS,
    PASS,
    PLAY_BY_SUIT_BYTE,
    Action,
    CardPlayed,
    DealStarted,
    Passed,
    PlayStarted,
    TrickWon,
    TrumpChosen,
    card_of,
    name,
    play,
    suit_of,
)
from .match import parse_action as parse_match_action
from .play import illegal_reason, obligation, winner_index
from .reasons import Reason
from .roem import roem_of
from .state import Event, GameState, StateError

BIDDING, TALON, PLAY, GAME_OVER = "bidding", "talon", "play", "game_over"
LAY_ACTIONS = tuple(Action("lay", card=c) for c in ALL_CARDS)  # by card index
LAY_HIDDEN = Action("lay")  # a card laid away, as the other two players see it
LAID = 2  # cards the maker lays away

__all__ = [
    "LAY_ACTIONS", "PASS", "AllPassed", "CardLaidAway", "KalabriaszDealScored",
    "KalabriaszMatchOver", "KalabriaszObservation", "KalabriaszStacked", "KalabriaszState",
    "TalonTaken", "dealt_kalabriasz", "lay", "name", "new_kalabriasz", "parse_action", "play",
    "redact", "replay",
]  # fmt: skip


def lay(card: Card | str) -> Action:
    """The maker lays `card` away."""
    return LAY_ACTIONS[(card if isinstance(card, Card) else parse_card(card)).index]


def parse_action(text: str | Action) -> Action:
    """ "pass", "name H", "lay 7C", "play JH"."""
    if isinstance(text, Action):
        return text
    parts = str(text).split()
    if len(parts) == 1 and parts[0] == "pass":
        return PASS
    if len(parts) == 2 and parts[0] == "lay":
        return lay(parts[1])
    if len(parts) == 2 and parts[0] in ("play", "name"):
        return parse_match_action(" ".join(parts))
    raise ValueError(f"not a three-player action: {text!r}")


# --- events of this game (the shared ones come from match.py) ---
class AllPassed(NamedTuple):
    """Nobody named trump: the deal is void and scores nothing; the next seat deals."""

    deal_no: int
    dealer: int


class TalonTaken(NamedTuple):
    """The maker took the talon; `cards` is empty in what the other two are shown."""

    seat: int
    cards: tuple[Card, ...]


class CardLaidAway(NamedTuple):
    """The maker laid a card away; `card` is None in what the other two are shown."""

    seat: int
    card: Card | None


class KalabriaszDealScored(NamedTuple):
    line: KalabriaszScoreLine
    totals: tuple[int, int, int]


class KalabriaszMatchOver(NamedTuple):
    winners: tuple[int, ...]  # one seat, or the leaders who share the win
    totals: tuple[int, int, int]


def redact(event: Event, seat: int) -> Event:
    """`event` as `seat` may see it: the talon and the cards laid away only for the maker."""
    if isinstance(event, TalonTaken) and event.seat != seat:
        return TalonTaken(event.seat, ())
    if isinstance(event, CardLaidAway) and event.seat != seat:
        return CardLaidAway(event.seat, None)
    return event


@dataclass(frozen=True)
class KalabriaszStacked:
    """A chosen first deal (tutorials, tests). `hands`: the 10 cards of seats 0, 1, 2, each
    in dealing order (4, then 3, then 3); `talon`: its 2 cards."""

    dealer: int
    hands: tuple[str, str, str]
    talon: str

    def order(self) -> list[Card]:
        """The 32 cards in dealing order: 4 each from first hand, the talon, 3 each, 3 each."""
        if self.dealer not in range(PLAYERS) or isinstance(self.dealer, bool):
            raise ValueError("the dealer of a stacked deal is seat 0, 1 or 2")
        hands = [parse_cards(h) for h in self.hands]
        talon = parse_cards(self.talon)
        if len(hands) != PLAYERS or any(len(h) != 10 for h in hands) or len(talon) != 2:
            raise ValueError("a stacked deal needs three hands of 10 cards and a talon of 2")
        seats = [(self.dealer + 1 + k) % PLAYERS for k in range(PLAYERS)]
        order = [c for s in seats for c in hands[s][:4]] + talon
        order += [c for s in seats for c in hands[s][4:7]]
        order += [c for s in seats for c in hands[s][7:]]
        if len(set(order)) != 32:
            raise ValueError("a stacked deal uses a card twice")
        return order

    def to_dict(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "hands": list(self.hands), "talon": self.talon}

    @classmethod
    def from_dict(cls, data: Any) -> KalabriaszStacked:
        try:
            hands = data["hands"]
            if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
                raise ValueError("hands must be three strings of cards")
            stacked = cls(data["dealer"], (hands[0], hands[1], hands[2]), str(data["talon"]))
            stacked.order()
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise StateError(f"the saved game has a bad stacked deal ({e})") from None
        return stacked


@dataclass(frozen=True)
class KalabriaszObservation:
    """What one seat may know: its own hand, the talon and the cards laid away if it is the
    maker, and everything played in the open."""

    seat: int
    variant: KalabriaszVariant
    phase: str
    to_move: int
    dealer: int
    deal_no: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int, int]
    talon: tuple[Card, ...]  # the maker's view once he took it; empty for the others
    laid_away: tuple[Card, ...]  # the maker's view; the others see only how many
    laid_away_count: int
    trump: Suit | None
    maker: int | None
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    deal_log: tuple[tuple[int, Action], ...]  # another seat's "lay" without its card
    sheet: tuple[KalabriaszScoreLine, ...]
    totals: tuple[int, int, int]
    legal: tuple[Action, ...]

    @property
    def first_hand(self) -> int:
        return (self.dealer + 1) % PLAYERS

    @property
    def trump_index(self) -> int:
        """The trump suit's index, -1 before trump is fixed (as the state keeps it)."""
        return self.trump.index if self.trump is not None else -1


_FIELDS = (
    "variant", "seed", "stacked", "_log", "n_actions", "phase", "deal_no", "dealer", "to_move",
    "hands", "talon", "laid_away", "trump", "maker", "leader", "trick", "tricks",
    "deal_points", "roem", "tricks_won", "deal_start", "sheet", "totals", "winner", "winners",
)  # fmt: skip


def _add(values: tuple[int, int, int], seat: int, amount: int) -> tuple[int, int, int]:
    out = list(values)
    out[seat] += amount
    return (out[0], out[1], out[2])


class KalabriaszState(GameState):
    """An immutable three-player position. Create with `new_kalabriasz`."""

    FORMAT = "kalabriasz.game"
    NOUN = "game"
    FIELDS = _FIELDS

    variant: KalabriaszVariant
    seed: int
    stacked: KalabriaszStacked | None
    n_actions: int
    phase: str
    deal_no: int  # 1-based number of the deal in progress
    dealer: int
    to_move: int
    hands: tuple[int, int, int]  # bit masks; the maker's holds the talon until he lays away
    talon: tuple[Card, ...]  # the two cards dealt face down
    laid_away: tuple[Card, ...]  # by the maker, in the order laid
    trump: int  # suit index, -1 before trump is named
    maker: int  # seat, -1 before trump is named
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    deal_points: tuple[int, int, int]  # card points taken in tricks, last trick's 10 included
    roem: tuple[int, int, int]
    tricks_won: tuple[int, int, int]
    deal_start: int
    sheet: tuple[KalabriaszScoreLine, ...]
    totals: tuple[int, int, int]
    winner: int | None  # the single winner; None while playing or when the win is shared
    winners: tuple[int, ...]  # every seat that shares the win, once the match is over

    # --- reading the state ---
    @property
    def first_hand(self) -> int:
        return (self.dealer + 1) % PLAYERS

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def partner_winning(self) -> bool:
        """Is the card winning the trick on the table the partner's of the seat to move?
        Only a defender has a partner: the other defender."""
        return self._partner_winning()

    def _partner_winning(self) -> bool:
        trick = self.trick
        if not trick or self.to_move == self.maker:
            return False
        winner = (self.leader + winner_index(self.trump, trick)) % PLAYERS
        return winner != self.maker

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[self.to_move]
            rules = self.variant.play_rules
            m, _ = obligation(rules, self.trump, hand, self.trick, self._partner_winning())
            c, d, h, s = PLAY_BY_SUIT_BYTE
            return c[m & 255] + d[m >> 8 & 255] + h[m >> 16 & 255] + s[m >> 24]
        if phase == BIDDING:
            return (*NAME_ACTIONS, PASS)
        if phase == TALON:
            return tuple(LAY_ACTIONS[c.index] for c in cards_of(self.hands[self.maker]))
        return ()

    def _refusal(self, action: Action) -> Reason:
        phase, kind = self.phase, action.kind
        if phase == GAME_OVER:
            return Reason("game_over", {})
        hand = cards_of(self.hands[self.to_move])
        if phase == PLAY and kind == "play":
            card = card_of(action)
            reason = illegal_reason(self.variant.play_rules, SUITS[self.trump], hand, self.trick,
                                    card, PLAYERS, self._partner_winning())  # fmt: skip
            if reason is not None:
                return reason
        if phase == TALON and kind == "lay" and action.card not in hand:
            return Reason("not_held", {"card": action.card.pretty if action.card else "?"})
        return Reason("not_now", {"action": str(action), "wanted": phase})

    def observation(self, seat: int) -> KalabriaszObservation:
        """What `seat` (0, 1 or 2) may know."""
        if seat not in range(PLAYERS) or isinstance(seat, bool):
            raise ValueError(f"a seat in the three-player game is 0, 1 or 2, not {seat!r}")
        maker = self.maker if self.maker >= 0 else None
        mine = seat == maker
        log = tuple((s, a if a.kind != "lay" or mine else LAY_HIDDEN) for s, a in self.deal_log)
        h = self.hands
        return KalabriaszObservation(
            seat=seat, variant=self.variant, phase=self.phase, to_move=self.to_move,
            dealer=self.dealer, deal_no=self.deal_no, hand=tuple(self.hand(seat)),
            hand_sizes=(h[0].bit_count(), h[1].bit_count(), h[2].bit_count()),
            talon=self.talon if mine else (), laid_away=self.laid_away if mine else (),
            laid_away_count=len(self.laid_away), trump=self.trump_suit, maker=maker,
            leader=self.leader, trick=self.trick, tricks=self.tricks, deal_log=log,
            sheet=self.sheet, totals=self.totals,
            legal=self.legal_actions() if seat == self.to_move else (),
        )  # fmt: skip

    def seen_by(self, seat: int, action: Action, events: list[Event]) -> tuple[Action, list[Event]]:
        """The maker's card laid away is "lay" to the other two, and the talon he took empty."""
        if action.kind == "lay" and self.actor(action) != seat:
            action = LAY_HIDDEN
        return action, [redact(e, seat) for e in events]

    @classmethod
    def parse_seen(cls, text: Any) -> Action:
        """Also "lay": a card the maker laid away, as the other two see it."""
        return LAY_HIDDEN if text == str(LAY_HIDDEN) else parse_action(text)

    # --- changing the state (on the fresh copy made by GameState.apply) ---
    parse_action = staticmethod(parse_action)

    def _dispatch(self, seat: int, action: Action, events: list[Event]) -> None:
        phase = self.phase
        if phase == PLAY:
            self._play(seat, card_of(action), events)
        elif phase == BIDDING:
            self._bid(seat, action, events)
        else:
            self._lay(seat, card_of(action), events)

    def _bid(self, seat: int, action: Action, events: list[Event]) -> None:
        if action.kind == "pass":
            events.append(Passed(seat, BIDDING))
            if (seat + 1) % PLAYERS != self.first_hand:
                self._set(to_move=(seat + 1) % PLAYERS)
                return
            events.append(AllPassed(self.deal_no, self.dealer))
            line = KalabriaszScoreLine(self.deal_no, self.dealer, -1, "", VOID_SCORE)
            self._end_deal(line, events)
            return
        suit = suit_of(action)
        events.append(TrumpChosen(seat, suit, "named"))
        events.append(TalonTaken(seat, self.talon))
        hands = list(self.hands)
        hands[seat] |= mask_of(self.talon)
        self._set(trump=suit.index, maker=seat, hands=(hands[0], hands[1], hands[2]),
                  phase=TALON, to_move=seat)  # fmt: skip

    def _lay(self, seat: int, card: Card, events: list[Event]) -> None:
        hands = list(self.hands)
        hands[seat] ^= card.bit
        laid = (*self.laid_away, card)
        self._set(hands=(hands[0], hands[1], hands[2]), laid_away=laid)
        events.append(CardLaidAway(seat, card))
        if len(laid) == LAID:
            fh = self.first_hand
            self._set(phase=PLAY, leader=fh, to_move=fh)
            events.append(PlayStarted(fh))

    def _play(self, seat: int, card: Card, events: list[Event]) -> None:
        t = self.trump
        hands = list(self.hands)
        hands[seat] ^= card.bit
        events.append(CardPlayed(seat, card))
        trick = (*self.trick, card)
        if len(trick) < PLAYERS:
            self._set(hands=(hands[0], hands[1], hands[2]), trick=trick,
                      to_move=(seat + 1) % PLAYERS)  # fmt: skip
            return
        winner = (self.leader + winner_index(t, trick)) % PLAYERS
        trick_no = len(self.tricks)
        points = sum(POINTS[t][c.index] for c in trick)
        points += LAST_TRICK if trick_no == TRICKS - 1 else 0
        roem = roem_of(self.variant.play_rules, t, trick)
        events.append(TrickWon(winner, trick_no, trick, points, roem))
        self._set(
            hands=(hands[0], hands[1], hands[2]), trick=(),
            tricks=(*self.tricks, (self.leader, trick)),
            deal_points=_add(self.deal_points, winner, points), roem=_add(self.roem, winner, roem),
            tricks_won=_add(self.tricks_won, winner, 1), leader=winner, to_move=winner,
        )  # fmt: skip
        if trick_no == TRICKS - 1:
            self._score_deal(events)

    def _score_deal(self, events: list[Event]) -> None:
        maker, t = self.maker, self.trump
        pit = [0, 0, 0]
        if self.tricks_won[maker] == TRICKS:
            pit[maker] = self.variant.pit_bonus
        away = sum(POINTS[t][c.index] for c in self.laid_away)
        score = settle_kalabriasz(maker, self.deal_points, away, self.roem, pit, self.tricks_won)
        line = KalabriaszScoreLine(self.deal_no, self.dealer, maker, SUITS[t].value, score)
        self._end_deal(line, events)

    def _end_deal(self, line: KalabriaszScoreLine, events: list[Event]) -> None:
        s = line.score.scores
        totals = (self.totals[0] + s[0], self.totals[1] + s[1], self.totals[2] + s[2])
        sheet = (*self.sheet, line)
        self._set(sheet=sheet, totals=totals)
        events.append(KalabriaszDealScored(line, totals))
        winners, over = match_result(self.variant, len(sheet), totals)
        if over:
            self._set(phase=GAME_OVER, winners=winners, to_move=-1,
                      winner=winners[0] if len(winners) == 1 else None)  # fmt: skip
            events.append(KalabriaszMatchOver(winners, totals))
        else:
            self._start_deal(self.deal_no + 1, (self.dealer + 1) % PLAYERS, events)

    def _start_deal(self, deal_no: int, dealer: int, events: list[Event]) -> None:
        if self.stacked is not None and deal_no == 1:
            order = self.stacked.order()
        else:
            order = list(ALL_CARDS)
            deal_rng(self.seed, deal_no).shuffle(order)
        self._deal(deal_no, dealer, order, events)

    def _deal(self, deal_no: int, dealer: int, order: list[Card], events: list[Event]) -> None:
        """Deal `order`: 4 each from first hand, the talon of 2, then 3 each twice."""
        fh = (dealer + 1) % PLAYERS
        seats = [(fh + k) % PLAYERS for k in range(PLAYERS)]
        hands = [0, 0, 0]
        for k, seat in enumerate(seats):
            hands[seat] = mask_of(order[4 * k : 4 * k + 4])  # 0..11
            hands[seat] |= mask_of(order[14 + 3 * k : 17 + 3 * k])  # 14..22
            hands[seat] |= mask_of(order[23 + 3 * k : 26 + 3 * k])  # 23..31
        talon = (order[12], order[13])
        self._set(
            phase=BIDDING, deal_no=deal_no, dealer=dealer, to_move=fh,
            hands=(hands[0], hands[1], hands[2]), talon=talon, laid_away=(), trump=-1,
            maker=-1, leader=fh, trick=(), tricks=(), deal_points=(0, 0, 0), roem=(0, 0, 0),
            tricks_won=(0, 0, 0), deal_start=self.n_actions,
        )  # fmt: skip
        events.append(DealStarted(deal_no, dealer, None))

    # --- saving and comparing ---
    def snapshot(self) -> dict[str, Any]:
        """Everything that defines the position, as plain JSON data."""

        def names(cards: Iterable[Card]) -> list[str]:
            return [str(c) for c in cards]

        return {
            "phase": self.phase,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hands": [names(cards_of(h)) for h in self.hands],
            "talon": names(self.talon),
            "laid_away": names(self.laid_away),
            "trump": SUITS[self.trump].value if self.trump >= 0 else None,
            "maker": self.maker,
            "leader": self.leader,
            "trick": names(self.trick),
            "tricks": [[lead, names(cards)] for lead, cards in self.tricks],
            "deal_points": list(self.deal_points),
            "roem": list(self.roem),
            "tricks_won": list(self.tricks_won),
            "sheet": [line.to_dict() for line in self.sheet],
            "totals": list(self.totals),
            "winners": list(self.winners),
        }

    @classmethod
    def start(
        cls, variant: KalabriaszVariant, seed: int, stacked: KalabriaszStacked | None
    ) -> KalabriaszState:
        return new_kalabriasz(variant, seed, stacked)

    @classmethod
    def load_variant(cls, data: dict[str, Any]) -> KalabriaszVariant:
        return KalabriaszVariant.from_dict(data)

    @classmethod
    def load_stacked(cls, data: Any) -> KalabriaszStacked:
        return KalabriaszStacked.from_dict(data)


def new_kalabriasz(
    variant: KalabriaszVariant | None = None,
    seed: int = 0,
    stacked: KalabriaszStacked | None = None,
) -> KalabriaszState:
    """A match at its first deal, waiting for first hand to name a suit or pass. With
    `stacked`, the first deal uses those cards and that dealer; later deals are random."""
    if stacked is not None:
        stacked.order()
    state = KalabriaszState._blank()
    assert isinstance(state, KalabriaszState)
    state._set(variant=variant or KalabriaszVariant(), seed=seed, stacked=stacked, _log=None,
               n_actions=0, sheet=(), totals=(0, 0, 0), winner=None, winners=())  # fmt: skip
    dealer = stacked.dealer if stacked else first_dealer(seed, players=PLAYERS)
    state._start_deal(1, dealer, [])
    return state


def dealt_kalabriasz(
    variant: KalabriaszVariant, deal_no: int, dealer: int, order: list[Card], n_actions: int,
    sheet: tuple[KalabriaszScoreLine, ...], totals: tuple[int, int, int],
) -> KalabriaszState:  # fmt: skip
    """A deal's first position from the 32 cards in dealing order (`KalabriaszStacked.order`),
    after `n_actions` moves and the deals of `sheet`: what a guest's table rebuilds, the
    unseen cards guessed (play/net/mirror.py). It has no seed: its later deals are not the
    game's."""
    state = KalabriaszState._blank()
    assert isinstance(state, KalabriaszState)
    state._set(variant=variant, seed=0, stacked=None, _log=None, n_actions=n_actions,
               sheet=sheet, totals=totals, winner=None, winners=())  # fmt: skip
    state._deal(deal_no, dealer, order, [])
    return state


def replay(
    variant: KalabriaszVariant,
    seed: int,
    actions: Iterable[Action | str],
    stacked: KalabriaszStacked | None = None,
) -> KalabriaszState:
    """The state after playing `actions` from the start of a match with this seed."""
    state = KalabriaszState.replay(variant, seed, actions, stacked)
    assert isinstance(state, KalabriaszState)
    return state
