"""``explain`` for Kozel: each play of a trick, which card beat which, who took it and why."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...model import Deal, Setup
from ...words import count
from ..explain import deal_asked, trick_asked
from .cards import cards_text, suit_text
from .play import Game, TrickRec, describe

if TYPE_CHECKING:
    from .rules import Kozel, Series


def explain(rules: Kozel, setup: Setup, deals: Sequence[Deal], deal: int,
            trick: int | None, s: Series) -> list[str]:
    deal_asked(deal, len(deals), "game")
    if deal > len(s.games):  # written after the end: not refereed, counts for nothing
        said = [f"  {v.rule}: {v.message}" for v in s.violations if v.deal == deal]
        return [f"Game {deal} was played after the series was over ({s.winner} had won): "
                "it counts for nothing", *said]
    g = s.games[deal - 1]
    head = f"Game {deal}: dealer {g.dealer}; trump {suit_text(g.trump)}"
    if g.trump_card is not None:
        head += f" ({g.trump_card} shown)"
    seen = "hands known" if g.hands is not None else "hands unseen"
    if g.stock is not None:
        seen += ", deck known"
    lines = [head + f"; {seen}" if g.actions or g.trump else f"Game {deal}: dealer {g.dealer}"]
    names = g.team_names()
    if trick is None:
        if g.outcome is not None:
            parts = []
            for k, label in (("points", "card points"), ("tricks", "tricks")):
                got = g.outcome.get(k)
                if got is not None:
                    parts.append(f"{label} " + ", ".join(f"{n} {got.get(n, 0)}" for n in names))
            what = "an outcome only" if not g.tricks else "the table's outcome"
            lines.append(f"Recorded as {what}: " + "; ".join(parts))
        for t in g.tricks:
            lines.append(f"Trick {t.number}: " + " / ".join(
                f"{r.player}{' pulls' if r.pull else ''}: {'~' if r.down else ''}"
                f"{cards_text(r.cards)}" for r in t.attempt)
                + f" — {t.winner} took it ({t.points_said()})")
        if g.points is not None:
            lines.append(f"Card points: {names[0]} {g.points[0]}, {names[1]} {g.points[1]}")
        lines.extend(f"  {v.where()}: {v.player or '-'}: {v.rule}: {v.message}"
                     for v in g.violations)
        return lines
    tricks = g.tricks + ([g.current] if g.current is not None else [])
    trick_asked(deal, trick, len(tricks), "game")
    t = tricks[trick - 1]
    lines.append(lead_line(g, t))
    broken: dict[int, list[str]] = {}
    for v in g.violations:
        if v.trick == trick:
            broken.setdefault(v.at, []).append(f"{v.rule}: {v.message}")
    for r in t.plays:
        line = "  " + describe(r, g.trump)
        if r.cancelled_by is not None and not r.pull:
            line += f" — cancelled by {r.cancelled_by}'s pull (the cards went back)"
        elif r.cancelled_by is not None:
            line += f" — cancelled by {r.cancelled_by}'s pull"
        for b in broken.get(r.at, []):
            line += f" — BROKE {b}"
        lines.append(line)
    if t.winner is not None:
        w = t.winning
        how = "nobody beat the lead" if w is not None and w.kind in ("lead", "pull") else \
            "the last to beat"
        n = sum(len(r.cards) for r in t.attempt)
        lines.append(f"Winner: {t.winner} — {how}; the trick's {count(n, 'card')}, discards "
                     "included, "
                     f"go to {names[g.team(t.winner)]} ({t.points} points seen)")
        if t.draws and all(c is None for _, c in t.draws):
            lines.append(f"Draws: {count(len(t.draws), 'card')}, one at a time from "
                         f"{t.draws[0][0]} on (not seen)")
        elif t.draws:
            lines.append("Draws: " + ", ".join(f"{p} {c if c is not None else '?'}"
                                               for p, c in t.draws))
    else:
        lines.append("The trick is not finished yet")
    return lines


def lead_line(g: Game, t: TrickRec) -> str:
    if t.expected is None:
        return f"Trick {t.number}: the leader is not checked (the game before was recorded as " \
            "an outcome only)"
    if t.number == 1:
        why = ("left of the dealer" if g.number == 1 else
               f"won the last trick of game {g.number - 1}")
        return f"Trick 1: {t.expected} leads ({why})"
    return f"Trick {t.number}: {t.expected} leads (won trick {t.number - 1})"
