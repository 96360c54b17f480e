"""Two settings of the hard Klabberjass player's bidding, compared on the same arena deals.

    .venv/bin/python benchmarks/kj_bid_compare.py --base '{}' --new '{"take_margin": 4}' \\
        --pairs 200 --opponent normal --cache /tmp/kjbids

A setting is a JSON object of `HardKlabberjassPlayer` attributes (`take_margin`,
`pass_cap`, ...; `{}` is the player as shipped). Only the bidding (and the answer
to a schmeiss) decides whether two settings play a deal differently, so every pair
is first bid out under both settings, hard bidding with its table of worlds as
shipped (or `--bid-worlds` for every bid), which is cheap; only the pairs whose
bidding differs are played to the end under both, the others count as a difference
of 0. Hard bids the same way there (so a pair's bidding is the one screened) and
chooses its cards by its table of worlds, as shipped. Its wall-clock cap is lifted,
so a comparison does not depend on the machine's load. The paired difference over
all pairs is far less noisy than two arena runs. With `--cache`, a setting's
screened bids and played pairs are kept in a JSON-lines file and reused (the base
setting is usually the same every time).

A card-play setting changes every pair: `--all` plays every pair under both, and
pairs the two settings play alike cancel exactly; `--card-worlds '[50, 30, 120, 200]'`
gives hard other fixed worlds for its cards (hands of 9, 8, 7, 6 cards; 300 below).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_gui.ai import klabberjass_arena  # noqa: E402
from klaverjas_gui.ai.duplicate import mean_and_se, pair_seed  # noqa: E402
from klaverjas_gui.ai.klabberjass_hard import HardKlabberjassPlayer, gifts_ruled_out  # noqa: E402
from klaverjas_gui.ai.klabberjass_players import make_klabberjass_player  # noqa: E402
from klaverjas_gui.engine import KLABBERJASS_PRESETS, new_klabberjass  # noqa: E402
from klaverjas_gui.engine.klabberjass import KlabberjassObservation  # noqa: E402
from klaverjas_gui.engine.match import Action  # noqa: E402

VARIANT = KLABBERJASS_PRESETS["klabberjass"]
Setting = dict[str, Any]
GIFTS_SEEN = [False]  # hard chose a card after a gift (see `gifts_ruled_out`)


class FixedBids(HardKlabberjassPlayer):
    """The hard player without its wall-clock cap, bidding with `bid_worlds` for every
    bid (0: its table) and `card_worlds` for its cards (None: its table)."""

    bid_worlds = 0
    # Other fixed worlds for cards: for hands of 9, 8, 7, 6 cards (fewer: 300).
    card_worlds: list[int] | None = None
    log: list[dict[str, float]] | None = None  # every bid's values, when screening

    def play(self, obs: KlabberjassObservation, deadline: float) -> Action:
        if gifts_ruled_out(obs):
            GIFTS_SEEN[0] = True
        if self.card_worlds is not None:
            n = len(obs.hand)
            self.worlds = self.card_worlds[9 - n] if n >= 6 else 300
        try:
            return super().play(obs, deadline)
        finally:
            self.worlds = None

    def bid(self, obs: KlabberjassObservation, deadline: float) -> Action:
        self.worlds = self.bid_worlds or None
        try:
            values = self.bid_values(obs, deadline)
        finally:
            self.worlds = None
        if self.log is not None:
            self.log.append({str(a): v for a, v in values.items()})
        return self.pick_bid(values)


def hard(seed: int | None, setting: Setting, bid_worlds: int) -> FixedBids:
    player = FixedBids(seed, cap_ms=None)
    player.bid_worlds = bid_worlds
    for name, value in setting.items():
        if not hasattr(player, name):
            raise SystemExit(f"HardKlabberjassPlayer has no setting {name!r}")
        setattr(player, name, value)
    return player


def bids(index: int, seed: int, game: int, setting: Setting, opp: str, worlds: int) -> Any:
    """The bidding of one game of pair `index` (redeals included), seeded as the arena,
    and the values of every hard bid in it."""
    gs = pair_seed(seed, index)
    levels = (("hard", opp), (opp, "hard"))[game]
    players = [
        hard(pseed, setting, worlds) if levels[s] == "hard" else make_klabberjass_player(
            levels[s], pseed
        )
        for s in (0, 1)
        for pseed in [(gs * 2 + game) * 2 + s]
    ]  # fmt: skip
    log: list[dict[str, float]] = []
    for player in players:
        if isinstance(player, FixedBids):
            player.log = log
    state = new_klabberjass(VARIANT, gs)
    out: list[str] = []
    while state.phase in ("bidding", "schmeiss") and len(out) < 60:
        action = players[state.to_move].choose(state.observation(state.to_move))
        out.append(str(action))
        state, _ = state.apply(action)
    return {"actions": out, "values": log}


class _Bid(NamedTuple):
    """A screened bid: all `pick_bid` reads is its kind."""

    kind: str
    text: str

    def __str__(self) -> str:
        return self.text


def margin_only(base: Setting, new: Setting) -> float | None:
    """The new `take_margin` when that is all the settings differ in, else None."""
    rest = {k: v for k, v in new.items() if k != "take_margin"}
    if rest != {k: v for k, v in base.items() if k != "take_margin"}:
        return None
    return float(new.get("take_margin", 0.0))


def same_bids(screened: Any, base_margin: float, margin: float) -> bool:
    """Would every hard bid of the screened bidding be the same with `margin`? (Up to the
    first different bid everything is the same, random numbers included.)"""
    probe = HardKlabberjassPlayer(0)
    for values in screened["values"]:
        actions = {_Bid(k.split()[0], k): v for k, v in values.items()}
        picks = []
        for m in (base_margin, margin):
            probe.take_margin = m
            picks.append(str(probe.pick_bid(actions)))
        if picks[0] != picks[1]:
            return False
    return True


def play(index: int, seed: int, setting: Setting, opp: str, worlds: int) -> float:
    """Hard's mean deal score minus the opponent's over both games of pair `index`."""
    return play_seen(index, seed, setting, opp, worlds)[0]


def play_seen(index: int, seed: int, setting: Setting, opp: str, worlds: int) -> list[Any]:
    """`play`, and whether hard ever chose a card after a gift of the opponent's."""
    make = klabberjass_arena.make_klabberjass_player
    GIFTS_SEEN[0] = False

    def patched(level: str, seed: int | None = None, think_ms: float | None = None) -> Any:
        if level == "hard":
            return hard(seed, setting, worlds)
        return make(level, seed, think_ms)

    klabberjass_arena.make_klabberjass_player = patched
    try:
        pair = klabberjass_arena.play_pair((index, "hard", opp, VARIANT, seed, None))
        return [pair.margin, GIFTS_SEEN[0]]
    finally:
        klabberjass_arena.make_klabberjass_player = make


class Cache:
    """Screened bids and played margins per (setting, seed, opponent, worlds, pair)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.data: dict[str, Any] = {}
        if path is not None and path.exists():
            for line in path.read_text().splitlines():
                k, v = json.loads(line)
                self.data[k] = v

    def get(self, key: list[Any], make: Any) -> Any:
        k = json.dumps(key, sort_keys=True)
        if k not in self.data:
            self.data[k] = make()
            if self.path is not None:
                with self.path.open("a") as f:
                    f.write(json.dumps([k, self.data[k]]) + "\n")
        return self.data[k]


def main() -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--base", type=json.loads, default={}, help="JSON setting compared against")
    p.add_argument("--new", type=json.loads, required=True, help="JSON setting to try")
    p.add_argument("--pairs", type=int, default=200)
    p.add_argument("--first", type=int, default=0, help="first pair index")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--opponent", default="normal", choices=("easy", "normal"))
    p.add_argument("--bid-worlds", type=int, default=0,
                   help="worlds for every hard bid (0: its table, as shipped)")  # fmt: skip
    p.add_argument("--cache", type=Path, default=None, help="JSON-lines file to reuse")
    p.add_argument(
        "--all",
        action="store_true",
        help="play every pair under both settings (a card-play setting)",
    )
    p.add_argument(
        "--after-gifts",
        action="store_true",
        help="with --all and --card-worlds: the new setting plays alike until a gift "
        "(read_play), so a pair whose base game saw none scores 0 unplayed",
    )
    p.add_argument(
        "--card-worlds",
        type=json.loads,
        default=None,
        help="cards by other fixed worlds than the shipped table, for hands of 9, 8, 7, "
        "6 cards (e.g. [60, 30, 150, 200])",
    )
    a = p.parse_args()
    if a.card_worlds is not None:  # a setting key like any other: kept apart in the cache
        a.base, a.new = ({**x, "card_worlds": a.card_worlds} for x in (a.base, a.new))
    cache = Cache(a.cache)
    margin = margin_only(a.base, a.new)  # then the base's screened values decide
    diffs, differ, alone = [], 0, []  # alone: (base, new) margins when every pair is played
    for i in range(a.first, a.first + a.pairs):
        if a.all:
            key = ["playx", a.seed, a.opponent, a.bid_worlds, i]
            base = cache.get(
                [*key, a.base], lambda i=i: play_seen(i, a.seed, a.base, a.opponent, a.bid_worlds)
            )
            if a.after_gifts and not base[1]:
                m = [base[0], base[0]]  # the settings differ only after a gift: none here
            else:
                new = cache.get([*key, a.new],
                                lambda i=i: play_seen(i, a.seed, a.new, a.opponent,
                                                      a.bid_worlds))  # fmt: skip
                m = [base[0], new[0]]
            diffs.append(m[1] - m[0])
            differ += m[1] != m[0]
            alone.append(m)
            mean, se = mean_and_se(diffs)
            print(f"pair {i}: {m[0]:+.1f} {m[1]:+.1f}; so far {mean:+.2f} ({se:.2f}) "
                  f"over {len(diffs)}", file=sys.stderr, flush=True)  # fmt: skip
            continue
        settings = (a.base,) if margin is not None else (a.base, a.new)
        screened = [
            cache.get(["bids", s, a.seed, a.opponent, a.bid_worlds, i, g],
                      lambda s=s, g=g, i=i: bids(i, a.seed, g, s, a.opponent, a.bid_worlds))
            for s in settings for g in (0, 1)
        ]  # fmt: skip
        if margin is not None:
            base_margin = float(a.base.get("take_margin", 0.0))
            same = all(same_bids(x, base_margin, margin) for x in screened)
        else:
            same = [x["actions"] for x in screened[:2]] == [x["actions"] for x in screened[2:]]
        if same:
            diffs.append(0.0)
            continue
        differ += 1
        m = [
            cache.get(["play", s, a.seed, a.opponent, a.bid_worlds, i],
                      lambda s=s, i=i: play(i, a.seed, s, a.opponent, a.bid_worlds))
            for s in (a.base, a.new)
        ]  # fmt: skip
        diffs.append(m[1] - m[0])
        mean, se = mean_and_se(diffs)
        print(f"pair {i}: {m[1] - m[0]:+.1f}; so far {mean:+.2f} ({se:.2f}) "
              f"over {len(diffs)}, {differ} differ", file=sys.stderr, flush=True)  # fmt: skip
    mean, se = mean_and_se(diffs)
    print(
        f"hard vs {a.opponent}, klabberjass, pairs {a.first}..{a.first + a.pairs - 1}, "
        f"seed {a.seed}, bids {a.bid_worlds or 'table'} worlds: {json.dumps(a.new)} minus "
        f"{json.dumps(a.base)} = {mean:+.2f} per deal (standard error {se:.2f}); "
        f"{'results' if a.all else 'bidding'} differed in {differ} pairs"
    )
    for k, name in enumerate(("base", "new") if alone else ()):
        mean, se = mean_and_se([m[k] for m in alone])
        print(f"  {name} alone: hard minus {a.opponent} {mean:+.2f} per deal "
              f"(standard error {se:.2f})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
