"""What one Klabberjass seat can know about the hidden cards, and deals sampled to match.

Hidden are the opponent's hand and the face-down stock. Hard facts come from the
open table: cards played, the face-up turned card, a dix (the dixer holds the
card that was turned up), sequences shown, a four of a kind declared, a bella
(the other of king and queen of trump is still in that hand). Play inferences come
from the engine's `klabberjass_obligation`: a card x is ruled out of the opponent's hand when the
card he played would have been illegal had he also held x (a void, "could not
overtrump", "had no trump"); the duties are of the form "if you hold such a
card you must play one", so one extra card is enough to test them.
Soft facts are used by rejecting samples that contradict them (a few tries, then
the sample is kept): a declaration (a sequence, or with Belote declarations a four
of a kind) that was beaten and never shown must be the best of that hand, and a
player who took or named trump holds good trumps (`MAKER_TRUMPS`: nine makers in ten
of the rule-based players reach it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.cards import ALL_CARDS, FULL_MASK, KING, QUEEN, Card
from ..engine.klabberjass import KlabberjassObservation
from ..engine.klabberjass_rules import FOUR, best_declaration
from ..engine.play import klabberjass_obligation
from .fast import bits

SOFT_TRIES = 20  # samples rejected for contradicting a soft fact, at most
TRUMP_WORTH = (0.55, 0.6, 2.3, 1.3, 3.1, 0.75, 0.85, 1.6)  # by rank index 7 8 9 T J Q K A
MAKER_TRUMPS = 3.0  # the trump worth a maker who took or named trump is believed to hold


@dataclass(frozen=True)
class KlabberjassKnowledge:
    """The opponent's possible cards, the cards he surely holds, and the hidden rest."""

    seat: int
    trump: int  # -1 while bidding
    hand: int  # own hand
    hidden: int  # cards neither in our hand, nor played, nor face up
    allowed: int  # hidden cards the opponent may hold
    known: int  # hidden cards the opponent surely holds
    opp_size: int
    opp_played: int  # cards the opponent played this deal
    declared: tuple[int, int] | None  # (length or FOUR, top rank index) he declared, not shown
    maker: bool = False  # he took or named trump (not a refused schmeiss)
    belote: bool = False  # a four of a kind is a declaration too

    @classmethod
    def from_observation(cls, obs: KlabberjassObservation) -> KlabberjassKnowledge:
        seat, opp = obs.seat, 1 - obs.seat
        hand = sum(c.bit for c in obs.hand)
        t = obs.trump.index if obs.trump is not None else -1
        played = [0, 0]
        allowed = FULL_MASK
        for leader, cards in (*obs.tricks, (obs.leader, obs.trick)):
            for k, c in enumerate(cards):
                who = (leader + k) % 2
                played[who] |= c.bit
                if who == opp and k == 1 and t >= 0:
                    allowed &= ~_ruled_out(t, cards[0], c)
        hidden = FULL_MASK & ~hand & ~played[0] & ~played[1] & ~obs.turned.bit
        known = _known(obs, t) & hidden
        declared = None
        for s, length, top in obs.declared:
            if s == opp and not any(w == opp for w, _ in obs.shown):
                declared = (length, top.index)
        allowed = (allowed & hidden) | known
        maker = any(s == opp and a.kind in ("take", "name") for s, a in obs.deal_log)
        return cls(seat, t, hand, hidden, allowed, known, obs.hand_sizes[opp], played[opp],
                   declared, maker and t >= 0,
                   obs.variant.declarations == "belote")  # fmt: skip

    def sample(self, rng: random.Random, fits: Callable[[int], bool] | None = None) -> int:
        """A hand for the opponent consistent with everything seen (as a mask). `fits`
        adds a soft fact of the caller's (a hand the opponent's bidding makes unlikely)."""
        need = self.opp_size - self.known.bit_count()
        pool = bits(self.allowed & ~self.known)
        if len(pool) < need:  # cannot happen with a consistent observation; stay safe
            pool = bits(self.hidden & ~self.known)
        hand = 0
        soft = self.declared is not None or self.maker or fits is not None
        for _ in range(SOFT_TRIES if soft else 1):
            hand = self.known
            for c in rng.sample(pool, max(0, min(need, len(pool)))):
                hand |= 1 << c
            if not soft or (self._believable(hand) and (fits is None or fits(hand))):
                break
        return hand

    def _believable(self, hand: int) -> bool:
        held = hand | self.opp_played
        if self.declared is not None:
            best = best_declaration(held, self.trump, self.belote)
            if best is None or best[:2] != self.declared:
                return False
        if self.maker:
            trumps = held >> (8 * self.trump) & 0xFF
            return sum(TRUMP_WORTH[r] for r in range(8) if trumps >> r & 1) >= MAKER_TRUMPS
        return True


def _ruled_out(t: int, led: Card, played: Card) -> int:
    """The cards whose holding would have made `played` an illegal answer to `led`."""
    out = 0
    for x in ALL_CARDS:
        if x is played:
            continue
        legal, _ = klabberjass_obligation(t, played.bit | x.bit, (led,))
        if not legal & played.bit:
            out |= x.bit
    return out


def _known(obs: KlabberjassObservation, t: int) -> int:
    """Cards the opponent surely held at some point and has not played since."""
    opp = 1 - obs.seat
    known = 0
    if obs.dix == opp:
        known |= obs.proposed.bit
    for s, seqs in obs.shown:
        if s == opp:
            for seq in seqs:
                known |= sum(c.bit for c in seq)
    for s, length, rank in obs.declared:  # a four of a kind declared names its four cards
        if s == opp and length == FOUR:
            known |= sum(ALL_CARDS[suit * 8 + rank.index].bit for suit in range(4))
    if t >= 0 and obs.bella[opp]:
        known |= ALL_CARDS[t * 8 + QUEEN].bit | ALL_CARDS[t * 8 + KING].bit
    return known
