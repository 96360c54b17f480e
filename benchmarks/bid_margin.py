"""Hard's pass margin, compared on the same arena deals (hard vs easy, Amsterdam).

    .venv/bin/python benchmarks/bid_margin.py --base 8 --margin 0 --pairs 400 --jobs 2

The bid alone decides whether two margins play a deal differently, so every
pair is first bid out under both margins (cheap); only the pairs whose bidding
differs are played to the end under both, and the others count as a difference
of 0. The paired difference over all pairs is far less noisy than comparing two
separate arena runs. For this to be exact the hard bid here samples a fixed 200
worlds (its usual cap, which the clock rarely cuts) instead of the clock; card
play is the hard player's own, with its 200 ms think time.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_gui.ai import arena, hard  # noqa: E402
from klaverjas_gui.ai.duplicate import pair_seed  # noqa: E402
from klaverjas_gui.ai.fast import playout  # noqa: E402
from klaverjas_gui.ai.knowledge import Knowledge  # noqa: E402
from klaverjas_gui.engine import PRESETS, Action, Observation  # noqa: E402

VARIANT = PRESETS["amsterdam"]
WORLDS = 200
SEATS = ((0, 2), (1, 3))


def suit_values(player: hard.HardPlayer, obs: Observation) -> list[float]:
    """Hard's simulated deal score for each trump suit (its bid, with fixed worlds)."""
    know = Knowledge.from_observation(obs)
    me = obs.seat
    lead = me if obs.variant.opening_lead == "chooser" else obs.first_hand
    values = [0.0] * 4
    for _ in range(WORLDS):
        hands = know.sample(player.rng, bias=False)
        for s in range(4):
            base = hard._Base(obs.variant, me % 2, 0, (0, 0), (0, 0), (0, 0), 0)
            acc = base.start()
            playout(player._rules(obs.variant, s), list(hands), lead, [], acc, me % 2)
            values[s] += base.utility(acc, me % 2)
    return [v / WORLDS for v in values]


def decide(values: list[float], obs: Observation, margin: float) -> Action:
    best = max((a for a in obs.legal if a.kind == "name"), key=lambda a: values[a.suit.index])  # type: ignore[union-attr]
    can_pass = any(a.kind == "pass" for a in obs.legal)
    if can_pass and values[best.suit.index] < margin:  # type: ignore[union-attr]
        return next(a for a in obs.legal if a.kind == "pass")
    return best


def fixed_bid(self: hard.HardPlayer, obs: Observation, deadline: float) -> Action:
    return decide(suit_values(self, obs), obs, self.pass_margin)


def bidding(task: tuple[int, int, float, float]) -> tuple[int, bool]:
    """Whether the two margins bid pair `index` differently in either game."""
    index, seed, m0, m1 = task
    gs = pair_seed(seed, index)
    for g, hard_seats in enumerate(SEATS):
        start = arena.one_deal(VARIANT, gs)
        cache: dict[int, list[float]] = {}
        bids = []
        for margin in (m0, m1):
            state, seq, easy = start, [], {}
            while state.phase == "bidding":
                seat = state.to_move
                obs = state.observation(seat)
                if seat in hard_seats:
                    if seat not in cache:  # the same seed as the arena's player
                        p = arena.make_player("hard", (gs * 2 + g) * 4 + seat)
                        cache[seat] = suit_values(p, obs)  # type: ignore[arg-type]
                    act = decide(cache[seat], obs, margin)
                else:
                    pl = easy.setdefault(seat, arena.make_player("easy", (gs * 2 + g) * 4 + seat))
                    act = pl.choose(obs)
                seq.append(act)
                state, _ = state.apply(act)
            bids.append(seq)
        if bids[0] != bids[1]:
            return index, True
    return index, False


def play(task: tuple[int, int, float]) -> tuple[int, float, float]:
    index, seed, margin = task
    hard.HardPlayer.bid = fixed_bid  # type: ignore[method-assign]
    orig_init = hard.HardPlayer.__init__

    def init(self: hard.HardPlayer, *a: object, **k: object) -> None:
        orig_init(self, *a, **k)  # type: ignore[arg-type]
        self.pass_margin = margin

    hard.HardPlayer.__init__ = init  # type: ignore[method-assign]
    try:
        pair = arena.play_pair((index, "hard", "easy", VARIANT, seed, None))
    finally:
        hard.HardPlayer.__init__ = orig_init  # type: ignore[method-assign]
    return index, margin, pair.margin


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--base", type=float, default=8.0, help="the margin compared against")
    p.add_argument("--margin", type=float, default=0.0)
    p.add_argument("--pairs", type=int, default=400)
    p.add_argument("--first", type=int, default=0, help="first pair index")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args()
    indices = range(a.first, a.first + a.pairs)
    with multiprocessing.get_context("spawn").Pool(a.jobs) as pool:
        screened = pool.map(bidding, [(i, a.seed, a.base, a.margin) for i in indices])
        differ = [i for i, d in screened if d]
        tasks = [(i, a.seed, m) for i in differ for m in (a.base, a.margin)]
        played = pool.map(play, tasks, chunksize=1)
    margin = {(i, m): v for i, m, v in played}
    diffs = [margin[i, a.margin] - margin[i, a.base] if i in differ else 0.0 for i in indices]
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.nan
    print(
        f"hard vs easy, amsterdam, pairs "
        f"{a.first}..{a.first + a.pairs - 1}, seed {a.seed}: margin {a.margin:g} minus "
        f"margin {a.base:g} = {mean:+.2f} per deal (standard error {se:.2f}); "
        f"bidding differed in {len(differ)} pairs"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
