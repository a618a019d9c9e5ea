"""A game on disk: load it, add entries strictly (refuse what breaks a rule), undo, save.

Every accepted entry is written at once, atomically. The state is always the replay of the
entries, so ``add`` is: append, replay, and keep the entry only if its own processing found
nothing wrong (a breach it *proves* in an earlier trick is reported, and the entry stays).
"""

from __future__ import annotations

from pathlib import Path

from . import savefile
from .errors import IllegalEntry, RefereeError, Violation
from .games import get as get_game
from .games.base import GameRules
from .model import Deal, Entry, Key, Result, Setup

AUTO_KEYS = ("dealer", "hands", "stock", "trump", "trump_card")
AFTER_KEYS = ("claimed", "note")  # keys typed after a deal that belong to that deal
MAX_ENTRIES = 20000


EVIDENCE = ("claimed-score",)  # what the table wrote down: recorded and flagged, never refused


class Added:
    """What an accepted typed line added, the earlier breaches it proved, and the claimed
    scores now on record that differ from the computed ones (``flagged``)."""

    __slots__ = ("entries", "proven", "flagged")

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.proven: list[Violation] = []
        self.flagged: list[Violation] = []


class Session:
    def __init__(self, rules: GameRules, setup: Setup, deals: list[Deal],
                 path: str | Path | None = None) -> None:
        self.rules = rules
        self.setup = setup
        self.deals = deals
        self.path = Path(path) if path is not None else None
        self._result: Result | None = None

    # -- files --------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> Session:
        rules, setup, deals = savefile.load(path)
        return cls(rules, setup, deals, path)

    @classmethod
    def create(cls, path: str | Path, setup: Setup) -> Session:
        s = cls(get_game(setup.game), setup, [], path)
        s.deal_if_due()
        s.save()
        return s

    def text(self) -> str:
        return savefile.dumps(self.rules, self.setup, self.deals)

    def save(self) -> None:
        if self.path is not None:
            savefile.write_atomic(self.path, self.text())

    # -- the game -----------------------------------------------------------------------------

    def result(self) -> Result:
        if self._result is None:
            self._result = self.rules.replay(self.setup, self.deals)
        return self._result

    def entry_count(self) -> int:
        return sum(len(d.entries) for d in self.deals)

    def _snapshot(self) -> list[Deal]:
        return [Deal(list(d.entries)) for d in self.deals]

    def _restore(self, snap: list[Deal]) -> None:
        self.deals = snap
        self._result = None

    def deal_if_due(self) -> None:
        """The referee deals virtual cards itself when a deal is due (``--deal``)."""
        res = self.result()
        if self.setup.seed is None or not res.expect.new_deal or res.complete:
            return
        d = self._new_deal(res)
        if d.entries:
            self.deals.append(d)
            self._result = None

    def _new_deal(self, res: Result) -> Deal:
        """A new deal table: its dealer, and the virtual cards in a ``--deal`` game."""
        dealer = res.expect.dealer
        entries: list[Entry] = []
        if dealer is not None:
            entries.append(Key("dealer", dealer))
        if self.setup.seed is not None:
            entries.extend(self.rules.virtual_deal(self.setup, len(self.deals) + 1, dealer))
        return Deal(entries)

    def _append(self, entry: Entry) -> int:
        """Put ``entry`` where it belongs; its index among all the entries."""
        res = self.result()
        if isinstance(entry, Key) and entry.name == "claimed" and len(self.deals) > 1 and \
                self._starts_deal_here():  # the referee has dealt the next deal already
            self.deals[-2].entries.append(entry)
            self._result = None
            return self.entry_count() - len(self.deals[-1].entries) - 1
        if isinstance(entry, Key) and entry.name in AFTER_KEYS and self.deals and \
                not self._starts_deal_here():
            self.deals[-1].entries.append(entry)  # the claimed score of the deal just played
            self._result = None
            return self.entry_count() - 1
        if res.expect.new_deal and not self._starts_deal_here():
            self.deals.append(self._new_deal(res))
        self.deals[-1].entries.append(entry)
        self._result = None
        return self.entry_count() - 1

    def _starts_deal_here(self) -> bool:
        """The last deal has only its dealing keys so far: entries go into it."""
        if not self.deals:
            return False
        d = self.deals[-1]
        return bool(d.entries) and all(isinstance(e, Key) and e.name in AUTO_KEYS
                                       for e in d.entries) and not self.result().expect.new_deal

    def add(self, text: str) -> Added:
        """Parse a typed entry and apply it strictly; all or nothing; saved when accepted."""
        if self.entry_count() >= MAX_ENTRIES:
            raise RefereeError(f"this file already holds {MAX_ENTRIES} entries")
        res = self.result()
        if self.over(res) and not _a_claim(text):
            raise IllegalEntry("turn-order", "the game is over: no more entries")
        entries = self.rules.parse_entry(text, self.setup, res)
        known = {(v.deal, v.player, v.message) for v in res.violations if v.rule in EVIDENCE}
        at: set[int] = set()
        snap = self._snapshot()
        added = Added()
        try:
            for e in entries:
                if self.over(self.result()) and not (isinstance(e, Key) and e.name == "claimed"):
                    raise IllegalEntry("turn-order", "the game is over: no more entries")
                index = self._append(e)  # the entry just appended
                at.add(index)
                res = self.result()
                mine = [v for v in res.violations if v.at == index and v.rule not in EVIDENCE]
                bad = [v for v in mine if not v.retro]
                if bad:
                    raise IllegalEntry(bad[0].rule, bad[0].message)
                added.entries.append(e)
                added.proven.extend(mine)
                self.deal_if_due()
        except RefereeError:
            self._restore(snap)
            raise
        added.flagged = [v for v in self.result().violations if v.rule in EVIDENCE and (
            v.at in at or (v.deal, v.player, v.message) not in known)]  # recorded, reported
        self.save()
        return added

    @staticmethod
    def over(res: Result) -> bool:
        """Nothing more can be entered (a series file can always start another game)."""
        return res.complete and not res.expect.new_deal or res.expect.action == "done"

    def undo(self, n: int = 1) -> list[Entry]:
        """Take back the last ``n`` entries (a deal dealt by the referee goes with its first)."""
        taken: list[Entry] = []
        while n > 0 and self.deals:
            d = self.deals[-1]
            if not d.entries or all(isinstance(e, Key) and e.name in AUTO_KEYS
                                    for e in d.entries) and self.setup.seed is not None:
                self.deals.pop()
                continue
            taken.append(d.entries.pop())
            if not d.entries:
                self.deals.pop()
            n -= 1
        self._result = None
        self.deal_if_due()
        self.save()
        return taken


def _a_claim(text: str) -> bool:
    """``claimed = {...}``: the score the table wrote down for the last deal is welcome even
    once the game is over (CLI.md: a claimed score is evidence)."""
    from .notation import key_line

    try:
        kv = key_line(text)
    except RefereeError:
        return False
    return kv is not None and kv[0] == "claimed"
