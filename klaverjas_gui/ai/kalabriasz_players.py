"""Computer players for three-player Klaverjas (Kalabriasz, RULES.md 3).

A player sees only a `KalabriaszObservation` (its own hand, the talon and the cards it
laid away if it is the maker, and what lay open on the table) and answers one of
`obs.legal`; it never touches a `KalabriaszState`.

Levels: "random" (any legal action), "easy" (a beginner: names trump only with a
clearly strong hand, forgets which cards are out, and now and then plays the biggest
card it may), "normal" (table rules that count the cards: which are out, which are
masters, who is void, whose card is winning for the defenders' side), "hard" (sampled
deals and an exact endgame: `kalabriasz_hard`).
Each player keeps its own RNG, so `choose` may run on a worker thread.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..engine.cards import (
    ACE,
    FULL_MASK,
    JACK,
    NINE,
    POINTS,
    POWER,
    SUIT_MASKS,
    TEN,
    Card,
    cards_of,
    mask_of,
)
from ..engine.kalabriasz import KalabriaszObservation
from ..engine.match import Action
from .base import RandomPlayer
from .kalabriasz_fast import NAME_AT, lay_key, mask_value

KALABRIASZ_LEVELS = ("random", "easy", "normal", "hard")

EASY_CAUTION = 1.5  # the easy player asks this much more of a hand
EASY_SLIPS = 0.35  # the share of its card decisions made by `beginner_card`


class KalabriaszPlayer(Protocol):
    name: str

    def choose(self, obs: KalabriaszObservation) -> Action:
        """Pick one of `obs.legal`."""
        ...


def make_kalabriasz_player(level: str, seed: int | None = None) -> KalabriaszPlayer:
    """A computer player of the given level."""
    if level == "random":
        return RandomPlayer(seed)  # type: ignore[return-value]  # plays any legal action
    if level == "easy":
        return KalabriaszHeuristic(seed, counting=False, slips=EASY_SLIPS, caution=EASY_CAUTION)
    if level == "normal":
        return KalabriaszHeuristic(seed, counting=True)
    if level == "hard":
        from .kalabriasz_hard import KalabriaszHard  # it builds on this module

        return KalabriaszHard(seed)
    raise ValueError(
        f"unknown computer level {level!r}; choose from {', '.join(KALABRIASZ_LEVELS)}"
    )


def hand_value(hand: Sequence[Card], trump: int) -> float:
    """How good `hand` is to play alone with `trump` as trump (`kalabriasz_fast.mask_value`)."""
    return mask_value(mask_of(hand), trump)


class KalabriaszHeuristic:
    """The "easy" (counting=False, with slips) and "normal" (counting=True) players."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        counting: bool = True,
        slips: float = 0.0,
        caution: float = 0.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.counting = counting
        self.slips = slips
        self.caution = caution
        self.name = "normal" if counting else "easy"

    def choose(self, obs: KalabriaszObservation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "bidding":
            return self.bid(obs)
        if obs.phase == "talon":
            return self.lay(obs)
        return self.play(obs)

    # --- bidding and the talon ---
    def bid(self, obs: KalabriaszObservation) -> Action:
        """Name the best suit when the hand (the talon still to come) is worth it."""
        names = [a for a in obs.legal if a.kind == "name"]
        best = max(names, key=lambda a: hand_value(obs.hand, a.suit.index))  # type: ignore[union-attr]
        if hand_value(obs.hand, best.suit.index) >= NAME_AT + self.caution:  # type: ignore[union-attr]
            return best
        return next(a for a in obs.legal if a.kind == "pass")

    def lay(self, obs: KalabriaszObservation) -> Action:
        """Lay away what the defenders would catch: an unguarded ten, then the honours of a
        suit without its ace, then short side suits (a void to trump in), lowest first.
        They count for the maker, so a ten laid away is ten points banked."""
        t = obs.trump_index
        hand = mask_of(obs.hand)
        return max(obs.legal, key=lambda a: lay_key(t, hand, a.card.index))  # type: ignore[union-attr]

    # --- play ---
    def play(self, obs: KalabriaszObservation) -> Action:
        legal = mask_of(a.card for a in obs.legal if a.card is not None)
        if self.slips and self.rng.random() < self.slips:
            card = beginner_card(obs.trump_index, legal, self.rng)
        else:
            card = _Table(obs, self.counting).card(legal)
        return next(a for a in obs.legal if a.card.index == card)  # type: ignore[union-attr]


def _bits(mask: int) -> list[int]:
    return [c.index for c in cards_of(mask)]


def beginner_card(t: int, legal: int, rng: random.Random) -> int:
    """A newcomer's card: the biggest card it may play, without asking whether it wins;
    now and then any card it may play."""
    cards = _bits(legal)
    if rng.random() < 0.3:
        return rng.choice(cards)
    return max(cards, key=lambda c: (POINTS[t][c], POWER[t * 4 + (c >> 3)][c]))


class _Table:
    """One card decision: what the seat knows, and the rules that pick the card."""

    def __init__(self, obs: KalabriaszObservation, counting: bool) -> None:
        self.obs = obs
        self.t = t = obs.trump_index
        self.pts = POINTS[t]
        self.seat = obs.seat
        self.maker = obs.maker if obs.maker is not None else -1
        self.hand = sum(c.bit for c in obs.hand)
        on_table = sum(c.bit for c in obs.trick)
        played = sum(c.bit for _, cards in obs.tricks for c in cards)
        mine = sum(c.bit for c in obs.laid_away)
        if counting:
            self.out = FULL_MASK & ~self.hand & ~played & ~on_table & ~mine
        else:  # the beginner forgets what was played in earlier tricks
            self.out = FULL_MASK & ~self.hand & ~on_table
        self.void = [[False] * 4 for _ in range(3)]
        if counting:
            for leader, cards in obs.tricks:
                led = cards[0].suit_index
                for i, c in enumerate(cards[1:], 1):
                    if c.suit_index != led:
                        self.void[(leader + i) % 3][led] = True

    def strength(self, c: int, led: int) -> int:
        return POWER[self.t * 4 + led][c]

    def master(self, c: int) -> bool:
        """No card still out beats `c` in its own suit."""
        s = c >> 3
        power = POWER[self.t * 4 + s]
        return not any(power[o] > power[c] for o in _bits(self.out & SUIT_MASKS[s]))

    def card(self, legal: int) -> int:
        if not self.obs.trick:
            return self.lead(legal)
        return self.follow(legal)

    def lead(self, legal: int) -> int:
        t, pts = self.t, self.pts
        cards = _bits(legal)
        trumps = [c for c in cards if c >> 3 == t]
        trumps_out = self.out & SUIT_MASKS[t]
        if self.seat == self.maker and trumps and trumps_out:
            top = max(trumps, key=lambda c: self.strength(c, t))
            if self.master(top) or len(trumps) > trumps_out.bit_count():
                return top if self.master(top) else min(trumps, key=lambda c: self.strength(c, t))
        opponents = (
            [self.maker] if self.seat != self.maker else [k for k in range(3) if k != self.seat]
        )
        side = [c for c in cards if c >> 3 != t]
        safe = [c for c in side if self.master(c)
                and not any(self.void[o][c >> 3] for o in opponents)]  # fmt: skip
        if safe:
            return max(safe, key=lambda c: pts[c])
        if not side:
            return min(cards, key=lambda c: self.strength(c, t))
        length = {s: (self.hand & SUIT_MASKS[s]).bit_count() for s in range(4)}

        def key(c: int) -> tuple[int, ...]:
            s, r = c >> 3, c & 7
            unguarded = r == TEN and not self.hand >> (8 * s + ACE) & 1
            return (int(unguarded), pts[c], -length[s], r)

        return min(side, key=key)

    def follow(self, legal: int) -> int:
        obs, t, pts = self.obs, self.t, self.pts
        trick = obs.trick
        led = trick[0].suit_index
        power = POWER[t * 4 + led]
        best_i = max(range(len(trick)), key=lambda i: power[trick[i].index])
        winner = (obs.leader + best_i) % 3
        best = power[trick[best_i].index]
        last = len(trick) == 2
        cards = _bits(legal)
        winners = [c for c in cards if power[c] > best]
        friend = self.seat != self.maker and winner != self.maker
        big_trump = {t * 8 + JACK, t * 8 + NINE}

        def cheapest(cs: list[int]) -> int:
            return min(cs, key=lambda c: (pts[c], power[c], c >> 3 == t))

        if friend:
            safe = last or self._holds(trick[best_i].index, led)
            if safe:  # give the partner points, but keep the top trumps
                smear = [c for c in cards if c not in big_trump and not self._cash(c)]
                return max(smear or cards, key=lambda c: (pts[c], -power[c]))
            return cheapest(cards)
        if winners:
            if last:
                return cheapest(winners)
            masters = [c for c in winners if c >> 3 == t and self.master(c)]
            masters += [c for c in winners if c >> 3 == led != t and self.master(c)
                        and not self._trumps_over(led)]  # fmt: skip
            if masters:
                return max(masters, key=lambda c: pts[c])
            value = sum(pts[c.index] for c in trick)
            if value >= 10:
                return cheapest(winners)
        return cheapest(cards)

    def _cash(self, c: int) -> bool:
        """A side ace the seat should win a trick with later rather than give away."""
        return c >> 3 != self.t and c & 7 == ACE

    def _next_seat(self) -> int:
        return (self.seat + 1) % 3

    def _trumps_over(self, led: int) -> bool:
        """May the player after this seat trump a trick of the suit `led`?"""
        nxt = self._next_seat()
        return self.void[nxt][led] and bool(self.out & SUIT_MASKS[self.t])

    def _holds(self, c: int, led: int) -> bool:
        """Will the partner's card `c` (winning now) still win after the maker plays?"""
        if c >> 3 == self.t:
            return self.master(c)
        return self.master(c) and not self._trumps_over(led)
