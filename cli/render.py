"""Rich renderables from engine views. No rule logic here; names are shown literally."""

from __future__ import annotations

import os
import re
import sys
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.cards import GLYPH, try_parse_card
from referee.model import Result, TableView

_CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])"
                   r"|(?<![A-Za-z])JK(?![A-Za-z])")
_TO_ASCII = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")


def ascii_wanted(flag: bool = False) -> bool:
    if flag or os.environ.get("NO_COLOR"):
        return True
    enc = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return enc not in ("utf8", "utf16", "utf32")


def console(ascii_only: bool = False, stderr: bool = False) -> Console:
    return Console(stderr=stderr, no_color=ascii_only or bool(os.environ.get("NO_COLOR")),
                   highlight=False, emoji=False, markup=False, soft_wrap=True)


def clean(text: str) -> str:
    """Text from a user or a file, with terminal control characters made visible."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


def cards(text: str, ascii_only: bool = False, style: str = "") -> Text:
    """A string in which canonical cards are shown as glyphs, red suits in red."""
    out = Text(style=style)
    pos = 0
    text = clean(text)
    if ascii_only:
        text = text.translate(_TO_ASCII)
    for m in _CARD.finditer(text):
        out.append(text[pos:m.start()])
        c = try_parse_card(m.group(0))
        if c is None:
            out.append(m.group(0))
        else:
            red = c.suit in ("H", "D")
            out.append(c.pretty(ascii_only), style="red" if red and not ascii_only else "")
        pos = m.end()
    out.append(text[pos:])
    return out


def suit(s: str, ascii_only: bool) -> Text:
    if ascii_only or s not in GLYPH:
        return Text(s)
    return Text(GLYPH[s], style="red" if s in ("H", "D") else "")


def score_table(res: Result, ascii_only: bool = False, title: str | None = None) -> Table:
    names = [" & ".join(t) for t in res.teams] if res.teams else list(res.setup.players)
    t = Table(title=title or f"{res.setup.title or res.setup.game} — score sheet",
              show_footer=True)
    t.add_column("deal", footer="total")
    t.add_column("dealer")
    t.add_column("")
    for n in names:
        t.add_column(clean(n), justify="right", footer=str(res.totals.get(n, 0)))
    running = {n: 0 for n in names}
    for d in res.deals:
        row: list[Any] = [str(d.number), clean(d.dealer or ""), cards(_label(d), ascii_only)]
        for n in names:
            if d.scores is None:
                row.append("")
                continue
            v = d.scores.get(n, 0)
            if d.finished:
                running[n] += v
                row.append(f"{v:+d}  ({running[n]})" if v else f"0  ({running[n]})")
            else:
                row.append(Text(f"{v:+d} so far", style="dim"))
        t.add_row(*row)
    return t


def _label(d: Any) -> str:
    parts = [d.name] if d.name else []
    for k in ("contract", "result"):
        if k in d.extra and d.extra[k] is not None:
            parts.append(str(d.extra[k]))
    if d.redeal:
        parts.append("all passed: redeal")
    if not d.finished:
        parts.append("in progress")
    return ", ".join(parts)


def winner_line(res: Result) -> Text | None:
    if res.winner is None:
        return None
    if isinstance(res.winner, list):
        return Text("Shared win: " + ", ".join(clean(w) for w in res.winner), style="bold")
    return Text(f"Winner: {clean(res.winner)}", style="bold")


def violations(res: Result, ascii_only: bool = False) -> list[Text]:
    out = []
    for v in res.violations:
        who = f"{clean(v.player)}: " if v.player else ""
        line = Text(f"{v.where()}: ", style="bold red" if not ascii_only else "")
        line.append(who)
        line.append_text(cards(v.message, ascii_only))
        line.append(f" — rule {v.rule}")
        out.append(line)
    return out


def table_view(tv: TableView, ascii_only: bool = False) -> list[Any]:
    out: list[Any] = [Text(clean(tv.title), style="bold")]
    for label, value in tv.lines:
        line = Text(f"  {clean(label)}: ")
        if label == "trump" and value in GLYPH:
            line.append_text(suit(value, ascii_only))
        elif label in GLYPH:
            line = Text("  ")
            line.append_text(suit(label, ascii_only))
            line.append(": ")
            line.append_text(cards(value, ascii_only))
        else:
            line.append_text(cards(value, ascii_only))
        out.append(line)
    if tv.trick:
        t = Table(show_header=False, box=None, padding=(0, 2))
        for player, c in tv.trick:
            t.add_row(clean(player), cards(c, ascii_only))
        out.append(Text("  on the table:"))
        out.append(t)
    if tv.grid:
        for row in tv.grid:
            out.append(cards("   " + "  ".join(f"{x:>3}" for x in row), ascii_only))
    if tv.hands:
        for p, h in tv.hands.items():
            line = Text(f"  {clean(p)}: ", style="dim")
            line.append_text(cards(" ".join(str(c) for c in h), ascii_only))
            out.append(line)
    return out
