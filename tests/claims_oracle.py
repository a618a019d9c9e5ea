"""A brute-force oracle for claims: every deal of the unseen cards listed, every strategy of the
claimer tried, by plain recursion (no table, no equivalent cards, no bounds).

At the claimer's turn the claimer's hand is the same in every world, and one card must work in
all of them; at another player's turn every world offers each of its legal cards, and the
worlds that played the same card go on together."""

from __future__ import annotations

import random
from collections.abc import Sequence

from referee.compact import NO_CARD, TrickRules, bits
from referee.games.schmier.tricks import wisconsin_rules

World = tuple[int, ...]  # one mask per seat


def oracle(worlds: Sequence[World], rules: TrickRules | None, claimer: int,
           side: Sequence[bool], trick: Sequence[tuple[int, int]], to_move: int, need: int,
           left: int) -> bool:
    n = len(side)
    if need <= 0:
        return True
    if need > left:
        return False
    if len(trick) == n:
        assert rules is not None
        w = trick[rules.winner([c for _, c in trick])][0]
        return oracle(worlds, rules, claimer, side, (), w, need - (1 if side[w] else 0),
                      left - 1)
    led = trick[0][1] if trick else NO_CARD
    nxt = (to_move + 1) % n
    any_rules = rules if rules is not None else wisconsin_rules(None)

    def rules_after(c: int) -> TrickRules | None:
        if rules is None and not trick:
            return wisconsin_rules("SHDC"[wisconsin_rules(None).suit[c]])
        return rules

    split: dict[int, list[World]] = {}
    for w in worlds:
        for c in bits(any_rules.legal(w[to_move], led)):
            child = list(w)
            child[to_move] &= ~(1 << c)
            split.setdefault(c, []).append(tuple(child))
    results = (oracle(ws, rules_after(c), claimer, side, (*trick, (to_move, c)), nxt, need,
                      left) for c, ws in split.items())
    if to_move == claimer:
        return any(results)
    return all(results)


def deals(pool: int, holders: Sequence[int], counts: Sequence[int], cap: int
          ) -> list[tuple[int, ...]] | None:
    """Every way to deal the cards of ``pool`` to the holders (masks of what each may hold)
    with exactly ``counts`` cards each; None when there are more than ``cap``."""
    cards = list(bits(pool))
    out: list[tuple[int, ...]] = []
    got = [0] * len(holders)
    left = list(counts)

    def place(i: int) -> bool:
        if i == len(cards):
            if not any(left):
                out.append(tuple(got))
            return len(out) <= cap
        b = 1 << cards[i]
        for h in range(len(holders)):
            if left[h] and holders[h] & b:
                got[h] |= b
                left[h] -= 1
                ok = place(i + 1)
                got[h] &= ~b
                left[h] += 1
                if not ok:
                    return False
        return True

    return out if place(0) else None


def random_legal(rules: TrickRules, hand: int, led: int, rng: random.Random) -> int:
    m = list(bits(rules.legal(hand, led)))
    return rng.choice(m)


def claim_side(game: str, claimer: int, n: int) -> tuple[bool, ...]:
    """Who takes tricks with the claimer: alone in Kierki, the partners across the table in
    the Schmiers."""
    return tuple(s == claimer if game == "kierki" else (s - claimer) % (n // 2) == 0
                 for s in range(n))


def begun_trick(rules: TrickRules, hands: list[int], leader: int, k: int,
                rng: random.Random) -> list[tuple[int, int]]:
    """The first ``k`` plays of a trick from ``leader``, random legal cards, each taken out of
    its player's hand."""
    trick: list[tuple[int, int]] = []
    for i in range(k):
        s = (leader + i) % len(hands)
        c = random_legal(rules, hands[s], trick[0][1] if trick else NO_CARD, rng)
        hands[s] &= ~(1 << c)
        trick.append((s, c))
    return trick
