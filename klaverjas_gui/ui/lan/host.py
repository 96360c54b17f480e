"""The host's screen: its choices in rows (ui/form.py), the game, its rules, each seat a
person joining from another laptop or a computer, the computers' level and the host's own
name; then the open table (the lobby): the room code large, the addresses to type and who
has joined. "Open the table" asks play/net's HostStarter, which starts the server and the
announcement; the match starts by itself when every guest seat is taken, or at Start, and
goes to the app's table (`Shell.start_network`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...games import GAMES
from ...i18n import shown_name, tr
from ...play.net.headless import HostOptions
from ...play.net.host import NetHost, Previous, remote_order
from ...play.net.names import validate_name
from ...play.net.starters import CannotHost, HostStarter, NothingToContinue, discovery_allowed
from ...play.seats import REMOTE, Jobs, default_level
from ...store.prefs import GRACES
from .. import theme, widgets
from ..commands import Command
from ..form import Form
from ..play import preset_names, preset_note, preset_title
from ..scene import Scene
from ..seats import level_label
from .common import NetScreen, name_words, own_name, seat_title
from .questions import ask_person

if TYPE_CHECKING:
    from ..shell import Shell

GUEST, COMPUTER = "guest", "computer"


def grace_label(seconds: int) -> str:
    """15 s, 30 s, 1 min, 2 min."""
    if seconds < 60:
        return tr("net.grace_seconds", n=seconds)
    return tr("net.grace_minutes", n=seconds // 60)


class HostScene(NetScreen):
    """The host's choices, then its open table (the lobby) until the match starts.

    `room`: the table's code (`--room`); `port`: its port. `previous`: the match before at
    this table ("new match, same people"): the port is kept, the code is new, and the
    guests seated at that match's end come back with its code (play/net/tokens.py).
    `resume`: the history's running hosted match instead (the menu's Continue, `--host
    --continue --window`): the lobby opens at once with the remembered room code and port,
    the guests come back under their names, it plays on when all are back, or at "Play
    on", computers playing for those not back until they return."""

    title_key = "net.lan_host"
    subtitle_key = "net.host_subtitle"

    def __init__(self, app: Shell, game: str = "klaverjas", player: str | None = None,
                 guests: tuple[int, ...] | None = None, level: str | None = None,
                 room: str | None = None, open_now: bool = False,
                 resume: bool = False, port: int | None = None,
                 previous: Previous | None = None) -> None:  # fmt: skip
        self.game = GAMES[game]
        self.preset = app.settings.rules_name(self.game)
        self.host_name = player or own_name(app, tr("net.host_seat_host"))
        self.level = level or default_level(self.game.levels())
        self.kinds = self._kinds(guests)
        self.room = room
        self.port = port  # the same table again (a new match with the same people), else None
        self.previous = previous
        self.starter = HostStarter()  # the server, from "Open the table" until the match
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

    @property
    def host(self) -> NetHost | None:
        """The open table's server, None before "Open the table" and once the match began."""
        return self.starter.host

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
                          name=name, announce=False, resume=resume, previous=self.previous,
                          **({} if limit is None else {"turn_limit": limit}))  # fmt: skip
        app = self.app
        try:
            host = self.starter.open(
                app.store, opt, settings=app.settings, jobs=Jobs(app.deterministic),
                screen=not getattr(app, "autopilot", False),
                ask=lambda host: ask_person(app, host), announce=discovery_allowed(args),
            )  # fmt: skip
        except NothingToContinue:
            self.say(tr("net.nothing_to_continue"), True)
            return
        except CannotHost as e:
            self.say(tr("net.cannot_host", port=e.port, error=e.why), True)
            return
        if resume:
            self._resumed(host)
        self.say("; ".join(host.notes))  # a stored name set aside
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

    def addresses(self) -> list[str]:
        """Where the guests reach this laptop: the bound address, or every LAN address."""
        return self.starter.addresses()

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
                out.append((tr(key, seat=title, name=shown_name(seat["name"])), present))
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
        self.starter.close()

    def back(self) -> None:
        if self.host is not None:
            self.cancel()
        else:
            self.app.pop(self)

    # --- the frame ---
    def update(self, dt: float) -> None:
        super().update(dt)
        begun = self.starter.pump()
        if begun is not None:  # every seat taken, or Start: the table takes over the host
            self.app.start_network(begun.session)

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
        if self.previous is not None and self.previous.names:  # why the code changed
            names = ", ".join(self.previous.names)
            notes.insert(0, tr("net.host_new_code", names=names))
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
