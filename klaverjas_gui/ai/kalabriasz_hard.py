"""The hard three-player (Kalabriasz) computer player: sampled deals and an exact endgame.

Every decision with a choice samples the cards it cannot see so that they fit what its
seat saw:
- who may hold what: the hands' sizes; the two cards laid away (a defender does not know
  them: any unseen card may be one; the maker knows them and the talon);
- voids shown by play: a seat that did not follow the led suit holds none of it;
- the bidding: a seat that passed before the maker named had no hand worth naming, by the
  normal player's measure (`mask_value` below `NAME_AT` + `PASS_SLACK` in every suit,
  counted on its ten cards as dealt: what it holds now and what it played).
Each choice is then valued in every sampled deal (the same deals for every choice, so
luck cancels out between them):
- a bid (naming each suit worth a look, or passing, after which the seats still to speak
  bid as normal would), the two cards to lay away (`LAY_CARDS` candidates), and a card
  with `ROLLOUT_CARDS` down to `PLAYOUT_CARDS` + 1 in hand: the deal played out with the
  normal player's rules at every seat (`kalabriasz_fast`), the way the others will play;
- a card from `PLAYOUT_CARDS` in hand down: by a fast open-hand playout until the hands
  hold `TAIL_CARDS`, then exactly (`ThreeSolver`); exactly from `EXACT_CARDS` down.
A deal's value becomes a deal score before averaging, because the contract is a step:
the seat's score minus the mean of the other two's (made: the maker's total against
theirs; nat: nothing against the whole deal shared).

Measured against normal (docs/benchmarks.md): open-hand greedy playouts from the first
trick, for the cards and the bids, played worse than normal's rules; playouts by normal's
own rules play better than them in every phase.
It samples deals up to a wall-clock budget (`THINK_MS`, never past `CAP_MS`) or a fixed
number (`worlds`, for tests).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.cards import FULL_MASK, POINTS, SUITS, cards_of
from ..engine.kalabriasz import LAY_ACTIONS, KalabriaszObservation
from ..engine.kalabriasz_rules import LAST_TRICK, KalabriaszVariant
from ..engine.match import Action
from ..engine.play import winner_index
from ..engine.roem import roem_of
from .fast import bits
from .kalabriasz_fast import (
    NAME_AT,
    lay_key,
    mask_value,
    normal_bid,
    normal_lay,
    seat_margin,
    table,
)
from .kalabriasz_players import KalabriaszHeuristic, card_view
from .kalabriasz_solver import ThreeSolver, play_out

EXACT_CARDS = 5  # solve exactly when the hand to play from holds at most this many cards
PLAYOUT_CARDS = 7  # from this many cards in hand down: sampled deals solved at the end
ROLLOUT_CARDS = 10  # from this many down to PLAYOUT_CARDS: sampled deals played out by normal
TAIL_CARDS = 4  # earlier: play out fast until the hands are this small, then solve
THINK_MS = 120.0  # sampling stops after this much wall clock (at least MIN_WORLDS)
CAP_MS = 800.0  # and never goes past this, even for MIN_WORLDS
MIN_WORLDS = 3
MAX_WORLDS = 80
PASS_SLACK = 1.0  # a passer's hand may have been this much over the naming line (an easy seat)
TRIES = 40  # samples tried for one that fits the bidding, before taking one that fits the play
# Bidding: naming each suit worth at least BID_FLOOR (by normal's `mask_value`) and passing
# are played out in sampled deals (`bid_values`); it names the best suit when its mean deal
# margin beats passing's by NAME_MARGIN.
BID_FLOOR = 3.0
BID_THINK_MS = 250.0
BID_WORLDS = 100
NAME_MARGIN = 0.0
PASS_KEY = -1  # passing's entry in `bid_values`
# Laying away: every pair of the LAY_CARDS cards normal's rule likes best to lay away (and
# normal's own pair) is played out in sampled deals (`lay_values`), for the bid's time.
LAY_CARDS = 5
LAY_WORLDS = 60
AWAY = 3  # the slot of the two laid-away cards when a defender samples


@dataclass(frozen=True)
class Seen:
    """What the seat knows for sampling, read from its observation."""

    seat: int
    maker: int
    trump: int
    unseen: int  # cards whose place the seat does not know
    sizes: tuple[int, int, int, int]  # cards each seat holds unseen; [AWAY]: laid away
    void: tuple[int, int, int]  # per seat, a mask of the suits it cannot hold
    played: tuple[int, int, int]  # cards each seat has played this deal
    passers: tuple[int, ...]  # other seats that passed before trump was named
    hands_known: tuple[int, int, int]  # the seat's own hand in its place, 0 elsewhere
    away: int  # the cards laid away, when the seat is the maker
    lost: bool  # the maker has lost a trick already
    known: tuple[int, int]  # points so far (cards, last trick, roem): maker's, defenders'


def read(obs: KalabriaszObservation) -> Seen:
    """The seat's knowledge: which cards are unseen, who is void, who passed."""
    assert obs.trump is not None and obs.maker is not None
    t, maker, seat = obs.trump.index, obs.maker, obs.seat
    pts = POINTS[t]
    rules = obs.variant.play_rules
    hand = sum(c.bit for c in obs.hand)
    played = [0, 0, 0]
    void = [0, 0, 0]
    known = [0, 0]
    lost = False
    tricks = [*obs.tricks, (obs.leader, obs.trick)] if obs.trick else list(obs.tricks)
    for i, (leader, cards) in enumerate(tricks):
        led = cards[0].suit_index
        for k, c in enumerate(cards):
            who = (leader + k) % 3
            played[who] |= c.bit
            if c.suit_index != led:
                void[who] |= 1 << led
        if len(cards) == 3:
            winner = (leader + winner_index(t, cards)) % 3
            tv = sum(pts[c.index] for c in cards) + roem_of(rules, t, cards)
            tv += LAST_TRICK if i == 9 else 0
            known[winner != maker] += tv
            lost = lost or winner != maker
    mine = seat == maker
    away = sum(c.bit for c in obs.laid_away) if mine else 0
    unseen = FULL_MASK & ~hand & ~(played[0] | played[1] | played[2]) & ~away
    sizes = [0, 0, 0, 0]
    for s in range(3):
        if s != seat:
            sizes[s] = obs.hand_sizes[s]
    if not mine:
        sizes[AWAY] = obs.laid_away_count
    passers = tuple(s for s, a in obs.deal_log if a.kind == "pass" and s != seat)
    hands_known = [0, 0, 0]
    hands_known[seat] = hand
    return Seen(seat, maker, t, unseen, (sizes[0], sizes[1], sizes[2], sizes[3]),
                (void[0], void[1], void[2]), (played[0], played[1], played[2]), passers,
                (hands_known[0], hands_known[1], hands_known[2]), away, lost,
                (known[0], known[1]))  # fmt: skip


def sample(seen: Seen, rng: random.Random) -> tuple[tuple[int, int, int], int] | None:
    """Hidden cards dealt to fit the play (sizes and voids): (three hands, laid away), or
    None when this try did not fit. Most constrained cards first."""
    slots = [s for s in range(4) if seen.sizes[s]]
    left = {s: seen.sizes[s] for s in slots}
    cards = [c.index for c in cards_of(seen.unseen)]
    rng.shuffle(cards)
    options = {c: [s for s in slots if s == AWAY or not seen.void[s] >> (c >> 3) & 1]
               for c in cards}  # fmt: skip
    cards.sort(key=lambda c: len(options[c]))
    got = [0, 0, 0, 0]
    for c in cards:
        open_ = [s for s in options[c] if left[s]]
        if not open_:
            return None
        weights = [left[s] for s in open_]
        s = rng.choices(open_, weights)[0]
        left[s] -= 1
        got[s] |= 1 << c
    hands = [seen.hands_known[s] | got[s] for s in range(3)]
    return (hands[0], hands[1], hands[2]), (seen.away or got[AWAY])


def fits_bidding(seen: Seen, hands: tuple[int, int, int]) -> bool:
    """Would each other seat that passed have passed with this hand (as dealt)?"""
    for s in seen.passers:
        dealt = hands[s] | seen.played[s]
        if max(mask_value(dealt, t) for t in range(4)) >= NAME_AT + PASS_SLACK:
            return False
    return True


def bidding_seen(obs: KalabriaszObservation) -> tuple[Seen, list[int]]:
    """What a bidder knows (its own hand, who passed; the other two hands and the talon
    unseen) and the seats still to speak after it, in order, before first hand again."""
    seat, first = obs.seat, obs.first_hand
    hand = sum(c.bit for c in obs.hand)
    sizes = [10, 10, 10, 2]
    sizes[seat] = 0
    passers = tuple(s for s, a in obs.deal_log if a.kind == "pass" and s != seat)
    known = [0, 0, 0]
    known[seat] = hand
    seen = Seen(seat, seat, 0, FULL_MASK & ~hand, (sizes[0], sizes[1], sizes[2], sizes[3]),
                (0, 0, 0), (0, 0, 0), passers, (known[0], known[1], known[2]), 0, False,
                (0, 0))  # fmt: skip
    later = [(first + k) % 3 for k in range((seat - first) % 3 + 1, 3)]
    return seen, later


def deal_margin(maker_total: float, total: float) -> float:
    """The maker's deal score minus the mean of the defenders' (RULES.md 3's contract)."""
    if 2 * maker_total > total:
        return (3 * maker_total - total) / 2
    return -total / 2


def side_diff(maker_total: float, total: float) -> float:
    """The maker's deal score minus both defenders' together: the coach's measure, as in
    the other games a side's score minus the other side's (a point that changes sides
    moves it by 2). For a deal of a given total it is 4/3 of `deal_margin` less a third of
    the total: the two rank one deal's outcomes alike."""
    if 2 * maker_total > total:
        return 2 * maker_total - total
    return -total


def named_margin(
    variant: KalabriaszVariant, hands: tuple[int, int, int], talon: int, maker: int,
    t: int, first: int, me: int,
) -> float:  # fmt: skip
    """`me`'s deal margin in one deal when `maker` names `t`, takes the `talon`, lays away
    by normal's rule and every seat plays by normal's rules (`kalabriasz_fast`)."""
    full = hands[maker] | talon
    laid = normal_lay(t, full)
    after = list(hands)
    after[maker] = full & ~laid
    points, _ = table(variant, t).playout((after[0], after[1], after[2]), first, maker, laid)
    points[maker] += sum(POINTS[t][c] for c in bits(laid))
    return seat_margin(me, maker, points)


class KalabriaszHard:
    """Sampled deals for every decision: played out by normal's rules for the bids, the
    talon and the early cards; open-hand playouts and an exact endgame for the rest."""

    name = "hard"

    def __init__(
        self, seed: int | None = None, *, think_ms: float = THINK_MS, worlds: int | None = None,
        cap_ms: float = CAP_MS, exact_cards: int = EXACT_CARDS, tail_cards: int = TAIL_CARDS,
        read_bidding: bool = True, sampled_bids: bool = True, name_margin: float = NAME_MARGIN,
        bid_floor: float = BID_FLOOR, sampled_lay: bool = True, rollout_cards: int = ROLLOUT_CARDS,
        bid_think_ms: float = BID_THINK_MS, playout_cards: int = PLAYOUT_CARDS,
        caution: float = 0.0,
    ) -> None:  # fmt: skip
        """`worlds`: a fixed number of sampled deals per decision (tests); `playout_cards`:
        open-hand playouts and the solver from this many cards in hand down;
        `rollout_cards`: normal's playouts from this many down to there (more: normal's
        rules); `sampled_bids` (off: normal's rules): name trump from sampled deals when
        the best suit beats passing by `name_margin`, judging suits worth `bid_floor`;
        `sampled_lay` (off: normal's rule): lay away by sampled deals; `caution`: what
        normal's naming rule asks more of a hand; `read_bidding`: keep sampled hands that
        fit the passes."""
        self.rng = random.Random(seed)
        self.think = think_ms / 1000.0
        self.cap = cap_ms / 1000.0
        self.worlds = worlds
        self.exact_cards, self.tail_cards = exact_cards, tail_cards
        self.read_bidding = read_bidding
        self.playout_cards = playout_cards
        self.sampled_bids, self.name_margin = sampled_bids, name_margin
        self.bid_floor = bid_floor
        self.sampled_lay = sampled_lay
        self.rollout_cards = rollout_cards
        self._plan: tuple[int, int] | None = None  # (the hand after the first card, the second)
        self.bid_think = bid_think_ms / 1000.0
        self.helper = KalabriaszHeuristic(seed, counting=True, caution=caution)
        self._solvers: dict[tuple[KalabriaszVariant, int, int], ThreeSolver] = {}
        self.sampled = 0  # deals sampled for the last decision (benchmarks read it)
        self.stop_at: float | None = None  # no more deals after this (time.perf_counter())
        self.cancelled: Callable[[], bool] | None = None  # the coach's job was cancelled

    def choose(self, obs: KalabriaszObservation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "play":
            return self.play(obs)
        if obs.phase == "bidding" and self.sampled_bids:
            return self.bid(obs)
        if obs.phase == "talon" and self.sampled_lay:
            return self.lay(obs)
        return self.helper.choose(obs)

    def _solver(self, variant: KalabriaszVariant, trump: int, maker: int) -> ThreeSolver:
        key = (variant, trump, maker)
        solver = self._solvers.get(key)
        if solver is None or len(solver.tt) > 300_000:
            self._solvers.clear()
            solver = self._solvers[key] = ThreeSolver(variant, trump, maker)
        return solver

    def _more(self, done: int, start: float) -> bool:
        """Sample another deal? Never one that would likely end past the cap (a deal takes
        about as long as the mean so far)."""
        if done == 0:
            return True
        if self.cancelled is not None and self.cancelled():
            return False
        if self.stop_at is not None and time.perf_counter() >= self.stop_at:
            return False
        elapsed = time.perf_counter() - start
        if elapsed * (done + 1) / done > self.cap:
            return False
        if self.worlds is not None:
            return done < self.worlds
        return done < MIN_WORLDS or (done < MAX_WORLDS and elapsed < self.think)

    # --- bidding ---
    def bid(self, obs: KalabriaszObservation) -> Action:
        """Name the suit whose sampled deals score best, if that beats passing."""
        values = self.bid_values(obs)
        suit = max((t for t in values if t >= 0), key=lambda t: values[t], default=PASS_KEY)
        if suit >= 0 and values[suit] > values[PASS_KEY] + self.name_margin:
            return next(a for a in obs.legal if a.kind == "name" and a.suit is SUITS[suit])
        return next(a for a in obs.legal if a.kind == "pass")

    def bid_values(self, obs: KalabriaszObservation) -> dict[int, float]:
        """This seat's mean deal margin (its score minus the mean of the other two's) over
        sampled deals for naming each suit (by index) and for passing (`PASS_KEY`). The
        deals fit the passes so far; every seat plays them out by normal's rules, the way
        the other seats will play (`kalabriasz_fast`); naming lays away by normal's rule;
        after a pass the seats still to speak bid by normal's rule."""
        start = time.perf_counter()
        seat, variant, first = obs.seat, obs.variant, obs.first_hand
        hand = sum(c.bit for c in obs.hand)
        seen, later = bidding_seen(obs)
        suits = [t for t in range(4) if mask_value(hand, t) >= self.bid_floor]
        if not suits:  # no suit worth a look: passing is all there is
            return {PASS_KEY: 0.0}
        sums = dict.fromkeys([*suits, PASS_KEY], 0.0)
        done = 0
        while self._judge_more(done, start, BID_WORLDS):
            hands, talon = self._world(seen)
            for t in suits:
                sums[t] += named_margin(variant, hands, talon, seat, t, first, seat)
            for other in later:
                t = normal_bid(hands[other])
                if t >= 0:
                    sums[PASS_KEY] += named_margin(variant, hands, talon, other, t, first, seat)
                    break
            done += 1
        self.sampled = done
        return {t: v / done for t, v in sums.items()}

    # --- the talon ---
    def lay(self, obs: KalabriaszObservation) -> Action:
        """Lay away the pair of cards whose sampled deals score best (`lay_values`); the
        second card of the pair at the second decision."""
        hand = sum(c.bit for c in obs.hand)
        if self._plan is not None and self._plan[0] == hand:
            card = self._plan[1]
        else:
            values = self.lay_values(obs)
            pair = max(values, key=lambda p: values[p])
            new = bits(pair & hand)  # two cards, or the second when one lies away already
            card = new[0]
            self._plan = (hand & ~(1 << card), new[-1])
        return next(a for a in obs.legal if a.card is not None and a.card.index == card)

    def lay_values(self, obs: KalabriaszObservation) -> dict[int, float]:
        """The maker's mean deal margin over sampled deals for laying away each pair (a mask)
        of the `LAY_CARDS` cards normal's rule would most like to lay away (and normal's
        own pair), every seat playing by normal's rules. With one card laid away already:
        that card with each of the `LAY_CARDS`."""
        start = time.perf_counter()
        seat, t, variant = obs.seat, obs.trump_index, obs.variant
        hand = sum(c.bit for c in obs.hand)
        first = sum(c.bit for c in obs.laid_away)
        full = hand | first
        ranked = sorted(bits(hand), key=lambda c: lay_key(t, hand, c), reverse=True)[:LAY_CARDS]
        if first:
            pairs = {first | 1 << c for c in ranked}
        else:
            pairs = {1 << a | 1 << b for a, b in itertools.combinations(ranked, 2)}
            pairs.add(normal_lay(t, hand))
        sizes = [10, 10, 10, 0]
        sizes[seat] = 0
        passers = tuple(s for s, a in obs.deal_log if a.kind == "pass" and s != seat)
        known = [0, 0, 0]
        known[seat] = full
        seen = Seen(seat, seat, t, FULL_MASK & ~full, (sizes[0], sizes[1], sizes[2], sizes[3]),
                    (0, 0, 0), (0, 0, 0), passers, (known[0], known[1], known[2]), 0, False,
                    (0, 0))  # fmt: skip
        tab = table(variant, t)
        pts = POINTS[t]
        sums = dict.fromkeys(pairs, 0.0)
        done = 0
        while self._judge_more(done, start, LAY_WORLDS):
            hands, _ = self._world(seen)
            for pair in pairs:
                after = list(hands)
                after[seat] = full & ~pair
                points, _ = tab.playout((after[0], after[1], after[2]), obs.first_hand, seat,
                                        pair)  # fmt: skip
                points[seat] += sum(pts[c] for c in bits(pair))
                sums[pair] += seat_margin(seat, seat, points)
            done += 1
        self.sampled = done
        return {p: v / done for p, v in sums.items()}

    def _judge_more(self, done: int, start: float, most: int) -> bool:
        """Sample another deal for a bid or the talon? At least `MIN_WORLDS`, then until
        `bid_think` or `most` (`worlds` in tests); none started past the cap."""
        elapsed = time.perf_counter() - start
        return (
            done < (self.worlds or most)
            and (done < MIN_WORLDS or elapsed < self.bid_think)
            and (done == 0 or elapsed < self.cap)
        )

    # --- cards ---
    def play(self, obs: KalabriaszObservation) -> Action:
        if len(obs.hand) > max(self.exact_cards, self.playout_cards):
            if len(obs.hand) > self.rollout_cards:
                return self.helper.play(obs)
            values = self.rollout_values(obs)
        else:
            values = self.card_values(obs)
        t = obs.trump.index  # type: ignore[union-attr]
        return max(obs.legal, key=lambda a: (values[a.card.index], -POINTS[t][a.card.index]))  # type: ignore[union-attr]

    def rollout_values(self, obs: KalabriaszObservation) -> dict[int, float]:
        """Each legal card's mean deal margin for this seat over sampled deals, the rest of
        each deal played out by normal's rules (`kalabriasz_fast`): the early cards, where
        the open-hand playouts of `card_values` chose worse cards than normal's rules."""
        start = time.perf_counter()
        seen = read(obs)
        tab = table(obs.variant, seen.trump)
        pts = POINTS[seen.trump]
        cards = [a.card.index for a in obs.legal if a.card is not None]
        sums = dict.fromkeys(cards, 0.0)
        _, trick, _, void = card_view(obs, True)
        played = sum(c.bit for _, cs in obs.tricks for c in cs)
        sign = 1.0 if seen.seat == seen.maker else -1.0
        maker = seen.maker
        done = 0
        while self._more(done, start):
            hands, away = self._world(seen)
            away_pts = sum(pts[c] for c in bits(away))
            maker_known = seen.known[0] + away_pts
            known = seen.known[0] + seen.known[1] + away_pts
            for c in cards:
                after = list(hands)
                after[seen.seat] ^= 1 << c
                points, _ = tab.playout((after[0], after[1], after[2]), obs.leader, maker,
                                        away, (*trick, c), played, void, seen.lost)  # fmt: skip
                maker_total = maker_known + points[maker]
                sums[c] += sign * deal_margin(maker_total, known + sum(points))
            done += 1
        self.sampled = done
        return {c: v / done for c, v in sums.items()}

    def card_values(
        self, obs: KalabriaszObservation, score: Callable[[float, float], float] = deal_margin
    ) -> dict[int, float]:
        """Each legal card's mean deal margin (`score`) for this seat over the sampled deals."""
        start = time.perf_counter()
        seen = read(obs)
        solver = self._solver(obs.variant, seen.trump, seen.maker)
        cards = [a.card.index for a in obs.legal if a.card is not None]
        sums = dict.fromkeys(cards, 0.0)
        pts = POINTS[seen.trump]
        trick = tuple(c.index for c in obs.trick)
        exact = len(obs.hand) <= self.exact_cards
        sign = 1.0 if seen.seat == seen.maker else -1.0
        done = 0
        while self._more(done, start):
            world = self._world(seen)
            hands, away = world
            rest = sum(pts[c] for c in range(32) if (hands[0] | hands[1] | hands[2]) >> c & 1)
            rest += sum(pts[c] for c in trick) + LAST_TRICK
            away_pts = sum(pts[c] for c in range(32) if away >> c & 1)
            maker_known = seen.known[0] + away_pts
            total = seen.known[0] + seen.known[1] + away_pts + rest
            for c in cards:
                after = list(hands)
                after[seen.seat] ^= 1 << c
                h = (after[0], after[1], after[2])
                if exact:
                    diff = solver.after(h, obs.leader, (*trick, c), seen.lost)
                else:
                    diff = play_out(solver, h, obs.leader, (*trick, c), seen.lost,
                                    self.tail_cards)  # fmt: skip
                maker_total = maker_known + (rest + diff) / 2
                sums[c] += sign * score(maker_total, total)
            done += 1
        self.sampled = done
        return {c: v / done for c, v in sums.items()}

    # --- every option valued (`evaluate`) ---
    def lay_options(self, obs: KalabriaszObservation) -> dict[Action, float]:
        """Each card the maker may lay away, valued by `side_diff` over deals sampled for
        the two defenders' hands: the second card (if still to lay) by normal's rule, then
        played out from first hand's lead."""
        seen = read(obs)
        t, seat = seen.trump, seen.seat
        pts = POINTS[t]
        solver = self._solver(obs.variant, t, seat)
        sums = dict.fromkeys(obs.legal, 0.0)
        start = time.perf_counter()
        done = 0
        while self._more(done, start):
            hands, _ = self._world(seen)
            for a in obs.legal:
                laid = seen.away | a.card.bit  # type: ignore[union-attr]
                laid = self._lay_rest(obs, hands[seat], laid)
                sums[a] += self._play_deal(solver, obs, hands, seat, laid, pts)
            done += 1
        self.sampled = done
        return {a: v / done for a, v in sums.items()}

    def bid_options(self, obs: KalabriaszObservation) -> dict[Action, float]:
        """Naming each suit and passing, valued by `side_diff` for this seat over sampled
        deals (the talon and the other hands fitting the passes so far). Naming: the talon
        taken, two cards laid away by normal's rule, played out. Passing: each seat still to
        speak names as normal would (its best suit, if the hand is worth it); the first to
        name plays the deal as maker; nobody: the deal is void and scores nothing."""
        seat = obs.seat
        seen, later = bidding_seen(obs)
        sums = dict.fromkeys(obs.legal, 0.0)
        start = time.perf_counter()
        done = 0
        while self._more(done, start):
            hands, talon = self._world(seen)
            for a in obs.legal:
                if a.kind == "name":
                    sums[a] += self._as_maker(obs, hands, talon, seat, a.suit.index)  # type: ignore[union-attr]
                    continue
                for other in later:
                    best = max(range(4), key=lambda t: mask_value(hands[other], t))
                    if mask_value(hands[other], best) >= NAME_AT + self.helper.caution:
                        sums[a] -= self._as_maker(obs, hands, talon, other, best)
                        break
            done += 1
        self.sampled = done
        return {a: v / done for a, v in sums.items()}

    def _as_maker(
        self, obs: KalabriaszObservation, hands: tuple[int, int, int], talon: int, maker: int,
        t: int,
    ) -> float:  # fmt: skip
        """`side_diff` of one sampled deal when `maker` names `t`: the talon taken, two
        cards laid away by normal's rule, played out from first hand's lead."""
        view = dataclasses.replace(obs, seat=maker, trump=SUITS[t], maker=maker, laid_away=())
        full = list(hands)
        full[maker] |= talon
        laid = self._lay_rest(view, full[maker], 0)
        return self._play_deal(self._solver(obs.variant, t, maker), view,
                               (full[0], full[1], full[2]), maker, laid, POINTS[t])  # fmt: skip

    def _lay_rest(self, obs: KalabriaszObservation, full: int, laid: int) -> int:
        """The cards laid away once the maker (holding `full` with the talon) has laid two,
        those still to lay chosen by normal's rule."""
        view = dataclasses.replace(obs, phase="talon")
        while laid.bit_count() < 2:
            cards = cards_of(full & ~laid)
            legal = tuple(LAY_ACTIONS[c.index] for c in cards)
            view = dataclasses.replace(view, hand=tuple(cards), legal=legal)
            laid |= self.helper.lay(view).card.bit  # type: ignore[union-attr]
        return laid

    def _play_deal(
        self, solver: ThreeSolver, obs: KalabriaszObservation, hands: tuple[int, int, int],
        maker: int, laid: int, pts: tuple[int, ...],
    ) -> float:  # fmt: skip
        """`side_diff` of one deal played out from first hand's lead, `laid` away."""
        after = list(hands)
        after[maker] &= ~laid
        h = (after[0], after[1], after[2])
        diff = play_out(solver, h, obs.first_hand, (), False, self.tail_cards)
        away = sum(pts[c] for c in range(32) if laid >> c & 1)
        rest = sum(pts[c] for c in range(32) if (h[0] | h[1] | h[2]) >> c & 1) + LAST_TRICK
        return side_diff(away + (rest + diff) / 2, away + rest)

    def _world(self, seen: Seen) -> tuple[tuple[int, int, int], int]:
        """A sampled deal that fits the play and, if one is found in `TRIES`, the bidding."""
        fallback = None
        for _ in range(TRIES):
            world = sample(seen, self.rng)
            if world is None:
                continue
            if not self.read_bidding or fits_bidding(seen, world[0]):
                return world
            fallback = fallback or world
        while fallback is None:
            fallback = sample(seen, self.rng)
        return fallback


# --- every option valued, for the coach and the hint (teach/kalabriasz_coach.py) ---
def evaluate(
    obs: KalabriaszObservation, seed: int = 0, worlds: int | None = None,
    cancelled: Callable[[], bool] | None = None, stop_at: float | None = None,
) -> dict[Action, float]:  # fmt: skip
    """Every legal action valued over deals sampled from the observation alone, as the
    deal score of the seat's side minus the other side's (`side_diff`: the maker against
    both defenders): a card by the hard player's own valuation, from the first card on;
    naming a suit, passing and laying a card away by playing sampled deals out as the hard
    player does, the later choices (the second card laid away, the bids of the seats still
    to speak) made by normal's rules. `worlds` fixes the number of samples (reproducible),
    `stop_at` (time.perf_counter()) and `cancelled` cut them short."""
    if len(obs.legal) == 1:
        return {obs.legal[0]: 0.0}
    player = KalabriaszHard(seed, worlds=worlds, cap_ms=float("inf"))
    player.stop_at, player.cancelled = stop_at, cancelled
    if obs.phase == "play":
        values = player.card_values(obs, side_diff)
        return {a: values[a.card.index] for a in obs.legal}  # type: ignore[union-attr]
    if obs.phase == "talon":
        return player.lay_options(obs)
    return player.bid_options(obs)
