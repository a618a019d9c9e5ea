"""Foursquare's quick core for search: a table as three flat lists on a 7x7 frame.

The piles of a legal game never span more than 4 rows or columns, so every table, and every
4x4 it can still grow into, fits a 7x7 frame once its top-left pile sits at frame row 3 and
column 3. A cell ``i = row * 7 + col`` holds the height of its pile (0: empty), the rank of the
top card (A = 1 ... 10) and whether that card is face up. Only ranks matter to the rules, so the
search plays with ranks alone. ``place`` is ``play.Game.place`` for a legal place (checked
against it in tests/test_foursquare_hint.py); ``down_after`` says how many top cards would be
face down after a place without making it.
"""

from __future__ import annotations

W = 7  # the frame's width and height
CENTRE = 3 * W + 3  # where the first card of a game goes
SIZE = 4
PILE = 4
MAX_DOWN = 4
CARDS = 40

ROWS = tuple(tuple(r * W + c for c in range(W)) for r in range(W))
COLS = tuple(tuple(r * W + c for r in range(W)) for c in range(W))
NEIGH = tuple(tuple(r2 * W + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= r2 < W and 0 <= c2 < W)
              for r in range(W) for c in range(W))

PLAYING, WON, LOST = 0, 1, -1


class Quick:
    """One table: ``h`` pile heights, ``top`` top ranks, ``up`` 1 when the top is face up;
    ``box`` the rows and columns spanned (r0, r1, c0, c1; r0 > r1 while empty); ``turns``
    cards placed so far; ``down`` and ``piles`` kept as counts."""

    __slots__ = ("h", "top", "up", "r0", "r1", "c0", "c1", "piles", "down", "turns")

    def __init__(self) -> None:
        self.h = [0] * (W * W)
        self.top = [0] * (W * W)
        self.up = [0] * (W * W)
        self.r0, self.r1, self.c0, self.c1 = W, -1, W, -1
        self.piles = self.down = self.turns = 0

    def copy(self) -> Quick:
        q = Quick.__new__(Quick)
        q.h, q.top, q.up = self.h[:], self.top[:], self.up[:]
        q.r0, q.r1, q.c0, q.c1 = self.r0, self.r1, self.c0, self.c1
        q.piles, q.down, q.turns = self.piles, self.down, self.turns
        return q

    def key(self) -> tuple[int, ...]:
        """The table as a tuple (for a stable seed and for tests)."""
        return (*self.h, *self.top, *self.up, self.turns)

    def legal(self) -> list[int]:
        """Every cell the next card may go to, in reading order."""
        if not self.piles:
            return [CENTRE]
        h = self.h
        out = []
        rlo, rhi = max(0, self.r1 - SIZE + 1), min(W - 1, self.r0 + SIZE - 1)
        clo, chi = max(0, self.c1 - SIZE + 1), min(W - 1, self.c0 + SIZE - 1)
        for r in range(rlo, rhi + 1):
            base = r * W
            for i in range(base + clo, base + chi + 1):
                k = h[i]
                if k:
                    if k < PILE:
                        out.append(i)
                else:
                    for j in NEIGH[i]:
                        if h[j]:
                            out.append(i)
                            break
        return out

    def down_after(self, i: int, x: int) -> int:
        """Face-down top cards after a card of rank ``x`` goes to cell ``i`` (not placed)."""
        h, up = self.h, self.up
        d = self.down
        if h[i] and not up[i]:
            d -= 1
        for line in (ROWS[i // W], COLS[i % W]):
            turn = self._turns(line, i, x)
            if turn is not None:
                d += turn
        return d

    def _turns(self, line: tuple[int, ...], i: int, x: int) -> int | None:
        """A card of rank ``x`` on cell ``i`` turns the other piles of ``line`` over when it
        is above or below every face-up top there (or when all are face down): the change in
        face-down tops it makes then; None when it turns nothing."""
        h, top, up = self.h, self.top, self.up
        nup = ndown = 0
        mx, mn = 0, 99
        for j in line:
            if h[j] and j != i:
                if up[j]:
                    nup += 1
                    t = top[j]
                    if t > mx:
                        mx = t
                    if t < mn:
                        mn = t
                else:
                    ndown += 1
        if (nup or ndown) and (not nup or x > mx or x < mn):
            return nup - ndown
        return None

    def place(self, i: int, x: int) -> int:
        """Put a card of rank ``x`` on cell ``i``, turn cards over, and say how the turn
        ended: PLAYING, WON or LOST."""
        h, top, up = self.h, self.top, self.up
        if h[i]:
            if not up[i]:
                self.down -= 1
        else:
            self.piles += 1
            r, c = divmod(i, W)
            if r < self.r0:
                self.r0 = r
            if r > self.r1:
                self.r1 = r
            if c < self.c0:
                self.c0 = c
            if c > self.c1:
                self.c1 = c
        h[i] += 1
        top[i] = x
        up[i] = 1
        self.turns += 1
        for line in (ROWS[i // W], COLS[i % W]):
            turn = self._turns(line, i, x)
            if turn is not None:
                for j in line:
                    if h[j] and j != i:
                        up[j] ^= 1
                self.down += turn
        if self.piles == SIZE * SIZE and not self.down:
            return WON
        if self.down > MAX_DOWN or self.turns >= CARDS:
            return LOST
        return PLAYING


def greedy(q: Quick, x: int) -> int:
    """The quick player's place for rank ``x``: the fewest face-down top cards after it, then
    a new pile rather than a card on a pile, then reading order."""
    h, up = q.h, q.up
    best, bd, bh = -1, 99, 9
    if not q.piles:
        return CENTRE
    r0, r1, c0, c1 = q.r0, q.r1, q.c0, q.c1
    down = q.down
    for r in range(max(0, r1 - SIZE + 1), min(W - 1, r0 + SIZE - 1) + 1):
        row = ROWS[r]
        for c in range(max(0, c1 - SIZE + 1), min(W - 1, c0 + SIZE - 1) + 1):
            i = row[c]
            k = h[i]
            if k:
                if k >= PILE:
                    continue
                d = down if up[i] else down - 1
            else:
                for j in NEIGH[i]:
                    if h[j]:
                        break
                else:
                    continue
                d = down
            # the row, then the column (within the table's reach): a card strictly above or
            # below every face-up top turns the rest
            turn = q._turns(row[c0 if c0 < c else c:(c1 if c1 > c else c) + 1], i, x)
            if turn is not None:
                d += turn
            turn = q._turns(COLS[c][r0 if r0 < r else r:(r1 if r1 > r else r) + 1], i, x)
            if turn is not None:
                d += turn
            if d < bd or (d == bd and k < bh):
                best, bd, bh = i, d, k
    return best


def playout(q: Quick, ranks: list[int]) -> int:
    """Play ``ranks`` in order on ``q`` (changed) with the quick player: the score when the
    game is won (cards left), -1 when it is lost."""
    place = q.place
    for x in ranks:
        res = place(greedy(q, x), x)
        if res:
            return CARDS - q.turns if res == WON else -1
    return -1
