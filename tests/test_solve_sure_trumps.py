"""The sure-trump bound of the search (referee/solve/search.py): a valued trump goes to its
holder's team when every live trump above it is held by that team. Checked against the
brute-force oracle on seeded positions where such a card is live."""

from __future__ import annotations

import random

import pytest

from tests.solve_oracle import Case, agrees, schmier_case


def sure_trump_live(case: Case) -> bool:
    """Whether a valued trump is, at the position, sure for one team (independently of the
    search: every live trump above it in the hands of that team)."""
    hands = list(case.hands)
    for c in case.plays:  # who holds what now
        hands = [h & ~(1 << c) for h in hands]
    r = case.rules
    live = [i for i in range(r.layout.size) if any(h >> i & 1 for h in hands)]
    trumps = [i for i in live if r.trump_mask >> i & 1]
    team = {i: case.teams[s] for s in range(case.seats) for i in live if hands[s] >> i & 1}
    for i in trumps:
        if case.objective.card_value[i]:
            above = [j for j in trumps if r.power[j] > r.power[i]]
            if all(team[j] == team[i] for j in above):
                return True
    return False


def cases(game: str, seed: int, count: int, tricks: int, extra: int) -> list[Case]:
    rng = random.Random(seed)
    out: list[Case] = []
    while len(out) < count:
        case = schmier_case(rng, game, tricks, rng.randrange(extra + 1))
        if sure_trump_live(case):
            out.append(case)
    return out


@pytest.mark.parametrize(("game", "tricks", "extra"), [
    ("wisconsin-schmier", 4, 0), ("wisconsin-schmier", 3, 3), ("schmier", 3, 0),
    ("schmier", 2, 5)])
def test_sure_trumps_agree_with_the_oracle(game: str, tricks: int, extra: int) -> None:
    for case in cases(game, 1900 + 10 * tricks + extra, 30, tricks, extra):
        agrees(case)
