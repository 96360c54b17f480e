"""The join screen: the matches found on this network (play/net's GuestStarter browses on
its own thread; read each frame, never waited for) above three fields: the address, the
room code and the name. Join asks the starter to connect; once the match begins its
session goes to the app's table (`Shell.start_network`)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextEntryLine

from ...games import GAMES
from ...i18n import tr
from ...play.net import protocol as P
from ...play.net.guest import NetGuest, split_address
from ...play.net.headless import reason_text
from ...play.net.host import DEFAULT_PORT
from ...play.net.mirror import MirrorError
from ...play.net.names import validate_name
from ...play.net.starters import GuestStarter, discovery_allowed
from ...play.seats import Jobs
from .. import theme
from ..commands import Command
from ..focus import Control
from ..scene import Scene
from .common import NetScreen, name_words, own_name

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from ..shell import Shell


class JoinScene(NetScreen):
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
        self.starter = GuestStarter()  # the browser, and the guest once Join is pressed
        self._seen_at = 0.0
        self.clock = 0.0
        super().__init__(app)
        if found is None:
            self.starter.browse(self.browser_factory, discovery_allowed(app.args))
        else:
            self.starter.show_given(found)
            self.found = self.starter.matches()
        self.build()
        if all(self.texts.values()):  # the table last joined: the ring on Join says Enter joins
            self.ring.shown = True
        if join_now:
            self.join()

    @property
    def guest(self) -> NetGuest | None:
        """The guest joining, None before Join, after a failed join and at the table."""
        return self.starter.guest

    @property
    def browser(self) -> Any:
        """What lists the matches found (None: no looking on this network)."""
        return self.starter.browser

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
        """Check the fields, then ask the starter to connect (on the guest's own thread)."""
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
        self.starter.join(host, port, room, name, self.app.store.paths.data_dir)
        self.say(tr("net.join_connecting", address=f"{host}:{port}"))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.browser is not None and self.clock - self._seen_at > 0.5:
            self._seen_at = self.clock
            found = self.starter.matches()
            if found != self.found:
                self.found = found
                self.build()
        report = self.starter.report()
        if report.state == "failed":
            assert report.reason is not None
            if report.unreachable:  # the system's words are English and long
                self.say(tr("net.join_unreachable", address=report.address), True)
            else:
                why = reason_text(report.reason)
                self.say(tr("net.cannot_join", address=report.address, why=why), True)
        elif report.state == "waiting":
            assert self.guest is not None
            self.say(tr("net.join_waiting", name=self.guest.name))
            self._show_room(self.guest.room)
        elif report.state == "asking":
            assert report.reason is not None
            self.say(reason_text(report.reason))  # the host's person decides
        elif report.state == "begun":
            self._to_table()

    def _show_room(self, room: str) -> None:
        """The table's code as the host's welcome names it: a new match at the same table
        has a new one (the last match's code brought this laptop along)."""
        field = self.fields.get("room")
        if field is not None and field.get_text() != room:
            field.set_text(room)
            self.texts["room"] = room

    def _to_table(self) -> None:
        guest = self.starter.guest
        assert guest is not None
        app = self.app
        jobs, autopilot = Jobs(app.deterministic), getattr(app, "autopilot", False)
        try:
            session = self.starter.session(app.settings, jobs, autopilot, app.history)
        except MirrorError as e:
            log.warning("no guest's table: %s", e)
            game = guest.game.label if guest.game is not None else "?"
            self.say(tr("net.join_no_table", game=game), True)
            return
        app.settings.net_join = {"address": self.text("address"), "name": guest.name,
                                 "room": guest.room}  # fmt: skip
        app.save_settings()
        app.start_network(session)

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
        self.starter.close()
        super().close()
