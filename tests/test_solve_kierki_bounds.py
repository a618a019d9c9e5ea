"""The bounds of the search (referee/solve/search.py) on Kierki's deals, checked against the
brute-force oracle (tests/solve_oracle.py) on seeded positions where each bound applies.

* **Master trumps** (deals 8-11): a trump above every live trump of the other team wins the
  trick it is played in, so one seat's such trumps are as many sure tricks of its team
  whoever leads.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.solve_oracle import Case, kierki_case, oracle


def hands_now(case: Case) -> list[int]:
    hands = list(case.hands)
    for c in case.plays:
        hands = [h & ~(1 << c) for h in hands]
    return hands


def master_trumps(case: Case) -> bool:
    """Whether a seat holds a trump above every trump the other team holds (independently of
    the search), and the side is not on lead with it (quick tricks would find it anyway)."""
    hands = hands_now(case)
    r = case.rules
    side = [h for s, h in enumerate(hands) if s in case.side]
    others = [h for s, h in enumerate(hands) if s not in case.side]
    mine = sum(side) & r.trump_mask
    theirs = sum(others) & r.trump_mask
    power = r.power

    def top(m: int) -> int:
        return max((power[i] for i in range(r.layout.size) if m >> i & 1), default=-1)

    return bool(mine and top(mine) > top(theirs) or theirs and top(theirs) > top(mine))


def cases(seed: int, count: int, tricks: int, extra: int,
          want: Callable[[Case], bool]) -> list[Case]:
    rng = random.Random(seed)
    out: list[Case] = []
    while len(out) < count:
        case = kierki_case(rng, rng.randrange(8, 12), tricks, rng.randrange(extra + 1))
        if want(case):
            out.append(case)
    return out


def agrees(case: Case) -> None:
    want = oracle(case)
    s = case.solver()
    pos = case.position(s)
    assert s.value(pos) == want
    fresh = case.solver()
    assert fresh.value(case.position(fresh), guess=want + 2) == want
    assert [s.at_least(pos, t) for t in range(want - 1, want + 3)] == [
        True, True, False, False]


@pytest.mark.parametrize(("tricks", "extra", "count"), [(3, 3, 40), (4, 0, 6)])
def test_master_trumps_agree_with_the_oracle(tricks: int, extra: int, count: int) -> None:
    for case in cases(2200 + 10 * tricks + extra, count, tricks, extra, master_trumps):
        agrees(case)
