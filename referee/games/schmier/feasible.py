"""One legal Schmier deal that gives an outcome's points: the witness (six players).

Every point trump is played in Schmier (the dealer may never discard the ace, the bauers,
the 2 or the joker), so an outcome names a team for High, Low, both bauers and the joker,
and Game goes to a team or, on a tie, to nobody; every such outcome is possible, and
:func:`witness` builds a deal for it: nobody exchanges, the dealer discards the 17 cards
never played; tricks 1 and 2 are all trumps (the ace wins the first, the king the second),
trick 3 the three trumps left (the queen wins) with three players discarding, tricks 4-6
one plain suit each, everyone following, whose winners and counting cards settle Game.
The bauers and the joker go into a trick won by their team, the 2 to a player of Low's.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from ...cards import DECK_53, JOKER, Card
from .score import GAME_VALUE, SAME_COLOUR, Order

Play = tuple[int, Card]


def witness(players: Sequence[str], bidder: str, trump: str,
            points: dict[str, str | None], team_of: dict[str, str]) -> list[str] | None:
    """The trick lines of a deal giving ``points`` (point -> team name, or None), led first
    by ``bidder``; None when the outcome leaves out a point every deal awards."""
    order = Order(trump, True)
    n = len(players)
    seats = {p: i for i, p in enumerate(players)}
    members = {t: [seats[p] for p in players if team_of[p] == t] for t in set(team_of.values())}
    need = {k: points.get(k) for k in ("high", "low", "right_bauer", "left_bauer", "joker")}
    if any(t is None or t not in members for t in need.values()):
        return None
    left = Card(11, SAME_COLOUR[trump])
    card = {"high": Card(14, trump), "low": Card(2, trump), "right_bauer": Card(11, trump),
            "left_bauer": left, "joker": JOKER}
    high = need["high"] or ""
    others = list(dict.fromkeys(t for t in (need["right_bauer"], need["left_bauer"],
                                            need["joker"]) if t != high and t is not None))
    teams = [high, *others, *[high] * (2 - len(others))]
    h, r2 = members[teams[0]][0], members[teams[1]][0]
    r3 = members[teams[2]][0]
    bins: list[list[Card]] = [[card["high"]], [Card(13, trump)], [Card(12, trump)]]
    for k in ("right_bauer", "left_bauer", "joker"):
        bins[teams.index(need[k] or "")].append(card[k])
    low_seat = next(s for s in members[need["low"] or ""] if s != h)
    bins[0].append(card["low"])
    fill = [Card(r, trump) for r in (10, 9, 8, 7, 6, 5, 4, 3)]
    for b, size in zip(bins, (6, 6, 3), strict=True):
        while len(b) < size:
            b.append(fill.pop())
    lead = seats[bidder]
    tricks: list[list[Play]] = []
    # trick 1: h plays the ace, the Low player the 2, the rest their trumps
    t1 = {h: card["high"], low_seat: card["low"]}
    rest = [c for c in bins[0] if c not in t1.values()]
    for s in range(n):
        if s not in t1:
            t1[s] = rest.pop()
    tricks.append(_from(lead, t1, n))
    t2 = {r2: Card(13, trump)}
    rest = [c for c in bins[1] if c != Card(13, trump)]
    for s in range(n):
        if s not in t2:
            t2[s] = rest.pop()
    tricks.append(_from(h, t2, n))
    # trick 3, led by r2: the queen (r3's) and two more trumps; the others discard
    plain = [c for c in DECK_53 if not order.is_trump(c)]
    low_plain = sorted((c for c in plain if c.rank < 10), key=lambda c: c.rank)
    t3 = {r3: Card(12, trump)}
    rest = [c for c in bins[2] if c != Card(12, trump)]
    for s in [r2] + [x for x in range(n) if x not in (r2, r3)]:
        if s not in t3 and rest:
            t3[s] = rest.pop()
    for s in range(n):
        if s not in t3:
            t3[s] = low_plain.pop(0)
    tricks.append(_from(r2, t3, n))
    used = {c for t in tricks for _, c in t}
    base = {t: 0 for t in members}
    for t, w in zip(tricks, (h, r2, r3), strict=True):
        base[_team(w, members)] += sum(_value(c) for _, c in t)
    suits = [s for s in "SHDC" if s != trump][:3]
    game = points.get("game")
    for pick in _game_tricks(suits, used, base, members, game):
        leader = r3
        for (team, cards) in pick:
            w = members[team][0]
            by = {w: max(cards, key=lambda c: c.rank)}
            rest = [c for c in cards if c is not by[w]]
            for s in range(n):
                if s not in by:
                    by[s] = rest.pop()
            tricks.append(_from(leader, by, n))
            leader = w
        return [" ".join([f"{players[tr[0][0]]}:"] + [c.text for _, c in tr]) for tr in tricks]
    return None


def _from(leader: int, plays: dict[int, Card], n: int) -> list[Play]:
    return [((leader + i) % n, plays[(leader + i) % n]) for i in range(n)]


def _team(seat: int, members: dict[str, list[int]]) -> str:
    return next(t for t, s in members.items() if seat in s)


def _value(c: Card) -> int:
    return 1 if c is JOKER else GAME_VALUE.get(c.rank, 0)


def _game_tricks(suits: Sequence[str], used: set[Card], base: dict[str, int],
                 members: dict[str, list[int]], game: str | None
                 ) -> list[list[tuple[str, list[Card]]]]:
    """Tricks 4-6, one suit each: the team winning each and its six cards, so that Game goes
    to ``game`` (None: a tie at the top)."""
    menus = []
    for s in suits:
        cards = [c for c in DECK_53 if c is not JOKER and c.suit == s and c not in used]
        counting = [c for c in cards if _value(c)]
        zeros = [c for c in cards if not _value(c)]
        menu: dict[int, list[Card]] = {}
        for mask in product((0, 1), repeat=len(counting)):
            chosen = [c for c, on in zip(counting, mask, strict=True) if on]
            if len(chosen) <= 6 and len(zeros) >= 6 - len(chosen):
                menu.setdefault(sum(_value(c) for c in chosen), chosen + zeros[:6 - len(chosen)])
        menus.append(menu)
    names = sorted(members)
    for teams in product(names, repeat=3):
        for values in product(*(sorted(m) for m in menus)):
            total = dict(base)
            for t, v in zip(teams, values, strict=True):
                total[t] += v
            top = max(total.values())
            leaders = [t for t, v in total.items() if v == top]
            if (game is None and len(leaders) > 1) or leaders == [game]:
                return [[(t, menus[i][v]) for i, (t, v) in enumerate(zip(teams, values,
                                                                          strict=True))]]
    return []
