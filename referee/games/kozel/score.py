"""Kozel scoring: card points, the check of a table's card points, loss points, the series."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...cards import Card
from ...words import count

POINTS = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}
TOTAL = 120
WIN = 61
GOAT = 12
MAX_TRICKS = 9  # nine tricks of one card each
MIN_TRICKS = 3  # 16 + 16 + 4 cards


def card_points(c: Card) -> int:
    return POINTS.get(c.rank, 0)


def points_of(cards: Iterable[Card | None]) -> int:
    return sum(card_points(c) for c in cards if c is not None)


def split_reachable(unseen: Sequence[Card], need: Sequence[int],
                    counts: Sequence[int] | None) -> bool:
    """Can the unseen cards be shared out so that team i gets ``need[i]`` points?

    With ``counts`` (a finished game) team i gets exactly ``counts[i]`` of them and any card
    left over went to nobody; without, every unseen card goes to one team or the other.
    A small dynamic programme over the point values (only six distinct ones).
    """
    if any(n < 0 for n in need):
        return False
    groups = Counter(card_points(c) for c in unseen)
    if counts is not None and sum(counts) > len(unseen):
        return False
    total = sum(v * m for v, m in groups.items())
    if counts is None or sum(counts) == len(unseen):
        # every unseen card went to one team or the other: B's share follows from A's
        if need[0] + need[1] != total:
            return False
        zeros = groups.get(0, 0)
        if counts is None:
            sums = {0}
            for value, m in groups.items():
                if value:
                    sums = {v + a * value for v in sums for a in range(m + 1)
                            if v + a * value <= need[0]}
            return need[0] in sums
        reach = {(0, 0)}
        for value, m in groups.items():
            if value:
                reach = {(c + a, v + a * value) for c, v in reach for a in range(m + 1)
                         if v + a * value <= need[0] and c + a <= counts[0]}
        # the cards worth nothing make up A's count
        return any(v == need[0] and c <= counts[0] <= c + zeros for c, v in reach)
    # state: (cards to A, points to A, cards to B, points to B)
    states = {(0, 0, 0, 0)}
    ca_max = counts[0] if counts is not None else len(unseen)
    cb_max = counts[1] if counts is not None else len(unseen)
    for value, m in groups.items():
        nxt = set()
        for ca, sa, cb, sb in states:
            for a in range(m + 1):
                if ca + a > ca_max or sa + a * value > need[0]:
                    break
                for b in range(m - a + 1):
                    if cb + b > cb_max or sb + b * value > need[1]:
                        break
                    if counts is None and a + b != m:
                        continue
                    nxt.add((ca + a, sa + a * value, cb + b, sb + b * value))
        states = nxt
        if not states:
            return False
    for ca, sa, cb, sb in states:
        if sa == need[0] and sb == need[1] and (counts is None or (ca, cb) == tuple(counts)):
            return True
    return False


def check_points(points: Sequence[int], tricks: Sequence[int] | None, known: Sequence[int],
                 unseen: Sequence[Card], taken_down: Sequence[int] | None,
                 counted_tricks: Sequence[int], finished: bool, teams: Sequence[str]
                 ) -> list[str]:
    """Why the card points (and trick counts) a table gave are impossible; [] when possible.

    ``known``: points of the cards known to be in each team's tricks; ``unseen``: the cards
    whose place is not known; ``taken_down``: how many unseen cards each team took (when the
    game was played to its end).
    """
    out: list[str] = []
    if sum(points) != TOTAL:
        out.append(f"the card points add up to {sum(points)}, not {TOTAL}")
        return out
    need = [points[i] - known[i] for i in (0, 1)]
    for i in (0, 1):
        if need[i] < 0:
            out.append(f"{teams[i]} have {known[i]} points in cards known to be in their "
                       f"tricks, more than {points[i]}")
    if not out and not split_reachable(unseen, need, taken_down):
        if taken_down is not None and any(taken_down):
            took = " and ".join(f"{teams[i]} took {count(taken_down[i], 'unseen card', none=True)}"
                                for i in (0, 1))
            out.append(f"no choice of the unseen cards gives {points[0]}-{points[1]} ({took}; "
                       f"known in their tricks: {known[0]} and {known[1]})")
        else:
            out.append(f"{points[0]}-{points[1]} is not possible with the cards known "
                       f"(known in their tricks: {known[0]} and {known[1]})")
    if tricks is not None:
        total = sum(tricks)
        if finished:
            if list(tricks) != list(counted_tricks):
                out.append(f"the tricks were {counted_tricks[0]}-{counted_tricks[1]}, "
                           f"not {tricks[0]}-{tricks[1]}")
        elif total > MAX_TRICKS or any(tricks[i] < counted_tricks[i] for i in (0, 1)):
            out.append(f"{total} tricks in all is not possible (at most {MAX_TRICKS}, and "
                       f"at least those already played)")
        if not finished and not any(counted_tricks) and total < MIN_TRICKS:
            out.append(f"a game has at least {MIN_TRICKS} tricks, not {total}")
        for i in (0, 1):
            if tricks[i] == 0 and points[i] > 0:
                out.append(f"{teams[i]} have {points[i]} card points but no trick")
    return out


@dataclass(frozen=True, slots=True)
class GameScore:
    winner: int | None  # team index
    loss: tuple[int, int]
    eggs: bool
    doubled: bool = False


def loss_points(points: Sequence[int], tricks: Sequence[int] | None) -> GameScore:
    """61 wins; the other team takes 2 (31-59), 4 (30 or fewer), 6 (no trick); 60-60 eggs."""
    if points[0] == 60 and points[1] == 60:
        return GameScore(None, (0, 0), True)
    for w in (0, 1):
        if points[w] >= WIN and points[w] > points[1 - w]:
            lo = points[1 - w]
            if lo >= 31:
                n = 2
            elif tricks is None:
                n = 4 if lo > 0 else 6
            else:
                n = 4 if tricks[1 - w] > 0 else 6
            loss = (n, 0) if w == 1 else (0, n)
            return GameScore(w, loss, False)
    return GameScore(None, (0, 0), False)
