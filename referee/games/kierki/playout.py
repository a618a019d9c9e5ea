"""Random legal Kierki games on virtual deals: for property tests, samples and benchmarks.

The choice of legal cards here is written independently of the referee's checks: it runs on
the compact core (``referee.compact``: hands as bit sets, legal cards as a mask), so that a
playout the referee faults points at a real bug in one or the other.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card
from ...compact import pick
from ...model import Deal, Entry, Key, Pass, Play, Setup
from .play import KIERKI, kierki_rules

PLAYERS = ("Ala", "Bartek", "Celina", "Darek")
CARDS = KIERKI.cards
_SUIT = KIERKI.suit_masks
_RANKS = [KIERKI.mask(c for c in CARDS if c.rank in r) for r in ((12,), (11, 13))]
_DECK = range(52)
_BIT = KIERKI.bit
# deal -> the cards whose taking ends it early (option stop_when_penalties_gone)
GONE = {2: _SUIT[1], 3: _RANKS[0], 4: _RANKS[1], 5: KIERKI.mask([Card(13, "H")])}


def random_deal(setup: Setup, number: int, dealer: str, rng: random.Random,
                hands_known: bool, options: dict[str, Any]) -> Deal:
    """One deal played out at random on the compact core (``referee.compact``): hands are bit
    sets, the legal cards a mask, the trick's winner an index; entries as the referee reads
    them."""
    rand = rng.random
    order = [rand() for _ in _DECK]
    deck = sorted(_DECK, key=order.__getitem__)  # shuffled: sorted by random keys
    players = setup.players
    seat = players.index(dealer)
    first = (seat + 1) % 4
    hands = [0, 0, 0, 0]
    for k in range(4):  # one card at a time clockwise from the dealer's left
        hands[(first + k) % 4] = sum(map(_BIT.__getitem__, deck[k::4]))
    entries: list[Entry] = [Key("dealer", dealer)]
    if hands_known:
        entries.append(Key("hands", {players[(first + k) % 4]: tuple(CARDS[c] for c in deck[k::4])
                                     for k in range(4)}))
    if number == 12:
        entries.extend(_lottery(players, seat, hands, rng, options.get("fantan_start_rank", 7)))
        return Deal(entries)
    trump = None
    leader = first
    if number >= 8:
        trump = rng.choice("SHDC")
        entries.append(Key("trump", trump))
        leader = first if options.get("trump_chooser") == "left" else seat
    rules = kierki_rules(number, trump)
    legal = rules.legal
    winner = rules.winner
    add = entries.append
    gone = GONE.get(number, 0) if options.get("stop_when_penalties_gone") else 0
    taken = 0
    trick = [0, 0, 0, 0]
    for _t in range(13):
        p = leader
        led = -1
        for i in range(4):
            h = hands[p]
            m = legal(h, led)
            k = int(rand() * m.bit_count())  # a random card of the mask (compact.pick)
            while k:
                m &= m - 1
                k -= 1
            c = (m & -m).bit_length() - 1
            if i == 0:
                led = c
            hands[p] = h ^ (1 << c)
            trick[i] = c
            add(Play(players[p], (CARDS[c],)))
            p = (p + 1) % 4
        leader = (leader + winner(trick)) % 4
        if gone:
            for c in trick:
                taken |= 1 << c
            if taken & gone == gone:
                break
    return Deal(entries)


def _lottery(players: tuple[str, ...], dealer: int, hands: list[int], rng: random.Random,
             start: int) -> list[Entry]:
    """The small lottery on bit sets: ``fits`` holds the cards that may go on the layout now
    (a suit's start card, or the next card below its bottom or above its top)."""
    fits = 0
    for s in range(4):
        fits |= 1 << (13 * s + start - 2)
    out: list[int] = []
    entries: list[Entry] = []
    rand = rng.random
    p = dealer
    while len(out) < 2:
        ok = hands[p] & fits
        if ok:
            c = pick(ok, rand)
            hands[p] ^= 1 << c
            fits ^= 1 << c
            r = c % 13 + 2
            if r <= start and r > 2:
                fits |= 1 << (c - 1)
            if r >= start and r < 14:
                fits |= 1 << (c + 1)
            entries.append(Play(players[p], (CARDS[c],)))
            if not hands[p]:
                out.append(p)
        else:
            entries.append(Pass(players[p]))
        q = (p + 1) % 4
        while q in out:
            q = (q + 1) % 4
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
