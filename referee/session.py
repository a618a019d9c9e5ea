"""A game on disk: load it, add entries strictly (refuse what breaks a rule), undo, save.

Every accepted entry is written at once, atomically. The state is always the replay of the
entries, so ``add`` is: append, replay, and keep the entry only if its own processing found
nothing wrong (a breach it *proves* in an earlier trick is reported, and the entry stays).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from . import savefile
from .errors import FileChanged, IllegalEntry, RefereeError, SaveFileError, Violation, WriteFailed
from .games import get as get_game
from .games.base import GameRules
from .model import Deal, Entry, Key, Result, Setup

AUTO_KEYS = ("dealer", "hands", "stock", "trump", "trump_card")
AFTER_KEYS = ("claimed", "note")  # keys typed after a deal that belong to that deal
MAX_ENTRIES = 20000


class Added:
    """What an accepted typed line added, and the earlier breaches it proved."""

    __slots__ = ("entries", "proven")

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.proven: list[Violation] = []


class Session:
    def __init__(self, rules: GameRules, setup: Setup, deals: list[Deal],
                 path: str | Path | None = None) -> None:
        self.rules = rules
        self.setup = setup
        self.deals = deals
        self.path = Path(path) if path is not None else None
        self._result: Result | None = None
        self._disk: bytes | None = None  # the file's bytes as last read or written
        self._saved = self._snapshot()  # the deals as last read or written

    # -- files --------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> Session:
        raw = savefile.read(path)
        rules, setup, deals = savefile.loads(raw, str(path))
        s = cls(rules, setup, deals, path)
        s._disk = raw
        return s

    @classmethod
    def create(cls, path: str | Path, setup: Setup) -> Session:
        s = cls(get_game(setup.game), setup, [], path)
        s.deal_if_due()
        s.save()
        return s

    def text(self) -> str:
        return savefile.dumps(self.rules, self.setup, self.deals)

    def save(self) -> None:
        """Write the game, under the file's lock. If the file changed on disk since this
        session read or wrote it, the game is read again and ``FileChanged`` raised; if it
        cannot be written, the game goes back to what the file holds and ``WriteFailed`` is
        raised. Either way nothing unsaved is left looking saved."""
        if self.path is None:
            return
        from . import filelock

        text = self.text()
        with filelock.locked(self.path):
            self._check_disk()
            try:
                savefile.write_atomic(self.path, text)
            except WriteFailed:
                self._restore([Deal(list(d.entries)) for d in self._saved])
                raise
        self._disk = text.encode("utf-8")
        self._saved = self._snapshot()

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """Hold the file's lock for a change read, made and saved in the block; first, if the
        file changed on disk since this session read or wrote it (another terminal), read it
        again and raise ``FileChanged``: the change is not made on a stale game."""
        if self.path is None:
            yield
            return
        from . import filelock

        with filelock.locked(self.path):
            self._check_disk()
            yield

    def _check_disk(self) -> None:
        if self.path is None or self._disk is None:
            return
        try:
            raw = savefile.read(self.path)
        except SaveFileError:
            if not os.path.lexists(self.path):
                return  # removed meanwhile: the save puts the whole game back
            raise
        if raw == self._disk:
            return
        self.rules, self.setup, self.deals = savefile.loads(raw, str(self.path))
        self._result = None
        self._disk = raw
        self._saved = self._snapshot()
        raise FileChanged(f"{self.path}: changed on disk since it was read (another "
                          "terminal?); read again")

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

    def _append(self, entry: Entry) -> None:
        res = self.result()
        if isinstance(entry, Key) and entry.name in AFTER_KEYS and self.deals and \
                not self._starts_deal_here():
            self.deals[-1].entries.append(entry)  # the claimed score of the deal just played
            self._result = None
            return
        if res.expect.new_deal and not self._starts_deal_here():
            self.deals.append(self._new_deal(res))
        self.deals[-1].entries.append(entry)
        self._result = None

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
        if self.over(res):
            raise IllegalEntry("turn-order", "the game is over: no more entries")
        entries = self.rules.parse_entry(text, self.setup, res)
        snap = self._snapshot()
        added = Added()
        try:
            for e in entries:
                if self.over(self.result()):
                    raise IllegalEntry("turn-order", "the game is over: no more entries")
                self._append(e)
                index = self.entry_count() - 1  # the entry just appended
                res = self.result()
                mine = [v for v in res.violations if v.at == index]
                bad = [v for v in mine if not v.retro]
                if bad:
                    raise IllegalEntry(bad[0].rule, bad[0].message)
                added.entries.append(e)
                added.proven.extend(mine)
                self.deal_if_due()
        except RefereeError:
            self._restore(snap)
            raise
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
