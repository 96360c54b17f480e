"""The catalogue of every screen, each with how to open it for a screenshot.

`SCREENS` maps a screen's name ("settings: rules", "table: hint") to an opener that
brings the shell to that screen, pushing scenes by their registered names (ui/scenes.py).
`klaverjas --scene NAME` opens one, `--smoke` draws them all, and the UI, language,
theme and reliability tests walk them; between them they show every registered scene
(tests/test_scenes.py holds that). A new screen adds one line here.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from ..engine import (
    KLABBERJASS_PRESETS,
    PRESETS,
    KlabberjassState,
    MatchState,
    new_klabberjass,
    new_match,
    parse_card,
)
from ..engine.match import MatchOver

if TYPE_CHECKING:
    from ..store.history import MatchRecord
    from .shell import Shell

Opener = Callable[["Shell"], object]  # what it returns is not used


def _played(preset: str, seed: int, until: Callable[[MatchState], bool]) -> MatchState:
    """A position reached by random legal play (the same one every run)."""
    rng = random.Random(seed)
    state = new_match(PRESETS[preset], seed)
    while not until(state):
        state, _ = state.apply(rng.choice(state.legal_actions()))
    return state


def _table(shell: Shell, preset: str = "amsterdam", state: MatchState | None = None) -> Any:
    """A new recorded match at the table (at `state`, if given): the running match."""
    shell.start_match(PRESETS[preset], seed=1)
    table: Any = shell.match
    if state is not None:
        table.load(state)
    return table


def _summary_over(shell: Shell, table: Any, state: Any, scene: str = "deal summary") -> None:
    """The summary of the deal `state` has just scored, over `table` (`scene`: the game's)."""
    shell.push(scene, session=table.session, table=table.port, line=state.sheet[-1],
                   totals=state.totals)  # fmt: skip


def _mid_trick(shell: Shell) -> None:
    _table(shell, state=_played("amsterdam", 1, lambda s: s.phase == "play" and len(s.trick) == 2))


def _summary(shell: Shell) -> None:
    state = _played("amsterdam", 2, lambda s: len(s.sheet) == 1)
    _summary_over(shell, _table(shell, state=state), state)


def _sheet(shell: Shell) -> None:
    table = _table(shell, state=_played("amsterdam", 3, lambda s: len(s.sheet) == 3))
    shell.push("score sheet", session=table.session, table=table.port)


def _match_end(shell: Shell) -> None:
    short = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:2")
    rng = random.Random(4)
    state = new_match(short, 4)
    while not state.is_over:
        state, _ = state.apply(rng.choice(state.legal_actions()))
    shell.start_match(short, seed=4)
    table: Any = shell.match
    table.load(state)
    shell.push(
        "match end",
        session=table.session,
        table=table.port,
        ev=MatchOver(state.winner, state.totals),
    )


def _stored_running(shell: Shell, game: str, preset: str, seed: int,
                    until: Callable[[Any], bool]) -> None:  # fmt: skip
    """An unfinished match of `game` in the history, played at random until `until`."""
    from ..games import GAMES

    variant = GAMES[game].presets[preset]
    rng, state = random.Random(seed), GAMES[game].new_state(variant, seed)
    names = ["You", "Henk", "Anna", "Joop"][: GAMES[game].players]
    mid = shell.history.start_match(game, preset, variant.to_dict(), seed, names)
    while not until(state):
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        shell.history.record(mid, state.n_actions, str(action), events)


def _one_open(shell: Shell) -> None:
    """A stored unfinished match (four deals played): the menu names it on Continue."""
    _stored_running(shell, "klaverjas", "amsterdam", 5, lambda s: len(s.sheet) == 4)
    shell.show_menu()


def _one_kalabriasz_open(shell: Shell) -> None:
    """Only a Kalabriasz game unfinished (two deals played): Continue names its totals."""
    _stored_running(shell, "kalabriasz", "kalabriasz", 3, lambda s: len(s.sheet) == 2)
    shell.show_menu()


def _settings_keyboard(shell: Shell, row: str = "text_size") -> None:
    """The table's settings with the keyboard's ring on a row (as Tab leaves it): the text
    size, or the coach."""
    scene: Any = shell.push("settings", tab="table")
    scene.ring.shown = True
    scene.ring.focus(row)
    scene.ring.current.show()


def _two_open(shell: Shell) -> None:
    """A Klaverjas match (stored, four deals played) and a Klabberjass game (in memory, two
    deals played), both unfinished: the menu offers both."""
    from ..games import KLABBERJASS

    _stored_running(shell, "klaverjas", "amsterdam", 5, lambda s: len(s.sheet) == 4)
    _stored_running(shell, "klabberjass", "klabberjass", 2, lambda s: len(s.sheet) == 2)
    shell.continue_match(KLABBERJASS)
    shell.show_menu()


def _three_open(shell: Shell) -> None:
    """A game of each of the three games unfinished: Klaverjas and Kalabriasz stored,
    Klabberjass in memory; the menu lets each be continued."""
    from ..games import GAMES

    kalabriasz = GAMES["kalabriasz"]
    _stored_running(shell, kalabriasz.name, kalabriasz.default_preset, 3,
                    lambda s: len(s.sheet) == 2)  # fmt: skip
    _two_open(shell)


def _confirm(shell: Shell) -> None:
    """Play → Start while a match runs: the question naming the match it would end."""
    _table(shell, state=_played("amsterdam", 5, lambda s: len(s.sheet) == 4))
    shell.show_menu()
    scene: Any = shell.push("play")
    scene.update(1 / 60)  # its buttons drawn once, as a player saw them before Start
    scene.start()


def _settings(shell: Shell, tab: str) -> None:
    shell.push("settings", tab=tab)


def stored_match(shell: Shell) -> MatchRecord:
    """A short finished match in the history (smoke runs on an empty data folder)."""
    short = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:2")
    rng = random.Random(6)
    state = new_match(short, 6)
    mid = shell.history.start_match("klaverjas", "custom", short.to_dict(), 6, list("NESW"))
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        shell.history.record(mid, state.n_actions, str(action), events)
    return shell.history.match(mid)  # type: ignore[return-value]


def _history(shell: Shell, scene: str) -> None:
    record = stored_match(shell)
    options: dict[str, Any] = {
        "history": {},
        "match record": {"record": record},
        "replay": {"record": record, "deal_no": 2},
        "statistics": {},
    }[scene]
    shell.push(scene, **options)


def _hint(shell: Shell) -> None:
    """The table with a hint shown (a fixed number of sampled deals: the same every run)."""
    table = _table(shell, state=_played("amsterdam", 1, lambda s: s.phase == "play"
                                        and s.to_move == 0 and len(s.trick) == 2))  # fmt: skip
    table.guide.worlds = 4
    table.guide.request()


# RULES.md 1.10's kleur example, seat 0 as North: East names hearts, North leads AC, East
# follows 7C, South signals with 7D (he holds AD), West follows: North, on lead, is asked
# for diamonds and holds 9D only.
SIGNAL_DEAL = ("AC KC 9D 8H 7H 7S TS 8C", "7C 9C TD KD JH AS QS JS",
               "AD 7D KS 8S AH TH KH QH", "TC QC JC QD JD 8D 9H 9S")  # fmt: skip


def _signal_hint(shell: Shell) -> None:
    """The table under `kleur` after the partner's signal, the hint answering it."""
    from ..engine.match import Stacked

    rules = dataclasses.replace(PRESETS["amsterdam"], signals="kleur")
    state = new_match(rules, 1, Stacked(3, SIGNAL_DEAL))
    for action in ("pass", "name H", "play AC", "play 7C", "play 7D", "play JC"):
        state, _ = state.apply(action)
        while state.phase == "claim":
            state, _ = state.apply("pass")
    table = _table(shell, state=state)
    table.session.autopilot = None  # the hint waits for the person (a screenshot's autopilot)
    table.guide.worlds = 4
    table.guide.request()


LONG_NAMES = [("Wilhelmina van Oranje-Nassau", "human"), ("Bartholomeus Jansen", "easy"),
              ("Anne-Marie de Vries-Jansen", "easy"), ("Joop", "easy")]  # fmt: skip
# Dealer West, so South leads the ace of clubs and the others follow with 7-8-9: a trick of
# South's with 20 roem to claim (the Roem! button's screen).
ROEM_DEAL = ("AC TC KC QC JC AH TH KH", "7C 7D 8D 9D TD JD QD KD",
             "8C AD QH JH 9H 8H 7H 7S", "9C 8S 9S TS JS QS KS AS")  # fmt: skip


def _long_names(shell: Shell) -> None:
    """Long names on the plates and in the score panel, mid-deal with points and roem."""
    shell.show_menu()
    table: Any = shell.push("table", variant=PRESETS["amsterdam"], seed=1, seats=LONG_NAMES)
    table.load(_played("amsterdam", 11, lambda s: s.phase == "play" and s.to_move == 0
                       and len(s.tricks) >= 3 and any(s.deal_roem)))  # fmt: skip


def _bidding_log(shell: Shell) -> None:
    """South to answer a kraak: the bidding strip says who passed, who chose, who kraakt."""
    table = _table(shell, "kraken", _played("kraken", 4, lambda s: s.phase == "kraak"
                                            and s.to_move == 0 and s.kraak_level >= 1))  # fmt: skip
    table.session.autopilot = None  # the person's own view: nobody answers for them


def _roem_button(shell: Shell) -> None:
    """South's trick with 20 roem: the Roem! button waits for South (and, in a first match
    with hints on, the tip offering to claim automatically)."""
    from ..engine.match import Stacked, name, play

    state = new_match(PRESETS["amsterdam"], 1, Stacked(3, ROEM_DEAL))
    state, _ = state.apply(name("S"))
    for card in ("AC", "7C", "8C"):
        state, _ = state.apply(play(parse_card(card)))
    table = _table(shell, state=state)  # East follows with the 9 of clubs
    table.session.autopilot = None  # the person's own view: nobody answers for them


# Dealer East: South leads the ace of spades and West, who holds 10 and 9 of spades,
# plays the 7 of diamonds: a wrong card, accepted under club rules (revoke = club).
VERZAAKT_DEAL = ("AS KS QS JS AH KH QH JH", "TS 9S 7D 8D 9D TD JD QD",
                 "8S 7S KD AD 7C 8C 9C TC", "JC QC KC AC 7H 8H 9H TH")  # fmt: skip


def _verzaakt(shell: Shell, call: bool = False, summary: bool = False) -> None:
    """Club rules: West's wrong card lies in the closed first trick; the Verzaakt! button
    shows. `call`: South calls it (the table says what was broken); `summary`: the deal's
    summary after the call."""
    from ..engine.match import Stacked, name, play, verzaakt

    club = dataclasses.replace(PRESETS["amsterdam"], revoke="club")
    state = new_match(club, 1, Stacked(3, VERZAAKT_DEAL))
    state, _ = state.apply(name("H"))
    for card in ("AS", "7D", "7S", "7H"):
        state, _ = state.apply(play(parse_card(card)))
    shell.start_match(club, seed=1)
    table: Any = shell.match
    table.load(state)
    table.session.autopilot = None  # the person's own view: nobody answers for them
    if call:
        table.verzaakt.call()
    if not summary:
        return
    state, _ = state.apply(verzaakt(0))
    _summary_over(shell, table, state)


def _hotseat_cover(shell: Shell) -> None:
    """Two people at one laptop: the cover before North's turn."""
    shell.show_menu()
    seats = [("You", "human"), ("Henk", "easy"), ("Anna", "human"), ("Joop", "easy")]
    table: Any = shell.push("table", variant=PRESETS["amsterdam"], seed=1, seats=seats)
    table.load(_played("amsterdam", 1, lambda s: s.phase == "play" and s.to_move == 2))
    table.update(0.0)  # North is to play: the cover goes up


def _klabberjass(shell: Shell, until: Callable[[KlabberjassState], bool] | None = None) -> None:
    """The two-player table at its first bidding, or at a position reached by random play."""
    from ..games import KLABBERJASS

    variant = KLABBERJASS_PRESETS["klabberjass"]
    shell.start_match(variant, seed=2, game=KLABBERJASS)
    if until is not None:
        rng, state = random.Random(2), new_klabberjass(variant, 2)
        while not until(state):
            state, _ = state.apply(rng.choice(state.legal_actions()))
        shell.match.load(state)  # type: ignore[union-attr]


def _klabberjass_hint(shell: Shell) -> None:
    """The two-player table's first question with its hint (fixed sampled deals)."""
    _klabberjass(shell, lambda s: True)  # loaded: no deal animation to wait for
    table: Any = shell.match
    table.guide.worlds = 4
    table.guide.request()


def _klabberjass_cover(shell: Shell) -> None:
    """Two people at one laptop, Klabberjass: the cover before the second player's turn."""
    shell.show_menu()
    variant = KLABBERJASS_PRESETS["klabberjass"]
    seats = [("You", "human"), ("Anna", "human")]
    table: Any = shell.push("klabberjass table", variant=variant, seed=2, seats=seats)
    rng, state = random.Random(2), new_klabberjass(variant, 2)
    while not (state.phase == "play" and state.to_move == 1):
        state, _ = state.apply(rng.choice(state.legal_actions()))
    table.load(state)
    table.update(0.0)  # the second player is to act: the cover goes up


def _klabberjass_summary(shell: Shell) -> None:
    _klabberjass(shell, lambda s: len(s.sheet) == 1)
    table: Any = shell.match
    _summary_over(shell, table, table.session.state, "klabberjass deal summary")


def _klabberjass_end(shell: Shell) -> None:
    _klabberjass(shell, lambda s: s.is_over)
    table: Any = shell.match
    state = table.session.state
    shell.push(
        "klabberjass match end",
        session=table.session,
        table=table.port,
        ev=MatchOver(state.winner, state.totals),
    )


def kalabriasz_position(seed: int, until: Callable[[Any], bool], maker: int | None = 0) -> Any:
    """A three-player position reached by random legal play; `maker`: the seat that names
    trump at its first turn to bid, the others passing before it (None: random bids)."""
    from ..engine import KALABRIASZ_PRESETS, new_kalabriasz
    from ..engine.match import PASS

    rng, state = random.Random(seed), new_kalabriasz(KALABRIASZ_PRESETS["kalabriasz"], seed)
    while not until(state):
        legal = state.legal_actions()
        if maker is not None and state.phase == "bidding" and len(state.sheet) == 0:
            names = [a for a in legal if a.kind == "name"]
            action = rng.choice(names) if state.to_move == maker else PASS
        else:
            action = rng.choice(legal)
        state, _ = state.apply(action)
    return state


def _kalabriasz(shell: Shell, until: Callable[[Any], bool] | None = None,
                seats: list[tuple[str, str]] | None = None) -> Any:  # fmt: skip
    """The three-player table at its first bidding, or at a position where you made trump
    (reached by random play), seed 4."""
    from ..engine import KALABRIASZ_PRESETS
    from ..games import KALABRIASZ

    variant = KALABRIASZ_PRESETS["kalabriasz"]
    if seats is None:
        shell.start_match(variant, seed=4, game=KALABRIASZ)
        table: Any = shell.match
    else:
        shell.show_menu()
        table = shell.push("kalabriasz table", variant=variant, seed=4, seats=seats)
    if until is not None:
        table.load(kalabriasz_position(4, until))
    return table


def _kalabriasz_hint(shell: Shell) -> None:
    """You are to lay away two cards; the hint names one (and rings it)."""
    table = _kalabriasz(shell, lambda s: s.phase == "talon")
    table.guide.request()
    if table.guide.job is not None:  # hints on (the default): its sentence, at once
        table.guide.job.wait(60)


def _kalabriasz_cover(shell: Shell) -> None:
    """Three people at one laptop: the cover before the second one's turn."""
    seats = [("You", "human"), ("Henk", "human"), ("Anna", "human")]
    table = _kalabriasz(shell, lambda s: s.phase == "play" and s.to_move == 1, seats)
    table.update(0.0)  # the second player is to act: the cover goes up


def _kalabriasz_summary(shell: Shell) -> None:
    table = _kalabriasz(shell, lambda s: len(s.sheet) == 1)
    state = table.session.state
    shell.push("kalabriasz deal summary", session=table.session, table=table.port,
               line=state.sheet[-1], totals=state.totals)  # fmt: skip


def _kalabriasz_sheet(shell: Shell) -> None:
    table = _kalabriasz(shell, lambda s: len(s.sheet) == 5)
    shell.push("kalabriasz score sheet", session=table.session, table=table.port)


def _kalabriasz_end(shell: Shell) -> None:
    table = _kalabriasz(shell, lambda s: s.is_over)
    state = table.session.state
    shell.push("kalabriasz match end", session=table.session, table=table.port,
               ev=MatchOver(state.winner, state.totals))  # fmt: skip


# Belote declarations (RULES.md 2, its example): you (seat 0, not dealing) hold the four
# nines, the dealer 10-J-Q-K-A of spades and the king and queen of hearts; 8H is turned.
BELOTE_DEAL = ("9C 9D 9H 9S 7C 8D", "AS KS QS JS TS KH", "8H", "AC 7S JD QH 8C 7H")


def _belote(shell: Shell, shown: bool = False, summary: bool = False, sheet: bool = False) -> None:
    """Klabberjass with Belote declarations: your question whether to declare four nines,
    (`shown`) the moment they are shown after the dealer could not beat them, or
    (`summary`) the deal's summary, played out at random, or (`sheet`) the score sheet
    after it, the four of a kind marked in the bonus."""
    from ..engine.klabberjass import DECLARE_CALL, PASS, TAKE, KlabberjassStacked

    variant = dataclasses.replace(KLABBERJASS_PRESETS["klabberjass"], declarations="belote")
    mine, dealer, turned, stock = BELOTE_DEAL
    state = new_klabberjass(variant, 2, KlabberjassStacked(1, (mine, dealer), turned, stock))
    for action in (TAKE, PASS, PASS):  # you take hearts; neither makes the dix
        state, _ = state.apply(action)
    summary = summary or sheet
    if shown or summary:
        state, _ = state.apply(DECLARE_CALL)
    if summary:
        rng = random.Random(2)
        while not state.sheet:
            state, _ = state.apply(rng.choice(state.legal_actions()))
    shell.show_menu()
    seats = [("You", "human"), ("Henk", "easy")]
    table: Any = shell.push("klabberjass table", variant=variant, seed=2, seats=seats)
    table.load(state)  # a table of its own, not recorded: the deal is a stacked one
    table.session.autopilot = None  # the person's own view: nobody answers for them
    if sheet:
        shell.push("score sheet", session=table.session, table=table.port)
        return
    if summary:
        _summary_over(shell, table, state, "klabberjass deal summary")
    if not shown:
        return
    table.session.submit(PASS)  # Henk's quinte does not beat four nines: he says nothing
    for _ in range(2):
        table.update(0.6)  # past his words, to your four nines laid open


def _attract_klabberjass(shell: Shell) -> None:
    """The club demo as the idle menu starts it, with the two-player game."""
    shell.show_menu()
    shell.push("klabberjass demo", variant=KLABBERJASS_PRESETS["klabberjass"], seed=8, idle=True)


def _attract_kalabriasz(shell: Shell) -> None:
    """The club demo with the three-player game, run on until the maker lays away."""
    from ..engine import KALABRIASZ_PRESETS

    shell.show_menu()
    demo = shell.push("kalabriasz demo", variant=KALABRIASZ_PRESETS["kalabriasz"], seed=8,
                      idle=True)  # fmt: skip
    for _ in range(4000):
        demo.update(0.05)
        if demo.session.state.phase == "play" and demo.session.state.trick:
            break


def _klabberjass_replay(shell: Shell) -> None:
    """A short stored Klabberjass game (Bela, to 100), its first deal replayed."""
    variant = KLABBERJASS_PRESETS["bela"]
    rng, state = random.Random(8), new_klabberjass(variant, 8)
    mid = shell.history.start_match("klabberjass", "bela", variant.to_dict(), 8, ["N", "S"])
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        shell.history.record(mid, state.n_actions, str(action), events)
    shell.push("klabberjass replay", record=shell.history.match(mid), deal_no=1)


def _kalabriasz_record(shell: Shell, scene: str) -> None:
    """A short stored Kalabriasz game (three deals): its sheet of three, or its first deal
    that someone played, replayed with the two cards laid away."""
    from ..engine import KALABRIASZ_PRESETS
    from ..games import KALABRIASZ

    variant = dataclasses.replace(KALABRIASZ_PRESETS["kalabriasz"], match_length="deals:3")
    rng, state = random.Random(5), KALABRIASZ.new_state(variant, 5)
    names = ["You", "Anna", "Bram"]
    mid = shell.history.start_match("kalabriasz", "custom", variant.to_dict(), 5, names,
                                    ["human", "normal", "normal"])  # fmt: skip
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state, events = state.apply(action)
        shell.history.record(mid, state.n_actions, str(action), events)
    record = shell.history.match(mid)
    if scene == "match record":
        shell.push("kalabriasz match record", record=record)
        return
    if scene == "statistics":  # only Kalabriasz played: its tab, its columns
        shell.push("statistics")
        return
    deal = next(line.deal_no for line in state.sheet if line.maker >= 0)
    replay: Any = shell.push("kalabriasz replay", record=record, deal_no=deal)
    replay.show(replay.cards if scene == "replay end" else 2)  # 2: the talon's two laid away


def _klabberjass_record(shell: Shell) -> None:
    """The Klabberjass game of `_klabberjass_replay`, opened in History."""
    _klabberjass_replay(shell)
    record = shell.top.record  # type: ignore[attr-defined]
    shell.pop(shell.top)
    shell.push("klabberjass match record", record=record)


def _learn(shell: Shell, scene: str, **options: Any) -> None:
    """The Learn menu, the lesson list, the rules, or a lesson (by its id) of `scene`."""
    from ..teach.lessons import LESSON_BY_ID

    shell.show_menu()
    if "lesson" in options:
        options["lesson"] = LESSON_BY_ID[options["lesson"]]
    shell.push(scene, **options)


def _lesson_at(shell: Shell, lesson_id: str, step: str) -> None:
    """A card lesson played by its own script up to the learner's step `step` ("": to its
    end), the learner's earlier moves made as the lesson wants them."""
    from ..teach.lessons import LESSON_BY_ID
    from .tutorial import open_lesson

    shell.show_menu()
    scene: Any = open_lesson(shell, LESSON_BY_ID[lesson_id])
    for _ in range(4000):
        run = scene.run
        asked = run.step is not None and step and run.step.key == step
        if scene.finished or (asked and scene.may_act()):
            break
        if run.waiting_for_you and scene.may_act() and run.step is not None:
            scene.submit(run.parse(run.step.action))
        scene.update(0.05)


def _seven_of_hearts() -> tuple[Any, Any, Any]:
    """Klaverjas: seat 0 plays the 7 of hearts on its partner's trick where the ace of
    spades gave 11 more points. (position shown, position before, decision)"""
    from ..engine import Action

    before = _played("amsterdam", 15, lambda s: s.n_actions == 14)
    return before, before, Action("play", card=parse_card("7H"))


def _taking_diamonds() -> tuple[Any, Any, Any]:
    """Klabberjass: taking diamonds on a hand that should pass."""
    from ..engine import Action

    before = new_klabberjass(KLABBERJASS_PRESETS["klabberjass"], 2)
    return before, before, Action("take")


def _naming_trump() -> tuple[Any, Any, Any]:
    """Kalabriasz, seed 4: you named trump; shown laying away two cards."""
    shown = kalabriasz_position(4, lambda s: s.phase == "talon")
    before = kalabriasz_position(4, lambda s: s.n_actions == shown.n_actions - 1)
    return shown, before, shown.actions[-1]


@cache
def _judged(decision: Callable[[], tuple[Any, Any, Any]]) -> tuple[Any, Any, Any, Any]:
    """`decision`'s (position shown, position before, action) and the coach's judgement of
    it over 8 fixed sampled deals: the same at every opening of its coach-note screen, so
    judged once a process (the exact search under it takes up to a second, and the tests'
    screen walks open these screens in every language and text size)."""
    from ..teach import coach

    shown, before, action = decision()
    return shown, before, action, coach.judge(before.observation(before.to_move), action, 1, 8)


def _coach_note(shell: Shell, options: bool = False, klabberjass: bool = False) -> None:
    """The live coach's note after a costly decision (`_seven_of_hearts`, or with
    `klabberjass` `_taking_diamonds`); `options`: with the options panel open."""
    from .table.coach_note import Note

    shown, before, action, j = _judged(_taking_diamonds if klabberjass else _seven_of_hearts)
    _klabberjass(shell) if klabberjass else _table(shell)
    table: Any = shell.match
    table.load(shown)
    table.submit(action)  # played as a person plays it: the trick stays in view a moment
    table.coach.note = Note(before.observation(before.to_move), j, table.coach.cards)
    if options:
        table.coach.open()


def _kalabriasz_coach_note(shell: Shell) -> None:
    """Kalabriasz's coach note on naming trump, the talon laid away under it."""
    from .table.coach_note import Note

    shown, before, _, j = _judged(_naming_trump)
    table = _kalabriasz(shell)
    table.load(shown)
    table.coach.note = Note(before.observation(before.to_move), j, table.coach.cards)


_COACHED = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:2")


@cache
def _coached_moves() -> tuple[tuple[Any, Any, tuple | None], ...]:
    """(action, events, the decision row the history stores or None) for each action of a
    short match in which seat 0 played any allowed card or bid at random (a newcomer's
    mistakes to show) among easy computer players, each of seat 0's decisions judged with
    a fixed number of sampled deals. Computed once per process: the same seeds give the
    same match and judgements, and the judging (~1 s) is what each screen would repeat."""
    from ..ai import make_player
    from ..teach import coach

    state = new_match(_COACHED, 4)
    players = [make_player("easy", 40 + s) for s in range(4)]
    rng = random.Random(4)
    out = []
    while not state.is_over:
        seat = state.to_move
        obs = state.observation(seat)
        seq = state.n_actions + 1
        row = None
        action = players[seat].choose(obs) if seat else rng.choice(obs.legal)
        if seat == 0:
            j = coach.judge(obs, action, coach.judgement_seed(4, seq), 8, seq=seq)
            if j is not None:
                row = (seq, 0, j.kind, j.mistake, j.cost, str(j.chosen), str(j.best))
        state, events = state.apply(action)
        out.append((action, events, row))
    return tuple(out)


def _coached_match(shell: Shell) -> int:
    """That coached match stored in the shell's history; its id."""
    mid = shell.history.start_match("klaverjas", "custom", _COACHED.to_dict(), 4,
                                    ["You", "Henk", "Anna", "Joop"])  # fmt: skip
    for n, (action, events, row) in enumerate(_coached_moves(), 1):
        shell.history.record(mid, n, str(action), events)
        if row is not None:
            shell.history.record_decision(mid, *row)
    return mid


def _coach_report(shell: Shell) -> None:
    """The coach's report on a short coached match."""
    mid = _coached_match(shell)
    shell.show_menu()
    shell.push("coach report", match_id=mid)


def _coach_position(shell: Shell) -> None:
    """The report's costliest decision of a short coached match, opened on the table."""
    mid = _coached_match(shell)
    shell.show_menu()
    shell.push("coach report", match_id=mid)
    shell.push("coach position", decision=shell.history.costliest(mid)[0])


def _coach_drill(shell: Shell, answer: bool = False) -> None:
    """Practise your mistakes on a short coached match's costliest decisions (the coach
    weighs them with 8 sampled deals, as the match was judged); `answer`: the best
    option chosen and the verdict shown."""
    _coached_match(shell)
    shell.show_menu()
    shell.push("learn")
    scene: Any = shell.push("drill", worlds=8)
    if answer:
        p = scene.practice
        j = p.job.wait(120) and p.job.result()
        scene.answer(j.values[0][0])
        p.wait(120)


def _review_coached(shell: Shell) -> None:
    """The review of a coached match's first deal at the trick of its costliest card, the
    coach's fair judgement beside the open-card one (the second deal's review takes the
    exact solver three times as long, and every screen test opens this one)."""
    mid = _coached_match(shell)
    record = shell.history.match(mid)
    cards = [d for d in shell.history.costliest(mid, 30) if d.kind != "bid"]
    state = next(s for s in map(shell.history.position_before, cards) if s.deal_no == 1)
    shell.show_menu()
    scene: Any = shell.push(
        "review", variant=state.variant, seed=record.seed, actions=shell.history.actions(mid),
        deal_no=state.deal_no, names=record.players, match_id=mid,
    )  # fmt: skip
    scene.job.wait(120)
    scene.show(len(state.tricks) + 1)


def _coach_progress(shell: Shell) -> None:
    """The progress chart over 20 one-deal matches played at random, seat 0's decisions
    stored with their real situations and made-up costs that fall over the matches
    (leads most): judging 20 matches for real would take minutes; the chart and its
    sentence are the history's numbers, whatever they are."""
    from ..teach import coach

    one = dataclasses.replace(PRESETS["amsterdam"], match_length="deals:1")
    rng = random.Random(19)
    for m in range(20):
        state = new_match(one, 100 + m)
        mid = shell.history.start_match("klaverjas", "custom", one.to_dict(), 100 + m,
                                        ["You", "Henk", "Anna", "Joop"])  # fmt: skip
        while not state.is_over:
            obs = state.observation(state.to_move)
            action = rng.choice(obs.legal)
            seq = state.n_actions + 1
            if state.to_move == 0 and coach.is_decision(obs):
                kind = coach.situation(obs)
                mean = {"lead": 14 - 0.45 * m, "bid": 9 - 0.2 * m}.get(kind, 4.0)
                cost = round(rng.expovariate(1 / mean), 1) if rng.random() < 0.6 else 0.0
                shell.history.record_decision(mid, seq, 0, kind, kind if cost else "", cost,
                                              str(action), str(action))  # fmt: skip
            state, events = state.apply(action)
            shell.history.record(mid, state.n_actions, str(action), events)
    shell.show_menu()
    shell.push("statistics")
    shell.push("progress")


def _join(shell: Shell) -> None:
    """The join screen listing two matches as a zeroconf browser would hand them over
    (constructed records: nothing is sent on the network)."""
    from ..play.net.discovery import Found

    found = [
        Found("Anna Klaverjas._klaverjas._tcp.local.", "klaverjas", "Anna", "192.168.1.20",
              47474, 2),
        Found("Piet Klabberjass._klaverjas._tcp.local.", "klabberjass", "Piet", "192.168.1.31",
              47474, 1),
    ]  # fmt: skip
    shell.show_menu()
    shell.push("network join", found=found)


class _Host:
    """A host as its person's questions see it, constructed: Cor (seat 2) has not moved for
    the turn limit, and a laptop at 192.168.1.31 asks for his seat. Nothing is on the
    network; the answers change nothing."""

    turn_limit = 90.0
    running = True

    def __init__(self, asks: bool) -> None:
        from types import SimpleNamespace

        from ..play.net.host import Takeover

        names = ("Anna", "Kees", "Cor", "Fenna")
        self.session = SimpleNamespace(seats=[SimpleNamespace(name=n) for n in names])
        peer = SimpleNamespace(peer="192.168.1.31")
        self.takeovers = [Takeover(peer, 2, "Cor")] if asks else []  # type: ignore[arg-type]

    def pump(self) -> None:
        pass

    def stalled(self) -> int | None:
        return 2

    def bench(self, seat: int) -> None:
        pass

    def wait_more(self, seat: int) -> None:
        pass

    def grant(self, takeover: Any) -> bool:
        return False

    def deny(self, takeover: Any) -> None:
        pass


def _question(shell: Shell, takeover: bool) -> None:
    """The host's question over the menu: a seat asked for by another laptop, or a guest
    that has not moved."""
    host = _Host(takeover)
    shell.show_menu()
    if takeover:
        shell.push("network takeover", host=host, takeover=host.takeovers[0])
    else:
        shell.push("network stall", host=host, seat=2)


def _review(shell: Shell) -> None:
    """The review of a deal played at random (seed 3: a quick one to solve), at its 3rd trick."""
    state = _played("amsterdam", 3, lambda s: len(s.sheet) == 1)
    shell.show_menu()
    scene: Any = shell.push(
        "review", variant=state.variant, seed=3, actions=[str(a) for a in state.actions],
        deal_no=1, names=["You", "Henk", "Anna", "Joop"],
    )  # fmt: skip
    scene.job.wait(120)
    scene.show(3)


def _kalabriasz_review(shell: Shell) -> None:
    """The review of a Kalabriasz deal played at random where you made trump (seed 2: one
    of the quicker deals to solve), at the trick of your first lost points."""
    from ..engine import KALABRIASZ_PRESETS

    state = kalabriasz_position(2, lambda s: len(s.sheet) == 1)
    shell.show_menu()
    scene: Any = shell.push(
        "kalabriasz review", variant=KALABRIASZ_PRESETS["kalabriasz"], seed=2,
        actions=[str(a) for a in state.actions], deal_no=1, names=["You", "Anna", "Bram"],
    )  # fmt: skip
    scene.job.wait(300)
    result = scene.result()
    first = result.first_loss(scene.your_side) if result is not None else None
    scene.show(first.index // 3 + 1 if first is not None else 1)


SCREENS: dict[str, Opener] = {
    "klabberjass: bidding": _klabberjass,
    "klabberjass: mid-trick": lambda shell: _klabberjass(
        shell, lambda s: s.phase == "play" and len(s.trick) == 1 and len(s.tricks) > 2
    ),
    "klabberjass: hint": _klabberjass_hint,
    "klabberjass: hot-seat cover": _klabberjass_cover,
    "klabberjass: deal summary": _klabberjass_summary,
    "klabberjass: game end": _klabberjass_end,
    "klabberjass: belote declaration": _belote,
    "klabberjass: belote shown": lambda shell: _belote(shell, shown=True),
    "klabberjass: belote summary": lambda shell: _belote(shell, summary=True),
    "klabberjass: belote sheet": lambda shell: _belote(shell, sheet=True),
    "kalabriasz: bidding": lambda shell: _kalabriasz(shell, lambda s: True),
    "kalabriasz: laying away": lambda shell: _kalabriasz(shell, lambda s: s.phase == "talon"),
    "kalabriasz: mid-trick": lambda shell: _kalabriasz(
        shell, lambda s: s.phase == "play" and len(s.trick) == 2 and len(s.tricks) > 3
    ),
    "kalabriasz: hint": _kalabriasz_hint,
    "kalabriasz: hot-seat cover": _kalabriasz_cover,
    "kalabriasz: deal summary": _kalabriasz_summary,
    "kalabriasz: score sheet": _kalabriasz_sheet,
    "kalabriasz: game end": _kalabriasz_end,
    "kalabriasz: review": _kalabriasz_review,
    "menu": lambda shell: shell.show_menu(),
    "menu: continue": lambda shell: _one_open(shell),
    "menu: continue kalabriasz": _one_kalabriasz_open,
    "menu: two open matches": lambda shell: _two_open(shell),
    "menu: three open matches": lambda shell: _three_open(shell),
    "menu: other matches": lambda shell: (_three_open(shell), shell.push("waiting")),
    "play": lambda shell: (shell.show_menu(), shell.push("play")),
    "play: klabberjass": lambda shell: (shell.show_menu(), shell.push("play", game="klabberjass")),
    "play: kalabriasz": lambda shell: (shell.show_menu(), shell.push("play", game="kalabriasz")),
    "confirm: abandon": lambda shell: _confirm(shell),
    "table: trump choice": lambda shell: _table(shell),
    "table: mid-trick": _mid_trick,
    "table: kraak": lambda shell: _table(
        shell, "kraken", _played("kraken", 5, lambda s: s.phase == "kraak")
    ),
    "table: proposed suit": lambda shell: _table(shell, "proposed"),
    "table: hint": _hint,
    "table: signal hint": _signal_hint,
    "table: hot-seat cover": _hotseat_cover,
    "table: long names": _long_names,
    "table: bidding log": _bidding_log,
    "table: roem button": _roem_button,
    "deal summary": _summary,
    "table: verzaakt": _verzaakt,
    "table: verzaakt called": lambda shell: _verzaakt(shell, call=True),
    "deal summary: verzaakt": lambda shell: _verzaakt(shell, summary=True),
    "score sheet": _sheet,
    "match end": _match_end,
    "settings: rules": lambda shell: _settings(shell, "rules"),
    "settings: seats": lambda shell: _settings(shell, "match"),
    "settings: table": lambda shell: _settings(shell, "table"),
    "settings: keyboard": lambda shell: _settings_keyboard(shell),
    "history": lambda shell: _history(shell, "history"),
    "history: match": lambda shell: _history(shell, "match record"),
    "history: replay": lambda shell: _history(shell, "replay"),
    "statistics": lambda shell: _history(shell, "statistics"),
    "demo": lambda shell: shell.start_demo(7),
    "demo: klabberjass (attract)": _attract_klabberjass,
    "demo: kalabriasz (attract)": _attract_kalabriasz,
    "settings: klabberjass": lambda shell: _settings(shell, "klabberjass"),
    "settings: kalabriasz": lambda shell: _settings(shell, "kalabriasz"),
    "history: klabberjass replay": _klabberjass_replay,
    "history: klabberjass match": _klabberjass_record,
    "history: kalabriasz match": lambda shell: _kalabriasz_record(shell, "match record"),
    "history: kalabriasz replay": lambda shell: _kalabriasz_record(shell, "replay"),
    "history: kalabriasz replay (end)": lambda shell: _kalabriasz_record(shell, "replay end"),
    "statistics: kalabriasz": lambda shell: _kalabriasz_record(shell, "statistics"),
    "learn": lambda shell: _learn(shell, "learn"),
    "tutorial: lessons": lambda shell: _learn(shell, "lessons"),
    "tutorial: lesson": lambda shell: _learn(shell, "lesson", lesson="overtrump"),
    "tutorial: quiz": lambda shell: _learn(shell, "quiz", lesson="nat"),
    "tutorial: signals": lambda shell: _learn(shell, "lesson", lesson="signals"),
    "tutorial: three at the table": lambda shell: _learn(
        shell, "kalabriasz lesson", lesson="three"
    ),
    "tutorial: three at the table (laying away)": lambda shell: _lesson_at(
        shell, "three", "three_lay_ten"
    ),
    "tutorial: three at the table (done)": lambda shell: _lesson_at(shell, "three", ""),
    "rules: cards": lambda shell: _learn(shell, "rules", page=0),
    "rules: roem": lambda shell: _learn(shell, "rules", page=2),
    "rules: signals": lambda shell: _learn(shell, "rules", page=4),
    "rules: klabberjass": lambda shell: _learn(shell, "rules", page=5),
    "rules: kalabriasz": lambda shell: _learn(shell, "rules", page=6),
    "tutorial: klabberjass quiz": lambda shell: _learn(shell, "quiz", lesson="klabberjass"),
    "review": _review,
    "about": lambda shell: (shell.show_menu(), shell.push("about")),
    "coach report": _coach_report,
    "coach progress": _coach_progress,
    "coach position": _coach_position,
    "coach drill": _coach_drill,
    "coach drill: answered": lambda shell: _coach_drill(shell, answer=True),
    "coach drill: nothing yet": lambda shell: (shell.show_menu(), shell.push("drill")),
    "review: coach": _review_coached,
    "network": lambda shell: (shell.show_menu(), shell.push("network")),
    "network: host": lambda shell: (shell.show_menu(), shell.push("network host")),
    "network: join": lambda shell: _join(shell),
    "network: takeover": lambda shell: _question(shell, takeover=True),
    "network: stall": lambda shell: _question(shell, takeover=False),
    "table: coach note": _coach_note,
    "table: coach options": lambda shell: _coach_note(shell, options=True),
    "klabberjass: coach note": lambda shell: _coach_note(shell, klabberjass=True),
    "kalabriasz: coach note": _kalabriasz_coach_note,
    "settings: coach": lambda shell: _settings_keyboard(shell, "coach"),
}
