"""The score sheet as CSV or Markdown, for ``referee export``. No rich, no rule logic.

A row per deal: its number, dealer, contract (or the deal's name), result, what each player
(or team) scored and the running totals; then the totals, and in Markdown the winner and the
violations. Text from the file (names) is written literally: control characters made
visible; in CSV a cell that a spreadsheet would run as a formula is prefixed with ``'``; in
Markdown the characters that would make markup are escaped.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from cli.plain import clean, names_of
from cli.scoresheet import deal_label, deal_result, total_note
from referee.model import Result, running_totals


def unit(res: Result) -> str:
    """What the game calls one row: ``game`` where each is a game of its own (Kozel,
    Foursquare), else ``deal``."""
    from referee import games

    return games.get(res.setup.game).unit


def has_contract(res: Result) -> bool:
    """Whether the game's deals have a contract (or a name) to show: else no such column."""
    from referee import games

    return games.get(res.setup.game).contracts


def rows(res: Result) -> tuple[list[str], list[list[Any]]]:
    """Header and rows: per deal the scores, then the running totals, then a total row.

    The contract column is left out for a game whose deals have none (Kozel, Foursquare);
    the first column is named as the game names its rows (``deal`` or ``game``)."""
    names = names_of(res)
    keep = has_contract(res)
    header = [unit(res), "dealer", *(["contract"] if keep else []), "result", "finished"]
    header += names + [f"{n} total" for n in names]
    out: list[list[Any]] = []
    for d, running in zip(res.deals, running_totals(res.deals, names), strict=True):
        scores = ["" if d.scores is None else d.scores.get(n, 0) for n in names]
        out.append([d.number, d.dealer or "", *([deal_label(d)] if keep else []),
                    deal_result(d),
                    "yes" if d.finished else "no", *scores,
                    *(running[n] for n in names)])
    finished_only = "finished deals only" if total_note(res) is not None else ""
    out.append(["total", "", *([""] if keep else []), finished_only, "", *("" for _ in names),
                *(res.totals.get(n, 0) for n in names)])
    return header, out


_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _csv_cell(v: Any) -> Any:
    if isinstance(v, str):
        v = clean(v)
        if v.startswith(_FORMULA) and not re.fullmatch(r"[+-]?\d+", v):
            return "'" + v
    return v


def to_csv(res: Result) -> str:
    header, body = rows(res)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([_csv_cell(h) for h in header])
    for r in body:
        w.writerow([_csv_cell(x) for x in r])
    return buf.getvalue()


_MD = re.compile(r"([\\`*_\[\]<>|~])")


def md(text: Any) -> str:
    """A table cell: literal text, one line, with only what would make markup inside a cell
    escaped (``|`` ends a cell; emphasis, code, links, html, strike-through); ``(``, ``#``,
    ``+``, ``!`` mean nothing there and stay as they are."""
    s = clean(str(text)).replace("\n", " ").replace("\t", " ")
    return _MD.sub(r"\\\1", s)


def to_markdown(res: Result, ascii_only: bool = True) -> str:
    from cli.plain import plain_cards

    names = names_of(res)
    title = res.setup.title or res.setup.game
    lines = [f"# {md(title)} — score sheet", ""]
    lines.append("Players: " + ", ".join(md(p) for p in res.setup.players)
                 + (" (teams: " + "; ".join(md(n) for n in names) + ")" if res.teams else ""))
    lines.append("")
    keep = has_contract(res)
    head = [unit(res), "dealer", *(["contract"] if keep else []), "result", *names]
    first = len(head) - len(names)
    lines.append("| " + " | ".join(md(h) for h in head) + " |")
    lines.append("|" + "|".join("---:" if i == 0 or i >= first else "---"
                                for i in range(len(head))) + "|")
    for d, running in zip(res.deals, running_totals(res.deals, names), strict=True):
        cells = [str(d.number), md(d.dealer or ""),
                 *([md(plain_cards(deal_label(d), ascii_only))] if keep else []),
                 md(deal_result(d))]
        for n in names:
            if d.scores is None:
                cells.append("")
                continue
            x = d.scores.get(n, 0)
            if d.finished:
                cells.append(f"{x:+d} ({running[n]})" if x else f"0 ({running[n]})")
            else:
                cells.append(f"{x:+d} so far" if x else "0 so far")
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("| **total** |" + " |" * (first - 1) + " "
                 + " | ".join(f"**{res.totals.get(n, 0)}**" for n in names) + " |")
    lines.append("")
    note = total_note(res, unit(res))
    if note is not None:
        lines.append(md(note))
        lines.append("")
    if res.winner is not None:
        w = res.winner
        lines.append("**Shared win:** " + ", ".join(md(x) for x in w) if isinstance(w, list)
                     else f"**Winner:** {md(w)}")
        lines.append("")
    elif res.complete:
        lines.append("The game is over.")
        lines.append("")
    left = [d for d in res.deals if d.left_out]
    if left:
        lines.extend(f"{unit(res).capitalize()} {d.number}: {md(d.left_out)}" for d in left)
        lines.append("")
    if res.violations:
        lines.append("Violations:")
        lines.append("")
        for vio in res.violations:
            lines.append(f"- {vio.where()}: {md(plain_cards(vio.said(), ascii_only))} "
                         f"— rule `{vio.rule}`")
        lines.append("")
    return "\n".join(lines)
