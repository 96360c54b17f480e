"""The coach: how much a decision cost, judged only by what the player could know.

A decision (a card, naming or passing, take, kraak, a roem claim; in Klabberjass a
card, a bid or a schmeiss answer) is judged from the seat's observation alone: the
hard player's own evaluation (`ai.hard.evaluate`, `ai.klabberjass_hard.evaluate`),
over deals sampled to fit what the seat has seen, gives every legal option its
expected value. The **cost** is the best option's value minus the chosen one's.

Values are in points of this deal for the player's team: the hard player values an
option as the expected deal score difference (ours minus theirs), and a point moved
from one team to the other changes that difference by two, so half of it is what the
option is worth to the team ("the 10 of hearts on your partner's trick: 10 points").

The kind of a decision, and of a mistake, comes from the engine's facts: the play
obligation of the position (`engine.play.obligation`: a lead, following or discarding,
a trick the player cannot follow but may trump), which card wins the trick so far
(`winner_index`), and the trick's roem (`roem_of`); never from a guess. A costly
decision gets one sentence in the player's language, built on the hint sentences of
`teach/hints.py`. Pure Python: no pygame.

What differs between the games (whose evaluation, which questions are decisions, the
game's own sentences) is the game's `Coaching`, found through its registry entry
(`game.coaching()`): this module's `KlaverjasCoaching`, teach/klabberjass_coach.py's for
Klabberjass. The coach never asks which game it is.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import Action, Card, Observation
from ..engine.cards import JACK, POINTS, SUIT_MASKS, mask_of
from ..engine.match import PASS, card_of, suit_of
from ..engine.play import obligation, winner_index
from ..engine.roem import roem_of
from ..engine.variant import Variant
from ..games import game_of
from ..i18n import tr
from ..words import card_name, describe_roem, suit_name
from . import hints

FLAG = 10.0  # a decision costing at least this many points is a mistake worth a note
# Below this many points a choice is "about as good" as the best, and said so with no reason:
# closer than that, the sampled deals cannot tell two options apart.
CLOSE = 5.0
# Sampled deals per judgement: a fixed number, so that a seed gives the same judgement. The
# hint (`hint`) is the best option of the very same evaluation, so a hinted choice is never a
# mistake of the coach's.
WORLDS = 24
# A decision that looks costly (`CLOSE` points or more) is judged again over this many times
# as many fresh deals, sampled independently, and only that second look is reported: the
# figure that picks out a costly-looking decision is biased by the picking (a threshold over
# noisy values selects noise), the fresh one is not (benchmarks/coach.py).
CONFIRM = 3
# Early in a deal the hard player's values are playouts, and a playout's errors are its own
# (a card flagged 12.7 by playouts was worth 0.5 ± 0.5 solved exactly): fresh deals valued
# the same way keep them. So the second look at a card of Klaverjas with at most this many
# in hand solves every fresh deal exactly, as the hard player does from `EXACT_TRICKS` cards
# on (a hand of 8 takes the solver seconds a deal: its second look stays playouts).
EXACT_CONFIRM = 7
# An exact second look cut short by the time cap before it solved this many deals says
# nothing (the judgement is None): too few deals to tell 10 points from none (one deal's
# difference between two cards spreads by about 28 points: benchmarks/coach.py measured a
# standard error of 5.2 over 30 deals a flag).
MIN_SOLVED = 12
# The exact second look rests on the deals the time cap let it solve (a dozen or two on a
# busy machine: a standard error of 6-8 points), and a flag threshold over their mean picks
# out the looks that drew a lucky few, as the first look's did (benchmarks/coach.py: early
# flags reported 21.5 where 14.3 held). So that look reports each option's shortfall against
# the better option this many standard errors lower (never below 0). A flag then needs a
# shortfall that clears `FLAG` by part of its own uncertainty, and its reported cost does
# not carry the luck that picked it: over two seeds, 13 early flags held of 13, flagged 21.3
# where 23.2 held (a whole standard error: 8 of 8, flagged 22.3 where 26.2 held, fewer real
# mistakes flagged; docs/benchmarks.md).
SHRINK = 0.5
# Wall-clock seconds each look of a live judgement may take (play/coaching.py): the exact
# solver late in a deal over all those deals once took a minute on a loaded machine. A first
# look cut short is no judgement (it would not be the hint's evaluation); a confirmation cut
# short rests on the deals it sampled.
SECONDS = 4.0

# What a decision was about (the situation).
SITUATIONS = ("lead", "follow", "trump", "bid", "roem", "talon")  # talon: laying away (Kalabriasz)
_RETREATS = ("pass", "accept")  # bids that leave the deal to the other side, or void it


@dataclass(frozen=True)
class Judgement:
    """One judged decision. `values`: every option with its points for the team, best first."""

    seat: int
    kind: str  # the situation: lead, follow, trump, bid, roem or talon
    mistake: str  # the kind of mistake when the decision cost anything, else ""
    cost: float  # points of this deal the decision gave away against the best option
    chosen: Action
    best: Action
    values: tuple[tuple[Action, float], ...]
    seq: int = 0  # the action's number in the match (1-based), as the history stores it

    @property
    def flagged(self) -> bool:
        """Costly enough to say so (`FLAG` points or more)."""
        return self.cost >= FLAG


Obs = Any  # a seat's observation of any registered game
Cancelled = Callable[[], bool] | None


class Coaching:
    """What the coach asks of one game: the hard player's values and answer, which
    questions are decisions, and the game's own sentences. This one is Klaverjas's (the
    registry's `KLAVERJAS.coaching()`); a game of its own subclasses it."""

    def values(
        self, obs: Obs, seed: int, worlds: int | None, cancelled: Cancelled, stop_at: float | None
    ) -> dict[Action, float]:
        """The hard player's values of the options, as the deal's score difference."""
        from ..ai.hard import evaluate as hard_evaluate

        return hard_evaluate(obs, seed, worlds=worlds, cancelled=cancelled, stop_at=stop_at)

    def hard_answer(self, obs: Obs, seed: int, worlds: int | None, cancelled: Cancelled) -> Action:
        """The hard player's own answer to a question the coach does not judge."""
        from ..ai.hard import HardPlayer

        return HardPlayer(seed, worlds=worlds, cancelled=cancelled).choose(obs)

    def agreed(self, obs: Obs) -> Action | None:
        """The card an agreed signalling convention asks for (RULES 1.10: a disclosed
        agreement is played as agreed, and the sampled values, a few deals early in a deal,
        cannot see what the partner's signal promises), if any."""
        if obs.trump is None:
            return None
        from .signal_words import signal_reason

        legal: tuple[Action, ...] = obs.legal  # as every game's observation holds them
        for a in legal:
            if a.kind == "play" and signal_reason(obs, card_of(a)) is not None:
                return a
        return None

    def is_decision(self, obs: Obs) -> bool:
        """Whether a question of more than one answer is judged: not a claim on a trick
        without roem."""
        return obs.phase != "claim" or bool(_trick_roem(obs))

    def card_rules(self, obs: Obs) -> Variant:
        """The rules that say which card may be played."""
        rules = obs.variant
        assert isinstance(rules, Variant)  # Klaverjas's own; the other games say theirs
        return rules

    def question(self, obs: Obs) -> str:
        """The situation of a question that is neither a card nor a roem claim."""
        return "bid"

    def partner_winning(self, obs: Obs) -> bool:
        """Whether the card winning the trick so far is the partner's: the card two
        before the seat's, in a game of partners."""
        n = len(obs.trick)
        return (game_of(obs).partners and n >= 2
                and winner_index(obs.trump.index, list(obs.trick)) == n - 2)  # fmt: skip

    def side(self, obs: Obs) -> str:
        """Whose points the values count, as the suffix of the sentences' keys: "" your
        team's, "_solo" your own (a game without partners)."""
        return "" if game_of(obs).partners else "_solo"

    def did(self, obs: Obs, action: Action) -> str | None:
        """An action of the game's own inside a sentence (`did`), or None for the shared
        words."""
        return None

    def fresh_look(
        self, obs: Obs, seed: int, worlds: int, cancelled: Cancelled, stop_at: float | None,
        best: Action,
    ) -> dict[Action, float] | None:  # fmt: skip
        """`fresh_look` for a card early in the deal with at most `EXACT_CONFIRM` in hand:
        each fresh deal, drawn alike among all deals that fit what the seat saw (not weighed
        by how the others bid, nor leaning the chooser's way), is solved exactly (playouts
        there are biased, not only noisy), and each shortfall against `best` is reported as
        `shrunk`; None when the time cap let the solver finish fewer than `MIN_SOLVED`
        deals."""
        from ..ai.hard import EXACT_TRICKS, HardPlayer

        if not (obs.phase == "play" and EXACT_TRICKS < len(obs.hand) <= EXACT_CONFIRM):
            return evaluate(obs, seed, worlds, cancelled, stop_at)
        player = HardPlayer(seed, worlds=worlds, cancelled=cancelled)
        player.stop_at = stop_at
        player.exact_tricks = EXACT_CONFIRM
        # deals weighed by facts only, not by the hard player's model of the bidding: its
        # weights let a few deals count for many and carry the model's guesses into the flag;
        # nor drawn with its leanings (the chooser's likely trumps), another such guess
        player.bid_inference = False
        player.leanings = False
        player.card_values(obs, time.perf_counter() + player.think)
        if player.solved < min(MIN_SOLVED, worlds):
            return None
        return shrunk(obs, player.solved_worlds, best)

    def reason(self, obs: Obs, j: Judgement) -> str | None:
        """Why the better option was better (`_reason`). A judgement rebuilt from a stored
        decision (the coach's report) has no values: the sentence is then said without."""
        found = hints.reason(obs, j.best, j.chosen, dict(j.values) or None)
        return None if found is None else tr(found[0], **found[1])

    def explain(self, obs: Obs, action: Action, values: dict[Action, float] | None = None) -> str:
        """The hint's one sentence: why `action` is a good decision for the seat of `obs`;
        `values`: the options' values the hint chose it by (`hint_values`), if any."""
        return hints.explain(obs, action, values)

    def own_note(self, obs: Obs, j: Judgement) -> str | None:
        """The game's own sentence on a decision, before the shared ones: a lead of the
        jack of trump is what the lessons teach (lesson "choose"), so a note on it speaks
        in the lesson's terms before saying what was better; a roem left unclaimed says
        what it was."""
        if j.mistake == "roem" and j.best.kind == "claim":
            what = describe_roem(obs.variant, obs.trump, obs.tricks[-1][1])
            return tr("coach.note_roem", roem=_trick_roem(obs), what=what, cost=points(j.cost))
        if obs.phase != "play" or obs.trick:
            return None
        card = j.chosen.card
        if card is None or card.suit_index != obs.trump.index or card.rank_index != JACK:
            return None
        return tr("coach.note_lesson_jack", best=did(obs, j.best), cost=points(j.cost))


KLAVERJAS_COACHING = Coaching()


def coaching(obs: Obs) -> Coaching:
    """The coaching of the game `obs` is a position of (its registry entry's)."""
    found = game_of(obs).coaching()
    assert isinstance(found, Coaching)  # the registry types it loosely: games/ sits below teach/
    return found


def evaluate(
    obs: Obs, seed: int = 0, worlds: int | None = WORLDS,
    cancelled: Callable[[], bool] | None = None, stop_at: float | None = None,
) -> dict[Action, float]:  # fmt: skip
    """The hard player's values of every legal option of `obs`, in points for the team;
    no more sampled deals after `stop_at` (time.perf_counter()), if given. A seat that is
    not to move has no option: NotToMove (each game's hard player refuses it)."""
    values = coaching(obs).values(obs, seed, worlds, cancelled, stop_at)
    return {a: v / 2 for a, v in values.items()}


def ranked(obs: Obs, values: dict[Action, float]) -> list[Action]:
    """The legal options, best first; ties keep the legal order (so one is always first)."""
    return sorted(obs.legal, key=lambda a: -values[a])


def best_option(obs: Obs, values: dict[Action, float]) -> Action:
    """The option the hint gives and the coach measures against: the card an agreed
    signalling convention asks for (`Coaching.agreed`), else the best of `values`."""
    agreed = coaching(obs).agreed(obs)
    return agreed if agreed is not None else ranked(obs, values)[0]


def hint(
    obs: Obs, seed: int, worlds: int | None = WORLDS, cancelled: Callable[[], bool] | None = None
) -> Action:
    """The hint: the best option of the evaluation the coach's first look makes of the same
    observation with the same seed (`judgement_seed` of the action to come), so the coach
    never calls a followed hint a mistake. A question the coach does not judge (one answer,
    or one answered by rule: a claim without roem, the dix, a declaration) gets the hard
    player's own answer."""
    return hint_values(obs, seed, worlds, cancelled)[0]


def hint_values(
    obs: Obs, seed: int, worlds: int | None = WORLDS, cancelled: Callable[[], bool] | None = None
) -> tuple[Action, dict[Action, float] | None]:
    """`hint` and the values it chose by (None where the hard player answered by itself),
    so that the hint's sentence can say how the option compared (`Coaching.explain`). A
    seat that is not to move gets no hint: NotToMove."""
    if not obs.legal:
        from ..ai.base import NotToMove  # the computer players load with the first look

        raise NotToMove(obs)
    if len(obs.legal) == 1:
        return obs.legal[0], None
    if not is_decision(obs):
        if obs.phase == "claim" and PASS in obs.legal:
            # no roem in the trick: the sentence says "Pass" (guide.claim_none), so the ring
            # goes round the button that passes, not round Roem! (the hard player's claim)
            return PASS, None
        return coaching(obs).hard_answer(obs, seed, worlds, cancelled), None
    values = evaluate(obs, seed, worlds, cancelled)
    return best_option(obs, values), values


def fresh_seed(seed: int) -> int:
    """The seed of a judgement's second look: independent of the first look's."""
    return random.Random(f"coach fresh {seed}").randrange(1 << 31)


def is_decision(obs: Obs) -> bool:
    """Whether the coach judges this question: more than one answer, and not a question
    with nothing at stake (a claim on a trick without roem; Klabberjass's dix and
    declarations, which the player answers by rule)."""
    return len(obs.legal) >= 2 and coaching(obs).is_decision(obs)


def judge(
    obs: Obs, chosen: Action, seed: int = 0, worlds: int | None = WORLDS,
    cancelled: Callable[[], bool] | None = None, seq: int = 0, confirm: bool = True,
    seconds: float | None = None,
) -> Judgement | None:  # fmt: skip
    """The judgement of `chosen` at the seat of `obs`; None if this is no decision to judge,
    or its first look did not finish within `seconds` (`SECONDS` live).

    The first look is the hint's evaluation (`hint`): it picks the best option. When the
    choice looks `CLOSE` points or more worse, a second look over fresh deals (`CONFIRM`
    times as many, an independent seed) values the options again, and only it is reported:
    the cost is what the picked best option is worth over the chosen one in the fresh deals
    (a card early in the deal: lowered by its error, `shrunk`). `confirm=False` reports the first
    look (benchmarks/coach.py compares the two)."""
    if not is_decision(obs) or chosen not in obs.legal:
        return None
    stop_at = None if seconds is None else time.perf_counter() + seconds
    values = evaluate(obs, seed, worlds, cancelled, stop_at)
    if stop_at is not None and time.perf_counter() >= stop_at:
        return None  # cut short: not the evaluation the hint would make
    best = best_option(obs, values)
    cost = values[best] - values[chosen]
    if confirm and worlds and cost >= CLOSE:
        again_at = None if seconds is None else time.perf_counter() + seconds
        fresh = fresh_look(obs, fresh_seed(seed), worlds * CONFIRM, best, cancelled, again_at)
        if fresh is None:
            return None  # the exact second look was cut short: no judgement
        values = fresh
        cost = values[best] - values[chosen]
    cost = max(0.0, cost)
    if cost == 0.0:
        best = chosen  # as good as the best: no better option to name
    kind = situation(obs)
    mistake = _mistake(obs, kind, chosen, best) if cost > 0.0 else ""
    order = tuple((a, round(values[a], 2)) for a in ranked(obs, values))
    return Judgement(obs.seat, kind, mistake, round(cost, 2), chosen, best, order, seq)


def fresh_look(
    obs: Obs, seed: int, worlds: int, best: Action,
    cancelled: Callable[[], bool] | None = None, stop_at: float | None = None,
) -> dict[Action, float] | None:  # fmt: skip
    """The second look's values: `evaluate`, except where the game looks again its own
    way (`Coaching.fresh_look`: a card of Klaverjas early in the deal is solved exactly and
    its shortfalls against `best`, the first look's better option, `shrunk`); None when that
    look says nothing."""
    return coaching(obs).fresh_look(obs, seed, worlds, cancelled, stop_at, best)


def shrunk(obs: Obs, solved: list[dict[int, float]], best: Action) -> dict[Action, float]:
    """Every card's value over the exactly solved deals `solved` (card index -> deal score
    difference, `HardPlayer.solved_worlds`), in points for the team, with each card's
    shortfall against `best` (its mean over the deals) made `SHRINK` standard errors of
    that shortfall smaller, never below 0. A card as good as `best` or better keeps its
    mean. Paired deal by deal: both cards are valued in the same deals."""
    b = card_of(best).index
    top = statistics.fmean(w[b] for w in solved) / 2
    values = {}
    for a in obs.legal:
        diffs = [(w[b] - w[a.card.index]) / 2 for w in solved]
        gap = statistics.fmean(diffs)
        if gap > 0 and len(diffs) > 1:
            gap = max(0.0, gap - SHRINK * statistics.stdev(diffs) / len(diffs) ** 0.5)
        values[a] = top - gap
    return values


def judgement_seed(match_seed: int, seq: int) -> int:
    """The sampling seed of the judgement of a match's `seq`-th action: reproducible."""
    return random.Random(f"coach {match_seed} {seq}").randrange(1 << 31)


# --- kinds, from the engine's facts ---
def situation(obs: Obs) -> str:
    """What the decision is about: a lead, following (or discarding), a trick the player
    cannot follow but holds trumps for, bidding (naming, taking, kraak, schmeiss), roem."""
    if obs.phase == "claim":
        return "roem"
    if obs.phase != "play":
        return coaching(obs).question(obs)
    if not obs.trick:
        return "lead"
    t = obs.trump.index
    hand = mask_of(obs.hand)
    variant = coaching(obs).card_rules(obs)
    _, rule = obligation(variant, t, hand, list(obs.trick))
    led = obs.trick[0].suit_index
    cannot_follow = led != t and not hand & SUIT_MASKS[led]
    if cannot_follow and hand & SUIT_MASKS[t] and rule != "lead":
        return "trump"
    return "follow"


def _mistake(obs: Obs, kind: str, chosen: Action, best: Action) -> str:
    if kind == "talon":
        return kind
    if kind == "bid":
        retreat, better_retreat = chosen.kind in _RETREATS, best.kind in _RETREATS
        if retreat and not better_retreat:
            return "bid_timid"
        if better_retreat and not retreat:
            return "bid_bold"
        return "bid_suit"
    if (
        kind in ("follow", "trump")
        and _points_case(obs, card_of(chosen), card_of(best)) is not None
    ):
        return "points"
    return kind


def _points_case(obs: Obs, chosen: Card, best: Card) -> str | None:
    """ "partner" when the partner was winning and the better card, also not winning the
    trick, held more points; "opponent" when an opponent was winning and the card played,
    not winning either, gave more points than the better one. None otherwise."""
    t = obs.trump.index
    trick = list(obs.trick)
    n = len(trick)
    if not n or winner_index(t, [*trick, chosen]) == n or winner_index(t, [*trick, best]) == n:
        return None
    partner = coaching(obs).partner_winning(obs)
    mine, better = POINTS[t][chosen.index], POINTS[t][best.index]
    if partner and better > mine:
        return "partner"
    if not partner and mine > better:
        return "opponent"
    return None


def _trick_roem(obs: Observation) -> int:
    if not obs.tricks or obs.trump is None:
        return 0
    return roem_of(obs.variant, obs.trump.index, obs.tricks[-1][1])


# --- the note ---
def solo(obs: Obs) -> bool:
    """Not a seat of a team of partners (Klabberjass; Kalabriasz): its sentences do not say
    "your team"."""
    return side(obs) != ""


SIDES = ("", "_solo", "_defence")  # `side`: the suffixes of the sentences' keys


def side(obs: Obs) -> str:
    """Whose points the coach counts for this seat, as a key suffix: "" your team's,
    "_solo" your own, "_defence" the two defenders' (a Kalabriasz defender)."""
    return coaching(obs).side(obs)


def side_key(key: str, obs: Obs) -> str:
    """`key` worded for whose points the coach counts ("coach.note_plain_solo")."""
    return key + side(obs)


def points(n: float) -> str:
    """A count of points inside a sentence, in the singular for 1: "1 point", "12 points"."""
    return tr("coach.points", n=round(n))


def note(obs: Obs, j: Judgement) -> str:
    """One sentence for the player on a decision: below `CLOSE` points "about as good";
    else what was better and, when a sentence is true of the position and tells the two
    options apart, why (`hints.reason`); never against a lesson (`Coaching.own_note`)."""
    if j.cost < CLOSE:
        chosen = did(obs, j.chosen)
        return tr("coach.note_close", chosen=chosen[:1].upper() + chosen[1:])
    cost = points(j.cost)
    own = coaching(obs).own_note(obs, j)
    if own is not None:
        return own
    if j.mistake == "points":
        played, better = j.chosen.card, j.best.card
        assert played is not None and better is not None  # two cards (`_mistake`)
        t = obs.trump.index
        gap = abs(POINTS[t][better.index] - POINTS[t][played.index])
        if _points_case(obs, played, better) == "partner":
            return tr(side_key("coach.note_partner", obs), card=card_name(better),
                      more=points(gap), cost=cost)  # fmt: skip
        key = side_key("coach.note_opponent", obs)
        return tr(key, card=card_name(played), better=card_name(better),
                  more=points(gap), cost=cost)  # fmt: skip
    advice = _reason(obs, j)
    if advice is None:
        key = side_key("coach.note_plain", obs)
        return tr(key, chosen=did(obs, j.chosen), best=did(obs, j.best), cost=cost)
    key = side_key("coach.note_better", obs)
    return tr(key, chosen=did(obs, j.chosen), cost=cost,
              advice=advice[:1].lower() + advice[1:])  # fmt: skip


def _reason(obs: Obs, j: Judgement) -> str | None:
    """Why the better option was better, in a sentence true of the position and false of
    the chosen option; None when no such sentence is at hand (the game's own reasons:
    `Coaching.reason`)."""
    return coaching(obs).reason(obs, j)


def did(obs: Obs, action: Action) -> str:
    """The chosen action inside a sentence: "the 7 of clubs", "passing", "naming hearts"."""
    own = coaching(obs).did(obs, action)
    if own is not None:
        return own
    if action.kind == "play":
        return card_name(card_of(action))
    if action.kind == "name":
        return tr("coach.did_name", suit=suit_name(suit_of(action)))
    if action.kind == "take":
        return tr("coach.did_take", suit=suit_name(obs.proposed.suit))
    if action.kind == "pass" and obs.phase == "claim":
        return tr("coach.did_leave")
    return tr(f"coach.did_{action.kind}")


def where(obs: Obs) -> str:
    """Where in the match a decision was: "Deal 2, trick 5", "Deal 2, bidding", "Deal 2,
    laying away"."""
    if obs.phase == "play":
        return tr("coach.report_at_trick", deal=obs.deal_no, trick=len(obs.tricks) + 1)
    if situation(obs) == "talon":
        return tr("coach.report_at_talon", deal=obs.deal_no)
    return tr("coach.report_at_bid", deal=obs.deal_no)


def card_question(obs: Obs) -> bool:
    """Every answer is a card of the hand: one to play, or (Kalabriasz) one to lay away."""
    return bool(obs.legal) and all(a.card is not None for a in obs.legal)


def kind_label(kind: str) -> str:
    """A situation or a kind of mistake in words, for the report and the chart."""
    return tr(f"coach.kind_{kind}")


def option_lines(obs: Obs, j: Judgement) -> list[tuple[str, str]]:
    """The options in words with their points for the team against the best one ("best",
    "-3"), best first (the options panel)."""
    top = j.values[0][1]
    return [(did(obs, a), _against(v - top)) for a, v in j.values]


def _against(diff: float) -> str:
    """Points against the best option: "best" for the best (or one as good, rounded)."""
    n = round(diff)
    return tr("coach.options_best") if n == 0 else f"{n:+d}".replace("-", "\u2212")


def summary(judgements: list[Any]) -> dict[str, Any]:
    """Decisions, average cost, the three costliest, and mistakes counted by kind."""
    n = len(judgements)
    mistakes: dict[str, int] = {}
    for j in judgements:
        if j.cost >= FLAG:
            mistakes[j.mistake] = mistakes.get(j.mistake, 0) + 1
    costliest = sorted(judgements, key=lambda j: (-j.cost, j.seq))[:3]
    return {
        "decisions": n,
        "average": round(sum(j.cost for j in judgements) / n, 2) if n else 0.0,
        "costliest": [j for j in costliest if j.cost > 0],
        "mistakes": mistakes,
    }


def again(obs: Obs, j: Judgement, chosen: Action) -> Judgement:
    """The judgement of another choice at the position `j` judged, from the same values and
    against the same best option (a drill asks a stored position again: the new answer is
    measured as the old one was)."""
    values = dict(j.values)
    best = j.best
    cost = max(0.0, round(values[best] - values[chosen], 2))
    if cost == 0.0:
        best = chosen
    mistake = _mistake(obs, j.kind, chosen, best) if cost > 0.0 else ""
    return Judgement(j.seat, j.kind, mistake, cost, chosen, best, j.values, j.seq)
