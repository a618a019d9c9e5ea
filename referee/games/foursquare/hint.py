"""Foursquare's hint: where to put the card just drawn, and the chance to win from there.

The hint sees only what the player sees (``Seen``): the piles on the table (height, top card,
face), the card just drawn, and the cards already placed; the stock order is never read, even
when the file knows it (a virtual deal, a typed stock). ``seen`` builds that view from a
replayed ``Game``; ``advise`` works on the view alone.

The search is determinised Monte Carlo on the compact table (``layout``, the post-mortem's
too): orders of the unseen cards are sampled, and every place worth a look is played out on the
same samples by the quick player (``greedy``: fewest face-down top cards, then a new pile; the
search's own strategy, made for speed); the place whose playouts win most often
is the hint. A place that wins at once is taken; one that loses at once is never advised while
another is left. Places that leave more than one face-down top card above the fewest possible
are not played out (measured: they are almost never the best); the best few then get more
samples. The random numbers are seeded from the position, so the same position always gets
the same hint.

The chance shown is the share of sampled futures that the quick player wins after the place,
corrected by ``CALIBRATION`` (the hint's own play wins more often than its quick playouts:
measured by benchmarks/foursquare_hint.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...cards import DECK_40, Card
from .layout import CENTRE, LOST, MID, WON, Layout, N, table_place
from .play import CARDS, SIZE, Game, Pos, rank

SAMPLES = 3  # sampled stock orders played out for every place worth a look
MORE = 6  # further samples for the best few
BEST = 3  # how many places the hint names (the best and the next two)
BUCKET = 4  # cards left per row of CALIBRATION
SLACK = 1  # places with more face-down top cards than the fewest + SLACK are not played out


class NoHint(ValueError):
    """The position has no hint: what the player should be told instead."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What the player sees: every pile as (row, col, height, top card, face up), the cards
    placed so far in this game (face-down ones included: they were seen when placed), and
    the card just drawn."""

    piles: tuple[tuple[int, int, int, Card, bool], ...]
    placed: frozenset[Card]
    turns: int
    card: Card

    def unseen(self) -> list[int]:
        """The ranks of the cards still in the stock, as far as the player can tell."""
        gone = self.placed | {self.card}
        return sorted(rank(c) for c in DECK_40 if c not in gone)


@dataclass(frozen=True, slots=True)
class Option:
    """A place for the drawn card and the chance to win after it (``wins`` of ``tries``
    playouts; ``at_once``: the place wins (chance 1) or loses (chance 0) this turn)."""

    pos: Pos
    chance: float
    wins: int
    tries: int
    at_once: bool = False


@dataclass(frozen=True, slots=True)
class Hint:
    card: Card
    options: tuple[Option, ...]  # the best place first, then the next ones (at most BEST)
    places: int  # legal places for the card

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def chance(self) -> float:
        return self.best.chance


def seen(game: Game, card: Card) -> Seen:
    """The player's view of ``game`` with ``card`` just drawn (``game.stock`` is not read).
    Raises ``NoHint`` when the game is over or ``card`` cannot be the card drawn."""
    if game.over:
        raise NoHint(f"game {game.number} is over ({game.result})")
    if card not in set(DECK_40):
        raise NoHint(f"{card} is not in the Foursquare deck (A-10 of each suit)")
    placed = frozenset(t.card for t in game.turns)
    if card in placed:
        raise NoHint(f"{card} is already on the table in game {game.number}")
    piles = tuple(sorted((p[0], p[1], len(pile), pile[-1], game.up[p])
                         for p, pile in game.piles.items()))
    return Seen(piles, placed, len(game.turns), card)


def table(s: Seen) -> tuple[Layout, Pos]:
    """The compact table of ``s`` and the real position of the frame's cell 0 (the table's
    top-left pile goes to the frame's centre)."""
    if not s.piles:
        return Layout.empty(), (-MID, -MID)  # the first card goes to the centre, shown as 0,0
    r0 = min(p[0] for p in s.piles)
    c0 = min(p[1] for p in s.piles)
    r1 = max(p[0] for p in s.piles)
    c1 = max(p[1] for p in s.piles)
    if r1 - r0 >= SIZE or c1 - c0 >= SIZE:
        raise NoHint(f"the table spans more than {SIZE} rows or columns (a broken record)")
    q = Layout.empty()
    for r, c, height, top, up in s.piles:
        q.cells[(MID + r - r0) * N + MID + c - c0] = height << 5 | rank(top) << 1 | up
        q.down += not up
        q.piles += 1
    q.box = MID, MID + r1 - r0, MID, MID + c1 - c0
    q.placed = s.turns
    return q, (r0 - MID, c0 - MID)


def greedy(q: Layout, x: int) -> int:
    """The quick player's place for rank ``x``: the fewest face-down top cards after it, then
    a new pile rather than a card on a pile, then reading order."""
    cells, down_after = q.cells, q.down_after
    best, bd, bh = CENTRE, 99, 9
    for i in q.moves():
        d = down_after(i, x)
        if d <= bd:
            k = cells[i] >> 5
            if d < bd or k < bh:
                best, bd, bh = i, d, k
                if not d and not k:  # nothing comes before a new pile with no card down
                    break
    return best


def playout(q: Layout, ranks: list[int]) -> int:
    """Play ``ranks`` in order on ``q`` (changed) with the quick player: the score when the
    game is won (cards left), -1 when it is lost."""
    place = q.place
    for x in ranks:
        res = place(greedy(q, x), x)
        if res:
            return CARDS - q.placed if res == WON else -1
    return -1


def advise(s: Seen, samples: int = SAMPLES, more: int = MORE) -> Hint:
    """The best place for ``s.card`` and the next ones, with their chances."""
    q, origin = table(s)
    x = rank(s.card)

    def pos(i: int) -> Pos:
        return table_place((origin[0] + MID, origin[1] + MID), i)

    cells = q.moves()
    if not cells:
        raise NoHint(f"{s.card} has no legal place")
    left = CARDS - s.turns - 1  # cards in the stock after this one
    unseen = s.unseen()
    rng = random.Random(repr((s.piles, sorted(map(str, s.placed)), s.turns, str(s.card))))
    now: list[Option] = []
    after: dict[int, Layout] = {}
    for i in cells:
        q2 = q.copy()
        res = q2.place(i, x)
        if res == WON:
            now.append(Option(pos(i), 1.0, 1, 1, True))
        elif res == LOST or left <= 0:
            now.append(Option(pos(i), 0.0, 0, 1, True))
        else:
            after[i] = q2
    downs = {i: q2.down for i, q2 in after.items()}
    fewest = min(downs.values(), default=0)
    look = [i for i in after if downs[i] <= fewest + SLACK]
    if len(look) < BEST:  # enough places to name: the next fewest too
        look = sorted(after, key=lambda i: (downs[i], cells.index(i)))[:BEST]
    wins = dict.fromkeys(look, 0)
    tries = dict.fromkeys(look, 0)
    score = dict.fromkeys(look, 0)

    def play(places: list[int], n: int) -> None:
        orders = []
        for _ in range(n):
            order = unseen[:]
            rng.shuffle(order)
            orders.append(order[:left])
        for i in places:
            for order in orders:
                got = playout(after[i].copy(), order)
                tries[i] += 1
                if got >= 0:
                    wins[i] += 1
                    score[i] += got

    def order(i: int) -> tuple[float, float, int, int, int]:
        n = max(tries[i], 1)
        return (-wins[i] / n, -score[i] / n, downs[i], q.cells[i] >> 5, cells.index(i))

    if len(look) > 1:
        play(look, samples)
        look.sort(key=order)
        play(look[:BEST], more)
    elif look:
        play(look, samples + more)
    look.sort(key=order)
    rolled = [Option(pos(i), calibrated(wins[i] / tries[i], left), wins[i], tries[i])
              for i in look]
    options = [o for o in now if o.chance == 1.0] + rolled + [o for o in now if o.chance == 0]
    return Hint(s.card, tuple(options[:BEST]), len(cells))


# The share of games the hint's own play won (percent), by cards left after the card drawn
# (rows of BUCKET: 0-3, 4-7, ...) and playouts won of SAMPLES + MORE (columns: 0, 1, ...).
# Made by ``benchmarks/foursquare_hint.py --record R`` (seeds 1-1000: 33,346 hints, 87.2% of
# the games won), then ``--fit R``.
CALIBRATION: tuple[tuple[int, ...], ...] = (
    (0, 50, 50, 60, 60, 60, 62, 62, 80, 100),
    (13, 32, 49, 58, 66, 72, 78, 94, 94, 99),
    (32, 48, 59, 66, 72, 80, 89, 92, 96, 98),
    (40, 52, 70, 72, 84, 84, 87, 92, 95, 98),
    (46, 64, 73, 78, 81, 88, 90, 92, 98, 98),
    (40, 76, 79, 81, 85, 88, 89, 94, 95, 97),
    (65, 75, 82, 84, 87, 89, 90, 93, 96, 98),
    (67, 83, 83, 86, 88, 89, 89, 95, 95, 100),
    (86, 86, 87, 87, 88, 88, 88, 88, 88, 100),
    (86, 86, 86, 88, 89, 89, 89, 100, 100, 100),
)


def calibrated(p: float, left: int) -> float:
    """The chance of winning with the hint's own play, from the quick player's share ``p``
    of sampled futures won, ``left`` cards in the stock (interpolated in CALIBRATION)."""
    if not CALIBRATION:
        return p
    row = CALIBRATION[max(0, min(left // BUCKET, len(CALIBRATION) - 1))]
    at = p * (len(row) - 1)
    lo = int(at)
    hi = min(lo + 1, len(row) - 1)
    return (row[lo] + (row[hi] - row[lo]) * (at - lo)) / 100
