"""Kierki deals 2 and 7 (hearts led only by a player holding nothing else): an outcome is
accepted exactly when some legal play gives it, and every acceptance has a witness that the
engine replays to the same counts (docs/kierki.md, "Deals 2 and 7")."""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

import pytest

from referee.games.kierki import outcome
from tests.helpers import FOUR
from tests.test_kierki_outcome_feasible import ISSUE_OUTCOME, _played, verify

HEARTS = [dict(zip(FOUR, v, strict=True)) for v in itertools.product(range(14), repeat=4)
          if sum(v) == 13]


@pytest.mark.parametrize("part", range(4))
def test_every_hearts_count_of_deal_2_has_a_witness(part: int) -> None:
    # (every one of the 560 counts, in four parts of 140: the parts run on more than one core
    # under pytest-xdist, the witness search being the slowest test of the suite)
    assert len(HEARTS) == 560
    for i, counts in enumerate(HEARTS):
        if i % 4 == part:
            verify(2, {"hearts": counts}, dealer=FOUR[i % 4])


def test_the_issue_outcome_is_refused() -> None:
    assert outcome.check(7, ISSUE_OUTCOME, FOUR, "Bartek") != []


def _perturbed(o: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    o = copy.deepcopy(o)
    k = rng.choice(sorted(o))
    if isinstance(o[k], dict):
        a = rng.choice([p for p in FOUR if o[k][p] > 0])
        b = rng.choice(FOUR)
        n = rng.randint(1, o[k][a])
        o[k][a] -= n
        o[k][b] += n
    else:
        o[k] = rng.choice(FOUR)
    return o


@pytest.mark.parametrize("seed", range(4))
def test_deal_7_played_and_perturbed_outcomes(seed: int) -> None:
    """A played deal's outcome is accepted with a witness; one changed near it is accepted
    only with a witness (else refused, outcome-total)."""
    setup, _, played, dealer = _played(seed * 7919 + 1, 7)
    o = outcome.of_play(7, played.tricks, played.out, setup.players)
    verify(7, o, dealer=dealer)
    other = _perturbed(o, random.Random(seed))
    first = setup.left_of(dealer)
    if outcome.check(7, other, FOUR, first) == []:
        verify(7, other, dealer=dealer)


@pytest.mark.parametrize("seed", range(3))
def test_the_covering_failures_change_no_answer(seed: int) -> None:
    """The search's shortcuts (a failed state rules out those with more voids and fewer
    cards taken; a player's cards taken of a suit counted only up to the counted cards that
    player takes) against the search without them: the same answer on played outcomes,
    and outcomes changed near them (once or twice)."""
    from referee.games.kierki.feasible import goal_of
    from referee.games.kierki.hearts_lead import Exact

    rng = random.Random(seed)
    goals = []
    for k in range(4):
        setup, _, played, dealer = _played(seed * 104729 + k * 31 + 5, 7)
        o = outcome.of_play(7, played.tricks, played.out, setup.players)
        first = setup.players.index(setup.left_of(dealer))
        goals += [(goal_of(o, FOUR), first), (goal_of(_perturbed(o, rng), FOUR), first),
                  (goal_of(_perturbed(_perturbed(o, rng), rng), FOUR), first)]
    answers = []
    for goal, first in goals:
        fast, plain = Exact(goal, first).run(), Exact(goal, first, plain=True).run()
        assert (fast is None) == (plain is None), (goal, first)
        answers.append(fast is not None)
    assert True in answers and False in answers  # both kinds of answer are met
