"""The claim search against the brute-force oracle on small seeded random positions (2-3 tricks
left), for each game: hands known (one world) and hands unseen (every deal of the unseen cards
that fits what each player may hold, listed)."""

from __future__ import annotations

import random

import pytest

from referee.claims.search import Problem, Search
from referee.compact import TrickRules, bits
from referee.games.kierki.play import KIERKI, kierki_rules
from referee.games.schmier.tricks import SCHMIER, WISCONSIN, schmier_rules, wisconsin_rules
from tests.claims_oracle import begun_trick, claim_side, deals, oracle

POSITIONS = 200


def rules_for(game: str, rng: random.Random) -> tuple[TrickRules, int, int]:
    """The trick rules, the deck size and the seats of a random position of ``game``."""
    if game == "kierki":
        deal = rng.randint(1, 11)
        return kierki_rules(deal, rng.choice("SHDC") if deal >= 8 else None), KIERKI.size, 4
    if game == "wisconsin-schmier":
        return wisconsin_rules(rng.choice("SHDC")), WISCONSIN.size, 4
    return schmier_rules(rng.choice("SHDC")), SCHMIER.size, 6


def position(game: str, seed: int, unseen: bool, split: bool = False, keeper: bool = False
             ) -> tuple[Problem, list[tuple[int, ...]]]:
    """A random position and its worlds (each a mask per seat, the claimer's the same).
    ``split``: the cards face down are two groups, the first of cards that are no trumps
    (a Schmier player's discards), the other of any card (the dealer's). ``keeper``: the
    second group is one seat's discards, which hold a trump only in a world where that seat
    holds nothing but trumps (the Schmier dealer, the Wisconsin bidder)."""
    rng = random.Random(f"{game}:{seed}:{unseen}:{split}:{keeper}" if keeper else
                        f"{game}:{seed}:{unseen}:{split}" if split else
                        f"{game}:{seed}:{unseen}")
    while True:
        rules, size, n = rules_for(game, rng)
        left = rng.choice((2, 3)) if n == 4 else 2
        claimer = rng.randrange(n)
        side = claim_side(game, claimer, n)
        deck = list(range(size))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[s * left:(s + 1) * left]) for s in range(n)]
        rest = deck[n * left:]
        leader = rng.randrange(n)
        k = rng.randrange(n)
        trick = begun_trick(rules, hands, leader, k, rng)
        count = tuple(h.bit_count() for h in hands)
        to_move = (leader + k) % n
        if not unseen:
            return Problem(rules, claimer, side, tuple(hands), count, 0, 0, tuple(trick),
                           to_move, left, True), [tuple(hands)]
        out_n = 0 if game == "kierki" else rng.randint(0, 2)
        plain_n = 0
        if split:  # the first group's cards: no trumps
            plain = [c for c in rest if not rules.trump_mask >> c & 1]
            out_n = rng.randint(2, 4)
            plain_n = out_n - rng.randint(0, 1)
            chosen = plain[:plain_n]
            rest = chosen + [c for c in rest if c not in chosen]
        out = sum(1 << c for c in rest[:out_n])
        others = [s for s in range(n) if s != claimer]
        pool = out
        for s in others:
            pool |= hands[s]
        pin = 0.3 if n == 4 else 0.65
        poss = {s: pool for s in others}
        out_poss = pool
        for c in bits(pool):
            b = 1 << c
            if rng.random() < pin:  # the record places this card: only its holder may hold it
                for s in others:
                    if not hands[s] & b:
                        poss[s] &= ~b
                if not out & b:
                    out_poss &= ~b
        for s in others:  # voids shown: a suit the player does not hold
            for suit in range(5):
                m = rules.masks[suit]
                if not hands[s] & m and rng.random() < 0.3:
                    poss[s] &= ~m
        groups = [(out_poss, out_n)]
        if split:
            groups = [(out_poss & ~rules.trump_mask, plain_n), (out_poss, out_n - plain_n)]
        holders = [poss[s] for s in others] + [m for m, _ in groups]
        counts = [count[s] for s in others] + [k for _, k in groups]
        found = deals(pool, holders, counts, 1500)
        if found is None:
            continue
        rule = None
        if keeper:
            at = rng.randrange(len(others))
            t = rules.trump_mask
            rule = (others[at], 1, t)
            found = [d for d in found if not d[-1] & t or not d[at] & ~t]
            if not found:
                continue
        worlds = []
        for d in found:
            w = list(hands)
            for i, s in enumerate(others):
                w[s] = d[i]
            if tuple(w) not in worlds:
                worlds.append(tuple(w))
        full = tuple(hands[claimer] if s == claimer else poss[s] for s in range(n))
        return Problem(rules, claimer, side, full, count, *groups[0], tuple(trick),
                       to_move, left, False, tuple(groups[1:]), rule), worlds


def counter_world(p: Problem, s: Search, need: int) -> tuple[int, ...]:
    """After a refutation of ``need`` tricks: the deal of the unseen cards the defeating line
    ends in, with the cards each player played on it (the hands it beats the claim with)."""
    s.nodes = 0
    tricks = s.line(need, False)
    got = s.world()
    hands = {seat: got[i] for i, seat in enumerate(s.holders)}
    for seat, c in [x for t in tricks for x in t][len(p.trick):]:
        if seat != p.claimer:
            hands[seat] |= 1 << c
    return tuple(p.poss[x] if x == p.claimer else hands[x] for x in range(len(p.poss)))


@pytest.mark.parametrize("unseen", [False, True], ids=["known", "unseen"])
@pytest.mark.parametrize("game", ["kierki", "wisconsin-schmier", "schmier"])
def test_search_agrees_with_the_oracle(game: str, unseen: bool) -> None:
    agreed = {True: 0, False: 0}
    for seed in range(POSITIONS):
        p, worlds = position(game, seed, unseen)
        for need in range(1, p.left + 1):
            want = oracle(worlds, p.rules, p.claimer, p.side, p.trick, p.to_move, need, p.left)
            s = Search(p)
            got = s.solve(need)
            assert got == want, (seed, need, p)
            agreed[got] += 1
            if not got and unseen:
                s.nodes = 0
                s.line(need, False)
                w = s.world()
                assert w is not None
    assert agreed[True] > 20 and agreed[False] > 20  # both answers are exercised


@pytest.mark.parametrize("game", ["kierki", "wisconsin-schmier", "schmier"])
def test_a_counter_deal_is_one_of_the_worlds(game: str) -> None:
    """After a refutation, the deal of the unseen cards the line ends in, with the cards each
    player played on it, is a world of the position (the hands it beats the claim with)."""
    checked = 0
    for seed in range(60):
        p, worlds = position(game, seed, True)
        s = Search(p)
        if s.solve(p.left):
            continue
        assert counter_world(p, s, p.left) in worlds, seed
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("game", ["wisconsin-schmier", "schmier"])
def test_cards_face_down_by_two_rules_agree_with_the_oracle(game: str) -> None:
    """Two groups face down (``Problem.extra``): a Schmier player's counted discards (no
    trump) and the dealer's (any card), or Wisconsin's undealt remainder and the bidder's."""
    agreed = {True: 0, False: 0}
    for seed in range(120):
        p, worlds = position(game, seed, True, split=True)
        assert p.extra
        for need in range(1, p.left + 1):
            want = oracle(worlds, p.rules, p.claimer, p.side, p.trick, p.to_move, need, p.left)
            s = Search(p)
            assert s.solve(need) == want, (seed, need, p)
            agreed[want] += 1
            if not want:
                assert counter_world(p, s, need) in worlds, seed
    assert agreed[True] > 10 and agreed[False] > 10


def test_the_keeper_rule_agrees_with_the_oracle() -> None:
    """The keeper's discards (``Problem.keeper``) hold a trump only in worlds where the keeper
    holds only trumps: the search's worlds are exactly the oracle's, and a counter-deal is
    one of them (never one the rules forbid)."""
    agreed = {True: 0, False: 0}
    narrowed = 0
    for game, seed in [(g, x) for g in ("wisconsin-schmier", "schmier") for x in range(150)]:
        p, worlds = position(game, seed, True, split=True, keeper=True)
        wide = Problem(*[getattr(p, f) for f in Problem.__slots__ if f != "keeper"])
        for need in range(1, p.left + 1):
            want = oracle(worlds, p.rules, p.claimer, p.side, p.trick, p.to_move, need, p.left)
            s = Search(p)
            assert s.solve(need) == want, (seed, need, p)
            agreed[want] += 1
            narrowed += want != Search(wide).solve(need)
            if not want:
                assert counter_world(p, s, need) in worlds, seed
    assert agreed[True] > 10 and agreed[False] > 10
    assert narrowed > 3  # the rule changes some answers: without it they would differ
