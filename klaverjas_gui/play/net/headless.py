"""A network match without a window: `klaverjas --host` and `klaverjas --join`.

Without --window these run headless (the screens are in ui/lan/), so a whole match can
be played by scripts: the host's own seat and each guest's are played by a computer (the
autopilot) at a human-looking pace scaled by `speed`. Both print one line per thing that happens
(hosting, a guest joining, dropping, a computer taking over, the end) in the player's
language; a wrong address or room code is one line and exit status 2.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ...engine.reasons import Reason
from ...games import Game
from ...i18n import tr
from ...store.files import write_atomic
from ..seats import GRACE, REMOTE, Jobs, valid_level
from ..session import AUTOPILOT_PACE, MatchSession, Pace, fresh_seed, record_to
from . import protocol as P
from .guest import UNREACHABLE, NetGuest, split_address
from .host import DEFAULT_PORT, TURN_LIMIT, NetHost, host_seating, remote_order
from .names import validate_name
from .session import CopyError, keep_copy
from .tokens import GuestTokens, HostKeys, Previous

if TYPE_CHECKING:
    from ...store.history import History

logger = logging.getLogger(__name__)

STEP = 1 / 60  # one frame of the headless loop
RECORD_WAIT = 5.0  # after the last move: how long a guest waits for the host's record
BAD_START = 2  # exit status: a wrong address or code, a port that cannot be opened
ROOM_FILE = "network-room.txt"  # the room code of the running hosted match (for --continue)


def say(text: str, out: TextIO | None = None) -> None:
    print(f"klaverjas: {text}", file=out or sys.stdout, flush=True)


def reason_text(reason: Reason) -> str:
    """A refusal or stop in the player's language (network reasons and engine reasons)."""
    if reason.key in P.NET_REASONS or reason.key == UNREACHABLE:
        return tr(f"net.reason_{reason.key}", **{k: str(v) for k, v in reason.values.items()})
    from ...words import reason_text as engine_reason

    return engine_reason(reason)


@dataclass
class HostOptions:
    game: Game
    variant: Any
    seed: int | None = None
    port: int | None = None  # None: the default, or when continuing the remembered one
    bind: str = "0.0.0.0"
    room: str | None = None
    guests: int | tuple[int, ...] | None = None  # remote seats (a number, or the seats);
    # default every seat but the host's
    grace: float = GRACE
    turn_limit: float = TURN_LIMIT  # seconds a connected guest may take for a move; 0: no limit
    level: str = "easy"
    speed: float = 1.0
    resume: bool = False
    frames: int | None = None  # stop after this many frames (a script's time limit)
    name: str = "Host"
    announce: bool = True  # register the match for the join list (zeroconf)
    # the match this one follows at the same table ("new match, same people"): the new one
    # gets a code of its own, and the old code brings back only that match's seated guests
    previous: Previous | None = None


def _room_file(store: Any) -> Path:
    return Path(store.paths.data_dir) / ROOM_FILE


def remember_room(store: Any, host: NetHost) -> None:
    """Keep the room code and port in the data folder, so `--host --continue` (or the
    menu's Continue) after a crash keeps them and the guests rejoin with what they have."""
    with contextlib.suppress(OSError):
        write_atomic(_room_file(store), f"{host.room}\n{host.port}\n")


def remembered_room(store: Any) -> tuple[str | None, int | None]:
    """The room code and port of the hosted match that is running (None: not known)."""
    try:
        lines = _room_file(store).read_text(encoding="utf-8").split()
    except OSError:
        return None, None
    room = lines[0] if lines else None
    if room is not None and not P.is_room_code(room):
        room = None  # an older program's shorter code (or damage): the match gets a new one
    port = int(lines[1]) if len(lines) > 1 and lines[1].isdigit() else None
    return room, port


def hosted(record: Any) -> bool:
    """A match hosted on the network: its history marks a seat as a guest's."""
    return REMOTE in (getattr(record, "kinds", None) or [])


def forget_room(store: Any, session: MatchSession) -> None:
    """The match is over: no room code to continue with, no seats to take back."""
    if session.state.is_over:
        with contextlib.suppress(OSError):
            _room_file(store).unlink()
        HostKeys(store.paths.data_dir).forget()


def keep_keys(store: Any, host: NetHost) -> None:
    """Keep the seats' rejoin-token digests beside the room code, with the match's id:
    after a crash `--host --continue` knows each guest's laptop again."""
    host.on_keys = lambda: HostKeys(store.paths.data_dir).save(host.session.match_id, host.keys)


def usable_names(names: list[str]) -> tuple[list[str], list[str]]:
    """A stored match's names, each one names.py refuses (a hostile guest's, stored by an
    older version) replaced by "Player 3": the match can be continued, and nothing shows
    or sends the old one. Returns the names and a line per name set aside."""
    out, notes = [], []
    for s, name in enumerate(names):
        reason = validate_name(name) if isinstance(name, str) else Reason("name_empty", {})
        if reason is None:
            out.append(name)
            continue
        stand_in = tr("net.seat_stand_in", n=s)
        out.append(stand_in)
        notes.append(tr("net.name_set_aside", seat=s, why=reason_text(reason), name=stand_in))
    return out, notes


def host_match(store: Any, opt: HostOptions, clock: Callable[[], float] = time.monotonic,
               *, settings: Any = None, jobs: Jobs | None = None, screen: bool = False,
               lobby: bool = False) -> tuple[NetHost, bool] | None:  # fmt: skip
    """The host around a new session, or around the history's running match (`resume`);
    None (with a line said) when there is nothing to continue. `screen`: the host's
    person plays at a table (no autopilot); `lobby`: a continued match waits in the lobby
    for its guests to come back (headless, it plays on at once, the grace rule covering
    them); `settings`, `jobs`: the table's."""
    history, game = store.history, opt.game
    settings = settings if settings is not None else Pace(speed=opt.speed)
    if opt.resume:
        found = history.resume(game.name)
        if found is None:
            say(tr("net.nothing_to_continue"))
            return None
        record, state = found
        names, notes = usable_names(list(record.players))
        kinds = getattr(record, "kinds", None) or []
        asked = opt.guests
        remote = [s for s, kind in enumerate(kinds) if kind == REMOTE] or (
            list(asked) if isinstance(asked, tuple)
            else list(remote_order(game)[: asked or game.players - 1])
        )  # fmt: skip
        levels = [kind for kind in kinds if kind in game.levels()]  # the computers' own
        level = levels[0] if levels else opt.level
        seating = host_seating(
            game, record.seed, names[0], remote, level, names=names, grace=opt.grace,
            clock=clock, claimed=True,
        )  # fmt: skip
        if screen:
            seating.autopilot = None
        session = MatchSession(game, state.variant, record.seed, seating, history, state=state,
                               settings=settings, jobs=jobs)  # fmt: skip
        session.match_id = record.id
        room, port = remembered_room(store)
        room = opt.room if opt.room is not None else room
        port = opt.port if opt.port is not None else port if port is not None else DEFAULT_PORT
        host = NetHost(session, room=room, address=opt.bind, port=port, started=not lobby,
                       turn_limit=opt.turn_limit)  # fmt: skip
        host.notes = notes
        host.keys = HostKeys(store.paths.data_dir).load(record.id)
        keep_keys(store, host)
        return host, True
    seed = fresh_seed() if opt.seed is None else opt.seed
    guests = game.players - 1 if opt.guests is None else opt.guests
    seating = host_seating(game, seed, opt.name, guests, opt.level, grace=opt.grace, clock=clock)
    if screen:
        seating.autopilot = None
    session = MatchSession(game, opt.variant, seed, seating, settings=settings, jobs=jobs)

    def begin(host: NetHost) -> None:  # the lobby is full: the match is recorded from here
        seats = session.seats
        session.history = history
        session.match_id = history.start_match(
            game.name, game.preset_name(session.variant), session.variant.to_dict(), seed,
            [seat.name for seat in seats], kinds=[seat_kind(seat) for seat in seats],
        )  # fmt: skip
        session.listen(record_to(history, session))
        if host.on_keys is not None:  # the seats' keys, now with the match they belong to
            host.on_keys()

    port = DEFAULT_PORT if opt.port is None else opt.port
    host = NetHost(session, room=opt.room, address=opt.bind, port=port, on_begin=begin,
                   turn_limit=opt.turn_limit, previous=opt.previous)  # fmt: skip
    keep_keys(store, host)
    return host, False


def seat_kind(seat: Any) -> str:
    """As the history marks a seat: human, remote, or the computer's level."""
    return seat.kind if seat.kind != "computer" else str(seat.level)


def run_host(store: Any, opt: HostOptions, out: TextIO | None = None) -> int:
    """Host one match until it ends (0), or until `frames` run out (0 too)."""
    made = host_match(store, opt)
    if made is None:
        for message in getattr(store, "messages", list)():  # a match that did not replay
            say(message, out)
        return BAD_START
    host, resumed = made
    try:
        host.start()
    except OSError as e:
        say(tr("net.cannot_host", port=host.port, error=e.strerror or str(e)), out)
        return BAD_START
    remember_room(store, host)
    announcer = _announce(host, opt) if opt.announce else None
    if announcer is not None:
        host.seat_listeners.append(announcer.set_seats)
    session = host.session
    say(tr("net.hosting", game=host.game.label, port=host.port, room=host.room), out)
    if resumed:
        say(tr("net.resumed", n=session.state.n_actions), out)
    for note in host.notes:
        say(note, out)
    seen = host.seat_status()
    last = time.monotonic()
    frames = 0
    try:
        while not session.state.is_over:
            if opt.frames is not None and frames >= opt.frames:
                return 0
            now = time.monotonic()
            host.step(min(now - last, 0.1))
            last = now
            frames += 1
            seen = _tell_seats(host, seen, out)
            time.sleep(STEP / 4)  # the loop wakes often: a guest's move goes out at once
        host.pump()
        say(tr("net.over", totals=" - ".join(map(str, session.state.totals))), out)
        time.sleep(0.3)  # the last state reaches the guests before the goodbye
        return 0
    finally:
        if announcer is not None:
            announcer.close()
        host.close()
        session.close()
        forget_room(store, session)


def _tell_seats(
    host: NetHost, seen: list[dict[str, Any]], out: TextIO | None
) -> list[dict[str, Any]]:
    now = host.seat_status()
    for s, (old, new) in enumerate(zip(seen, now, strict=True)):
        if new["kind"] != REMOTE:
            continue
        name = new["name"]
        if new["present"] and not old["present"]:
            say(tr("net.joined", name=name, seat=s, n=host.session.state.n_actions), out)
        elif old["present"] and not new["present"]:
            say(tr("net.dropped", name=name, seconds=f"{host.session.seats[s].grace:g}"), out)
        if new["computer"] and not old["computer"] and host.started:
            if new["present"]:  # connected, but it did not move within the turn limit
                say(tr("net.benched", name=name, n=f"{host.turn_limit:g}"), out)
            else:
                say(tr("net.computer_plays", name=name), out)
        elif old["computer"] and not new["computer"] and old["present"] and new["present"]:
            say(tr("net.plays_again", name=name), out)
    return now


def _announce(host: NetHost, opt: HostOptions) -> Any:
    """Register the match for the join lists of this network (not on loopback)."""
    if opt.bind.startswith("127.") or opt.bind in ("::1", "localhost"):
        return None
    try:
        from .discovery import Announcement

        return Announcement.start(host.game.name, host.port, opt.name, host.free_seats())
    except Exception as e:  # noqa: BLE001 - joining by address still works
        say(tr("net.no_announce", error=str(e)))
        return None


@dataclass
class GuestOptions:
    address: str
    room: str
    name: str = "Guest"
    level: str = "easy"
    speed: float = 1.0
    frames: int | None = None
    join_timeout: float = 10.0
    rejoin_for: float = 60.0
    net_log: Path | None = None  # every message received, one per line
    data_dir: Path | None = None  # where the rejoin token of each room is kept
    ask_timeout: float = 120.0  # how long the host's person may take to give us a seat


def run_guest(opt: GuestOptions, out: TextIO | None = None, history: History | None = None) -> int:
    """Join, let the autopilot play our seat, and stop when the match is over (0); a
    wrong address or code is one line and 2; the host gone for good is 1. `history`: where
    the finished match's copy is kept, as a windowed guest keeps it (`keep_copy`)."""
    try:
        address, port = split_address(opt.address, DEFAULT_PORT)
    except ValueError as e:
        say(tr("net.bad_address", error=str(e)), out)
        return BAD_START
    log = open(opt.net_log, "a", encoding="utf-8") if opt.net_log is not None else None  # noqa: SIM115
    room = opt.room.strip().upper()
    tokens = GuestTokens(opt.data_dir)
    guest = NetGuest(address, port, room, opt.name, rejoin_for=opt.rejoin_for,
                     on_frame=None if log is None else lambda text: _log(log, text),
                     token=tokens.get(room))  # fmt: skip
    guest.on_token = lambda t: tokens.put(guest.room, t)  # the code the welcome names
    guest.start()
    try:
        joined = guest.wait_joined(opt.join_timeout)
        asked = [r for r in guest.refused if r.key == P.ASK_HOST]
        if not joined and asked:
            say(reason_text(asked[-1]), out)
            joined = guest.wait_joined(opt.ask_timeout)  # the host's person decides
        if not joined:
            reason = guest.error or Reason(UNREACHABLE, {"error": "no answer"})
            say(tr("net.cannot_join", address=f"{address}:{port}", why=reason_text(reason)), out)
            return BAD_START
        assert guest.game is not None and guest.seat is not None
        say(tr("net.seated", name=opt.name, seat=guest.seat, game=guest.game.label), out)
        levels = guest.game.levels()  # the host's game: its own levels
        level = valid_level(opt.level, levels)
        player = guest.game.make_player(level, None)
        decided: int | None = None
        waited = 0.0
        frames = 0
        joins = guest.joins
        while not guest.over:
            if guest.error is not None:
                say(tr("net.stopped", why=reason_text(guest.error)), out)
                return 1
            if opt.frames is not None and frames >= opt.frames:
                return 0
            if guest.joins != joins:  # back after a drop: a move sent before may be lost
                joins, decided = guest.joins, None
                say(tr("net.rejoined", n=guest.latest.n if guest.latest else 0), out)
            latest = guest.latest
            if guest.to_move() and latest is not None and decided != latest.n:
                waited += STEP
                if waited >= AUTOPILOT_PACE * opt.speed:
                    decided, waited = latest.n, 0.0
                    guest.act(player.choose(latest.observation), latest.n)
            time.sleep(STEP)
            frames += 1
        assert guest.latest is not None  # over: the host sent the last position
        say(tr("net.over", totals=" - ".join(map(str, guest.latest.observation.totals))), out)
        if history is not None:
            _keep_copy(guest, history, out)
        return 0
    finally:
        guest.close()
        if log is not None:
            log.close()


def _keep_copy(guest: NetGuest, history: History, out: TextIO | None) -> None:
    """The host's record of the finished match into `history` (it comes just after the last
    move; the guest stops reading once it has it or the host says goodbye)."""
    guest.finished.wait(RECORD_WAIT)
    assert guest.game is not None and guest.seat is not None
    try:
        keep_copy(history, guest.game, guest.variant, guest.record or {}, guest.seat,
                  guest.latest)  # fmt: skip
    except CopyError as e:
        logger.warning("no copy of the match kept: %s", e)
        say(tr("net.no_copy"), out)


def _log(file: TextIO, text: str) -> None:
    """One received message, a line of its own and on disk at once (a killed guest's
    messages are checked too)."""
    file.write(json.dumps(text, ensure_ascii=False) + "\n")
    file.flush()
