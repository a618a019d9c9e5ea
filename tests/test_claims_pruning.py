"""The claim search's shortcuts against brute force: Hall's condition over merged masks against
listing the deals, and the settled trick (no one still to play can take it from the side
winning it) against the oracle on positions with cards on the table."""

from __future__ import annotations

import random

import pytest

from referee.claims.search import Problem, Search
from referee.games.schmier.tricks import schmier_rules
from tests.claims_oracle import deals, oracle
from tests.test_claims_oracle import position


@pytest.mark.parametrize("seed", range(300))
def test_feasible_is_some_deal_of_the_unseen_cards(seed: int) -> None:
    """Masks drawn from a few shapes so that hands share masks, hold nothing, or leave a card
    no hand may hold: the search's answer is whether one deal fits them."""
    rng = random.Random(seed)
    rules = schmier_rules("S")
    pool_cards = rng.sample(range(52), rng.randint(3, 9))
    pool = sum(1 << c for c in pool_cards)
    shapes = [pool] + [sum(1 << c for c in pool_cards if rng.random() < 0.6) for _ in range(2)]
    k = rng.randint(2, 5)
    poss = [rng.choice(shapes) & (pool if rng.random() < 0.8 else rng.choice(shapes))
            for _ in range(k)]
    out = rng.choice([0, rng.choice(shapes)])
    counts = [rng.randint(0, 3) for _ in range(k)]
    spare = pool.bit_count() - sum(counts)
    out_count = max(0, min(spare, rng.randint(0, 2))) if out else 0
    if rng.random() < 0.7 and spare > out_count:  # mostly: the counts add up to the pool
        counts[0] += spare - out_count
    claimer_hand = 1 << 52  # the joker, not in the pool
    p = Problem(rules, 0, (True,) + (False,) * k, (claimer_hand, *poss),
                (1, *counts), out, out_count, (), 0, 3, False)
    unseen = out
    for m in poss:
        unseen |= m
    listed = deals(unseen, [*poss, out], [*counts, out_count], 10**6)
    assert listed is not None
    assert Search(p).feasible() == bool(listed), (poss, counts, out, out_count)


@pytest.mark.parametrize("unseen", [False, True], ids=["known", "unseen"])
@pytest.mark.parametrize("game", ["kierki", "wisconsin-schmier", "schmier"])
def test_a_settled_trick_agrees_with_the_oracle(game: str, unseen: bool) -> None:
    """Positions inside a trick, claiming one trick or every trick left (the claims a settled
    trick decides at once, and where a card that ends the trick for the side is not searched),
    beyond the seeds of the main oracle test."""
    checked = 0
    for seed in range(1000, 1300):
        p, worlds = position(game, seed, unseen)
        if not p.trick:
            continue
        for need in sorted({1, p.left}):
            want = oracle(worlds, p.rules, p.claimer, p.side, p.trick, p.to_move, need, p.left)
            assert Search(p).solve(need) == want, (seed, need, p)
            checked += 1
    assert checked > 200


def test_the_pool_is_every_card_of_the_masks() -> None:
    """A card in a mask of a hand that holds nothing and in no other mask lies nowhere: no
    deal fits."""
    rules = schmier_rules("S")
    a, b, c = 1, 2, 4
    p = Problem(rules, 0, (True, False, False), (1 << 52, a | b, c), (1, 2, 0), 0, 0, (), 0,
                2, False)
    assert not Search(p).feasible()
    assert deals(a | b | c, [a | b, c], [2, 0], 10) == []
    q = Problem(rules, 0, (True, False, False), (1 << 52, a | b | c, c), (1, 3, 0), 0, 0, (),
                0, 2, False)
    assert Search(q).feasible()
