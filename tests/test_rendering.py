"""One renderer (rich) and its rules: NO_COLOR removes colour and nothing else; --ascii (or a
terminal that is not UTF-8) gives letters and ASCII boxes; a pipe gets no escape codes; the
chart gives each player (or team) a marker of its own."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.history.session import Session

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
ROOT = SAMPLES.parent
ALL = sorted(p.name for p in SAMPLES.glob("*.toml"))
VIEWS = [["score"], ["status"], ["replay"], ["explain", "--deal", "1"], ["score", "--chart"]]
COLOUR = re.compile(r"\x1b\[[0-9;]*3[0-7]m|\x1b\[[0-9;]*;3[0-7][;m]")  # a foreground colour


def test_every_game_has_a_sample() -> None:
    assert {n.split("-")[0] for n in ALL} == {"kierki", "kozel", "schmier", "wisconsin",
                                              "foursquare"}


@pytest.mark.parametrize("view", VIEWS, ids=" ".join)
@pytest.mark.parametrize("sample", ALL)
def test_ascii_gives_only_ascii(sample: str, view: list[str],
                                capsys: pytest.CaptureFixture[str]) -> None:
    from cli.app import main

    with pytest.raises(SystemExit):
        main([view[0], str(SAMPLES / sample), *view[1:], "--ascii"])
    out = capsys.readouterr().out
    assert out.strip()
    bad = sorted({c for c in out if ord(c) >= 128})
    assert bad == [], f"not ASCII: {bad}"


def run(*args: str, env: dict[str, str] | None = None,
        stdin: bytes | None = None, cwd: Path | None = None) -> bytes:
    e = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    e.update(PYTHONPATH=str(ROOT), **(env or {}))
    r = subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, env=e,
                       input=stdin, timeout=60, cwd=cwd)
    assert r.returncode in (0, 1) and b"Traceback" not in r.stderr, r.stderr
    return r.stdout


@pytest.mark.parametrize("view", VIEWS, ids=" ".join)
def test_a_pipe_gets_no_escape_codes_even_when_colour_is_forced(view: list[str]) -> None:
    out = run(view[0], str(SAMPLES / "kierki-revoke.toml"), *view[1:],
              env={"FORCE_COLOR": "1", "TERM": "xterm-256color"})
    assert b"\x1b" not in out
    assert "♥".encode() in out  # glyphs still: only --ascii takes them away


def test_a_terminal_that_is_not_utf8_gets_letters_and_ascii_boxes() -> None:
    for view in VIEWS:
        out = run(view[0], str(SAMPLES / "kierki-revoke.toml"), *view[1:],
                  env={"PYTHONIOENCODING": "latin-1"})
        assert out.strip() and all(b < 128 for b in out), view


def test_the_table_mode_with_ascii_writes_only_ascii(tmp_path: Path) -> None:
    (tmp_path / "g.toml").write_bytes((SAMPLES / "kierki-in-progress.toml").read_bytes())
    out = run("play", "g.toml", "--ascii", stdin=b"status\nscore\nexplain 5 7\nDarek: 3C\n"
              b"help\nquit\n", cwd=tmp_path)
    assert b"score sheet" in out and b"+---" in out
    assert all(b < 128 for b in out), sorted({chr(b) for b in out if b >= 128})


def on_a_terminal(*args: str, no_color: bool) -> str:
    """What a view writes on a real terminal (a pty of 120 columns)."""
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    env.update(PYTHONPATH=str(ROOT), TERM="xterm-256color")
    env.pop("FORCE_COLOR", None)
    if no_color:
        env["NO_COLOR"] = "1"
    child = pexpect.spawn(sys.executable, ["-m", "cli", *args], env=env, encoding="utf-8",
                          dimensions=(50, 120), timeout=60)
    child.expect(pexpect.EOF)
    return str(child.before)


@pytest.mark.parametrize("view", [["status", "kierki-in-progress.toml"],
                                  ["score", "kierki-revoke.toml"],
                                  ["replay", "kierki-revoke.toml"]])
def test_no_color_removes_colour_and_keeps_the_glyphs(view: list[str]) -> None:
    args = [view[0], str(SAMPLES / view[1])]
    coloured = on_a_terminal(*args, no_color=False)
    plain = on_a_terminal(*args, no_color=True)
    assert COLOUR.search(coloured), "a terminal shows red suits"
    assert not COLOUR.search(plain)
    assert re.search("[♥♦]", plain) and re.search("[♥♦]", coloured)
    if view[0] == "score":
        assert "┏━" in plain and "┏━" in coloured  # the same boxes


def test_ascii_on_a_terminal_draws_ascii_boxes() -> None:
    out = on_a_terminal("score", str(SAMPLES / "kierki-revoke.toml"), "--ascii",
                        no_color=False)
    assert "|-------+" in out and all(ord(c) < 128 for c in out)
    assert not COLOUR.search(out)  # ASCII mode is plain text


@pytest.mark.parametrize("sample", ["kierki-complete.toml", "wisconsin-complete.toml"])
@pytest.mark.parametrize("colour", [True, False])
def test_the_chart_gives_each_of_four_a_marker_of_its_own(sample: str, colour: bool) -> None:
    from cli.chart import running_totals
    from cli.plain import names_of

    res = Session.load(SAMPLES / sample).result()
    names = names_of(res)
    chart = running_totals(res, colour=colour, width=100, height=30)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", chart)
    legend = {n: re.search(rf"(\S) {re.escape(n)}\b", plain) for n in names}
    assert all(legend.values()), legend
    markers = {n: m.group(1) for n, m in legend.items() if m is not None}
    assert len(set(markers.values())) == len(names), markers
    if len(res.setup.players) == 4 and not res.teams:
        assert len(names) == 4
    body = plain.split("\n", 3)[-1]
    for m in markers.values():  # each one's line is drawn with its marker
        assert body.count(m) > 3, (m, markers)
