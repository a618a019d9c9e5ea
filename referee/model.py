"""The data every game shares: the set-up, deals as lists of entries, and what a replay yields.

A game is its ``Setup`` plus a list of ``Deal`` records. A deal is an ordered list of entries:
the keys of its table in the save file (``Key``) and the actions at the table (``Play``,
``Bid``, ``Pass``, ``Pull``, ``Place``...). Entries are the unit of ``add`` and ``undo``; the
state of the game is never stored, it is always replayed from the entries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .cards import Card
from .errors import Violation

if TYPE_CHECKING:
    from .views.play_record import DealPlay


@dataclass(frozen=True, slots=True)
class Setup:
    """Who plays what: the game, the players in clockwise order, the first dealer, the house
    rules (options), and the file's title, start time and seed. Never changed in place (a
    changed copy: ``dataclasses.replace(setup, options=...)``)."""

    game: str
    players: tuple[str, ...]
    first_dealer: str
    options: dict[str, Any] = field(default_factory=dict)
    title: str | None = None
    started: Any = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.options is None:  # an explicit None: no house rules
            object.__setattr__(self, "options", {})

    def seat(self, name: str) -> int:
        return self.players.index(name)

    def left_of(self, name: str, steps: int = 1) -> str:
        n = len(self.players)
        return self.players[(self.players.index(name) + steps) % n]


# --- entries --------------------------------------------------------------------------------
# Entries are frozen values: equal when their fields are equal, hashable, never changed in
# place (a changed copy: ``dataclasses.replace``).


@dataclass(frozen=True, slots=True)
class Key:
    """A key of the deal's table: dealer, hands, trump, outcome, claimed, note..."""

    name: str
    value: Any


@dataclass(frozen=True, slots=True)
class Play:
    """A player plays cards (one card in most games; Kozel: 1-4, ``None`` = unseen)."""

    player: str
    cards: tuple[Card | None, ...]
    down: bool = False


@dataclass(frozen=True, slots=True)
class Pull:
    """Kozel: four cards of one suit laid face up, restarting the trick."""

    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid; ``value`` None is a pass."""

    player: str
    value: int | None


@dataclass(frozen=True, slots=True)
class Pass:
    """A turn passed (the small lottery)."""

    player: str


@dataclass(frozen=True, slots=True)
class Exchange:
    """Cards discarded (``discard``) or undealt cards taken (``take``); cards or a count."""

    player: str
    kind: str
    cards: tuple[Card, ...] | None
    count: int


@dataclass(frozen=True, slots=True)
class Place:
    """Foursquare: a card (None when the stock is known and it was left out) at row, col."""

    card: Card | None
    row: int
    col: int


Entry = Key | Play | Pull | Bid | Pass | Exchange | Place


@dataclass(frozen=True, slots=True)
class HandNow:
    """A registered hand in a deal where cards come into it during play (Kozel's draws, the
    Schmier exchange's replacements), as the replay knows it now (``GameRules.hand_drawn``):
    ``size``, the cards the seat holds; ``held``, the registered cards it certainly still
    holds; ``maybe``, those it may still hold (laid face down unseen perhaps); ``due``, the
    cards it drew whose faces its registered list does not give yet; ``laid``, the cards it
    laid (faces known) that are not in that list, in the order laid: draws played before they
    were shown. The list (SAVEFILE.md ``private``) is the cards dealt, then each one drawn."""

    size: int
    held: frozenset[Card]
    maybe: frozenset[Card]
    due: int
    laid: tuple[Card, ...] = ()


@dataclass(slots=True)
class Deal:
    """One ``[[deals]]`` table: its entries in the order they were made (the session appends
    to and removes from the list)."""

    entries: list[Entry] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.entries is None:
            self.entries = []

    def key(self, name: str, default: Any = None) -> Any:
        for e in reversed(self.entries):
            if type(e) is Key and e.name == name:  # (Key is final: no subclass)
                return e.value
        return default

    def has_key(self, name: str) -> bool:
        return any(isinstance(e, Key) and e.name == name for e in self.entries)

    def actions(self) -> list[Entry]:
        return [e for e in self.entries if not isinstance(e, Key)]


# --- what a replay yields -------------------------------------------------------------------


@dataclass(slots=True)
class DealResult:
    """One deal's result. ``not_played``: the entries (as entry text) that the game's options
    leave out, neither scored nor violations (RULES.md "Scoring under another option"), and
    ``left_out`` says so in words ("not played under stop_when_penalties_gone: 3 tricks").
    ``play`` is what was played: ``GameRules.record_play`` fills it in, on demand."""

    number: int
    dealer: str | None
    scores: dict[str, int] | None
    finished: bool
    redeal: bool = False
    name: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    claimed: dict[str, int] | None = None
    not_played: list[str] = field(default_factory=list)
    left_out: str = ""
    play: DealPlay | None = None

    def __post_init__(self) -> None:
        if self.extra is None:
            self.extra = {}
        if self.not_played is None:
            self.not_played = []


def team_name(members: Iterable[str]) -> str:
    """A team as the score sheet and the files name it: its members joined with ' & '."""
    return " & ".join(members)


def running_totals(deals: Iterable[DealResult], names: Sequence[str]) -> list[dict[str, int]]:
    """Each name's running total after each deal, one per deal in order: a finished deal's
    scores count; a deal in progress, or one not scored (``scores`` None), adds nothing. What
    every score sheet shows (the terminal's, CSV, Markdown, the chart, the page)."""
    running = dict.fromkeys(names, 0)
    out: list[dict[str, int]] = []
    for d in deals:
        if d.finished and d.scores is not None:
            for n in names:
                running[n] += d.scores.get(n, 0)
        out.append(dict(running))
    return out


class Action(StrEnum):
    """What kind of entry the referee waits for. A ``str``: equal to its value, and written
    as it (``status --json`` says ``"action": "play"``)."""

    PLAY = "play"
    LEAD = "lead"
    BID = "bid"
    TRUMP = "trump"
    TURN = "turn"
    PLACE = "place"
    EXCHANGE = "exchange"
    OUTCOME = "outcome"
    DONE = "done"


@dataclass(slots=True)
class Expect:
    """What the referee waits for next (``action``); ``dealer`` is the dealer of the deal the
    next entry goes to. Mutable: a game settles ``new_deal`` and ``dealer`` after making it."""

    player: str | None
    action: Action
    prompt: str
    deal: int
    trick: int | None = None
    new_deal: bool = False
    dealer: str | None = None
    choices: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.choices is None:
            self.choices = []


@dataclass(slots=True)
class TableView:
    """What is on the table now, for the table mode and ``status``: ``lines`` are (label,
    value) pairs, ``trick`` the (player, cards) pairs of the trick on the table. Mutable: a
    game fills in the trick, hands and grid after making it."""

    title: str
    lines: list[tuple[str, str]] = field(default_factory=list)
    trick: list[tuple[str, str]] = field(default_factory=list)
    hands: dict[str, list[Card]] | None = None
    grid: list[list[str]] | None = None

    def __post_init__(self) -> None:
        if self.lines is None:
            self.lines = []
        if self.trick is None:
            self.trick = []


class Result:
    """A replayed game: every deal's score, the violations, what comes next, the table."""

    __slots__ = ("setup", "deals", "violations", "totals", "winner", "complete", "teams",
                 "expect", "table", "state")

    def __init__(self, setup: Setup, deals: list[DealResult], violations: list[Violation],
                 totals: dict[str, int], winner: str | list[str] | None, complete: bool,
                 teams: list[list[str]] | None, expect: Expect, table: TableView,
                 state: Any = None) -> None:
        self.setup = setup
        self.deals = deals
        self.violations = violations
        self.totals = totals
        self.winner = winner
        self.complete = complete
        self.teams = teams
        self.expect = expect
        self.table = table
        self.state = state  # the game's own replayed state (for completions, the prompt)

    @property
    def ok(self) -> bool:
        return not self.violations

    def columns(self) -> list[str]:
        """The score sheet's columns: the teams (``team_name``), else the players. Every
        sheet names them so: the terminal's, CSV, Markdown, the chart, the page."""
        return [team_name(t) for t in self.teams] if self.teams else list(self.setup.players)

    def to_json(self, play: bool = False) -> dict[str, Any]:
        """The JSON of ``score --json``; ``play`` (``replay --json``): every deal carries
        ``not_played``, empty or not (``score --json`` only where something was left out)."""
        deals = []
        for d in self.deals:
            row: dict[str, Any] = {"number": d.number, "dealer": d.dealer, "scores": d.scores}
            if d.redeal:
                row["redeal"] = True
            if not d.finished:
                row["finished"] = False
            row.update(d.extra)
            if d.not_played or play:
                row["not_played"] = list(d.not_played)
            deals.append(row)
        return {
            "format": 1,
            "game": self.setup.game,
            "players": list(self.setup.players),
            "teams": self.teams,
            "complete": self.complete,
            "ok": self.ok,
            "violations": [v.to_json() for v in sorted(self.violations, key=Violation.in_order)],
            "deals": deals,
            "totals": self.totals,
            "winner": self.winner,
        }

    def replay_json(self) -> dict[str, Any]:
        """``replay --json``: the score document (``to_json``) plus the play of each deal
        whose ``play`` is recorded (bids, tricks or turns). A count the score document gives
        under the same name (Kozel's ``tricks`` per team, Foursquare's ``turns``) is kept as
        ``tricks_count`` / ``turns_count``."""
        doc = self.to_json(play=True)
        for row, d in zip(doc["deals"], self.deals, strict=True):
            if d.play is not None:
                for key, value in d.play.to_json().items():
                    if key in row and key != "trump":
                        row[f"{key}_count"] = row.pop(key)
                    row[key] = value
        return doc
