"""The hard Klabberjass player: determinized search over deals sampled from what it has seen.

Every decision samples the hidden cards (the opponent's hand, the stock) to fit
`KlabberjassKnowledge` and scores each candidate in every sampled deal, with the
same samples for every candidate so that luck cancels out between them:

- cards, late in the deal (at most `exact_cards` in hand, 7): the exact open-hand
  solver (`klabberjass_solver.FastTwoSolver`) gives each card's value in each world;
- cards, earlier: a fast open-hand playout until the hands hold `tail_cards` (6),
  then the exact value of the rest: the greedy playout errs most at the end;
- bidding and the answer to a schmeiss (about three times a card's time: they decide
  the deal): the engine plays the rest of the bidding with the careful rules for
  both players, then the stock is dealt, the deal is played out fast and solved
  exactly from `bid_tail` (6) cards a hand.

The opponent's passes are read (`bidding_fits`): a sampled hand for him must be one
the careful rules would have passed with, while bidding and in the play after it.
That is what separates hard from normal, which chooses its cards the same way but
with 20 deals, exact only from 4 cards and no reading of the bidding (README).

Values become deal score differences (the maker's bet counts fully: nat is a
step, so margins are converted world by world before averaging). As shipped it
samples a fixed number of worlds per decision (`CARD_WORLDS` by hand size,
`BID_PLAYOUTS` for a bid): a busy machine makes it slower, not weaker (thinking by the clock,
half the worlds cost 4.6 points a deal against normal). A wall-clock cap (`CAP_MS`)
stops it early only when the machine is so loaded that a decision would take
longer. Tests fix `worlds`; the hint thinks by the clock (`think_ms`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Protocol, TypeVar

from ..engine.cards import ALL_CARDS, KING, POINTS, QUEEN, SEVEN, Card
from ..engine.klabberjass import (
    KlabberjassObservation,
    KlabberjassStacked,
    KlabberjassState,
    new_klabberjass,
)
from ..engine.klabberjass_rules import BELLA, LAST_TRICK, declaration_points, declaration_winner
from ..engine.match import Action, card_of
from .base import NotToMove
from .fast import bits
from .klabberjass_fast import INF, TwoRules, deal_diff, mask_points, playout
from .klabberjass_heuristic import (
    TAKE_AT,
    KlabberjassHeuristic,
    answer_choice,
    bid_choice,
    trump_value,
)
from .klabberjass_knowledge import KlabberjassKnowledge
from .klabberjass_solver import FastTwoSolver, playout_then_solve
from .solver import SearchTimeout

EXACT_CARDS = 7  # solve exactly when the hand holds at most this many cards
TAIL_CARDS = 6  # earlier: play out fast until the hands are this small, then solve
# Sampled deals per card decision by cards in hand (fewer than 6: LATE_WORLDS): about what
# 180 ms gave on a quiet machine. Three times as many for the first two cards changed
# nothing measurable; half of all of them cost 4.6 (SE 2.3) a deal against normal.
CARD_WORLDS = {9: 50, 8: 30, 7: 120, 6: 200}
LATE_WORLDS = 300
# Bidding decides the deal (who carries the bet, and nat is a step): a bid plays out
# every world once per bid it could make, this many deals in all (150 worlds for the
# first round's pass, take or schmeiss; 90 for the second round's five; 225 for the answer
# to a schmeiss), about what 540 ms gave on a quiet machine. Only one or two bids a deal
# against six or seven cards: the median decision stays a card's.
BID_PLAYOUTS = 450
# No decision goes on past this (wall clock): on a quiet machine none reaches it (the
# longest bids take about 850 ms); on a loaded one it keeps the longest wait under a second.
CAP_MS = 950.0
# Thinking by the clock (the hint, `--think-ms` in the arena): time per card decision;
# a bid thinks at least BID_THINK_MS.
THINK_MS = 180.0
BID_THINK_MS = 3 * THINK_MS
# Bid playouts are solved exactly once the hands hold this many cards (84% of a world's
# time is that solve). From five with twice the playouts (900, the same time) against
# normal: -0.7 (SE 1.4) paired over 300 pairs (kj_bid_compare), and the 1,000-pair rung
# +7.1 (1.2), -1.2 (SE 1.0) paired with this setting's +8.3: not better, so it stays 6.
BID_TAIL = 6
# Making trump must beat passing by this much a deal (0: margins of +5 and -5 changed hard
# vs normal by less than their standard error, benchmarks/kj_bid_compare.py). -5 against
# normal with 20 worlds, pairs 0-693: +0.63 (SE 0.64); against normal with 8 worlds (as
# shipped), all 1,000 rung pairs (170 bid differently, replayed): -0.13 (SE 0.54).
TAKE_MARGIN = 0.0
PASS_CAP = TAKE_AT + 0.3  # a pass is read as a hand worth less (the careful rules' take)
# In a simulated bidding its own later bids follow the careful rules asking this much less
# of a hand (non-dealer, dealer): the hard player takes far weaker hands than they do, but
# modelling that (0.5, 1.2) changed nothing measurable, so they stay the careful rules.
OWN_BOLDER = (0.0, 0.0)
# Read the opponent's card play too: he gave away a ten or an ace (a card worth 10 or
# more) on a trick he lost only when no cheap card (at most 4) was legal. Off: it changed
# the result of 10 pairs in 150 and hard vs normal by +0.1 (SE 0.5).
READ_PLAY = False
GIFT, CHEAP = 10, 4
MIN_WORLDS = 6
MAX_WORLDS = {"exact": 300, "playout": 1500, "bid": 600}  # enough: more only costs time


class _Bid(Protocol):
    """All `pick_bid` reads of a bid: its kind (an Action, or a benchmark's screened bid)."""

    @property
    def kind(self) -> str: ...


B = TypeVar("B", bound=_Bid)


class HardKlabberjassPlayer:
    """Determinized search over a fixed number of sampled deals per decision (the table
    above, capped by `cap_ms` of wall clock); `worlds` fixes one number for every
    decision (reproducible, for tests), `think_ms` thinks by the clock instead."""

    name = "hard"

    def __init__(
        self, seed: int | None = None, think_ms: float | None = None,
        worlds: int | None = None, cancelled: Callable[[], bool] | None = None,
        exact_cards: int = EXACT_CARDS, tail_cards: int = TAIL_CARDS, bid_tail: int = BID_TAIL,
        infer: bool = True, bid_think_ms: float = BID_THINK_MS,
        take_margin: float = TAKE_MARGIN, pass_cap: float = PASS_CAP,
        own_bolder: tuple[float, float] = OWN_BOLDER, read_play: bool = READ_PLAY,
        cap_ms: float | None = CAP_MS, bid_playouts: int = BID_PLAYOUTS,
    ) -> None:  # fmt: skip
        """`worlds` fixes the samples per decision (reproducible, no cap); else `think_ms`
        bounds it by the clock (at least MIN_WORLDS); neither: the table of worlds, cut
        short after `cap_ms` (None: never; each decision still samples MIN_WORLDS).
        `cancelled()` True (nobody wants the answer: a hint) stops it with SearchTimeout.
        `exact_cards`: solve exactly from this many cards in hand (the normal level: fewer);
        `tail_cards`: solve earlier playouts exactly from this many (0: never); `bid_tail`
        the same for the bidding's; `infer`: read the opponent's passes; `bid_think_ms`:
        a bid thinks at least this long (a hint's longer think time is kept); `take_margin`:
        making trump must beat passing by this much a deal; `pass_cap`: a pass is read as
        a hand worth less than this; `own_bolder`: how much less than the careful rules
        its own later bids in a simulated bidding ask of a hand (non-dealer, dealer);
        `read_play` (with `infer`): a card of 10 or more given away says no cheap one was
        legal; `bid_playouts`: simulated deals per bid decision, split over its bids."""
        self.bid_playouts = bid_playouts
        self.read_play = read_play
        self.take_margin, self.pass_cap, self.own_bolder = take_margin, pass_cap, own_bolder
        self.rng, self.worlds, self.cancelled = random.Random(seed), worlds, cancelled
        self.exact_cards, self.tail_cards, self.bid_tail = exact_cards, tail_cards, bid_tail
        self.infer = infer  # read the opponent's passes while sampling his bidding hand
        self.by_clock = think_ms is not None and worlds is None
        if think_ms is None:  # the table's cap stands for the think time
            think_ms = bid_think_ms = math.inf if cap_ms is None else cap_ms
        self.think = think_ms / 1000.0  # seconds per decision
        self.bid_think = max(self.think, bid_think_ms / 1000.0)  # seconds per bid
        # With `worlds`: no more worlds after this time.perf_counter() (the first always is).
        self.stop_at: float | None = None
        self.sampled = 0  # worlds sampled by the last search (benchmarks read it)
        self.helper = KlabberjassHeuristic(seed, counting=True)  # dix and declarations
        self._solvers: dict[int, FastTwoSolver] = {}

    def choose(self, obs: KlabberjassObservation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        now = time.perf_counter()
        if obs.phase == "play":
            return self.play(obs, now + self.think)
        if obs.phase in ("bidding", "schmeiss"):
            return self.bid(obs, now + self.bid_think)
        return self.helper.choose(obs)  # dix and declarations: the rules of thumb are right

    def _more(self, done: int, deadline: float, want: int) -> bool:
        """Sample another world? `want` is the table's number for this decision."""
        self.sampled = done
        if self.cancelled is not None and self.cancelled():
            raise SearchTimeout
        if self.worlds is not None:
            late = self.stop_at is not None and done and time.perf_counter() > self.stop_at
            return done < self.worlds and not late
        return done < MIN_WORLDS or (done < want and time.perf_counter() < deadline)

    def _want(self, kind: str, n: int) -> int:
        """How many worlds this decision samples at most: by the clock, enough; else the
        table's number for a bid among `n` or for a hand of `n` cards."""
        if self.by_clock:
            return MAX_WORLDS[kind]
        if kind == "bid":
            return self.bid_playouts // n
        return CARD_WORLDS.get(n, LATE_WORLDS)

    def _solver(self, trump: int) -> FastTwoSolver:
        solver = self._solvers.get(trump)
        if solver is None or len(solver.tt) > 400_000:
            self._solvers.clear()
            solver = self._solvers[trump] = FastTwoSolver(trump)
        return solver

    # --- cards ---
    def play(self, obs: KlabberjassObservation, deadline: float) -> Action:
        values = self.card_values(obs, deadline)
        t = obs.trump_index
        return max(values, key=lambda a: (values[a], -POINTS[t][card_of(a).index]))

    def card_values(self, obs: KlabberjassObservation, deadline: float) -> dict[Action, float]:
        """Every legal card's average deal score difference (mine minus the opponent's)."""
        know = KlabberjassKnowledge.from_observation(obs)
        t, me = know.trump, obs.seat
        r = TwoRules(t)
        exact = len(obs.hand) <= self.exact_cards
        solver = self._solver(t)
        tail = self.exact_cards if exact else self.tail_cards
        cards = [card_of(a).index for a in obs.legal]
        maker = obs.maker
        assert maker is not None  # cards are played after trump is fixed, by the maker
        base = _Tally.of(obs)
        led = obs.trick[0].index if obs.trick else -1
        totals = dict.fromkeys(cards, 0.0)
        worlds = 0
        fits = bidding_fits(obs, self.rng, self.pass_cap) if self.infer else None
        if self.infer and self.read_play:
            know = replace(know, allowed=know.allowed & ~gifts_ruled_out(obs) | know.known)
        want = self._want("exact" if exact else "playout", len(obs.hand))
        while self._more(worlds, deadline, want):
            opp_hand = know.sample(self.rng, fits)
            hands = [0, 0]
            hands[me], hands[1 - me] = know.hand, opp_hand
            tally = base.with_bella(hands, t)
            seed = self.rng.random()
            for c in cards:
                m = self._card_value(r, solver, tail, hands, me, led, c, random.Random(seed))
                totals[c] += tally.diff(me, maker, m)
            worlds += 1
        return {a: totals[card_of(a).index] / worlds for a in obs.legal}

    @staticmethod
    def _card_value(
        r: TwoRules, solver: FastTwoSolver, tail: int, hands: list[int], me: int, led: int,
        card: int, rng: random.Random,
    ) -> int:  # fmt: skip
        """Seat 0's future points minus seat 1's after `me` plays `card` (trick included):
        exact when the hand holds at most `tail` cards, else a fast playout that is solved
        exactly once the hands hold `tail` cards (0: played out to the end)."""
        h = list(hands)
        exact = h[me].bit_count() <= tail
        if led < 0:
            if exact:
                return solver.reply(h[0], h[1], me, card, -INF, INF)
            h[me] ^= 1 << card
            if tail:
                return playout_then_solve(solver, h, me, card, tail, rng)
            return playout(r, h, me, card, rng)
        h[me] ^= 1 << card
        won = me if r.beats(led, card) else 1 - me
        value = r.points[led] + r.points[card] + (LAST_TRICK if not h[0] and not h[1] else 0)
        trick = value if won == 0 else -value
        if exact:
            return trick + solver.value(h[0], h[1], won)
        if tail:
            return trick + playout_then_solve(solver, h, won, -1, tail, rng)
        return trick + playout(r, h, won, -1, rng)

    # --- bidding and the schmeiss answer ---
    def bid(self, obs: KlabberjassObservation, deadline: float) -> Action:
        return self.pick_bid(self.bid_values(obs, deadline))

    def pick_bid(self, values: Mapping[B, float]) -> B:
        """The best bid; making trump (or a schmeiss) must beat a pass by `take_margin`."""
        passing = next((a for a in values if a.kind == "pass"), None)
        active = [a for a in values if a is not passing]
        best = max(active, key=lambda a: values[a])
        if passing is not None and values[best] <= values[passing] + self.take_margin:
            return passing
        return best

    def bid_values(self, obs: KlabberjassObservation, deadline: float) -> dict[Action, float]:
        """Every bid's (or schmeiss answer's) average deal score difference for me."""
        know = KlabberjassKnowledge.from_observation(obs)
        totals = dict.fromkeys(obs.legal, 0.0)
        worlds = 0
        tail = (self.bid_tail, self._solver) if self.bid_tail else None
        fits = bidding_fits(obs, self.rng, self.pass_cap) if self.infer else None
        want = self._want("bid", len(obs.legal))
        while self._more(worlds, deadline, want):
            opp_hand = know.sample(self.rng, fits)
            stock = bits(know.hidden & ~opp_hand)
            self.rng.shuffle(stock)
            state = _world(obs, opp_hand, stock)
            seed = self.rng.random()
            for action in obs.legal:
                totals[action] += simulate(state, action, obs.seat, random.Random(seed), tail,
                                           self.own_bolder)  # fmt: skip
            worlds += 1
        return {a: value / worlds for a, value in totals.items()}


def evaluate(
    obs: KlabberjassObservation, seed: int = 0, worlds: int | None = None,
    think_ms: float = 200.0, cancelled: Callable[[], bool] | None = None,
    stop_at: float | None = None,
) -> dict[Action, float]:  # fmt: skip
    """Every legal action valued as the hard player values it: the average deal score
    difference for the seat of `obs` (mine minus the opponent's) over deals sampled from
    the observation alone; `worlds` fixes the samples (reproducible). Empty for the dix
    and the declarations, which the player decides by rule, not by search. A seat that is
    not to move has no option to value: NotToMove."""
    if not obs.legal:
        raise NotToMove(obs)
    player = HardKlabberjassPlayer(seed, think_ms=think_ms, worlds=worlds, cancelled=cancelled)
    player.stop_at = stop_at  # caps the fixed `worlds` by wall time
    if len(obs.legal) == 1:
        return {obs.legal[0]: 0.0}
    deadline = time.perf_counter() + player.think
    if obs.phase == "play":
        return player.card_values(obs, deadline)
    if obs.phase in ("bidding", "schmeiss"):
        return player.bid_values(obs, deadline)
    return {}


class _Tally:
    """Points already certain for each seat: cards of finished tricks, sequences, bella."""

    def __init__(self, points: list[int], future: int) -> None:
        self.points = points
        self.future = future  # points still to win: cards in hands and on the table, last 10

    @classmethod
    def of(cls, obs: KlabberjassObservation) -> _Tally:
        t = obs.trump_index
        pts = POINTS[t]
        done = [obs.declarations[0] + obs.bella[0], obs.declarations[1] + obs.bella[1]]
        r = TwoRules(t)
        for leader, (a, b) in obs.tricks:
            won = (leader + (1 if r.beats(a.index, b.index) else 0)) % 2
            done[won] += pts[a.index] + pts[b.index]
        if len(obs.tricks) == 9:
            return cls(done, 0)
        return cls(done, sum(pts[c.index] for c in obs.trick))

    def with_bella(self, hands: list[int], t: int) -> _Tally:
        """This world's tally: future card points of both hands, and a bella still to come."""
        pts = list(self.points)
        kq = ALL_CARDS[t * 8 + QUEEN].bit | ALL_CARDS[t * 8 + KING].bit
        for seat in (0, 1):
            if hands[seat] & kq == kq:
                pts[seat] += BELLA
        future = self.future + mask_points(hands[0] | hands[1], t) + LAST_TRICK
        return _Tally(pts, future)

    def diff(self, me: int, maker: int, margin: int) -> int:
        """My deal score minus the opponent's, given seat 0's future margin."""
        p0 = self.points[0] + (self.future + margin) // 2
        p1 = self.points[1] + (self.future - margin) // 2
        mine, theirs = (p0, p1) if me == 0 else (p1, p0)
        return deal_diff(me, maker, mine, theirs)


def bidding_fits(
    obs: KlabberjassObservation, rng: random.Random | None = None, cap: float = PASS_CAP
) -> Callable[[int], bool] | None:
    """Does a sampled hand for the opponent fit his passes? A pass says the hand he bid
    with was not worth making trump by the careful rules (the turned suit in the first
    round, every other suit in the second). After the bidding he holds three more cards
    from the stock, unknown which: a random six of his cards (from `rng`) stand in for his
    bidding hand, which accepts a hand as often as its true chance. None: no pass."""
    opp, t = 1 - obs.seat, obs.proposed
    caps: list[tuple[int, Card | None, float]] = []
    bid_round = 1
    for seat, action in obs.deal_log:
        if action.kind in ("take", "name", "refuse"):
            break  # trump is fixed: later passes are a dix or a declaration declined
        if action.kind != "pass":
            continue
        if seat == opp:
            if bid_round == 1:
                caps.append((t.suit_index, t, cap))
            else:
                low = cap - (0.3 if opp == obs.dealer else 0.0)
                caps += [(s, None, low) for s in range(4) if s != t.suit_index]
        if seat == obs.dealer and bid_round == 1:
            bid_round = 2
    if not caps:
        return None
    played = sum(c.bit for leader, cards in (*obs.tricks, (obs.leader, obs.trick))
                 for k, c in enumerate(cards) if (leader + k) % 2 == opp)  # fmt: skip
    swap = obs.proposed.bit | obs.turned.bit if obs.dix == opp else 0  # undo his dix
    pick = rng or random.Random(0)
    belote = obs.variant.declarations == "belote"

    def fits(hand: int) -> bool:
        held = bits((hand | played) ^ swap)
        if len(held) > 6:
            held = pick.sample(held, 6)
        cards = [ALL_CARDS[i] for i in held]
        return all(trump_value(cards, s, turned, belote) < cap for s, turned, cap in caps)

    return fits


def gifts_ruled_out(obs: KlabberjassObservation) -> int:
    """Cards the opponent's gifts say he does not hold. Every player here (and most people)
    throws his cheapest card on a trick he cannot win, so a card worth `GIFT` or more given
    away says no card worth `CHEAP` or less was legal then: each such card that would
    have been legal beside the one he played (the duties are per card) is ruled out."""
    if obs.trump is None:
        return 0
    opp, r = 1 - obs.seat, TwoRules(obs.trump.index)
    cheap = [c for c in range(32) if r.points[c] <= CHEAP]
    out = 0
    for leader, cards in (*obs.tricks, (obs.leader, obs.trick)):
        if leader == opp or len(cards) < 2:
            continue
        led, gift = cards[0].index, cards[1].index
        if r.points[gift] >= GIFT and not r.beats(led, gift):
            for c in cheap:
                if r.legal(1 << gift | 1 << c, led) >> c & 1:
                    out |= 1 << c
    return out


def _world(obs: KlabberjassObservation, opp_hand: int, stock: list[int]) -> KlabberjassState:
    """The deal in progress with the hidden cards filled in, at the observed bidding point."""
    hands = ["", ""]
    hands[obs.seat] = " ".join(str(c) for c in obs.hand)
    hands[1 - obs.seat] = " ".join(str(ALL_CARDS[i]) for i in bits(opp_hand))
    stacked = KlabberjassStacked(obs.dealer, (hands[0], hands[1]), str(obs.turned),
                                 " ".join(str(ALL_CARDS[i]) for i in stock))  # fmt: skip
    state = new_klabberjass(obs.variant, 0, stacked)
    for _, action in obs.deal_log:
        state, _ = state.apply(action)
    return state


def simulate(
    state: KlabberjassState, action: Action, me: int, rng: random.Random,
    tail: tuple[int, Callable[[int], FastTwoSolver]] | None = None,
    own_bolder: tuple[float, float] = (0.0, 0.0),
) -> int:  # fmt: skip
    """My deal score minus the opponent's if `action` is taken now and both then play the
    "normal" rules (bidding: mine `own_bolder` bolder, as non-dealer and as dealer) and a
    fast playout (cards); 0 when the deal is voided."""
    deal_no = state.deal_no
    state, _ = state.apply(action)
    while state.phase in ("bidding", "schmeiss"):
        if state.deal_no != deal_no or state.n_actions - state.deal_start == 0:
            return 0
        seat = state.to_move
        hand, legal = state.hand(seat), state.legal_actions()
        if state.phase == "schmeiss":
            choice = answer_choice(hand, state.proposed, legal, True)
        else:
            dealer = seat == state.dealer
            bolder = own_bolder[dealer] if seat == me else 0.0
            choice = bid_choice(hand, state.proposed, state.bid_round, legal, dealer, True,
                                bolder, state.belote)  # fmt: skip
        state, _ = state.apply(choice)
    if state.phase != "dix":
        return 0  # voided (redealt)
    return _finish(state, me, rng, tail)


def _finish(
    state: KlabberjassState, me: int, rng: random.Random,
    tail: tuple[int, Callable[[int], FastTwoSolver]] | None = None,
) -> int:  # fmt: skip
    """Dix, declarations, bella and a fast playout from the moment the stock is dealt.
    The declarations are the game's: with Belote a four of a kind scores (and may win)."""
    t, maker, nd = state.trump, state.maker, state.non_dealer
    hands = list(state.hands)
    seven = 1 << (t * 8 + SEVEN)
    turned = state.turned
    for seat in (nd, state.dealer):  # a dix only when the turned card is a trump (RULES 2)
        if hands[seat] & seven and turned.suit_index == t:
            hands[seat] ^= seven | turned.bit
    bonus = [0, 0]
    scorer = declaration_winner(hands[nd], hands[state.dealer], t, state.belote)
    if scorer is not None:
        seat = nd if scorer == "non_dealer" else state.dealer
        bonus[seat] += sum(declaration_points(hands[seat], state.belote))
    kq = (1 << (t * 8 + QUEEN)) | (1 << (t * 8 + KING))
    for seat in (0, 1):
        if hands[seat] & kq == kq:
            bonus[seat] += BELLA
    if tail is None:
        margin = playout(TwoRules(t), hands, nd, -1, rng)
    else:
        margin = playout_then_solve(tail[1](t), hands, nd, -1, tail[0], rng)
    future = mask_points(hands[0] | hands[1], t) + LAST_TRICK
    p = [bonus[0] + (future + margin) // 2, bonus[1] + (future - margin) // 2]
    return deal_diff(me, maker, p[me], p[1 - me])
