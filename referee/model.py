"""The data every game shares: the set-up, deals as lists of entries, and what a replay yields.

A game is its ``Setup`` plus a list of ``Deal`` records. A deal is an ordered list of entries:
the keys of its table in the save file (``Key``) and the actions at the table (``Play``,
``Bid``, ``Pass``, ``Pull``, ``Place``...). Entries are the unit of ``add`` and ``undo``; the
state of the game is never stored, it is always replayed from the entries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import Card
from .errors import Violation
from .record import Record

if TYPE_CHECKING:
    from .play_record import DealPlay


class Setup(Record):
    """Who plays what: the game, the players in clockwise order, the first dealer, the house
    rules (options), and the file's title, start time and seed. Never changed in place (a
    changed copy: ``setup.but(options=...)``)."""

    __slots__ = ("game", "players", "first_dealer", "options", "title", "started", "seed")

    def __init__(self, game: str, players: tuple[str, ...], first_dealer: str,
                 options: dict[str, Any] | None = None, title: str | None = None,
                 started: Any = None, seed: int | None = None) -> None:
        self.game = game
        self.players = players
        self.first_dealer = first_dealer
        self.options: dict[str, Any] = options if options is not None else {}
        self.title = title
        self.started = started
        self.seed = seed

    def seat(self, name: str) -> int:
        return self.players.index(name)

    def left_of(self, name: str, steps: int = 1) -> str:
        n = len(self.players)
        return self.players[(self.players.index(name) + steps) % n]


# --- entries --------------------------------------------------------------------------------
# Entries and results are small slots classes written out by hand rather than dataclasses:
# every command imports this module, and a dataclass costs about half a millisecond to
# create at import time (measured), which the command line's start-up cannot afford.


class Key(Record):
    """A key of the deal's table: dealer, hands, trump, outcome, claimed, note..."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: Any) -> None:
        self.name = name
        self.value = value


class Play(Record):
    """A player plays cards (one card in most games; Kozel: 1-4, ``None`` = unseen)."""

    __slots__ = ("player", "cards", "down")

    def __init__(self, player: str, cards: tuple[Card | None, ...], down: bool = False) -> None:
        self.player = player
        self.cards = cards
        self.down = down


class Pull(Record):
    """Kozel: four cards of one suit laid face up, restarting the trick."""

    __slots__ = ("player", "cards")

    def __init__(self, player: str, cards: tuple[Card, ...]) -> None:
        self.player = player
        self.cards = cards


class Bid(Record):
    """A bid; ``value`` None is a pass."""

    __slots__ = ("player", "value")

    def __init__(self, player: str, value: int | None) -> None:
        self.player = player
        self.value = value


class Pass(Record):
    """A turn passed (the small lottery)."""

    __slots__ = ("player",)

    def __init__(self, player: str) -> None:
        self.player = player


class Exchange(Record):
    """Cards discarded (``discard``) or undealt cards taken (``take``); cards or a count."""

    __slots__ = ("player", "kind", "cards", "count")

    def __init__(self, player: str, kind: str, cards: tuple[Card, ...] | None,
                 count: int) -> None:
        self.player = player
        self.kind = kind
        self.cards = cards
        self.count = count


class Place(Record):
    """Foursquare: a card (None when the stock is known and it was left out) at row, col."""

    __slots__ = ("card", "row", "col")

    def __init__(self, card: Card | None, row: int, col: int) -> None:
        self.card = card
        self.row = row
        self.col = col


Entry = Key | Play | Pull | Bid | Pass | Exchange | Place


class Deal(Record):
    """One ``[[deals]]`` table: its entries in the order they were made."""

    __slots__ = ("entries",)

    def __init__(self, entries: list[Entry] | None = None) -> None:
        self.entries: list[Entry] = entries if entries is not None else []

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


class DealResult(Record):
    """One deal's result. ``not_played``: the entries (as entry text) that the game's options
    leave out, neither scored nor violations (RULES.md "Scoring under another option"), and
    ``left_out`` says so in words ("not played under stop_when_penalties_gone: 3 tricks")."""

    __slots__ = ("number", "dealer", "scores", "finished", "redeal", "name", "extra", "claimed",
                 "not_played", "left_out", "play")

    def __init__(self, number: int, dealer: str | None, scores: dict[str, int] | None,
                 finished: bool, redeal: bool = False, name: str = "",
                 extra: dict[str, Any] | None = None,
                 claimed: dict[str, int] | None = None,
                 not_played: list[str] | None = None, left_out: str = "",
                 play: DealPlay | None = None) -> None:
        self.number = number
        self.dealer = dealer
        self.scores = scores
        self.finished = finished
        self.redeal = redeal
        self.name = name
        self.extra: dict[str, Any] = extra if extra is not None else {}
        self.claimed = claimed
        self.not_played: list[str] = not_played if not_played is not None else []
        self.left_out = left_out
        self.play = play  # what was played (GameRules.record_play fills it in, on demand)


class Expect(Record):
    """What the referee waits for next."""

    __slots__ = ("player", "action", "prompt", "deal", "trick", "new_deal", "dealer", "choices")

    def __init__(self, player: str | None, action: str, prompt: str, deal: int,
                 trick: int | None = None, new_deal: bool = False, dealer: str | None = None,
                 choices: list[str] | None = None) -> None:
        self.player = player
        self.action = action  # play | lead | bid | trump | turn | place | exchange | done
        self.prompt = prompt
        self.deal = deal
        self.trick = trick
        self.new_deal = new_deal
        self.dealer = dealer  # dealer of the deal the next entry goes to
        self.choices: list[str] = choices if choices is not None else []


class TableView(Record):
    """What is on the table now, for the table mode and ``status``."""

    __slots__ = ("title", "lines", "trick", "hands", "grid")

    def __init__(self, title: str, lines: list[tuple[str, str]] | None = None,
                 trick: list[tuple[str, str]] | None = None,
                 hands: dict[str, list[Card]] | None = None,
                 grid: list[list[str]] | None = None) -> None:
        self.title = title
        self.lines: list[tuple[str, str]] = lines if lines is not None else []  # label, value
        self.trick: list[tuple[str, str]] = trick if trick is not None else []  # player, cards
        self.hands = hands
        self.grid = grid


def _where(v: Violation) -> tuple[int, int]:
    """Violations in the order of the game: by deal, then trick (or turn); unplaced first."""
    t = v.trick if v.trick is not None else v.turn
    return v.deal, t if t is not None else 0


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
            "violations": [v.to_json() for v in sorted(self.violations, key=_where)],
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
