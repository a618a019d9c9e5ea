"""Whether a Kozel game recorded as an outcome only can have happened: card points and tricks.

A trick takes 4k cards (each player plays k, 1 to 4, of one suit for the lead); after each
trick everyone draws back up to 4 while the deck lasts (16 dealt, 20 in the deck), so the
tricks of a game have sizes k that :func:`sizes` lists, and a team that won ``a`` of the
``a + b`` tricks took 4 times the sum of ``a`` of them. Its card points are those of some
choice of that many cards of the deck (20 cards count, 16 count nothing). Discards are face
down and may be any cards, and any trick can be won by either team (a leader's lead stands
when nobody beats it; any lead can be beaten by a trump), so these counts are the whole test.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ...words import count

VALUES = (11, 10, 4, 3, 2)  # A, 10, K, Q, J: four of each; sixteen cards count nothing
ZEROS = 16


@cache
def sizes() -> frozenset[tuple[int, ...]]:
    """Every game's trick sizes (cards per player), sorted: from 4 cards in hand and 20 in
    the deck, each trick plays k of the hand and draws back min(k, deck / 4)."""
    out: set[tuple[int, ...]] = set()

    def walk(hand: int, deck: int, done: tuple[int, ...]) -> None:
        if hand == 0:
            out.add(tuple(sorted(done)))
            return
        for k in range(1, hand + 1):
            draw = min(k, deck // 4)
            walk(hand - k + draw, deck - 4 * draw, (*done, k))

    walk(4, 20, ())
    return frozenset(out)


@cache
def cards_won(a: int, b: int) -> frozenset[int]:
    """How many cards a team that won ``a`` tricks (the other ``b``) can have taken."""
    out: set[int] = set()
    for ks in sizes():
        if len(ks) == a + b:
            out |= {4 * s for s in _sums(ks, a)}
    return frozenset(out)


def _sums(ks: Sequence[int], a: int) -> set[int]:
    reach = {(0, 0)}
    for k in ks:
        reach |= {(n + 1, s + k) for n, s in reach if n < a}
    return {s for n, s in reach if n == a}


@cache
def counting_cards(points: int) -> frozenset[int]:
    """How many of the 20 counting cards can make exactly ``points``."""
    reach = {(0, 0)}
    for v in VALUES:
        reach = {(n + j, s + j * v) for n, s in reach for j in range(5) if s + j * v <= points}
    return frozenset(n for n, s in reach if s == points)


def possible(points: int, cards: int) -> bool:
    """Whether ``cards`` cards of the deck can count exactly ``points`` (the rest counting
    120 - points)."""
    return any(0 <= cards - m <= ZEROS for m in counting_cards(points))


def problems(points: Sequence[int], tricks: Sequence[int], teams: Sequence[str]) -> list[str]:
    """Why no game gives these card points with these tricks (the points add up to 120 and
    the tricks to 3-9, checked before); [] when some game does."""
    a, b = tricks
    if any(possible(points[0], n) for n in cards_won(a, b)):
        return []
    most = max(cards_won(a, b), default=0)
    least = min(cards_won(a, b), default=0)
    took = f"{least}" if least == most else f"{least} to {most}"
    return [f"{teams[0]} won {count(a, 'trick')} and {teams[1]} {b}, so {teams[0]} took "
            f"{took} cards, and no choice of that many cards counts {points[0]} "
            f"card points"]
