"""The post-mortem of a finished deal (``referee analyze``), double dummy: every hand open.
What the side scores, the trick rules and the deal's set-up come from the game
(``TrickGame``, ``referee/games/tricks.py``); this module never names a game.

* **A bidding side** (Wisconsin Schmier, Schmier): the side is the bidding team, against every
  other player. ``best`` is the most points it could have made with best play by all from the
  first lead (where the first lead names trump, ``TrickGame.lead_names_trump``, the bidder's
  choice of trump is part of it), ``makeable`` whether that reaches the bid, and the costly
  card is the first play after which the most it could still make got lower.
* **Each player a side** (``TrickGame.per_player``, Kierki): each player in turn is the side,
  against the others: the best score (as the sheet writes it) or the most tricks the player
  could have guaranteed, and that player's first costly card. The search starts at trick 8
  (after the first seven tricks as played, a revoke among them included), then goes back a
  trick at a time while ``PLAYER_BUDGET`` nodes last; ``start`` is the earliest start
  searched, and the value includes what was already taken before it.

Walking the line as played: after a play of the side the best result can only stay or drop
(one null-window search says which), after an opponent's it can only stay or rise (searched
again from the last value). A recorded play that was not legal there (a revoke, a card out
of turn) ends the walk; ``stopped`` says where.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import Card
from ..compact import TrickRules
from ..games import get as get_game
from ..games.tricks import TrickGame
from .core import compiled
from .deal import NotAnalysable, PlayedDeal
from .search import Budget, Position, Solver

PLAYER_START = tuple(range(8, 0, -1))  # the tricks a player's search starts from, in turn
# trick-boundary nodes for a player's searches before trick 8: with the compiled core about
# a second a deal and 10 s for kierki-complete.toml (docs/analyze.md, "The compiled core")
PLAYER_BUDGET = 500_000 if compiled() is not None else 100_000
SIDE_BUDGET = 2_000_000  # trick-boundary nodes for a whole deal of a bidding side


@dataclass(frozen=True, slots=True)
class Costly:
    """The first play after which the side's best result got worse."""

    trick: int
    player: str
    card: Card
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's post-mortem: ``best`` with best play from trick ``start`` (None when a card
    played out of turn before it leaves no position to search), ``actual`` as played, the
    first costly card (or None), and where the walk stopped early (or "")."""

    name: str
    best: int | None
    start: int
    actual: int
    costly: Costly | None
    stopped: str = ""


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    """A deal's post-mortem: its game and number, its kind of deal (``PlayedDeal.kind``), the
    trump, the bidder and bid (a bidding side), whether the bid was makeable, and the sides."""

    game: str
    number: int
    kind: int
    trump: str | None
    bidder: str | None
    bid: int | None
    makeable: bool | None
    sides: tuple[SideResult, ...]
    nodes: int = field(default=0, compare=False)  # trick-boundary nodes of every search


def trick_game(d: PlayedDeal) -> TrickGame:
    """The game of ``d``, as the solver sees it."""
    game = get_game(d.game).trick_game()
    assert game is not None, d.game
    return game


def rules_for(d: PlayedDeal, trump: str | None) -> TrickRules:
    return trick_game(d).rules(d.kind, trump)


def solver_for(d: PlayedDeal, side: tuple[int, ...], trump: str | None,
               budget: int | None = None) -> Solver:
    game = trick_game(d)
    r = game.rules(d.kind, trump)
    return Solver(r, game.objective(d, r, side, trump), side, d.teams, d.seats, budget,
                  d.hands)


def analyze(d: PlayedDeal, player_budget: int = PLAYER_BUDGET,
            side_budget: int | None = SIDE_BUDGET) -> DealAnalysis:
    """The post-mortem of ``d``. A bidding side's deal whose search needs more than
    ``side_budget`` positions raises :class:`NotAnalysable` (the search gave up)."""
    used: list[Solver] = []
    if trick_game(d).per_player:
        return players_deal(d, [player_part(d, s, player_budget) for s in range(d.seats)])
    assert d.bidder is not None and d.bid is not None
    try:
        side = _bidder_side(d, side_budget, used)
    except Budget:
        raise NotAnalysable(f"deal {d.number}: the search gave up after {side_budget:,} "
                            "positions") from None
    assert side.best is not None
    return DealAnalysis(d.game, d.number, 0, d.trump, d.players[d.bidder], d.bid,
                        side.best >= d.bid, (side,), sum(s.nodes for s in used))


def player_part(d: PlayedDeal, seat: int, budget: int = PLAYER_BUDGET
                ) -> tuple[SideResult, int]:
    """One player's part of ``analyze`` where each player is a side (each player's search is
    its own, so the players of one deal may be searched apart, in any order): the result
    and its nodes."""
    used: list[Solver] = []
    side = _player_side(d, seat, budget, used)
    return side, sum(s.nodes for s in used)


def players_deal(d: PlayedDeal, players: Sequence[tuple[SideResult, int]]) -> DealAnalysis:
    """A deal's analysis from its players' parts (``player_part``, seat order)."""
    return DealAnalysis(d.game, d.number, d.kind, d.trump, None, None, None,
                        tuple(side for side, _ in players), sum(n for _, n in players))


def _player_side(d: PlayedDeal, seat: int, budget: int, used: list[Solver]) -> SideResult:
    """One player's post-mortem: searched from trick 8 without a budget, then from each
    trick before, one at a time, while ``budget`` nodes last (the table carries over). The
    walk from trick ``s`` needs only trick ``s``'s plays: at the start of trick ``s + 1``
    its value is that start's value, and the rest of the walk is that start's."""
    actual = (d.actual or {}).get(d.players[seat], 0)
    name = d.players[seat]
    solver = solver_for(d, (seat,), d.trump)
    used.append(solver)
    last = PLAYER_START[0]
    pos = solver.start(d.hands, d.leader)
    starts = [pos]  # starts[t - 1]: the position at the start of trick t, as played
    out_of_turn = None
    for k in range((last - 1) * d.seats):  # the tricks as played (a revoke included)
        who, c = d.plays[k]
        if who != pos.to_move:  # a card out of turn: no start after its trick
            out_of_turn = k
            break
        pos = solver.play(pos, c)
        if k % d.seats == d.seats - 1:
            starts.append(pos)
    result: SideResult | None = None
    if out_of_turn is None:
        best = solver.value(starts[last - 1], 0)
        costly, stopped = _walk(solver, d, starts[last - 1], (last - 1) * d.seats, best,
                                (seat,))
        result = SideResult(name, best, last, actual, costly, stopped)
    solver.allow(budget)
    for start in range(len(starts), 0, -1):
        if result is not None and start >= result.start:
            continue
        try:
            pos = starts[start - 1]
            best = solver.value(pos, result.best if result is not None else 0)
            end = start * d.seats if result is not None else len(d.plays)
            costly, stopped = _walk(solver, d, pos, (start - 1) * d.seats, best, (seat,),
                                    end)
        except Budget:
            break
        if result is not None and costly is None and not stopped:
            costly, stopped = result.costly, result.stopped
        result = SideResult(name, best, start, actual, costly, stopped)
    if result is None:
        assert out_of_turn is not None
        return SideResult(name, None, last, actual, None, _illegal(d, out_of_turn))
    return result


def _bidder_side(d: PlayedDeal, budget: int | None, used: list[Solver]) -> SideResult:
    assert d.bidder is not None
    team = d.teams[d.bidder]
    side = tuple(s for s in range(d.seats) if d.teams[s] == team)
    name = d.team_names[team]
    actual = (d.actual or {}).get(name, 0)
    first_seat, first = d.plays[0]
    if trick_game(d).lead_names_trump:
        # before the first lead trump is not known: the bidder's lead names it
        best = None
        after_first = None
        solvers: dict[str, Solver] = {}
        lead = d.hands[d.bidder]
        while lead:
            low = lead & -lead
            c = low.bit_length() - 1
            lead ^= low
            suit = d.layout.cards[c].suit
            s = solvers.get(suit)
            if s is None:
                s = solvers[suit] = solver_for(d, side, suit, budget)
                used.append(s)
            v = s.value(s.play(s.start(d.hands, d.bidder), c), best)
            if c == first:
                after_first = v
            if best is None or v > best:
                best = v
        assert best is not None and after_first is not None
        solver = solvers[d.layout.cards[first].suit]
        pos = solver.play(solver.start(d.hands, d.bidder), first)
        if first_seat != d.bidder:
            return SideResult(name, best, 1, actual, None, _illegal(d, 0))
        if after_first < best:
            return SideResult(name, best, 1, actual,
                              Costly(1, d.players[first_seat], d.layout.cards[first], best,
                                     after_first))
        costly, stopped = _walk(solver, d, pos, 1, best, side)
        return SideResult(name, best, 1, actual, costly, stopped)
    solver = solver_for(d, side, d.trump, budget)
    used.append(solver)
    pos = solver.start(d.hands, d.bidder)
    best = solver.value(pos, d.bid)  # the bid: a likely value, for null-window searches
    costly, stopped = _walk(solver, d, pos, 0, best, side)
    return SideResult(name, best, 1, actual, costly, stopped)


def _illegal(d: PlayedDeal, k: int) -> str:
    seat, c = d.plays[k]
    return (f"trick {k // d.seats + 1}: {d.players[seat]}'s {d.layout.cards[c]} was not a "
            "legal play there")


def _step(solver: Solver, d: PlayedDeal, pos: Position, k: int
          ) -> tuple[Position | None, str]:
    """The position after recorded play ``k``, or None (and why) when it was not legal."""
    seat, c = d.plays[k]
    if seat != pos.to_move or not solver.legal(pos) >> c & 1:
        return None, _illegal(d, k)
    return solver.play(pos, c), ""


def _walk(solver: Solver, d: PlayedDeal, pos: Position, k: int, value: int,
          side: tuple[int, ...], end: int | None = None) -> tuple[Costly | None, str]:
    """From play ``k`` on (``pos``, whose value is ``value``) to play ``end`` (the last by
    default): the first costly card."""
    for j in range(k, len(d.plays) if end is None else end):
        seat, c = d.plays[j]
        nxt, why = _step(solver, d, pos, j)
        if nxt is None:
            return None, why
        if seat in side:
            if not solver.at_least(nxt, value):
                after = solver.value(nxt, value - 1)
                return Costly(j // d.seats + 1, d.players[seat], d.layout.cards[c], value,
                              after), ""
        elif solver.at_least(nxt, value + 1):
            value = solver.value(nxt, value + 1)
        pos = nxt
    return None, ""
