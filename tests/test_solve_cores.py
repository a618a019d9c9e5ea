"""The two search cores side by side: the compiled one (``referee/solve/_core.pyx``) must
answer exactly as the pure-Python one (``referee/solve/search.py``), its reference.

Seeded random positions of every trick game (Kierki's penalty and trump deals, Wisconsin,
Schmier), deeper than the brute-force oracle reaches, some in the middle of a trick: the
same value with a full window and from a wrong guess, the same null-window verdicts, the same
node counts (the same search: the same nodes in the same order), then one solver walked down a
line of play (its table shared), and the same budget stopping both at the same node.
Thousands more: ``python benchmarks/solve_cores.py``.
"""

from __future__ import annotations

import os
import random

import pytest

from referee.solve import core
from referee.solve.search import Budget, Objective, Solver
from tests.solve_oracle import Case, kierki_case, schmier_case

if core.compiled() is None:
    if os.environ.get("CI") and not core.forced_pure():
        pytest.fail("the compiled core was not built", pytrace=False)
    pytest.skip("the compiled core is not built (or REFEREE_PURE is set)",
                allow_module_level=True)


def same(case: Case, guess: int) -> None:
    """Both cores on one position: value, MTD(f) from a guess, verdicts, nodes."""
    got = []
    for pure in (True, False):
        s = case.solver(pure=pure)
        pos = case.position(s)
        v = s.value(pos)
        nodes = s.nodes
        fresh = case.solver(pure=pure)
        g = fresh.value(case.position(fresh), guess=v + guess)
        verdicts = [s.at_least(pos, t) for t in (v - 1, v, v + 1)]
        got.append((v, nodes, g, fresh.nodes, verdicts, s.nodes))
    assert got[0] == got[1]
    assert got[0][0] == got[0][2] and got[0][4] == [True, True, False]


def deep(rng: random.Random, game: str) -> Case:
    if game == "penalty":
        return kierki_case(rng, rng.randrange(1, 8), rng.choice((4, 5, 6)), rng.randrange(4))
    if game == "trump":
        return kierki_case(rng, rng.randrange(8, 12), rng.choice((4, 5)), rng.randrange(4))
    if game == "wisconsin-schmier":
        return schmier_case(rng, game, rng.choice((4, 5, 6)), rng.randrange(4),
                            rng.choice(("ace-seven", "in-play")))
    return schmier_case(rng, game, rng.choice((3, 4)), rng.randrange(6))


GAMES = ["penalty", "trump", "wisconsin-schmier", "schmier"]


@pytest.mark.parametrize("game", GAMES)
def test_both_cores_give_the_same_values_and_nodes(game: str) -> None:
    rng = random.Random(3300 + GAMES.index(game))
    for _ in range(12):
        same(deep(rng, game), rng.choice((-3, -1, 2, 5)))


@pytest.mark.parametrize("game", GAMES)
def test_one_table_down_a_line_of_play(game: str) -> None:
    """One solver per core answers every position of a random line in turn: the table
    carries bounds from one position to the next, alike in both."""
    rng = random.Random(3400 + GAMES.index(game))
    case = deep(rng, game)
    solvers = [case.solver(pure=pure) for pure in (True, False)]
    assert solvers[1].core == core.COMPILED
    positions = [case.position(s) for s in solvers]
    while True:
        answers = [(s.value(p, 0), s.nodes) for s, p in zip(solvers, positions, strict=True)]
        assert answers[0] == answers[1]
        legal = solvers[0].legal(positions[0])
        if not legal:
            break
        cards = [i for i in range(legal.bit_length()) if legal >> i & 1]
        c = rng.choice(cards)
        positions = [s.play(p, c) for s, p in zip(solvers, positions, strict=True)]


@pytest.mark.parametrize("game", GAMES)
def test_a_budget_stops_both_cores_at_the_same_node(game: str) -> None:
    rng = random.Random(3500 + GAMES.index(game))
    done = 0
    while done < 6:
        case = deep(rng, game)
        full = case.solver(pure=True)
        full.value(case.position(full))
        if full.nodes < 10:  # (decided at once: nothing to stop)
            continue
        done += 1
        budget = full.nodes // 2
        ends = []
        for pure in (True, False):
            s = case.solver(budget=budget, pure=pure)
            pos = case.position(s)
            with pytest.raises(Budget):
                s.value(pos)
            s.allow(None)  # the table keeps only proven bounds: it searches on, alike
            ends.append((s.nodes, s.value(pos), s.nodes))
        assert ends[0] == ends[1]


def claim_solver(case: Case, pure: bool) -> Solver:
    """A hands-known claim's solver (``claims/known.py``): only tricks count, the side's
    first seat alone maximises them, every other seat (a partner too) minimises them."""
    obj = Objective((0,) * case.rules.layout.size, (1,) * len(case.objective.trick_value),
                    wants_tricks=True)
    return Solver(case.rules, obj, case.side, case.teams, case.seats, None, case.hands,
                  maximizers=case.side[:1], pure=pure)


@pytest.mark.parametrize("game", GAMES)
def test_both_cores_judge_claims_alike(game: str) -> None:
    """The claim's search (winning ranks, one maximiser): the trick a seat still to play
    surely takes, the settled trick and the claimer's discards, alike in both cores."""
    rng = random.Random(3600 + GAMES.index(game))
    for _ in range(12):
        case = deep(rng, game)
        got = []
        for pure in (True, False):
            s = claim_solver(case, pure)
            pos = case.position(s)
            v = s.value(pos)
            verdicts = [s.at_least(pos, t) for t in (v - 1, v, v + 1)]
            fresh = claim_solver(case, pure)
            fpos = case.position(fresh)
            fresh_verdicts = [fresh.at_least(fpos, t) for t in (v + 1, v, v - 1)]
            got.append((v, verdicts, s.nodes, fresh_verdicts, fresh.nodes))
        assert got[0] == got[1]
        assert got[0][1] == [True, True, False]
