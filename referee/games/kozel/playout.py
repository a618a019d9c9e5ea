"""Random legal Kozel series: for property tests, sample games and the benchmark.

The players here are written independently of the referee's checks (a beat is found by
trying every order of the cards, not by the referee's matching), so a playout the referee
faults points at a real bug. The deals are built as entries directly, as a file holds them.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from ...cards import DECK_36, Card
from ...model import Deal, Entry, Key, Play, Pull, Setup

PLAYERS = ("Ala", "Bartek", "Celina", "Darek")
RANKS = [6, 7, 8, 9, 11, 12, 13, 10, 14]
VALUE = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}


def stronger(a: Card, b: Card, trump: str) -> bool:
    if a.suit == b.suit:
        return RANKS.index(a.rank) > RANKS.index(b.rank)
    return a.suit == trump


def beats_all(play: tuple[Card, ...], target: tuple[Card, ...], trump: str) -> bool:
    return any(all(stronger(a, b, trump) for a, b in zip(perm, target, strict=True))
               for perm in itertools.permutations(play))


@dataclass(slots=True)
class Truth:
    """What really happened in one game, for the tests to compare against."""

    points: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    last_winner: str = ""
    hand_sizes: list[list[int]] = field(default_factory=list)
    cards_taken: int = 0


def play_game(setup: Setup, number: int, dealer: str, leader: str, rng: random.Random,
              mode: str, options: dict[str, Any]) -> tuple[Deal, Truth]:
    """One game. ``mode``: "known" (hands and deck written), "unseen" (only trump; cards by
    card, some discards as ``?`` and then outcome.points), "outcome" (outcome only)."""
    ps = setup.players
    cards = list(DECK_36)
    rng.shuffle(cards)
    hands: dict[str, list[Card]] = {p: [] for p in ps}
    p = setup.left_of(dealer)
    for c in cards[:16]:
        hands[p].append(c)
        p = setup.left_of(p)
    stock = cards[16:]
    shown = stock[rng.randrange(5, 15)]
    trump = shown.suit
    entries: list[Entry] = [Key("dealer", dealer), Key("trump", trump)]
    if mode != "outcome" and rng.random() < 0.5:
        entries.append(Key("trump_card", shown))
    if mode == "known":
        entries.append(Key("hands", {q: tuple(h) for q, h in hands.items()}))
        entries.append(Key("stock", tuple(stock)))
    truth = Truth()
    blind_used = False
    pull_opt = options.get("pull", "any-suit")
    plays: list[Entry] = []
    while any(hands[q] for q in ps):
        # a pull, sometimes, by the first player (from the leader on) holding four of a suit
        pulled = False
        if pull_opt != "off" and rng.random() < 0.7:
            q = leader
            for _ in range(4):
                h = hands[q]
                if len(h) == 4 and len({c.suit for c in h}) == 1 and (
                        pull_opt == "any-suit" or h[0].suit == trump):
                    plays.append(Pull(q, tuple(h)))
                    leader, pulled = q, True
                    break
                q = setup.left_of(q)
        h = hands[leader]
        if pulled:
            lead = tuple(h)
        else:
            suit = rng.choice(sorted({c.suit for c in h}))
            same = [c for c in h if c.suit == suit]
            lead = tuple(rng.sample(same, rng.randint(1, len(same))))
            plays.append(Play(leader, lead))
        for c in lead:
            h.remove(c)
        best, best_play = leader, lead
        trick_cards: list[Card] = list(lead)
        q = setup.left_of(leader)
        for _ in range(3):
            h = hands[q]
            n = len(lead)
            beat: tuple[Card, ...] | None = None
            if rng.random() < 0.8:
                options_ = [combo for combo in itertools.combinations(h, n)
                            if beats_all(combo, best_play, trump)]
                if options_:
                    beat = rng.choice(options_)
            if beat is not None:
                plays.append(Play(q, beat))
                best, best_play = q, beat
                chosen = beat
            else:
                chosen = tuple(rng.sample(h, n))
                if mode == "unseen" and rng.random() < 0.3:
                    plays.append(Play(q, tuple(None for _ in chosen), down=True))
                    blind_used = True
                else:
                    plays.append(Play(q, chosen, down=True))
            for c in chosen:
                h.remove(c)
            trick_cards.extend(chosen)
            q = setup.left_of(q)
        team = setup.seat(best) % 2
        truth.points[team] += sum(VALUE.get(c.rank, 0) for c in trick_cards)
        truth.tricks[team] += 1
        truth.cards_taken += len(trick_cards)
        leader = best
        q = best
        while stock and any(len(hands[x]) < 4 for x in ps):
            if len(hands[q]) < 4:
                hands[q].append(stock.pop(0))
            q = setup.left_of(q)
        truth.hand_sizes.append([len(hands[x]) for x in ps])
    truth.last_winner = leader
    names = [f"{ps[0]} & {ps[2]}", f"{ps[1]} & {ps[3]}"]
    if mode == "outcome":
        entries.append(Key("outcome", {"points": {names[0]: truth.points[0],
                                                  names[1]: truth.points[1]},
                                       "tricks": {names[0]: truth.tricks[0],
                                                  names[1]: truth.tricks[1]}}))
        return Deal(entries), truth
    entries.extend(plays)
    if blind_used:
        entries.append(Key("outcome", {"points": {names[0]: truth.points[0],
                                                  names[1]: truth.points[1]}}))
    return Deal(entries), truth


def loss(points: list[int], tricks: list[int]) -> tuple[list[int], bool]:
    if points == [60, 60]:
        return [0, 0], True
    w = 0 if points[0] >= 61 else 1
    lo = points[1 - w]
    n = 2 if lo >= 31 else (4 if tricks[1 - w] else 6)
    out = [0, 0]
    out[1 - w] = n
    return out, False


def random_series(seed: int, modes: tuple[str, ...] = ("known", "unseen", "outcome"),
                  options: dict[str, Any] | None = None, max_games: int = 60,
                  ) -> tuple[Setup, list[Deal], list[Truth], list[list[int]]]:
    """A whole series (until a team has 12 loss points); also the truth of every game and
    the loss points each game gave, computed here independently."""
    rng = random.Random(seed)
    opts = dict(options or {})
    setup = Setup("kozel", PLAYERS, PLAYERS[seed % 4], opts)
    dealer = setup.first_dealer
    leader = setup.left_of(dealer)
    deals: list[Deal] = []
    truths: list[Truth] = []
    losses: list[list[int]] = []
    totals = [0, 0]
    eggs = False
    for n in range(1, max_games + 1):
        mode = rng.choice(modes)
        d, t = play_game(setup, n, dealer, leader, rng, mode, opts)
        deals.append(d)
        truths.append(t)
        lp, is_eggs = loss(t.points, t.tricks)
        if not is_eggs and eggs:
            lp = [2 * x for x in lp]
        if is_eggs:
            eggs = opts.get("eggs") == "double"
        else:
            eggs = False
        losses.append(lp)
        totals = [totals[0] + lp[0], totals[1] + lp[1]]
        leader = t.last_winner
        dealer = setup.left_of(dealer)
        if max(totals) >= 12:
            break
    return setup, deals, truths, losses
