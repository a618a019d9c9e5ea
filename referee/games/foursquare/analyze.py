"""Foursquare's post-mortem: could a known stock order have been won, and which move lost it.

The search sees the whole order (``ranks``, top first) and plays it out exactly: a depth-first
search over the places of each card on the compact table (``layout``: heights, top ranks and
faces in a 7x7 frame whose centre is the first card) with a memo on the layout's key (equal for
the 8 rotations and reflections of a table, shifted to the corner) and bounds on the score. The
cards placed so far are the sum of the heights, so the layout alone says which card of the
stock comes next.

Values are scores: the cards left in the stock when the game is won (40 less the turns), or
``LOST`` (-1) when no win is possible. The memo holds bounds (low, high) on a layout's value,
so that a search cut short by a bound (``alpha``: only a value above it matters; ``beta``: a
value this high is enough) still leaves what it proved.

``analyze_game`` turns a replayed ``Game`` into an ``Analysis``: the order analysed, the best
score and one best line (a beam search finds a good first win; the exact search then asks for
better ones from each layout of its line, the last first, and proves the best when it can),
and for each move actually made what was still possible after it (``Move``), which gives "the
losing move" (the first after which no win was left) and "the costly move" (the first after
which the best score was out of reach). A stock only partly known (real cards, a game lost
before its last card) is analysed exactly for wins inside the known cards, and otherwise by
sampling orders of the unseen cards (``Estimate``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import DECK_40, Card
from .layout import ALL, Layout, frame_cell, table_place
from .play import CARDS, MAX_DOWN, Game, Pos, rank

LOST = -1  # the value of a layout from which no win is possible


class OutOfBudget(Exception):
    """The search expanded as many positions as it was allowed."""


class Solver:
    """The exact search over one known order (``ranks``, top first; fewer than 40 cards: the
    game is lost when they run out, which is how a partly known stock is searched)."""

    def __init__(self, ranks: Sequence[int]) -> None:
        self.ranks = tuple(ranks)
        self.memo: dict[bytes, tuple[int, int]] = {}
        self.nodes = 0
        self.limit: int | None = None  # stop (``OutOfBudget``) past this many positions

    def ceiling(self, lay: Layout) -> int:
        """The best score still possible in theory: one card for each missing pile."""
        need = max(ALL - lay.piles, 1)
        if lay.placed + need > len(self.ranks):
            return LOST
        return CARDS - lay.placed - need

    def outcome(self, lay: Layout) -> int | None:
        """The value of a layout at which the game is over, else None."""
        if lay.won:
            return CARDS - lay.placed
        if lay.down > MAX_DOWN or lay.placed >= len(self.ranks):
            return LOST
        return None

    def children(self, lay: Layout) -> list[tuple[int, Layout]]:
        """Every move with its layout, the most promising first (fewest face-down tops, then
        most piles)."""
        rk = self.ranks[lay.placed]
        kids = [(i, lay.play(i, rk)) for i in lay.moves()]
        kids.sort(key=lambda k: (k[1].down, -k[1].piles))
        return kids

    def value(self, lay: Layout, alpha: int = LOST - 1, beta: int = CARDS + 1) -> int:
        """The layout's value when it lies strictly between ``alpha`` and ``beta``; else a
        bound on the same side (at most ``alpha``, or at least ``beta``)."""
        end = self.outcome(lay)
        if end is not None:
            return end
        return self._search(lay, alpha, beta)

    def _search(self, lay: Layout, alpha: int, beta: int) -> int:
        high = self.ceiling(lay)
        if high <= alpha or high == LOST:
            return high
        key = lay.key()
        low = LOST
        got = self.memo.get(key)
        if got is not None:
            low, high = got[0], min(high, got[1])
            if low == high or low >= beta:
                return low
            if high <= alpha:
                return high
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfBudget
        best = LOST
        for _i, kid in self.children(lay):
            end = self.outcome(kid)
            v = end if end is not None else self._search(kid, max(alpha, best), beta)
            if v > best:
                best = v
                if best >= beta or best >= high:
                    break
        if best >= high or alpha < best < beta or best == LOST:
            low = high = best
        elif best >= beta:
            low = max(low, best)
        else:
            high = min(high, best)
        self.memo[key] = (low, high)
        return best

    def reach(self, lay: Layout, score: int, nodes: int | None = None) -> int | None:
        """A win scoring ``score`` or more from ``lay``: the score of the win found, ``LOST``
        when there is none, None when the search ran past ``nodes`` positions."""
        self.limit = None if nodes is None else self.nodes + nodes
        try:
            v = self.value(lay, score - 1, score)
        except OutOfBudget:
            return None
        finally:
            self.limit = None
        return v if v >= score else LOST

    def best(self, lay: Layout) -> int:
        """The layout's exact value (no budget)."""
        return self.value(lay)

    def line(self, lay: Layout, score: int) -> list[int]:
        """Moves (frame cells) from ``lay`` to a win scoring ``score`` or more, which the
        search has found (the memo leads the way)."""
        out: list[int] = []
        while self.outcome(lay) is None:
            for i, kid in self.children(lay):
                if self.value(kid, score - 1, score) >= score:
                    out.append(i)
                    lay = kid
                    break
            else:
                raise ValueError(f"no win scoring {score} from this layout")
        return out


def exhaustive(ranks: Sequence[int], lay: Layout) -> int:
    """The plain search the tests compare with: every move, no memo, no bound."""
    if lay.won:
        return CARDS - lay.placed
    if lay.down > MAX_DOWN or lay.placed >= len(ranks):
        return LOST
    rk = ranks[lay.placed]
    return max(exhaustive(ranks, lay.play(i, rk)) for i in lay.moves())


# -- a game analysed ----------------------------------------------------------------------------

NODES = 8_000  # positions one question may expand (winnable from here? a better score?)
TOTAL = 20_000  # positions the analysis of one game may expand in all
BETTER = 10_000  # of which at most these in looking for a better score than the first found
ASK = 3_000  # positions for each question "a better score from here?"
BEAM = 200  # layouts kept at each turn by the beam search that finds the first good win
BEAMS = 2  # questions left undecided by the exact search that a scan asks the beam search
SAMPLES = 16  # orders drawn for a partly known stock
SAMPLE_NODES = 2_500  # positions for each, when the beam (of SAMPLE_BEAM) finds no win
SAMPLE_BEAM = 50


@dataclass(frozen=True, slots=True)
class Move:
    """A move the player made, and what was still possible after it: ``win`` a win at all,
    ``best`` the best score (None: undecided within the search's budget)."""

    turn: int
    card: Card
    place: Pos
    win: bool | None
    best: bool | None


@dataclass(frozen=True, slots=True)
class Estimate:
    """A partly known stock: the chance that a win was there, from sampled orders of the
    cards never seen (``samples`` of them, drawn with ``random.Random(seed)``)."""

    known: int  # the cards whose place in the order is known (the first ones)
    samples: int
    wins: int
    undecided: int  # samples for which the search found no win and could not rule one out
    seed: int

    @property
    def chance(self) -> float:
        return self.wins / self.samples if self.samples else 0.0


@dataclass(frozen=True, slots=True)
class Analysis:
    """The post-mortem of one finished game.

    ``winnable``: True (a win was there: ``line`` is one), False (proven impossible), None
    (undecided: the search ran out of budget, or the stock is only partly known and
    ``estimate`` says how likely). ``best``: the best score found; ``best_proven`` when no
    better one is possible. ``moves``: the player's moves followed (up to the first that broke
    a placement rule, ``illegal``). ``losing``: the first move after which no win was left
    (``losing_span``: the first and last turn it may be, when the search could not settle the
    layouts between);
    ``costly``: the first after which the best score was out of reach (each needs a proof that
    the win, or the score, was still there just before; the losing move needs the whole order,
    the costly move only the cards up to the best win)."""

    game: int
    result: str  # "won" | "lost"
    score: int
    turns: int  # the turns the game was played
    order: tuple[Card, ...]  # the stock order as far as known, top first
    complete: bool  # every card that mattered is known: all 40, or the game was won
    winnable: bool | None
    best: int | None
    best_proven: bool
    line: tuple[tuple[Card, Pos], ...]
    moves: tuple[Move, ...]
    losing: Move | None
    costly: Move | None
    losing_span: tuple[int, int] | None  # the losing move not settled: it is one of these turns
    illegal: int | None  # the turn of the first move that broke a placement rule
    estimate: Estimate | None
    nodes: int


def known_order(g: Game) -> tuple[Card, ...]:
    """The order of the game's cards as far as it is known: the cards placed, then the rest
    of a known stock."""
    cards = [t.card for t in g.turns]
    if g.stock is not None and len(g.stock) == CARDS:
        cards += g.stock[len(cards):]
    return tuple(cards[:CARDS])


def path(g: Game, ranks: Sequence[int]) -> tuple[list[Layout], int | None]:
    """The layouts before the first move and after each move the player made, as long as the
    moves keep the rules; and the turn of the first that does not."""
    first = g.turns[0].pos if g.turns else (0, 0)
    lays = [Layout.empty()]
    for t in g.turns:
        lay = lays[-1]
        if lay.won or lay.down > MAX_DOWN or lay.placed >= len(ranks):
            break
        i = frame_cell(first, t.pos)
        if i is None or i not in lay.moves() or rank(t.card) != ranks[lay.placed]:
            return lays, t.number
        lays.append(lay.play(i, ranks[lay.placed]))
    return lays, None


class _Budget:
    def __init__(self, total: int, each: int) -> None:
        self.left, self.each, self.used = total, each, 0

    def take(self) -> int:
        return max(0, min(self.left, self.each))

    def spent(self, n: int) -> None:
        self.left -= n
        self.used += n


def beam(solver: Solver, lay: Layout, width: int = BEAM) -> list[int] | None:
    """Moves (frame cells) from ``lay`` to the earliest win that a beam search finds: turn
    by turn, the ``width`` layouts (one for each canonical key) with the fewest face-down tops
    less three times their piles; None when the beam finds no win."""
    level: list[tuple[Layout, tuple[int, ...]]] = [(lay, ())]
    ranks = solver.ranks
    while level:
        nxt: dict[bytes, tuple[Layout, tuple[int, ...]]] = {}
        for here, moves in level:
            rk = ranks[here.placed]
            for i in here.moves():
                kid = here.play(i, rk)
                if kid.won:  # every win of this turn scores the same
                    return [*moves, i]
                if kid.down > MAX_DOWN or kid.placed >= len(ranks):
                    continue
                key = kid.key()
                if key not in nxt:
                    nxt[key] = kid, (*moves, i)
        level = sorted(nxt.values(), key=lambda k: k[0].down - 3 * k[0].piles)[:width]
    return None


def layouts(solver: Solver, line: Sequence[int]) -> list[Layout]:
    """The layouts along ``line`` (frame cells from the empty table)."""
    lays = [Layout.empty()]
    for i in line:
        lay = lays[-1]
        lays.append(lay.play(i, solver.ranks[lay.placed]))
    return lays


def improve(solver: Solver, line: list[int], best: int,
            budget: _Budget) -> tuple[int, list[int], bool]:
    """A better win than ``line`` (which scores ``best``): asked from each layout of the line,
    the last first (the searches there are small, and each one that finds nothing leaves its
    proof in the memo for the next, larger one); a better win found becomes the line, and the
    asking starts again from its end. Returns the best score, its line, and whether the
    search proved that nothing better exists (the question from the empty table said no)."""
    lays = layouts(solver, line)
    k = len(lays) - 2
    while k >= 0 and budget.take() > 0:
        got = _ask(solver, lays[k], best + 1, budget)
        if got is not None and got != LOST:
            best = got
            line = line[:k] + solver.line(lays[k], got)
            lays = layouts(solver, line)
            k = len(lays) - 2
            continue
        if got == LOST and k == 0:
            return best, line, True
        k -= 1
    return best, line, False


def _ask(solver: Solver, lay: Layout, score: int, budget: _Budget) -> int | None:
    n = budget.take()
    if n <= 0:
        return None
    before = solver.nodes
    got = solver.reach(lay, score, n)
    budget.spent(solver.nodes - before)
    return got


def scan(solver: Solver, lays: Sequence[Layout], score: int, budget: _Budget,
         beams: int = 0) -> tuple[list[bool | None], tuple[int, list[int]] | None]:
    """For each layout of the player's path: could a win scoring ``score`` or more still be
    made? Asked from the last layout back: once the answer is yes, it is yes before too (a
    move never opens a win that the layout before it lacked). A question the exact search
    leaves undecided goes to the beam search (``beams`` of them at most), which may find a
    win. Also returns the last layout with a yes and the moves from it to such a win."""
    out: list[bool | None] = [None] * len(lays)
    for k in range(len(lays) - 1, -1, -1):
        lay = lays[k]
        end = solver.outcome(lay)
        got = end if end is not None else _ask(solver, lay, score, budget)
        found: list[int] | None = None
        if got is not None and got >= score:
            found = [] if end is not None else solver.line(lay, got)
        elif got is None and beams > 0:
            beams -= 1
            found = beam(solver, lay)
            if found is not None and CARDS - lay.placed - len(found) < score:
                found = None
        if found is not None:
            for j in range(k + 1):
                out[j] = True
            return out, (k, found)
        out[k] = None if got is None else False
    return out, None


def _first_drop(moves: Sequence[Move], answers: Sequence[bool | None]) -> Move | None:
    """The move after which the answer turned from a proven yes to a proven no
    (``answers[k]``: before move ``k + 1``)."""
    for k in range(1, len(answers)):
        if answers[k] is False and answers[k - 1] is True:
            return moves[k - 1]
    return None


def analyze_game(g: Game, nodes: int = NODES, total: int = TOTAL, samples: int = SAMPLES,
                 sample_nodes: int = SAMPLE_NODES, seed: int = 1) -> Analysis:
    """The post-mortem of a finished game (``g.over``): see ``Analysis``."""
    if not g.over:
        raise ValueError(f"game {g.number} is still being played")
    order = known_order(g)
    complete = len(order) >= CARDS or g.result == "won"
    ranks = [rank(c) for c in order]
    solver = Solver(ranks)
    budget = _Budget(total, nodes)
    lays, illegal = path(g, ranks)
    first = g.turns[0].pos if g.turns else (0, 0)

    # could it be won at all? (a win inside the known cards, when only they are known)
    wins, found = scan(solver, lays, 0, budget, BEAMS)
    beamed = beam(solver, Layout.empty())  # a good win to start from, when there is one
    if beamed is not None:
        wins[0] = True
    winnable = wins[0]
    best: int | None = None
    proven = False
    line: list[int] = []
    if winnable:
        if found is not None:  # the player's moves, then a win from the last layout with one
            k, rest = found
            moves_to = [frame_cell(first, t.pos) for t in g.turns[:k]]
            line = [i for i in moves_to if i is not None] + rest
        if beamed is not None and (not line or len(beamed) < len(line)):
            line = beamed
        best = CARDS - len(line)
        better = _Budget(min(BETTER, budget.left), ASK)
        best, line, proven = improve(solver, line, best, better)
        budget.spent(better.used)
    elif winnable is False and complete:
        proven = True

    tops: list[bool | None] = [None] * len(lays)
    if best is not None and best > (g.score if g.result == "won" else LOST):
        tops = scan(solver, lays, best, budget)[0]
    moves = tuple(Move(t.number, t.card, t.pos, wins[k + 1], tops[k + 1])
                  for k, t in enumerate(g.turns[:len(lays) - 1]))
    losing = _first_drop(moves, wins) if complete else None
    span = None
    if complete and losing is None and True in wins and False in wins:
        a, b = max(j for j, w in enumerate(wins) if w), wins.index(False)
        if b > a + 1:  # the layouts between were left undecided
            span = moves[a].turn, moves[b - 1].turn
    costly = _first_drop(moves, tops)  # a win scoring best lies inside the known cards

    estimate = None
    if not complete and not winnable:
        estimate = sample(order, samples, sample_nodes, seed)
        winnable = None
    out_line = []
    lay = Layout.empty()
    for i in line:
        out_line.append((order[lay.placed], table_place(first, i)))
        lay = lay.play(i, ranks[lay.placed])
    return Analysis(g.number, g.result, g.score, len(g.turns), order, complete,
                    winnable if complete or winnable else None, best, proven, tuple(out_line),
                    moves, losing, costly, span, illegal, estimate, solver.nodes)


def unseen(order: Sequence[Card]) -> list[Card]:
    """The deck's cards not in ``order``, as many as the stock still held."""
    seen = set(order)
    return [c for c in DECK_40 if c not in seen][:CARDS - len(order)]


def sample(order: Sequence[Card], samples: int, nodes: int, seed: int) -> Estimate:
    """Orders of the unseen cards drawn at random (``random.Random(seed)``) after the known
    ones: how many of the whole orders so made could have been won (a beam search first,
    then the exact search within ``nodes`` positions)."""
    rng = random.Random(seed)
    rest = unseen(order)
    wins = undecided = 0
    for _ in range(samples):
        tail = rest.copy()
        rng.shuffle(tail)
        solver = Solver([rank(c) for c in (*order, *tail)])
        if beam(solver, Layout.empty(), SAMPLE_BEAM) is not None:
            wins += 1
            continue
        got = solver.reach(Layout.empty(), 0, nodes)
        if got is None:
            undecided += 1
        elif got >= 0:
            wins += 1
    return Estimate(len(order), samples, wins, undecided, seed)
