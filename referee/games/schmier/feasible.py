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
from itertools import combinations, product

from ...cards import DECK_32, DECK_53, JOKER, Card
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


def wisconsin_witness(players: Sequence[str], bidder: str, trump: str,
                      points: dict[str, str | None], team_of: dict[str, str],
                      in_play: bool = False) -> tuple[list[str], list[Card]] | None:
    """Wisconsin Schmier: the trick lines of a deal giving ``points``, and the undealt cards
    (a point to nobody: its card was not dealt). Tricks 1 and 2 are the trumps dealt (the
    highest wins each), tricks 3-6 a plain suit each, everyone following."""
    seats = {p: i for i, p in enumerate(players)}
    members = {t: [seats[p] for p in players if team_of[p] == t] for t in set(team_of.values())}
    names = sorted(members)
    high, low, jack, game = (points.get(k) for k in ("high", "low", "jack", "game"))
    if in_play and (high is None or low is None):
        return None
    trumps = [Card(r, trump) for r in (14, 13, 12, 11, 10, 9, 8, 7)]
    gone = {Card(14, trump): high is None, Card(7, trump): low is None,
            Card(11, trump): jack is None}
    dealt = [c for c in trumps if not gone.get(c, False)]
    # T1 won by the highest trump dealt, T2 by the next; the jack in a trick its team wins
    w1_team = high if high is not None else (jack or names[0])
    top1, top2 = dealt[0], dealt[1]
    j = Card(11, trump)
    j_in = 0 if (jack is None or jack == w1_team or j in (top1,)) else 1
    w2_team = (jack if j_in == 1 else None) or (names[0] if w1_team != names[0] else names[1])
    if j in (top1, top2):
        return None  # the jack winning its own trick: not needed (A, K or Q is dealt)
    w1 = members[w1_team][0]
    w2 = members[w2_team][0] if members[w2_team][0] != w1 else members[w2_team][1]
    rest = [c for c in dealt[2:] if c != j and c != Card(7, trump)]
    seven = Card(7, trump) if low is not None else None
    lowest = min(dealt, key=lambda c: c.rank)
    low_team = low if low is not None else names[0]
    if in_play:
        seven = lowest if lowest not in (top1, top2) else None
    # everyone plays a trump in trick 1; the rest of the trumps go to trick 2
    cards1, cards2 = [top1], [top2]
    pending = list(rest)
    if j_in == 0 and jack is not None:
        cards1.append(j)
    elif jack is not None:
        cards2.append(j)
    if seven is not None:
        pending = [c for c in pending if c != seven]
    low_seat = next(s for s in members[low_team] if s not in (w1,))
    assign1 = {w1: top1}
    if seven is not None:
        assign1[low_seat] = seven
        cards1.append(seven)
    others1 = [c for c in cards1 if c not in assign1.values()]
    while len(cards1) < 4 and pending:
        c = pending.pop()
        cards1.append(c)
        others1.append(c)
    if len(cards1) < 4:
        return None
    for s in range(4):
        if s not in assign1:
            assign1[s] = others1.pop()
    cards2 += pending
    if len(cards2) > 4:
        return None
    plain = [c for c in DECK_32 if c.suit != trump]
    # trick 2's discards: the cards worth nothing of one plain suit, so the others stay whole
    zeros = [c for c in plain if c.rank in (7, 8, 9) and c.suit == plain[-1].suit]
    assign2 = {w2: top2}
    others2 = [c for c in cards2 if c != top2]
    order2 = [s for s in range(4) if s != w2]
    for s in order2:
        assign2[s] = others2.pop() if others2 else zeros.pop(0)
    lead = seats[bidder]
    if lead != w1 and assign1[lead] == top1:
        return None
    tricks = [_from(lead, assign1, 4), _from(w1, assign2, 4)]
    used = {c for t in tricks for _, c in t}
    base = {t: 0 for t in members}
    for t, w in zip(tricks, (w1, w2), strict=True):
        base[_team(w, members)] += sum(GAME_VALUE.get(c.rank, 0) for _, c in t)
    pool = [c for c in plain if c not in used]
    # the suit played twice is one with all its eight cards left
    suits = sorted((x for x in "SHDC" if x != trump),
                   key=lambda x: -sum(1 for c in pool if c.suit == x))
    for plan in _plain_tricks(suits + suits[:1], pool, base, members, game):
        leader = w2
        for team, cards in plan:
            w = members[team][0]
            by = {w: max(cards, key=lambda c: c.rank)}
            others = [c for c in cards if c is not by[w]]
            for s in range(4):
                if s not in by:
                    by[s] = others.pop()
            tricks.append(_from(leader, by, 4))
            leader = w
        played = {c for t in tricks for _, c in t}
        lines = [" ".join([f"{players[tr[0][0]]}:"] + [c.text for _, c in tr]) for tr in tricks]
        return lines, [c for c in DECK_32 if c not in played]
    return None


def _plain_tricks(suits: Sequence[str], pool: list[Card], base: dict[str, int],
                  members: dict[str, list[int]], game: str | None
                  ) -> list[list[tuple[str, list[Card]]]]:
    """Four plain tricks (a suit each; the first suit twice) and their winning teams, so that
    Game goes to ``game`` (None: a tie)."""
    names = sorted(members)

    def walk(i: int, left: list[Card], total: dict[str, int]
             ) -> list[tuple[str, list[Card]]] | None:
        if i == len(suits):
            top = max(total.values())
            leaders = [t for t, v in total.items() if v == top]
            ok = (game is None and len(leaders) > 1) or leaders == [game]
            return [] if ok else None
        cards = sorted((c for c in left if c.suit == suits[i]), key=lambda c: c.rank)
        seen: set[int] = set()
        for pick in _fours(cards):
            v = sum(GAME_VALUE.get(c.rank, 0) for c in pick)
            if v in seen:
                continue
            seen.add(v)
            for t in names:
                total[t] += v
                rest = walk(i + 1, [c for c in left if c not in pick], total)
                total[t] -= v
                if rest is not None:
                    return [(t, pick), *rest]
        return None

    got = walk(0, pool, dict(base))
    return [got] if got is not None else []


def _fours(cards: list[Card]) -> list[list[Card]]:
    return [list(c) for c in combinations(cards, 4)]
