"""The order in which the claim search tries the others' cards with hands unseen (an opponent
ducks while another of its side is still to play to the trick; the last of them takes it
first): answers against the brute-force oracle on positions inside a trick, and the Schmier
position that the old order left undecided within the play budget."""

from __future__ import annotations

import pytest

from benchmarks.claims import position as bench_position
from referee.claims.search import NODE_BUDGET, Search
from tests.claims_oracle import oracle
from tests.test_claims_oracle import position


@pytest.mark.parametrize("game", ["kierki", "wisconsin-schmier", "schmier"])
def test_the_others_order_agrees_with_the_oracle(game: str) -> None:
    """Hands unseen, a trick begun and one of the others to play (where the order applies),
    every claim from one trick to all of them, beyond the seeds of the main oracle test."""
    checked = {True: 0, False: 0}
    for seed in range(2000, 2400):
        p, worlds = position(game, seed, True)
        if not p.trick or p.to_move == p.claimer:
            continue
        for need in range(1, p.left + 1):
            want = oracle(worlds, p.rules, p.claimer, p.side, p.trick, p.to_move, need, p.left)
            assert Search(p).solve(need) == want, (seed, need, p)
            checked[want] += 1
    assert checked[True] > 20 and checked[False] > 20


def test_the_schmier_position_left_undecided_is_decided_within_the_budget() -> None:
    """Six hands, three tricks left, the claimer 5S 6S QS claims one: it fails (the low lead is
    beaten when the last seat takes the first trick), found well within the play budget (it
    took 1.1 million plays before)."""
    p, _ = bench_position("schmier", 3, 6, True)
    s = Search(p)
    assert s.solve(1) is False
    assert s.nodes < NODE_BUDGET // 2
