"""The exception family, and the record of a rule broken in a recorded game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class RefereeError(Exception):
    """Anything the referee refuses; the message is one line for a person."""


class NotationError(RefereeError):
    """Text that cannot be read: a bad card, an unknown player, bad syntax (exit 2)."""


class SaveFileError(RefereeError):
    """A file that cannot be loaded: TOML error, wrong format, bad key, wrong type (exit 2).

    ``key`` and ``deal`` (1-based; None: the top of the file) say where, when the message
    names a key: the loader then adds the key's line in the file."""

    def __init__(self, message: str, key: str | None = None, deal: int | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.deal = deal


class IllegalEntry(RefereeError):
    """Well-formed, but the rules forbid it now (exit 1). Carries the rule id."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} — rule {rule}")
        self.rule = rule
        self.bare = message


def names(text: str, name: str) -> bool:
    """Whether ``text`` says ``name`` as a word of its own."""
    import re

    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule broken in a recorded game, found on replay or proven later by the cards.

    ``at`` is the index of the entry whose processing found it; ``retro`` is true when the
    entry proved a breach committed earlier (the entry itself is legal). A value: equal
    violations are one (sets, counters).
    """

    deal: int
    trick: int | None
    player: str | None
    rule: str
    message: str
    turn: int | None = None
    at: int = -1
    retro: bool = False
    unit: str = "deal"  # what the game calls a deal: "game" in Kozel and Foursquare

    def to_json(self) -> dict[str, Any]:
        from .cards import pretty

        d: dict[str, Any] = {"deal": self.deal, "trick": self.trick, "player": self.player,
                             "rule": self.rule, "message": pretty(self.message)}
        if self.turn is not None:
            d["turn"] = self.turn
        return d

    def said(self) -> str:
        """The message as a player hears it: ``Bartek: ...`` only when the message does not
        name its player already (never "Bartek: Bartek did not follow")."""
        p = self.player
        if not p or names(self.message, p):
            return self.message
        return f"{p}: {self.message}"

    def in_order(self) -> tuple[int, int]:
        """Its place in the game, to sort violations by (``sorted(vs,
        key=Violation.in_order)``): by deal, then trick (or turn); unplaced first."""
        t = self.trick if self.trick is not None else self.turn
        return self.deal, t if t is not None else 0

    def where(self) -> str:
        parts = [f"{self.unit} {self.deal}"]
        if self.trick is not None:
            parts.append(f"trick {self.trick}")
        if self.turn is not None:
            parts.append(f"turn {self.turn}")
        return ", ".join(parts)


class WriteFailed(SaveFileError):
    """The save file could not be written (full disk, read-only...): nothing was changed."""


class FileChanged(SaveFileError):
    """The save file changed on disk since this program read or wrote it (another terminal):
    the game was read again from the file and the change asked for was not made."""
