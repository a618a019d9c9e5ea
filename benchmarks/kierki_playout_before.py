"""The Kierki random playout as it was before the compact core (lists of Card objects, one
list comprehension a card): kept only so that ``benchmarks/playouts.py`` measures the old
path and the new one side by side in one run. Not used by the referee or its tests."""

from __future__ import annotations

import random
from typing import Any

from referee.cards import DECK_52, Card
from referee.model import Deal, Entry, Key, Pass, Play, Setup

PLAYERS = ("Ala", "Bartek", "Celina", "Darek")


def _winner(plays: list[tuple[str, Card]], trump: str | None) -> str:
    led = plays[0][1].suit
    best = plays[0]
    for p in plays[1:]:
        c, b = p[1], best[1]
        if (c.suit == b.suit and c.rank > b.rank) or (c.suit == trump and b.suit != trump):
            best = p
    del led
    return best[0]


def random_deal(setup: Setup, number: int, dealer: str, rng: random.Random,
                hands_known: bool, options: dict[str, Any]) -> Deal:
    cards = list(DECK_52)
    rng.shuffle(cards)
    hands: dict[str, list[Card]] = {p: [] for p in setup.players}
    p = setup.left_of(dealer)
    for c in cards:
        hands[p].append(c)
        p = setup.left_of(p)
    entries: list[Entry] = [Key("dealer", dealer)]
    if hands_known:
        entries.append(Key("hands", {q: tuple(h) for q, h in hands.items()}))
    if number == 12:
        entries.extend(_lottery(setup, dealer, hands, rng, options.get("fantan_start_rank", 7)))
        return Deal(entries)
    trump = None
    leader = setup.left_of(dealer)
    if number >= 8:
        chooser = setup.left_of(dealer) if options.get("trump_chooser") == "left" else dealer
        trump = rng.choice("SHDC")
        entries.append(Key("trump", trump))
        leader = chooser
    taken: list[Card] = []
    for _t in range(13):
        plays: list[tuple[str, Card]] = []
        p = leader
        for i in range(4):
            h = hands[p]
            if i == 0:
                legal = h
                if number in (2, 5, 7) and any(c.suit != "H" for c in h):
                    legal = [c for c in h if c.suit != "H"]
            else:
                led = plays[0][1].suit
                legal = [c for c in h if c.suit == led] or h
            c = rng.choice(legal)
            h.remove(c)
            plays.append((p, c))
            entries.append(Play(p, (c,)))
            p = setup.left_of(p)
        leader = _winner(plays, trump)
        taken.extend(c for _, c in plays)
        if options.get("stop_when_penalties_gone") and _gone(number, taken):
            break
    return Deal(entries)


def _gone(number: int, taken: list[Card]) -> bool:
    if number == 2:
        return sum(c.suit == "H" for c in taken) == 13
    if number == 3:
        return sum(c.rank == 12 for c in taken) == 4
    if number == 4:
        return sum(c.rank in (11, 13) for c in taken) == 8
    if number == 5:
        return Card(13, "H") in taken
    return False


def _lottery(setup: Setup, dealer: str, hands: dict[str, list[Card]], rng: random.Random,
             start: int) -> list[Entry]:
    rows: dict[str, tuple[int, int] | None] = {s: None for s in "SHDC"}
    out: list[str] = []
    entries: list[Entry] = []
    p = dealer
    while len(out) < 2:
        ok = []
        for c in hands[p]:
            r = rows[c.suit]
            if (r is None and c.rank == start) or (r is not None and c.rank in (r[0] - 1,
                                                                                 r[1] + 1)):
                ok.append(c)
        if ok:
            c = rng.choice(ok)
            hands[p].remove(c)
            r = rows[c.suit]
            rows[c.suit] = (c.rank, c.rank) if r is None else (min(r[0], c.rank),
                                                                 max(r[1], c.rank))
            entries.append(Play(p, (c,)))
            if not hands[p]:
                out.append(p)
        else:
            entries.append(Pass(p))
        q = setup.left_of(p)
        while q in out:
            q = setup.left_of(q)
        p = q
    return entries


def random_game(seed: int, hands_known: bool = False, deals: int = 12,
                options: dict[str, Any] | None = None,
                players: tuple[str, ...] = PLAYERS) -> tuple[Setup, list[Deal]]:
    rng = random.Random(seed)
    opts = dict(options or {})
    setup = Setup("kierki", players, players[seed % 4], opts)
    full = {"stop_when_penalties_gone": False, "trump_chooser": "dealer",
            "fantan_start_rank": 7}
    full.update(opts)
    out = []
    dealer = setup.first_dealer
    for n in range(1, deals + 1):
        out.append(random_deal(setup, n, dealer, rng, hands_known, full))
        dealer = setup.left_of(dealer)
    return setup, out
