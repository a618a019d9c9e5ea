"""Whether a Kierki outcome of deals 1-7 can have happened: the counts that share cards.

An outcome (``outcome.py``) states counts: tricks, hearts, queens, jacks and kings taken per
player, who took the king of hearts, the 7th and the last trick. The categories share cards:
Q♥ is a heart and a queen, J♥ a heart and a jack, K♥ a heart, a king and the king of hearts,
and a player who took n tricks took 4n cards. :meth:`Search.shares` says exactly whether
the cards can be given to the players so that every stated count holds (over the owners of
Q♥, J♥ and K♥); :func:`problems` says what cannot hold together when they cannot. The
search in :class:`Search` plays tricks by suit and kind of card; ``witness.py`` uses it for
the last tricks of a witness (one legal deal giving the counts).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from ...cards import Card
from ...compact import KIERKI
from ...words import count

CARDS = KIERKI.cards
SUITS = KIERKI.suit_masks[:4]
HEARTS = SUITS[1]
QUEENS = KIERKI.mask(c for c in CARDS if c.rank == 12)
JACKS_KINGS = KIERKI.mask(c for c in CARDS if c.rank in (11, 13))
QH, JH, KH = (KIERKI.index[Card(r, "H")] for r in (12, 11, 13))
CATEGORY = {"hearts": HEARTS, "queens": QUEENS, "jacks_kings": JACKS_KINGS}
COUNTED = ("tricks", "hearts", "queens", "jacks_kings")
BUDGET = 400  # positions a witness search tries before it gives up (docs/kierki.md)


@dataclass(slots=True)
class Goal:
    """What is left to take: counts per seat (None: not stated) and named seats."""

    need: dict[str, list[int] | None]
    koh: int | None
    seventh: int | None
    last: int | None


def goal_of(outcome: dict[str, Any], players: Sequence[str]) -> Goal:
    need: dict[str, list[int] | None] = {}
    for k in COUNTED:
        v = outcome.get(k)
        need[k] = None if v is None else [int(v.get(p, 0)) for p in players]

    def seat(key: str) -> int | None:
        name = outcome.get(key)
        return None if name is None else players.index(name)

    return Goal(need, seat("king_of_hearts"), seat("trick_7"), seat("last_trick"))


Pool = tuple[tuple[int, ...], ...]  # per suit, how many cards of each kind are unplayed
Plan = tuple[int, int, tuple[tuple[int, int], ...], int]  # leader, suit led, plays, winner


def vectors(avail: Sequence[int], k: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``k`` cards from kinds with ``avail`` cards each."""
    if not avail:
        if k == 0:
            yield ()
        return
    for a in range(min(k, avail[0]), -1, -1):
        for rest in vectors(avail[1:], k - a):
            yield (a, *rest)


class Search:
    """The search for one deal (1-11) on the cards by kind.

    Ranks never matter here: a trick's cards of the suit led (or its trumps) can always be
    given so that its winner holds the highest of them, and the rules that bind (follow suit,
    lead hearts only with nothing else, trumps) speak of suits only. So a card is its suit and
    its kind (the categories it counts in: a plain heart, Q♥, a queen, a jack or king...), and
    a trick is the suit led, the suit each player plays and the kinds taken. The search is
    exhaustive (every such trick, depth first, failures remembered), so when it finds nothing
    no deal gives the outcome.
    """

    def __init__(self, number: int, goal: Goal, first: int, trump: int) -> None:
        self.number = number
        self.goal = goal
        self.first = first
        self.trump = trump
        self.hearts_rule = number in (2, 5, 7)
        self.nodes = 0
        self.failed: set[tuple[Any, ...]] = set()
        stated = [goal.need[k] is not None for k in CATEGORY]
        self.kinds: list[list[tuple[tuple[int, ...], list[int]]]] = []
        for s in range(4):
            groups: dict[tuple[int, ...], list[int]] = {}
            for c in range(13 * s, 13 * s + 13):
                sig = tuple(int(on and bool(m >> c & 1))
                            for on, m in zip(stated, CATEGORY.values(), strict=True))
                sig += (int(c == KH and goal.koh is not None),)
                groups.setdefault(sig, []).append(c)
            self.kinds.append(sorted(groups.items()))
        self.start: Pool = tuple(tuple(len(cs) for _, cs in ks) for ks in self.kinds)
        # the cards that count in two categories or more (Q♥, J♥, K♥ in deal 7): one each
        self.multi = [(s, k) for s in range(4) for k, (sig, _) in enumerate(self.kinds[s])
                      if sum(sig[:3]) >= 2 or sig[3]]

    # -- the exact test of the counts left -------------------------------------------------

    def shares(self, pool: Pool, played: int) -> bool:
        """Whether the unplayed cards can go to the players so that every count left holds."""
        g = self.goal
        need = g.need
        for v in need.values():
            if v is not None and min(v) < 0:
                return False
        tricks = need["tricks"]
        if tricks is not None:
            named = [0, 0, 0, 0]
            if g.seventh is not None and played < 7:
                named[g.seventh] += 1
            if g.last is not None and played < 13:
                named[g.last] += 1
            if any(tricks[p] < named[p] for p in range(4)):
                return False
        cap = [4 * (tricks[p] if tricks is not None else 13 - played) for p in range(4)]
        cats = [need[k] for k in CATEGORY]
        multi = [(self.kinds[s][k][0], pool[s][k]) for s, k in self.multi if pool[s][k]]
        for owners in product(range(4), repeat=len(multi)):
            ok = True
            for p in range(4):
                mine = [sig for (sig, _), o in zip(multi, owners, strict=True) if o == p]
                used = len(mine)
                for i, v in enumerate(cats):
                    if v is None:
                        continue
                    left = v[p] - sum(sig[i] for sig in mine)
                    if left < 0:
                        ok = False
                        break
                    used += left
                if not ok or used > cap[p] or any(sig[3] and p != g.koh for sig in mine):
                    ok = False
                    break
            if ok:
                return True
        return False

    def hall(self, pool: Pool, voids: Sequence[int], slots: int) -> bool:
        """Whether the unplayed cards fit in the hands (``slots`` each) given the voids:
        Hall's condition over the sets of suits."""
        n = [sum(c) for c in pool]
        for want in range(1, 16):
            cards = sum(n[s] for s in range(4) if want >> s & 1)
            if cards > slots * sum(1 for v in voids if want & ~v & 15):
                return False
        return True

    # -- the search ------------------------------------------------------------------------

    def pool_of(self, mask: int) -> Pool:
        return tuple(tuple(sum(1 for c in cs if mask >> c & 1) for _, cs in ks)
                     for ks in self.kinds)

    def run(self, start: int = 0, leader: int | None = None, mask: int = KIERKI.full
            ) -> list[Plan] | None:
        first = self.first if leader is None else leader
        return self.node(start, first, self.pool_of(mask), (0, 0, 0, 0))

    def cards_of(self, plans: Sequence[Plan], mask: int
                 ) -> list[tuple[int, dict[int, int], dict[int, list[int]], int]]:
        """The planned tricks with cards (each kind's cards handed out in turn): the leader,
        the suit each seat plays, the cards of each suit in the trick, the winner."""
        left = [[[c for c in cs if mask >> c & 1] for _, cs in ks] for ks in self.kinds]
        out = []
        for leader, _x, plays, w in plans:
            suits: dict[int, int] = {}
            cards: dict[int, list[int]] = {}
            for i, (s, k) in enumerate(plays):
                suits[(leader + i) % 4] = s
                cards.setdefault(s, []).append(left[s][k].pop())
            out.append((leader, suits, cards, w))
        return out

    def node(self, idx: int, leader: int, pool: Pool, voids: tuple[int, ...]
             ) -> list[Plan] | None:
        if idx == 13:
            return []
        g = self.goal
        key = (idx, leader, pool, voids, tuple(tuple(v) if v is not None else None
                                               for v in g.need.values()))
        if key in self.failed or self.nodes >= BUDGET:
            return None
        self.nodes += 1
        for plays, w, taken in self.tricks(idx, leader, pool, voids):
            nv = list(voids)
            x = plays[0][0]
            for i, (s, _) in enumerate(plays):
                if s != x:
                    nv[(leader + i) % 4] |= 1 << x
            if self.hearts_rule and x == 1:
                nv[leader] |= 0b1101
            rest = list(list(c) for c in pool)
            for s, k in plays:
                rest[s][k] -= 1
            new = tuple(tuple(c) for c in rest)
            if not self.hall(new, nv, 12 - idx):
                continue
            self.take(w, taken, -1)
            if self.shares(new, idx + 1):
                tail = self.node(idx + 1, w, new, tuple(nv))
                if tail is not None:
                    self.take(w, taken, 1)
                    return [(leader, x, tuple(plays), w), *tail]
            self.take(w, taken, 1)
        self.failed.add(key)
        return None

    def take(self, w: int, taken: tuple[int, ...], sign: int) -> None:
        need = self.goal.need
        for k, n in zip(("tricks", *CATEGORY), (1, *taken), strict=True):
            v = need[k]
            if v is not None:
                v[w] += sign * n

    def winners(self, idx: int) -> list[int]:
        g = self.goal
        named = g.seventh if idx == 6 else g.last if idx == 12 else None
        if named is not None:
            return [named]
        t = g.need["tricks"]
        if t is None:
            return [0, 1, 2, 3]
        return sorted((p for p in range(4) if t[p] > 0), key=lambda p: -t[p])

    def tricks(self, idx: int, leader: int, pool: Pool, voids: tuple[int, ...]
               ) -> Iterator[tuple[list[tuple[int, int]], int, tuple[int, ...]]]:
        """The tricks worth trying (suit and kind of each card, from the leader) and their
        winner, the likeliest first: for each winner and suit led, the others following where
        they can, or discarding what the winner still has to take."""
        order = [(leader + i) % 4 for i in range(4)]
        have = [sum(c) for c in pool]
        seen: set[tuple[Any, ...]] = set()
        for w in self.winners(idx):
            wants = self.wanted(w)
            for x in (0, 2, 3, 1):
                if not have[x] or voids[leader] >> x & 1:
                    continue
                for suits in self.patterns(order, x, w, voids, have, wants):
                    k = [suits.count(s) for s in range(4)]
                    if any(k[s] > have[s] for s in range(4)):
                        continue
                    for pick in self.picks(k, pool, w):
                        key = (w, suits, pick)
                        if key in seen:
                            continue
                        seen.add(key)
                        got = self.deal_out(suits, k, pick, w)
                        if got is not None:
                            yield got

    def wanted(self, w: int) -> list[int]:
        """The suits holding cards that the winner still has to take, most wanted first."""
        need = self.goal.need
        out = []
        for s in (1, 0, 2, 3):
            if any(sig[i] and (v := need[c]) is not None and v[w] > 0
                   for sig, _ in self.kinds[s] for i, c in enumerate(CATEGORY)):
                out.append(s)
        return out

    def patterns(self, order: list[int], x: int, w: int, voids: tuple[int, ...],
                 have: list[int], wants: list[int]) -> list[tuple[int, ...]]:
        """The suits the four players play, from the leader: following where able, or
        discarding a wanted suit (or, void, any suit)."""
        choices: list[list[int]] = [[x]]
        for p in order[1:]:
            able = not voids[p] >> x & 1
            mine = [x] if able else []
            if p != w or (self.trump >= 0 and x != self.trump):
                other = [s for s in wants + [0, 2, 3, 1] if s != x and not voids[p] >> s & 1
                         and have[s]]
                if p == w:
                    other = [s for s in other if s == self.trump]
                for s in other:
                    if s not in mine:
                        mine.append(s)
            if not mine:
                return []
            choices.append(mine)
        out = list(product(*choices))
        out.sort(key=lambda su: sum(1 for s in su if s != x))
        return out

    def picks(self, k: Sequence[int], pool: Pool, w: int) -> list[tuple[tuple[int, ...], ...]]:
        """Every choice of kinds for the cards of each suit that the winner may take."""
        need = self.goal.need
        limit = [v[w] if (v := need[c]) is not None else 99 for c in CATEGORY]
        out = []
        for pick in product(*(list(vectors(pool[s], k[s])) for s in range(4))):
            taken = [0, 0, 0]
            bad = False
            for s in range(4):
                for (sig, _), a in zip(self.kinds[s], pick[s], strict=True):
                    if a and sig[3] and w != self.goal.koh:
                        bad = True
                    for i in range(3):
                        taken[i] += sig[i] * a
            if not bad and all(taken[i] <= limit[i] for i in range(3)):
                out.append(pick)
        return out

    def deal_out(self, suits: Sequence[int], k: Sequence[int], pick: Sequence[tuple[int, ...]],
                 w: int) -> tuple[list[tuple[int, int]], int, tuple[int, ...]] | None:
        taken = [0, 0, 0]
        for s in range(4):
            for (sig, _), a in zip(self.kinds[s], pick[s], strict=True):
                for i in range(3):
                    taken[i] += sig[i] * a
        queue = {s: [kk for kk, a in enumerate(pick[s]) for _ in range(a)] for s in range(4)}
        plays = [(s, queue[s].pop()) for s in suits]
        return plays, w, tuple(taken)


# -- what cannot hold together (outcome-total) ------------------------------------------------

SPECIAL_TEXT = {QH: ("Q♥", "a heart and a queen"), JH: ("J♥", "a heart and a jack"),
                KH: ("K♥", "a heart and a king")}


def _who(v: Sequence[int] | None, players: Sequence[str], what: str) -> str:
    if v is None:
        return ""
    named = [f"{p} {n}" for p, n in zip(players, v, strict=True) if n]
    return f"{what}: {', '.join(named) or 'nobody'}"


def problems(goal: Goal, players: Sequence[str]) -> list[str]:
    """Why no way of taking the cards gives these counts (deals 1-7; the counts already add
    up): the named tricks, then Q♥, J♥ and K♥, which count in several categories, then each
    player's tricks against the cards they must have taken."""
    need = goal.need
    tricks = need["tricks"]
    out: list[str] = []
    if tricks is not None:
        for p, name in enumerate(players):
            named = [k for k, s in (("the 7th trick", goal.seventh), ("the last trick",
                                                                      goal.last)) if s == p]
            if len(named) > tricks[p]:
                out.append(f"{name} took {' and '.join(named)} but "
                           f"{count(tricks[p], 'trick')} in all")
    if out:
        return out
    search = Search(7, goal, 0, -1)
    if search.shares(search.start, 0):
        return []
    hearts, queens, jks = need["hearts"], need["queens"], need["jacks_kings"]
    for c, (text, what) in SPECIAL_TEXT.items():
        lists = [v for v, on in ((hearts, True), (queens, c == QH), (jks, c != QH))
                 if on and v is not None]
        if len(lists) < 2 and not (c == KH and goal.koh is not None):
            continue
        able = [p for p in range(4) if all(v[p] > 0 for v in lists)
                and (c != KH or goal.koh is None or goal.koh == p)]
        if not able:
            told = "; ".join(x for x in (
                _who(hearts, players, "hearts"),
                _who(queens if c == QH else None, players, "queens"),
                _who(jks if c != QH else None, players, "jacks_kings"),
                f"king_of_hearts: {players[goal.koh]}" if c == KH and goal.koh is not None
                else "") if x)
            out.append(f"{text} is {what}{', and the king of hearts' if c == KH else ''}: "
                       f"no player is counted with it in every category ({told})")
    if out:
        return out
    forced: dict[int, list[int]] = {}
    for c in SPECIAL_TEXT:
        lists = [v for v, on in ((hearts, True), (queens, c == QH), (jks, c != QH))
                 if on and v is not None]
        able = [p for p in range(4) if all(v[p] > 0 for v in lists)
                and (c != KH or goal.koh is None or goal.koh == p)]
        if len(able) == 1:
            forced.setdefault(able[0], []).append(c)
    for p, cards in forced.items():
        for v, on, word in ((queens, QH, "queen"), (jks, -1, "jack or king")):
            mine = [c for c in cards if (c == QH) == (on == QH)]
            if v is not None and len(mine) > v[p]:
                told = " and ".join(SPECIAL_TEXT[c][0] for c in mine)
                out.append(f"{told}: only {players[p]} is counted in every category "
                           f"{'it is' if len(mine) == 1 else 'they are'} in, but "
                           f"{players[p]} is counted with "
                           f"{count(v[p], word, 'jacks or kings' if on < 0 else None)}")
    if out:
        return out
    if tricks is not None:
        for p, name in enumerate(players):
            h, q, jk = (v[p] if v is not None else 0 for v in (hearts, queens, jks))
            least = h + q + jk - min(h, min(1, q) + min(2, jk))
            if least > 4 * tricks[p]:
                out.append(f"{name} took {count(tricks[p], 'trick')} ({4 * tricks[p]} cards), "
                           f"too few for {count(h, 'heart')}, {count(q, 'queen')} and "
                           f"{count(jk, 'jack or king', 'jacks or kings')}")
    if out:
        return out
    return ["Q♥, J♥ and K♥ count as hearts and as a queen, jacks or kings at once, and no way "
            "of giving them out fits " + ", ".join(k for k in COUNTED if need[k] is not None)
            + (" and king_of_hearts" if goal.koh is not None else "")
            + " with each player's tricks"]
