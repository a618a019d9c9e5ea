"""The score sheet, the winner and the violations as lines of text, without rich.

A row per deal: its number (with ``!`` when it has a violation), dealer, contract or name,
result, and what each player (or team) scored with the running total. Names and other text
from the file go through ``clean``: shown literally, control characters made visible.
"""

from __future__ import annotations

import re
from typing import Any

from cli.grid import Column, table
from cli.plain import TO_ASCII, Style, clean, names_of
from referee.cards import GLYPH
from referee.model import DealResult, Result

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


def signed(v: int | None) -> str:
    """A score: ``+25``, ``-40``, ``0``; ``-`` for none."""
    return "-" if v is None else f"{v:+d}" if v else "0"


def score_table(res: Result, st: Style, title: str | None = None,
                limit: int | None = None) -> list[str]:
    """The sheet's title and table, no wider than ``limit`` if the words allow."""
    names = names_of(res)
    bad = {v.deal for v in res.violations}
    labels = [deal_label(d) for d in res.deals]
    results = [deal_result(d) for d in res.deals]
    dealers = any(d.dealer for d in res.deals)
    columns = [Column("deal", right=True, footer="total")]
    if dealers:
        columns.append(Column("dealer"))
    if any(labels):
        columns.append(Column("contract" if any(d.extra.get("contract") for d in res.deals)
                              else "deal name"))
    if any(results):
        columns.append(Column("result"))
    columns += [Column(clean(n), right=True, footer=str(res.totals.get(n, 0))) for n in names]
    running = {n: 0 for n in names}
    rows = []
    for d, label, result in zip(res.deals, labels, results, strict=True):
        row = [st.red(st.bold(f"{d.number} !")) if d.number in bad else str(d.number)]
        if dealers:
            row.append(clean(d.dealer or ""))
        if any(labels):
            row.append(st.cards(label))
        if any(results):
            row.append(st.red(result) if result == "set" else result)
        for n in names:
            if d.scores is None:
                row.append("")
            elif d.finished:
                running[n] += d.scores.get(n, 0)
                row.append(signed(d.scores.get(n, 0)) + st.dim(f" ({running[n]})"))
            else:
                row.append(st.dim(f"{signed(d.scores.get(n, 0))} so far"))
        rows.append(row)
    heading = clean(title or f"{res.setup.title or _game_title(res)} — score sheet")
    return table(heading.translate(TO_ASCII) if st.ascii else heading, columns, rows, st, limit)


def _game_title(res: Result) -> str:
    from referee import games

    try:
        return games.get(res.setup.game).title
    except Exception:  # noqa: BLE001 - the name will do
        return res.setup.game


def sheet(res: Result, st: Style, limit: int | None = None) -> list[str]:
    """The score sheet, the winner once there is one, what was not played, the violations."""
    out = score_table(res, st, limit=limit)
    w = winner_line(res, st)
    if w is not None:
        out.append(w)
    return out + not_played(res) + violations(res, st)


def not_played(res: Result) -> list[str]:
    """A line per deal whose entries the options leave out (neither scored nor violations)."""
    return [f"deal {d.number}: {d.left_out}" for d in res.deals if d.left_out]


def winner_line(res: Result, st: Style) -> str | None:
    if res.winner is None:
        return st.bold("The game is over.") if res.complete else None
    if isinstance(res.winner, list):
        return st.bold("The game is over. Shared win: "
                       + ", ".join(clean(w) for w in res.winner))
    return st.bold(f"The game is over. Winner: {clean(res.winner)}")


def violation_line(v: Any, st: Style, prefix: str = "") -> str:
    """``deal 3, trick 5: Bartek did not follow … — rule follow-suit`` (the player named once)."""
    return (prefix + st.red(st.bold(f"{v.where()}: ")) + st.cards(clean(v.said()))
            + f" {'-' if st.ascii else '—'} rule {v.rule}")


def violations(res: Result, st: Style) -> list[str]:
    return [violation_line(v, st) for v in res.violations]
