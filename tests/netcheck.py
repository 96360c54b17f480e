"""Checks shared by the network tests: replaying the host's history, and looking through
every message a guest received for a card that seat could not see at that moment."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from klaverjas_gui.engine import Card, parse_card
from klaverjas_gui.engine.cards import cards_of
from klaverjas_gui.games import Game, get_game
from klaverjas_gui.store.history import History


def cards_in(value: Any) -> set[Card]:
    """Every card named anywhere in a JSON value: a string that is a card ("JH") or a move
    that plays one ("play JH"), at any depth, keys included."""
    found: set[Card] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            found |= cards_in(k) | cards_in(v)
    elif isinstance(value, list):
        for v in value:
            found |= cards_in(v)
    elif isinstance(value, str):
        for word in value.replace(",", " ").split():
            with contextlib.suppress(ValueError):
                found.add(parse_card(word))
    return found


def _event_cards(events: list[Any]) -> set[Card]:
    out: set[Card] = set()
    for e in events:
        for v in e:
            if isinstance(v, Card):
                out.add(v)
            elif isinstance(v, tuple):
                out |= _event_cards([v])
    return out


class Replay:
    """The host's recorded match, position by position: `states[n]` after n actions, and
    `public[n]`: every card shown face up to all in the deal of position n (played, turned,
    shown), and those of the move that led there (a deal's last trick is sent with the
    next deal's first position). Each deal starts afresh: a card played in one deal is
    secret again in another's hand. Events count as nobody's own (`seen_by`): the talon a
    Kalabriasz maker took is not public, and the cards he laid away only once the deal is
    played out (the other 30 were played: they are what is left)."""

    def __init__(self, game: Game, variant: Any, seed: int, actions: list[str]) -> None:
        self.game = game
        state = game.new_state(variant, seed)
        self.states = [state]
        public: set[Card] = set()
        self.public = [self._face_up(state, public)]
        for text in actions:
            before = state
            action = game.parse_action(text)
            state, events = state.apply(action)
            shown = _event_cards(before.seen_by(-1, action, events)[1])  # as nobody's own
            new_deal = (state.deal_no, state.deal_start) != (before.deal_no, before.deal_start)
            if new_deal or state.is_over:  # what a played-out deal's maker laid away is left
                shown |= set(getattr(before, "laid_away", ()))
            self.public.append(self._face_up(state, public | shown))
            public = self._face_up(state, set()) if new_deal else self.public[-1]
            self.states.append(state)

    @staticmethod
    def _face_up(state: Any, public: set[Card]) -> set[Card]:
        up = set(public)
        for name in ("proposed", "turned"):
            card = getattr(state, name, None)
            if isinstance(card, Card):
                up.add(card)
        return up

    @classmethod
    def of(cls, history: History, match_id: int | None = None) -> tuple[Replay, Any]:
        record = history.match(match_id) if match_id else history.matches()[0]
        game = get_game(record.game)
        variant = game.variant_from_dict(record.variant)
        return cls(game, variant, record.seed, history.actions(record.id)), record

    def hidden(self, n: int, seat: int) -> set[Card]:
        """The cards `seat` may not know after n actions: the others' hands and the stock,
        less those shown face up (a turned card taken, sequences shown)."""
        state = self.states[n]
        secret: set[Card] = set()
        for s, mask in enumerate(state.hands):
            if s != seat:
                secret |= set(cards_of(mask))
        secret |= set(getattr(state, "stock", ()))
        if getattr(state, "maker", seat) != seat:  # Kalabriasz: the talon, the cards laid
            secret |= set(getattr(state, "talon", ())) | set(getattr(state, "laid_away", ()))
        return secret - self.public[n]


def check_frames(replay: Replay, frames: list[str], seat: int) -> int:
    """Assert that no frame names a card hidden from `seat` at the position it was sent;
    returns how many frames were checked. A frame without a position (welcome, seats,
    refused) is held to the position of the last state before it."""
    n = 0
    checked = 0
    for text in frames:
        message = json.loads(text)
        if message.get("type") == "state":
            n = message["n"]
            assert message["obs"]["seat"] == seat
            assert not {"hands", "seed", "stock"} & set(message["obs"]), "engine internals sent"
        if message.get("type") == "record":  # its seed tells every card: only at the end
            assert replay.states[n].is_over, f"the record was sent at move {n}"
            checked += 1
            continue
        leaked = cards_in(message) & replay.hidden(n, seat)
        assert not leaked, f"seat {seat} was sent hidden cards {leaked} at move {n}: {text[:200]}"
        checked += 1
    return checked
