"""The bounds of the search (referee/solve/search.py) on Kierki's deals, checked against the
brute-force oracle (tests/solve_oracle.py) on seeded positions where each bound applies.

* **Master trumps** (deals 8-11): a trump above every live trump of the other team wins the
  trick it is played in, so one seat's such trumps are as many sure tricks of its team
  whoever leads.
* **Escapes** (deals 1-7): a player whose cards of each suit, from the lowest, are each
  below the others' cards of that suit from the lowest (p1 < o1, p2 < o2, ...) wins no more
  trick when another leads, nor when he leads the lowest card of a suit whose next cards
  stay under theirs shifted by one (p2 < o1, p3 < o2, ...): the rest costs him nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from referee.games.kierki.play import kierki_rules
from referee.games.kierki.tricks import kierki_objective
from tests.solve_oracle import Case, agrees, kierki_case, oracle
from tests.test_solve import hand


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


def suit_cards(case: Case, hand: int, suit: int) -> list[int]:
    """The powers of a hand's cards of one suit, lowest first."""
    r = case.rules
    return sorted(r.power[i] for i in range(r.layout.size) if hand >> i & 1 and r.suit[i] == suit)


def below(mine: list[int], theirs: list[int], shift: int) -> bool:
    """p_{t+shift} < o_t for every t where both exist (and p1 < o1)."""
    return bool(mine[0] < theirs[0]) and all(
        mine[t + shift] < theirs[t] for t in range(len(theirs)) if t + shift < len(mine))


def escape(case: Case) -> bool:
    """Whether, at a trick boundary of a penalty deal, the player's cards duck under the
    others' in every suit, and he is not on lead or may lead a suit that stays under."""
    if len(case.plays) % 4:
        return False
    hands = hands_now(case)
    (seat,) = case.side
    mine = hands[seat]
    theirs = sum(h for s, h in enumerate(hands) if s != seat)
    pairs = [(suit_cards(case, mine, s), suit_cards(case, theirs, s)) for s in range(4)]
    if not all(below(p, o, 0) for p, o in pairs if p and o):
        return False
    if leader_now(case) != seat:
        return True
    ok = case.rules.legal(mine)
    return any(below(p, o, 1) for s, (p, o) in enumerate(pairs)
               if p and o and suit_cards(case, ok, s))


def leader_now(case: Case) -> int:
    leader, trick = case.leader, []
    for c in case.plays:
        trick.append(c)
        if len(trick) == 4:
            leader = (leader + case.rules.winner(trick)) % 4
            trick = []
    return leader


def cases(seed: int, count: int, tricks: int, extra: int,
          want: Callable[[Case], bool], deals: range = range(8, 12)) -> list[Case]:
    rng = random.Random(seed)
    out: list[Case] = []
    while len(out) < count:
        case = kierki_case(rng, rng.choice(deals), tricks, rng.randrange(extra + 1))
        if want(case):
            out.append(case)
    return out


@pytest.mark.parametrize(("tricks", "extra", "count"), [(3, 3, 40), (4, 0, 6)])
def test_master_trumps_agree_with_the_oracle(tricks: int, extra: int, count: int) -> None:
    for case in cases(2200 + 10 * tricks + extra, count, tricks, extra, master_trumps):
        agrees(case, guess=2)


@pytest.mark.parametrize(("tricks", "count"), [(3, 40), (4, 8)])
def test_escapes_agree_with_the_oracle(tricks: int, count: int) -> None:
    found = cases(2300 + tricks, count, tricks, 0, escape, range(1, 8))
    assert any(leader_now(c) in c.side for c in found)  # the lead case is among them
    for case in found:
        agrees(case, guess=2)


@pytest.mark.parametrize("seed", range(3))
def test_penalty_deals_where_an_escape_may_come_later(seed: int) -> None:
    """Positions where the escape does not hold yet (it may after a trick or two)."""
    for case in cases(2400 + seed, 12, 4, 3, lambda c: not escape(c), range(1, 8)):
        agrees(case, guess=2)


@pytest.mark.parametrize(("leader", "want"), [(0, -20), (1, 0)])
def test_an_escape_on_lead_needs_the_shifted_order(leader: int, want: int) -> None:
    """Deal 1, two tricks left: the player holds 2S 5S, one opponent 3S 9S (p1 < o1, p2 < o2).
    Led by the opponent, the player ducks both tricks; on lead, 2S is covered by the 9S and
    the 3S led then takes the 5S (p2 > o1), and 5S led is ducked by the 3S: one trick."""
    r = kierki_rules(1)
    hands = [hand(None, "2S 5S"), hand(None, "3S 9S"), hand(None, "2H 3H"),
             hand(None, "2D 3D")]
    case = Case("kierki", 1, r, 4, hands, leader, [], (0,), (0, 1, 2, 3),
                kierki_objective(1, r))
    assert oracle(case) == want
    agrees(case, guess=2)
