"""The double-dummy solver (referee/solve/search.py) against a brute-force oracle.

Hundreds of seeded random positions per game, 2-4 tricks from the end (some in the middle of a
trick): the solver's value, searched with a full window and with null windows from a wrong
guess, and its null-window verdicts, must be exactly the oracle's (tests/solve_oracle.py: plain
minimax over every legal card, scored by the engine's own rules, with plain alpha-beta cuts,
themselves checked against the minimax without them). Then hand-built positions whose answers
are known.
"""

from __future__ import annotations

import random

import pytest

from referee.cards import Card, parse_card_words
from referee.compact import Layout
from referee.games.kierki.play import KIERKI, kierki_rules
from referee.games.kierki.tricks import kierki_objective
from referee.games.schmier.tricks import WISCONSIN, schmier_objective, wisconsin_rules
from referee.solve.search import Budget, Solver
from tests.solve_oracle import agrees, kierki_case, oracle, schmier_case


def test_the_oracle_cuts_change_no_value() -> None:
    """The oracle's alpha-beta cuts (tests/solve_oracle.py) against the plain minimax over
    every line, on positions of each game 2-3 tricks from the end, some in a trick."""
    rng = random.Random(1300)
    for _ in range(8):
        for case in (kierki_case(rng, rng.randrange(1, 12), rng.choice((2, 3)),
                                 rng.randrange(4)),
                     schmier_case(rng, "wisconsin-schmier", rng.choice((2, 3)),
                                  rng.randrange(4), rng.choice(("ace-seven", "in-play"))),
                     schmier_case(rng, "schmier", 2, rng.randrange(6))):
            assert oracle(case) == oracle(case, prune=False)


@pytest.mark.parametrize("seed", range(4))
def test_kierki_agrees_with_the_oracle(seed: int) -> None:
    rng = random.Random(1400 + seed)
    for _ in range(60):
        deal = rng.randrange(1, 12)
        agrees(kierki_case(rng, deal, rng.choice((2, 3)), rng.randrange(4)), guess=-7)


def test_kierki_four_tricks_left() -> None:
    rng = random.Random(77)
    for _ in range(12):
        agrees(kierki_case(rng, rng.randrange(1, 12), 4, 0), guess=-7)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("high_low", ["ace-seven", "in-play"])
def test_wisconsin_agrees_with_the_oracle(seed: int, high_low: str) -> None:
    rng = random.Random(1500 + seed)
    for _ in range(30):
        agrees(schmier_case(rng, "wisconsin-schmier", rng.choice((2, 3)), rng.randrange(4),
                            high_low), guess=-7)


@pytest.mark.parametrize("seed", range(4))
def test_schmier_agrees_with_the_oracle(seed: int) -> None:
    rng = random.Random(1600 + seed)
    for _ in range(50):
        agrees(schmier_case(rng, "schmier", 2, rng.randrange(6)), guess=-7)


def test_schmier_three_tricks_in_the_middle_of_a_trick() -> None:
    rng = random.Random(1700)
    for _ in range(6):
        agrees(schmier_case(rng, "schmier", 3, 5), guess=-7)


def hand(lay: Layout | None, text: str) -> int:
    cards = parse_card_words(text)
    assert cards is not None
    return (KIERKI if lay is None else lay).mask(cards)


def trumps_first() -> tuple[Solver, list[int]]:
    """Kierki deal 8, trump spades, three tricks left: seat 0 holds AS AH KH and leads; seat 1
    holds 2S 2D 3D. Cashing AH first lets seat 1 ruff: 2 tricks; AS first: all 3."""
    r = kierki_rules(8, "S")
    hands = [hand(None, "AS AH KH"), hand(None, "2S 2D 3D"), hand(None, "4C 5C 6C"),
             hand(None, "7C 8C 9C")]
    return Solver(r, kierki_objective(8, r), (0,), None, 4), hands


def test_drawing_trumps_first_makes_every_trick() -> None:
    s, hands = trumps_first()
    pos = s.start(hands, 0, number=10)
    assert s.value(pos) == 3
    ah = KIERKI.index[Card(14, "H")]
    assert s.value(s.play(pos, ah)) == 2
    assert s.value(s.play(pos, KIERKI.index[Card(14, "S")])) == 3


def test_kierki_penalty_the_player_cannot_escape() -> None:
    """Deal 5 (the king of hearts, no heart led while the leader holds another suit), two
    tricks left: seat 0 holds KH 2C; the clubs go first, then KH must follow the heart led.
    It costs -150 only when nobody holds a heart above it."""
    r = kierki_rules(5)
    hands = [hand(None, "KH 2C"), hand(None, "AH 3C"), hand(None, "3H 4C"),
             hand(None, "4H 5C")]
    s = Solver(r, kierki_objective(5, r), (0,), None, 4)
    assert s.value(s.start(hands, 3, number=11)) == 0
    assert s.value(s.start(hands, 0, number=11)) == 0
    hands[1] = hand(None, "QH 3C")  # another deal: a solver of its own
    s = Solver(r, kierki_objective(5, r), (0,), None, 4)
    assert s.value(s.start(hands, 0, number=11)) == -150
    with pytest.raises(ValueError):  # a solver is for one deal
        s.value(s.start([hand(None, "KH 3C"), hand(None, "QH 2C"), hands[2], hands[3]], 0,
                        number=11))


def test_wisconsin_high_and_low_are_fixed_by_the_hands() -> None:
    """Trump hearts, one trick left, the side (seats 0 and 2) holds AH and 7H: High and Low
    are theirs whatever happens; the jack (JH, seat 1) and Game go with the trick."""
    r = wisconsin_rules("H")
    cards = [hand(WISCONSIN, "AH"), hand(WISCONSIN, "JH"), hand(WISCONSIN, "7H"),
             hand(WISCONSIN, "8S")]
    holder = [0] * WISCONSIN.size
    for seat, m in enumerate(cards):
        holder[m.bit_length() - 1] = seat
    in_play = [m.bit_length() - 1 for m in cards]
    teams = (0, 1, 0, 1)
    obj = schmier_objective("wisconsin-schmier", r, "H", in_play, holder, teams, 0)
    assert obj.fixed == 2
    s = Solver(r, obj, (0, 2), teams, 4)
    # AH wins the last trick holding JH: jack and game (4 + 1 points against 0)
    assert s.value(s.start(cards, 0, number=5)) == 4
    s2 = Solver(r, obj, (0, 2), teams, 4)
    assert s2.value(s2.start(cards, 1, number=5)) == 4  # whoever leads, AH takes it


def test_a_budget_stops_the_search() -> None:
    rng = random.Random(3)
    case = kierki_case(rng, 8, 9)
    s = case.solver(budget=50)
    with pytest.raises(Budget):
        s.value(case.position(s))
