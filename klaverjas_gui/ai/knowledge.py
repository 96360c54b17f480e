"""What one seat can know about the hidden hands, and deals sampled to match it.

Every inference comes from the engine's `obligation`: for each card a player
put on a trick we ask whether that card would still have been legal had the
player also held card x. If not, x is not in that hand (then, and so now, since
x is still unplayed). Because the play rules are of the form "if you hold a
card of kind K you must play one", a single extra card is enough to break them,
so this test finds every void, every "could not overtrump, so holds no higher
trump" and every "discarded when obliged to trump, so holds no trump", for all
variant options, without restating the rules here.

Under `revoke = club` (RULES.md 1.11) a person may play a wrong card, so a play proves
nothing about a seat that has been seen to revoke (`proven_revokes`): its inferences are
dropped, and if the rest no longer fits any deal (a revoke not yet shown), all are.
`seen_revoke` is what a computer calls "Verzaakt!" on: only a wrong card the cards
played prove, so a computer never calls wrongly, and at the deal's end it misses none.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.cards import ALL_CARDS, FULL_MASK, SUIT_MASKS, SUITS, TRUMP_STRENGTH, Card, cards_of
from ..engine.match import Observation
from ..engine.play import obligation
from ..engine.signals import CONVENTIONS, observed_signals, sender_card
from .fast import bits

# Soft belief: the chooser named trump, so its high trumps are more likely his.
CHOOSER_TRUMP_WEIGHT = (1.5, 1.5, 4.0, 2.0, 6.0, 1.5, 1.5, 2.5)  # by rank index 7 8 9 T J Q K A
# ... and a player who passed before trump was fixed did not find it worth naming (or
# taking): its jack and nine of that suit are less likely.
PASSER_TRUMP_WEIGHT = (1.0, 1.0, 0.5, 0.8, 0.35, 1.0, 1.0, 0.8)
# Deals drawn in search of one that fits every signal seen before the last one is kept: a
# seat that does not play the convention (a person, an easy partner) can make none fit.
SIGNAL_TRIES = 40


@dataclass(frozen=True)
class Knowledge:
    """Hidden cards and, per seat, the hidden cards it may still hold."""

    seat: int
    trump: int  # -1 before trump is fixed
    hand: int  # own hand
    hidden: int  # unplayed cards not in our hand
    allowed: tuple[int, int, int, int]  # per seat; our own seat: our hand
    sizes: tuple[int, int, int, int]
    played: tuple[int, int, int, int]  # cards each seat has played this deal
    chooser: int | None
    passed: tuple[bool, bool, bool, bool] = (False, False, False, False)  # passed in bidding
    # Signals of other seats (RULES.md 1.10): (seat, card, led suit, cards it played from the
    # signal on, cards played before it); a sampled hand must be one that throws that card.
    signals: tuple[tuple[int, int, int, int, tuple[int, ...]], ...] = ()
    convention: str = "none"

    @classmethod
    def from_observation(
        cls, obs: Observation, read_opponents: bool = True, read_partner: bool = True
    ) -> Knowledge:
        """`read_opponents` / `read_partner` False: that side's signals do not count (the
        arena's measurements of a convention's halves, ai/arena.py `Agreed`)."""
        seat = obs.seat
        hand = 0
        for c in obs.hand:
            hand |= c.bit
        # (seat, trick before the card, card index)
        plays: list[tuple[int, tuple[Card, ...], int]] = []
        for leader, cards in (*obs.tricks, (obs.leader, obs.trick)):
            for k, c in enumerate(cards):
                plays.append(((leader + k) % 4, cards[:k], c.index))
        played = [0, 0, 0, 0]
        for q, _, i in plays:
            played[q] |= 1 << i
        hidden = FULL_MASK & ~hand & ~(played[0] | played[1] | played[2] | played[3])
        allowed = [hidden, hidden, hidden, hidden]
        allowed[seat] = hand
        t = obs.trump.index if obs.trump is not None else -1
        club = obs.variant.revoke == "club"
        revokers = {q for _, q, _ in proven_revokes(obs)} if club and t >= 0 else set()
        if t >= 0:
            later = [0, 0, 0, 0]  # cards a seat played after the play being examined
            for q, before, i in reversed(plays):
                if q != seat and q not in revokers and before and _can_reveal(t, before, i):
                    known = later[q] | 1 << i
                    for x in bits(allowed[q]):
                        legal, _ = obligation(obs.variant, t, known | 1 << x, before)
                        if not legal >> i & 1:
                            allowed[q] &= ~(1 << x)
                later[q] |= 1 << i
        cap = [0 if q == seat else obs.hand_sizes[q] for q in range(4)]
        others = [q for q in range(4) if q != seat]
        if club and not _feasible(hidden, allowed, cap, others):  # an unseen revoke misled us
            allowed = [hidden, hidden, hidden, hidden]
            allowed[seat] = hand
        checks = []
        if t >= 0 and obs.variant.signals in CONVENTIONS:
            for sig in observed_signals(obs):
                partner = sig.seat % 2 == seat % 2
                if sig.seat == seat or not (read_partner if partner else read_opponents):
                    continue
                i = next(i for i, (q, _, c) in enumerate(plays) if c == sig.card.index)
                after = sum(1 << c for q, _, c in plays[i:] if q == sig.seat)
                led = plays[i][1][0].suit_index
                checks.append(
                    (sig.seat, sig.card.index, led, after, tuple(c for _, _, c in plays[:i]))
                )
        return cls(
            seat=seat,
            trump=t,
            hand=hand,
            hidden=hidden,
            allowed=(allowed[0], allowed[1], allowed[2], allowed[3]),
            sizes=obs.hand_sizes,
            played=(played[0], played[1], played[2], played[3]),
            chooser=obs.chooser,
            passed=_passers(obs),
            signals=tuple(checks),
            convention=obs.variant.signals,
        )

    def fits_signals(self, hands: tuple[int, ...]) -> bool:
        """Whether each signalling seat, holding this hand, would have thrown its signal."""
        trump = SUITS[self.trump]
        for q, card, led, later, before in self.signals:
            then = cards_of(hands[q] | later)
            played = [ALL_CARDS[c] for c in before]
            if sender_card(self.convention, then, trump, SUITS[led], played) is not ALL_CARDS[card]:
                return False
        return True

    def void(self, seat: int, suit: int) -> bool:
        """Whether `seat` certainly holds no card of `suit` (known void or all seen)."""
        return not self.allowed[seat] & SUIT_MASKS[suit]

    def sample(self, rng: random.Random, bias: bool = True) -> tuple[int, int, int, int]:
        """Four hands consistent with everything seen; own hand as it is; under a signalling
        convention, drawn again (up to SIGNAL_TRIES) until every signal seen fits."""
        hands = self._draw(rng, bias)
        for _ in range(SIGNAL_TRIES - 1 if self.signals else 0):
            if self.fits_signals(hands):
                return hands
            hands = self._draw(rng, bias)
        if self.signals and not self.fits_signals(hands):
            # No deal fits: someone does not play the convention. Read its signals no
            # further in this decision, rather than spend every world's time on them.
            object.__setattr__(self, "signals", ())
        return hands

    def _draw(self, rng: random.Random, bias: bool) -> tuple[int, int, int, int]:
        """Four hands consistent with the legal plays seen.

        Cards go one by one, most constrained first, to a seat that may hold
        them, weighted by free places (and, with `bias`, the chooser's likely
        trumps); a Hall-condition check keeps every step completable.
        """
        others = [q for q in range(4) if q != self.seat]
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.hand
        cap = list(self.sizes)
        cap[self.seat] = 0
        allow = list(self.allowed)
        cards = bits(self.hidden)
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(allow[q] >> c & 1 for q in others))
        remaining = self.hidden
        for c in cards:
            bit = 1 << c
            remaining ^= bit
            choices = []
            for q in others:
                if allow[q] & bit and cap[q]:
                    w = float(cap[q])
                    if bias and c >> 3 == self.trump:
                        if q == self.chooser:
                            w *= CHOOSER_TRUMP_WEIGHT[c & 7]
                        elif self.passed[q]:
                            w *= PASSER_TRUMP_WEIGHT[c & 7]
                    choices.append((w, q))
            while choices:
                i = _weighted_index(rng, [w for w, _ in choices])
                q = choices[i][1]
                cap[q] -= 1
                if _feasible(remaining, allow, cap, others):
                    hands[q] |= bit
                    break
                cap[q] += 1
                choices.pop(i)
            else:  # pragma: no cover - inferences are always satisfiable by the real deal
                raise RuntimeError("no deal matches what this seat has seen")
        return (hands[0], hands[1], hands[2], hands[3])


def proven_revokes(obs: Observation) -> list[tuple[int, int, Card]]:
    """(trick number, seat, card) of every wrong card the cards played prove, oldest first:
    a card the rules forbade even if its player had held nothing but it and the cards he
    played after it. A larger hand only adds duties, so each is a real revoke; at the
    deal's end every hand is known, so none is missed."""
    if obs.trump is None:
        return []
    t = obs.trump.index
    plays = [
        (n, (leader + k) % 4, cards[:k], c)
        for n, (leader, cards) in enumerate((*obs.tricks, (obs.leader, obs.trick)))
        for k, c in enumerate(cards)
    ]
    later = [0, 0, 0, 0]
    found = []
    for n, q, before, c in reversed(plays):
        if before and not obligation(obs.variant, t, later[q] | c.bit, before)[0] & c.bit:
            found.append((n, q, c))
        later[q] |= c.bit
    found.reverse()
    return found


def seen_revoke(obs: Observation) -> tuple[int, int, Card] | None:
    """The first wrong card of the other team, in a closed trick, that the cards played
    prove: what the computer at `obs.seat` calls "Verzaakt!" on; None: nothing to call."""
    if obs.variant.revoke != "club":
        return None
    closed = len(obs.tricks)
    return next(
        (r for r in proven_revokes(obs) if r[1] % 2 != obs.seat % 2 and r[0] < closed), None
    )


def _passers(obs: Observation) -> tuple[bool, bool, bool, bool]:
    """Seats that passed while trump was being chosen this deal (kraak passes excluded)."""
    passed = [False, False, False, False]
    for seat, action in obs.deal_log:
        if action.kind in ("name", "take"):
            break
        if action.kind == "pass":
            passed[seat] = True
    return (passed[0], passed[1], passed[2], passed[3])


def _weighted_index(rng: random.Random, weights: list[float]) -> int:
    pick = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        pick -= w
        if pick <= 0:
            return i
    return len(weights) - 1


def _can_reveal(t: int, before: tuple[Card, ...], c: int) -> bool:
    """Only a card off the led suit, or a trump that does not beat the best trump, tells
    something (following a plain suit, or overtrumping, is legal whatever else is held)."""
    led = before[0].suit_index
    if c >> 3 != led:
        return True
    if led != t:
        return False
    best = max(TRUMP_STRENGTH[x.rank_index] for x in before if x.suit_index == t)
    return TRUMP_STRENGTH[c & 7] < best


def _feasible(remaining: int, allow: list[int], cap: list[int], others: list[int]) -> bool:
    """Hall's condition: for every set of seats, the cards only they may hold fit in them."""
    a, b, c = others
    # cards that only seats in S can take: remaining & ~(union of the others' masks)
    for seats_out, room in (
        ((a,), cap[b] + cap[c]),
        ((b,), cap[a] + cap[c]),
        ((c,), cap[a] + cap[b]),
        ((a, b), cap[c]),
        ((a, c), cap[b]),
        ((b, c), cap[a]),
        ((), cap[a] + cap[b] + cap[c]),
        ((a, b, c), 0),
    ):
        reach = 0
        for q in seats_out:
            reach |= allow[q] & remaining
        if (remaining & ~reach).bit_count() > room:
            return False
    return True
