"""What the trick-taking games share: tricks, following suit, and who wins a trick."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card
from .model import Entry, Play, Setup


@dataclass(slots=True)
class TrickPlay:
    """One card of a trick: who played it, and the index of its entry. Never changed, but not
    frozen: one is made for every card of every replay, and a frozen dataclass's ``__init__``
    (``object.__setattr__`` a field) costs about 4x a plain one: 8% of a Kierki replay
    (measured, ``benchmarks/instructions.py``)."""

    player: str
    card: Card
    at: int


@dataclass(slots=True)
class Trick:
    """A trick: its number, its plays in order, and who won it (set when it is taken)."""

    number: int
    plays: list[TrickPlay] = field(default_factory=list)
    winner: str | None = None
    why: str = ""

    def __post_init__(self) -> None:
        if self.plays is None:
            self.plays = []

    @property
    def leader(self) -> str:
        return self.plays[0].player

    @property
    def cards(self) -> list[Card]:
        return [p.card for p in self.plays]


def plays_in_turn(setup: Setup, player: str, cards: list[Card]) -> list[Entry]:
    """``Bartek: 2C 5C KC AC``: one card each, clockwise from the player named."""
    out: list[Entry] = []
    for c in cards:
        out.append(Play(player, (c,)))
        player = setup.left_of(player)
    return out


def show_tricks(lines: list[tuple[str, str]], tricks: list[Trick], current: Trick | None,
                of: int, finished: bool) -> list[tuple[str, str]]:
    """The table's trick lines (which trick, the last one taken); returns the trick on the
    table as (player, card) pairs."""
    lines.append(("trick", f"{len(tricks) + (0 if finished else 1)} of {of}"))
    if tricks:
        last = tricks[-1]
        lines.append(("last trick", f"{last.winner} took " + " ".join(str(c) for c in last.cards)))
    return [(p.player, str(p.card)) for p in current.plays] if current else []


def winning_play(plays: list[TrickPlay], trump: str | None) -> int:
    """Index of the winning play: the highest trump, else the highest card of the suit led."""
    best = plays[0].card
    at = 0
    for i in range(1, len(plays)):
        c = plays[i].card
        if c.suit == best.suit:
            if c.rank > best.rank:
                best, at = c, i
        elif c.suit == trump:
            best, at = c, i
    return at


def why_it_wins(winner: Card, led: str, trump: str | None) -> str:
    """Why the winning card wins (for ``explain``)."""
    if trump is not None and winner.suit == trump:
        return "the highest trump (trump led)" if led == trump else "the highest trump"
    return "the highest card of the suit led"
