"""Editing history: an entry as text, the entries of a deal, replacing one, and what changed.

The pure part of the table mode's ``edit`` and of re-scoring under other house rules: no
printing, no terminal, no files. A recorded game is history, so an edit is re-refereed
leniently: the replay reports the violations the change makes appear (or vanish) instead of
refusing it. ``diff`` compares any two ``Result`` of the same players (before and after an
edit, or one game under two sets of options).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import NotationError, Violation
from .games.base import GameRules
from .model import Bid, Deal, Entry, Exchange, Key, Pass, Place, Play, Pull, Result, Setup
from .notation import MAX_ENTRY
from .words import numbered

# -- an entry as the text one would type ------------------------------------------------------

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_inline(value: Any) -> str:
    """A value as inline TOML (one line), the way a key line is typed at the prompt."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, dict):
        if not value:
            return "{}"
        parts = [f"{k if _BARE_KEY.match(str(k)) else toml_inline(str(k))} = {toml_inline(v)}"
                 for k, v in value.items()]
        return "{ " + ", ".join(parts) + " }"
    if isinstance(value, (list, tuple)):
        if value and all(_is_card(x) for x in value):
            return toml_inline(" ".join(str(x) for x in value))
        return "[" + ", ".join(toml_inline(x) for x in value) + "]"
    if value is None:
        return '""'
    return toml_inline(str(value))


def _is_card(x: Any) -> bool:
    from .cards import Card

    return isinstance(x, Card)


def _cards(cards: Sequence[Any]) -> str:
    return " ".join("?" if c is None else str(c) for c in cards)


def entry_text(entry: Entry, rules: GameRules | None = None, setup: Setup | None = None) -> str:
    """An entry in the grammar of the prompt and of ``add`` (typing it back gives it again)."""
    if isinstance(entry, Play):
        return f"{entry.player}: {'~' if entry.down else ''}{_cards(entry.cards)}"
    if isinstance(entry, Pull):
        return f"{entry.player} pulls: {_cards(entry.cards)}"
    if isinstance(entry, Bid):
        return f"{entry.player}: {'pass' if entry.value is None else entry.value}"
    if isinstance(entry, Pass):
        return f"{entry.player}: pass"
    if isinstance(entry, Exchange):
        what = _cards(entry.cards) if entry.cards is not None else str(entry.count)
        return f"{entry.player}: {entry.kind} {what}".rstrip()
    if isinstance(entry, Place):
        pos = f"{entry.row},{entry.col}"
        return pos if entry.card is None else f"{entry.card} {pos}"
    if isinstance(entry, Key):
        value: Any = entry.value
        if rules is not None and setup is not None:
            try:  # the game writes its keys best (names for teams, cards as strings)
                dumped = rules.dump_deal(Deal([entry]), setup)
                value = dumped.get(entry.name, value)
            except Exception:  # noqa: BLE001 - a game that cannot dump a lone key
                value = entry.value
        return f"{entry.name} = {toml_inline(value)}"
    return str(entry)


# -- the entries of one deal --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Item:
    """One entry of a deal, for ``edit``: its 1-based place in the deal, where it fell."""

    number: int  # 1-based within the deal
    index: int  # global index (all entries of earlier deals first)
    trick: int | None  # the trick (or None: bidding, exchange, a turn, a key)
    action: str  # what the referee expected when it was made (play, lead, bid, ...)
    player: str | None
    text: str
    entry: Entry


def _prefix(deals: Sequence[Deal], deal: int, upto: int) -> list[Deal]:
    """The game as it stood before entry ``upto`` (0-based) of deal ``deal`` (1-based)."""
    out = [Deal(list(d.entries)) for d in deals[:deal - 1]]
    if upto > 0:
        out.append(Deal(list(deals[deal - 1].entries[:upto])))
    return out


def check_deal(deals: Sequence[Deal], deal: int) -> None:
    if not 1 <= deal <= len(deals):
        raise NotationError(f"there is no deal {deal}: {numbered(len(deals), 'deal')} "
                            f"{'is' if len(deals) == 1 else 'are'} recorded"
                            if deals else "no deal is recorded yet")


def items(rules: GameRules, setup: Setup, deals: Sequence[Deal], deal: int) -> list[Item]:
    """Every entry of ``deal`` (1-based), with the trick each one went to."""
    check_deal(deals, deal)
    base = sum(len(d.entries) for d in deals[:deal - 1])
    out = []
    for i, e in enumerate(deals[deal - 1].entries):
        exp = rules.replay(setup, _prefix(deals, deal, i)).expect
        trick = None if isinstance(e, Key) else exp.trick
        player = getattr(e, "player", None)
        out.append(Item(i + 1, base + i, trick, exp.action, player,
                        entry_text(e, rules, setup), e))
    return out


def state_before(rules: GameRules, setup: Setup, deals: Sequence[Deal], deal: int,
                 number: int) -> tuple[list[Deal], Result]:
    """The game as it stood just before entry ``number`` of ``deal`` (both 1-based), and its
    result (what the referee expected then)."""
    check_deal(deals, deal)
    prefix = _prefix(deals, deal, number - 1)
    return prefix, rules.replay(setup, prefix)


def parse_replacement(rules: GameRules, setup: Setup, deals: Sequence[Deal], deal: int,
                      number: int, text: str) -> list[Entry]:
    """Entries for ``text`` typed in place of entry ``number`` of ``deal`` (both 1-based),
    read as the referee would have read it then. ``delete`` (or nothing) removes the entry."""
    check_deal(deals, deal)
    n = len(deals[deal - 1].entries)
    if not 1 <= number <= n:
        raise NotationError(f"deal {deal} has {numbered(n, 'entry', 'entries')}, not {number}")
    t = text.strip()
    if len(t) > MAX_ENTRY:
        raise NotationError(f"entry too long ({len(t)} characters; at most {MAX_ENTRY})")
    if t.lower() in ("", "delete", "del", "-"):
        return []
    _prefix_deals, then = state_before(rules, setup, deals, deal, number)
    return rules.parse_entry(t, setup, then)


def replace(deals: Sequence[Deal], deal: int, number: int,
            entries: Sequence[Entry]) -> list[Deal]:
    """A copy of ``deals`` with entry ``number`` of ``deal`` replaced by ``entries`` (none:
    removed). A deal left with no entry at all is dropped."""
    check_deal(deals, deal)
    out = [Deal(list(d.entries)) for d in deals]
    target = out[deal - 1].entries
    if not 1 <= number <= len(target):
        raise NotationError(f"deal {deal} has {numbered(len(target), 'entry', 'entries')}, "
                            f"not {number}")
    target[number - 1:number] = list(entries)
    if not target:
        del out[deal - 1]
    return out


# -- what changed ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealChange:
    number: int
    before: dict[str, int] | None
    after: dict[str, int] | None
    finished_before: bool
    finished_after: bool
    label_before: str = ""
    label_after: str = ""

    def changed(self) -> list[str]:
        """The names whose score in this deal changed."""
        b, a = self.before or {}, self.after or {}
        return [n for n in dict.fromkeys([*b, *a]) if b.get(n) != a.get(n)]


@dataclass(slots=True)
class Diff:
    deals: list[DealChange] = field(default_factory=list)  # only deals that changed
    totals: dict[str, tuple[int, int]] = field(default_factory=dict)  # changed totals only
    appeared: list[Violation] = field(default_factory=list)
    vanished: list[Violation] = field(default_factory=list)
    winner: tuple[Any, Any] | None = None  # (before, after) when it changed
    complete: tuple[bool, bool] | None = None
    expect: tuple[str, str] | None = None  # the prompt before and after, when it changed

    @property
    def empty(self) -> bool:
        return not (self.deals or self.totals or self.appeared or self.vanished
                    or self.winner or self.complete)


def _label(d: Any) -> str:
    parts = []
    for k in ("contract", "result"):
        v = d.extra.get(k)
        if v is not None:
            parts.append(str(v))
    if d.redeal:
        parts.append("redeal")
    return ", ".join(parts)


def _vkey(v: Violation) -> tuple[Any, ...]:
    # the entry index moves when an edit adds or removes entries: compare without it
    return (v.deal, v.trick, v.turn, v.player, v.rule, v.message)


def diff(before: Result, after: Result) -> Diff:
    """What differs between two results of the same table."""
    out = Diff()
    nb, na = len(before.deals), len(after.deals)
    for i in range(max(nb, na)):
        b = before.deals[i] if i < nb else None
        a = after.deals[i] if i < na else None
        sb = b.scores if b is not None else None
        sa = a.scores if a is not None else None
        fb = b.finished if b is not None else False
        fa = a.finished if a is not None else False
        lb = _label(b) if b is not None else ""
        la = _label(a) if a is not None else ""
        if sb != sa or fb != fa or lb != la or (b is None) != (a is None):
            out.deals.append(DealChange(i + 1, sb, sa, fb, fa, lb, la))
    for n in dict.fromkeys([*before.totals, *after.totals]):
        tb, ta = before.totals.get(n, 0), after.totals.get(n, 0)
        if tb != ta:
            out.totals[n] = (tb, ta)
    cb = Counter(_vkey(v) for v in before.violations)
    ca = Counter(_vkey(v) for v in after.violations)
    gone, new = cb - ca, ca - cb
    for v in after.violations:
        if new[_vkey(v)] > 0:
            new[_vkey(v)] -= 1
            out.appeared.append(v)
    for v in before.violations:
        if gone[_vkey(v)] > 0:
            gone[_vkey(v)] -= 1
            out.vanished.append(v)
    if before.winner != after.winner:
        out.winner = (before.winner, after.winner)
    if before.complete != after.complete:
        out.complete = (before.complete, after.complete)
    if before.expect.prompt != after.expect.prompt:
        out.expect = (before.expect.prompt, after.expect.prompt)
    return out


def rescore(rules: GameRules, setup: Setup, deals: Sequence[Deal],
            options: dict[str, Any]) -> Result:
    """The same game replayed under other house rules (``options`` over the file's own)."""
    merged = dict(setup.options)
    merged.update(options)
    return rules.replay(setup.but(options=merged), deals)


def apply(session: Any, deals: list[Deal]) -> Result:
    """Put ``deals`` in place of the session's (replayed leniently), deal virtual cards if a
    deal is now due, and save atomically. Returns the new result."""
    session._restore(deals)
    session.deal_if_due()
    session.save()
    result: Result = session.result()
    return result
