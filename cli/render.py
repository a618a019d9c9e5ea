"""Every picture of the CLI, as rich renderables built from engine views: the table, the score
sheet, the violations, the edits, the diffs and the re-scoring. No rule logic here; names are
shown literally.

User text (names, notes) only ever goes into ``Text`` objects, never into a markup string, and
through ``clean`` first: a name like ``[red]x`` or one holding a control character is shown as
written. rich is imported inside the functions that draw (start-up: ``referee score`` must stay
close to a bare Typer app).

The rules of the output: NO_COLOR removes colour and nothing else (suit glyphs stay); ``--ascii``
or a terminal that is not UTF-8 gives letters for suits and ASCII boxes; a pipe or a file gets
no escape codes and full lines (no wrapping, unless COLUMNS is set).
"""

from __future__ import annotations

import io
import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

from cli.plain import (
    CARD,
    GLYPHS,
    SUIT_GLYPH,
    TO_ASCII,
    ascii_wanted,
    names_of,
    plain_cards,
    terminal_width,
)
from cli.safe import clean
from cli.scoresheet import deal_label, deal_result, not_played, signed, total_note
from referee.cards import try_parse_card
from referee.model import Key, running_totals

if TYPE_CHECKING:
    from rich.box import Box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from referee.history.edit import Diff, Item
    from referee.model import Expect, Result, TableView

__all__ = ["ascii_wanted", "clean", "console", "cards", "diff_view", "rescore_table",
           "items_table", "sheet", "score_table", "table_view", "violation", "Style"]

WIDE = 10_000  # a pipe's or a file's width: full lines, never wrapped
_CARD_OR_SUIT = f"{CARD.pattern}|[{GLYPHS}]"


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def available_width() -> int | None:
    """The width a picture must fit: the terminal's; in a file or a pipe COLUMNS when it is
    set, else none (full lines)."""
    return terminal_width() if _isatty(sys.stdout) or "COLUMNS" in os.environ else None


def console(ascii_only: bool = False, stderr: bool = False) -> Console:
    """The console to draw on: a terminal only when the stream is one (FORCE_COLOR and the like
    cannot put escape codes into a file); no colour with NO_COLOR, nor in ASCII mode (as
    before: a terminal that wants letters is taken to want plain text)."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    tty = _isatty(stream)
    width = None if tty or "COLUMNS" in os.environ else WIDE
    return Console(stderr=stderr, no_color=ascii_only or bool(os.environ.get("NO_COLOR")),
                   force_terminal=tty, width=width, highlight=False, emoji=False,
                   markup=False, soft_wrap=True)


def colour_wanted(con: Console) -> bool:
    """Whether ``con`` writes colour (a terminal, no NO_COLOR, not TERM=dumb)."""
    return bool(con.is_terminal and not con.no_color and con.color_system is not None)


def ansi(text: Text) -> str:
    """``text`` with its colours as escape codes (for the line editor's prompt on a terminal)."""
    import io

    from rich.console import Console

    buf = io.StringIO()
    Console(file=buf, force_terminal=True, color_system="standard", width=WIDE,
            highlight=False, emoji=False, markup=False, soft_wrap=True).print(text, end="")
    return buf.getvalue()


def _box(ascii_only: bool) -> Box:
    from rich import box

    return box.ASCII if ascii_only else box.HEAVY_HEAD


def _t(text: str, style: str = "") -> Text:
    from rich.text import Text

    return Text(clean(text), style=style)


def cards(text: str, ascii_only: bool = False, style: str = "") -> Text:
    """``text`` (cleaned) with its canonical cards as glyphs, red suits in red; with
    ``ascii_only`` letters (``10S``) and ASCII for the other signs."""
    import re

    from rich.text import Text

    text = clean(text)
    if ascii_only:
        return Text(plain_cards(text, True), style=style)
    out = Text(style=style)
    pos = 0
    for m in re.finditer(_CARD_OR_SUIT, text):
        out.append(text[pos:m.start()])
        pos = m.end()
        shown = m.group(0)
        if shown in SUIT_GLYPH:  # a suit named ('trump S')
            shown = SUIT_GLYPH[shown]
        red = shown in "♥♦"
        if shown not in GLYPHS:
            c = try_parse_card(shown)
            if c is not None:
                shown = c.pretty(False)
                red = c.suit in ("H", "D")
        out.append(shown, style="red" if red else "")
    out.append(text[pos:])
    return out


class Style:
    """Text for the table mode's lines: each method gives a ``Text`` whose style covers only
    itself, so that pieces can be joined with ``+`` (a ``str`` may follow a ``Text``)."""

    def __init__(self, ascii_only: bool) -> None:
        self.ascii = ascii_only

    def _styled(self, text: str | Text, style: str) -> Text:
        from rich.text import Text

        t = text.copy() if isinstance(text, Text) else \
            Text(text.translate(TO_ASCII) if self.ascii else text)
        t.stylize(style)
        return t

    def bold(self, text: str | Text) -> Text:
        return self._styled(text, "bold")

    def dim(self, text: str | Text) -> Text:
        return self._styled(text, "dim")

    def red(self, text: str | Text) -> Text:
        return self._styled(text, "red")

    def plain(self, text: str) -> Text:
        return self._styled(text, "")

    def cards(self, text: str) -> Text:
        return cards(text, self.ascii)

    def suit(self, s: str) -> Text:
        if self.ascii or len(s) != 1 or s not in "SHDC":
            return _t(s)
        return self._styled(GLYPHS["SHDC".index(s)], "red" if s in "HD" else "")


# -- the table ---------------------------------------------------------------------------------


def table_view(tv: TableView, expect: Expect | None, ascii_only: bool,
               width: int = 80) -> list[Text]:
    """The table: title, the deal's facts, the trick on the table, the grid, the hands."""
    from rich.text import Text

    st = Style(ascii_only)
    rule = "-" if ascii_only else "─"
    sep = " | " if ascii_only else " · "
    title = cards(tv.title, ascii_only, "bold")
    out = [Text.assemble(title, " ", st.dim(rule * max(3, min(width, 72) - len(title) - 1)))]
    facts: list[Text] = []
    for label, value in tv.lines:
        if len(label) == 1 and label in "SHDC":
            continue  # a layout row (the small lottery): one line each, below
        shown = st.suit(value) if label == "trump" and value in ("S", "H", "D", "C") \
            else cards(value, ascii_only)
        facts.append(Text.assemble(_t(label), ": ", shown))
    line = Text("  ")
    for f in facts:
        if len(line) > 2 and len(line) + len(f) + 3 > width:
            out.append(line)
            line = Text("  ")
        line.append_text(Text.assemble(sep if len(line) > 2 else "", f))
    if len(line) > 2:
        out.append(line)
    for label, value in tv.lines:
        if len(label) == 1 and label in "SHDC":
            out.append(Text.assemble("    ", st.suit(label), "  ", cards(value, ascii_only)))
    if tv.trick:
        plays = [Text.assemble(_t(p), " ", cards(c, ascii_only)) for p, c in tv.trick]
        plays[0].append(" (led)", style="dim")
        if expect is not None and expect.player and expect.action == "play":
            plays.append(Text.assemble(_t(expect.player), " ", st.dim("?")))
        one = Text("  on the table: ") + Text(sep).join(plays)
        if len(one) <= width:
            out.append(one)
        else:
            out.append(Text("  on the table:"))
            out.extend(Text("    ") + x for x in plays)
    if tv.grid:
        cw = max(4, max(len(x) for row in tv.grid for x in row) + 2)
        for i, row in enumerate(tv.grid):
            grid_line = Text("  ")
            for j, x in enumerate(row):
                cell = f"{clean(x):>{cw}}"
                grid_line.append_text(st.dim(cell) if i == 0 or j == 0 or x == "##"
                                      else cards(cell, ascii_only))
            out.append(grid_line)
    if tv.hands:
        w = max(len(clean(p)) for p in tv.hands)
        for p, h in tv.hands.items():
            out.append(st.dim(f"  {clean(p):<{w}}  ")
                       + cards(" ".join(str(c) for c in h), ascii_only))
    return out


# -- the score sheet ---------------------------------------------------------------------------


def score_table(res: Result, ascii_only: bool, title: str | None = None) -> Table:
    """A row per deal (``!`` after the number of one with a violation), its dealer, contract,
    result, and what each player (or team) scored with the running total; the totals below."""
    return _score_table(res, ascii_only, title, stacked=False, lean=False, bare=False)


def score_tables(res: Result, ascii_only: bool, width: int | None = None) -> list[Table]:
    """The score sheet to fit in ``width`` columns: a sheet that would cut a figure there is
    drawn narrower instead, the running total on its own line under the score, then without
    the dealer, contract and result columns, then without the box, then as several sheets of
    fewer players each. A figure is never cut (down to one player's column)."""
    table = score_table(res, ascii_only)
    if width is None:
        return [table]
    for stacked, lean, bare in ((True, False, False), (True, True, False), (True, True, True)):
        if _fits(table, width):
            return [table]
        table = _score_table(res, ascii_only, None, stacked, lean, bare)
    if _fits(table, width):
        return [table]
    names = names_of(res)
    for k in range(len(names) - 1, 0, -1):
        parts = [_score_table(res, ascii_only, None if i == 0 else "(continued)", True, True,
                              True, names[i:i + k]) for i in range(0, len(names), k)]
        if all(_fits(t, width) for t in parts) or k == 1:
            return parts
    return [table]


def _fits(table: Table, width: int) -> bool:
    """Whether ``table`` fits in ``width`` columns with no word of a cell cut (each column at
    least as wide as the widest word in it)."""
    from rich.console import Console
    from rich.measure import Measurement

    con = Console(width=10_000, file=io.StringIO(), legacy_windows=False)  # (not clamped)
    return Measurement.get(con, con.options, table).minimum <= width


def _score_table(res: Result, ascii_only: bool, title: str | None, stacked: bool, lean: bool,
                 bare: bool, only: list[str] | None = None) -> Table:
    from rich.table import Table

    names = names_of(res) if only is None else only
    bad = {v.deal for v in res.violations}
    labels = [deal_label(d) for d in res.deals]
    results = [deal_result(d) for d in res.deals]
    dealers = any(d.dealer for d in res.deals) and not lean
    labelled = any(labels) and not lean
    resulted = any(results) and not lean
    heading = clean(title or f"{res.setup.title or _game_title(res)} — score sheet")
    t = Table(title=cards(heading, ascii_only), title_justify="left",
              box=None if bare else _box(ascii_only), show_footer=True, header_style="bold",
              footer_style="bold", padding=(0, 1) if not bare else (0, 1, 0, 0))
    t.add_column(_unit(res), justify="right", footer="total")
    if dealers:
        t.add_column("dealer")
    if labelled:
        t.add_column("contract" if any(d.extra.get("contract") for d in res.deals)
                     else f"{_unit(res)} name")
    if resulted:
        t.add_column("result")
    for n in names:
        t.add_column(_t(n), justify="right", footer=str(res.totals.get(n, 0)))
    for d, label, result, running in zip(res.deals, labels, results,
                                         running_totals(res.deals, names), strict=True):
        row: list[Any] = [_t(f"{d.number} !", "bold red") if d.number in bad
                          else str(d.number)]
        if dealers:
            row.append(_t(d.dealer or ""))
        if labelled:
            row.append(cards(label, ascii_only))
        if resulted:
            row.append(_t(result, "red" if result == "set" else ""))
        for n in names:
            if d.scores is None:
                row.append("")
            elif d.finished:
                row.append(_scored(signed(d.scores.get(n, 0)), running[n], stacked))
            else:
                row.append(_t(f"{signed(d.scores.get(n, 0))} so far", "dim"))
        t.add_row(*row)
    return t


def _unit(res: Result) -> str:
    """What a row of the sheet is: a deal, or a game of its own (Kozel, Foursquare)."""
    from referee import games

    try:
        return games.get(res.setup.game).unit
    except Exception:  # noqa: BLE001 - a deal it is
        return "deal"


def _scored(score: str, running: int, stacked: bool = False) -> Text:
    """A deal's score and, dim, the running total after it: ``+25 (40)`` (``stacked``: the
    total on a line of its own)."""
    from rich.text import Text

    return Text.assemble(score, (f"{chr(10) if stacked else ' '}({running})", "dim"))


def _game_title(res: Result) -> str:
    from referee import games

    try:
        return games.get(res.setup.game).title
    except Exception:  # noqa: BLE001 - the name will do
        return res.setup.game


def winner(res: Result) -> Text | None:
    if res.winner is None:
        return _t("The game is over.", "bold") if res.complete else None
    if isinstance(res.winner, list):
        return _t("The game is over. Shared win: " + ", ".join(res.winner), "bold")
    return _t(f"The game is over. Winner: {res.winner}", "bold")


def violation(v: Any, ascii_only: bool, prefix: str | Text = "") -> Text:
    """``deal 3, trick 5: Bartek did not follow … — rule follow-suit`` (the player named once)."""
    from rich.text import Text

    return Text.assemble(prefix, _t(f"{v.where()}: ", "bold red"), cards(v.said(), ascii_only),
                         f" {'-' if ascii_only else '—'} rule {clean(v.rule)}")


def sheet(res: Result, ascii_only: bool, width: int | None = None) -> list[Any]:
    """The score sheet (narrower when it must fit in ``width`` columns), the winner once there
    is one, what was not played, the violations."""
    out: list[Any] = list(score_tables(res, ascii_only, width))
    note = total_note(res, _unit(res))
    if note is not None:
        out.append(_t(note, "dim"))
    w = winner(res)
    if w is not None:
        out.append(w)
    out += [cards(line, ascii_only) for line in not_played(res)]
    return out + [violation(v, ascii_only) for v in res.violations]


# -- edits and re-scoring ---------------------------------------------------------------------


def items_table(its: list[Item], ascii_only: bool = False, title: str = "",
                width: int = 100) -> Table:
    from rich.table import Table

    t = Table(title=cards(title, ascii_only), title_justify="left", box=None, padding=(0, 1))
    t.add_column("#", justify="right", style="bold")
    t.add_column("where")
    t.add_column("entry")
    for it in its:
        where = f"trick {it.trick}" if it.trick is not None else \
            "key" if isinstance(it.entry, Key) else \
            "after the end" if it.action == "done" else it.action  # the game was over
        text = it.text if len(it.text) <= width else it.text[:width - 1] + "…"
        t.add_row(str(it.number), where, cards(text, ascii_only))
    return t


def diff_view(d: Diff, ascii_only: bool = False, before: str = "before",
              after: str = "after", deals: bool = True, limit: int = 12) -> list[Any]:
    """What an edit (or other house rules) changed: deals, totals, violations, the winner."""
    from rich.table import Table
    from rich.text import Text

    arrow = "->" if ascii_only else "→"
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
        line.append("; ".join(f"{clean(n)} {b} {arrow} {a} ({a - b:+d})"
                              for n, (b, a) in d.totals.items()))
        out.append(line)
    for label, vs in (("new violation: ", d.appeared), ("violation gone: ", d.vanished)):
        for v in vs[:limit]:
            out.append(violation(v, ascii_only, label))
        if len(vs) > limit:
            out.append(Text(f"... and {len(vs) - limit} more ({label.strip(': ')}s: "
                            f"{len(vs)} in all)"))
    if d.winner is not None:
        wb, wa = (_who(x) for x in d.winner)
        out.append(Text(f"winner: {wb} {arrow} {wa}", style="bold"))
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
    from rich.table import Table
    from rich.text import Text

    names = names_of(res)
    arrow = "->" if ascii_only else "→"
    t = Table(title=Text(f"as recorded vs. under {clean(options_text)}"), title_justify="left",
              show_footer=True, box=_box(ascii_only))
    t.add_column("deal", justify="right", footer="total")
    for n in names:
        b, a = res.totals.get(n, 0), other.totals.get(n, 0)
        foot = Text(str(b)) if a == b else Text(f"{b} {arrow} {a}", style="bold")
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
                row.append(Text(f"{signed(x)} {arrow} {signed(y)}", style="bold yellow"))
        t.add_row(*row)
    return t
