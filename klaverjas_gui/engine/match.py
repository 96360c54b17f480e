"""The state machine of a four-player match: deal → trump → kraak → tricks → score.

`MatchState` is a value: `apply(action)` returns `(next_state, events)` and
never changes the state it is called on. The whole match follows from the
seed and the action list, which is what history stores and what the JSON form
is checked against, so a hand-edited file cannot smuggle in an impossible
position.

Phases: "bidding" (trump), "kraak", "play", "claim" (the trick winner claims,
keeps or leaves the roem of the trick just taken), "deal_end", "match_over".
Under `roem_claim=must_claim` a claim decision follows *every* trick, so that
the question itself never reveals that there is roem; under `keep_or_leave`
only tricks with roem ask it; under `automatic` nobody is asked.

Verzaakt (`revoke = club`, RULES.md 1.11): every card in the hand of the seat to move
is accepted (`legal_actions`); what the rules allow is `rule_actions`, which is what
an `Observation` offers a computer, so a computer never revokes. The state keeps each
wrong card as a `Revoke` (never shown in an observation). Any seat may call
"verzaakt S" (S its own seat) out of turn, from the moment the deal's first trick is
closed until the deal is scored; the deal is scored only after the phase "deal_end"
(the last trick lies on the table, the seat that took it passes), so the last trick can
be called too. A call is correct when a seat of the other team revoked in a closed
trick: the deal ends at once and is scored as `settle_revoke` says. Any other call
changes nothing but the log (event `VerzaaktCalled` with no revoke).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import (
    ALL_CARDS,
    FULL_MASK,
    POINTS,
    SUITS,
    Card,
    Suit,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
    parse_suit,
)
from .deal import deal_hands, deal_rng, first_dealer, proposed_card
from .play import Revoke, illegal_reason, obligation, winner_index
from .reasons import Reason
from .roem import roem_of
from .scoring import ScoreLine, settle, settle_revoke
from .state import Event, GameState, StateError
from .variant import Variant

BIDDING, KRAAK, PLAY, CLAIM, MATCH_OVER = "bidding", "kraak", "play", "claim", "match_over"
DEAL_END = "deal_end"  # revoke = club: the last trick lies still, a call is still possible
VERZAAKT = "verzaakt"


class Action(NamedTuple):
    """One decision. kind: name, pass, take, kraak, play, claim, verzaakt (a call out of
    turn, naming the calling seat); lay (three-player game: the maker lays a card away)."""

    kind: str
    card: Card | None = None
    suit: Suit | None = None
    seat: int | None = None

    def __str__(self) -> str:
        if self.card is not None:  # play, or lay (three-player: the maker lays a card away)
            return f"{self.kind} {self.card}"
        if self.kind == "name":
            return f"name {self.suit}"
        if self.kind == VERZAAKT:
            return f"verzaakt {self.seat}"
        return self.kind


def card_of(action: Action) -> Card:
    """The card of a play or lay action. Where the phase promises one (every legal action
    in a play phase is a play), this says so to the type checker, and a card-less action
    fails here, by name, instead of as an AttributeError further on."""
    card = action.card
    if card is None:
        raise ValueError(f"{action} carries no card")
    return card


def suit_of(action: Action) -> Suit:
    """The suit of a name action (see `card_of`)."""
    suit = action.suit
    if suit is None:
        raise ValueError(f"{action} names no suit")
    return suit


PASS = Action("pass")
TAKE = Action("take")
KRAAK_CALL = Action("kraak")
CLAIM_ROEM = Action("claim")
PLAY_ACTIONS = tuple(Action("play", card=c) for c in ALL_CARDS)  # by card index
NAME_ACTIONS = tuple(Action("name", suit=s) for s in SUITS)  # by suit index
# PLAY_BY_SUIT_BYTE[s][b]: the play actions for bit pattern b within suit s.
PLAY_BY_SUIT_BYTE = tuple(
    tuple(tuple(PLAY_ACTIONS[s * 8 + r] for r in range(8) if b >> r & 1) for b in range(256))
    for s in range(4)
)
VERZAAKT_CALLS = tuple(Action(VERZAAKT, seat=s) for s in range(4))  # by calling seat
_SIMPLE = {"pass": PASS, "take": TAKE, "kraak": KRAAK_CALL, "claim": CLAIM_ROEM}


def play(card: Card | str) -> Action:
    return PLAY_ACTIONS[parse_card(card).index]


def name(suit: Suit | str) -> Action:
    return NAME_ACTIONS[parse_suit(suit).index]


def verzaakt(seat: int) -> Action:
    """Seat `seat` calls "Verzaakt!"."""
    return VERZAAKT_CALLS[seat]


def parse_action(text: str | Action) -> Action:
    """ "play JH", "name H", "pass", "take", "kraak", "claim", "verzaakt 3"."""
    if isinstance(text, Action):
        return text
    parts = str(text).split()
    if len(parts) == 1 and parts[0] in _SIMPLE:
        return _SIMPLE[parts[0]]
    if len(parts) == 2 and parts[0] == "play":
        return play(parts[1])
    if len(parts) == 2 and parts[0] == "name":
        return name(parts[1])
    if len(parts) == 2 and parts[0] == VERZAAKT and parts[1] in ("0", "1", "2", "3"):
        return VERZAAKT_CALLS[int(parts[1])]
    raise ValueError(f"not an action: {text!r}")


# --- events: what happened, for the table to animate and history to show ---
class DealStarted(NamedTuple):
    deal_no: int
    dealer: int
    proposed: Card | None


class Redealt(NamedTuple):
    deal_no: int
    dealer: int


class Passed(NamedTuple):
    seat: int
    phase: str


class TrumpChosen(NamedTuple):
    seat: int
    suit: Suit
    how: str  # named | took | forced


class KraakCalled(NamedTuple):
    seat: int
    level: int  # 1 kraak, 2 rekraak, 3 superkraak


class PlayStarted(NamedTuple):
    leader: int


class CardPlayed(NamedTuple):
    seat: int
    card: Card


_CARD_PLAYED = tuple(tuple(CardPlayed(seat, c) for c in ALL_CARDS) for seat in range(4))


class TrickWon(NamedTuple):
    seat: int
    trick_no: int  # 0-based
    cards: tuple[Card, ...]
    points: int
    roem: int


class RoemClaimed(NamedTuple):
    seat: int
    trick_no: int
    roem: int


class RoemLeft(NamedTuple):
    """Roem not claimed: declined (keep_or_leave) or missed (must_claim)."""

    seat: int
    trick_no: int
    roem: int


class DealScored(NamedTuple):
    line: ScoreLine
    totals: tuple[int, int]


class VerzaaktCalled(NamedTuple):
    """`seat` called "Verzaakt!": `revoke` is the other team's wrong card it proved (the
    deal ends, scored as revoked), or None: nothing was revoked in a closed trick."""

    seat: int
    revoke: Revoke | None


class MatchOver(NamedTuple):
    winner: int | None  # team 0 or 1; None when the win is shared
    totals: tuple[int, int]


@dataclass(frozen=True)
class Observation:
    """What one seat may know: its own hand, and everything played in the open."""

    seat: int
    variant: Variant
    phase: str
    to_move: int
    dealer: int
    deal_no: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int, int, int]
    trump: Suit | None
    proposed: Card | None
    bid_round: int
    chooser: int | None
    kraak_level: int
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    claimed: tuple[int, ...]
    deal_log: tuple[tuple[int, Action], ...]
    sheet: tuple[ScoreLine, ...]
    totals: tuple[int, int]
    legal: tuple[Action, ...]

    @property
    def first_hand(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def trump_index(self) -> int:
        """The trump suit's index, -1 before trump is fixed (as the state keeps it)."""
        return self.trump.index if self.trump is not None else -1

    @property
    def chooser_team(self) -> int:
        """The choosers' team, 0 or 1; -1 before trump is fixed."""
        return self.chooser % 2 if self.chooser is not None else -1


_FIELDS = (
    "variant", "seed", "stacked", "_log", "n_actions", "phase", "deal_no", "attempt", "dealer",
    "to_move", "hands", "trump", "chooser", "proposed", "bid_round", "passes", "kraak_level",
    "kraak_asked", "leader", "trick", "tricks", "claimed", "deal_start", "sheet", "totals",
    "deal_points", "deal_roem", "tricks_won", "pending_roem", "revokes", "judged",
    "winner",
)  # fmt: skip


class MatchState(GameState):
    """An immutable four-player match position. Create with `new_match`."""

    FORMAT = "klaverjas.match"
    NOUN = "match"
    FIELDS = _FIELDS

    variant: Variant
    seed: int
    stacked: Stacked | None
    n_actions: int
    phase: str
    deal_no: int  # 1-based number of the deal in progress
    attempt: int  # redeals of this deal by the same dealer
    dealer: int
    to_move: int
    hands: tuple[int, int, int, int]  # bit masks
    trump: int  # suit index, -1 before trump is fixed
    chooser: int  # seat, -1 before trump is fixed
    proposed: Card | None
    bid_round: int
    passes: int
    kraak_level: int
    kraak_asked: int
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    claimed: tuple[int, ...]
    deal_start: int  # n_actions when this deal was dealt
    deal_points: tuple[int, int]  # card points taken so far this deal, last trick's 10 included
    deal_roem: tuple[int, int]  # roem credited so far this deal
    tricks_won: tuple[int, int]
    pending_roem: int  # roem of the trick just taken, while the claim is open
    revokes: tuple[Revoke, ...]  # revoke = club: this deal's wrong cards, the open trick's too
    judged: bool  # the hands are the real ones, so wrong cards are known (not a guest's guess)
    sheet: tuple[ScoreLine, ...]
    totals: tuple[int, int]
    winner: int | None

    # --- reading the state ---
    @property
    def first_hand(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def is_over(self) -> bool:
        return self.phase == MATCH_OVER

    def _forced_to_name(self) -> bool:
        ts = self.variant.trump_selection
        if ts == "forced_first":
            return True
        if ts in ("free", "proposed"):
            return self.passes == 4  # everybody passed: first hand must name a suit
        if ts == "dealer_forced":
            return self.to_move == self.dealer
        return False  # two_rounds: all passing twice means a redeal

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == PLAY:
            if self.variant.revoke == "club":  # a person's wrong card is accepted
                m = self.hands[self.to_move]
            else:
                m, _ = obligation(self.variant, self.trump, self.hands[self.to_move], self.trick)
            c, d, h, s = PLAY_BY_SUIT_BYTE
            return c[m & 255] + d[m >> 8 & 255] + h[m >> 16 & 255] + s[m >> 24]
        if phase == DEAL_END:
            return (PASS,)
        if phase in (CLAIM, KRAAK):
            return (CLAIM_ROEM, PASS) if phase == CLAIM else (KRAAK_CALL, PASS)
        if phase == BIDDING:
            ts = self.variant.trump_selection
            if ts in ("proposed", "two_rounds"):
                assert self.proposed is not None  # these selections bid on a proposed card
                p = self.proposed.suit_index
                others = tuple(a for s, a in enumerate(NAME_ACTIONS) if s != p)
                if self.bid_round == 1 and not (ts == "proposed" and self.passes == 4):
                    return (TAKE, PASS)
                return others if self._forced_to_name() else (*others, PASS)
            return NAME_ACTIONS if self._forced_to_name() else (*NAME_ACTIONS, PASS)
        return ()

    def rule_actions(self) -> tuple[Action, ...]:
        """The actions the rules allow the seat to move: `legal_actions` without the wrong
        cards that `revoke = club` accepts. What a computer chooses from."""
        if self.phase != PLAY or self.variant.revoke != "club":
            return self.legal_actions()
        m, _ = obligation(self.variant, self.trump, self.hands[self.to_move], self.trick)
        c, d, h, s = PLAY_BY_SUIT_BYTE
        return c[m & 255] + d[m >> 8 & 255] + h[m >> 16 & 255] + s[m >> 24]

    def call_open(self) -> bool:
        """Whether "Verzaakt!" may be called now (by any seat): under `revoke = club`, from
        the close of the deal's first trick until the deal is scored."""
        return (
            self.variant.revoke == "club"
            and self.phase in (PLAY, CLAIM, DEAL_END)
            and bool(self.tricks)
        )

    def allowed(self, action: Action) -> bool:
        if action.kind == VERZAAKT:
            return action.seat is not None and self.call_open()
        return action in self.legal_actions()

    def actor(self, action: Action) -> int:
        if action.kind != VERZAAKT:
            return self.to_move
        if action.seat is None:  # `allowed` refuses it; `force` must not log a seatless call
            raise ValueError("a call of Verzaakt names the calling seat")
        return action.seat

    def proven_revoke(self, seat: int) -> Revoke | None:
        """The first wrong card of `seat`'s opponents in a closed trick of this deal: what a
        call by `seat` would prove now; None if it would be a wrong call."""
        closed = len(self.tricks)
        return next((r for r in self.revokes if r.team != seat % 2 and r.trick_no < closed), None)

    def _refusal(self, action: Action) -> Reason:
        phase, kind = self.phase, action.kind
        if phase == MATCH_OVER:
            return Reason("match_over", {})
        if kind == VERZAAKT and action.seat is not None:  # seatless: "not now" below
            if self.variant.revoke != "club":
                return Reason("no_revoke", {})
            return Reason("verzaakt_not_now", {})
        if kind == "play" and phase == PLAY:
            hand = cards_of(self.hands[self.to_move])
            card = card_of(action)
            reason = illegal_reason(self.variant, SUITS[self.trump], hand, self.trick, card)
            if reason is not None:
                return reason
        if kind == "pass" and phase == BIDDING:
            return Reason("must_name", {})
        if kind == "name" and self.proposed is not None and phase == BIDDING:
            first = self.bid_round == 1 and self.passes < 4
            return Reason("take_or_pass" if first else "refused", {"suit": self.proposed.suit})
        return Reason("not_now", {"action": str(action), "wanted": phase})

    def observation(self, seat: int) -> Observation:
        """What `seat` (0 to 3) may know: its own hand and everything played in the open."""
        if seat not in range(4) or isinstance(seat, bool):
            raise ValueError(f"a seat is 0 to 3, not {seat!r}")
        n0, n1, n2, n3 = self.hands  # masks: their bit counts are the hands' sizes
        return Observation(
            seat=seat,
            variant=self.variant,
            phase=self.phase,
            to_move=self.to_move,
            dealer=self.dealer,
            deal_no=self.deal_no,
            hand=tuple(self.hand(seat)),
            hand_sizes=(n0.bit_count(), n1.bit_count(), n2.bit_count(), n3.bit_count()),
            trump=self.trump_suit,
            proposed=self.proposed,
            bid_round=self.bid_round,
            chooser=self.chooser if self.chooser >= 0 else None,
            kraak_level=self.kraak_level,
            leader=self.leader,
            trick=self.trick,
            tricks=self.tricks,
            claimed=self.claimed,
            deal_log=self.deal_log,
            sheet=self.sheet,
            totals=self.totals,
            legal=self.rule_actions() if seat == self.to_move else (),
        )

    # --- changing the state (on the fresh copy made by GameState.apply) ---
    parse_action = staticmethod(parse_action)

    def _dispatch(self, seat: int, action: Action, events: list[Event]) -> None:
        phase = self.phase
        if action.kind == VERZAAKT:
            self._call(seat, events)
        elif phase == PLAY:
            self._play(seat, card_of(action), events)
        elif phase == BIDDING:
            self._bid(seat, action, events)
        elif phase == KRAAK:
            self._kraak(seat, action.kind == "kraak", events)
        elif phase == DEAL_END:
            self._score_deal(events)
        else:
            self._claim(seat, action.kind == "claim", events)

    def _bid(self, seat: int, action: Action, events: list[Event]) -> None:
        if action.kind == "pass":
            events.append(Passed(seat, BIDDING))
            passes = self.passes + 1
            self._set(passes=passes, to_move=(seat + 1) % 4)
            if passes == 4 and self.variant.trump_selection == "two_rounds":
                if self.bid_round == 1:
                    self._set(bid_round=2, passes=0)
                else:
                    events.append(Redealt(self.deal_no, self.dealer))
                    self._start_deal(self.deal_no, self.dealer, self.attempt + 1, events)
            return
        if action.kind == "take":
            assert self.proposed is not None  # "take" is offered on the proposed card only
            suit, how = self.proposed.suit, "took"
        else:
            suit = suit_of(action)
            how = "forced" if self._forced_to_name() else "named"
        events.append(TrumpChosen(seat, suit, how))
        self._set(trump=suit.index, chooser=seat)
        if self.variant.kraken:
            self._set(phase=KRAAK, kraak_level=0, kraak_asked=0)
            self._set(to_move=self._kraak_seats(1)[0])
        else:
            self._start_play(events)

    def _kraak_seats(self, level: int) -> tuple[int, int]:
        """Who may make call `level`, in order from first hand: defence for odd levels."""
        team = (self.chooser + 1) % 2 if level % 2 else self.chooser % 2
        order = [(self.first_hand + k) % 4 for k in range(4)]
        a, b = (s for s in order if s % 2 == team)
        return a, b

    def _kraak(self, seat: int, called: bool, events: list[Event]) -> None:
        if called:
            level = self.kraak_level + 1
            events.append(KraakCalled(seat, level))
            self._set(kraak_level=level, kraak_asked=0)
            if level == 3:
                self._start_play(events)
            else:
                self._set(to_move=self._kraak_seats(level + 1)[0])
            return
        events.append(Passed(seat, KRAAK))
        if self.kraak_asked == 0:
            self._set(kraak_asked=1, to_move=self._kraak_seats(self.kraak_level + 1)[1])
        else:
            self._start_play(events)

    def _start_play(self, events: list[Event]) -> None:
        leader = self.chooser if self.variant.opening_lead == "chooser" else self.first_hand
        self._set(phase=PLAY, leader=leader, to_move=leader)
        events.append(PlayStarted(leader))

    def _play(self, seat: int, card: Card, events: list[Event]) -> None:
        d = self.__dict__
        if self.variant.revoke == "club" and self.judged:
            self._note_revoke(seat, card)
        hands = list(self.hands)
        hands[seat] ^= card.bit
        d["hands"] = tuple(hands)
        trick = (*self.trick, card)
        events.append(_CARD_PLAYED[seat][card.index])
        if len(trick) < 4:
            d["trick"] = trick
            d["to_move"] = (seat + 1) % 4
            return
        t = self.trump
        winner = (self.leader + winner_index(t, trick)) % 4
        team = winner % 2
        trick_no = len(self.tricks)
        pts = POINTS[t]
        points = pts[trick[0].index] + pts[trick[1].index] + pts[trick[2].index]
        points += pts[trick[3].index] + (10 if trick_no == 7 else 0)
        roem = roem_of(self.variant, t, trick)
        events.append(TrickWon(winner, trick_no, trick, points, roem))
        p0, p1 = self.deal_points
        w0, w1 = self.tricks_won
        d["deal_points"] = (p0 + points, p1) if team == 0 else (p0, p1 + points)
        d["tricks_won"] = (w0 + 1, w1) if team == 0 else (w0, w1 + 1)
        d["trick"] = ()
        d["tricks"] = (*self.tricks, (self.leader, trick))
        d["leader"] = d["to_move"] = winner
        d["pending_roem"] = roem
        mode = self.variant.roem_claim
        if (
            mode == "must_claim" or (roem and mode == "keep_or_leave")
        ) and self.variant.roem_enabled:
            d["phase"] = CLAIM
            return
        if roem:
            self._credit(winner, trick_no, roem, events)
        self._after_trick(events)

    def _note_revoke(self, seat: int, card: Card) -> None:
        """Keep `card` as a Revoke if the rules did not allow it (nothing is said)."""
        legal, _ = obligation(self.variant, self.trump, self.hands[seat], self.trick)
        if legal & card.bit:
            return
        hand = cards_of(self.hands[seat])
        reason = illegal_reason(self.variant, SUITS[self.trump], hand, self.trick, card)
        assert reason is not None  # the card is not in the legal mask: the rules say why
        revoke = Revoke.of(len(self.tricks), seat, card, reason)
        self._set(revokes=(*self.revokes, revoke))

    def _call(self, seat: int, events: list[Event]) -> None:
        revoke = self.proven_revoke(seat)
        if revoke is not None:  # shown with its whole trick
            revoke = dataclasses.replace(revoke, trick=self.tricks[revoke.trick_no][1])
        events.append(VerzaaktCalled(seat, revoke))
        if revoke is None:
            return  # a wrong call: the deal goes on as it was
        score = settle_revoke(
            self.variant, self.chooser % 2, self.deal_points, self.deal_roem, self.tricks_won,
            self.kraak_level, revoke,
        )  # fmt: skip
        self._set(trick=(), pending_roem=0)
        self._end_deal(score, events)

    def _credit(self, seat: int, trick_no: int, roem: int, events: list[Event]) -> None:
        r0, r1 = self.deal_roem
        self._set(
            claimed=(*self.claimed, trick_no),
            deal_roem=(r0 + roem, r1) if seat % 2 == 0 else (r0, r1 + roem),
        )
        events.append(RoemClaimed(seat, trick_no, roem))

    def _claim(self, seat: int, claimed: bool, events: list[Event]) -> None:
        trick_no = len(self.tricks) - 1
        roem = self.pending_roem
        if claimed:
            if roem:
                self._credit(seat, trick_no, roem, events)
            else:
                self._set(claimed=(*self.claimed, trick_no))
        elif roem:
            events.append(RoemLeft(seat, trick_no, roem))
        self.__dict__["phase"] = PLAY
        self._after_trick(events)

    def _after_trick(self, events: list[Event]) -> None:
        if len(self.tricks) < 8:
            return
        if self.variant.revoke == "club":  # the last trick lies still: a call may still come
            self._set(phase=DEAL_END, to_move=self.leader)
            return
        self._score_deal(events)

    def _score_deal(self, events: list[Event]) -> None:
        chooser_team = self.chooser % 2
        score = settle(
            self.variant, chooser_team, self.deal_points, self.deal_roem, self.tricks_won,
            self.kraak_level,
        )  # fmt: skip
        self._end_deal(score, events)

    def _end_deal(self, score: Any, events: list[Event]) -> None:
        line = ScoreLine(
            self.deal_no, self.dealer, self.chooser, SUITS[self.trump].value,
            self.kraak_level, score,
        )  # fmt: skip
        totals = (self.totals[0] + score.scores[0], self.totals[1] + score.scores[1])
        self._set(sheet=(*self.sheet, line), totals=totals)
        events.append(DealScored(line, totals))
        winner, over = match_result(self.variant, len(self.sheet), totals)
        if over:
            self._set(phase=MATCH_OVER, winner=winner, to_move=-1)
            events.append(MatchOver(winner, totals))
        else:
            self._start_deal(self.deal_no + 1, (self.dealer + 1) % 4, 0, events)

    def _start_deal(self, deal_no: int, dealer: int, attempt: int, events: list[Event]) -> None:
        rng = deal_rng(self.seed, deal_no, attempt)
        first = (dealer + 1) % 4
        hands = deal_hands(rng, self.variant.deal_pattern, first)
        proposed = (
            proposed_card(rng)
            if self.variant.trump_selection in ("proposed", "two_rounds")
            else None
        )
        stacked = self.stacked
        if stacked is not None and deal_no == 1 and attempt == 0:
            hands = stacked.masks()
            if proposed is not None and stacked.proposed:
                proposed = parse_card(stacked.proposed)
        self._deal(deal_no, dealer, attempt, hands, proposed, events)

    def _deal(self, deal_no: int, dealer: int, attempt: int, hands: list[int],
              proposed: Card | None, events: list[Event]) -> None:  # fmt: skip
        first = (dealer + 1) % 4
        self._set(
            phase=BIDDING, deal_no=deal_no, attempt=attempt, dealer=dealer, to_move=first,
            hands=tuple(hands), trump=-1, chooser=-1, proposed=proposed, bid_round=1, passes=0,
            kraak_level=0, kraak_asked=0, leader=first, trick=(), tricks=(), claimed=(),
            deal_start=self.n_actions, deal_points=(0, 0), deal_roem=(0, 0), tricks_won=(0, 0),
            pending_roem=0, revokes=(),
        )  # fmt: skip
        events.append(DealStarted(deal_no, dealer, proposed))

    # --- saving and comparing ---
    def snapshot(self) -> dict[str, Any]:
        """Everything that defines the position, as plain JSON data."""
        return {
            "phase": self.phase,
            "deal_no": self.deal_no,
            "attempt": self.attempt,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hands": [[str(c) for c in cards_of(h)] for h in self.hands],
            "trump": SUITS[self.trump].value if self.trump >= 0 else None,
            "chooser": self.chooser,
            "proposed": str(self.proposed) if self.proposed else None,
            "bid_round": self.bid_round,
            "passes": self.passes,
            "kraak_level": self.kraak_level,
            "kraak_asked": self.kraak_asked,
            "leader": self.leader,
            "trick": [str(c) for c in self.trick],
            "tricks": [[lead, [str(c) for c in cards]] for lead, cards in self.tricks],
            "claimed": list(self.claimed),
            "sheet": [line.to_dict() for line in self.sheet],
            "totals": list(self.totals),
            "winner": self.winner,
            **(
                {"revokes": [r.to_dict() for r in self.revokes]}
                if self.variant.revoke == "club"
                else {}
            ),
        }

    @classmethod
    def start(cls, variant: Variant, seed: int, stacked: Stacked | None) -> MatchState:
        return new_match(variant, seed, stacked)

    @classmethod
    def load_variant(cls, data: dict[str, Any]) -> Variant:
        return Variant.from_dict(data)

    @classmethod
    def load_stacked(cls, data: Any) -> Stacked:
        return Stacked.from_dict(data)


def match_result(
    variant: Variant, deals_played: int, totals: tuple[int, int]
) -> tuple[int | None, bool]:
    """(winning team or None for a shared win, whether the match is over) (RULES.md 1.9)."""
    a, b = totals
    if variant.match_kind == "deals":
        finished = deals_played >= variant.match_target
    else:
        finished = a >= variant.match_target or b >= variant.match_target
    if not finished:
        return None, False
    if a != b:
        return (0 if a > b else 1), True
    return None, variant.match_tie == "share"


@dataclass(frozen=True)
class Stacked:
    """A chosen first deal (tutorial lessons, practice): the dealer and four hands."""

    dealer: int
    hands: tuple[str, str, str, str]  # e.g. "JH 9H AH ..." for seats 0..3
    proposed: str | None = None  # the turned card, for proposed / two_rounds

    def masks(self) -> list[int]:
        """The four hands as masks, after checking that they and the dealer make a deal."""
        if self.dealer not in range(4) or isinstance(self.dealer, bool):
            raise ValueError(f"a stacked deal needs a dealer seat 0 to 3, not {self.dealer!r}")
        masks = [mask_of(parse_cards(h)) for h in self.hands]
        if len(masks) != 4 or any(m.bit_count() != 8 for m in masks) or sum(masks) != FULL_MASK:
            raise ValueError("a stacked deal needs four hands of 8 different cards, 32 in all")
        return masks

    def to_dict(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "hands": list(self.hands), "proposed": self.proposed}

    @classmethod
    def from_dict(cls, data: Any) -> Stacked:
        try:
            stacked = cls(int(data["dealer"]) % 4, tuple(data["hands"]), data.get("proposed"))
            stacked.masks()
        except (KeyError, TypeError, ValueError) as e:
            raise StateError(f"the saved match has a bad stacked deal ({e})") from None
        return stacked


def new_match(
    variant: Variant | None = None, seed: int = 0, stacked: Stacked | None = None
) -> MatchState:
    """A match at its first deal, dealt and waiting for the first trump decision.
    With `stacked`, the first deal uses those hands and that dealer; later deals are random."""
    if stacked is not None:
        stacked.masks()
    state = MatchState._blank()
    state._set(variant=variant or Variant(), seed=seed, stacked=stacked, _log=None, n_actions=0,
               sheet=(), totals=(0, 0), winner=None, judged=True)  # fmt: skip
    state._start_deal(1, stacked.dealer if stacked else first_dealer(seed), 0, [])
    return state


def dealt(
    variant: Variant, deal_no: int, dealer: int, hands: list[int], proposed: Card | None,
    n_actions: int, sheet: tuple[ScoreLine, ...], totals: tuple[int, int],
    revokes: tuple[Revoke, ...] = (),
) -> MatchState:  # fmt: skip
    """A deal's first position with these hands (masks), after `n_actions` moves and the
    deals of `sheet`: what a guest's table rebuilds from its own observation, the others'
    hands guessed (play/net/mirror.py). It has no seed: its later deals are not the match's.
    A guessed hand cannot tell a wrong card: the state judges a call only by `revokes`,
    the wrong cards the host has made public (a call it found correct)."""
    state = MatchState._blank()
    state._set(variant=variant, seed=0, stacked=None, _log=None, n_actions=n_actions,
               sheet=sheet, totals=totals, winner=None, judged=False)  # fmt: skip
    state._deal(deal_no, dealer, 0, hands, proposed, [])
    state._set(revokes=revokes)
    return state


def replay(
    variant: Variant, seed: int, actions: Iterable[Action | str], stacked: Stacked | None = None
) -> MatchState:
    """The state after playing `actions` from the start of a match with this seed."""
    return MatchState.replay(variant, seed, actions, stacked)
