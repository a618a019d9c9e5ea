"""A game on disk: load it, add entries strictly (refuse what breaks a rule), undo, save.

Every accepted entry is written at once, atomically. The state is always the replay of the
entries, so ``add`` is: append, replay, and keep the entry only if its own processing found
nothing wrong (a breach it *proves* in an earlier trick is reported, and the entry stays).
The replay starts at the open deal, from the state the last one left (``Checkpoint``): only
an undo or edit that reaches back into a finished deal, or a reload, replays from the start.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from copy import copy
from pathlib import Path

from ..errors import (
    FileChanged,
    IllegalEntry,
    NotationError,
    RefereeError,
    Violation,
    WriteFailed,
)
from ..games import get as get_game
from ..games.base import Checkpoint, GameRules
from ..model import Deal, Entry, Key, Result, Setup
from ..notation import looks_several
from ..store import savefile
from ..store.ondisk import OnDisk
from ..store.rewrite import Rewrite, snapshot
from .placing import AFTER_KEYS, AUTO_KEYS, goes_to, place, starts_deal_here

__all__ = ["AFTER_KEYS", "AUTO_KEYS", "EVIDENCE", "Added", "Session"]

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
    """A game and its save file. Its jobs beside it: noticing the file changed on disk
    (``ondisk.OnDisk``), the file's new text (``rewrite.Rewrite``: tomlkit, or tomli-w whole),
    where a typed entry goes (``placing``), the redo record (``redo``)."""

    def __init__(self, rules: GameRules, setup: Setup, deals: list[Deal],
                 path: str | Path | None = None) -> None:
        self.rules = rules
        self.setup = setup
        self.deals = deals
        self.path = Path(path) if path is not None else None
        self._result: Result | None = None
        self._resume = Checkpoint()  # the replay restarts at the open deal (DESIGN.md)
        self.note_stop: int | None = None  # the deal whose note stopped the last undo
        self.ondisk = OnDisk(self.path)  # the file's bytes as last read or written
        self.rewrite = Rewrite(deals)  # the deals the file holds, and the file to change
        self._keep_redo = False  # a save by ``redo``: the redo record is rewritten after it
        self.private_deals = False  # ``create(private=True)``: the virtual deals are private

    # -- files --------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> Session:
        raw = savefile.read(path)
        rules, setup, deals = savefile.loads(raw, str(path))
        s = cls(rules, setup, deals, path)
        s.ondisk.raw = raw
        return s

    @classmethod
    def create(cls, path: str | Path, setup: Setup, private: bool = False) -> Session:
        """A new game written to ``path``; ``private`` (a ``--deal`` game): each virtual deal
        is private (SAVEFILE.md: each seat's page shows its own hand, no other output any)."""
        s = cls(get_game(setup.game), setup, [], path)
        s.private_deals = private
        s.deal_if_due()
        s.save()
        return s

    def text(self) -> str:
        """The file's new text: a new file written whole; a file read from disk changed
        only where the game changed, keeping what people wrote there (tomlkit)."""
        return self.rewrite.text(self.ondisk.raw, self.rules, self.setup, self.deals,
                                 str(self.path))

    def save(self) -> None:
        """Write the game, under the file's lock. If the file changed on disk since this
        session read or wrote it, the game is read again and ``FileChanged`` raised; if it
        cannot be written, the game goes back to what the file holds and ``WriteFailed`` is
        raised. Either way nothing unsaved is left looking saved."""
        if self.path is None:
            return
        from ..store import atomic, filelock

        text = self.text()
        with filelock.locked(self.path):
            self._check_disk()
            try:
                atomic.write_atomic(self.path, text)
            except WriteFailed:
                self.replace(self.rewrite.saved)
                self.rewrite.forget()  # it holds the game not written
                raise
        self.ondisk.wrote(text)
        self.rewrite.wrote(self.deals)
        if not self._keep_redo:  # the file changed otherwise: nothing left to redo
            from ..store import redo

            redo.clear(self.path)

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """Hold the file's lock for a change read, made and saved in the block; first, if the
        file changed on disk since this session read or wrote it (another terminal), read it
        again and raise ``FileChanged``: the change is not made on a stale game."""
        if self.path is None:
            yield
            return
        from ..store import filelock

        with filelock.locked(self.path):
            self._check_disk()
            yield

    def _check_disk(self) -> None:
        raw = self.ondisk.changed()
        if raw is None:
            return
        self.rules, self.setup, self.deals = savefile.loads(raw, str(self.path))
        self._result = None
        self.rewrite = Rewrite(self.deals)
        raise FileChanged(f"{self.path}: changed on disk since it was read (another "
                          "terminal?); read again")

    # -- the game -----------------------------------------------------------------------------

    def result(self) -> Result:
        if self._result is None:
            self._result = self.rules.replay(self.setup, self.deals, resume=self._resume)
        return self._result

    def entry_count(self) -> int:
        return sum(len(d.entries) for d in self.deals)

    def _snapshot(self) -> list[Deal]:
        return snapshot(self.deals)

    def _restore(self, snap: list[Deal]) -> None:
        self.deals = snap
        self._result = None

    def replace(self, deals: list[Deal]) -> None:
        """Put ``deals`` in place of the game (an edit; not saved): replayed at the next
        look."""
        self._restore(snapshot(deals))

    @contextlib.contextmanager
    def trial(self) -> Iterator[None]:
        """A look ahead: whatever the block does to the game (entries added or taken back)
        is undone after it, and the replay and the undo's note stop are as before."""
        snap, resume, stop, res = self._snapshot(), copy(self._resume), self.note_stop, \
            self._result
        try:
            yield
        finally:
            self._restore(snap)
            self._resume, self.note_stop = resume, stop
            self._result = res

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
            dealt = self.rules.virtual_deal(self.setup, len(self.deals) + 1, dealer)
            entries.extend(dealt)
            if dealt and "private" in self.rules.deal_keys and (self.private_deals or (
                    self.deals and self.deals[-1].key("private") is True)):
                entries.append(Key("private", True))  # as the deal before it (--private)
        return Deal(entries)

    def _append(self, entry: Entry) -> int:
        """Put ``entry`` where it belongs (``placing``); its index among all the entries."""
        res = self.result()
        index = place(self.deals, entry, res, lambda: self._new_deal(res))
        self._result = None
        return index

    def open_deal(self) -> int:
        """The index of the deal an entry made now goes to: the deal in progress, or the next
        deal's table, opened here when one is due (not saved)."""
        res = self.result()
        if res.expect.new_deal and not starts_deal_here(self.deals, res):
            self.deals.append(self._new_deal(res))
            self._result = None
        return len(self.deals) - 1

    def key_goes_to(self, name: str) -> int:
        """The deal (number) a key line ``name = ...`` typed now goes to."""
        return goes_to(self.deals, name, self.result())

    def add(self, text: str) -> Added:
        """Parse a typed line and apply it strictly; all or nothing; saved when accepted.

        A line may hold several entries (cards in turn, bids in turn ``2 pass pass``, key
        lines separated by ``;``): each is checked as if typed alone, in turn, and the first
        refused refuses the line: nothing of it is entered, and the refusal says so."""
        if self.entry_count() >= MAX_ENTRIES:
            raise RefereeError(f"this file already holds {MAX_ENTRIES} entries")
        res = self.result()
        if self.over(res) and not _a_claimed_score(text):
            raise IllegalEntry("turn-order", "the game is over: no more entries")
        from ..notation import in_turn

        parts = in_turn(text, self.setup.players) or [text]
        known = {(v.deal, v.player, v.message) for v in res.violations if v.rule in EVIDENCE}
        at: set[int] = set()
        snap, resume = self._snapshot(), copy(self._resume)
        added = Added()
        several = len(parts) > 1
        try:
            for part in parts:
                entries = self._parse(part, several)
                several = several or len(entries) > 1
                for e in entries:
                    self._add_one(e, at, added)
        except RefereeError as e:
            self._restore(snap)
            self._resume = resume  # where the refused entry's replay started: still good
            if several or isinstance(e, NotationError) and looks_several(text):
                raise _whole_line(e) from None
            raise
        added.flagged = [v for v in self.result().violations if v.rule in EVIDENCE and (
            v.at in at or (v.deal, v.player, v.message) not in known)]  # recorded, reported
        self.save()
        return added

    def _parse(self, text: str, several: bool) -> list[Entry]:
        """The entries of one typed part, read against the game as it is now. A line the game
        cannot read whose first word names a player (``b 3d``) is read as ``Bartek: 3d``."""
        from ..notation import name_first, near_name

        res = self.result()
        try:
            return self.rules.parse_entry(text, self.setup, res)
        except NotationError as e:
            named = None if several else name_first(text, self.setup.players)
            if named is None:
                near = None if several else near_name(text, self.setup.players)
                if near is not None:  # ``celna 9s``: one word from being read
                    raise NotationError(f"{e}; did you mean {near!r}?") from None
                raise
        return self.rules.parse_entry(named, self.setup, res)

    def _add_one(self, e: Entry, at: set[int], added: Added) -> None:
        """Append one entry and keep it only if its own processing found nothing wrong."""
        if self.over(self.result()) and not (isinstance(e, Key) and e.name == "claimed"):
            raise IllegalEntry("turn-order", "the game is over: no more entries")
        from . import claimseen

        hidden = claimseen.hidden_claim(self.deals, self.result(), e)
        if hidden:  # a claim in a private deal: first as the table has seen the deal
            claimseen.check_seen(self.rules, self.setup, self.deals, self.result(), e,
                                 EVIDENCE)
        index = self._append(e)  # the entry just appended
        at.add(index)
        res = self.result()
        mine = [v for v in res.violations if v.at == index and v.rule not in EVIDENCE]
        bad = [v for v in mine if not v.retro]
        if bad:
            if hidden:  # (it contradicts a registered hand: whose, or where, is not said)
                raise claimseen.refusal(e, bad[0].rule)
            raise IllegalEntry(bad[0].rule, bad[0].message)
        added.entries.append(e)
        added.proven.extend(mine)
        self.deal_if_due()

    @staticmethod
    def over(res: Result) -> bool:
        """Nothing more can be entered (a series file can always start another game)."""
        return res.complete and not res.expect.new_deal or res.expect.action == "done"

    def person_made(self, k: int) -> list[int]:
        """The indexes of the entries of deal ``k`` (0-based) that a person made: not the
        dealer the referee wrote when the deal opened, not a note (a remark, not an entry),
        not the cards the referee dealt in a ``--deal`` game, not a private deal's hands (each
        registered by its seat: ``referee.history.private``, replaced, never taken back)."""
        d = self.deals[k]
        private = ("hands", "private") if d.key("private") is True else ()
        dealt: list[Entry] = []
        if self.setup.seed is not None:
            try:
                dealt = self.rules.virtual_deal(self.setup, k + 1, d.key("dealer"))
            except Exception:  # noqa: BLE001 - a hand-made deal the referee cannot deal
                dealt = []
        return [i for i, e in enumerate(d.entries)
                if not (isinstance(e, Key) and (e.name in ("dealer", "note") or e in dealt
                                                or e.name in private))]

    def _take(self, n: int) -> list[tuple[int, Entry]]:
        """Take back the last ``n`` entries a person made (``undo``), not saved: each with
        its deal number (1-based), the last first."""
        taken: list[tuple[int, Entry]] = []
        self.note_stop = None
        while len(taken) < n:
            found = None
            for k in range(len(self.deals) - 1, -1, -1):
                mine = self.person_made(k)
                if mine:
                    found = (k, mine[-1])
                    break
                if self.deals[k].has_key("note"):
                    self.note_stop = k + 1
                    break
            if found is None:
                break
            k, i = found
            del self.deals[k + 1:]  # deal tables holding only what the referee wrote
            d = self.deals[k]
            taken.append((k + 1, d.entries.pop(i)))
            if not self.person_made(k) and not d.has_key("note") and not (
                    d.key("private") is True and self.setup.seed is None):
                self.deals.pop()  # only what the referee wrote is left: the deal was not begun
                # (hands registered by the seats are kept: theirs, not the referee's)
            self._result = None
        return taken

    def undo_plan(self, n: int = 1) -> list[int]:
        """The deal (number) of each entry that ``undo(n)`` would take back, the last first:
        the first is the deal in progress. Nothing is changed."""
        with self.trial():
            return [k for k, _ in self._take(n)]

    def reopens(self, n: int = 1) -> list[int]:
        """The finished deals (numbers) that ``undo(n)`` would open again: those it takes an
        entry of other than a ``claimed`` score (the table's figure, not the deal's play).
        Nothing is changed."""
        res = self.result()
        with self.trial():
            taken = self._take(n)
        done = {d.number for d in res.deals if d.finished}
        return list(dict.fromkeys(k for k, e in taken if k in done and not (
            isinstance(e, Key) and e.name == "claimed")))

    def undo(self, n: int = 1) -> list[Entry]:
        """Take back the last ``n`` entries a person made, the last first, and return them.

        What the referee wrote itself (a dealer, the cards it dealt) is not counted: it goes
        with the deal table undo goes back past. A note stays: undo takes back the entries
        around it, and stops (``note_stop`` = the deal) rather than go back past a deal table
        holding a note and nothing else a person made. Nothing taken back: nothing saved.
        What was taken is put on the redo record beside the file (``referee.store.redo``), after
        what earlier undos took while the file stayed as they left it."""
        taken = [e for _, e in self._take(n)]
        if not taken:
            return taken
        self.deal_if_due()
        from ..store import redo

        earlier = self.redoable()  # read before the save, which removes the record
        self.save()
        if self.path is not None and self.ondisk.raw is not None:
            from .entrytext import entry_text

            texts = [entry_text(e, self.rules, self.setup) for e in reversed(taken)]
            redo.write(self.path, self.ondisk.raw, [*texts, *earlier])
        return taken

    def redoable(self) -> tuple[str, ...]:
        """The entries ``redo`` can put back, in that order (none once the file changed
        otherwise)."""
        if self.path is None or self.ondisk.raw is None:
            return ()
        from ..store import redo

        return redo.read(self.path, self.ondisk.raw)

    def redo(self, n: int | None = None) -> tuple[list[tuple[str, Added]], RefereeError | None]:
        """Put back the first ``n`` (default: all) entries of the redo record, each added
        strictly as if typed (``add``): those put back with what each added, and the error
        that stopped it (an entry refused now: it and those after it stay on the record).
        A file that changed on disk or cannot be written raises, as ``add`` does."""
        todo = list(self.redoable())
        done: list[tuple[str, Added]] = []
        stopped: RefereeError | None = None
        if not todo:
            return done, stopped
        from ..store import redo

        self._keep_redo = True
        try:
            for text in todo[:len(todo) if n is None else n]:
                try:
                    done.append((text, self.add(text)))
                except (FileChanged, WriteFailed):
                    raise
                except RefereeError as e:
                    stopped = e
                    break
        finally:
            self._keep_redo = False
            if done and self.path is not None and self.ondisk.raw is not None:
                redo.write(self.path, self.ondisk.raw, todo[len(done):])
        return done, stopped


NOTHING_ENTERED = "nothing of this line was entered"


def _whole_line(e: RefereeError) -> RefereeError:
    """The refusal of one entry of a line of several, saying that the line is all or
    nothing (the same rule id)."""
    if isinstance(e, IllegalEntry):
        return IllegalEntry(e.rule, f"{e.bare}; {NOTHING_ENTERED}")
    if type(e) in (NotationError, RefereeError):
        return type(e)(f"{e}; {NOTHING_ENTERED}")
    return e


def _a_claimed_score(text: str) -> bool:
    """``claimed = {...}``: the score the table wrote down for the last deal is welcome even
    once the game is over (CLI.md: a claimed score is evidence)."""
    from ..notation import key_line

    try:
        kv = key_line(text)
    except RefereeError:
        return False
    return kv is not None and kv[0] == "claimed"
