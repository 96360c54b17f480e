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

Speed comes from: bit-mask hands (`fast.Rules`), alpha-beta with a
transposition table at trick starts keyed by the four hands, the leader and
the pit state, MTD(f) zero-window searches, a bound on what is still to win
(card points, last trick, roem the remaining cards could make, pit) that cuts
windows out of reach, move ordering (table move first, then winners / points
heuristics), direct evaluation of the last trick, and
grouping of equivalent cards: two cards of one hand that no other remaining
card separates in trick strength, are both worth 0 points and can no longer
form roem, lead to the same result, so only one is searched. (Cards with
points never group: which trick receives an ace or a ten changes the result.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from time import perf_counter

from ..engine.cards import CARD_BY_INDEX, POINTS, SUIT_MASKS, Card
from ..engine.match import MatchState
from ..engine.play import winner_index
from ..engine.roem import roem_of
from ..engine.variant import Variant
from .fast import Rules, bits, close_trick, playout

INF = 1 << 20


class SearchTimeout(Exception):
    """The solver's deadline passed; the search was abandoned (its table stays valid)."""


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
    it safely; `tt=False, grouping=False` give the plain alpha-beta the benchmark
    compares with.
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
    ) -> None:
        self.rules = Rules(variant, trump, 2**kraak_level)
        bonus = variant.pit_bonus
        self.pit_bonus = tuple(
            bonus if team == chooser_team or variant.defence_pit else 0 for team in (0, 1)
        )
        self.use_tt = tt
        self.grouping = grouping
        self.use_bound = bounds
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self.deadline = 0.0  # perf_counter() time after which a search raises SearchTimeout
        self.hands = [0, 0, 0, 0]
        self._search = self._build()

    @classmethod
    def for_position(cls, pos: Position, **options: bool) -> Solver:
        return cls(pos.variant, pos.trump, pos.chooser_team, pos.kraak_level, **options)

    # --- public queries ---
    def value(self, pos: Position, guess: int | None = None) -> int:
        """Exact value of `pos` (module docstring), by MTD(f) from `guess`
        (default: the result of a greedy open-hand playout, close enough to save
        most of the zero-window steps)."""
        lo, hi = -INF, INF
        g = self.greedy_guess(pos) if guess is None else guess
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self._root(pos, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def greedy_guess(self, pos: Position) -> int:
        """The margin a quick greedy playout reaches (an estimate, not a bound)."""
        acc = [0, 0, 0, 0, 0, 0]
        hands = list(pos.hands)
        leader, trick = close_trick(self.rules, hands, pos.leader, list(pos.trick), acc)
        playout(self.rules, hands, leader, trick, acc, pos.chooser_team)
        me = pos.to_move % 2
        return acc[me] + acc[2 + me] - acc[1 - me] - acc[3 - me]

    def value_at_least(self, pos: Position, bound: int) -> bool:
        """Whether the side to move gets a value >= bound (one zero-window search)."""
        return self._root(pos, bound - 1, bound) >= bound

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
        neutral = r.roem_neutral
        bonus = self.pit_bonus
        tt = self.tt
        use_tt = self.use_tt
        grouping = self.grouping
        solver = self
        bound = r.bound
        use_bound = self.use_bound
        maxbonus = max(bonus)
        suit_masks = SUIT_MASKS
        trump_mask = r.trump_mask

        def group(moves: list[int], h: int, others: int) -> list[int]:
            """Drop zero-point cards equivalent to one already kept (module docstring)."""
            kept: list[int] = []
            for c in moves:
                if not points[c]:
                    s = c >> 3
                    dup = False
                    for k in kept:
                        if (
                            k >> 3 == s
                            and not points[k]
                            and not between[k, c] & others
                            and neutral(c, others)
                            and neutral(k, others)
                        ):
                            dup = True
                            break
                    if dup:
                        continue
                kept.append(c)
            return kept

        def search(p, n, led, wseat, wcard, wpow, tmask, tpts, pit, alpha, beta):
            solver.nodes += 1
            h = H[p]
            if n == 0:
                if not h:
                    return 0
                if solver.deadline and perf_counter() > solver.deadline:
                    raise SearchTimeout
                if not h & (h - 1):  # last trick: one card each, nothing to choose
                    c0 = h.bit_length() - 1
                    pw = power[c0 >> 3]
                    ws, best = p, pw[c0]
                    tm, pts = h, points[c0]
                    for k in (1, 2, 3):
                        q = (p + k) & 3
                        hq = H[q]
                        c = hq.bit_length() - 1
                        tm |= hq
                        pts += points[c]
                        if pw[c] > best:
                            best, ws = pw[c], q
                    team = ws & 1
                    value = pts + roem(tm) + last
                    if pit == team + 1 or not pit:
                        value += bonus[team]
                    return value if team == p & 1 else -value
                rem = H[0] | H[1] | H[2] | H[3]
                if use_bound:
                    b = bound(rem) + (maxbonus if pit < 3 else 0)
                    if b <= alpha:
                        return b
                    if -b >= beta:
                        return -b
                key = H[0] | H[1] << 32 | H[2] << 64 | H[3] << 96 | p << 128 | pit << 130
                tt_move = -1
                if use_tt:
                    entry = tt.get(key)
                    if entry is not None:
                        lo, hi, tt_move = entry
                        if lo >= beta:
                            return lo
                        if hi <= alpha:
                            return hi
                        if lo > alpha:
                            alpha = lo
                        if hi < beta:
                            beta = hi
                    else:
                        lo, hi = -INF, INF
                a0, b0 = alpha, beta
                scored = []
                for c in bits(h):
                    s = c >> 3
                    if c == tt_move:
                        k = 1000
                    elif top[s][rem >> (s << 3) & 255] == c:
                        k = 100 + points[c]
                    else:
                        k = -points[c]
                    scored.append((k, c))
                scored.sort(reverse=True)
                moves = [c for _, c in scored]
                if grouping:
                    moves = group(moves, h, rem & ~h)
                best_v, best_c = -INF, -1
                for c in moves:
                    bit = 1 << c
                    H[p] = h ^ bit
                    led = c >> 3
                    v = -search(
                        (p + 1) & 3, 1, led, p, c, power[led][c], bit, points[c], pit,
                        -beta, -alpha,
                    )  # fmt: skip
                    H[p] = h
                    if v > best_v:
                        best_v, best_c = v, c
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                if use_tt:
                    if best_v <= a0:
                        hi = best_v
                    elif best_v >= b0:
                        lo = best_v
                    else:
                        lo = hi = best_v
                    tt[key] = (lo, hi, best_c)
                return best_v

            partner = wseat == (p + 2) & 3
            lm = legal(h, led, wcard, partner)
            pw = power[led]
            if not lm & (lm - 1):  # a forced card: nothing to order
                moves = [lm.bit_length() - 1]
            else:
                threat = 0
                if n < 3:  # the opponent after me: the strongest card it could play
                    ob = H[(p + 1) & 3]
                    f = ob & suit_masks[led] or ob & trump_mask
                    if f:
                        s = f.bit_length() - 1 >> 3
                        threat = pw[top[s][f >> (s << 3) & 255]]
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
                moves = [c for _, c in scored]
                if grouping:
                    moves = group(moves, h, ((H[0] | H[1] | H[2] | H[3]) & ~h) | tmask)
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
                            v = value + search(
                                ws, 0, 0, 0, 0, 0, 0, 0, npit, alpha - value, beta - value
                            )
                        else:
                            v = -value - search(
                                ws, 0, 0, 0, 0, 0, 0, 0, npit, -beta - value, -alpha - value
                            )
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

        return search

def solve(pos: Position) -> Solution:
    """Best value and cards of one position (a fresh solver; reuse `Solver` for many)."""
    return Solver.for_position(pos).solve(pos)


def solve_state(state: MatchState) -> Solution:
    """The hint: best cards for the player to move in a match state, all hands open."""
    return solve(Position.from_state(state))
