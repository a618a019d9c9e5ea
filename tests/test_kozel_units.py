"""Kozel pieces: the card order, the beat matching and its explanation, points, loss points."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import DECK_36, try_parse_card
from referee.games.kozel.cards import beats, matching, order, why_not
from referee.games.kozel.score import check_points, loss_points, points_of, split_reachable


def cs(text: str) -> list:  # type: ignore[type-arg]
    return [try_parse_card(w) for w in text.split()]


def test_rank_order_ten_between_king_and_ace() -> None:
    ranks = sorted(cs("AS 10S KS QS JS 9S 8S 7S 6S"), key=order)
    assert [str(c) for c in ranks] == "6S 7S 8S 9S JS QS KS 10S AS".split()


def test_beats() -> None:
    a, b = cs("10H KH")
    assert beats(a, b, "D") and not beats(b, a, "D")
    six_d, ace_h = cs("6D AH")
    assert beats(six_d, ace_h, "D") and not beats(ace_h, six_d, "D")
    seven_s, six_c = cs("7S 6C")
    assert not beats(seven_s, six_c, "D") and not beats(six_c, seven_s, "D")
    assert not beats(seven_s, six_c, None)


def test_matching_trump_and_higher_card() -> None:
    m = matching(cs("AH 6D"), cs("10H KH"), "D")
    assert None not in m and sorted(m) == [0, 1]  # type: ignore[type-var]


def test_matching_finds_the_one_to_one_assignment() -> None:
    m = matching(cs("AH JH"), cs("9H 10H"), "D")
    assert m == [1, 0]


def test_matching_fails_when_one_card_would_beat_two() -> None:
    play, target = cs("AH JC"), cs("10H KH")
    m = matching(play, target, "D")
    assert m.count(None) == 1
    assert "can only be beaten by AH" in why_not(play, target, "D", m)


def test_why_not_names_the_led_card_nothing_beats() -> None:
    play, target = cs("7H 8H"), cs("10H 6H")
    m = matching(play, target, "S")
    assert "nothing in 7H 8H can beat 10H" == why_not(play, target, "S", m)


def test_three_cards_hall_violation() -> None:
    # 6D beats everything (trump); AS beats only KS; 7C beats nothing but 6C
    play, target = cs("6D AS 7C"), cs("KS QS 6C")
    assert None not in matching(play, target, "D")
    play2 = cs("6D AS 7H")
    m = matching(play2, target, "D")
    assert None in m


def test_points() -> None:
    assert points_of(DECK_36) == 120
    assert points_of(cs("AS 10S KS QS JS 9S") + [None]) == 30


def test_loss_points() -> None:
    assert loss_points([61, 59], [3, 2]).loss == (0, 2)
    assert loss_points([90, 30], [3, 1]).loss == (0, 4)
    assert loss_points([31, 89], [1, 4]).loss == (2, 0)
    assert loss_points([120, 0], [5, 0]).loss == (0, 6)
    assert loss_points([120, 0], [4, 1]).loss == (0, 4)  # a trick of sixes and sevens
    e = loss_points([60, 60], [2, 2])
    assert e.eggs and e.loss == (0, 0) and e.winner is None


def test_split_reachable() -> None:
    aces = cs("AS AH")
    assert split_reachable(aces, [11, 11], [1, 1])
    assert not split_reachable(aces, [22, 0], [1, 1])
    assert split_reachable(aces, [22, 0], [2, 0])
    assert split_reachable(aces, [22, 0], None)
    assert not split_reachable(aces, [11, 0], None)  # every card goes to someone


def test_check_points_outcome_only() -> None:
    teams = ["A", "B"]
    assert check_points([70, 50], None, [0, 0], list(DECK_36), None, [0, 0], False, teams) == []
    assert check_points([119, 1], None, [0, 0], list(DECK_36), None, [0, 0], False, teams)
    assert check_points([70, 50], [0, 3], [0, 0], list(DECK_36), None, [0, 0], False, teams)
    assert check_points([70, 50], [8, 3], [0, 0], list(DECK_36), None, [0, 0], False, teams)


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.sampled_from(list(DECK_36)), min_size=0, max_size=7, unique=True),
       ca=st.integers(0, 7), cb=st.integers(0, 7), with_counts=st.booleans(),
       na=st.integers(0, 60), nb=st.integers(0, 60))
def test_split_reachable_against_brute_force(cards: list, ca: int, cb: int,  # type: ignore[type-arg]
                                             with_counts: bool, na: int, nb: int) -> None:
    counts = [ca, cb] if with_counts else None
    want = False
    for assign in itertools.product((0, 1, 2), repeat=len(cards)):
        if counts is None and 2 in assign:
            continue
        got = [[c for c, a in zip(cards, assign, strict=True) if a == t] for t in (0, 1)]
        if counts is not None and [len(got[0]), len(got[1])] != counts:
            continue
        if [points_of(got[0]), points_of(got[1])] == [na, nb]:
            want = True
            break
    assert split_reachable(cards, [na, nb], counts) == want
