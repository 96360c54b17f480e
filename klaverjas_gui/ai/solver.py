"""Exact open-card solver: both teams see all hands and play perfectly.

The value of a position is told from the side to move:

    value = future(team to move) - future(other team)

where `future(team)` is what the team still adds to its deal total from here on,
exactly as `engine.scoring.settle` counts totals: card points of the tricks not
yet complete (the trick on the table included, last-trick 10 included) times the
kraak multiplier, plus the roem of those tricks (always counted: the solver
assumes roem is claimed and kept), plus the pit bonus if that team ends with all
eight tricks. Points of completed tricks are not part of the value; add
`Position.points` to get the projected deal totals (`Solution.final_margin`).

Maximising this margin is the usual aim of a double-dummy solver and what a
hint or a post-deal review shows ("this card costs 14 points"). The nat rule
makes the deal score a step function of the same margin, so the hard player
converts margins to scores itself (see `hard.py`).

Speed comes from: bit-mask hands (`fast.Rules`); a trick searched as four nested
loops (leader and partner maximise for the leader's team, the opponents minimise),
so only trick starts recurse and only they enter the transposition table, keyed by
the four hands, the leader and the pit state (a tuple: it hashes faster than one
long integer); each table entry keeps its cards in order, the best one first, so a
revisit neither re-sorts nor re-groups; MTD(f) zero-window searches from a greedy
playout's guess (first testing a pit the playout comes close to), stepping twice as
far each time the guess only just proves wrong, then bisecting; bounds at trick
starts: what is still to win (card points, last trick, roem the remaining cards
could make, and when that decides, only the roem their holders could make, since a
trick's roem needs cards from four hands; the pit for a team that can still sweep),
less the trump points the other team is sure of (the highest trumps left win
whatever trick they fall in); move ordering (table move first, then winners the next
opponent cannot beat, points on a partner's sure trick, cheap cards, a leader's
trumps after its side-suit cards, and first of all the lead that last cut the search
off for the same leader with as many cards, a killer move); followers' ordered cards
memoised by their situation; the last trick counted inside the loops of the trick
before it; and grouping of equivalent cards: two cards of one hand that no other
remaining card separates in trick strength, are both worth 0 points and can no longer
form roem, lead to the same result, so only one is searched.
(Cards with points never group: which trick receives an ace or a ten changes
the result.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from time import perf_counter

from ..engine.cards import CARD_BY_INDEX, KING, POINTS, QUEEN, SUIT_MASKS, Card
from ..engine.match import MatchState
from ..engine.play import winner_index
from ..engine.roem import roem_of
from ..engine.variant import Variant
from .fast import Rules, bits, close_trick, playout

INF = 1 << 20
MEMO_SIZE = 200_000  # move lists and grouping masks kept before a memo is cleared
CHECK_EVERY = 256  # nodes between two looks at the clock and the cancel flag
MTD_STEP = 4  # first step of the MTD(f) driver when the guess is off; it doubles
PIT_SHARE = 0.5  # greedy playout's share of what is left from which a pit is tested first


RUN3_STARTS = 0x3F3F3F3F  # the cards a run of three can start from (ranks 7 .. 10)
RUN4_STARTS = 0x1F1F1F1F  # and a run of four (ranks 7 .. 9)


def _runs_roem(starts: int) -> int:
    """Most sequence roem of disjoint runs in one suit, given the ranks a possible run of
    three (`starts` bits 0-5) or of four (bits 6-10) starts from."""
    best = [0] * 9  # best[i]: using ranks below i
    for i in range(1, 9):
        best[i] = best[i - 1]
        if i >= 3 and starts >> (i - 3) & 1:
            best[i] = max(best[i], best[i - 3] + 20)
        if i >= 4 and starts >> (6 + i - 4) & 1:
            best[i] = max(best[i], best[i - 4] + 50)
    return best[8]


RUNS_ROEM = tuple(_runs_roem(i) for i in range(1 << 11))


class _TrickValues(dict):
    """Card points plus roem of a complete trick, by its mask, filled as tricks are met:
    a subscript is the cheapest lookup in the search's innermost loop."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, mask: int) -> int:
        value = self[mask] = self.rules.mask_points(mask) + self.rules.roem(mask)
        return value


class SearchTimeout(Exception):
    """The solver's deadline passed or its caller cancelled it; the search was abandoned
    (its table stays valid)."""


@dataclass(frozen=True)
class Position:
    """Everything the solver needs: all four hands open, the trick on the table and history.

    `trick` holds card indices in play order from `leader`. `tricks_won` and
    `points` (each team's total so far: card points x multiplier plus counted
    roem) describe the completed tricks; they decide the pit and the projection.
    """

    variant: Variant
    trump: int
    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...] = ()
    chooser_team: int = 0
    kraak_level: int = 0
    tricks_won: tuple[int, int] = (0, 0)
    points: tuple[int, int] = (0, 0)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @classmethod
    def from_state(cls, state: MatchState) -> Position:
        """The position of a match state in the play phase, with its history tallied.

        All four hands are read: fine for a review after the deal or for tests,
        never for a player's decision (players get an Observation)."""
        if state.trump < 0:
            raise ValueError("no trump yet: the solver needs a position in the play phase")
        return cls.from_history(
            state.variant,
            state.trump,
            state.hands,
            state.tricks,
            state.trick,
            state.leader,
            state.chooser % 2,
            state.kraak_level,
            state.claimed,
        )

    @classmethod
    def from_history(
        cls,
        variant: Variant,
        trump: int,
        hands: tuple[int, int, int, int],
        tricks: tuple[tuple[int, tuple[Card, ...]], ...],
        trick: tuple[Card, ...],
        leader: int,
        chooser_team: int,
        kraak_level: int = 0,
        claimed: tuple[int, ...] | None = None,
    ) -> Position:
        """Tally completed tricks (claimed roem only, when `claimed` is given)."""
        m = 2**kraak_level
        rf = m if variant.kraken_doubles_roem else 1
        won = [0, 0]
        pts = [0, 0]
        rules_points = POINTS[trump]
        for i, (lead, cards) in enumerate(tricks):
            team = (lead + winner_index(trump, cards)) % 2
            won[team] += 1
            pts[team] += sum(rules_points[c.index] for c in cards) * m
            if i == 7:
                pts[team] += 10 * m
            if claimed is None or i in claimed:
                pts[team] += roem_of(variant, trump, cards) * rf
        return cls(
            variant,
            trump,
            (hands[0], hands[1], hands[2], hands[3]),
            leader,
            tuple(c.index for c in trick),
            chooser_team,
            kraak_level,
            (won[0], won[1]),
            (pts[0], pts[1]),
        )


@dataclass
class Solution:
    """The solver's answer: `value` as in the module docstring, and the best cards."""

    value: int
    best: tuple[Card, ...]
    to_move: int
    margin_so_far: int  # points so far, team to move minus other team
    values: dict[Card, int] = field(default_factory=dict)  # filled by move_values

    @property
    def final_margin(self) -> int:
        """Projected deal totals, team to move minus other team, with perfect play."""
        return self.margin_so_far + self.value


class Solver:
    """Alpha-beta search for one deal's rules; reuse it across positions of the same deal.

    The transposition table is keyed by the hands, so positions of one deal share
    it safely; `tt=False, grouping=False, bounds=False` give the plain alpha-beta the
    benchmark and the tests compare with (it also leaves out the two-card endings counted
    inline). `cancelled`, if given, is asked with the deadline at the start of each search
    and every CHECK_EVERY nodes after, and stops it (SearchTimeout) once it says True:
    another thread can stop a long search that way without touching the solver.
    """

    def __init__(
        self,
        variant: Variant,
        trump: int,
        chooser_team: int,
        kraak_level: int = 0,
        *,
        tt: bool = True,
        grouping: bool = True,
        bounds: bool = True,
        cancelled: Callable[[], bool] | None = None,
    ) -> None:
        self.rules = Rules(variant, trump, 2**kraak_level)
        bonus = variant.pit_bonus
        self.pit_bonus = tuple(
            bonus if team == chooser_team or variant.defence_pit else 0 for team in (0, 1)
        )
        self.use_tt = tt
        self.grouping = grouping
        self.use_bound = bounds
        self.tt: dict[tuple, list] = {}  # key -> [lower bound, upper bound, ordered moves]
        self.deadline = 0.0  # perf_counter() time after which a search raises SearchTimeout
        self.cancelled = cancelled
        self.hands = [0, 0, 0, 0]
        self._search, self._restart, self._count = self._build()

    @property
    def nodes(self) -> int:
        """Trick starts and follower decisions searched so far (a measure of work)."""
        return self._count()

    @classmethod
    def for_position(cls, pos: Position, **options: bool) -> Solver:
        return cls(pos.variant, pos.trump, pos.chooser_team, pos.kraak_level, **options)

    # --- public queries ---
    def value(self, pos: Position, guess: int | None = None) -> int:
        """Exact value of `pos` (module docstring), by MTD(f) from `guess`.

        Without a guess: the result of a greedy open-hand playout, and when that gives
        one team most of what is left (PIT_SHARE) and it can still take every trick, a
        first test of that pit's value (without roem): greedy play misses many pits,
        and a test at the right value settles those deals in two or three steps."""
        lo, hi = -INF, INF
        if guess is None:
            guess = self.greedy_guess(pos)
            r = self.rules
            cards = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
            left = r.mask_points(cards | sum(1 << c for c in pos.trick)) + r.last
            me = pos.to_move % 2
            if guess >= PIT_SHARE * left and not pos.tricks_won[1 - me]:
                sweep = left + self.pit_bonus[me]
                g = self._root(pos, sweep - 1, sweep)  # do we reach our pit?
                lo, hi = (g, INF) if g >= sweep else (-INF, g)
            elif guess <= -PIT_SHARE * left and not pos.tricks_won[me]:
                sweep = -left - self.pit_bonus[1 - me]
                g = self._root(pos, sweep, sweep + 1)  # do they reach theirs?
                lo, hi = (g, INF) if g > sweep else (-INF, g)
            if lo >= hi:
                return lo
        return self._mtd(pos, guess, lo, hi)

    def _mtd(self, pos: Position, beta: int, lo: int, hi: int) -> int:
        """Zero-window tests from `beta` until the bounds [lo, hi] meet. While a side is
        unbounded the next test steps past the last answer, twice as far each time a
        test only just failed (the value is further), back to MTD_STEP when the answer
        jumped past the test (it was far off); once both sides are bounded, bisect."""
        step = MTD_STEP
        beta = max(lo + 1, min(hi, beta))
        while True:
            g = self._root(pos, beta - 1, beta)
            if g < beta:
                hi = g
                if lo >= hi:
                    return g
                if lo == -INF:
                    if g >= beta - 2:
                        step *= 2
                        beta = hi - step + 1
                    else:  # jumped: a fail-soft answer that far off is often the value
                        step = MTD_STEP
                        beta = hi
                else:
                    beta = (lo + hi + 1) // 2
            else:
                lo = g
                if lo >= hi:
                    return g
                if hi == INF:
                    if g <= beta + 1:
                        step *= 2
                        beta = lo + step
                    else:  # jumped (see above)
                        step = MTD_STEP
                        beta = lo + 1
                else:
                    beta = (lo + hi + 1) // 2
            beta = max(lo + 1, min(hi, beta))

    def greedy_guess(self, pos: Position) -> int:
        """The margin a quick greedy playout reaches (an estimate, not a bound)."""
        acc = [0, 0, 0, 0, 0, 0]
        hands = list(pos.hands)
        leader, trick = close_trick(self.rules, hands, pos.leader, list(pos.trick), acc)
        playout(self.rules, hands, leader, trick, acc, pos.chooser_team)
        me = pos.to_move % 2
        return acc[me] + acc[2 + me] - acc[1 - me] - acc[3 - me]

    def move_values(self, pos: Position) -> dict[int, int]:
        """Exact value (for the side to move) of every legal card, by card index."""
        out = {}
        p = pos.to_move
        guess: dict[int, int] = {}  # children to move for the same team share a first guess
        for c in self.legal_moves(pos):
            child = self.after(pos, c)
            if child is None:
                v = 0
            else:
                side = child.to_move % 2
                v = self.value(child, guess.get(side))
                guess[side] = v
            out[c] = self._to_mover(pos, c, child, v, p)
        return out

    def solve(self, pos: Position) -> Solution:
        """Value and every best card (ties included) of `pos`."""
        values = self.move_values(pos)
        best_value = max(values.values())
        best = tuple(CARD_BY_INDEX[c] for c, v in sorted(values.items()) if v == best_value)
        me = pos.to_move % 2
        return Solution(
            value=best_value,
            best=best,
            to_move=pos.to_move,
            margin_so_far=pos.points[me] - pos.points[1 - me],
            values={CARD_BY_INDEX[c]: v for c, v in values.items()},
        )

    # --- position helpers ---
    def legal_moves(self, pos: Position) -> list[int]:
        p = pos.to_move
        h = pos.hands[p]
        if not pos.trick:
            return bits(h)
        led = pos.trick[0] >> 3
        w = self._winner(pos.trick)
        partner = len(pos.trick) >= 2 and w == len(pos.trick) - 2
        return bits(self.rules.legal(h, led, pos.trick[w], partner))

    def _winner(self, trick: tuple[int, ...]) -> int:
        power = self.rules.power[trick[0] >> 3]
        return max(range(len(trick)), key=lambda i: power[trick[i]])

    def after(self, pos: Position, card: int) -> Position | None:
        """The position after `card` is played; None when that ends the deal."""
        p = pos.to_move
        hands = list(pos.hands)
        hands[p] ^= 1 << card
        trick = (*pos.trick, card)
        if len(trick) < 4:
            return Position(
                pos.variant, pos.trump, tuple(hands), pos.leader, trick,  # type: ignore[arg-type]
                pos.chooser_team, pos.kraak_level, pos.tricks_won, pos.points,
            )  # fmt: skip
        if not any(hands):
            return None
        w = (pos.leader + self._winner(trick)) % 4
        won = list(pos.tricks_won)
        won[w % 2] += 1
        pts = list(pos.points)
        pts[w % 2] += self._trick_value(trick, last=False)
        return Position(
            pos.variant, pos.trump, tuple(hands), w, (), pos.chooser_team,  # type: ignore[arg-type]
            pos.kraak_level, (won[0], won[1]), (pts[0], pts[1]),
        )  # fmt: skip

    def _trick_value(self, trick: tuple[int, ...], last: bool) -> int:
        r = self.rules
        mask = sum(1 << c for c in trick)
        return sum(r.points[c] for c in trick) + r.roem(mask) + (r.last if last else 0)

    def _to_mover(self, pos: Position, card: int, child: Position | None, v: int, p: int) -> int:
        """Turn a child's value (for its side to move) into the value for p's team."""
        trick = (*pos.trick, card)
        if len(trick) < 4:
            return -v
        w = (pos.leader + self._winner(trick)) % 4
        value = self._trick_value(trick, last=child is None) + (v if child is not None else 0)
        if child is None:
            won = list(pos.tricks_won)
            won[w % 2] += 1
            if won[w % 2] == 8:
                value += self.pit_bonus[w % 2]
        return value if w % 2 == p % 2 else -value

    def _root(self, pos: Position, alpha: int, beta: int) -> int:
        self._restart()
        self.hands[:] = pos.hands
        trick = pos.trick
        won = pos.tricks_won
        pit = 0 if won == (0, 0) else 1 if won[1] == 0 else 2 if won[0] == 0 else 3
        p = pos.to_move
        if not trick:
            return self._search(p, 0, 0, 0, 0, 0, 0, 0, pit, alpha, beta)
        r = self.rules
        led = trick[0] >> 3
        w = self._winner(trick)
        return self._search(
            p, len(trick), led, (pos.leader + w) % 4, trick[w], r.power[led][trick[w]],
            sum(1 << c for c in trick), sum(r.points[c] for c in trick), pit, alpha, beta,
        )  # fmt: skip

    # --- the search ---
    def _build(self):  # noqa: C901 - one hot closure, kept together for speed
        r = self.rules
        H = self.hands
        power = r.power
        points = r.points
        legal = r.legal
        roem = r.roem
        last = r.last
        top = r.top
        between = r.between
        partners = r.roem_partners if r.roem_on else ((),) * 32
        zero_mask = sum(1 << c for c in range(32) if not points[c])
        bonus = self.pit_bonus
        tt = self.tt
        use_tt = self.use_tt
        grouping = self.grouping
        solver = self
        cancelled = self.cancelled

        suit_points = r.suit_points
        seq_bound = r.seq_bound
        stuk = r.stuk

        def bound_parts(rem: int) -> int:
            """`Rules.bound` (what is left to win), with its roem part << 16."""
            b0, b1, b2, b3 = rem & 255, rem >> 8 & 255, rem >> 16 & 255, rem >> 24
            roem = seq_bound[b0] + seq_bound[b1] + seq_bound[b2] + seq_bound[b3]
            if stuk and rem & stuk == stuk:
                roem += 20
            common = b0 & b1 & b2 & b3
            while common:
                low = common & -common
                roem += carre[low.bit_length() - 1]
                common ^= low
            roem *= roem_factor
            pts = suit_points[0][b0] + suit_points[1][b1] + suit_points[2][b2] + suit_points[3][b3]
            return pts + last + roem | roem << 16

        seats = tuple(((p + 1) & 3, (p + 2) & 3, (p + 3) & 3) for p in range(4))  # after p
        # next_pit[pit][team]: the pit state once `team` has won a trick
        next_pit = tuple(
            tuple(t + 1 if pit in (0, t + 1) else 3 for t in (0, 1)) for pit in (0, 1, 2, 3)
        )
        # can_pit[team | pit << 1]: the bonus `team` may still win in pit state `pit`
        can_pit = tuple(bonus[t] if pit in (0, t + 1) else 0 for pit in range(4) for t in (0, 1))
        roem_factor = r.roem_factor
        carre = r.carre
        stuk_q, stuk_k = 1 << (8 * r.trump + QUEEN), 1 << (8 * r.trump + KING)

        def held_roem(h0: int, h1: int, h2: int, h3: int) -> int:
            """A tighter roem bound than `Rules.bound` when the hands are known: the cards of
            one trick's roem come from four different hands, so a run one hand holds two
            cards of, stuk held by one hand and four of a kind not spread over the four
            hands can never be made. Runs are found for all suits at once: a1..a3 mark
            cards whose neighbour 1..3 ranks up is in the same hand."""
            left = h0 | h1 | h2 | h3
            a1 = h0 & h0 >> 1 | h1 & h1 >> 1 | h2 & h2 >> 1 | h3 & h3 >> 1
            a2 = h0 & h0 >> 2 | h1 & h1 >> 2 | h2 & h2 >> 2 | h3 & h3 >> 2
            run3 = left & left >> 1 & left >> 2 & ~(a1 | a1 >> 1 | a2) & RUN3_STARTS
            total = 0
            if run3:
                a3 = h0 & h0 >> 3 | h1 & h1 >> 3 | h2 & h2 >> 3 | h3 & h3 >> 3
                run4 = run3 & left >> 3 & ~(a1 >> 2 | a2 >> 1 | a3) & RUN4_STARTS
                for s in (0, 8, 16, 24):
                    total += RUNS_ROEM[(run3 >> s & 63) | (run4 >> s & 31) << 6]
            if left & stuk_q and left & stuk_k:
                for hq in (h0, h1, h2, h3):
                    if hq & stuk_q:
                        if not hq & stuk_k:
                            total += 20
                        break
            common = left & left >> 8 & left >> 16 & left >> 24 & 255
            while common:
                low = common & -common
                c = low | low << 8 | low << 16 | low << 24
                if all((hq & c).bit_count() == 1 for hq in (h0, h1, h2, h3)):
                    total += carre[low.bit_length() - 1]
                common ^= low
            return total * roem_factor

        self.held_roem, self.bound_parts = held_roem, bound_parts  # for the tests

        use_bound = self.use_bound
        suit_masks = SUIT_MASKS
        sure_pts = r.sure
        trump = r.trump
        tshift = 8 * trump
        trump_mask = r.trump_mask
        # per leader and cards in hand (p << 4 | n): the lead that last cut a search off
        killers = [-1] * 64
        drops: dict[int, int] = {}  # (cards, others) -> mask of cards grouping leaves out
        follow_memo: dict[int, list[int]] = {}  # a follower's situation -> its ordered cards
        bounds: dict[int, int] = {}  # cards left -> Rules.bound
        trick_value = _TrickValues(r)
        top_trump = top[r.trump]
        endings = use_tt or grouping or use_bound  # plain alpha-beta keeps the general path

        calls = 0  # trick starts and follower decisions searched (Solver.nodes)
        check_at = 0  # the value of `calls` at which the clock is read next

        def tick() -> None:
            """Every CHECK_EVERY nodes (and at the first of each search): the deadline and
            the caller's cancel flag, read rarely since a call costs as much as a node."""
            nonlocal check_at
            check_at = calls + CHECK_EVERY
            if solver.deadline and perf_counter() > solver.deadline or cancelled and cancelled():
                raise SearchTimeout

        def restart() -> None:
            nonlocal check_at
            check_at = calls

        def count() -> int:
            return calls

        def drop_mask(h: int, others: int) -> int:
            """Zero-point cards of `h` equivalent to a lower one kept (module docstring)."""
            drop = 0
            kept: list[int] = []
            for c in bits(h & zero_mask):
                for m in partners[c]:
                    if others & m == m:  # c could still make roem
                        break
                else:
                    s = c >> 3
                    for k in kept:
                        if k >> 3 == s and not between[k, c] & others:
                            drop |= 1 << c
                            break
                    else:
                        kept.append(c)
            return drop

        def grouped(h: int, others: int) -> int:
            dkey = h | others << 32
            drop = drops.get(dkey)
            if drop is None:
                if len(drops) > MEMO_SIZE:
                    drops.clear()
                drop = drops[dkey] = drop_mask(h, others)
            return h & ~drop

        def lead_moves(h: int, rem: int) -> list[int]:
            """A leader's cards, masters first (by points), then the cheapest side-suit cards,
            then trumps; grouped."""
            if grouping:
                z = h & zero_mask
                if z & (z - 1):
                    h = grouped(h, rem & ~h)
            scored = []
            for c in bits(h):
                s = c >> 3
                if top[s][rem >> (s << 3) & 255] == c:
                    scored.append((100 + points[c], c))
                else:  # trumps last: they are worth keeping to ruff with
                    scored.append((-points[c] - (30 if s == trump else 0), c))
            scored.sort(reverse=True)
            return [c for _, c in scored]

        def threat_of(nxt: int, led: int) -> int:
            """Power of the strongest card the next player could put on a trick led `led`."""
            f = nxt & suit_masks[led] or nxt & trump_mask
            if not f:
                return 0
            s = f.bit_length() - 1 >> 3
            return power[led][top[s][f >> (s << 3) & 255]]

        def follow_moves(lm: int, led: int, wpow: int, threat: int, partner: bool,
                         others: int) -> list[int]:  # fmt: skip
            """A follower's legal cards: winners the next opponent cannot beat (or points
            on a partner's sure trick) first, then other winners, then the cheapest; grouped."""
            if grouping:
                z = lm & zero_mask
                if z & (z - 1):  # two cards without points: perhaps equivalent
                    lm = grouped(lm, others)
            key = lm | wpow << 32 | threat << 40 | partner << 48 | led << 49
            moves = follow_memo.get(key)
            if moves is not None:
                return moves
            if len(follow_memo) > MEMO_SIZE:
                follow_memo.clear()
            pw = power[led]
            scored = []
            for c in bits(lm):
                cp = pw[c]
                if cp > wpow:
                    k = 100 + points[c] if cp > threat else 50 - points[c]
                elif partner:
                    k = 100 + points[c] if wpow > threat else 50 - points[c]
                else:
                    k = -points[c]
                scored.append((k, c))
            scored.sort(reverse=True)
            moves = follow_memo[key] = [c for _, c in scored]
            return moves

        def lead(p: int, pit: int, alpha: int, beta: int) -> int:
            """Value for p's team of the position at a trick start, p to lead.

            The trick itself is four nested loops (leader and partner maximise for
            the leader's team, the opponents minimise), so only trick starts recurse."""
            nonlocal calls
            calls += 1
            if calls >= check_at:
                tick()
            h = H[p]
            if not h:
                return 0
            q1, q2, q3 = seats[p]
            h1, h2, h3 = H[q1], H[q2], H[q3]
            if not h & (h - 1):  # last trick: one card each, nothing to choose
                pw = power[h.bit_length() - 1 >> 3]
                ws, best = p, pw[h.bit_length() - 1]
                for q, hq in ((q1, h1), (q2, h2), (q3, h3)):
                    if pw[hq.bit_length() - 1] > best:
                        best, ws = pw[hq.bit_length() - 1], q
                tm = h | h1 | h2 | h3
                team = ws & 1
                value = r.mask_points(tm) + roem(tm) + last
                if pit == team + 1 or not pit:
                    value += bonus[team]
                return value if team == p & 1 else -value
            rem = h | h1 | h2 | h3
            entry = None
            if use_tt:
                key = (h, h1, h2, h3, p << 2 | pit)  # a tuple hashes faster than a long int
                entry = tt.get(key)
                if entry is not None:
                    lo, hi, moves = entry
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
            rl = 0
            if use_bound:
                x = bounds.get(rem)
                if x is None:
                    if len(bounds) > MEMO_SIZE:
                        bounds.clear()
                    x = bounds[rem] = bound_parts(rem)
                b = x & 0xFFFF
                sure = sure_pts[(rem >> tshift & 255) << 8 | (h | h2) >> tshift & 255]
                up = b - 2 * (sure >> 16)
                low = 2 * (sure & 0xFFFF) - b
                if pit < 3:  # only a team without a trick lost can still win the pit bonus,
                    t = p & 1 | pit << 1  # and not against the highest trump left
                    tr = rem & trump_mask
                    if not tr:
                        up += can_pit[t]
                        low -= can_pit[t ^ 1]
                    elif (h | h2) >> top_trump[tr >> tshift] & 1:
                        up += can_pit[t]
                    else:
                        low -= can_pit[t ^ 1]
                if up <= alpha:
                    return up
                if low >= beta:
                    return low
                rl = x >> 16  # the part of the bound that is roem (who holds the cards aside)
            if rl and (up - rl <= alpha or low + rl >= beta):  # roem decides: who holds it?
                rl -= held_roem(h, h1, h2, h3)
                if up - rl <= alpha:
                    return up - rl
                if low + rl >= beta:
                    return low + rl
            slot = p << 4 | h.bit_count()
            if entry is None:
                moves = lead_moves(h, rem)
                k = killers[slot]  # what refuted a sibling often refutes this one too
                if k in moves and moves[0] != k:
                    moves.remove(k)
                    moves.insert(0, k)
            team_l = p & 1
            pit_l, pit_o = next_pit[pit] if team_l == 0 else next_pit[pit][::-1]
            o1, o2, o3 = rem & ~h1, rem & ~h2, rem & ~h3
            a = alpha
            best0, best_c = -INF, -1
            follow = 0
            child = lead2 if endings and h.bit_count() == 3 else lead
            for c0 in moves:
                bit0 = 1 << c0
                H[p] = h ^ bit0
                led = c0 >> 3
                pw = power[led]
                p0 = pw[c0]
                smask = suit_masks[led] if led != trump else 0  # following a side suit is free
                # second hand: an opponent of the leader, minimises
                lm = h1 & smask or legal(h1, led, c0, False)
                if lm & (lm - 1):
                    f = h2 & smask or h2 & trump_mask  # threat_of(h2, led), inline
                    if f:
                        s = f.bit_length() - 1 >> 3
                        f = pw[top[s][f >> (s << 3) & 255]]
                    moves1 = follow_moves(lm, led, p0, f, False, o1)
                else:
                    moves1 = (lm.bit_length() - 1,)
                follow += 1
                threat3 = h3 & smask or h3 & trump_mask  # threat_of(h3, led), inline
                if threat3:
                    s = threat3.bit_length() - 1 >> 3
                    threat3 = pw[top[s][threat3 >> (s << 3) & 255]]
                b1, best1 = beta, INF
                for c1 in moves1:
                    bit1 = 1 << c1
                    H[q1] = h1 ^ bit1
                    p1 = pw[c1]
                    if p1 > p0:
                        w1, wc1, wp1 = q1, c1, p1
                    else:
                        w1, wc1, wp1 = p, c0, p0
                    # third hand: the leader's partner, maximises
                    partner = w1 == p
                    lm = h2 & smask or legal(h2, led, wc1, partner)
                    if lm & (lm - 1):
                        moves2 = follow_moves(lm, led, wp1, threat3, partner, o2)
                    else:
                        moves2 = (lm.bit_length() - 1,)
                    follow += 1
                    a2, best2 = a, -INF
                    for c2 in moves2:
                        bit2 = 1 << c2
                        H[q2] = h2 ^ bit2
                        p2 = pw[c2]
                        if p2 > wp1:
                            w2, wc2, wp2 = q2, c2, p2
                        else:
                            w2, wc2, wp2 = w1, wc1, wp1
                        # fourth hand: an opponent, minimises; then the trick is complete
                        partner = w2 == q1
                        lm = h3 & smask or legal(h3, led, wc2, partner)
                        if lm & (lm - 1):
                            moves3 = follow_moves(lm, led, wp2, 0, partner, o3)
                        else:
                            moves3 = (lm.bit_length() - 1,)
                        follow += 1
                        tmask = bit0 | bit1 | bit2
                        b3, best3 = b1, INF
                        for c3 in moves3:
                            H[q3] = h3 ^ (1 << c3)
                            ws = q3 if pw[c3] > wp2 else w2
                            tv = trick_value[tmask | 1 << c3]
                            if ws & 1 == team_l:
                                v = tv + child(ws, pit_l, a2 - tv, b3 - tv)
                            else:
                                v = -tv - child(ws, pit_o, -b3 - tv, -a2 - tv)
                            if v < best3:
                                best3 = v
                                if v < b3:
                                    b3 = v
                                    if b3 <= a2:
                                        break
                        H[q3] = h3
                        if best3 > best2:
                            best2 = best3
                            if best3 > a2:
                                a2 = best3
                                if a2 >= b1:
                                    break
                    H[q2] = h2
                    if best2 < best1:
                        best1 = best2
                        if best2 < b1:
                            b1 = best2
                            if b1 <= a:
                                break
                H[q1] = h1
                if best1 > best0:
                    best0, best_c = best1, c0
                    if best1 > a:
                        a = best1
                        if a >= beta:
                            killers[slot] = c0
                            break
            H[p] = h
            calls += follow
            if use_tt:
                if entry is None:
                    entry = tt[key] = [-INF, INF, moves]
                if best0 <= alpha:
                    entry[1] = best0
                elif best0 >= beta:
                    entry[0] = best0
                else:
                    entry[0] = entry[1] = best0
                if moves[0] != best_c:  # the best card is tried first next time
                    moves.remove(best_c)
                    moves.insert(0, best_c)
            return best0

        def lead2(p: int, pit: int, alpha: int, beta: int) -> int:
            """`lead` for two cards in each hand: the last trick is counted inline."""
            nonlocal calls
            calls += 1
            if calls >= check_at:
                tick()
            h = H[p]
            q1, q2, q3 = seats[p]
            h1, h2, h3 = H[q1], H[q2], H[q3]
            rem = h | h1 | h2 | h3
            entry = None
            if use_tt:
                key = (h, h1, h2, h3, p << 2 | pit)  # a tuple hashes faster than a long int
                entry = tt.get(key)
                if entry is not None:
                    lo, hi, moves = entry
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
            rl = 0
            if use_bound:
                x = bounds.get(rem)
                if x is None:
                    if len(bounds) > MEMO_SIZE:
                        bounds.clear()
                    x = bounds[rem] = bound_parts(rem)
                b = x & 0xFFFF
                sure = sure_pts[(rem >> tshift & 255) << 8 | (h | h2) >> tshift & 255]
                up = b - 2 * (sure >> 16)
                low = 2 * (sure & 0xFFFF) - b
                if pit < 3:  # only a team without a trick lost can still win the pit bonus,
                    t = p & 1 | pit << 1  # and not against the highest trump left
                    tr = rem & trump_mask
                    if not tr:
                        up += can_pit[t]
                        low -= can_pit[t ^ 1]
                    elif (h | h2) >> top_trump[tr >> tshift] & 1:
                        up += can_pit[t]
                    else:
                        low -= can_pit[t ^ 1]
                if up <= alpha:
                    return up
                if low >= beta:
                    return low
                rl = x >> 16  # the part of the bound that is roem (who holds the cards aside)
            if rl and (up - rl <= alpha or low + rl >= beta):  # roem decides: who holds it?
                rl -= held_roem(h, h1, h2, h3)
                if up - rl <= alpha:
                    return up - rl
                if low + rl >= beta:
                    return low + rl
            if entry is None:
                moves = lead_moves(h, rem)
            team_l = p & 1
            pit_bonus_l, pit_bonus_o = can_pit[team_l | pit << 1], can_pit[team_l ^ 1 | pit << 1]
            o1, o2, o3 = rem & ~h1, rem & ~h2, rem & ~h3
            a = alpha
            best0, best_c = -INF, -1
            follow = 0
            for c0 in moves:
                bit0 = 1 << c0
                H[p] = h ^ bit0
                led = c0 >> 3
                pw = power[led]
                p0 = pw[c0]
                smask = suit_masks[led] if led != trump else 0  # following a side suit is free
                # second hand: an opponent of the leader, minimises
                lm = h1 & smask or legal(h1, led, c0, False)
                if lm & (lm - 1):
                    f = h2 & smask or h2 & trump_mask  # threat_of(h2, led), inline
                    if f:
                        s = f.bit_length() - 1 >> 3
                        f = pw[top[s][f >> (s << 3) & 255]]
                    moves1 = follow_moves(lm, led, p0, f, False, o1)
                else:
                    moves1 = (lm.bit_length() - 1,)
                follow += 1
                threat3 = h3 & smask or h3 & trump_mask  # threat_of(h3, led), inline
                if threat3:
                    s = threat3.bit_length() - 1 >> 3
                    threat3 = pw[top[s][threat3 >> (s << 3) & 255]]
                b1, best1 = beta, INF
                for c1 in moves1:
                    bit1 = 1 << c1
                    H[q1] = h1 ^ bit1
                    p1 = pw[c1]
                    if p1 > p0:
                        w1, wc1, wp1 = q1, c1, p1
                    else:
                        w1, wc1, wp1 = p, c0, p0
                    # third hand: the leader's partner, maximises
                    partner = w1 == p
                    lm = h2 & smask or legal(h2, led, wc1, partner)
                    if lm & (lm - 1):
                        moves2 = follow_moves(lm, led, wp1, threat3, partner, o2)
                    else:
                        moves2 = (lm.bit_length() - 1,)
                    follow += 1
                    a2, best2 = a, -INF
                    for c2 in moves2:
                        bit2 = 1 << c2
                        H[q2] = h2 ^ bit2
                        p2 = pw[c2]
                        if p2 > wp1:
                            w2, wc2, wp2 = q2, c2, p2
                        else:
                            w2, wc2, wp2 = w1, wc1, wp1
                        # fourth hand: an opponent, minimises; then the trick is complete
                        partner = w2 == q1
                        lm = h3 & smask or legal(h3, led, wc2, partner)
                        if lm & (lm - 1):
                            moves3 = follow_moves(lm, led, wp2, 0, partner, o3)
                        else:
                            moves3 = (lm.bit_length() - 1,)
                        follow += 1
                        tmask = bit0 | bit1 | bit2
                        mine_after = (h ^ bit0) | (h2 ^ bit2)
                        b3, best3 = b1, INF
                        for c3 in moves3:
                            ws = q3 if pw[c3] > wp2 else w2
                            tm = tmask | 1 << c3
                            tv = trick_value[tm]
                            # the last trick: one card each, ws leads
                            lt = rem ^ tm
                            tr = lt & trump_mask
                            if tr:
                                wcard = top_trump[tr >> tshift]
                            else:
                                s = (H[ws] if ws != q3 else h3 ^ 1 << c3).bit_length() - 1 >> 3
                                wcard = top[s][lt >> (s << 3) & 255]
                            lv = trick_value[lt] + last
                            if ws & 1 == team_l:  # our trick, then the last one: a pit?
                                v = tv + lv + pit_bonus_l if mine_after >> wcard & 1 else tv - lv
                            elif mine_after >> wcard & 1:
                                v = lv - tv
                            else:
                                v = -tv - lv - pit_bonus_o
                            if v < best3:
                                best3 = v
                                if v < b3:
                                    b3 = v
                                    if b3 <= a2:
                                        break
                        if best3 > best2:
                            best2 = best3
                            if best3 > a2:
                                a2 = best3
                                if a2 >= b1:
                                    break
                    H[q2] = h2
                    if best2 < best1:
                        best1 = best2
                        if best2 < b1:
                            b1 = best2
                            if b1 <= a:
                                break
                H[q1] = h1
                if best1 > best0:
                    best0, best_c = best1, c0
                    if best1 > a:
                        a = best1
                        if a >= beta:
                            break
            H[p] = h
            calls += follow
            if use_tt:
                if entry is None:
                    entry = tt[key] = [-INF, INF, moves]
                if best0 <= alpha:
                    entry[1] = best0
                elif best0 >= beta:
                    entry[0] = best0
                else:
                    entry[0] = entry[1] = best0
                if moves[0] != best_c:  # the best card is tried first next time
                    moves.remove(best_c)
                    moves.insert(0, best_c)
            return best0

        def search(p, n, led, wseat, wcard, wpow, tmask, tpts, pit, alpha, beta):
            """Value for p's team with p to play card n + 1 of a trick (n = 0: lead)."""
            if n == 0:
                return lead(p, pit, alpha, beta)
            nonlocal calls
            calls += 1
            h = H[p]
            partner = wseat == (p + 2) & 3
            lm = legal(h, led, wcard, partner)
            pw = power[led]
            if not lm & (lm - 1):  # a forced card: nothing to order
                moves = (lm.bit_length() - 1,)
            else:
                threat = threat_of(H[(p + 1) & 3], led) if n < 3 else 0
                others = (H[0] | H[1] | H[2] | H[3]) & ~h | tmask
                moves = follow_moves(lm, led, wpow, threat, partner, others)
            best_v = -INF
            for c in moves:
                bit = 1 << c
                H[p] = h ^ bit
                cp = pw[c]
                if cp > wpow:
                    ws, wc, wp = p, c, cp
                else:
                    ws, wc, wp = wseat, wcard, wpow
                if n < 3:
                    v = -search(
                        (p + 1) & 3, n + 1, led, ws, wc, wp, tmask | bit, tpts + points[c], pit,
                        -beta, -alpha,
                    )  # fmt: skip
                else:
                    team = ws & 1
                    value = tpts + points[c] + roem(tmask | bit)
                    npit = team + 1 if pit == 0 or pit == team + 1 else 3
                    if H[p]:
                        if team == p & 1:
                            v = value + lead(ws, npit, alpha - value, beta - value)
                        else:
                            v = -value - lead(ws, npit, -beta - value, -alpha - value)
                    else:
                        value += last
                        if npit == team + 1:
                            value += bonus[team]
                        v = value if team == p & 1 else -value
                H[p] = h
                if v > best_v:
                    best_v = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best_v

        return search, restart, count


def solve(pos: Position) -> Solution:
    """Best value and cards of one position (a fresh solver; reuse `Solver` for many)."""
    return Solver.for_position(pos).solve(pos)


def solve_state(state: MatchState) -> Solution:
    """The hint: best cards for the player to move in a match state, all hands open."""
    return solve(Position.from_state(state))
