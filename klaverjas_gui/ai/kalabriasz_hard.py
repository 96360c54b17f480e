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
- a bid (naming each suit, or passing, after which the seats still to speak bid as
  normal would), the two cards to lay away (`lay_values`' pairs), and a card
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
It samples deals up to a wall-clock budget (`THINK_MS`) or a fixed number (`worlds`, for
tests), and a decision never works past its deadline (`CAP_MS`): the deadline is looked at
before every deal played out or solved for every option, and every `STOP_EVERY` nodes
inside the exact solver; a deal stopped halfway counts for no option, and a decision
stopped before one deal was done takes normal's answer.

The hint and the coach (`evaluate`) value the options with the same `options` and the
same seed, so the hint's best option is the card, bid or pair hard itself would choose.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from ..engine.cards import FULL_MASK, POINTS, cards_of
from ..engine.kalabriasz import KalabriaszObservation
from ..engine.kalabriasz_rules import LAST_TRICK, KalabriaszVariant
from ..engine.match import Action, card_of, suit_of
from ..engine.play import winner_index
from ..engine.roem import roem_of
from .base import NotToMove
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
from .kalabriasz_solver import Stopped, ThreeSolver, play_out

EXACT_CARDS = 5  # solve exactly when the hand to play from holds at most this many cards
PLAYOUT_CARDS = 7  # from this many cards in hand down: sampled deals solved at the end
ROLLOUT_CARDS = 10  # from this many down to PLAYOUT_CARDS: sampled deals played out by normal
TAIL_CARDS = 4  # earlier: play out fast until the hands are this small, then solve
THINK_MS = 120.0  # sampling stops after this much wall clock (at least MIN_WORLDS)
CAP_MS = 800.0  # a decision's deadline: no work after this much wall clock, even for MIN_WORLDS
MIN_WORLDS = 3
MAX_WORLDS = 80
PASS_SLACK = 1.0  # a passer's hand may have been this much over the naming line (an easy seat)
TRIES = 40  # samples tried for one that fits the bidding, before taking one that fits the play
# Bidding: naming each suit and passing are played out in sampled deals (`bid_values`).
BID_THINK_MS = 250.0
BID_WORLDS = 100
# Laying away: the pairs of `lay_values` are played out in sampled deals.
LAY_CARDS = 5
LAY_THINK_MS = 350.0
LAY_WORLDS = 60
AWAY = 3  # the slot of the two laid-away cards when a defender samples

K = TypeVar("K")  # what a sampled valuation values: an action, a card, a pair laid away
World = tuple[tuple[int, int, int], int]  # a sampled deal: three hands, and the talon or laid away


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
        read_bidding: bool = True, sampled_bids: bool = True, sampled_lay: bool = True,
        rollout_cards: int = ROLLOUT_CARDS, bid_think_ms: float = BID_THINK_MS,
        playout_cards: int = PLAYOUT_CARDS, caution: float = 0.0,
    ) -> None:  # fmt: skip
        """`worlds`: a fixed number of sampled deals per decision (tests; the deadline
        still holds); `cap_ms`: the deadline, from the start of a valuation;
        `playout_cards`: open-hand playouts and the solver from this many cards in hand
        down; `rollout_cards`: normal's playouts from this many down to there (more:
        normal's rules); `sampled_bids` (off: normal's rules): name trump from sampled
        deals; `sampled_lay` (off: normal's rule): lay away by sampled deals; `caution`:
        what normal's naming rule asks more of a hand; `read_bidding`: keep sampled hands
        that fit the passes."""
        self.rng = random.Random(seed)
        self.think = think_ms / 1000.0
        self.cap = cap_ms / 1000.0
        self.worlds = worlds
        self.exact_cards, self.tail_cards = exact_cards, tail_cards
        self.read_bidding = read_bidding
        self.playout_cards = playout_cards
        self.sampled_bids = sampled_bids
        self.sampled_lay = sampled_lay
        self.rollout_cards = rollout_cards
        self._plan: tuple[int, int] | None = None  # (the hand after the first card, the second)
        self.bid_think = bid_think_ms / 1000.0
        self.helper = KalabriaszHeuristic(seed, counting=True, caution=caution)
        self._solvers: dict[tuple[KalabriaszVariant, int, int], ThreeSolver] = {}
        self.sampled = 0  # deals sampled for the last decision (benchmarks read it)
        self.stop_at: float | None = None  # no work after this (time.perf_counter())
        self.cancelled: Callable[[], bool] | None = None  # the coach's job was cancelled
        self._start, self._deadline = 0.0, math.inf

    def choose(self, obs: KalabriaszObservation) -> Action:
        """The best option of `options` (the first of the legal order among equals, as the
        hint's); normal's answer when the valuation is switched off or its time ran out
        before one sampled deal was done."""
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "talon" and self.sampled_lay:
            return self.lay(obs)
        sampled = {"play": len(obs.hand) <= self.rollout_cards, "bidding": self.sampled_bids}
        values = self.options(obs) if sampled.get(obs.phase, False) else None
        return self.helper.choose(obs) if values is None else best(obs, values)

    def options(self, obs: KalabriaszObservation) -> dict[Action, float] | None:
        """Every legal option's mean margin for this seat over the same sampled deals (the
        one valuation behind hard's choice, the hint and the coach); None when the time ran
        out before one deal was done."""
        if obs.phase == "bidding":
            return self.bid_values(obs)
        if obs.phase == "talon":
            return self.lay_options(obs)
        if len(obs.hand) > max(self.exact_cards, self.playout_cards):
            values = self.rollout_values(obs)
        else:
            values = self.card_values(obs)
        if values is None:
            return None
        return {a: values[card_of(a).index] for a in obs.legal}

    def _solver(self, variant: KalabriaszVariant, trump: int, maker: int) -> ThreeSolver:
        key = (variant, trump, maker)
        solver = self._solvers.get(key)
        if solver is None or len(solver.tt) > 300_000:
            self._solvers.clear()
            solver = self._solvers[key] = ThreeSolver(variant, trump, maker)
        solver.stop = self._spent
        return solver

    # --- the clock: every long step looks at it ---
    def _begin(self) -> None:
        """Start a valuation (its first step): no work goes on past `cap` from now (nor
        past `stop_at`)."""
        self._start = time.perf_counter()
        self._deadline = self._start + self.cap
        if self.stop_at is not None:
            self._deadline = min(self._deadline, self.stop_at)

    def _spent(self) -> bool:
        """The valuation's time is up, or nobody wants its answer any more."""
        if self.cancelled is not None and self.cancelled():
            return True
        return time.perf_counter() >= self._deadline

    def _more(self, done: int, start: float, think: float, most: int) -> bool:
        """Sample another deal? `worlds` of them if fixed; else at least `MIN_WORLDS`,
        then until `think` or `most`; never one that would likely end past the deadline
        (a deal takes about as long as the mean so far). The deadline itself is looked at
        before every option of every deal (`_sample`) and inside the exact solver."""
        if done == 0:
            return True
        elapsed = time.perf_counter() - start
        if self.worlds is not None:
            return done < self.worlds
        if start + elapsed * (done + 1) / done > self._deadline:
            return False
        return done < MIN_WORLDS or (done < most and elapsed < think)

    def _sample(
        self, seen: Seen, keys: list[K], one: Callable[[World], Iterator[float]],
        think: float, most: int,
    ) -> dict[K, float] | None:  # fmt: skip
        """Each key's mean over sampled deals: `one(deal)` yields a value per key, in
        order. A deal stopped by the deadline halfway counts for no key: every key keeps
        the same deals. None if not one deal was done in time. The clock started with
        the valuation (`_begin`)."""
        start = self._start
        sums = dict.fromkeys(keys, 0.0)
        done = 0
        try:
            while self._more(done, start, think, most):
                values = one(self._world(seen))
                got = []
                for _ in keys:
                    if self._spent():
                        raise Stopped
                    got.append(next(values))
                for k, v in zip(keys, got, strict=True):
                    sums[k] += v
                done += 1
        except Stopped:
            pass
        self.sampled = done
        return {k: v / done for k, v in sums.items()} if done else None

    # --- bidding ---
    def bid_values(self, obs: KalabriaszObservation) -> dict[Action, float] | None:
        """This seat's mean deal margin (its score minus the mean of the other two's) over
        sampled deals for naming each suit and for passing. The deals fit the passes so
        far; every seat plays them out by normal's rules, the way the other seats will play
        (`kalabriasz_fast`); naming lays away by normal's rule; after a pass the seats
        still to speak bid by normal's rule, and when none names the deal scores 0."""
        self._begin()
        seat, variant, first = obs.seat, obs.variant, obs.first_hand
        seen, later = bidding_seen(obs)

        def one(world: World) -> Iterator[float]:
            hands, talon = world
            for a in obs.legal:
                if a.kind == "name":
                    s = suit_of(a).index
                    yield named_margin(variant, hands, talon, seat, s, first, seat)
                    continue
                bids = ((other, normal_bid(hands[other], self.helper.caution)) for other in later)
                maker, t = next(((o, t) for o, t in bids if t >= 0), (-1, -1))
                yield 0.0 if t < 0 else named_margin(variant, hands, talon, maker, t, first, seat)

        return self._sample(seen, list(obs.legal), one, self.bid_think, BID_WORLDS)

    # --- the talon ---
    def lay(self, obs: KalabriaszObservation) -> Action:
        """Lay away the best card of `lay_options` (the first of its best pair); the second
        card of that pair at the second decision."""
        hand = sum(c.bit for c in obs.hand)
        if self._plan is not None and self._plan[0] == hand:
            card = self._plan[1]
            return next(a for a in obs.legal if a.card is not None and a.card.index == card)
        pairs = self.lay_values(obs)
        if pairs is None:
            return self.helper.choose(obs)
        action = best(obs, per_card(obs, pairs))
        card = card_of(action).index
        pair = max((p for p in pairs if p >> card & 1), key=lambda p: pairs[p])
        second = bits(pair & hand & ~(1 << card))
        self._plan = (hand & ~(1 << card), second[0]) if second else None
        return action

    def lay_options(self, obs: KalabriaszObservation) -> dict[Action, float] | None:
        """Each card the maker may lay away, valued by the best pair it is in
        (`lay_values`)."""
        pairs = self.lay_values(obs)
        return None if pairs is None else per_card(obs, pairs)

    def lay_values(self, obs: KalabriaszObservation) -> dict[int, float] | None:
        """The maker's mean deal margin over sampled deals for laying away each pair (a mask):
        every pair of the `LAY_CARDS` cards normal's rule would most like to lay away,
        normal's own pair, and every other card with the card normal would lay beside it;
        every seat playing by normal's rules. With one card laid away already: that card
        with each card of the hand."""
        self._begin()
        seat, t, variant = obs.seat, obs.trump_index, obs.variant
        hand = sum(c.bit for c in obs.hand)
        first = sum(c.bit for c in obs.laid_away)
        full = hand | first
        if first:
            pairs = [first | 1 << c for c in bits(hand)]
        else:
            ranked = sorted(bits(hand), key=lambda c: lay_key(t, hand, c), reverse=True)
            pairs = [1 << a | 1 << b for a, b in itertools.combinations(ranked[:LAY_CARDS], 2)]
            pairs.append(normal_lay(t, hand))
            pairs += [1 << c | 1 << normal_card(t, hand & ~(1 << c)) for c in ranked[LAY_CARDS:]]
            pairs = list(dict.fromkeys(pairs))
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

        def one(world: World) -> Iterator[float]:
            hands, _ = world
            for pair in pairs:
                after = list(hands)
                after[seat] = full & ~pair
                points, _ = tab.playout((after[0], after[1], after[2]), obs.first_hand, seat,
                                        pair)  # fmt: skip
                points[seat] += sum(pts[c] for c in bits(pair))
                yield seat_margin(seat, seat, points)

        return self._sample(seen, pairs, one, LAY_THINK_MS / 1000.0, LAY_WORLDS)

    # --- cards ---
    def rollout_values(self, obs: KalabriaszObservation) -> dict[int, float] | None:
        """Each legal card's mean deal margin for this seat over sampled deals, the rest of
        each deal played out by normal's rules (`kalabriasz_fast`): the early cards, where
        the open-hand playouts of `card_values` chose worse cards than normal's rules."""
        self._begin()
        seen = read(obs)
        tab = table(obs.variant, seen.trump)
        pts = POINTS[seen.trump]
        cards = [a.card.index for a in obs.legal if a.card is not None]
        _, trick, _, void = card_view(obs, True)
        played = sum(c.bit for _, cs in obs.tricks for c in cs)
        sign = 1.0 if seen.seat == seen.maker else -1.0
        maker = seen.maker

        def one(world: World) -> Iterator[float]:
            hands, away = world
            away_pts = sum(pts[c] for c in bits(away))
            maker_known = seen.known[0] + away_pts
            known = seen.known[0] + seen.known[1] + away_pts
            for c in cards:
                after = list(hands)
                after[seen.seat] ^= 1 << c
                points, _ = tab.playout((after[0], after[1], after[2]), obs.leader, maker,
                                        away, (*trick, c), played, void, seen.lost)  # fmt: skip
                maker_total = maker_known + points[maker]
                yield sign * deal_margin(maker_total, known + sum(points))

        return self._sample(seen, cards, one, self.think, MAX_WORLDS)

    def card_values(self, obs: KalabriaszObservation) -> dict[int, float] | None:
        """Each legal card's mean deal margin for this seat over the sampled deals: played
        out open-handed (`play_out`) until the hands hold `tail_cards`, then solved, or
        solved exactly from `exact_cards` in hand."""
        self._begin()
        seen = read(obs)
        solver = self._solver(obs.variant, seen.trump, seen.maker)
        cards = [a.card.index for a in obs.legal if a.card is not None]
        pts = POINTS[seen.trump]
        trick = tuple(c.index for c in obs.trick)
        exact = len(obs.hand) <= self.exact_cards
        sign = 1.0 if seen.seat == seen.maker else -1.0

        def one(world: World) -> Iterator[float]:
            hands, away = world
            rest = sum(pts[c] for c in bits(hands[0] | hands[1] | hands[2]))
            rest += sum(pts[c] for c in trick) + LAST_TRICK
            away_pts = sum(pts[c] for c in bits(away))
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
                yield sign * deal_margin(maker_known + (rest + diff) / 2, total)

        return self._sample(seen, cards, one, self.think, MAX_WORLDS)

    def _world(self, seen: Seen) -> World:
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
            if self._spent():
                raise Stopped
            fallback = sample(seen, self.rng)
        return fallback


def best(obs: KalabriaszObservation, values: dict[Action, float]) -> Action:
    """The best legal option, the first of the legal order among equals: hard's choice and
    the hint's (`teach.coach.best_option` ranks the same way)."""
    return max(obs.legal, key=lambda a: values[a])


def normal_card(t: int, hand: int) -> int:
    """The card normal's rule lays away first from `hand`."""
    return max(bits(hand), key=lambda c: lay_key(t, hand, c))


def per_card(obs: KalabriaszObservation, pairs: dict[int, float]) -> dict[Action, float]:
    """Each card laid away valued by the best pair (of `pairs`) it is in."""
    out = {}
    for a in obs.legal:
        c = card_of(a).index
        out[a] = max(v for p, v in pairs.items() if p >> c & 1)
    return out


# --- every option valued, for the coach and the hint (teach/kalabriasz_coach.py) ---
COACH_SCALE = 4 / 3  # the coach halves this: about 1 a card point that changes sides


def evaluate(
    obs: KalabriaszObservation, seed: int = 0, worlds: int | None = None,
    cancelled: Callable[[], bool] | None = None, stop_at: float | None = None,
) -> dict[Action, float]:  # fmt: skip
    """Every legal action valued by the hard player's own valuation (`KalabriaszHard.
    options`: the same sampled deals for the same seed and `worlds`, so the hint's best is
    hard's choice), times `COACH_SCALE`. A seat's margin moves by 1.5 for a card point won
    from the other side (the maker's and the defenders' alike), so the coach's halved
    values move by 1 for it. `worlds` fixes the number of samples (reproducible),
    `stop_at` (time.perf_counter()) and `cancelled` cut them short; all 0 when not one
    deal was done. A seat that is not to move has no option to value: NotToMove."""
    if not obs.legal:
        raise NotToMove(obs)
    if len(obs.legal) == 1:
        return {obs.legal[0]: 0.0}
    player = KalabriaszHard(seed, worlds=worlds, cap_ms=math.inf)
    player.stop_at, player.cancelled = stop_at, cancelled
    values = player.options(obs)
    if values is None:
        return dict.fromkeys(obs.legal, 0.0)
    return {a: v * COACH_SCALE for a, v in values.items()}
