"""A save file's new text: a new file written whole (tomli-w); a file read from disk changed
with tomlkit only where the game changed, keeping what people wrote there (comments, blank
lines, key order); and, where tomlkit cannot keep it, the game written whole after all."""

from __future__ import annotations

from typing import Any

from ..games.base import GameRules
from ..model import Deal, Setup
from . import savefile


def snapshot(deals: list[Deal]) -> list[Deal]:
    """The deals, copied deep enough that appending to the game's leaves these alone."""
    return [Deal(list(d.entries)) for d in deals]


class Rewrite:
    """What the file holds (``saved``: its deals as last read or written) and the parsed file
    to change (``tomlwrite.SaveDoc``, made the first time it is changed)."""

    __slots__ = ("saved", "_doc", "_top")

    def __init__(self, deals: list[Deal]) -> None:
        self.saved = snapshot(deals)
        self._doc: Any = None
        # what ``_doc`` holds above its deals (``to_dict`` without them); its deals are
        # ``saved``'s
        self._top: dict[str, Any] | None = None

    def text(self, raw: bytes | None, rules: GameRules, setup: Setup, deals: list[Deal],
             where: str) -> str:
        """The file's new text for the game ``deals``; ``raw``: the file's bytes as last read
        or written (None: a new file, written whole). ``where`` names the file in errors."""
        if raw is None:
            return savefile.dumps(rules, setup, deals)
        from .tomlwrite import CannotKeep, NeedsEvery, SaveDoc

        try:
            if self._doc is None:  # parsed once, and only to change the file
                self._doc = SaveDoc(raw)
            try:
                old, new = self._changes(rules, setup, deals, every=False)
                self._doc.reconcile(old, new)
            except NeedsEvery:
                old, new = self._changes(rules, setup, deals, every=True)
                self._doc.reconcile(old, new)
            if not savefile.reads_back(rules, setup, deals, self._doc, where):
                raise CannotKeep("the changed file would not read back to this game")
        except CannotKeep:  # TOML that tomli reads and tomlkit cannot parse or change
            self.forget()
            return savefile.dumps(rules, setup, deals)  # the game, whole
        self._top = {k: v for k, v in new.items() if k != "deals"}
        text: str = self._doc.as_string()
        return text

    def _changes(self, rules: GameRules, setup: Setup, deals: list[Deal],
                 every: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        """The game as the file holds it (``saved``) and as it is now, as ``to_dict`` writes
        them; unless ``every``, a deal the same in both is ``tomlwrite.UNCHANGED`` in both,
        so that a change costs the deals it changes, not the file (memory: the tables of a
        10,000-entry file are ~1 MiB of strings a copy)."""
        from .tomlwrite import UNCHANGED

        new = savefile.to_dict(rules, setup, [])
        old = dict(new) if self._top is None else {**self._top}
        saved = self.saved
        old["deals"] = [UNCHANGED if not every and i < len(deals) and
                        deals[i].entries == saved[i].entries else
                        rules.dump_at(saved, i, setup) for i in range(len(saved))]
        new["deals"] = [UNCHANGED if i < len(saved) and old["deals"][i] is UNCHANGED else
                        rules.dump_at(deals, i, setup) for i in range(len(deals))]
        return old, new

    def wrote(self, deals: list[Deal]) -> None:
        """The file now holds the game ``deals``."""
        self.saved = snapshot(deals)

    def forget(self) -> None:
        """The parsed file no longer holds what is on disk (a write failed, or the file was
        read again): parse it again at the next change."""
        self._doc = self._top = None
