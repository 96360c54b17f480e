"""The network flags of the command line: checked before anything starts, one line each."""

from __future__ import annotations

import pytest

from klaverjas_gui.app import parse_args


def error_of(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        parse_args(list(argv))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err  # one line
    return err


def test_host_and_join_flags_parse():
    args = parse_args(["--host", "--port", "5000", "--room", "abcd23", "--grace", "2.5",
                       "--guests", "2", "--bind", "127.0.0.1"])  # fmt: skip
    assert args.host and args.port == 5000 and args.room == "ABCD23" and args.grace == 2.5
    args = parse_args(["--join", "127.0.0.1:5000", "--room", "ABCD23", "--name", " Anna "])
    assert args.join == "127.0.0.1:5000" and args.name == "Anna" and not args.host


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--join", "127.0.0.1"], "room code is needed"),
        (["--host", "--join", "127.0.0.1", "--room", "ABCD"], "not allowed with"),
        (["--host", "--room", "ABC"], "a room code is 6 to 12"),
        (["--host", "--room", "ABCD"], "a room code is 6 to 12"),  # 4: guessed in minutes
        (["--join", "h", "--room", "KRAAK"], "a room code is 6 to 12"),
        (["--host", "--room", "HELLO1"], "a room code is 6 to 12"),  # L and O are not used
        (["--host", "--port", "70000"], "a port is 1 to 65535"),
        (["--host", "--grace", "-1"], "0 to 3600 seconds"),
        (["--host", "--turn-limit", "-5"], "0 to 3600 seconds"),
        (["--host", "--turn-limit", "nan"], "0 to 3600 seconds"),
        (["--host", "--turn-limit", "soon"], "expected seconds, not 'soon'"),
        (["--host", "--guests", "4"], "at most 3 (a klaverjas match has 4 seats"),
        (
            ["--host", "--game", "klabberjass", "--guests", "2"],
            "at most 1 (a klabberjass match has 2 seats",
        ),
        (["--join", "h", "--room", "ABCDEF", "--name", "x" * 30], "a name is 1 to 24"),
        (["--host", "--name", "Evil\udcff"], "(U+DCFF)"),  # an undecodable byte in argv
        (["--host", "--name", "Cor\u202e"], "(U+202E)"),  # a bidi override
        (["--host", "--name", "Hanna\u200b"], "(U+200B)"),  # zero-width
        (["--host", "--level", "godlike"], "is not a level"),
    ],
)
def test_bad_network_flags_are_one_line_and_status_2(capsys, argv, says):
    assert says in error_of(capsys, *argv)


def test_no_discovery_keeps_a_host_without_a_window_off_the_network_list(tmp_path, monkeypatch):
    """`--host --no-discovery` (no --window) announces nothing over mDNS."""
    from klaverjas_gui import cli
    from klaverjas_gui.play.net import headless

    announce: list[bool] = []
    monkeypatch.setattr(headless, "run_host", lambda store, opt, out=None: announce.append(
        opt.announce) or 0)  # fmt: skip
    for flags in (["--no-discovery"], []):
        args = parse_args(["--host", "--data-dir", str(tmp_path), *flags])
        assert cli.run_network(args) == 0
    assert announce == [False, True]


def test_turn_limit_reaches_the_host_without_a_window(tmp_path, monkeypatch):
    """`--turn-limit` (default 90 s, 0: no limit) is the headless host's."""
    from klaverjas_gui import cli
    from klaverjas_gui.play.net import headless

    limits: list[float] = []
    monkeypatch.setattr(headless, "run_host", lambda store, opt, out=None: limits.append(
        opt.turn_limit) or 0)  # fmt: skip
    for flags in (["--turn-limit", "0"], ["--turn-limit", "12.5"], []):
        args = parse_args(["--host", "--data-dir", str(tmp_path), *flags])
        assert cli.run_network(args) == 0
    assert limits == [0.0, 12.5, 90.0]
