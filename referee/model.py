"""The data every game shares: the set-up, deals as lists of entries, and what a replay yields.

A game is its ``Setup`` plus a list of ``Deal`` records. A deal is an ordered list of entries:
the keys of its table in the save file (``Key``) and the actions at the table (``Play``,
``Bid``, ``Pass``, ``Pull``, ``Place``...). Entries are the unit of ``add`` and ``undo``; the
state of the game is never stored, it is always replayed from the entries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .errors import Violation


@dataclass(frozen=True, slots=True)
class Setup:
    game: str
    players: tuple[str, ...]
    first_dealer: str
    options: dict[str, Any] = field(default_factory=dict)
    title: str | None = None
    started: Any = None
    seed: int | None = None

    def seat(self, name: str) -> int:
        return self.players.index(name)

    def left_of(self, name: str, steps: int = 1) -> str:
        n = len(self.players)
        return self.players[(self.players.index(name) + steps) % n]


# --- entries --------------------------------------------------------------------------------
# Entries are values and are never changed once made. They are not declared frozen only
# because a frozen dataclass is three times slower to build, and a replay builds hundreds.


@dataclass(slots=True, unsafe_hash=True)
class Key:
    """A key of the deal's table: dealer, hands, trump, outcome, claimed, note..."""

    name: str
    value: Any


@dataclass(slots=True, unsafe_hash=True)
class Play:
    """A player plays cards (one card in most games; Kozel: 1-4, ``None`` = unseen)."""

    player: str
    cards: tuple[Card | None, ...]
    down: bool = False


@dataclass(slots=True, unsafe_hash=True)
class Pull:
    """Kozel: four cards of one suit laid face up, restarting the trick."""

    player: str
    cards: tuple[Card, ...]


@dataclass(slots=True, unsafe_hash=True)
class Bid:
    """A bid; ``value`` None is a pass."""

    player: str
    value: int | None


@dataclass(slots=True, unsafe_hash=True)
class Pass:
    """A turn passed (the small lottery)."""

    player: str


@dataclass(slots=True, unsafe_hash=True)
class Exchange:
    """Cards discarded (``discard``) or undealt cards taken (``take``); cards or a count."""

    player: str
    kind: str
    cards: tuple[Card, ...] | None
    count: int


@dataclass(slots=True, unsafe_hash=True)
class Place:
    """Foursquare: a card (None when the stock is known and it was left out) at row, col."""

    card: Card | None
    row: int
    col: int


Entry = Key | Play | Pull | Bid | Pass | Exchange | Place


@dataclass(slots=True)
class Deal:
    """One ``[[deals]]`` table: its entries in the order they were made."""

    entries: list[Entry] = field(default_factory=list)

    def key(self, name: str, default: Any = None) -> Any:
        for e in reversed(self.entries):
            if isinstance(e, Key) and e.name == name:
                return e.value
        return default

    def has_key(self, name: str) -> bool:
        return any(isinstance(e, Key) and e.name == name for e in self.entries)

    def actions(self) -> list[Entry]:
        return [e for e in self.entries if not isinstance(e, Key)]


# --- what a replay yields -------------------------------------------------------------------


@dataclass(slots=True)
class DealResult:
    number: int
    dealer: str | None
    scores: dict[str, int] | None
    finished: bool
    redeal: bool = False
    name: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    claimed: dict[str, int] | None = None


@dataclass(slots=True)
class Expect:
    """What the referee waits for next."""

    player: str | None
    action: str  # play | lead | bid | trump | turn | place | exchange | done
    prompt: str
    deal: int
    trick: int | None = None
    new_deal: bool = False
    dealer: str | None = None  # dealer of the deal the next entry goes to
    choices: list[str] = field(default_factory=list)


@dataclass(slots=True)
class TableView:
    """What is on the table now, for the table mode and ``status``."""

    title: str
    lines: list[tuple[str, str]] = field(default_factory=list)  # label, value
    trick: list[tuple[str, str]] = field(default_factory=list)  # player, cards (canonical)
    hands: dict[str, list[Card]] | None = None
    grid: list[list[str]] | None = None


def _where(v: Violation) -> tuple[int, int]:
    """Violations in the order of the game: by deal, then trick (or turn); unplaced first."""
    t = v.trick if v.trick is not None else v.turn
    return v.deal, t if t is not None else 0


@dataclass(slots=True)
class Result:
    setup: Setup
    deals: list[DealResult]
    violations: list[Violation]
    totals: dict[str, int]
    winner: str | list[str] | None
    complete: bool
    teams: list[list[str]] | None
    expect: Expect
    table: TableView
    state: Any = None  # the game's own replayed state (for completions, explain, the prompt)

    @property
    def ok(self) -> bool:
        return not self.violations

    def to_json(self) -> dict[str, Any]:
        deals = []
        for d in self.deals:
            row: dict[str, Any] = {"number": d.number, "dealer": d.dealer, "scores": d.scores}
            if d.redeal:
                row["redeal"] = True
            if not d.finished:
                row["finished"] = False
            row.update(d.extra)
            deals.append(row)
        return {
            "format": 1,
            "game": self.setup.game,
            "players": list(self.setup.players),
            "teams": self.teams,
            "complete": self.complete,
            "ok": self.ok,
            "violations": [v.to_json() for v in sorted(self.violations, key=_where)],
            "deals": deals,
            "totals": self.totals,
            "winner": self.winner,
        }
