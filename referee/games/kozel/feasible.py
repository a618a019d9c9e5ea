"""Whether a Kozel game recorded as an outcome only can have happened: card points and tricks.

A trick takes 4k cards (each player plays k, 1 to 4, of one suit for the lead); after each
trick everyone draws back up to 4 while the deck lasts (16 dealt, 20 in the deck), so the
tricks of a game have sizes k that :func:`sizes` lists, and a team that won ``a`` of the
``a + b`` tricks took 4 times the sum of ``a`` of them. Its card points are those of some
choice of that many cards of the deck (20 cards count, 16 count nothing). Discards are face
down and may be any cards, and any trick can be won by either team (a leader's lead stands
when nobody beats it; any lead can be beaten by a trump), so these counts are the whole test:
:func:`witness` builds a game for every outcome it accepts (the tests replay them all).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from ...cards import DECK_36, Card
from ...words import count
from .cards import ORDER

VALUES = (11, 10, 4, 3, 2)  # A, 10, K, Q, J: four of each; sixteen cards count nothing
ZEROS = 16


def sizes() -> frozenset[tuple[int, ...]]:
    """Every game's trick sizes (cards per player), sorted: from 4 cards in hand and 20 in
    the deck, each trick plays k of the hand and draws back min(k, deck / 4)."""
    return frozenset(_orders())


@cache
def _orders() -> dict[tuple[int, ...], tuple[int, ...]]:
    """Each game's trick sizes, sorted -> one order they can be played in."""
    out: dict[tuple[int, ...], tuple[int, ...]] = {}

    def walk(hand: int, deck: int, done: tuple[int, ...]) -> None:
        if hand == 0:
            out.setdefault(tuple(sorted(done)), done)
            return
        for k in range(1, hand + 1):
            draw = min(k, deck // 4)
            walk(hand - k + draw, deck - 4 * draw, (*done, k))

    walk(4, 20, ())
    return out


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


# -- a witness: one game that gives the outcome --------------------------------------------

RANKS = {11: 14, 10: 10, 4: 13, 3: 12, 2: 11}  # card points -> rank


def witness(points: Sequence[int], tricks: Sequence[int], players: Sequence[str],
            first: str, trump: str = "S") -> list[str] | None:
    """The trick lines of one game (every discard shown) giving these points and tricks to
    the teams (players 0 & 2, 1 & 3), led first by ``first``; None when none was found.
    Each trick is won by the leader (nobody beats) or by the next player, of the other
    team, beating a non-trump lead with trumps; all its cards come from the winner team's
    share of the deck."""
    a, b = tricks
    for ks, order in _orders().items():
        if len(ks) != a + b:
            continue
        for mine in _subsets(order, a):
            cards = 4 * sum(order[i] for i in mine)
            for m in counting_cards(points[0]):
                if not 0 <= cards - m <= ZEROS:
                    continue
                for suits in (trump + "SHDC", "SHDC".replace(trump, "") + trump):
                    lines = _play(order, mine, _share(points[0], m, cards, suits), players,
                                  first, trump)
                    if lines is not None:
                        return lines
    return None


def _subsets(order: Sequence[int], a: int) -> list[tuple[int, ...]]:
    return list(combinations(range(len(order)), a))


def _share(points: int, m: int, cards: int, order: str) -> list[Card]:
    """Team A's cards: ``m`` counting cards making ``points``, then cards worth nothing to
    ``cards`` in all, the suits taken in ``order`` (trumps first or last: the team that
    beats needs them)."""
    reach: dict[tuple[int, int], list[int]] = {(0, 0): []}
    for v in VALUES:
        nxt: dict[tuple[int, int], list[int]] = {}
        for (n, s), used in reach.items():
            for j in range(5):
                if s + j * v <= points:
                    nxt.setdefault((n + j, s + j * v), used + [v] * j)
        reach = nxt
    values = reach[(m, points)]
    suits = list(dict.fromkeys(order))
    out: list[Card] = []
    for v in set(values):
        out += [Card(RANKS[v], x) for x in suits[:values.count(v)]]
    zeros = [c for x in suits for c in DECK_36 if c.suit == x and c.rank < 10]
    return out + zeros[:cards - m]


def _play(order: Sequence[int], mine: Sequence[int], share: list[Card],
          players: Sequence[str], first: str, trump: str) -> list[str] | None:
    pools = [list(share), [c for c in DECK_36 if c not in share]]
    seat = list(players).index(first)
    lines = []
    for i, k in enumerate(order):
        team = 0 if i in mine else 1
        pool = pools[team]
        beat = seat % 2 != team
        winner = seat
        if beat:
            got = _beaten(pool, k, trump)
            if got is None:
                return None
            lead, over = got
            winner = (seat + 1) % 4
            plays = [(seat, lead, False), (winner, over, False)]
            used = lead + over
        else:
            alone = _same_suit(pool, k, None)
            if alone is None:
                return None
            used = list(alone)
            plays = [(seat, alone, False)]
        rest = [c for c in pool if c not in used]
        for j in range(len(plays), 4):
            p = (seat + j) % 4
            plays.append((p, rest[:k], True))
            rest = rest[k:]
            if len(plays[-1][1]) < k:
                return None
        for c in used + [c for _, cs, down in plays if down for c in cs]:
            pool.remove(c)
        lines.append(" / ".join(
            f"{players[p]}: " + " ".join(("~" if down else "") + str(c) for c in cs)
            for p, cs, down in plays))
        seat = winner
    return lines


def _same_suit(pool: list[Card], k: int, not_suit: str | None) -> list[Card] | None:
    """``k`` cards of one suit from the pool (not of ``not_suit``), from the fullest suit."""
    by: dict[str, list[Card]] = {}
    for c in pool:
        if c.suit != not_suit:
            by.setdefault(c.suit, []).append(c)
    best = max(by.values(), key=len, default=[])
    return best[:k] if len(best) >= k else None


def _beaten(pool: list[Card], k: int, trump: str) -> tuple[list[Card], list[Card]] | None:
    """A lead of ``k`` cards of one suit and ``k`` cards that beat it, all from the pool:
    the lowest and the highest cards of one suit, or a non-trump lead and trumps."""
    by: dict[str, list[Card]] = {}
    for c in pool:
        by.setdefault(c.suit, []).append(c)
    for cs in by.values():
        if len(cs) >= 2 * k:
            cs = sorted(cs, key=lambda c: ORDER[c.rank])
            return cs[:k], cs[-k:]
    trumps = by.get(trump, [])
    lead = _same_suit(pool, k, trump)
    if lead is None or len(trumps) < k:
        return None
    return lead, trumps[:k]
