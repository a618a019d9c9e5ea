"""One legal Kierki deal that gives an outcome's counts (deals 1-11): the witness.

Ranks never matter to what a trick gives (its cards of the suit that wins can always be
handed out so that its winner holds the highest), so a deal is planned by suits and by which
trick each counted card goes into, then dealt out. The plan most deals use: eleven tricks
in which everyone follows (three in each of three suits, then two in the fourth, whose
winners are free), then two tricks of the fourth suit that let anyone win the last one.
Deals 2 and 7, where hearts may be led only by a player holding nothing else, take the play
that ``hearts_lead`` found when it decided the outcome.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...model import Deal, Entry, Key, Pass, Play, Setup
from . import hearts_lead
from .feasible import CATEGORY, Goal, goal_of
from .play import KIERKI
from .playout import random_deal

Trick = tuple[int, list[tuple[int, int]], int]  # leader, (seat, card) from the leader, winner
S, H, D, C = 0, 1, 2, 3


def _cards(suit: int) -> list[int]:
    return list(range(13 * suit, 13 * suit + 13))


def arrange(leader: int, suits: dict[int, int], cards: dict[int, list[int]], winner: int,
            trump: int) -> Trick:
    """One trick: who plays which suit, the cards of each suit in it; the winner gets the
    highest card of the suit that wins (trump if any was played, else the suit led)."""
    led = suits[leader]
    top = trump if trump >= 0 and trump in suits.values() else led
    pools = {s: sorted(cs) for s, cs in cards.items()}
    mine = {winner: pools[top].pop()}
    for p in range(4):
        if p != winner:
            mine[p] = pools[suits[p]].pop(0)
    seats = [(leader + i) % 4 for i in range(4)]
    return leader, [(p, mine[p]) for p in seats], winner


def skeleton(winners: Sequence[int], first: int, roles: tuple[int, int, int, int],
             placed: dict[int, int], trump: int) -> list[Trick]:
    """Eleven tricks where all follow (roles a a a b b b c c c d d), then d d d a and d d b c
    (``placed``: card -> the trick it must be in)."""
    a, b, c, d = roles
    plan: list[dict[int, int]] = [{p: s for p in range(4)} for s in (a, a, a, b, b, b, c, c, c,
                                                                      d, d)]
    w11, w12, w13 = winners[10], winners[11], winners[12]
    if w13 != w12:
        e = w13
        out = next(p for p in range(4) if p not in (w11, w12, w13))
    else:
        out = next(p for p in range(4) if p not in (w11, w12))
        e = next(p for p in range(4) if p not in (w12, out))
    t12 = {p: d for p in range(4)}
    t12[out] = a
    rest = [p for p in range(4) if p not in (w12, e)]
    plan += [t12, {w12: d, e: d, rest[0]: b, rest[1]: c}]
    return deal_out(plan, winners, first, placed, trump)


def deal_out(plan: Sequence[dict[int, int]], winners: Sequence[int], first: int,
             placed: dict[int, int], trump: int) -> list[Trick]:
    queue = {s: [c for c in _cards(s) if c not in placed] for s in range(4)}
    tricks = []
    leader = first
    for i, suits in enumerate(plan):
        cards: dict[int, list[int]] = {}
        for s in set(suits.values()):
            n = sum(1 for v in suits.values() if v == s)
            forced = [c for c, t in placed.items() if t == i and c // 13 == s]
            cards[s] = forced + [queue[s].pop(0) for _ in range(n - len(forced))]
        tricks.append(arrange(leader, suits, cards, winners[i], trump))
        leader = winners[i]
    return tricks


def from_counts(counts: Sequence[int]) -> list[int]:
    return [p for p in range(4) for _ in range(counts[p])]


def build(number: int, goal: Goal, first: int, trump: int) -> list[Trick] | None:
    """A deal giving ``goal`` (as stated before any trick), or None when none was found."""
    need = goal.need
    roles = (S, D, C, H) if trump < 0 else tuple(s for s in range(4) if s != trump) + (trump,)
    placed: dict[int, int] = {}
    if number in (2, 7):
        found = hearts_lead.plan(goal, first)
        if found is None:
            return None
        return [arrange(leader, suits, cards, w, -1)
                for leader, suits, cards, w in hearts_lead.cards(goal, found)]
    if need["tricks"] is not None:
        winners = from_counts(need["tricks"])
    elif number == 6:
        winners = [goal.seventh if goal.seventh is not None else first] * 12
        winners.append(goal.last if goal.last is not None else first)
    elif number == 5:
        winners = [goal.koh if goal.koh is not None else first] * 13
    else:
        category = "queens" if number == 3 else "jacks_kings"
        takers = from_counts(need[category] or [0, 0, 0, 0])
        cards = [c for c in range(52) if CATEGORY[category] >> c & 1]
        # each counted card goes into a trick of its suit, won by its taker
        slots = {roles[0]: [0, 1, 2], roles[1]: [3, 4, 5], roles[2]: [6, 7, 8],
                 roles[3]: [9, 10]}
        winners = [first] * 13
        for c, p in zip(cards, takers, strict=True):
            t = slots[c // 13].pop(0)
            placed[c] = t
            winners[t] = p
    return skeleton(winners, first, roles, placed, trump)  # type: ignore[arg-type]


def witness(setup: Setup, number: int, outcome: dict[str, Any], dealer: str,
            options: dict[str, Any]) -> Deal | None:
    """A deal (dealer, hands, trump, the cards played) that gives ``outcome``, for the
    replay to check; None when the outcome cannot have happened (deals 2 and 7) or, deal 12,
    when no seeded playout gave it."""
    players = setup.players
    seat = players.index(dealer)
    entries: list[Entry] = [Key("dealer", dealer)]
    if number == 12:
        return lottery(setup, outcome, dealer, options)
    trump = -1
    first = (seat + 1) % 4
    if number >= 8:
        t = outcome.get("trump", "S")
        trump = "SHDC".index(t)
        if options.get("trump_chooser", "dealer") == "dealer":
            first = seat
    tricks = build(number, goal_of(outcome, players), first, trump)
    if tricks is None:
        return None
    hands: dict[str, list[Any]] = {p: [] for p in players}
    plays: list[Entry] = []
    for _, cards, _ in tricks:
        for p, c in cards:
            hands[players[p]].append(KIERKI.cards[c])
            plays.append(Play(players[p], (KIERKI.cards[c],)))
    entries.append(Key("hands", {p: tuple(cs) for p, cs in hands.items()}))
    if trump >= 0:
        entries.append(Key("trump", "SHDC"[trump]))
    return Deal(entries + plays)


def lottery(setup: Setup, outcome: dict[str, Any], dealer: str, options: dict[str, Any]
            ) -> Deal | None:
    """Deal 12: random deals played out at random (the engine's playout), seeded, until one
    sends the named players out first and second."""
    full = {"stop_when_penalties_gone": False, "trump_chooser": "dealer",
            "fantan_start_rank": 7}
    full.update(options)
    want = [outcome.get("first_out"), outcome.get("second_out")]
    rng = random.Random(12)
    for _ in range(5000):
        deal = random_deal(setup, 12, dealer, rng, True, full)
        out: list[str] = []
        held = {p: 13 for p in setup.players}
        for e in deal.entries:
            if isinstance(e, Play):
                held[e.player] -= 1
                if not held[e.player]:
                    out.append(e.player)
            elif not isinstance(e, (Key, Pass)):
                break
        if out[:2] == want:
            return deal
    return None
