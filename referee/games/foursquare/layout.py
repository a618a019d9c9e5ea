"""Foursquare's compact table, the one core of the hint (``hint``) and the post-mortem
(``analyze``): the table as the searches see it, its legal places, a card placed, and the key
that makes equivalent tables one.

* Only each pile's height, its top card's rank and whether that top is face up matter (the
  cards under a top are never seen again, and suits never count), so a cell holds
  ``height << 5 | rank << 1 | face_up`` (0: no pile), which fits a byte.
* The piles of a legal game never span more than 4 rows or columns, so a table, and every 4x4
  it can still grow into, fits a 7x7 frame once one of its piles sits at the frame's centre
  (``CENTRE``, row and column ``MID``): the post-mortem puts the first card there, the hint the
  table's top-left pile.
* The rules are the same under a shift of the whole table and under its 8 rotations and
  reflections (the row test and the column test look at disjoint cards, so their order does
  not matter): ``key`` is the least of the 8 images, each shifted to the corner.

``Layout.place`` is ``play.Game.place`` for a legal place (checked against it in
tests/test_foursquare_analyze.py and tests/test_foursquare_hint.py); ``play`` is the same on a
copy; ``down_after`` says how many top cards would be face down after a place without making it.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from .play import CARDS, MAX_DOWN, PILE, SIZE, Pos

N = 7  # the frame's side
MID = 3  # the centre's row and column in the frame
CENTRE = MID * N + MID  # where the first card of a game goes
ALL = 16  # piles of a won table
FULL = PILE << 5  # the least cell of a full pile
PLAYING, WON, LOST = 0, 1, -1  # how a turn ended (``Layout.place``)
ROWS = tuple(tuple(r * N + c for c in range(N)) for r in range(N))  # the cells of each row
COLS = tuple(tuple(r * N + c for r in range(N)) for c in range(N))  # and of each column
RC = tuple(divmod(i, N) for i in range(N * N))  # each cell's row and column
# a cell's top as the line tests read it: its rank when face up, FACE_DOWN, or NO_PILE (a table
# is quicker than the bit operations)
FACE_DOWN, NO_PILE = -1, -2
TOP = tuple(NO_PILE if not v else v >> 1 & 15 if v & 1 else FACE_DOWN for v in range(256))
NEAR = tuple(tuple(i + d for d in (-N, N, -1, 1)
                   if 0 <= i + d < N * N and (d in (-N, N) or (i + d) // N == i // N))
             for i in range(N * N))


class Layout:
    """One table. ``cells``: the 7x7 frame (see the module); ``box``: the rows and columns
    the piles span (min row, max row, min col, max col); ``piles``, ``down`` (face-down tops)
    and ``placed`` (cards placed so far) kept as counts."""

    __slots__ = ("cells", "box", "piles", "down", "placed")

    def __init__(self, cells: list[int], box: tuple[int, int, int, int], piles: int, down: int,
                 placed: int) -> None:
        self.cells, self.box = cells, box
        self.piles, self.down, self.placed = piles, down, placed

    @staticmethod
    def empty() -> Layout:
        return Layout([0] * (N * N), (MID, MID, MID, MID), 0, 0, 0)

    def copy(self) -> Layout:
        return Layout(self.cells.copy(), self.box, self.piles, self.down, self.placed)

    def pile(self, i: int) -> tuple[int, int, int]:
        """Cell ``i`` as (height, top rank, 1 when the top is face up); (0, 0, 0): no pile."""
        v = self.cells[i]
        return v >> 5, v >> 1 & 15, v & 1

    def moves(self) -> list[int]:
        """The frame cells the next card may go to, in reading order."""
        if not self.piles:
            return [CENTRE]
        cells = self.cells
        r0, r1, c0, c1 = self.box
        if r1 - r0 + 1 < SIZE:
            r0, r1 = r0 - 1, r1 + 1
        if c1 - c0 + 1 < SIZE:
            c0, c1 = c0 - 1, c1 + 1
        out = []
        for r in range(r0, r1 + 1):
            for i in range(r * N + c0, r * N + c1 + 1):
                v = cells[i]
                if v:
                    if v < FULL:
                        out.append(i)
                else:
                    for j in NEAR[i]:
                        if cells[j]:
                            out.append(i)
                            break
        return out

    def down_after(self, i: int, x: int, turn: bool = False) -> int:
        """Face-down top cards after a card of rank ``x`` goes to cell ``i``: the row test,
        then the column test, each turning the tops of the line's other piles over when the
        card is above or below every face-up top there (or when all are face down). Nothing
        changes, unless ``turn`` (for ``place``, once the card is down): then the tops turn."""
        cells = self.cells
        r, c = RC[i]
        r0, r1, c0, c1 = self.box
        v = cells[i]
        d = self.down - 1 if v and not v & 1 else self.down
        for line in (ROWS[r][c0 if c0 < c else c:(c1 if c1 > c else c) + 1],
                     COLS[c][r0 if r0 < r else r:(r1 if r1 > r else r) + 1]):
            nup = ndown = 0
            mx, mn = 0, 99
            for j in line:
                if j != i:
                    t = TOP[cells[j]]
                    if t >= 0:
                        nup += 1
                        if t > mx:
                            mx = t
                        if t < mn:
                            mn = t
                    elif t == FACE_DOWN:
                        ndown += 1
            if (nup or ndown) and (not nup or x > mx or x < mn):
                d += nup - ndown
                if turn:
                    for j in line:
                        if cells[j] and j != i:
                            cells[j] ^= 1
        return d

    def place(self, i: int, x: int) -> int:
        """Put a card of rank ``x`` on cell ``i`` (a legal place), turn cards over, and say
        how the turn ended: PLAYING, WON or LOST (a whole stock of 40 cards)."""
        self.down = self.down_after(i, x, True)
        v = self.cells[i]
        self.cells[i] = (v >> 5) + 1 << 5 | x << 1 | 1
        if not v:
            self.piles += 1
        r, c = RC[i]
        r0, r1, c0, c1 = self.box
        if r < r0:
            r0 = r
        elif r > r1:
            r1 = r
        if c < c0:
            c0 = c
        elif c > c1:
            c1 = c
        self.box = r0, r1, c0, c1
        self.placed += 1
        if self.piles == ALL and not self.down:
            return WON
        if self.down > MAX_DOWN or self.placed >= CARDS:
            return LOST
        return PLAYING

    def play(self, i: int, x: int) -> Layout:
        """The layout after a card of rank ``x`` goes to cell ``i`` (a legal place); this one
        is left as it is."""
        kid = self.copy()
        kid.place(i, x)
        return kid

    @property
    def won(self) -> bool:
        return self.piles == ALL and self.down == 0

    def key(self) -> bytes:
        """The layout's key: equal for two layouts the rules treat alike (see the module)."""
        return canonical(self.cells, self.box)


def _images(h: int, w: int, r0: int, c0: int) -> tuple[Any, ...]:
    """For a layout of ``h`` rows and ``w`` columns whose corner is (r0, c0): one getter per
    symmetry of the square, reading the frame's cells in the image's reading order."""
    out = []
    for sym in range(8):
        th, tw = (w, h) if sym & 4 else (h, w)
        idx = []
        for a in range(th):
            for b in range(tw):
                x, y = (b, a) if sym & 4 else (a, b)  # transpose first
                if sym & 1:
                    x = h - 1 - x
                if sym & 2:
                    y = w - 1 - y
                idx.append((r0 + x) * N + c0 + y)
        idx.append(idx[0])  # two indices at least: the getter always returns a tuple
        out.append((bytes((th, tw)), itemgetter(*idx)))
    return tuple(out)


_IMAGES: dict[tuple[int, int, int, int], tuple[Any, ...]] = {}


def canonical(cells: Sequence[int], box: tuple[int, int, int, int]) -> bytes:
    """The key of a layout: the least of its 8 images, each shifted to the corner."""
    got = _IMAGES.get(box)
    if got is None:
        r0, r1, c0, c1 = box
        got = _IMAGES[box] = _images(r1 - r0 + 1, c1 - c0 + 1, r0, c0)
    key: bytes = min(head + bytes(get(cells)) for head, get in got)
    return key


def frame_cell(centre: Pos, p: Pos) -> int | None:
    """The frame cell of the table's place ``p`` when the place ``centre`` lies at the frame's
    centre; None outside the frame."""
    r, c = p[0] - centre[0] + MID, p[1] - centre[1] + MID
    if not (0 <= r < N and 0 <= c < N):
        return None
    return r * N + c


def table_place(centre: Pos, i: int) -> Pos:
    """The table's place of frame cell ``i`` when the place ``centre`` lies at the centre."""
    r, c = divmod(i, N)
    return r - MID + centre[0], c - MID + centre[1]
