"""The hard player: determinized search over hands sampled from what the seat has seen.

Every decision samples deals consistent with the seat's `Knowledge` (voids,
"could not overtrump", "had no trump", the chooser's likely trumps) and scores
each candidate in every sampled deal:

- cards, late in the deal (few tricks left): the exact solver gives each card's
  value in each world (perfect-information Monte Carlo);
- cards, early in the deal: a fast open-hand playout to the end of the deal in
  each world, scored by the engine's `settle`, in which our side's next lead is
  searched (every card tried) rather than left to the rule of thumb;
- trump decisions: one open-hand playout per suit and world in which our side's
  first lead is searched, as in card play; passing plays out who would name trump
  next in that world, less 20 points (`NAME_MARGIN`: the playouts undervalue our own
  naming). A bid gets three times a card's think time (`BID_TIME`): bids
  are few (the median decision time stays a card's) and decide the whole deal;
- kraak decisions: one plain playout per world.

In card play each world counts by how well it explains the bidding (the chooser's
hand was worth naming, the passers' hands were not) in place of the per-card
leanings of `Knowledge.sample`. Values are turned into the deal score difference
(nat counts fully), averaged over the worlds, and the best average wins. The loop
runs until the think time is spent, so the player is as strong as the time allows
and always answers.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..engine.cards import POINTS, cards_of
from ..engine.match import Action, Observation, card_of, suit_of
from ..engine.play import winner_index
from ..engine.roem import roem_of
from ..engine.scoring import TOTAL_POINTS, burden_team, settle
from ..engine.variant import Variant
from .base import NotToMove
from .fast import Rules, bits, close_trick, greedy_card, playout
from .heuristic import claim_decision, suit_value, suit_values
from .knowledge import Knowledge
from .signalling import answer_card, signal_card
from .solver import Position, SearchTimeout, Solver

EXACT_TRICKS = 5  # solve exactly when at most this many tricks remain
PASS_MARGIN = 8.0  # naming trump must beat passing by this much (passing is not free)
KRAAK_MARGIN = 15.0  # a kraak call must gain at least this much on average
# The hand value (heuristic.suit_value) at which an opponent, or our partner, is taken to
# name trump; the easy player names at 12.5, the hard one more readily. Both were set by
# benchmarks/bid_compare.py (README).
NAME_THRESHOLD = 13.5
PARTNER_THRESHOLD = 10.5
# In card play, how likely a player was to name trump with a hand of this value: a
# logistic curve fitted to the hard player's own naming (the easy player names from 12.5).
NAMING_VALUE = 11.5
NAMING_SCALE = 1.5
# A bid's think time as a multiple of a card's. With the searched first lead, bidding this
# way beat hard-2026's by +4.5 per deal (SE 1.7) over 600 Amsterdam pairs and +1.5 (1.4)
# over 600 Rotterdam pairs (docs/benchmarks.md); with a card's time only, +1.3 (1.6).
BID_TIME = 3.0
# Free naming: name a suit even when the sampled deals make it up to 20 points worse than
# passing. The bid's quick playouts judge naming against an opponent's naming about 79
# points too low next to perfect play (benchmarks/bid_accuracy.py); naming this much more
# readily gained +2.9 per deal (SE 1.3) against hard-2026 over 1,200 paired deals; with
# both bidding changes hard beat hard-2026 by +6.1 (Amsterdam) and +2.2 (Rotterdam) per
# deal, SE 2.0, in 1,000-pair arenas.
NAME_MARGIN = -20.0


class HardPlayer:
    """PIMC player; `think_ms` bounds the time per card (a bid gets `bid_time` times as
    long; one more world may finish),
    or `worlds` fixes the number of sampled deals, for reproducible tests."""

    name = "hard"

    def __init__(
        self, seed: int | None = None, think_ms: float = 200.0, worlds: int | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> None:  # fmt: skip
        self.rng = random.Random(seed)
        self.cancelled = cancelled  # True: nobody wants the answer (a hint): SearchTimeout
        self.think = think_ms / 1000.0
        self.worlds = worlds  # a fixed number of worlds instead of the clock (reproducible)
        # With `worlds`: a wall-clock time after which no more worlds are sampled (the first
        # always is) and the exact solver gives up a world; reproducible unless it is reached.
        self.stop_at: float | None = None
        self.pass_margin = PASS_MARGIN
        self.exact_tricks = EXACT_TRICKS
        self.solved = 0  # worlds the last `card_values` solved exactly (the coach asks)
        # each world `card_values` last solved exactly: card index -> its utility (the coach
        # measures how far its values can be trusted from how they spread over the worlds)
        self.solved_worlds: list[dict[int, float]] = []
        self.caps = (64, 400)  # enough worlds (exact, playouts): stop early on easy decisions
        # Playouts try every card at our side's next lead instead of the rule of thumb's one.
        self.nested = True
        self.every_lead = False  # card play: every lead of both sides searched instead
        # Free naming: weigh a suit against the simulated rest of the naming (False: against
        # `pass_margin`, as with a proposed suit); `benchmarks/bid_compare.py` compares them.
        self.continuation = True
        self.name_threshold = NAME_THRESHOLD
        self.partner_threshold = PARTNER_THRESHOLD
        # Card play: weigh each sampled deal by how well it explains the bidding (False:
        # only the per-card chooser/passer leanings of `Knowledge.sample`).
        self.bid_inference = True
        # Without bid inference: deals drawn with the chooser's and passers' likely trumps
        # (`Knowledge.sample`'s bias); False draws every deal that fits the facts alike.
        self.leanings = True
        # The convention's halves (RULES.md 1.10): throw the signal card, read the partner's
        # signals (his signal in the sampled deals, lead the suit he asks), read the
        # opponents' (public). All on at a table that plays one; the arena turns them off
        # one by one to measure what each is worth (ai/arena.py, "hard:kleur-send").
        self.send_signals = True
        self.read_partner = True
        self.read_opponents = True
        # Bidding: each sampled deal played out with our side's first lead searched (as in
        # card play; False: a single rule-of-thumb playout), for `bid_time` times a card's
        # think time; passing's value is corrected by `name_margin` (NAME_MARGIN).
        self.bid_nested = True
        self.bid_every_lead = False  # every lead of both sides searched (`_searched_leads`)
        self.bid_time = BID_TIME
        self.name_margin = NAME_MARGIN
        # Per-player caches (never shared between players, so threads stay independent).
        self._rules_cache: dict[tuple[Variant, int], Rules] = {}
        self._solvers: dict[tuple[Variant, int, int, int], Solver] = {}

    def _rules(self, variant: Variant, trump: int) -> Rules:
        key = (variant, trump)
        r = self._rules_cache.get(key)
        if r is None:
            r = self._rules_cache[key] = Rules(variant, trump)
        return r

    def _solver(self, variant: Variant, trump: int, chooser_team: int, level: int) -> Solver:
        """One solver per deal's rules: its table is keyed by all four hands, so entries
        from other sampled worlds or earlier decisions stay valid."""
        key = (variant, trump, chooser_team, level)
        solver = self._solvers.get(key)
        if solver is None:
            self._solvers.clear()
            solver = Solver(variant, trump, chooser_team, level, cancelled=self.cancelled)
            self._solvers[key] = solver
        elif len(solver.tt) > 200_000:
            solver.tt.clear()
        return solver

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "claim":
            return claim_decision(obs)
        deadline = time.perf_counter() + self.think
        if obs.phase == "play":
            return self.play(obs, deadline)
        if obs.phase == "kraak":
            return self.kraak(obs, deadline)
        return self.bid(obs, deadline + (self.bid_time - 1.0) * self.think)

    def _more(self, done: int, minimum: int, deadline: float, cap: int = 1 << 30) -> bool:
        if self.cancelled is not None and self.cancelled():
            raise SearchTimeout
        if self.worlds is not None:
            late = self.stop_at is not None and done and time.perf_counter() > self.stop_at
            return done < self.worlds and not late
        return done < minimum or (time.perf_counter() < deadline and done < cap)

    # --- cards ---
    def play(self, obs: Observation, deadline: float) -> Action:
        thrown = signal_card(obs) if self.send_signals else None  # public and agreed
        if thrown is not None:
            return next(a for a in obs.legal if a.card is thrown)
        values = self.card_values(obs, deadline)
        best = max(values, key=lambda a: values[a])
        if not obs.trick and best.card is not None and self.read_partner:
            know = self._knowledge(obs)
            asked = answer_card(obs, know, best.card)
            if asked is not None:
                return next(a for a in obs.legal if a.card is asked)
        return best

    def _knowledge(self, obs: Observation) -> Knowledge:
        return Knowledge.from_observation(obs, self.read_opponents, self.read_partner)

    def card_values(self, obs: Observation, deadline: float) -> dict[Action, float]:
        """Every legal card's expected deal score difference for our team (ours minus
        theirs), averaged over the sampled worlds by their weight."""
        know = self._knowledge(obs)
        t = know.trump
        me = obs.seat
        chooser_team = obs.chooser_team
        v = obs.variant
        base = _history(obs)
        cards = [card_of(a).index for a in obs.legal]
        exact = len(obs.hand) <= self.exact_tricks  # tricks left, the one on the table included
        totals = {c: 0.0 for c in cards}
        solver = self._solver(v, t, chooser_team, obs.kraak_level) if exact else None
        rules = self._rules(v, t)
        if solver is not None:
            # A hard stop abandons a slow world: at most 2.5x the think time, under 0.75 s,
            # leaving room for a busy machine before the 1 s worst case.
            grace = max(0.0, min(1.5 * self.think, 0.75 - self.think))
            solver.deadline = deadline + grace if self.worlds is None else (self.stop_at or 0.0)
        so_far = base.totals[me % 2] - base.totals[1 - me % 2]
        trick0 = [x.index for x in obs.trick]
        weigh = _bidding_likelihood(obs, know) if self.bid_inference else None
        worlds = 0
        weight = 0.0
        self.solved = 0
        self.solved_worlds = []
        while self._more(worlds, 2, deadline):
            hands = know.sample(self.rng, bias=weigh is None and self.leanings)
            w = weigh(hands) if weigh is not None else 1.0
            if exact:
                assert solver is not None
                pos = Position(
                    v, t, hands, obs.leader, tuple(trick0), chooser_team, obs.kraak_level,
                    base.won, base.totals,
                )  # fmt: skip
                try:
                    values = solver.move_values(pos)
                except SearchTimeout:
                    if worlds:
                        break
                    exact = False  # not one world solved in time: estimate by playouts
                    continue
                utilities = {
                    c: base.utility_of_margin(so_far + x, me % 2) for c, x in values.items()
                }
                for c, value in utilities.items():
                    totals[c] += w * value
                self.solved += 1
                self.solved_worlds.append(utilities)
            else:
                for c in cards:
                    acc = base.start()
                    hs = list(hands)
                    hs[me] ^= 1 << c
                    leader, trick = close_trick(rules, hs, obs.leader, [*trick0, c], acc)
                    if self.every_lead:
                        value = _searched_leads(rules, base, hs, leader, trick, acc, me % 2)
                    elif self.nested:
                        value = _best_next_lead(rules, base, hs, leader, trick, acc, me % 2)
                    else:
                        playout(rules, hs, leader, trick, acc, chooser_team)
                        value = base.utility(acc, me % 2)
                    totals[c] += w * value
            worlds += 1
            weight += w
            if self.worlds is None and worlds >= self.caps[not exact]:
                break
        weight = weight or 1.0  # every world all but impossible: the sums are all 0
        return {a: totals[card_of(a).index] / weight for a in obs.legal}

    # --- trump ---
    def bid(self, obs: Observation, deadline: float) -> Action:
        """Pass when passing is worth more than the best suit (`bid_values`)."""
        values = self.bid_values(obs, deadline)
        best = max((a for a in values if a.kind != "pass"), key=lambda a: values[a])
        passing = next((a for a in values if a.kind == "pass"), None)
        if passing is not None and values[passing] > values[best]:
            return passing
        return best

    def bid_values(self, obs: Observation, deadline: float) -> dict[Action, float]:
        """Simulate the deal with each suit we may choose, and (`free` and `dealer_forced`
        naming) what passing leads to: the next player whose hand is worth naming a suit
        names it, or first hand is forced. Otherwise passing counts as `pass_margin`
        (naming must beat it). Averages of the deal score difference for our team; the
        modelled passing corrected by `name_margin`, so the coach weighs a bid as we do."""
        legal = obs.legal
        know = Knowledge.from_observation(obs)
        options: dict[Action, int] = {}
        for a in legal:
            if a.kind == "name":
                options[a] = suit_of(a).index
            elif a.kind == "take":
                assert obs.proposed is not None  # a take is offered only of a proposed card
                options[a] = obs.proposed.suit_index
        values = dict.fromkeys(options, 0.0)
        me = obs.seat
        v = obs.variant
        can_pass = any(a.kind == "pass" for a in legal)
        model = self.continuation and can_pass and v.trump_selection in ("free", "dealer_forced")
        order = [(obs.first_hand + k) % 4 for k in range(4)]
        later = order[order.index(me) + 1 :]
        threshold = (self.name_threshold, self.partner_threshold)  # by "is my partner"
        passed = 0.0  # what passing is worth, in worlds where someone else chooses
        forced = dict.fromkeys(options, 0.0)  # ... and in worlds where it comes back to us
        worlds = 0
        while self._more(worlds, 8, deadline, 200):
            hands = know.sample(self.rng, bias=False)
            here = {a: self._deal_value(obs, hands, me, t) for a, t in options.items()}
            for a, value in here.items():
                values[a] += value
            if model:
                chooser = None
                for q in later:
                    t = _would_name(hands[q], threshold[q % 2 == me % 2])
                    if t is not None:
                        chooser = (q, t)
                        break
                if chooser is None and v.trump_selection == "dealer_forced" and obs.dealer in later:
                    chooser = (obs.dealer, _must_name(hands[obs.dealer]))
                if chooser is None and order[0] != me:
                    chooser = (order[0], _must_name(hands[order[0]]))  # forced to name
                if chooser is None:
                    for a, value in here.items():
                        forced[a] += value
                else:
                    passed += self._deal_value(obs, hands, chooser[0], chooser[1], me % 2)
            worlds += 1
        out = {a: value / worlds for a, value in values.items()}
        if can_pass:
            if model:
                passing = (passed + max(forced.values())) / worlds + self.name_margin
            else:
                passing = self.pass_margin
            out[next(a for a in legal if a.kind == "pass")] = passing
        return out

    def _deal_value(
        self, obs: Observation, hands: tuple[int, ...], chooser: int, trump: int, team: int = -1
    ) -> float:
        """An open-hand playout of the whole deal with this chooser and trump, as the deal
        score difference for `team` (default: the chooser's): `team`'s first lead searched
        (`bid_nested`, see `_best_next_lead`), all else by the rule of thumb."""
        team = chooser % 2 if team < 0 else team
        base = _Base(obs.variant, chooser % 2, 0, (0, 0), (0, 0), (0, 0), 0)
        acc = base.start()
        lead = chooser if obs.variant.opening_lead == "chooser" else obs.first_hand
        rules = self._rules(obs.variant, trump)
        if self.bid_every_lead:
            return _searched_leads(rules, base, list(hands), lead, [], acc, team)
        if self.bid_nested:
            return _best_next_lead(rules, base, list(hands), lead, [], acc, team)
        playout(rules, list(hands), lead, [], acc, chooser % 2)
        return base.utility(acc, team)

    def kraak(self, obs: Observation, deadline: float) -> Action:
        """Call when the simulated deal score with the higher stake beats the lower one."""
        values = self.kraak_values(obs, deadline)
        call_it = any(a.kind == "kraak" and v > 0.0 for a, v in values.items())
        return next(a for a in obs.legal if (a.kind == "kraak") == call_it)

    def kraak_values(self, obs: Observation, deadline: float) -> dict[Action, float]:
        """Passing counts 0; a call, its average gain less `KRAAK_MARGIN` (the risk)."""
        know = Knowledge.from_observation(obs)
        t = know.trump
        chooser_team = obs.chooser_team
        rules = self._rules(obs.variant, t)
        level = obs.kraak_level
        me = obs.seat % 2
        gain = 0.0
        worlds = 0
        lead = obs.chooser if obs.variant.opening_lead == "chooser" else obs.first_hand
        assert lead is not None  # a kraak is called after the trump is chosen
        while self._more(worlds, 8, deadline, 200):
            hands = know.sample(self.rng)
            acc = [0, 0, 0, 0, 0, 0]
            playout(rules, list(hands), lead, [], acc, chooser_team)
            now = _Base(obs.variant, chooser_team, level, (0, 0), (0, 0), (0, 0), 0)
            raised = _Base(obs.variant, chooser_team, level + 1, (0, 0), (0, 0), (0, 0), 0)
            gain += raised.utility(acc, me) - now.utility(acc, me)
            worlds += 1
        call = gain / worlds - KRAAK_MARGIN
        return {a: call if a.kind == "kraak" else 0.0 for a in obs.legal}

    def claim_values(self, obs: Observation, deadline: float) -> dict[Action, float]:
        """Claiming the roem of the trick just taken, or not: the rest of the deal played
        out fast in each sampled world, scored with and without that roem. (The player
        itself claims by rule, `claim_decision`; this values the choice for the coach.)"""
        know = self._knowledge(obs)
        t = know.trump
        me = obs.seat % 2
        base = _history(obs)
        roem = roem_of(obs.variant, t, obs.tricks[-1][1])
        if not roem:
            return dict.fromkeys(obs.legal, 0.0)  # nothing to claim: both are worth the same
        rf = 2**obs.kraak_level if obs.variant.kraken_doubles_roem else 1
        r0, r1 = base.roem
        with_roem = _Base(
            obs.variant, base.chooser_team, obs.kraak_level, base.points,
            (r0 + roem, r1) if me == 0 else (r0, r1 + roem), base.won,
            (base.pool - TOTAL_POINTS * 2**obs.kraak_level) // rf + roem,
        )  # fmt: skip
        rules = self._rules(obs.variant, t)
        totals = dict.fromkeys(obs.legal, 0.0)
        worlds = 0
        while self._more(worlds, 8, deadline, 200):
            hands = know.sample(self.rng)
            for a, b in zip(obs.legal, (with_roem, base), strict=True):
                acc = b.start()
                playout(rules, list(hands), obs.leader, [], acc, base.chooser_team)
                totals[a] += b.utility(acc, me)
            worlds += 1
        return {a: v / worlds for a, v in totals.items()}


def evaluate(
    obs: Observation, seed: int = 0, worlds: int | None = None, think_ms: float = 200.0,
    cancelled: Callable[[], bool] | None = None, stop_at: float | None = None,
) -> dict[Action, float]:  # fmt: skip
    """Every legal action of the seat of `obs`, valued as the hard player values it: the
    expected deal score difference for its team (ours minus theirs, points of this deal)
    over deals sampled from the observation alone. `worlds` fixes the number of sampled
    deals (the same seed then gives the same values); otherwise `think_ms` bounds the time.
    A decision the player makes by rule (a claim) is valued by plain playouts. `stop_at`
    (time.perf_counter()) caps the fixed `worlds` by wall time (see `HardPlayer.stop_at`).
    A seat that is not to move has no option to value: NotToMove."""
    if not obs.legal:
        raise NotToMove(obs)
    player = HardPlayer(seed, think_ms=think_ms, worlds=worlds, cancelled=cancelled)
    player.stop_at = stop_at
    legal = obs.legal
    if len(legal) == 1:
        return {legal[0]: 0.0}
    deadline = time.perf_counter() + player.think
    if obs.phase == "play":
        return player.card_values(obs, deadline)
    if obs.phase == "claim":
        return player.claim_values(obs, deadline)
    if obs.phase == "kraak":
        return player.kraak_values(obs, deadline)
    return player.bid_values(obs, deadline)


class _Base:
    """The deal so far, and how a finished deal becomes a score difference for a team."""

    def __init__(
        self,
        variant: Variant,
        chooser_team: int,
        kraak_level: int,
        points: tuple[int, int],
        roem: tuple[int, int],
        won: tuple[int, int],
        roem_seen: int,
    ) -> None:
        self.variant = variant
        self.chooser_team = chooser_team
        self.kraak_level = kraak_level
        self.points = points
        self.roem = roem
        self.won = won
        m = 1 << kraak_level
        rf = m if variant.kraken_doubles_roem else 1
        self.totals = (points[0] * m + roem[0] * rf, points[1] * m + roem[1] * rf)
        self.pool = TOTAL_POINTS * m + roem_seen * rf
        self.burden = burden_team(chooser_team, kraak_level)

    def start(self) -> list[int]:
        """Accumulator: raw card points, raw roem and tricks won per team."""
        return [self.points[0], self.points[1], self.roem[0], self.roem[1], *self.won]

    def utility(self, acc: list[int], team: int) -> float:
        s = settle(
            self.variant, self.chooser_team, (acc[0], acc[1]), (acc[2], acc[3]),
            (acc[4], acc[5]), self.kraak_level,
        ).scores  # fmt: skip
        return s[team] - s[1 - team]

    def utility_of_margin(self, margin: int, team: int) -> float:
        """Deal score difference for `team` from its final totals margin (solver values)."""
        burden_margin = margin if team == self.burden else -margin
        if burden_margin > 0:
            return margin
        if burden_margin == 0 and self.variant.tie == "litige":
            score = -self.pool / 2
        else:
            score = -self.pool
        return score if team == self.burden else -score


def _would_name(hand: int, threshold: float) -> int | None:
    """The suit a typical player names with this hand: its best by the rule-based hand
    evaluation when that reaches `threshold` (0 for a player who must name), else None."""
    cards = tuple(cards_of(hand))
    value, suit = max((suit_value(cards, s), s) for s in range(4))
    return suit if value >= threshold else None


def _must_name(hand: int) -> int:
    """The suit a player forced to name names: `_would_name` with threshold 0, which a
    hand's value (a sum of non-negative parts) always reaches."""
    cards = tuple(cards_of(hand))
    return max((suit_value(cards, s), s) for s in range(4))[1]


def _best_next_lead(
    rules: Rules,
    base: _Base,
    hands: list[int],
    leader: int,
    trick: list[int],
    acc: list[int],
    team: int,
) -> float:
    """The deal's value for `team` when all play by the rule of thumb except at the next
    lead of `team`, where every card is tried and the best one counts.

    A single rule-of-thumb playout misjudges leads most; searching our own next lead
    brings the estimate closer to exact search over the same deals (README)."""
    choosers = base.chooser_team
    while hands[0] | hands[1] | hands[2] | hands[3]:
        p = (leader + len(trick)) % 4
        if not trick and p % 2 == team:
            return max(_lead_values(rules, base, hands, leader, acc, team).values())
        c = greedy_card(rules, hands, p, trick, choosers)
        leader, trick = _play(rules, hands, leader, trick, acc, p, c)
    return base.utility(acc, team)


def _play(
    rules: Rules, hands: list[int], leader: int, trick: list[int], acc: list[int], p: int, c: int
) -> tuple[int, list[int]]:
    """Seat p plays card c; the next leader and trick (`close_trick`)."""
    hands[p] ^= 1 << c
    trick.append(c)
    return close_trick(rules, hands, leader, trick, acc)


def _lead_values(
    rules: Rules, base: _Base, hands: list[int], leader: int, acc: list[int], team: int
) -> dict[int, float]:
    """Each card `leader` may lead now, valued for `team` by a rule-of-thumb playout after it."""
    values = {}
    for c in bits(hands[leader]):
        hs = list(hands)
        hs[leader] ^= 1 << c
        a = list(acc)
        playout(rules, hs, leader, [c], a, base.chooser_team)
        values[c] = base.utility(a, team)
    return values


def _searched_leads(
    rules: Rules, base: _Base, hands: list[int], leader: int, trick: list[int], acc: list[int],
    team: int,
) -> float:  # fmt: skip
    """The deal's value for `team` when every lead, by either side, is the card whose
    rule-of-thumb playout is best for the leader's side, and all follows are by the rule
    of thumb. Fairer to both sides than searching only our own next lead (its naming
    against an opponent's is closer to the exact solver's, benchmarks/bid_accuracy.py),
    but 3.4 times as slow; neither bids nor card play gained from it (docs/benchmarks.md)."""
    choosers = base.chooser_team
    while hands[0] | hands[1] | hands[2] | hands[3]:
        p = (leader + len(trick)) % 4
        h = hands[p]
        if not trick and h & (h - 1):
            values = _lead_values(rules, base, hands, leader, acc, p & 1)
            c = max(values, key=values.__getitem__)  # the first of equals, as bits orders them
        else:
            c = greedy_card(rules, hands, p, trick, choosers)
        leader, trick = _play(rules, hands, leader, trick, acc, p, c)
    return base.utility(acc, team)


def _naming_chance(value: float) -> float:
    return 1.0 / (1.0 + math.exp((NAMING_VALUE - value) / NAMING_SCALE))


def _bidding_likelihood(
    obs: Observation, know: Knowledge
) -> Callable[[tuple[int, ...]], float] | None:
    """How likely a sampled deal made the bidding we saw (free naming): the chooser found
    the named suit worth naming, and each player who passed found no suit worth naming.
    Their whole hands count, the cards already played included. None: nothing to weigh."""
    v = obs.variant
    if v.trump_selection not in ("free", "dealer_forced") or obs.chooser is None:
        return None
    t = know.trump
    chooser = obs.chooser
    passers = [q for q in range(4) if know.passed[q] and q != know.seat]
    dealer_forced = v.trump_selection == "dealer_forced" and chooser == obs.dealer
    forced = know.passed[chooser] or dealer_forced  # no choice, so nothing to learn
    named = chooser if chooser != know.seat and not forced else -1
    if not passers and named < 0:
        return None
    played = know.played

    def likelihood(hands: tuple[int, ...]) -> float:
        w = 1.0
        for q in passers:
            w *= 1.0 - _naming_chance(max(suit_values(hands[q] | played[q])))
        if named >= 0:
            w *= _naming_chance(suit_values(hands[named] | played[named])[t])
        return w

    return likelihood


def _history(obs: Observation) -> _Base:
    """Tally the completed tricks of the deal from the observation."""
    t = obs.trump_index
    pts, roem, won = [0, 0], [0, 0], [0, 0]
    seen = 0
    for i, (leader, cards) in enumerate(obs.tricks):
        team = (leader + winner_index(t, cards)) % 2
        won[team] += 1
        pts[team] += sum(POINTS[t][c.index] for c in cards)
        if i in obs.claimed:
            r = roem_of(obs.variant, t, cards)
            roem[team] += r
            seen += r
    return _Base(
        obs.variant, obs.chooser_team, obs.kraak_level,
        (pts[0], pts[1]), (roem[0], roem[1]), (won[0], won[1]), seen,
    )  # fmt: skip
