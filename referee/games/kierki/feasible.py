"""Whether a Kierki outcome of deals 1-7 can have happened: the counts that share cards.

An outcome (``outcome.py``) states counts: tricks, hearts, queens, jacks and kings taken per
player, who took the king of hearts, the 7th and the last trick. The categories share cards:
Q♥ is a heart and a queen, J♥ a heart and a jack, K♥ a heart, a king and the king of hearts,
and a player who took n tricks took 4n cards. :meth:`Search.shares` says exactly whether
the cards can be given to the players so that every stated count holds (over the owners of
Q♥, J♥ and K♥); :func:`problems` says what cannot hold together when they cannot. Whether
the tricks can also be played so (deals 2 and 7, hearts led only by a player holding nothing
else) is ``hearts_lead.py``'s search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from ...cards import Card
from ...words import count
from .play import KIERKI

CARDS = KIERKI.cards
SUITS = KIERKI.suit_masks[:4]
HEARTS = SUITS[1]
QUEENS = KIERKI.mask(c for c in CARDS if c.rank == 12)
JACKS_KINGS = KIERKI.mask(c for c in CARDS if c.rank in (11, 13))
QH, JH, KH = (KIERKI.index[Card(r, "H")] for r in (12, 11, 13))
CATEGORY = {"hearts": HEARTS, "queens": QUEENS, "jacks_kings": JACKS_KINGS}
COUNTED = ("tricks", "hearts", "queens", "jacks_kings")


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


class Search:
    """The cards by kind for one deal: a card is its suit and its kind (the categories it
    counts in: a plain heart, Q♥, a queen, a jack or king...), as far as the outcome states
    them; :meth:`shares` says whether they can be shared out (no play: ``hearts_lead``)."""

    def __init__(self, number: int, goal: Goal, first: int, trump: int) -> None:
        self.number = number
        self.goal = goal
        self.first = first
        self.trump = trump
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
