"""Play on the network: choose Host or Join, the host's screen and the join screen.

The Play screen's "On the network…" opens `NetworkScene` (Host / Join). The host's
screen first shows its choices in rows (ui/form.py): the game, its rules, each seat a
person joining from another laptop or a computer, the computers' level and the host's
own name. "Open the table" starts the server (play/net/host.py, on its own thread) and
shows the room code large, the addresses to type and who has joined; the match starts
by itself when every guest seat is taken, or at Start. The join screen lists the
matches the zeroconf browser finds (its own thread; read each frame, never waited
for) above three fields: the address, the room code and the name. Both hand the match
to the app's table (`Shell.start_network`); nothing here plays.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextEntryLine

from ..i18n import tr
from ..play.games import GAMES, KLAVERJAS, Game
from ..play.net import protocol as P
from ..play.net.guest import UNREACHABLE, NetGuest, split_address
from ..play.net.headless import (
    HostOptions,
    forget_room,
    host_match,
    reason_text,
    remember_room,
)
from ..play.net.host import DEFAULT_PORT, NetHost, Takeover, remote_order
from ..play.net.mirror import MirrorError
from ..play.net.names import NAME_EMPTY, validate_name
from ..play.net.session import GuestSession, host_link
from ..play.net.tokens import GuestTokens
from ..play.seats import REMOTE, SEAT_NAMES, Jobs, default_level
from ..store.prefs import GRACES
from . import theme, widgets
from .commands import Command, on_key
from .confirm import QuestionScene
from .focus import Control, FocusRing
from .form import Form
from .menu import ListScene
from .play import preset_names, preset_note, preset_title
from .scene import Scene
from .seats import level_label

if TYPE_CHECKING:
    from .shell import Shell

log = logging.getLogger(__name__)

GUEST, COMPUTER = "guest", "computer"
LOOPBACK = ("127.0.0.1", "::1", "localhost")


def grace_label(seconds: int) -> str:
    """15 s, 30 s, 1 min, 2 min."""
    if seconds < 60:
        return tr("net.grace_seconds", n=seconds)
    return tr("net.grace_minutes", n=seconds // 60)


def discovery_allowed(app: Shell) -> bool:
    """Announcing and browsing (mDNS multicast) unless this run says not to, or listens
    only on this laptop."""
    args = app.args
    bind = getattr(args, "bind", None) or ""
    return not getattr(args, "no_discovery", False) and not bind.startswith("127.") and (
        bind not in LOOPBACK
    )  # fmt: skip


def name_words(reason: Any) -> str:
    """Why a typed name is refused, as the join and host screens say it."""
    if reason.key == NAME_EMPTY:
        return tr("net.join_need_name")
    return reason_text(reason)


def seat_title(game: Game, seat: int) -> str:
    """A seat as the host sees it from seat 0."""
    if game.players == 2:
        return tr("net.seat_opponent")
    return tr({1: "net.seat_left", 2: "net.seat_partner", 3: "net.seat_right"}[seat])


class NetworkScene(ListScene):
    """Host or Join; `game`: the one the host's screen starts with."""

    def __init__(self, app: Shell, game: str = "klaverjas") -> None:
        self.game = game
        super().__init__(app)

    @property
    def title(self) -> str:  # type: ignore[override]
        return tr("net.lan_title")

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        return tr("net.lan_subtitle")

    def entries(self) -> list[tuple[str, str, Callable[[], None], str]]:
        return [
            ("host", tr("net.lan_host"), self.host, "@primary"),
            ("join", tr("net.lan_join"), lambda: self.app.push("network join"), "@menu"),
            ("back", tr("ui.back"), self.back, "@menu"),
        ]

    def host(self) -> None:
        self.app.push("network host", game=self.game)

    def back(self) -> None:
        self.app.pop(self)


class _Screen(Scene):
    """What both network screens share: a title, Back, a message line, keyboard focus."""

    calm = False  # the network changes what shows
    title_key = ""
    subtitle_key = ""

    def __init__(self, app: Shell) -> None:
        self.ring = FocusRing()
        self.message = ""
        self.message_bad = False
        super().__init__(app)

    def px(self, v: float) -> int:
        return round(v * theme.scale_for(self.app.size))

    def fit(self, label: str, cls: str, width: int, height: int) -> tuple[int, int]:
        return widgets.fit_label(self.app.size, label, cls, width, height)

    def say(self, text: str, bad: bool = False) -> None:
        """One message line, begun with a capital: the network's reasons are worded for the
        command line too ("cannot join …: the room code is wrong"), a sentence here."""
        self.message, self.message_bad = text[:1].upper() + text[1:], bad

    def top_button(self, key: str, label: str, action: Callable[[], None]) -> Control:
        w, _ = self.app.size
        bw, bh = self.fit(label, "@primary", self.px(150), self.px(44))
        self.button(key, pygame.Rect(w - self.px(26) - bw, self.px(22), bw, bh), label, action,
                    "@primary")  # fmt: skip
        return self.control(key, action)

    def foot_button(self, key: str, label: str, action: Callable[[], None]) -> Control:
        w, h = self.app.size
        bw, bh = self.fit(label, "@primary", self.px(220), self.px(56))
        self.button(key, pygame.Rect(w - self.px(40) - bw, h - self.px(28) - bh, bw, bh), label,
                    action, "@primary")  # fmt: skip
        return self.control(key, action)

    def control(self, key: str, press: Callable[[], None]) -> Control:
        return Control(key, lambda: self._rect(key), press)

    def _rect(self, key: str) -> pygame.Rect | None:
        button = self.buttons.get(key)
        return button.get_abs_rect() if button is not None else None

    def handle(self, cmd: Command) -> bool:
        return super().handle(cmd) or on_key(cmd, {"back": self.back}) or self.ring.handle(cmd)

    def back(self) -> None:
        self.app.pop(self)

    def draw_head(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        px = self.px
        surface.blit(widgets.felt((w, h)), (0, 0))
        title = theme.text(tr(self.title_key), px(38), theme.GOLD_LIGHT, True)
        surface.blit(title, (px(26), px(14)))
        sub = theme.text(tr(self.subtitle_key), theme.readable(px(16)), theme.TEXT_DIM)
        surface.blit(sub, (px(28), px(18) + title.get_height()))

    def draw_message(self, surface: pygame.Surface, left: int, bottom: int, width: int) -> None:
        if not self.message:
            return
        size = theme.readable(self.px(17))
        colour = (255, 160, 140) if self.message_bad else theme.TEXT
        lines = theme.wrap(self.message, size, width, True)[:3]
        y = bottom - len(lines) * theme.font(size, True).get_linesize()
        for line in lines:
            img = theme.text(line, size, colour, True)
            surface.blit(img, (left, y))
            y += img.get_height()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_head(surface)
        super().draw(surface)
        self.ring.draw(surface, theme.scale_for(self.app.size))


class HostScene(_Screen):
    """The host's choices, then its open table (the lobby) until the match starts.

    `room`, `port`: the table's code and port (a new match at the same table).
    `resume`: the history's running hosted match instead (the menu's Continue, `--host
    --continue --window`): the lobby opens at once with the remembered room code and port,
    the guests come back under their names, it plays on when all are back, or at "Play
    on", computers playing for those not back until they return."""

    title_key = "net.lan_host"
    subtitle_key = "net.host_subtitle"

    def __init__(self, app: Shell, game: str = "klaverjas", player: str | None = None,
                 guests: tuple[int, ...] | None = None, level: str | None = None,
                 room: str | None = None, open_now: bool = False,
                 resume: bool = False, port: int | None = None) -> None:  # fmt: skip
        self.game = GAMES[game]
        self.preset = app.settings.rules_name(self.game)
        self.host_name = player or own_name(app, tr("net.host_seat_host"))
        self.level = level or default_level(self.game.levels())
        self.kinds = self._kinds(guests)
        self.room = room
        self.port = port  # the same table again (a new match with the same people), else None
        self.host: NetHost | None = None
        self.announcer: Any = None
        self.form: Form | None = None
        self.resumed = False  # the lobby is a continued match's
        super().__init__(app)
        self.build()
        if resume:
            self.open_table(resume=True)
        elif open_now:
            self.open_table()

    def _kinds(self, guests: tuple[int, ...] | None) -> dict[int, str]:
        seats = remote_order(self.game)
        chosen = set(seats if guests is None else guests)
        return {s: GUEST if s in chosen else COMPUTER for s in seats}

    # --- layout ---
    def build(self) -> None:
        self.clear_buttons()
        self.form = None
        if self.host is None:
            self._build_choices()
        else:
            self._build_lobby()

    def _build_choices(self) -> None:
        w, h = self.app.size
        px = self.px
        controls = [self.top_button("back", tr("ui.back"), self.back)]
        foot = self.foot_button("open", tr("net.host_open"), self.open_table)
        top = px(100)
        rect = pygame.Rect(px(40), top, w - px(80),
                           self.buttons["open"].get_abs_rect().top - px(16) - top)  # fmt: skip
        form = self.form = Form(self, rect)
        game = self.game
        form.choice("game", tr("net.host_game"), "", [(g.name, g.label) for g in GAMES.values()],
                    game.name, self.choose_game)  # fmt: skip
        names = preset_names(game, self.preset)
        form.choice("preset", tr("net.host_rules"), preset_note(game, self.preset),
                    [(n, preset_title(game, n)) for n in names], self.preset,
                    self.choose_preset)  # fmt: skip
        form.heading(tr("net.host_seats"))
        form.entry("you", tr("net.host_you"), self.host_name, self.rename, [], None,
                   lambda _v: None)  # fmt: skip
        for s in sorted(self.kinds):
            form.choice(f"seat{s}", seat_title(game, s), tr("net.seat_note"),
                        [(GUEST, tr("net.kind_guest")), (COMPUTER, tr("net.kind_computer"))],
                        self.kinds[s], lambda v, s=s: self.choose_kind(s, v))  # fmt: skip
        form.choice("level", tr("net.host_level"), tr("net.host_level_note"),
                    [(n, level_label(n).capitalize()) for n in game.levels()], self.level,
                    self.choose_level)  # fmt: skip
        form.choice("grace", tr("net.host_grace"), tr("net.host_grace_note"),
                    [(g, grace_label(g)) for g in GRACES], self.app.settings.net_grace,
                    self.choose_grace)  # fmt: skip
        form.finish()
        self.ring.set([*controls, *form.controls, foot])

    def _build_lobby(self) -> None:
        controls = [self.top_button("cancel", tr("net.cancel"), self.cancel)]
        start = tr("net.host_play_on" if self.resumed else "net.host_start")
        controls.append(self.foot_button("start", start, self.start))
        self.ring.set(controls)
        if not self.ring.shown:
            self.ring.focus("start")

    # --- choices ---
    def choose_game(self, name: str) -> None:
        if name != self.game.name:
            self.game = GAMES[name]
            self.preset = self.app.settings.rules_name(self.game)
            self.level = default_level(self.game.levels())
            self.kinds = self._kinds(None)
            self.rebuild()

    def choose_preset(self, name: str) -> None:
        self.preset = name
        self.rebuild()  # its note changes

    def choose_kind(self, seat: int, kind: str) -> None:
        self.kinds[seat] = kind

    def choose_level(self, level: str) -> None:
        self.level = level

    def choose_grace(self, seconds: int) -> None:
        """Kept in the settings: the next hosted match waits as long."""
        self.app.settings.net_grace = seconds
        self.app.save_settings()

    def rename(self, text: str) -> None:
        self.host_name = text

    def rebuild(self) -> None:
        self.resize(self.app.size)

    # --- the open table ---
    def variant(self) -> Any:
        """The settings' rules when their preset is chosen (with their match length,
        which the preset's name does not tell), else the chosen preset's."""
        settings = self.app.settings
        if self.preset in self.game.presets and self.preset != settings.rules_name(self.game):
            return self.game.presets[self.preset]
        return settings.rules(self.game)

    def open_table(self, resume: bool = False) -> None:
        """Start the server with what is chosen (`resume`: around the history's running
        hosted match); the lobby shows the room code."""
        name = self.host_name.strip()
        reason = None if resume else validate_name(name)
        if reason is not None:
            self.say(name_words(reason), True)
            return
        args = self.app.args
        port = self.port if self.port is not None else getattr(args, "port", None)
        bind = getattr(args, "bind", None) or "0.0.0.0"
        grace = self.app.settings.net_grace if getattr(args, "grace", None) is None else args.grace
        limit = getattr(args, "turn_limit", None)
        guests = tuple(s for s, kind in sorted(self.kinds.items()) if kind == GUEST)
        opt = HostOptions(game=self.game, variant=self.variant(), port=port, bind=bind,
                          room=self.room, guests=guests, grace=grace, level=self.level,
                          name=name, announce=False, resume=resume,
                          **({} if limit is None else {"turn_limit": limit}))  # fmt: skip
        made = host_match(self.app.store, opt, settings=self.app.settings,
                          jobs=Jobs(self.app.deterministic),
                          screen=not getattr(self.app, "autopilot", False),
                          lobby=True)  # fmt: skip
        if made is None:
            self.say(tr("net.nothing_to_continue"), True)
            return
        host = made[0]
        try:
            host.start()
        except OSError as e:
            host.session.close()
            self.say(tr("net.cannot_host", port=host.port, error=e.strerror or str(e)), True)
            return
        self.host = host
        if resume:
            self._resumed(host)
        app = self.app
        host_link(host, ask=lambda: ask_person(app, host))
        store = self.app.store
        remember_room(store, host)  # a crash: `--host --continue` keeps the code
        host.session.on_close(lambda: forget_room(store, host.session))
        self.say("; ".join(host.notes))  # a stored name set aside
        if discovery_allowed(self.app):
            threading.Thread(target=self._announce, args=(host,), daemon=True).start()
        self.rebuild()

    def _resumed(self, host: NetHost) -> None:
        """The lobby shows the continued match: its rules, its host's name and guests."""
        self.resumed = True
        self.subtitle_key = "net.host_resume_subtitle"
        session = host.session
        self.host_name = session.seats[0].name
        record = self.app.history.running(self.game.name)
        if record is not None and record.id == session.match_id:
            self.preset = record.preset
        levels = [seat.level for seat in session.seats[1:] if seat.kind == COMPUTER]
        self.level = levels[0] if levels else self.level
        self.kinds = {s: GUEST if seat.kind == REMOTE else COMPUTER
                      for s, seat in enumerate(session.seats) if s}  # fmt: skip

    def _announce(self, host: NetHost) -> None:
        """Register the match for the join lists (zeroconf probes for a second or two)."""
        try:
            from ..play.net.discovery import Announcement

            announcer = Announcement.start(host.game.name, host.port, self.host_name,
                                           host.free_seats())  # fmt: skip
        except Exception as e:  # noqa: BLE001 - joining by address still works
            log.warning("the match is not announced: %s", e)
            return
        if self.host is host:
            self.announcer = announcer
            host.seat_listeners.append(announcer.set_seats)  # the record follows the seats
            announcer.set_seats(host.free_seats())  # a guest joined while it was registered
        else:
            announcer.close()

    def addresses(self) -> list[str]:
        """Where the guests reach this laptop: the bound address, or every LAN address."""
        assert self.host is not None
        bind = self.host.address
        if bind not in ("0.0.0.0", "::", ""):
            found = [bind]
        else:
            try:
                from ..play.net.discovery import lan_addresses

                found = lan_addresses() or ["127.0.0.1"]
            except Exception:  # noqa: BLE001 - reading the interfaces failed
                found = ["127.0.0.1"]
        port = self.host.port
        out = []
        for a in found:
            shown = f"[{a}]" if ":" in a else a
            out.append(shown if port == DEFAULT_PORT else f"{shown}:{port}")
        return out

    def seat_lines(self) -> list[tuple[str, bool]]:
        """(line, joined) per seat besides the host's."""
        assert self.host is not None
        out = []
        for s, seat in enumerate(self.host.seat_status()):
            if s == 0:
                continue
            title = seat_title(self.game, s)
            if seat["kind"] == REMOTE:
                present = seat["present"]
                claimed = self.host.session.seats[s].claimed
                key = ("net.host_seat_joined" if present else "net.host_seat_away" if claimed
                       else "net.host_seat_free")  # fmt: skip
                out.append((tr(key, seat=title, name=seat["name"]), present))
            else:
                out.append((tr("net.host_seat_computer", seat=title,
                               level=level_label(self.level)), True))  # fmt: skip
        return out

    def start(self) -> None:
        """Start now; a continued match plays on, computers playing for those not back."""
        if self.host is not None:
            self.host.begin(play_on=self.resumed)

    def cancel(self) -> None:
        """Close the table: the guests are told, the choices come back (a continued
        match: the menu, the match waiting in the history)."""
        self._close_host()
        if self.resumed:
            self.app.pop(self)
            return
        self.rebuild()

    def _close_host(self) -> None:
        host, self.host = self.host, None
        if self.announcer is not None:
            with contextlib.suppress(Exception):
                self.announcer.close()
            self.announcer = None
        if host is not None:
            host.session.close()  # closes the server too (host_link)

    def back(self) -> None:
        if self.host is not None:
            self.cancel()
        else:
            self.app.pop(self)

    # --- the frame ---
    def update(self, dt: float) -> None:
        super().update(dt)
        host = self.host
        if host is None:
            return
        host.session.link.pump()  # type: ignore[attr-defined]  # (host_link's)
        if host.started:  # every seat taken, or Start: the table takes over the host
            self.host = None
            announcer, self.announcer = self.announcer, None
            if announcer is not None:
                host.session.on_close(announcer.close)
            self.app.start_network(host.session)

    def handle(self, cmd: Command) -> bool:
        if cmd.kind == "ui_text" and self.form is not None:
            return self.form.text_changed(cmd.element, cmd.text)
        if cmd.kind == "scroll" and self.form is not None:
            return self.form.scroll(cmd.pos, cmd.clicks)
        if cmd.kind == "key" and self.typing():  # Esc, Tab or Enter: the keys go back
            self.ui.set_focus_set(None)
            return True
        return super().handle(cmd)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_head(surface)
        w, h = self.app.size
        px = self.px
        if self.host is not None:
            self._draw_lobby(surface)
        else:
            self.draw_message(surface, px(40), h - px(34), w - px(340))
        Scene.draw(self, surface)
        self.ring.draw(surface, theme.scale_for(self.app.size))

    def _draw_lobby(self, surface: pygame.Surface) -> None:
        assert self.host is not None
        w, h = self.app.size
        px = self.px
        x, y = px(60), px(104)
        label = theme.text(tr("net.host_code").upper(), theme.readable(px(16)), theme.GOLD, True)
        surface.blit(label, (x, y))
        y += label.get_height() + px(2)
        code = theme.text(" ".join(self.host.room), px(84), theme.GOLD_LIGHT, True)
        panel = code.get_rect(topleft=(x, y)).inflate(px(36), px(8))
        panel.topleft = (x - px(6), y)
        widgets.draw_panel(surface, panel, theme.scale_for(self.app.size))
        surface.blit(code, code.get_rect(center=panel.center))
        y = panel.bottom + px(18)
        size = theme.readable(px(18))
        text = theme.text(tr("net.host_addresses"), size, theme.TEXT)
        surface.blit(text, (x, y))
        y += text.get_height() + px(4)
        for address in self.addresses()[:3]:
            img = theme.text(address, px(34), theme.IVORY, True)
            surface.blit(img, (x + px(16), y))
            y += img.get_height()
        y += px(14)
        for line, joined in self.seat_lines():
            colour = theme.TEXT if joined else theme.TEXT_DIM
            dot = (120, 220, 140) if joined else (236, 150, 90)
            pygame.draw.circle(surface, dot, (x + px(8), y + px(12)), px(6), 0 if joined else 2)
            img = theme.text(line, size, colour, joined)
            surface.blit(img, (x + px(24), y))
            y += img.get_height() + px(4)
        self._draw_match(surface, max(panel.right, round(w * 0.55)), px(104))
        note_w = w - x - px(320)
        note_size = theme.readable(px(15))
        start_note = "net.host_resume_note" if self.resumed else "net.host_start_note"
        notes = [tr(start_note), tr("net.host_firewall", port=self.host.port)]
        lines = [line for note in notes for line in theme.wrap(note, note_size, note_w)]
        y = max(y + px(10), h - px(30) - len(lines) * theme.font(note_size).get_linesize())
        for line in lines:
            img = theme.text(line, note_size, theme.TEXT_DIM)
            surface.blit(img, (x, y))
            y += img.get_height()

    def _draw_match(self, surface: pygame.Surface, x: int, y: int) -> None:
        """What is being played, right of the code: the game, its rules, the computers."""
        px = self.px
        width = self.app.size[0] - x - px(40)
        head = theme.text(self.game.label.upper(), theme.readable(px(16)), theme.GOLD, True)
        surface.blit(head, (x, y))
        y += head.get_height() + px(4)
        title = theme.text(preset_title(self.game, self.preset), px(30), theme.IVORY, True)
        surface.blit(title, (x, y))
        y += title.get_height() + px(2)
        size = theme.readable(px(16))
        for line in theme.wrap(preset_note(self.game, self.preset), size, width)[:3]:
            img = theme.text(line, size, theme.TEXT_DIM)
            surface.blit(img, (x, y))
            y += img.get_height()
        length = theme.text(self.match_length(), size, theme.TEXT, True)
        surface.blit(length, (x, y + px(6)))

    def match_length(self) -> str:
        """How long the match opened lasts ("Match: 1 deal."): the preset's name does not
        say it, and a host who shortened it in Settings wants to see it was taken."""
        assert self.host is not None
        variant = self.host.session.variant
        if hasattr(variant, "match_kind"):
            key = "deals" if variant.match_kind == "deals" else "points"
            return tr(f"rules.describe_match_{key}", n=variant.match_target)
        return tr("klabber.describe_target", n=variant.target)

    def close(self) -> None:
        self._close_host()
        super().close()


def ask_person(app: Shell, host: NetHost) -> None:
    """Put the host's next question to its person, over whatever shows (the lobby, the
    table, the menu), unless a question is up already: a laptop waiting for a dropped
    guest's seat, else a connected guest that has not moved within the turn limit."""
    if any(isinstance(s, TakeoverScene) for s in app.scenes):
        return
    if host.takeovers:
        app.push("network takeover", host=host, takeover=host.takeovers[0])
    elif (seat := host.stalled()) is not None:
        app.push("network stall", host=host, seat=seat)


class TakeoverScene(QuestionScene):
    """ "Give Cor's seat to this laptop?": the one way a seat goes to another laptop than
    the one that played it (which takes it back by itself, with its token). Keeping it
    (the default, Esc) is the safe answer; the question goes away by itself when it no
    longer stands (that laptop left, or Cor's own came back)."""

    calm = False  # it pumps the host's network (the lobby under it is not pumped)
    keys = ("keep", "give")

    def __init__(self, app: Shell, host: NetHost, takeover: Takeover) -> None:
        self.host = host
        self.takeover = takeover
        super().__init__(app)

    def title(self) -> str:
        return tr("net.takeover_title", name=self.takeover.name)

    def lines(self) -> list[tuple[str, tuple, bool]]:
        t = self.takeover
        return [(tr("net.takeover_text", name=t.name, address=t.peer), theme.TEXT, True)]

    def answers(self) -> tuple[str, str]:
        return tr("net.takeover_no", name=self.takeover.name), tr("net.takeover_yes")

    def safe(self) -> None:
        self.app.pop(self)
        self.host.deny(self.takeover)

    def other(self) -> None:
        self.app.pop(self)
        self.host.grant(self.takeover)

    def stands(self) -> bool:
        """Whether the question still stands (else it goes away by itself)."""
        return self.takeover in self.host.takeovers

    def update(self, dt: float) -> None:
        super().update(dt)
        self.host.pump()  # the screen under it is not pumped while this is on top
        if not self.stands() or not self.host.running:
            self.app.pop(self)


class Listed:
    """Matches given, not browsed for: the join list's stand-in (no multicast)."""

    def __init__(self, found: list[Any]) -> None:
        self.found = found

    def matches(self) -> list[Any]:
        return list(self.found)

    def close(self) -> None:
        """Nothing to stop."""


def own_name(app: Shell, otherwise: str) -> str:
    """The name the player gave their own seat in Settings (the others at the club see it
    in their lobby), else `otherwise`: "You" means nothing on another laptop."""
    name = app.settings.seat_plan(KLAVERJAS)[0][0]
    return name if name and name != SEAT_NAMES[0] else otherwise


class JoinScene(_Screen):
    """The matches found on this network, the address, room code and name; Join."""

    title_key = "net.lan_join"
    subtitle_key = "net.join_subtitle"
    browser_factory: Callable[[], Any] | None = None  # tests hand in constructed records

    def __init__(self, app: Shell, address: str = "", room: str = "", player: str = "",
                 join_now: bool = False, found: list[Any] | None = None) -> None:  # fmt: skip
        """`found`: matches to list instead of browsing (the catalogue's screenshot).
        Fields not given are those of the table last joined from this laptop."""
        self.fields: dict[str, UITextEntryLine] = {}
        last = app.settings.net_join if not (address or room or player) else {}
        name = player or last.get("name") or own_name(app, tr("net.default_name"))
        self.texts = {"address": address or last.get("address", ""),
                      "room": room or last.get("room", ""), "name": name}  # fmt: skip
        self.found: list[Any] = []
        self.guest: NetGuest | None = None
        self.browser: Any = None
        self._seen_at = 0.0
        self.clock = 0.0
        super().__init__(app)
        if found is None:
            self._browse()
        else:
            self.browser = Listed(found)
            self.found = self.browser.matches()
        self.build()
        if all(self.texts.values()):  # the table last joined: the ring on Join says Enter joins
            self.ring.shown = True
        if join_now:
            self.join()

    def _browse(self) -> None:
        """Start looking for matches on its own thread (zeroconf's), unless not allowed."""
        factory = self.browser_factory
        if factory is None:
            if not discovery_allowed(self.app):
                return

            def factory() -> Any:
                from ..play.net.discovery import Browser

                return Browser()

        self.browser = factory()
        starter = getattr(self.browser, "start", None)
        if starter is not None:
            threading.Thread(target=self._start_browser, args=(starter,), daemon=True).start()

    @staticmethod
    def _start_browser(starter: Callable[[], Any]) -> None:
        try:
            starter()
        except Exception as e:  # noqa: BLE001 - joining by address still works
            log.warning("cannot look for matches on this network: %s", e)

    # --- layout ---
    def build(self) -> None:
        for key, field in self.fields.items():
            self.texts[key] = field.get_text()
            field.kill()
        self.fields.clear()
        self.clear_buttons()
        w, h = self.app.size
        px = self.px
        controls = [self.top_button("back", tr("ui.back"), self.back)]
        x, y = px(60), px(150)
        self.list_top = y
        size = theme.readable(px(17))
        row_h = max(px(40), theme.font(size).get_linesize() + px(10))
        for i, found in enumerate(self.found[:4]):
            label = tr("net.join_item", host=found.host, game=GAMES[found.game].label,
                       seats=found.seats, address=found.target)  # fmt: skip
            bw, _ = self.fit(label, "@segment", w - 2 * x, row_h)
            key = f"found_{i}"
            self.button(key, pygame.Rect(x, y, min(bw, w - 2 * x), row_h), label,
                        lambda f=found: self.pick(f), "@segment")  # fmt: skip
            controls.append(self.control(key, lambda f=found: self.pick(f)))
            y += row_h + px(6)
        y = self.list_top + 4 * (row_h + px(6)) + px(20)  # the fields stay where they are
        self.fields_top = y
        label_h = theme.font(theme.readable(px(16)), True).get_linesize()
        field_h = px(40)
        widths = {"address": px(340), "room": px(200), "name": px(300)}
        fx = x
        for key in ("address", "room", "name"):
            field = UITextEntryLine(
                pygame.Rect(fx, y + label_h + px(4), widths[key], field_h), self.ui,
                initial_text=self.texts[key], object_id=ObjectID(object_id=f"#{key}"),
            )  # fmt: skip
            field.set_text_length_limit({"address": 60, "room": 12, "name": 24}[key])
            self.fields[key] = field
            controls.append(Control(key, field.get_abs_rect, lambda k=key: self.type_in(k)))
            fx += widths[key] + px(24)
        self.field_labels = [(tr(f"net.join_{k}"), self.fields[k].get_abs_rect().left)
                             for k in ("address", "room", "name")]  # fmt: skip
        controls.append(self.foot_button("join", tr("net.join_button"), self.join))
        self.ring.set(controls)
        if not self.ring.shown:
            self.ring.focus("join" if all(self.texts.values()) else "address")

    def type_in(self, key: str) -> None:
        field = self.fields[key]
        if self.typing():
            self.ui.set_focus_set(None)
        else:
            self.ui.set_focus_set(field)
            field.edit_position = len(field.get_text())

    def pick(self, found: Any) -> None:
        """A found match: its address goes into the field; the code is still typed."""
        self.fields["address"].set_text(found.target)
        self.texts["address"] = found.target
        self.type_in("room")

    def text(self, key: str) -> str:
        return self.fields[key].get_text().strip()

    # --- joining ---
    def join(self) -> None:
        """Check the fields, then connect on the guest's own thread."""
        import re

        if self.guest is not None:
            return
        address, name = self.text("address"), self.text("name")
        room = "".join(self.text("room").split()).upper()  # as the host shows it: "K R A A K 7"
        try:
            host, port = split_address(address, DEFAULT_PORT)
        except ValueError as e:
            self.say(tr("net.bad_address", error=str(e)) if address else
                     tr("net.join_need_address"), True)  # fmt: skip
            return
        if not re.match(P.ROOM_PATTERN, room):
            self.say(tr("net.join_need_room"), True)
            return
        reason = validate_name(name)
        if reason is not None:
            self.say(name_words(reason), True)
            return
        self.fields["room"].set_text(room)
        tokens = GuestTokens(self.app.store.paths.data_dir)
        self.guest = NetGuest(host, port, room, name, rejoin_for=60.0, token=tokens.get(room),
                              on_token=lambda t: tokens.put(room, t)).start()  # fmt: skip
        self.say(tr("net.join_connecting", address=f"{host}:{port}"))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.browser is not None and self.clock - self._seen_at > 0.5:
            self._seen_at = self.clock
            found = list(self.browser.matches())
            if found != self.found:
                self.found = found
                self.build()
        guest = self.guest
        if guest is None:
            return
        if guest.error is not None:
            address = f"{guest.host}:{guest.port}"
            if guest.error.key == UNREACHABLE:  # the system's words are English and long
                log.info("nobody answers at %s: %s", address, guest.error.values.get("error"))
                self.say(tr("net.join_unreachable", address=address), True)
            else:
                self.say(tr("net.cannot_join", address=address, why=reason_text(guest.error)),
                         True)  # fmt: skip
            guest.close(0.5)
            self.guest = None
        elif guest.joined.is_set() and not (guest.started and guest.latest is not None):
            self.say(tr("net.join_waiting", name=guest.name))
        elif not guest.joined.is_set() and guest.refused and guest.refused[-1].key == P.ASK_HOST:
            self.say(reason_text(guest.refused[-1]))  # the host's person decides
        elif guest.started and guest.latest is not None:
            self._to_table(guest)

    def _to_table(self, guest: NetGuest) -> None:
        try:
            session = GuestSession(guest, self.app.settings, Jobs(self.app.deterministic),
                                   autopilot=getattr(self.app, "autopilot", False),
                                   history=self.app.history)  # fmt: skip
        except MirrorError as e:
            log.warning("no guest's table: %s", e)
            game = guest.game.label if guest.game is not None else "?"
            self.say(tr("net.join_no_table", game=game), True)
            guest.close(0.5)
            self.guest = None
            return
        self.guest = None  # the session owns it now
        self.app.settings.net_join = {"address": self.text("address"), "name": guest.name,
                                      "room": guest.room}  # fmt: skip
        self.app.save_settings()
        self.app.start_network(session)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_head(surface)
        w, h = self.app.size
        px = self.px
        head = theme.text(tr("net.join_found").upper(), theme.readable(px(15)), theme.GOLD, True)
        surface.blit(head, (px(60), self.list_top - head.get_height() - px(6)))
        if not self.found:
            key = "net.join_none" if self.browser is not None else "net.join_no_browse"
            img = theme.text(tr(key), theme.readable(px(17)), theme.TEXT_DIM)
            surface.blit(img, (px(60), self.list_top))
        size = theme.readable(px(16))
        for text, left in self.field_labels:
            img = theme.text(text, size, theme.GOLD, True)
            surface.blit(img, (left, self.fields_top))
        self.draw_message(surface, px(60), h - px(34), w - px(340))
        Scene.draw(self, surface)
        self.ring.draw(surface, theme.scale_for(self.app.size))

    def handle(self, cmd: Command) -> bool:
        if cmd.kind == "key" and cmd.name == "confirm" and self.typing():
            self.ui.set_focus_set(None)
            self.join()
            return True
        return super().handle(cmd)

    def close(self) -> None:
        if self.guest is not None:
            self.guest.close(0.5)
            self.guest = None
        if self.browser is not None:
            browser, self.browser = self.browser, None
            threading.Thread(target=browser.close, daemon=True).start()
        super().close()


class StallScene(TakeoverScene):
    """ "Cor has not played for 90 seconds": let a computer play for Cor (the seat stays
    Cor's: a move of Cor's, Cor's button or the host's "Wait for Cor again" takes it back),
    or keep waiting (the limit counts afresh). Waiting is the default (Esc): a person may
    think long. The question goes away by itself when Cor moves or leaves."""

    def __init__(self, app: Shell, host: NetHost, seat: int) -> None:
        self.host = host
        self.seat = seat
        self.name = host.session.seats[seat].name
        QuestionScene.__init__(self, app)

    def title(self) -> str:
        limit = self.host.turn_limit
        n: int | str = int(limit) if limit == int(limit) else f"{limit:g}"
        return tr("net.stall_title", name=self.name, n=n)

    def lines(self) -> list[tuple[str, tuple, bool]]:
        return [(tr("net.stall_text", name=self.name), theme.TEXT, True)]

    def answers(self) -> tuple[str, str]:
        return tr("net.stall_no"), tr("net.stall_yes", name=self.name)

    def safe(self) -> None:
        self.app.pop(self)
        self.host.wait_more(self.seat)

    def other(self) -> None:
        self.app.pop(self)
        self.host.bench(self.seat)

    def stands(self) -> bool:
        return self.host.stalled() == self.seat
