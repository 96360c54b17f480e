"""The normal Klabberjass player: rule-based bidding, card play by a light sampled search.

It bids, answers a schmeiss, decides the dix and declares by the careful rules of
`klabberjass_heuristic` (counting=True). Its cards are chosen like the hard player's
(`HardKlabberjassPlayer.play`) with far less search: a fixed number of sampled deals
(`WORLDS`) scored by fast playouts, exact only for the last few cards. Rule-based
card play barely beat the easy player (+2.9 per deal over 2,000 pairs); this plays
visibly better at a few milliseconds per card, and the fixed number of worlds makes a
seeded player repeat its choices. The hard player stays well ahead: it searches
its bidding, samples many more deals and solves exactly earlier (README).
"""

from __future__ import annotations

import math

from ..engine.klabberjass import KlabberjassObservation
from ..engine.match import Action
from .klabberjass_hard import HardKlabberjassPlayer
from .klabberjass_heuristic import KlabberjassHeuristic

# Sampled deals per card decision. 4 rather than 20 leaves normal between easy and hard
# (1,000 duplicate pairs each): normal with 20 beat normal with 8 by +3.5 (SE 0.9), with
# 8 beat with 4 by +4.0 (1.0); hard vs normal went from +8.3 (20) to +9.9 (8) and +12.8
# (1.2) with 4, while normal vs easy stays +16.3 (1.2).
WORLDS = 4
EXACT_CARDS = 4  # solve exactly with at most this many cards in hand


class NormalKlabberjassPlayer:
    name = "normal"

    def __init__(self, seed: int | None = None) -> None:
        self.rules = KlabberjassHeuristic(seed, counting=True)
        self.rules.name = self.name
        self.search = HardKlabberjassPlayer(
            seed, worlds=WORLDS, exact_cards=EXACT_CARDS, tail_cards=0, infer=False
        )

    def choose(self, obs: KlabberjassObservation) -> Action:
        if obs.phase == "play" and len(obs.legal) > 1:
            return self.search.play(obs, math.inf)
        return self.rules.choose(obs)
