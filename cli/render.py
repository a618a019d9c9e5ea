"""Rich renderables from engine views. No rule logic here; names are shown literally.

User text (names, notes) only ever goes into ``Text`` objects, never into a markup string, and
through ``clean`` first: a name like ``[red]x`` or one holding a control character is shown as
written. The rich-free twins (for the table mode's fast first screen) are in ``cli.plain``.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cli.plain import CARD, TO_ASCII, ascii_wanted, clean, names_of
from referee.cards import GLYPH, try_parse_card
from referee.model import DealResult, Key, Result, TableView

if TYPE_CHECKING:
    from referee.edit import Diff, Item

__all__ = ["ascii_wanted", "clean", "console", "cards", "suit", "score_table", "winner_line",
           "violations", "table_view", "diff_view", "rescore_table", "items_table",
           "deal_label", "deal_result"]


def console(ascii_only: bool = False, stderr: bool = False) -> Console:
    return Console(stderr=stderr, no_color=ascii_only or bool(os.environ.get("NO_COLOR")),
                   highlight=False, emoji=False, markup=False, soft_wrap=True)


def cards(text: str, ascii_only: bool = False, style: str = "") -> Text:
    """A string in which canonical cards are shown as glyphs, red suits in red."""
    out = Text(style=style)
    pos = 0
    text = clean(text)
    if ascii_only:
        text = text.translate(TO_ASCII)
    for m in CARD.finditer(text):
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
        return Text(clean(s))
    return Text(GLYPH[s], style="red" if s in ("H", "D") else "")


def _t(text: str, style: str = "", ascii_only: bool = False) -> Text:
    t = clean(text)
    return Text(t.translate(TO_ASCII) if ascii_only else t, style=style)


def _box(ascii_only: bool) -> box.Box:
    return box.ASCII if ascii_only else box.HEAVY_HEAD


# -- the score sheet --------------------------------------------------------------------------


_TRUMP = re.compile(r"\btrump ([SHDC])\b")


def deal_label(d: DealResult) -> str:
    """The deal's name and contract (``deal 3`` / ``Bartek 3``, ``no queens``)."""
    parts = []
    contract = d.extra.get("contract")
    if contract:
        parts.append(_TRUMP.sub(lambda m: "trump " + GLYPH[m.group(1)], str(contract)))
    elif d.name and not d.name.startswith(("deal ", "game ")):
        parts.append(d.name)
    if d.redeal:
        parts.append("all passed: redeal")
    return ", ".join(parts)


def deal_result(d: DealResult) -> str:
    """Whether the contract was made, or the deal's result as the game words it."""
    made = d.extra.get("made")
    if isinstance(made, bool):
        return "made" if made else "set"
    r = d.extra.get("result")
    if r is not None and r != "playing":
        return str(r)
    if not d.finished and not d.redeal:
        return "in progress"
    return ""


def score_table(res: Result, ascii_only: bool = False, title: str | None = None) -> Table:
    names = names_of(res)
    bad = {v.deal for v in res.violations}
    t = Table(title=_t(title or f"{res.setup.title or _game_title(res)} — score sheet",
                       ascii_only=ascii_only),
              show_footer=True, title_justify="left", box=_box(ascii_only))
    t.add_column("deal", footer="total", justify="right")
    if any(d.dealer for d in res.deals):
        t.add_column("dealer")
    labels = [deal_label(d) for d in res.deals]
    results = [deal_result(d) for d in res.deals]
    if any(labels):
        t.add_column("contract" if any(d.extra.get("contract") for d in res.deals)
                     else "deal name")
    if any(results):
        t.add_column("result")
    for n in names:
        t.add_column(_t(n), justify="right", footer=_t(str(res.totals.get(n, 0)), "bold"))
    running = {n: 0 for n in names}
    for d, label, result in zip(res.deals, labels, results, strict=True):
        row: list[Any] = [Text(f"{d.number}{' !' if d.number in bad else ''}",
                               style="bold red" if d.number in bad and not ascii_only else "")]
        if any(x.dealer for x in res.deals):
            row.append(_t(d.dealer or ""))
        if any(labels):
            row.append(cards(label, ascii_only))
        if any(results):
            style = "red" if result == "set" and not ascii_only else ""
            row.append(Text(result, style=style))
        for n in names:
            if d.scores is None:
                row.append(Text(""))
                continue
            v = d.scores.get(n, 0)
            if d.finished:
                running[n] += v
                cell = Text(f"{v:+d}" if v else "0")
                cell.append(f" ({running[n]})", style="dim")
                row.append(cell)
            else:
                row.append(Text(f"{_score(v)} so far", style="dim"))
        t.add_row(*row)
    return t


def _game_title(res: Result) -> str:
    from referee import games

    try:
        return games.get(res.setup.game).title
    except Exception:  # noqa: BLE001 - the name will do
        return res.setup.game


def sheet(res: Result, ascii_only: bool = False) -> list[Any]:
    """The score sheet, the winner once there is one, and the violations, to print."""
    out: list[Any] = [score_table(res, ascii_only)]
    w = winner_line(res)
    if w is not None:
        out.append(w)
    out.extend(violations(res, ascii_only))
    return out


def winner_line(res: Result) -> Text | None:
    if res.winner is None:
        if res.complete:
            return Text("The game is over.", style="bold")
        return None
    if isinstance(res.winner, list):
        return Text("The game is over. Shared win: " + ", ".join(clean(w) for w in res.winner),
                    style="bold")
    return Text(f"The game is over. Winner: {clean(res.winner)}", style="bold")


def violation_line(v: Any, ascii_only: bool = False, prefix: str = "") -> Text:
    line = Text(prefix)
    line.append(f"{v.where()}: ", style="bold red" if not ascii_only else "")
    if v.player:
        line.append(f"{clean(v.player)}: ")
    line.append_text(cards(v.message, ascii_only))
    line.append(f" {'-' if ascii_only else '—'} rule {v.rule}")
    return line


def violations(res: Result, ascii_only: bool = False) -> list[Text]:
    return [violation_line(v, ascii_only) for v in res.violations]


def table_view(tv: TableView, ascii_only: bool = False) -> list[Any]:
    """The table for ``status``: the same lines as the table mode draws."""
    from cli.plain import Style, table_lines

    return [Text.from_ansi(x) for x in table_lines(tv, None, Style(ascii_only, True))]


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


def _score(v: int | None) -> str:
    return "-" if v is None else f"{v:+d}" if v else "0"


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
                t.add_row(str(c.number), _t(n), _score(sb), _score(sa), delta)
        out.append(t)
    if d.totals and deals:
        line = Text("totals: ", style="bold")
        line.append("; ".join(f"{clean(n)} {b} → {a} ({a - b:+d})"
                              for n, (b, a) in d.totals.items()))
        out.append(line)
    for label, vs in (("new violation: ", d.appeared), ("violation gone: ", d.vanished)):
        for v in vs[:limit]:
            out.append(violation_line(v, ascii_only, label))
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
                row.append(Text(_score(x) if x is not None else ""))
            else:
                arrow = "->" if ascii_only else "→"
                row.append(Text(f"{_score(x)} {arrow} {_score(y)}", style="bold yellow"
                                if not ascii_only else "bold"))
        t.add_row(*row)
    return t
