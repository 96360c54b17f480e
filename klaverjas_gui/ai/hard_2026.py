"""The reference level "hard-2026": the four-player hard player as shipped in 2026, frozen.

Later strength claims for `hard.py` are measured against this copy in the arena
(`--team-b hard-2026`), so it must not change with the shipped player: it is a copy of
its decision code, not a subclass. Players cannot pick it (`REFERENCE_LEVELS`, not
`LEVELS`). It shares the exact solver and the fast rules, whose answers never change
(tests/test_ai_solver.py); a faster solver only lets it search a little more in its
think time, which makes the reference harder to beat, not easier.

What it does (unchanged since 2026): determinized search over hands sampled from what
the seat has seen; the exact solver when at most five tricks remain, else one
open-hand playout per card and world with our side's next lead searched; trump and
kraak decisions by plain playouts, naming weighed against what passing leads to."""

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
from .fast import Rules, bits, close_trick, greedy_card, playout
from .heuristic import claim_decision, suit_value, suit_values
from .knowledge import Knowledge
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


class HardPlayer2026:
    """The frozen 2026 PIMC player; `think_ms` bounds the time per decision (one more
    world may finish), or `worlds` fixes the number of sampled deals, for reproducible tests."""

    name = "hard-2026"

    def __init__(
        self, seed: int | None = None, think_ms: float = 200.0, worlds: int | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> None:  # fmt: skip
        self.rng = random.Random(seed)
        self.cancelled = cancelled  # True: nobody wants the answer (a hint): SearchTimeout
        self.think = think_ms / 1000.0
        self.worlds = worlds  # a fixed number of worlds instead of the clock (reproducible)
        self.pass_margin = PASS_MARGIN
        self.exact_tricks = EXACT_TRICKS
        self.caps = (64, 400)  # enough worlds (exact, playouts): stop early on easy decisions
        # Playouts try every card at our side's next lead instead of the rule of thumb's one.
        self.nested = True
        # Free naming: weigh a suit against the simulated rest of the naming (False: against
        # `pass_margin`, as with a proposed suit); `benchmarks/bid_compare.py` compares them.
        self.continuation = True
        self.name_threshold = NAME_THRESHOLD
        self.partner_threshold = PARTNER_THRESHOLD
        # Card play: weigh each sampled deal by how well it explains the bidding (False:
        # only the per-card chooser/passer leanings of `Knowledge.sample`).
        self.bid_inference = True
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
        return self.bid(obs, deadline)

    def _more(self, done: int, minimum: int, deadline: float, cap: int = 1 << 30) -> bool:
        if self.cancelled is not None and self.cancelled():
            raise SearchTimeout
        if self.worlds is not None:
            return done < self.worlds
        return done < minimum or (time.perf_counter() < deadline and done < cap)

    # --- cards ---
    def play(self, obs: Observation, deadline: float) -> Action:
        know = Knowledge.from_observation(obs)
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
            solver.deadline = deadline + grace if self.worlds is None else 0.0
        so_far = base.totals[me % 2] - base.totals[1 - me % 2]
        trick0 = [x.index for x in obs.trick]
        weigh = _bidding_likelihood(obs, know) if self.bid_inference else None
        worlds = 0
        while self._more(worlds, 2, deadline):
            hands = know.sample(self.rng, bias=weigh is None)
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
                for c, margin in values.items():
                    totals[c] += w * base.utility_of_margin(so_far + margin, me % 2)
            else:
                for c in cards:
                    acc = base.start()
                    hs = list(hands)
                    hs[me] ^= 1 << c
                    leader, trick = close_trick(rules, hs, obs.leader, [*trick0, c], acc)
                    if self.nested:
                        value = _best_next_lead(rules, base, hs, leader, trick, acc, me % 2)
                    else:
                        playout(rules, hs, leader, trick, acc, chooser_team)
                        value = base.utility(acc, me % 2)
                    totals[c] += w * value
            worlds += 1
            if self.worlds is None and worlds >= self.caps[not exact]:
                break
        best = max(cards, key=lambda c: totals[c])
        return next(a for a in obs.legal if card_of(a).index == best)

    # --- trump ---
    def bid(self, obs: Observation, deadline: float) -> Action:
        """Simulate the deal with each suit we may choose, and (`free` and `dealer_forced`
        naming) what passing leads to: the next player whose hand is worth naming a suit
        names it, or first hand is forced. Pass when passing is worth more."""
        legal = obs.legal
        know = Knowledge.from_observation(obs)
        options: dict[Action, int] = {}
        for a in legal:
            if a.kind == "name":
                options[a] = suit_of(a).index
            elif a.kind == "take":
                assert obs.proposed is not None  # "take" is offered on the proposed card only
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
                    chooser = (order[0], _must_name(hands[order[0]]))
                if chooser is None:
                    for a, value in here.items():
                        forced[a] += value
                else:
                    passed += self._deal_value(obs, hands, chooser[0], chooser[1], me % 2)
            worlds += 1
        best = max(values, key=lambda a: values[a])
        if model:
            if values[best] < passed + max(forced.values()):
                return next(a for a in legal if a.kind == "pass")
            return best
        if can_pass and values[best] / worlds < self.pass_margin:
            return next(a for a in legal if a.kind == "pass")
        return best

    def _deal_value(
        self, obs: Observation, hands: tuple[int, ...], chooser: int, trump: int, team: int = -1
    ) -> float:
        """A greedy open-hand playout of the whole deal with this chooser and trump,
        as the deal score difference for `team` (default: the chooser's)."""
        team = chooser % 2 if team < 0 else team
        base = _Base(obs.variant, chooser % 2, 0, (0, 0), (0, 0), (0, 0), 0)
        acc = base.start()
        lead = chooser if obs.variant.opening_lead == "chooser" else obs.first_hand
        playout(self._rules(obs.variant, trump), list(hands), lead, [], acc, chooser % 2)
        return base.utility(acc, team)

    def kraak(self, obs: Observation, deadline: float) -> Action:
        """Call when the simulated deal score with the higher stake beats the lower one."""
        know = Knowledge.from_observation(obs)
        t = know.trump
        chooser_team = obs.chooser_team
        rules = self._rules(obs.variant, t)
        level = obs.kraak_level
        me = obs.seat % 2
        gain = 0.0
        worlds = 0
        assert obs.chooser is not None  # a kraak is called on a chosen trump
        lead = obs.chooser if obs.variant.opening_lead == "chooser" else obs.first_hand
        while self._more(worlds, 8, deadline, 200):
            hands = know.sample(self.rng)
            acc = [0, 0, 0, 0, 0, 0]
            playout(rules, list(hands), lead, [], acc, chooser_team)
            now = _Base(obs.variant, chooser_team, level, (0, 0), (0, 0), (0, 0), 0)
            call = _Base(obs.variant, chooser_team, level + 1, (0, 0), (0, 0), (0, 0), 0)
            gain += call.utility(acc, me) - now.utility(acc, me)
            worlds += 1
        call_it = gain / worlds > KRAAK_MARGIN
        return next(a for a in obs.legal if (a.kind == "kraak") == call_it)


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
        m = 1 << kraak_level  # 2**kraak_level, as an int
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
            best = -float("inf")
            for c in bits(hands[p]):
                hs = list(hands)
                hs[p] ^= 1 << c
                a = list(acc)
                playout(rules, hs, leader, [c], a, choosers)
                best = max(best, base.utility(a, team))
            return best
        c = greedy_card(rules, hands, p, trick, choosers)
        hands[p] ^= 1 << c
        trick.append(c)
        if len(trick) == 4:
            leader, trick = close_trick(rules, hands, leader, trick, acc)
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
