"""A guest's picture of the match: an engine state rebuilt from its own observation.

The host sends a guest only what its seat may see (play/net/host.py). The table scene,
its prompts, hints and summaries read an engine state, so the guest rebuilds one: its
own hand exactly, everything played in the open exactly, and the others' unseen cards
*guessed* from the cards nobody has shown. The guess is drawn face down and is never the
truth (the guest does not know it), so nothing hidden can leak through it.

Each rebuild deals the guessed hands (plus every card each seat played this deal) at
the deal's start and replays the deal's moves with `force`: a guessed hand may hold a
suit its owner showed void in, which only the rules' check would mind. The guess stays
as it was between moves; when a seat plays a card that was guessed in another hand, the
two hands swap it for the player's last card, as the table's picture does
(ui/table/director.py), so the face-down hands on the screen never jump. `state()`
checks that the rebuilt position shows this seat exactly its observation.

Klabberjass (`KlabberjassMirror`) also guesses the stock, and its guess must make the
engine declare, show and call bella as it did. Kalabriasz (`ThreeMirror`) also guesses the
talon nobody has seen and the two cards the maker laid away, which the other two only
know were laid. `mirror_for` picks the game's mirror.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from ...engine.cards import (
    ALL_CARDS,
    KING,
    QUEEN,
    SEVEN,
    Card,
    Rank,
    mask_of,
    sort_hand,
)
from ...engine.kalabriasz import LAY_HIDDEN, dealt_kalabriasz, lay
from ...engine.kalabriasz_rules import PLAYERS as THREE
from ...engine.klabberjass import GAME_OVER, dealt_klabberjass
from ...engine.klabberjass_rules import FOUR
from ...engine.match import MATCH_OVER, MatchState, Observation, dealt
from ...games import Game

log = logging.getLogger(__name__)


class MirrorError(ValueError):
    """An observation no position of the rules explains (a damaged or hostile message)."""


def _check_seats(obs: Any, players: int) -> None:
    """A position from the host names only the game's seats (a hostile host's dealer or
    move of seat 7 was looked up in the mirror's tables and broke the guest's table)."""
    seats = [obs.seat, obs.dealer, *(seat for seat, _ in obs.deal_log)]
    if any(not 0 <= seat < players for seat in seats):
        raise MirrorError(f"a seat beyond the game's {players}")


class Mirror:
    """Rebuilds `seat`'s engine state of a four-player match from each observation."""

    def __init__(self, game: Game, seat: int) -> None:
        if game.mirror != "four":
            raise MirrorError(f"a four-player mirror for {game.name}")
        self.game = game
        self.seat = seat
        self.guess: dict[int, set[Card]] = {}
        self._deal: tuple[int, int] | None = None  # (deal number, its first move's number)

    def state(self, obs: Observation, n: int) -> MatchState:
        """The position after move `n` as this seat sees it; MirrorError if none fits."""
        if obs.seat != self.seat:
            raise MirrorError(f"an observation of seat {obs.seat}, not of seat {self.seat}")
        _check_seats(obs, 4)
        start = n - len(obs.deal_log)
        if (obs.deal_no, start) != self._deal:  # a new deal (or a redeal): a new guess
            self._deal, self.guess = (obs.deal_no, start), {}
        played: dict[int, list[Card]] = {s: [] for s in range(4)}
        for seat, action in obs.deal_log:
            if action.kind == "play" and action.card is not None:  # a play always holds one
                played[seat].append(action.card)
        self.guess = self._fit(obs, played)
        hands = [
            mask_of([*(obs.hand if s == self.seat else self.guess[s]), *played[s]])
            for s in range(4)
        ]
        if sum(hands) != (1 << 32) - 1 or any(h.bit_count() != 8 for h in hands):
            raise MirrorError("the cards seen do not make a deal")
        sheet, totals = obs.sheet, obs.totals
        revokes: tuple[Any, ...] = ()
        if obs.phase == MATCH_OVER and sheet and sheet[-1].deal_no == obs.deal_no:
            last = sheet[-1].score.scores  # replaying the last deal scores it again
            revoke = sheet[-1].score.revoke  # a call the host found right (the guess can't)
            revokes = () if revoke is None else (revoke,)
            sheet, totals = sheet[:-1], (totals[0] - last[0], totals[1] - last[1])
        state = dealt(obs.variant, obs.deal_no, obs.dealer, hands, obs.proposed, start,
                      sheet, totals, revokes)  # fmt: skip
        try:
            for _, action in obs.deal_log:
                state, _ = state.force(action)
        except (ValueError, TypeError, AttributeError, IndexError) as e:
            raise MirrorError(f"the deal's moves do not replay: {e}") from None
        if state.observation(self.seat) != obs:
            raise MirrorError("the rebuilt position differs from the observation")
        return state

    def _fit(self, obs: Observation, played: dict[int, list[Card]]) -> dict[int, set[Card]]:
        """The others' unseen cards: the last guess, less what was shown since; a seat that
        played a card guessed elsewhere gives its last card to the seat that lost it."""
        pool = set(ALL_CARDS) - set(obs.hand).union(*played.values())
        sizes = {s: obs.hand_sizes[s] for s in range(4) if s != self.seat}
        return _guess(self.guess, pool, sizes, obs)


class KlabberjassMirror:
    """Rebuilds `seat`'s engine state of a two-player game from each observation.

    The opponent's unseen cards and the stock are guessed as in `Mirror`, but a guess must
    also make the engine say what it said: a declared sequence is worked out from the
    declarer's hand (a declared four of a kind names its cards), bella from whether the
    king and queen of trump sat together, and the winner shows every declaration it holds.
    So the cards the opponent is known to have held (played, shown, declared as a four of
    a kind, given up at the dix, the other of bella) are placed first, and the rest drawn
    (the last guess first, then at random) until the replay shows this seat exactly its
    observation."""

    TRIES = 400

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.guess: set[Card] = set()  # the opponent's unseen cards, as dealt
        self._deal: tuple[int, int] | None = None
        self._rng = random.Random(seat)

    def state(self, obs: Any, n: int) -> Any:
        if obs.seat != self.seat:
            raise MirrorError(f"an observation of seat {obs.seat}, not of seat {self.seat}")
        _check_seats(obs, 2)
        start = n - len(obs.deal_log)
        if (obs.deal_no, start) != self._deal:
            self._deal, self.guess = (obs.deal_no, start), set()
        me, opp = self.seat, 1 - self.seat
        played: dict[int, list[Card]] = {0: [], 1: []}
        for seat, action in obs.deal_log:
            if action.kind == "play":
                played[seat].append(action.card)
        drawn = obs.trump is not None  # trump fixed: both drew 3 from the stock at once
        seven = ALL_CARDS[obs.trump.index * 8 + SEVEN] if drawn else None
        mine = set(obs.hand) | set(played[me])
        if obs.dix == me:
            mine = (mine - {obs.proposed}) | {seven}
        known = set(played[opp])
        if obs.dix == opp and seven is not None:  # as dealt: the 7 of trump, not the turned
            known = (known - {obs.proposed}) | {seven}  # card taken for it (a dix needs trump)
        for seat, seqs in obs.shown:
            if seat == opp:
                known.update(c for seq in seqs for c in seq)
        for seat, length, rank in obs.declared:  # a four of a kind declared names its cards
            if seat == opp and length == FOUR:
                known.update(ALL_CARDS[suit * 8 + rank.index] for suit in range(4))
        forbidden: set[Card] = set()
        if drawn:
            queen, king = (ALL_CARDS[obs.trump.index * 8 + r] for r in (QUEEN, KING))
            if obs.bella[opp]:
                known |= {queen, king}
            else:
                for first, other in ((queen, king), (king, queen)):
                    if first in played[opp] and (
                        other not in played[opp]
                        or played[opp].index(other) > played[opp].index(first)
                    ):
                        forbidden.add(other)
        if obs.dix == opp:
            known.discard(obs.proposed)  # taken at the dix: in no hand as dealt
        size = 9 if drawn else 6
        if len(mine) != size or len(known) > size or mine & known or obs.proposed in mine | known:
            raise MirrorError("the cards seen do not make a deal")
        pool = set(ALL_CARDS) - mine - known - {obs.proposed}
        free = sort_hand(list(pool - forbidden), None)
        need = size - len(known)
        if need > len(free):
            raise MirrorError("the cards seen do not make a deal")
        sheet, totals = obs.sheet, obs.totals
        if obs.phase == GAME_OVER and sheet and sheet[-1].deal_no == obs.deal_no:
            last = sheet[-1].score.scores
            sheet, totals = sheet[:-1], (totals[0] - last[0], totals[1] - last[1])
        runs = self._declared_runs(obs, opp, known, set(free))
        previous = [c for c in sort_hand(list(self.guess), None) if c in free][:need]
        for attempt in range(self.TRIES):
            if attempt == 0:
                rest = [c for c in free if c not in previous]
                self._rng.shuffle(rest)
                guess = previous + rest[: need - len(previous)]
            else:
                run = [c for c in self._rng.choice(runs) if c not in known] if runs else []
                if len(run) > need:
                    continue
                rest = [c for c in free if c not in run]
                guess = run + self._rng.sample(rest, need - len(run))
            theirs = known | set(guess)
            state = self._replay(obs, start, mine, theirs, pool - set(guess), sheet, totals)
            if state is not None and state.observation(self.seat) == obs:
                self.guess = set(guess)
                return state
        raise MirrorError("no deal of the unseen cards explains the observation")

    @staticmethod
    def _declared_runs(obs: Any, opp: int, known: set[Card], free: set[Card]) -> list[list[Card]]:
        """The sequences the opponent may hold for what it declared and never showed."""
        said = [(length, top) for seat, length, top in obs.declared if seat == opp]
        if not said or any(seat == opp for seat, _ in obs.shown):
            return []
        length, top = said[-1]
        if length == FOUR:
            return []  # its four cards are known already
        high = [r.value for r in Rank].index(Rank(top).value)
        if high - length + 1 < 0:
            return []
        runs = []
        for suit in range(4):
            cards = [ALL_CARDS[suit * 8 + r] for r in range(high - length + 1, high + 1)]
            if all(c in free or c in known for c in cards):
                runs.append(cards)
        return runs

    def _replay(self, obs: Any, start: int, mine: set[Card], theirs: set[Card],
                stock: set[Card], sheet: Any, totals: Any) -> Any:  # fmt: skip
        """The deal dealt with these hands (each split into its 6 and its 3 from the
        stock) and replayed; None when a move does not go."""
        me = self.seat
        hands = {me: sort_hand(list(mine), None), 1 - me: sort_hand(list(theirs), None)}
        nd, dl = 1 - obs.dealer, obs.dealer
        rest = sort_hand(list(stock), None)
        self._rng.shuffle(rest)
        first = {s: hands[s][:6] for s in (0, 1)}
        draws = {s: hands[s][6:] for s in (0, 1)}
        while len(draws[nd]) < 3:
            draws[nd].append(rest.pop())
        while len(draws[dl]) < 3:
            draws[dl].append(rest.pop())
        order = (first[nd][:3] + first[dl][:3] + first[nd][3:] + first[dl][3:] + [obs.proposed]
                 + draws[nd] + draws[dl] + rest)  # fmt: skip
        state = dealt_klabberjass(obs.variant, obs.deal_no, obs.dealer, order, start, sheet,
                                  totals)  # fmt: skip
        try:
            for _, action in obs.deal_log:
                state, _ = state.force(action)
        except (ValueError, TypeError, AttributeError, IndexError, KeyError):
            return None
        return state


AWAY = -1  # ThreeMirror's place for the unseen cards in no hand: the talon, or those laid


class ThreeMirror:
    """Rebuilds `seat`'s engine state of a three-player game (Kalabriasz) from each
    observation, as `Mirror` does: its own hand and everything played exactly, the others'
    unseen cards guessed and kept between moves. Two more cards are unseen: the talon
    before the maker takes it (nobody has seen it), and the cards the maker laid away (the
    other two see only "lay"). The guess keeps them apart (`guess[AWAY]`): the talon's
    two guessed cards go into the maker's hand when he names trump, a hidden lay takes his
    last guessed card (`sort_hand` order, trump first) into it, and the deal replays each
    hidden lay with a card from it. The maker sees the talon and what he laid exactly."""

    def __init__(self, game: Game, seat: int) -> None:
        if game.mirror != "three":
            raise MirrorError(f"a three-player mirror for {game.name}")
        self.game = game
        self.seat = seat
        self.guess: dict[int, set[Card]] = {}  # the others' seats and AWAY
        self.away: list[Card] = []  # guess[AWAY] in the order laid (a swap takes its place)
        self._deal: tuple[int, int] | None = None  # (deal number, its first move's number)

    def state(self, obs: Any, n: int) -> Any:
        """The position after move `n` as this seat sees it; MirrorError if none fits."""
        if obs.seat != self.seat:
            raise MirrorError(f"an observation of seat {obs.seat}, not of seat {self.seat}")
        try:  # a hostile host's values of any type: each is a MirrorError, nothing else
            _check_seats(obs, THREE)
            if obs.maker is not None and not 0 <= obs.maker < THREE:
                raise MirrorError(f"a seat beyond the game's {THREE}")
            state = self._rebuild(obs, n)
            if state.observation(self.seat) != obs:
                raise MirrorError("the rebuilt position differs from the observation")
        except MirrorError:
            raise
        except (ValueError, TypeError, AttributeError, IndexError, KeyError) as e:
            raise MirrorError(f"the deal's moves do not replay: {e}") from None
        except StopIteration:  # more hidden lays than cards laid away
            raise MirrorError("the deal's moves do not replay") from None
        return state

    def _rebuild(self, obs: Any, n: int) -> Any:
        me, maker = self.seat, obs.maker
        start = n - len(obs.deal_log)
        if (obs.deal_no, start) != self._deal:  # a new deal: a new guess
            self._deal, self.guess, self.away = (obs.deal_no, start), {}, []
        played: dict[int, list[Card]] = {s: [] for s in range(THREE)}
        for seat, action in obs.deal_log:
            if action.kind == "play" and action.card is not None:
                played[seat].append(action.card)
        sizes = {s: obs.hand_sizes[s] for s in range(THREE) if s != me}
        # unseen by this seat beside the hands: the talon before it is taken, the cards laid
        sizes[AWAY] = 0 if maker == me else 2 if maker is None else obs.laid_away_count
        self.guess = self._fit(obs, played, sizes)
        self.away = _in_place(self.away, self.guess[AWAY], obs.trump)
        hands = {s: [*(obs.hand if s == me else self.guess[s]), *played[s]] for s in range(THREE)}
        # the cards laid away (before trump is named: the talon), in the order they replay
        laid = list(obs.laid_away) if maker == me else self.away
        talon = laid
        if maker is not None:  # the maker's twelve: his ten as dealt and the talon he took
            hands[maker] += laid
            twelve = sort_hand(hands[maker], None)
            talon = list(obs.talon) if maker == me else list(dict.fromkeys(laid + twelve))[:2]
            hands[maker] = [c for c in twelve if c not in talon]
        cards = [c for s in range(THREE) for c in hands[s]] + talon
        if (
            len(set(cards)) != 32
            or len(cards) != 32
            or len(talon) != 2
            or any(len(h) != 10 for h in hands.values())
        ):
            raise MirrorError("the cards seen do not make a deal")
        fh = (obs.dealer + 1) % THREE
        seats = [(fh + k) % THREE for k in range(THREE)]
        dealt = {s: sort_hand(hands[s], None) for s in seats}
        order = [c for s in seats for c in dealt[s][:4]] + talon
        order += [c for s in seats for c in dealt[s][4:7]]
        order += [c for s in seats for c in dealt[s][7:]]
        sheet, totals = obs.sheet, obs.totals
        if obs.phase == GAME_OVER and sheet and sheet[-1].deal_no == obs.deal_no:
            last = sheet[-1].score.scores  # replaying the last deal scores it again
            sheet = sheet[:-1]
            totals = (totals[0] - last[0], totals[1] - last[1], totals[2] - last[2])
        state = dealt_kalabriasz(obs.variant, obs.deal_no, obs.dealer, order, start, sheet,
                                 totals)  # fmt: skip
        hidden = iter(laid)
        for _, action in obs.deal_log:
            state, _ = state.force(lay(next(hidden)) if action == LAY_HIDDEN else action)
        return state

    def _fit(self, obs: Any, played: dict[int, list[Card]], sizes: dict[int, int]
             ) -> dict[int, set[Card]]:  # fmt: skip
        """The unseen cards: the last guess, less what was shown since; a place holding
        more than it may (a seat that played a card guessed elsewhere, the maker who laid
        one away) gives its last cards to the places that are short."""
        mine = set(obs.hand) | set(obs.talon) | set(obs.laid_away)
        shown = mine.union(*played.values())
        if len(obs.hand) != len(set(obs.hand)) or any(size < 0 for size in sizes.values()):
            raise MirrorError("the cards seen do not make a deal")
        return _guess(self.guess, set(ALL_CARDS) - shown, sizes, obs)


def _guess(last: dict[int, set[Card]], pool: set[Card], sizes: dict[int, int], obs: Any
           ) -> dict[int, set[Card]]:  # fmt: skip
    """The unseen cards `pool` placed by `sizes` (a seat, or ThreeMirror's AWAY: how many
    it holds): the `last` guess less what was shown since; a place holding more than it
    may gives its last cards (`sort_hand` order, trump first) to the places that are
    short, the spare cards drawn in an order fixed by the deal. Shared by the four- and
    three-player mirrors, so both keep a guess the same way."""
    guess = {k: last.get(k, set()) & pool for k in sizes}
    spare = pool - set().union(*guess.values())
    for k in sizes:
        extra = len(guess[k]) - sizes[k]
        if extra > 0:
            gone = sort_hand(list(guess[k]), obs.trump)[-extra:]
            guess[k] -= set(gone)
            spare |= set(gone)
    if spare:
        order = sort_hand(list(spare), None)
        random.Random(obs.deal_no * 7919 + len(spare)).shuffle(order)
        for k in sizes:
            while len(guess[k]) < sizes[k] and order:
                guess[k].add(order.pop())
    if any(len(guess[k]) != sizes[k] for k in sizes) or len(pool) != sum(sizes.values()):
        raise MirrorError("the hand sizes do not add up")
    return guess


def _in_place(order: list[Card], cards: set[Card], trump: Any) -> list[Card]:
    """`cards` in the order they came: each card gone makes room for a new one in its place
    (as the table swaps a face-down card), the rest of the new ones after them."""
    new = sort_hand(list(cards - set(order)), trump)
    out = [c if c in cards else new.pop(0) if new else None for c in order]
    return [c for c in out if c is not None] + new


MIRRORS: dict[str, type[Mirror] | type[KlabberjassMirror] | type[ThreeMirror]] = {
    "four": Mirror,
    "klabberjass": KlabberjassMirror,
    "three": ThreeMirror,
}  # the mirrors by the name a game's registry entry gives (`Game.mirror`)


def mirror_for(game: Game, seat: int) -> Mirror | KlabberjassMirror | ThreeMirror:
    """The mirror of `game` for `seat`."""
    return MIRRORS[game.mirror](game, seat)
