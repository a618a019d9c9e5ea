"""A claim with every hand known: a double-dummy question for ``referee.solve``.

"Holds" (docs/claims.md) is one way of choosing the claimer's own cards that takes the tricks
claimed against every play of the others, the partner included. With one world that is a
search where the claimer alone maximises the side's tricks and every other seat, partner
included, minimises them: the solver's scoring side is the claimer's side, its maximisers the
claimer alone (``Solver(maximizers=...)``). One null window answers the claim; a line of play
is then walked with the same solver (its table shared): the claimer keeps the claim (holds) or
tries the card that keeps the most, the others beat it (fails) or play their lowest card.

Where the first lead names trump (``rules`` None, ``Problem.trump_rules``): each lead is
searched under its trump.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..compact import TrickRules, bits
from ..solve.core import compiled
from ..solve.search import Budget, Objective, Position, Solver

if TYPE_CHECKING:  # (this package's search is not imported: it would run the package)
    from .search import Problem, Step

# trick-boundary nodes of the solver before the claim is undecided: about a second's worth
# of the compiled core (the slowest claim of ``benchmarks/claims.py --known`` needs 0.85 M,
# 2.0 M before the settled trick of docs/claims.md), of the pure one's a few seconds
NODE_BUDGET = 2_000_000 if compiled() is not None else 200_000
FIRST_SHARE = 20  # the two cheaper searches get the budget // FIRST_SHARE nodes each,
FIRST_MOST = 10_000  # and at most this many (as before the larger budget)


class GaveUp(Exception):  # noqa: N818 - a signal, not an error
    """The solver met its budget before it had an answer (the claim is not proven), after
    ``nodes`` nodes (the searches' figures)."""

    def __init__(self, nodes: int = 0) -> None:
        super().__init__(nodes)
        self.nodes = nodes


COOP, ALONE, CLAIM = "coop", "alone", "claim"  # the three searches, by their maximisers


class Known:
    """One hands-known claim: ``solve(need)`` then ``line(need, holds)``, as ``Search``.

    Three searches of the same deal, each exact for its own question, decide it, cheapest
    first: with the partner playing *for* the claim (the side's usual double-dummy value) a
    claim that fails there fails; the claimer's own tricks alone (the partner against them)
    are a lower bound: a claim they make holds; else the claim's own search (the claimer alone
    maximises the side's tricks, partner included among the minimisers) decides."""

    def __init__(self, p: Problem, budget: int | None = NODE_BUDGET) -> None:
        assert p.known
        self.p = p
        self.n = len(p.poss)
        self.budget = budget
        self.solvers: dict[tuple[int, str], Solver] = {}  # by trump (-1: the rules) and kind
        self.decided: dict[int, str] = {}  # the root (by its index) -> the search that did

    def _solver(self, rules: TrickRules, kind: str) -> Solver:
        key = (rules.trump if self.p.rules is None else -1, kind)
        s = self.solvers.get(key)
        if s is None:
            p = self.p
            side = [i for i in range(self.n) if p.side[i]]
            scoring = [p.claimer] if kind == ALONE else side
            maxi = side if kind == COOP else [p.claimer]
            budget = self.budget if kind == CLAIM else \
                min((self.budget or NODE_BUDGET) // FIRST_SHARE, FIRST_MOST)
            obj = Objective((0,) * rules.layout.size, (1,) * p.left, wants_tricks=True)
            s = Solver(rules, obj, scoring, None, self.n, budget, p.poss, maximizers=maxi)
            self.solvers[key] = s
        return s

    def _roots(self) -> list[tuple[TrickRules, Position]]:
        """The root: one (rules, position) per trump the first lead may name, else one."""
        p = self.p
        leader = p.trick[0][0] if p.trick else p.to_move
        if p.rules is not None:
            return [(p.rules, Position(p.poss, leader, tuple(c for _, c in p.trick), 0))]
        out = []
        assert p.trump_rules is not None, "rules None needs trump_rules"
        any_rules = p.trump_rules(None)
        hand = p.poss[leader]
        for c in bits(any_rules.legal(hand)):
            r = p.trump_rules("SHDC"[any_rules.suit[c]])
            hands = tuple(h & ~(1 << c) if i == leader else h for i, h in enumerate(p.poss))
            out.append((r, Position(hands, leader, (c,), 0)))
        return out

    def _root(self, i: int, rules: TrickRules, pos: Position, need: int) -> bool:
        alone = sum(self.p.side) == 1  # (Kierki: the claimer's tricks are the side's)
        for kind, settles in () if alone else ((COOP, False), (ALONE, True)):
            try:
                if self._solver(rules, kind).at_least(pos, need) == settles:
                    self.decided[i] = kind
                    return settles
            except Budget:
                pass
        try:
            got = self._solver(rules, CLAIM).at_least(pos, need)
        except Budget:
            raise GaveUp(self.nodes) from None
        self.decided[i] = CLAIM
        return got

    def solve(self, need: int) -> bool:
        got = (self._root(i, r, pos, need) for i, (r, pos) in enumerate(self._roots()))
        return any(got) if self.p.rules is None and self.p.to_move == self.p.claimer \
            else all(got)

    def line(self, need: int, holds: bool) -> list[list[Step]]:
        """One line of play, trick by trick (the trick on the table first, its earlier cards
        included), until the claim is made (holds) or beaten (fails), walked with the search
        that decided it: the claimer keeps the claim (holds) or plays its highest card (every card
        loses it); the others play their lowest card (holds) or one that keeps the claim beaten."""
        p = self.p
        roots = self._roots()
        for solver in self.solvers.values():  # the line's own budget (a proof may have
            solver.allow(self.budget)  # used all of its own); the tables keep what it found
        i = next((i for i in range(len(roots)) if i in self.decided
                  and self._answer(i, roots, need) == holds), 0)
        rules, pos = roots[i]
        s = self._solver(rules, self.decided.get(i, CLAIM))
        tricks: list[list[Step]] = []
        cur = [((pos.leader + k) % self.n, c) for k, c in enumerate(pos.trick)]
        tricks.append(cur)
        try:
            while 0 < need - pos.scored <= p.left - pos.number:
                if not pos.trick:
                    cur = []
                    tricks.append(cur)
                seat = pos.to_move
                cards = _in_search_order(s, rules, pos)
                nxt: int | None
                if seat == p.claimer and holds:
                    nxt = next((c for c in cards if s.at_least(s.play(pos, c), need)), None)
                elif seat == p.claimer:  # the claim is lost whatever: its highest card
                    nxt = max(cards, key=rules.power.__getitem__)
                elif holds:
                    nxt = min(cards, key=rules.power.__getitem__)
                else:
                    nxt = next((c for c in cards if not s.at_least(s.play(pos, c), need)),
                               None)
                if nxt is None:  # cannot happen after a proof; stop rather than invent
                    break
                cur.append((seat, nxt))
                pos = s.play(pos, nxt)
        except Budget:
            pass  # the line so far
        return [t for t in tricks if t]

    @property
    def nodes(self) -> int:
        """The solvers' nodes so far, added up."""
        return sum(s.nodes for s in self.solvers.values())

    def _answer(self, i: int, roots: list[tuple[TrickRules, Position]], need: int) -> bool:
        rules, pos = roots[i]
        return self._solver(rules, self.decided[i]).at_least(pos, need)


def _in_search_order(s: Solver, rules: TrickRules, pos: Position) -> list[int]:
    """The legal cards of the seat to move in the order the solver tries them (where only
    tricks count): so the line's searches meet the proof's own table entries first, not the
    cards it never needed to try. A lead: the highest first for a seat playing for the
    scoring side's tricks or against them from outside it, the lowest first for a seat of
    the side playing against it; a card to a trick: the cheapest card that takes the trick
    first where taking it is wanted, else the cheapest that does not."""
    seat = pos.to_move
    cards = sorted(bits(s.legal(pos)), key=s.new.__getitem__)  # suit by suit, low first
    maxi = seat in s.maximizers
    if not pos.trick:
        if maxi != (seat in s.side):
            return cards
        # the leader's masters first, highest first: the quick tricks a bound may have
        # settled the claim with, before any card was searched
        live = 0
        for h in pos.hands:
            live |= h
        top = rules.masters(pos.hands[seat], live)
        return sorted(cards[::-1], key=lambda c: not top >> c & 1)
    keys = rules.keys[rules.suit[pos.trick[0]]]
    w = rules.winner(list(pos.trick))
    top = keys[pos.trick[w]]
    winner = (pos.leader + w) % s.seats
    win = [c for c in cards if keys[c] > top]
    lose = [c for c in cards if keys[c] <= top]
    if (winner in s.side) == maxi or (seat in s.side) != maxi:
        return lose + win
    return win + lose


def decide(p: Problem, need: int, budget: int | None = NODE_BUDGET
           ) -> tuple[bool, list[list[Step]], int]:
    """Whether the hands-known claim ``p`` of ``need`` tricks holds, with a line of play and
    the solvers' nodes. Raises ``GaveUp`` past ``budget`` solver nodes (None: never; the
    two cheaper searches keep their share of ``NODE_BUDGET``)."""
    k = Known(p, budget)
    holds = k.solve(need)
    return holds, k.line(need, holds), k.nodes


__all__ = ["GaveUp", "Known", "decide"]
