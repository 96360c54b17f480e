"""What every game state shares: immutability, the action log, and the JSON form.

A state is a value. `apply` copies it, logs the action and lets the subclass
change the copy; nothing else ever changes a state. The JSON form is the
variant, the seed, an optional stacked first deal and the action list, plus a
snapshot of the position: loading replays the actions and compares the
snapshot, so a damaged or hand-edited file is refused with a clear reason.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .cards import SUITS, Card, Suit, cards_of, sort_hand
from .reasons import Reason, english

if TYPE_CHECKING:  # match.py imports this module
    from .match import Action


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; `.explanation` says why in plain words."""

    def __init__(self, explanation: str) -> None:
        super().__init__(explanation)
        self.explanation = explanation


class StateError(ValueError):
    """A saved state that is damaged, tampered with, or of an unknown format."""


Event = Any


class GameState:
    """Base of MatchState (four players), KlabberjassState (two) and KalabriaszState (three)."""

    FORMAT: ClassVar[str]
    FORMAT_VERSION: ClassVar[int] = 1
    NOUN: ClassVar[str] = "game"  # how messages name a saved one: "match", "game"
    FIELDS: ClassVar[tuple[str, ...]]

    variant: Any
    seed: int
    stacked: Any
    n_actions: int
    phase: str
    dealer: int
    to_move: int
    hands: tuple[int, ...]
    trump: int
    deal_start: int
    sheet: tuple[Any, ...]
    totals: tuple[int, ...]
    winner: int | None

    # --- what a subclass provides ---
    @staticmethod
    def parse_action(text: Any) -> Action:
        raise NotImplementedError

    @classmethod
    def start(cls, variant: Any, seed: int, stacked: Any) -> Self:
        """A new game at its first deal."""
        raise NotImplementedError

    @classmethod
    def load_variant(cls, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    @classmethod
    def load_stacked(cls, data: Any) -> Any:
        raise NotImplementedError

    def _compute_legal(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def _dispatch(self, seat: int, action: Any, events: list[Event]) -> None:
        """Change this fresh copy by `action` of `seat`, appending events."""
        raise NotImplementedError

    def _refusal(self, action: Any) -> Reason:
        """Why the parsed `action`, not among the legal actions, is refused now."""
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        raise NotImplementedError

    def seen_by(self, seat: int, action: Any, events: list[Event]) -> tuple[Any, list[Event]]:
        """`action`, taken in this position, and its `events` as `seat` may see them (what
        the network sends that seat). A game that hides part of a move overrides it."""
        return action, events

    @classmethod
    def parse_seen(cls, text: Any) -> Any:
        """An action as a seat may be shown it (`seen_by`): what a guest reads from its host.
        A game with hidden moves also reads those ("lay", a card laid away unseen)."""
        return cls.parse_action(text)

    # --- the shared machinery ---
    @classmethod
    def _blank(cls) -> Self:
        state = object.__new__(cls)
        state.__dict__.update(dict.fromkeys(cls.FIELDS))
        state.__dict__["_legal"] = None
        return state

    def _copy(self) -> Self:
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        d["_legal"] = None
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: use apply()")

    def _set(self, **changes: Any) -> None:
        self.__dict__.update(changes)

    def legal_actions(self) -> tuple[Any, ...]:
        """Every action the player to move may take now (cached: the state never changes)."""
        legal: tuple[Any, ...] | None = self.__dict__["_legal"]
        if legal is None:
            legal = self.__dict__["_legal"] = self._compute_legal()
        return legal

    def allowed(self, action: Any) -> bool:
        """Whether the parsed `action` may be taken now: one of the legal actions of the seat
        to move, or (a subclass) a call another seat may make out of turn."""
        return action in self.legal_actions()

    def actor(self, action: Any) -> int:
        """The seat that takes the parsed `action`: the seat to move, unless the action names
        its own seat (a call out of turn)."""
        return self.to_move

    def refusal(self, action: Any) -> Reason | None:
        """Why `action` is refused now, as a Reason any language can word; None if it is legal."""
        action = self.parse_action(action)
        return None if self.allowed(action) else self._refusal(action)

    def explain(self, action: Any) -> str | None:
        """Why `action` is refused now, in plain English; None if it is legal."""
        reason = self.refusal(action)
        return None if reason is None else english(reason)

    def apply(self, action: Any) -> tuple[Self, list[Event]]:
        """The next state and the events that led to it. Raises IllegalActionError."""
        action = self.parse_action(action)
        if not self.allowed(action):
            raise IllegalActionError(english(self._refusal(action)))
        return self.force(action)

    def force(self, action: Any) -> tuple[Self, list[Event]]:
        """`apply` without asking the rules: only for a move another authority already
        allowed. A guest's table (play/net/mirror.py) replays the others' moves over hands
        it can only guess, and a guessed hand may hold a suit its owner has shown void in."""
        action = self.parse_action(action)
        new = self._copy()
        seat = self.actor(action)
        d = new.__dict__
        d["_log"] = (self.__dict__["_log"], seat, action)
        d["n_actions"] = self.n_actions + 1
        events: list[Event] = []
        new._dispatch(seat, action, events)
        return new, events

    @property
    def trump_suit(self) -> Suit | None:
        return SUITS[self.trump] if self.trump >= 0 else None

    def hand(self, seat: int) -> list[Card]:
        return sort_hand(cards_of(self.hands[seat]), self.trump_suit)

    def partner_winning(self) -> bool | None:
        """Whether the card winning the trick on the table is the partner's of the seat to
        move; None: the seating says it (four players: the card played two before)."""
        return None

    @property
    def actions(self) -> list[Any]:
        return [action for _, action in self._walk(self.n_actions)]

    @property
    def deal_log(self) -> tuple[tuple[int, Any], ...]:
        """(seat, action) for every decision of the deal in progress, oldest first."""
        return tuple(self._walk(self.n_actions - self.deal_start))

    def _walk(self, count: int) -> list[tuple[int, Any]]:
        """The last `count` entries of the action log, oldest first."""
        out = []
        node = self.__dict__["_log"]
        for _ in range(count):
            node, seat, action = node
            out.append((seat, action))
        out.reverse()
        return out

    # --- saving, loading, comparing ---
    @classmethod
    def replay(cls, variant: Any, seed: int, actions: Iterable[Any], stacked: Any = None) -> Self:
        """The state after playing `actions` from the start with this seed."""
        state = cls.start(variant, seed, stacked)
        for i, a in enumerate(actions):
            try:
                state, _ = state.apply(a)
            except ValueError as e:
                raise StateError(f"move {i + 1} ('{a}') is not possible: {e}") from None
        return state

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.FORMAT,
            "version": self.FORMAT_VERSION,
            "variant": self.variant.to_dict(),
            "seed": self.seed,
            **({"stacked": self.stacked.to_dict()} if self.stacked else {}),
            "actions": [str(a) for a in self.actions],
            "state": self.snapshot(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Load a saved state; a damaged or edited one raises StateError saying what is wrong."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise StateError(f"the saved {cls.NOUN} is not valid JSON ({e})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        noun = cls.NOUN
        if not isinstance(data, dict) or data.get("format") != cls.FORMAT:
            raise StateError(f"this is not a saved {cls.FORMAT.split('.')[0].capitalize()} {noun}")
        if data.get("version") != cls.FORMAT_VERSION:
            raise StateError(
                f"the saved {noun} has format version {data.get('version')!r}; "
                f"this program reads version {cls.FORMAT_VERSION}"
            )
        seed, actions, variant = data.get("seed"), data.get("actions"), data.get("variant")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise StateError(f"the saved {noun} has no valid seed")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise StateError(f"the saved {noun} has no valid action list")
        if not isinstance(variant, dict):
            raise StateError(f"the saved {noun} has no valid variant")
        try:
            v = cls.load_variant(variant)
        except ValueError as e:
            raise StateError(f"the saved {noun} has a bad variant: {e}") from None
        stacked = cls.load_stacked(data["stacked"]) if "stacked" in data else None
        state = cls.replay(v, seed, actions, stacked)
        saved = data.get("state")
        if saved is not None:
            mine = state.snapshot()
            if saved != mine:
                bad = next(
                    (k for k in mine if not isinstance(saved, dict) or saved.get(k) != mine[k]),
                    "state",
                )
                raise StateError(
                    f"the saved {noun} was altered: its '{bad}' does not follow from its moves"
                )
        return state

    def _identity(self) -> tuple[Any, ...]:
        return (self.variant, self.seed, self.stacked, self.n_actions, self.__dict__["_log"])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash((self.variant, self.seed, self.n_actions))

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} deal {self.__dict__.get('deal_no')} {self.phase} "
            f"to_move={self.to_move} totals={self.totals}>"
        )
