"""What the trick-taking games share: tricks, following suit, and who wins a trick."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .cards import Card

SuitOf = Callable[[Card], str]
RankOf = Callable[[Card], int]


def printed_suit(c: Card) -> str:
    return c.suit


def printed_rank(c: Card) -> int:
    return c.rank


@dataclass(slots=True)
class TrickPlay:
    player: str
    card: Card
    at: int  # index of the entry


@dataclass(slots=True)
class Trick:
    number: int
    plays: list[TrickPlay] = field(default_factory=list)
    winner: str | None = None
    why: str = ""

    @property
    def leader(self) -> str:
        return self.plays[0].player

    @property
    def cards(self) -> list[Card]:
        return [p.card for p in self.plays]


def show_tricks(lines: list[tuple[str, str]], tricks: list[Trick], current: Trick | None,
                of: int, finished: bool) -> list[tuple[str, str]]:
    """The table's trick lines (which trick, the last one taken); returns the trick on the
    table as (player, card) pairs."""
    lines.append(("trick", f"{len(tricks) + (0 if finished else 1)} of {of}"))
    if tricks:
        last = tricks[-1]
        lines.append(("last trick", f"{last.winner} took " + " ".join(str(c) for c in last.cards)))
    return [(p.player, str(p.card)) for p in current.plays] if current else []


def winning_play(plays: list[TrickPlay], trump: str | None, suit_of: SuitOf = printed_suit,
                 rank_of: RankOf = printed_rank) -> tuple[int, str]:
    """Index of the winning play, and why it wins (for ``explain``)."""
    led = suit_of(plays[0].card)
    best = 0
    for i in range(1, len(plays)):
        c, b = plays[i].card, plays[best].card
        cs, bs = suit_of(c), suit_of(b)
        if cs == bs:
            if rank_of(c) > rank_of(b):
                best = i
        elif trump is not None and cs == trump:
            best = i
    w = plays[best].card
    if trump is not None and suit_of(w) == trump:
        why = "the highest trump" if led != trump or best else "the highest trump (trump led)"
        if led == trump:
            why = "the highest trump (trump led)"
    else:
        why = "the highest card of the suit led"
    return best, why
