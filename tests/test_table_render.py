"""The table mode's text: glyphs and colour, ASCII, hostile text, the table's lines."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from cli import plain, render
from referee.history.session import Session
from referee.model import Expect, TableView

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
ROOT = SAMPLES.parent


def drawn(*things: Any, colour: bool = False) -> str:
    """What rich writes for ``things``: on a colour terminal or into a file."""
    from rich.console import Console

    buf = io.StringIO()
    con = Console(file=buf, force_terminal=colour, color_system="standard" if colour else None,
                  width=200, highlight=False, markup=False, emoji=False, soft_wrap=True)
    for t in things:
        con.print(t)
    return buf.getvalue()


def test_clean_makes_controls_visible() -> None:
    assert plain.clean("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert plain.clean("C\x9bx") == "C\\x9bx"
    assert plain.clean("evil\u202etxt") == "evil\\u202etxt"
    assert plain.clean("Zoë & Ala\tok") == "Zoë & Ala\tok"


def test_cards_glyphs_colour_and_ascii() -> None:
    t = render.cards("Ala: 10H QS")
    assert t.plain == "Ala: 10♥ Q♠"
    assert [(t.plain[sp.start:sp.end], str(sp.style)) for sp in t.spans] == [("10♥", "red")]
    assert "\x1b[31m10♥" in drawn(t, colour=True) and "\x1b" not in drawn(t)
    asc = render.cards("Ala — 10♥ · QS", ascii_only=True)
    assert asc.plain == "Ala - 10H | QS" and not asc.spans


def test_ascii_wanted(monkeypatch: object) -> None:
    class Stream(io.StringIO):
        def __init__(self, enc: str) -> None:
            super().__init__()
            self._enc = enc

        @property
        def encoding(self) -> str:  # type: ignore[override]
            return self._enc

    os.environ.pop("NO_COLOR", None)
    assert not plain.ascii_wanted(False, Stream("utf-8"))
    assert plain.ascii_wanted(False, Stream("latin-1"))
    assert plain.ascii_wanted(True, Stream("utf-8"))


def test_table_lines_trick_grid_hands() -> None:
    tv = TableView("Deal 3 — no queens", [("dealer", "Ala"), ("trump", "H")],
                   trick=[("Bartek", "2C"), ("Celina", "9C")], grid=[["", "0", "1"],
                                                                     ["0", "7H", "##"],
                                                                     ["1", ".", "AS"]])
    exp = Expect("Darek", "play", "Darek to follow ♣", 3, 4)
    lines = [x.plain for x in render.table_view(tv, exp, False, 100)]
    text = "\n".join(lines)
    assert lines[0].startswith("Deal 3 — no queens ─")
    assert "trump: ♥" in text and "dealer: Ala" in text
    assert "on the table: Bartek 2♣ (led) · Celina 9♣ · Darek ?" in text
    assert "7♥  ##" in text and "A♠" in text
    narrow = [x.plain for x in render.table_view(tv, exp, True, 30)]
    assert "  on the table:" in narrow and all("♣" not in x for x in narrow)


def test_markup_in_names_is_not_markup() -> None:
    p = SAMPLES / "kierki-complete.toml"
    res = Session.load(p).result()

    evil = ("[bold red]Ala[/]", "[link=http://x]B[/link]", "Cel\x1b[31m", "D")
    mapping = dict(zip(res.setup.players, evil, strict=True))
    res.setup = replace(res.setup, players=evil)
    res.totals = {mapping[k]: v for k, v in res.totals.items()}
    for d in res.deals:
        d.scores = {mapping[k]: v for k, v in (d.scores or {}).items()}
        d.dealer = mapping.get(d.dealer or "", d.dealer)
    res.winner = mapping[res.winner] if isinstance(res.winner, str) else res.winner
    out = drawn(*render.sheet(res, False))
    assert "[bold red]Ala[/]" in out and "[link=http://x]B[/link]" in out
    assert "Cel\\x1b[31m" in out and "\x1b" not in out
    coloured = drawn(*render.sheet(res, False), colour=True)
    assert "Cel\\x1b[31m" in coloured and "Cel\x1b" not in coloured
    w = render.winner(res)
    assert w is not None and w.plain == "The game is over. Winner: D"


def test_status_on_a_latin1_terminal_falls_back_to_ascii(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONIOENCODING="latin-1", PYTHONPATH=str(ROOT))
    env.pop("NO_COLOR", None)
    r = subprocess.run([sys.executable, "-m", "cli", "status",
                        str(SAMPLES / "kierki-in-progress.toml")], capture_output=True,
                       env=env, timeout=30)
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode("latin-1")
    assert "♣" not in out and "Traceback" not in r.stderr.decode("latin-1")
    r = subprocess.run([sys.executable, "-m", "cli", "play",
                        str(SAMPLES / "kierki-in-progress.toml")], input=b"score\nquit\n",
                       capture_output=True, env=env, timeout=30, cwd=tmp_path)
    assert r.returncode == 0 and b"score sheet" in r.stdout
    assert b"Traceback" not in r.stderr
