"""Foursquare replayed: the layout of one game, the placement checks and the flips.

One ``[[deals]]`` table is one game. The layout is a dict of piles by (row, col), each pile a
list of cards (bottom first) whose top card is face up or face down. Every turn places one
card; the checks (``card-*``, ``stock-order``, ``pile-full``, ``grid-adjacent``, ``grid-size``)
report what the placement broke, and the card still goes where it was put (a recorded game is
history). Then the row test and the column test turn cards over, and the end is checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...cards import DECK_40, Card
from ...errors import Violation
from . import text as ft

Pos = tuple[int, int]
SIZE = 4  # the layout spans at most 4 rows and 4 columns
PILE = 4  # at most 4 cards in a pile
CARDS = 40
MAX_DOWN = 4  # more face-down top cards than this after a turn loses
DECK = frozenset(DECK_40)
NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))


Flip = tuple[Pos, Card, bool]  # a top card turned over: where, which, now face up?
_PLACES: dict[Pos, Pos] = {}  # one object for each place, and for each flip: a long series
_FLIPS: dict[Flip, Flip] = {}  # holds thousands of equal ones (DESIGN.md, memory)


def rank(c: Card) -> int:
    """Foursquare ranks: ace 1 (low) ... 10 (high); anything else its printed rank."""
    return 1 if c.rank == 14 else c.rank


def pos_text(p: Pos) -> str:
    return f"{p[0]},{p[1]}"


@dataclass(slots=True)
class LineTest:
    """The row (or column) test of one turn: what was compared and what it turned."""

    kind: str  # "row" | "column"
    index: int
    others: list[tuple[Pos, Card, bool]]  # other piles' top cards before the test: face up?
    applies: bool
    why: str
    turned: list[tuple[Pos, Card, bool]] = field(default_factory=list)  # now face up?


@dataclass(slots=True)
class Turn:
    """One placement. ``row`` and ``col`` (the tests card by card, for ``explain``) are kept
    only by a game replayed in detail; every game keeps what the tests turned (``turned``)."""

    number: int
    card: Card
    pos: Pos
    at: int
    height: int  # the pile's height after the card went on it
    given: bool  # the card was written (not taken from a known stock)
    broken: tuple[str, ...] = ()  # the rules the placement broke (``broke``)
    row: LineTest | None = None
    col: LineTest | None = None
    down: int = 0  # face-down top cards after the turn
    piles: int = 0
    ended: str = ""  # "won" | "lost" when the game ended at this turn
    turned: tuple[tuple[Pos, Card, bool], ...] = ()  # the row test's, then the column's

    @property
    def flips(self) -> list[tuple[Pos, Card, bool]]:
        return list(self.turned)

    @property
    def broke(self) -> list[str]:
        return list(self.broken)


class Game:
    """One game of Foursquare, replayed entry by entry. ``detail``: each turn keeps its row
    and column tests (``Turn.row``, ``Turn.col``); a long series is replayed without them
    (about 1 KB a turn) and ``explain`` replays the one game it shows in detail."""

    __slots__ = ("number", "player", "base", "stock", "piles", "up", "turns", "result",
                 "score", "why", "seen", "violations", "claimed", "claimed_at", "note",
                 "late", "box", "detail")

    def __init__(self, number: int, player: str, base: int, detail: bool = True) -> None:
        self.detail = detail
        self.number = number
        self.player = player
        self.base = base  # global index of this game's first entry
        self.stock: tuple[Card, ...] | None = None
        self.piles: dict[Pos, list[Card]] = {}
        self.up: dict[Pos, bool] = {}
        self.turns: list[Turn] = []
        self.result = "playing"  # | "won" | "lost"
        self.score = 0
        self.why = ""
        self.seen: dict[Card, int] = {}
        self.violations: list[Violation] = []
        self.claimed: dict[str, int] | None = None
        self.claimed_at = -1
        self.note: str | None = None
        self.late = 0  # turns written after the game was over
        self.box: tuple[int, int, int, int] | None = None  # min row, max row, min col, max col

    def clone(self) -> Game:
        """A copy to try moves on (search, playouts); violations and turns are shared lists
        copied shallowly."""
        g = Game(self.number, self.player, self.base, self.detail)
        g.stock = self.stock
        g.piles = {p: list(v) for p, v in self.piles.items()}
        g.up = dict(self.up)
        g.turns = list(self.turns)
        g.result, g.score, g.why = self.result, self.score, self.why
        g.seen = dict(self.seen)
        g.violations = list(self.violations)
        g.claimed, g.claimed_at, g.note = self.claimed, self.claimed_at, self.note
        g.late, g.box = self.late, self.box
        return g

    # -- questions ----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.result != "playing"

    @property
    def left(self) -> int:
        """Cards left in the stock."""
        return CARDS - len(self.turns)

    def next_card(self) -> Card | None:
        """The card the stock gives next, when it is known."""
        if self.stock is None or self.over or len(self.turns) >= len(self.stock):
            return None
        return self.stock[len(self.turns)]

    def down_count(self) -> int:
        return sum(1 for v in self.up.values() if not v)

    def top(self, p: Pos) -> Card:
        return self.piles[p][-1]

    def spans(self, p: Pos) -> tuple[int, int, int, int]:
        """Rows and columns spanned before and after placing at ``p``."""
        if self.box is None:
            return 0, 1, 0, 1
        r0, r1, c0, c1 = self.box
        rows, cols = r1 - r0 + 1, c1 - c0 + 1
        nrows = max(r1, p[0]) - min(r0, p[0]) + 1
        ncols = max(c1, p[1]) - min(c0, p[1]) + 1
        return rows, nrows, cols, ncols

    def position_problem(self, p: Pos, what: str = "a card") -> list[tuple[str, str]]:
        """What placing ``what`` at ``p`` breaks now, as (rule, message); empty when legal."""
        if not self.piles:
            return []
        out: list[tuple[str, str]] = []
        pile = self.piles.get(p)
        if pile is not None:
            if len(pile) >= PILE:
                out.append(("pile-full", ft.pile_full(what, pos_text(p), PILE)))
            return out
        if not any((p[0] + dr, p[1] + dc) in self.piles for dr, dc in NEIGHBOURS):
            out.append(("grid-adjacent", ft.not_adjacent(what, pos_text(p))))
        rows, nrows, cols, ncols = self.spans(p)
        if (nrows > SIZE and nrows > rows) or (ncols > SIZE and ncols > cols):
            span = []
            if nrows > SIZE and nrows > rows:
                span.append(f"{nrows} rows")
            if ncols > SIZE and ncols > cols:
                span.append(f"{ncols} columns")
            out.append(("grid-size", ft.too_wide(what, pos_text(p), span, SIZE)))
        return out

    def legal(self) -> list[Pos]:
        """Every place the next card may go, in reading order."""
        if not self.piles:
            return [(0, 0)]
        cand: set[Pos] = set()
        for (r, c), pile in self.piles.items():
            if len(pile) < PILE:
                cand.add((r, c))
            for dr, dc in NEIGHBOURS:
                q = (r + dr, c + dc)
                if q not in self.piles:
                    cand.add(q)
        return sorted(q for q in cand if self.fits(q))

    def fits(self, p: Pos) -> bool:
        """``position_problem(p)`` is empty (without building the messages)."""
        pile = self.piles.get(p)
        if pile is not None or not self.piles:
            return pile is None or len(pile) < PILE
        if not any((p[0] + dr, p[1] + dc) in self.piles for dr, dc in NEIGHBOURS):
            return False
        rows, nrows, cols, ncols = self.spans(p)
        return not ((nrows > SIZE and nrows > rows) or (ncols > SIZE and ncols > cols))

    # -- entries ------------------------------------------------------------------------------

    def flag(self, at: int, rule: str, msg: str, turn: int | None) -> None:
        self.violations.append(Violation(self.number, None, self.player, rule, msg,
                                         turn=turn, at=at, unit=ft.UNIT))

    def place(self, card: Card | None, p: Pos, at: int) -> Turn | None:
        number = len(self.turns) + self.late + 1
        p = _PLACES.setdefault(p, p)
        if self.over:
            self.late += 1
            self.flag(at, "turn-order", ft.after_the_end(self.number, self.result,
                                                         len(self.turns), number), number)
            return None
        given = card is not None
        expected = self.next_card()
        if card is None:
            if expected is None:  # the file reader refuses this; kept safe here
                self.flag(at, "stock-order", ft.no_card_no_stock(number), number)
                return None
            card = expected
        if card not in DECK:
            self.flag(at, "card-not-in-deck", ft.not_in_deck(card), number)
        elif card in self.seen:
            self.flag(at, "card-duplicate", ft.placed_twice(card, self.seen[card]), number)
        elif expected is not None and card != expected:
            self.flag(at, "stock-order", ft.stock_order(expected, number, card), number)
        turn = Turn(number, card, p, at, 0, given)
        broke = self.position_problem(p, str(card))
        for rule, msg in broke:
            self.flag(at, rule, msg, number)
        if broke:
            turn.broken = tuple(rule for rule, _msg in broke)
        if card not in self.seen:
            self.seen[card] = number
        self.put(card, p)
        turn.height = len(self.piles[p])
        row, col = self.test(card, p, "row"), self.test(card, p, "column")
        if row.turned or col.turned:
            turn.turned = (*row.turned, *col.turned)
        if self.detail:
            turn.row, turn.col = row, col
        turn.down = self.down_count()
        turn.piles = len(self.piles)
        self.turns.append(turn)
        self.check_end(turn)
        return turn

    def put(self, card: Card, p: Pos) -> None:
        self.piles.setdefault(p, []).append(card)
        self.up[p] = True
        if self.box is None:
            self.box = (p[0], p[0], p[1], p[1])
        else:
            r0, r1, c0, c1 = self.box
            self.box = (min(r0, p[0]), max(r1, p[0]), min(c0, p[1]), max(c1, p[1]))

    def test(self, card: Card, p: Pos, kind: str) -> LineTest:
        """The row (or column) rule for the card just placed at ``p``; turns cards over."""
        axis = 0 if kind == "row" else 1
        others = sorted((q, self.piles[q][-1], self.up[q]) for q in self.piles
                        if q[axis] == p[axis] and q != p)
        index = p[axis]
        if not others:
            return LineTest(kind, index, others, False, f"no other pile in the {kind}")
        ups = [rank(c) for _q, c, u in others if u]
        r = rank(card)
        if not ups:
            applies, why = True, (f"no other face-up top card in the {kind}: every face-down "
                                  "top card turns face up")
        elif all(r > x for x in ups):
            applies, why = True, f"{card} is higher than every other face-up top card"
        elif all(r < x for x in ups):
            applies, why = True, f"{card} is lower than every other face-up top card"
        else:
            applies = False
            equal = [c for _q, c, u in others if u and rank(c) == r]
            if equal:
                why = (f"{card} ties {' '.join(str(c) for c in equal)} in rank: an equal "
                       "rank blocks the rule")
            else:
                why = f"{card} is neither the highest nor the lowest face-up top card"
        t = LineTest(kind, index, others, applies, why)
        if applies:
            for q, c, u in others:
                self.up[q] = not u
                flip = (q, c, not u)
                t.turned.append(_FLIPS.setdefault(flip, flip))
        return t

    def check_end(self, turn: Turn) -> None:
        full = False
        if len(self.piles) == SIZE * SIZE and self.box is not None:
            r0, r1, c0, c1 = self.box
            full = r1 - r0 + 1 == SIZE and c1 - c0 + 1 == SIZE
        if full and turn.down == 0:
            self.result, self.score = "won", self.left
            self.why = f"won at turn {turn.number}: 16 piles, all face up; score {self.left}"
        elif turn.down > MAX_DOWN:
            self.result = "lost"
            self.why = (f"lost at turn {turn.number}: {turn.down} face-down top cards "
                        f"(more than {MAX_DOWN})")
        elif len(self.turns) >= CARDS:
            self.result = "lost"
            self.why = f"lost at turn {turn.number}: the stock is empty"
        turn.ended = self.result if self.over else ""
        if self.over:
            self.seen = {}  # what the duplicate check needs, and nothing is placed any more

    def abandon(self, at: int) -> None:
        """A game left unfinished, followed by another: it counts as lost."""
        self.flag(at, "turn-order", ft.left_unfinished(), None)
        self.result = "lost"
        self.seen = {}
        self.why = f"left unfinished after turn {len(self.turns)}: counts as lost"

    def finish(self) -> None:
        """Checks made once every entry of the game is in: the claimed score."""
        if self.claimed is None or not self.over:
            return
        for p, v in self.claimed.items():
            if v != self.score:
                self.flag(self.claimed_at, "claimed-score",
                          ft.claimed_wrong(p, v, self.score, self.result), None)
