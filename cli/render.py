"""Rich renderables from engine views: the edits, the diffs and the re-scoring. No rule logic
here; names are shown literally.

User text (names, notes) only ever goes into ``Text`` objects, never into a markup string, and
through ``clean`` first: a name like ``[red]x`` or one holding a control character is shown as
written. The score sheet and the table are drawn without rich (``cli.scoresheet``,
``cli.plain``), for a fast start.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cli.plain import Style, ascii_wanted, clean, names_of
from cli.scoresheet import signed, violation_line
from referee.model import Key, Result

if TYPE_CHECKING:
    from referee.edit import Diff, Item

__all__ = ["ascii_wanted", "clean", "console", "cards", "diff_view", "rescore_table",
           "items_table"]


def console(ascii_only: bool = False, stderr: bool = False) -> Console:
    return Console(stderr=stderr, no_color=ascii_only or bool(os.environ.get("NO_COLOR")),
                   highlight=False, emoji=False, markup=False, soft_wrap=True)


def cards(text: str, ascii_only: bool = False, style: str = "") -> Text:
    """A string in which canonical cards are shown as glyphs, red suits in red: the plain
    text's ``Style.cards`` (one way of showing cards), as rich ``Text``."""
    return Text.from_ansi(Style(ascii_only, True).cards(text), style=style)


def _t(text: str) -> Text:
    return Text(clean(text))


def _box(ascii_only: bool) -> box.Box:
    return box.ASCII if ascii_only else box.HEAVY_HEAD


# -- edits and re-scoring ---------------------------------------------------------------------


def items_table(its: list[Item], ascii_only: bool = False, title: str = "",
                width: int = 100) -> Table:
    t = Table(title=_t(title), title_justify="left", box=None, padding=(0, 1))
    t.add_column("#", justify="right", style="bold")
    t.add_column("where")
    t.add_column("entry")
    for it in its:
        where = f"trick {it.trick}" if it.trick is not None else \
            "key" if isinstance(it.entry, Key) else it.action
        text = it.text if len(it.text) <= width else it.text[:width - 1] + "…"
        t.add_row(str(it.number), where, cards(text, ascii_only))
    return t


def diff_view(d: Diff, ascii_only: bool = False, before: str = "before",
              after: str = "after", deals: bool = True, limit: int = 12) -> list[Any]:
    """What an edit (or other house rules) changed: deals, totals, violations, the winner."""
    out: list[Any] = []
    if d.empty:
        out.append(Text("no score, result or violation changed"))
    if d.deals and deals:
        t = Table(title=Text("scores that changed"), title_justify="left",
                  box=_box(ascii_only))
        t.add_column("deal", justify="right")
        t.add_column("who")
        t.add_column(before, justify="right")
        t.add_column(after, justify="right")
        t.add_column("change", justify="right")
        for c in d.deals:
            names = c.changed()
            if not names and c.label_before != c.label_after:
                t.add_row(str(c.number), "result", cards(c.label_before, ascii_only),
                          cards(c.label_after, ascii_only), "")
            if c.finished_before != c.finished_after and not names:
                t.add_row(str(c.number), "finished", str(c.finished_before),
                          str(c.finished_after), "")
            for n in names:
                sb = (c.before or {}).get(n)
                sa = (c.after or {}).get(n)
                delta = f"{sa - sb:+d}" if sa is not None and sb is not None else ""
                t.add_row(str(c.number), _t(n), signed(sb), signed(sa), delta)
        out.append(t)
    if d.totals and deals:
        line = Text("totals: ", style="bold")
        line.append("; ".join(f"{clean(n)} {b} → {a} ({a - b:+d})"
                              for n, (b, a) in d.totals.items()))
        out.append(line)
    for label, vs in (("new violation: ", d.appeared), ("violation gone: ", d.vanished)):
        for v in vs[:limit]:
            out.append(Text.from_ansi(violation_line(v, Style(ascii_only, True), label)))
        if len(vs) > limit:
            out.append(Text(f"... and {len(vs) - limit} more ({label.strip(': ')}s: "
                            f"{len(vs)} in all)"))
    if d.winner is not None:
        wb, wa = (_who(x) for x in d.winner)
        out.append(Text(f"winner: {wb} → {wa}", style="bold"))
    return out


def _who(w: Any) -> str:
    if w is None:
        return "nobody yet"
    if isinstance(w, list):
        return "shared: " + ", ".join(clean(x) for x in w)
    return clean(str(w))


def rescore_table(res: Result, other: Result, options_text: str,
                  ascii_only: bool = False) -> Table:
    """The game as scored in the file beside the same game under other house rules: one
    column per player (or team), ``file → other`` where they differ."""
    names = names_of(res)
    t = Table(title=Text(f"as recorded vs. under {clean(options_text)}"), title_justify="left",
              show_footer=True, box=_box(ascii_only))
    t.add_column("deal", justify="right", footer="total")
    for n in names:
        b, a = res.totals.get(n, 0), other.totals.get(n, 0)
        foot = Text(str(b)) if a == b else Text(f"{b} {'->' if ascii_only else '→'} {a}",
                                                style="bold")
        t.add_column(_t(n), justify="right", footer=foot)
    for i in range(max(len(res.deals), len(other.deals))):
        d1 = res.deals[i] if i < len(res.deals) else None
        d2 = other.deals[i] if i < len(other.deals) else None
        row: list[Any] = [str(i + 1)]
        for n in names:
            x = d1.scores.get(n) if d1 is not None and d1.scores is not None else None
            y = d2.scores.get(n) if d2 is not None and d2.scores is not None else None
            if x == y:
                row.append(Text(signed(x) if x is not None else ""))
            else:
                arrow = "->" if ascii_only else "→"
                row.append(Text(f"{signed(x)} {arrow} {signed(y)}", style="bold yellow"
                                if not ascii_only else "bold"))
        t.add_row(*row)
    return t
