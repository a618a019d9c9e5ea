"""Deals 2 and 7, where hearts may be led only by a player holding nothing else: whether some
legal deal and play of the 13 tricks gives an outcome's counts, decided exactly, and the play
found when one does (docs/kierki.md, "Deals 2 and 7").

The deal is ours to choose, so a hand is just the cards its player plays. Ranks never matter:
all four cards of a trick go to its winner, and the cards of the suit led in a trick can be
handed out so that the winner holds the highest. So :class:`Exact` searches plays by suit:
a trick is the suit each player plays and its winner, one of those who played the suit led.
A player who does not follow is void in the suit led from then on; a player who leads a heart
holds only hearts, so is void in the other three suits from then on. The counted cards (the
queens, jacks and kings, the king of hearts) are given out afterwards: a player can take a
suit's counted cards only up to the number of cards of that suit in the tricks they won
(:class:`Kinds`, a transportation problem of at most 4 x 4). The state of the search is the
leader, the voids, the cards left per suit, the tricks and hearts still to take per player and
how many cards of each suit each player has taken (up to 3, the most that can count); spades,
diamonds and clubs are interchangeable, so a state is remembered up to their order. The search
is depth first and remembers every state that failed, so it ends, and when it finds nothing no
deal gives the outcome. It has no budget. A failed state also rules out those with the same
leader, cards left and counts to take but as many voids or more and as few cards of each suit
taken or fewer (they allow less); a player's cards taken of a suit count only up to the counted
cards that player takes in all.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ...cards import Card
from .feasible import COUNTED, Goal
from .play import KIERKI

S, H, D, C = 0, 1, 2, 3
OTHERS = (S, D, C)
NOT_HEARTS = 0b1101
ALL = 0b1111
CAP = 3  # the counted cards of one suit (Q, J, K): more cards of a suit never count more

GUARD = sum(4 << 3 * i for i in range(16))  # a guard bit over each 3-bit count taken:
# ((a | GUARD) - b) & GUARD == GUARD exactly when every count of a is at least b's
Abstract = tuple[int, tuple[int, ...], int]  # leader, suit each seat plays from him, winner
SUIT_CARDS = [{r: KIERKI.index[Card(r, "SHDC"[s])] for r in range(2, 15)} for s in range(4)]


@dataclass(frozen=True, slots=True)
class Given:
    """Who takes each counted card: (suit, kind) -> seats, kind "q", "jk" or "kh"."""

    owners: dict[tuple[int, str], tuple[int, ...]]


class Kinds:
    """Whether the counted cards can go to the players, when player p took ``cap[s][p]``
    cards of suit s (at most :data:`CAP` matters): each queen, jack or king to a player who
    took a card of its suit, as many as each is counted with, K♥ to the king of hearts' taker.
    """

    def __init__(self, queens: Sequence[int] | None, jks: Sequence[int] | None,
                 koh: int | None) -> None:
        self.queens = None if queens is None else tuple(queens)
        self.jks = None if jks is None else tuple(jks)
        self.koh = koh
        self.memo: dict[tuple[int, ...], bool] = {}

    @property
    def active(self) -> bool:
        return self.queens is not None or self.jks is not None or self.koh is not None

    def fits(self, cap: tuple[int, ...]) -> bool:
        """``cap`` is 16 numbers, suit by suit, player by player."""
        got = self.memo.get(cap)
        if got is None:
            got = self.memo[cap] = self.assign(cap, False) is not None
        return got

    def assign(self, cap: Sequence[int], build: bool = True) -> Given | None:
        left = list(cap)
        owners: dict[tuple[int, str], tuple[int, ...]] = {}
        jks = list(self.jks) if self.jks is not None else None
        supply = [2, 2, 2, 2]
        if self.koh is not None:
            k = self.koh
            if left[H * 4 + k] < 1 or (jks is not None and jks[k] < 1):
                return None
            left[H * 4 + k] -= 1
            owners[(H, "kh")] = (k,)
            if jks is not None:
                jks[k] -= 1
                supply[H] = 1
        for queens in self._queens(left):
            rest = list(left)
            for s, p in enumerate(queens):
                if p >= 0:
                    rest[s * 4 + p] -= 1
            if jks is None:
                spread: tuple[tuple[int, ...], ...] | None = ()
            elif not self._gale(rest, supply, jks):
                continue
            elif not build:
                return Given({})
            else:
                spread = self._spread(rest, supply, jks, 0)
                if spread is None:  # pragma: no cover - Gale's condition says there is one
                    continue
            for s, p in enumerate(queens):
                if p >= 0:
                    owners[(s, "q")] = (p,)
            for s, ps in enumerate(spread or ()):
                owners[(s, "jk")] = ps
            return Given(owners)
        return None

    def _queens(self, left: Sequence[int]) -> Iterator[tuple[int, ...]]:
        """Every way to give the four queens (-1 each when queens are not counted)."""
        if self.queens is None:
            yield (-1, -1, -1, -1)
            return
        want = list(self.queens)

        def go(s: int) -> Iterator[tuple[int, ...]]:
            if s == 4:
                yield ()
                return
            for p in range(4):
                if want[p] and left[s * 4 + p]:
                    want[p] -= 1
                    for rest in go(s + 1):
                        yield (p, *rest)
                    want[p] += 1

        yield from go(0)

    @staticmethod
    def _gale(cap: Sequence[int], supply: Sequence[int], demand: Sequence[int]) -> bool:
        """Gale's condition: every set of players can be given what they are counted with
        from the suits' jacks and kings, through the cards they took of each suit."""
        for group in range(1, 16):
            want = sum(demand[p] for p in range(4) if group >> p & 1)
            if not want:
                continue
            can = 0
            for s in range(4):
                reach = sum(cap[s * 4 + p] for p in range(4) if group >> p & 1)
                can += min(supply[s], reach)
            if want > can:
                return False
        return True

    def _spread(self, cap: list[int], supply: Sequence[int], demand: list[int], s: int
                ) -> tuple[tuple[int, ...], ...] | None:
        """The jacks and kings suit by suit: the takers of each suit's ones."""
        if s == 4:
            return () if not any(demand) else None
        for ps in _takers(supply[s]):
            if any(demand[p] < ps.count(p) or cap[s * 4 + p] < ps.count(p) for p in ps):
                continue
            for p in ps:
                demand[p] -= 1
            rest = self._spread(cap, supply, demand, s + 1)
            for p in ps:
                demand[p] += 1
            if rest is not None:
                return (ps, *rest)
        return None


def _takers(n: int) -> list[tuple[int, ...]]:
    if n == 1:
        return [(p,) for p in range(4)]
    return [(a, b) for a in range(4) for b in range(a, 4)]


class Exact:
    """The exhaustive search of one deal (2 or 7) from its first trick."""

    def __init__(self, goal: Goal, first: int, loose: bool = True,
                 plain: bool = False) -> None:
        need = goal.need
        self.first = first
        self.tricks = need["tricks"]
        self.hearts = need["hearts"]
        self.seventh = goal.seventh
        self.last = goal.last
        self.kinds = Kinds(need["queens"], need["jacks_kings"], goal.koh)
        self.track = self.kinds.active
        # the cards of one suit a player's taking can matter for: no more than the counted
        # cards that player takes in all (so states differing above it are one state)
        q, jk, koh = need["queens"], need["jacks_kings"], goal.koh

        def counted(p: int) -> int:  # (K♥ is among the jacks and kings when they count)
            return (q[p] if q is not None else 0) + (jk[p] if jk is not None else koh == p)

        self.most = (CAP,) * 4 if plain else tuple(min(CAP, counted(p)) for p in range(4))
        self.failed: set[tuple[object, ...]] = set()
        # the failed states again, by leader, cards left and counts to take, each as its voids
        # and cards taken packed: a state with these voids or more, and these cards taken or
        # fewer, fails too (it allows less)
        self.dominant: dict[tuple[object, ...], list[tuple[int, int]]] = {}
        # plain: exact failed states only and every count taken up to CAP (the tests compare)
        self.dominate = not plain
        self.nodes = 0
        # the same search without the counted cards, from a state with no voids but the
        # suits gone: it can only do more, so where it finds nothing there is nothing
        # (remembered by far fewer states: leader, cards left, tricks and hearts to take)
        # (shared by the searches of one process with the same counts: a refusal's reason
        # searches again with one count less at a time, most of them alike here)
        self.loose: Exact = self
        if loose:
            self.loose = _loose(None if self.tricks is None else tuple(self.tricks),
                                None if self.hearts is None else tuple(self.hearts),
                                self.seventh, self.last, first, plain)
        self.opened: dict[tuple[object, ...], bool] = {}
        self.fits: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}  # Hall's, seen

    # -- the search ------------------------------------------------------------------------

    def run(self) -> list[Abstract] | None:
        t = tuple(self.tricks) if self.tricks is not None else None
        h = tuple(self.hearts) if self.hearts is not None else None
        if (t is not None and sum(t) != 13) or (h is not None and sum(h) != 13) \
                or not self.possible(0, (0, 0, 0, 0), (13, 13, 13, 13), t, h, (0,) * 16):
            return None
        return self.node(0, self.first, (0, 0, 0, 0), (13, 13, 13, 13), t, h, (0,) * 16)

    def node(self, idx: int, leader: int, voids: tuple[int, ...], pool: tuple[int, ...],
             t: tuple[int, ...] | None, h: tuple[int, ...] | None, took: tuple[int, ...]
             ) -> list[Abstract] | None:
        if idx == 13:
            return []
        key = self.key(leader, voids, pool, t, h, took)
        if key in self.failed:
            return None
        base = (leader, pool, t, h)
        pv = voids[0] | voids[1] << 4 | voids[2] << 8 | voids[3] << 12
        pt = 0
        for i, n in enumerate(took):
            pt |= n << 3 * i
        known = self.dominant.get(base)
        if known is not None:
            for fv, ft in known:
                if not fv & ~pv and ((ft | GUARD) - pt) & GUARD == GUARD:
                    return None
        self.nodes += 1
        for suits, w, nvoids, npool in self.moves(idx, leader, voids, pool, t, h):
            nt = t
            if t is not None:
                nt = t[:w] + (t[w] - 1,) + t[w + 1:]
            nh = h
            k = [0, 0, 0, 0]
            for s in suits:
                k[s] += 1
            if h is not None:
                nh = h[:w] + (h[w] - k[H],) + h[w + 1:]
            ntook = took
            if self.track:
                lst = list(took)
                for s in range(4):
                    if k[s]:
                        i = s * 4 + w
                        lst[i] = min(self.most[w], lst[i] + k[s])
                ntook = tuple(lst)
            if not self.possible(idx + 1, nvoids, npool, nt, nh, ntook):
                continue
            if not self.loose.open(idx + 1, w, npool, nt, nh):
                continue
            tail = self.node(idx + 1, w, nvoids, npool, nt, nh, ntook)
            if tail is not None:
                return [(leader, suits, w), *tail]
        self.failed.add(key)
        if not self.dominate:
            return None
        # (an entry this one covers, with as many voids or more and as few cards taken or
        # fewer, is dropped: the list keeps the failures that allow the most)
        kept = [(fv, ft) for fv, ft in self.dominant.get(base, ())
                if pv & ~fv or ((pt | GUARD) - ft) & GUARD != GUARD]
        kept.append((pv, pt))
        self.dominant[base] = kept
        return None

    def open(self, idx: int, leader: int, pool: tuple[int, ...], t: tuple[int, ...] | None,
             h: tuple[int, ...] | None) -> bool:
        """Whether the search finds a way on from this state, with no voids but the suits
        that are gone."""
        key = (idx, leader, pool[H], tuple(sorted(pool[s] for s in OTHERS)), t, h)
        got = self.opened.get(key)
        if got is None:
            gone = sum(1 << s for s in range(4) if not pool[s])
            voids = (gone,) * 4
            got = self.opened[key] = self.node(idx, leader, voids, pool, t, h,
                                               (0,) * 16) is not None
        return got

    def key(self, leader: int, voids: tuple[int, ...], pool: tuple[int, ...],
            t: tuple[int, ...] | None, h: tuple[int, ...] | None, took: tuple[int, ...]
            ) -> tuple[object, ...]:
        """The state, spades, diamonds and clubs in a fixed order (they are alike)."""
        cols = sorted((pool[s], tuple(v >> s & 1 for v in voids), took[s * 4:s * 4 + 4])
                      for s in OTHERS)
        return (leader, pool[H], tuple(v >> H & 1 for v in voids), took[4:8], t, h, *cols)

    def possible(self, idx: int, voids: tuple[int, ...], pool: tuple[int, ...],
                 t: tuple[int, ...] | None,
                 h: tuple[int, ...] | None, took: tuple[int, ...]) -> bool:
        """What is left can still be taken, as far as counting says (no play yet)."""
        left = 13 - idx
        if t is not None:
            if min(t) < 0:
                return False
            named = [0, 0, 0, 0]
            if self.seventh is not None and idx <= 6:
                named[self.seventh] += 1
            if self.last is not None and idx <= 12:
                named[self.last] += 1
            if any(t[p] < named[p] for p in range(4)):
                return False
        able = [sum(1 for v in voids if not v >> s & 1) for s in range(4)]
        if h is not None:
            # a player holding only hearts plays one in every trick left: each trick then
            # gives its winner that many hearts at least
            only = sum(1 for v in voids if v & NOT_HEARTS == NOT_HEARTS and not v >> H & 1)
            if t is not None and self.last is not None and idx <= 12 and not h[self.last] \
                    and any(h[p] > 3 * t[p] for p in range(4)):
                return False  # a trick of 4 hearts is led in hearts: the last one has one
            for p in range(4):
                if only and h[p] < only * (t[p] if t is not None else 0):
                    return False
                if not h[p]:
                    continue
                if h[p] < 0:
                    return False
                # hearts in one trick: 4 when led, from those who still may hold one;
                # otherwise discards, by neither the leader nor the winner
                most = able[H]
                if h[p] > (t[p] if t is not None else left) * most:
                    return False
        if not self.track:
            return True
        cap = list(took)
        for s in range(4):
            for p in range(4):
                i = s * 4 + p
                if s == H and self.hearts is not None:
                    cap[i] = min(CAP, self.hearts[p])
                    continue
                more = left if t is None else t[p]
                if more and pool[s]:
                    room = more * able[s]
                    if h is not None and t is not None:
                        room = min(room, 4 * t[p] - h[p])
                    cap[i] = min(CAP, cap[i] + min(pool[s], room))
        return self.kinds.fits(tuple(cap))

    def moves(self, idx: int, leader: int, voids: tuple[int, ...], pool: tuple[int, ...],
              t: tuple[int, ...] | None, h: tuple[int, ...] | None
              ) -> Iterator[tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]]:
        """The tricks that keep the rules: suits from the leader, winner, voids and cards
        left after it; the likeliest first."""
        named = self.seventh if idx == 6 else self.last if idx == 12 else None
        order = [(leader + i) % 4 for i in range(4)]
        slots = 12 - idx
        fits = self.fits
        out: list[tuple[float, tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]] = []
        for x in (S, D, C, H):
            if not pool[x] or voids[leader] >> x & 1:
                continue
            choices: list[list[int]] = [[x]]
            for p in order[1:]:
                vp = voids[p]
                mine = [] if vp >> x & 1 else [x]
                for s in (H, S, D, C):
                    if s != x and pool[s] and not vp >> s & 1:
                        mine.append(s)
                choices.append(mine)
            for suits in product(*choices):
                k = [0, 0, 0, 0]
                for s in suits:
                    k[s] += 1
                if k[0] > pool[0] or k[1] > pool[1] or k[2] > pool[2] or k[3] > pool[3]:
                    continue
                # the winners the counts allow, before the voids and Hall's condition
                wins = []
                for i in range(4):
                    if suits[i] != x:
                        continue
                    w = order[i]
                    if named is not None and w != named:
                        continue
                    if t is not None and not t[w]:
                        continue
                    if h is not None and k[H] > h[w]:
                        continue
                    wins.append(w)
                if not wins:
                    continue
                nv = list(voids)
                for i in range(1, 4):
                    if suits[i] != x:
                        nv[order[i]] |= 1 << x
                if x == H:
                    nv[leader] |= NOT_HEARTS
                npool = (pool[0] - k[0], pool[1] - k[1], pool[2] - k[2], pool[3] - k[3])
                gone = 0
                for s in range(4):
                    if not npool[s]:
                        gone |= 1 << s
                nvoids = (nv[0] | gone, nv[1] | gone, nv[2] | gone, nv[3] | gone)
                fit = fits.get((npool, nvoids))
                if fit is None:
                    fit = fits[(npool, nvoids)] = hall(npool, nvoids, slots)
                if not fit:
                    continue
                for w in wins:
                    score = 0.0
                    if t is not None:
                        score -= t[w]
                    if h is not None:
                        score += abs(k[H] - h[w] / (t[w] if t is not None else slots + 1))
                    out.append((score, suits, w, nvoids, npool))
        out.sort(key=lambda m: m[0])
        for _, suits, w, nv4, np4 in out:
            yield suits, w, nv4, np4


@lru_cache(maxsize=16)
def _loose(tricks: tuple[int, ...] | None, hearts: tuple[int, ...] | None,
           seventh: int | None, last: int | None, first: int, plain: bool) -> Exact:
    """The looser search of these counts (no counted cards), kept with what it has learnt."""
    return Exact(Goal({"tricks": None if tricks is None else list(tricks),
                       "hearts": None if hearts is None else list(hearts),
                       "queens": None, "jacks_kings": None}, None, seventh, last),
                 first, False, plain)


def hall(pool: Sequence[int], voids: Sequence[int], slots: int) -> bool:
    """Whether the cards left fit in the hands (``slots`` each) given the voids: Hall's
    condition over the sets of suits."""
    cards = [0] * 16
    for want in range(1, 16):
        low = want & -want
        cards[want] = cards[want ^ low] + pool[low.bit_length() - 1]
        able = 0
        for v in voids:
            if want & ~v:
                able += 1
        if cards[want] > slots * able:
            return False
    return True


# -- the entry points: decide once, then deal the cards --------------------------------------

Frozen = tuple[tuple[tuple[int, ...] | None, ...], int | None, int | None, int | None, int]


def _frozen(goal: Goal, first: int) -> Frozen:
    return (tuple(None if v is None else tuple(v) for v in goal.need.values()), goal.koh,
            goal.seventh, goal.last, first)


@lru_cache(maxsize=64)
def _plan(frozen: Frozen) -> tuple[Abstract, ...] | None:
    need, koh, seventh, last, first = frozen
    goal = Goal({k: None if v is None else list(v) for k, v in zip(COUNTED, need, strict=True)},
                koh, seventh, last)
    found = Exact(goal, first).run()
    return None if found is None else tuple(found)


def plan(goal: Goal, first: int) -> tuple[Abstract, ...] | None:
    """The tricks by suit of one legal play giving ``goal`` from ``first``'s lead, or None
    when there is none (remembered: the check and the witness ask the same)."""
    return _plan(_frozen(goal, first))


COUNTED_CARDS = {"q": (12,), "jk": (11, 13), "kh": (13,)}


def cards(goal: Goal, tricks: Sequence[Abstract]
          ) -> list[tuple[int, dict[int, int], dict[int, list[int]], int]]:
    """The planned tricks with cards: the leader, the suit each seat plays, the cards of each
    suit in the trick (the counted ones in tricks their takers win), the winner."""
    took = [0] * 16
    for _, suits, w in tricks:
        for s in suits:
            took[s * 4 + w] += 1
    given = Kinds(goal.need["queens"], goal.need["jacks_kings"], goal.koh).assign(
        [min(CAP, n) for n in took])
    if given is None:  # pragma: no cover - the search checked it
        raise ValueError("the plan's counted cards do not fit")
    free = [[SUIT_CARDS[s][r] for r in range(2, 15)] for s in range(4)]
    owed: dict[tuple[int, int], list[int]] = {}  # (suit, taker) -> the counted cards
    for (s, kind), takers in sorted(given.owners.items(), key=lambda kv: kv[0][1] != "kh"):
        ranks = [r for r in COUNTED_CARDS[kind]
                 if SUIT_CARDS[s][r] in free[s] and (kind != "jk" or s != H
                                                     or goal.koh is None or r != 13)]
        for p, r in zip(takers, ranks, strict=False):
            c = SUIT_CARDS[s][r]
            free[s].remove(c)
            owed.setdefault((s, p), []).append(c)
    out = []
    for leader, suits, w in tricks:
        seats = {(leader + i) % 4: s for i, s in enumerate(suits)}
        held: dict[int, list[int]] = {}
        for s in suits:
            mine = owed.get((s, w))
            held.setdefault(s, []).append(mine.pop() if mine else free[s].pop())
        out.append((leader, seats, held, w))
    return out


def no_play(goal: Goal, first: int, players: Sequence[str]) -> str:
    """What cannot hold together when no play gives ``goal``: the stated counts left when
    each one that can go and still leave no play is taken away (so each one named is needed
    for the refusal)."""
    names = {"trick_7": "seventh", "last_trick": "last", "king_of_hearts": "koh"}
    kept = Goal({k: None if v is None else list(v) for k, v in goal.need.items()},
                goal.koh, goal.seventh, goal.last)
    for key in ("trick_7", "last_trick", "king_of_hearts", "queens", "jacks_kings",
                "tricks", "hearts"):
        trial = Goal(dict(kept.need), kept.koh, kept.seventh, kept.last)
        if key in names:
            if getattr(trial, names[key]) is None:
                continue
            setattr(trial, names[key], None)
        elif trial.need[key] is None:
            continue
        else:
            trial.need[key] = None
        if plan(trial, first) is None:
            kept = trial
    told = []
    for key in ("tricks", "hearts", "queens", "jacks_kings"):
        v = kept.need[key]
        if v is not None:
            told.append(f"{key} " + ", ".join(f"{p} {n}" for p, n in zip(players, v,
                                                                          strict=True) if n))
    for key, seat in (("king_of_hearts", kept.koh), ("trick_7", kept.seventh),
                      ("last_trick", kept.last)):
        if seat is not None:
            told.append(f"{key} {players[seat]}")
    return ("hearts may be led only by a player holding nothing else, and no play of the "
            f"13 tricks from {players[first]}'s lead gives " + "; ".join(told) + " together")
