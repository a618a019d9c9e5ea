"""Editing history: an entry as text, the entries of a deal, replacing one, and what changed.

The pure part of the table mode's ``edit`` and of re-scoring under other house rules: no
printing, no terminal, no files. A recorded game is history, so an edit is re-refereed
leniently: the replay reports the violations the change makes appear (or vanish) instead of
refusing it. ``diff`` compares any two ``Result`` of the same players (before and after an
edit, or one game under two sets of options).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..errors import NotationError, RefereeError, Violation
from ..games.base import GameRules
from ..model import Deal, Entry, Key, Play, Result, Setup
from ..notation import MAX_ENTRY
from ..words import numbered
from .entrytext import _cards
from .entrytext import entry_text as entry_text  # (callers import it from here too)
from .entrytext import toml_inline as toml_inline

if TYPE_CHECKING:
    from .session import Session


class EditRefused(RefereeError):
    """An edit the save file cannot hold without changing other entries: nothing is saved
    (exit 2, like any command that cannot be carried out). ``deal`` and ``trick`` name the
    trick to replace whole instead, when there is one."""

    def __init__(self, message: str, deal: int | None = None,
                 trick: int | None = None) -> None:
        super().__init__(message)
        self.deal = deal
        self.trick = trick

# -- an entry as the text one would type: ``referee.history.entrytext`` (the session's undo
# writes it too, so it is a module of its own, below both)

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
            entries: Sequence[Entry], last: int | None = None) -> list[Deal]:
    """A copy of ``deals`` with entry ``number`` of ``deal`` (entries ``number`` to ``last``)
    replaced by ``entries`` (none: removed). A deal left with no entry at all is dropped."""
    check_deal(deals, deal)
    out = [Deal(list(d.entries)) for d in deals]
    target = out[deal - 1].entries
    last = number if last is None else last
    if not 1 <= number <= last <= len(target):
        raise NotationError(f"deal {deal} has {numbered(len(target), 'entry', 'entries')}, "
                            f"not {number}")
    target[number - 1:last] = list(entries)
    if not target:
        del out[deal - 1]
    return out


# -- an edit as it will be saved ------------------------------------------------------------


def as_saved(rules: GameRules, setup: Setup, deals: Sequence[Deal]) -> list[Deal]:
    """``deals`` as the save file holds them: written out and read back. An edit is previewed
    and kept in this form, so that what is shown is what a later ``replay`` finds."""
    from ..store import savefile, tomlread

    try:
        text = savefile.dumps(rules, setup, list(deals))
        back = savefile.parse(tomlread.loads(text), "the edited game")[2]
    except Exception as e:  # noqa: BLE001 - a form the file cannot hold, whatever the cause
        raise EditRefused(f"this edit would leave a save file that cannot be read: {e}") \
            from None
    return back


def _same(a: Deal, b: Deal) -> bool:
    """The same entries, each with its player (the file may put a deal's keys elsewhere)."""
    def keys(d: Deal) -> list[Key]:
        return sorted((e for e in d.entries if isinstance(e, Key)), key=lambda k: k.name)

    return a.actions() == b.actions() and keys(a) == keys(b)


def _whose(e: Entry) -> str:
    player = getattr(e, "player", None)
    body = entry_text(e).split(": ", 1)[-1] if player else entry_text(e)
    return f"{player}'s {body}" if player else body


def _moved(rules: GameRules, setup: Setup, wanted: Sequence[Deal],
           saved: Sequence[Deal]) -> tuple[str, int, int | None] | None:
    """How the saved form differs from the game wanted, in words, with the deal and trick
    where it does; None when it does not."""
    for n, (a, b) in enumerate(zip_longest(wanted, saved), start=1):
        if a is None or b is None:
            return f"deal {n} would be {'lost' if b is None else 'added'}", n, None
        if _same(a, b):
            continue
        actions = [(i, e) for i, e in enumerate(a.entries) if not isinstance(e, Key)]
        theirs: list[Entry] = b.actions()
        for j in range(max(len(actions), len(theirs))):
            y = theirs[j] if j < len(theirs) else None
            if j >= len(actions):
                assert y is not None
                return f"{_whose(y)} would be added to deal {n}", n, None
            i, x = actions[j]
            if x == y:
                continue
            t = rules.replay(setup, _prefix(wanted, n, i)).expect.trick
            where = f"in deal {n}" if t is None else f"at trick {t} of deal {n}"
            if y is None:
                return f"{_whose(x)} would be lost {where}", n, t
            if sorted(map(repr, a.actions())) == sorted(map(repr, theirs)) or \
                    t is None and x in theirs:
                return f"{_whose(x)} would move to another place {where}", n, t
            if t is None:
                return f"{_whose(x)} would be lost {where}", n, t
            px, py = getattr(x, "player", None), getattr(y, "player", None)
            if px and py and px != py and entry_text(x).split(": ", 1)[-1] == \
                    entry_text(y).split(": ", 1)[-1]:
                return f"{_whose(x)} would become {py}'s {where}", n, t
            return f"{entry_text(x)} would be read as {entry_text(y)} {where}", n, t
        return f"the keys of deal {n} would change", n, None
    return None


@dataclass(slots=True)
class Change:
    """An edit worked out but not saved: the game as it will be saved, and its result."""

    deal: int
    number: int  # the first entry replaced (1-based within the deal)
    last: int  # the last entry replaced (the same as number for one entry)
    old: str  # the text of what is replaced
    new: list[Entry]  # what replaces it (none: removed)
    new_text: str
    deals: list[Deal]  # the whole game as the save file will hold it
    before: Result
    after: Result  # the replay of ``deals``: exactly what a later replay of the file finds

    @property
    def diff(self) -> Diff:
        return diff(self.before, self.after)

    @property
    def code(self) -> int:
        """The exit code of the edit: 1 when the game it leaves breaks a rule."""
        return 0 if self.after.ok else 1


def trick_entries(its: Sequence[Item], trick: int) -> tuple[int, int]:
    """The first and last entry numbers of ``trick`` (its plays) among ``its``."""
    nums = [it.number for it in its if it.trick == trick and not isinstance(it.entry, Key)]
    if not nums:
        raise NotationError(f"this deal has no trick {trick}")
    return nums[0], nums[-1]


def trick_text(its: Sequence[Item], trick: int) -> str:
    """The plays of ``trick`` as one line to type (``Leader: card card ...``) when each play
    is one card; else the entries joined by `` / `` (as Kozel writes a trick)."""
    first, last = trick_entries(its, trick)
    plays = [it.entry for it in its[first - 1:last]]
    single = [e for e in plays if isinstance(e, Play) and len(e.cards) == 1 and not e.down]
    if single and len(single) == len(plays):
        return f"{single[0].player}: " + " ".join(_cards(e.cards) for e in single)
    return " / ".join(it.text for it in its[first - 1:last])


def propose(rules: GameRules, setup: Setup, deals: Sequence[Deal], deal: int, number: int,
            text: str, last: int | None = None, before: Result | None = None) -> Change:
    """Entry ``number`` of ``deal`` (or entries ``number`` to ``last``) replaced by ``text``,
    worked out exactly as it will be saved. An edit the file cannot hold without changing
    another entry (a trick line lists its plays in turn from its leader: a card cannot change
    hands alone, and a card removed in mid-trick would pass later cards to other players)
    is refused with ``EditRefused``; nothing is saved then."""
    from .session import Session

    new = parse_replacement(rules, setup, deals, deal, number, text)
    entries = deals[deal - 1].entries
    last = number if last is None else last
    if not number <= last <= len(entries):
        raise NotationError(f"deal {deal} has entries 1-{len(entries)}, not {last}")
    old = "; ".join(entry_text(e, rules, setup) for e in entries[number - 1:last])
    if not new and last - number + 1 == len(entries) and deal < len(deals):
        raise EditRefused(f"this would leave deal {deal} empty, and the deals after it would "
                          "each move up one place. Instead, replace what it holds", deal)
    wanted = Session(rules, setup, replace(deals, deal, number, new, last))
    wanted.deal_if_due()  # as saving it will: a deal now due is dealt (``--deal``)
    saved = as_saved(rules, setup, wanted.deals)
    moved = _moved(rules, setup, wanted.deals, saved)
    if moved is not None:
        what, n, t = moved
        instead = "keep the player and change only the card, or replace the whole trick" \
            if t is not None else "keep the player and change only what was played"
        why = "it writes each trick as one line, in turn from its leader, so" \
            if t is not None else "written out and read back,"
        raise EditRefused(f"the save file cannot hold this edit alone: {why} {what}. "
                          f"Instead, {instead}", n, t)
    new_text = "; ".join(entry_text(e, rules, setup) for e in new) or "(removed)"
    return Change(deal, number, last, old, new, new_text, saved,
                  before if before is not None else rules.replay(setup, deals),
                  rules.replay(setup, saved))


def note_entry(deals: Sequence[Deal], deal: int) -> int | None:
    """The entry number (1-based) of the note of ``deal``, if it has one."""
    entries = deals[deal - 1].entries if 1 <= deal <= len(deals) else []
    for i, e in enumerate(entries):
        if isinstance(e, Key) and e.name == "note":
            return i + 1
    return None


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


def unseen(deals: Sequence[Deal], change: Change, force: bool = False) -> frozenset[Card]:
    """The cards of a private deal in progress that the table has not seen, before the edit
    (``deals``) or after it (``change``): what the laptop may not show of the change
    (``force``: every deal in progress private, as ``private.hidden`` takes it)."""
    from . import private

    return private.hidden(deals, change.before, force=force) | \
        private.hidden(change.deals, change.after, force=force)


def masked_diff(d: Diff, cards: frozenset[Card]) -> Diff:
    """``d`` with each card of ``cards`` written ``?`` in what it says (the violations'
    messages, the deals' contracts and results, the prompts): ``unseen``'s cards, for the
    laptop's screen."""
    if not cards:
        return d
    from dataclasses import replace

    from ..views.public import redact

    def say(text: str) -> str:
        return redact(text, cards)

    return Diff([replace(c, label_before=say(c.label_before), label_after=say(c.label_after))
                 for c in d.deals], dict(d.totals),
                [replace(v, message=say(v.message)) for v in d.appeared],
                [replace(v, message=say(v.message)) for v in d.vanished], d.winner, d.complete,
                None if d.expect is None else (say(d.expect[0]), say(d.expect[1])))


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


def apply(session: Session, deals: list[Deal] | Change) -> Result:
    """Put ``deals`` (a ``Change``: the game it saves) in place of the session's (replayed
    leniently), deal virtual cards if a deal is now due, and save atomically. Returns the new
    result: for a ``Change``, the same as its ``after``."""
    kept = deals.deals if isinstance(deals, Change) else deals
    session.replace(kept)
    session.deal_if_due()
    session.save()
    result: Result = session.result()
    return result
