"""The claim search: can the claimer's side take ``need`` of the tricks left, whatever the
others hold and play?

A position is a set of worlds, held implicitly: every other hand is a mask of the cards it may
hold (``poss``) and how many it holds (``count``); the cards no hand can be holding (the
stock, face-down discards) are a pseudo-hand ``out``. The worlds are every deal of the unseen
cards that gives each hand its count from its mask; there is one when Hall's condition holds
(every group of hands may hold, between them, at least as many cards as they hold). With
every hand known, each mask is the hand itself and there is one world.

The claimer sees their own hand and the cards played, nothing else, so every node of the
search is one of the claimer's information sets: at the claimer's turn one card must work in
every world of the node; at another player's turn the worlds split by the card played (any
card legal in some world of the node: it leaves the pool, and a card off the suit led shows
a void; a card led that may not be led while holding another proves the hand held no other).
The partner is one of the others. Cards equivalent for taking tricks are tried once (see
``alike``); the last trick with hands unseen is decided without search (``last``); a
transposition table between tricks keys on the pattern of who holds (or may hold) each live
card in rank order, and keeps the most tricks proven and the fewest refuted; paired trumps
(``TrickRules.sure_trump_tricks``, shared with the double-dummy solver: a hand's trumps less
those a higher trump of the other team can beat) and the masters of the
player on lead bound the answer, and a trick no one still to play can take
from the side winning it settles a claim of one trick (or of every trick) at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..compact import NO_CARD, TrickRules, bits

NODE_BUDGET = 200_000  # plays searched before the search gives up (a third answer: undecided)
TIME_BUDGET = 8.0  # seconds, likewise (checked every 1024 plays)


class Undecided(Exception):
    """The search ran out of its budget before it had a proof either way."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One claim as masks. ``seats`` in playing order (index = seat); ``poss[s]`` the cards
    seat ``s`` may hold (the claimer's: its hand), ``count[s]`` how many it holds; ``out``
    the unseen cards that may lie outside every hand and ``out_count`` how many do. ``trick``
    the (seat, card) pairs already on the table; ``to_move`` the seat to play; ``left`` the
    tricks still to be won, the one on the table included. ``rules`` None: the first lead of
    the deal, which names trump; ``trump_rules`` then gives the game's rules by trump (None:
    before it is named; ``TrickGame.lead_names_trump``). ``known``: one world (every mask is
    a hand)."""

    rules: TrickRules | None
    claimer: int
    side: tuple[bool, ...]
    poss: tuple[int, ...]
    count: tuple[int, ...]
    out: int
    out_count: int
    trick: tuple[tuple[int, int], ...]
    to_move: int
    left: int
    known: bool
    # more groups of cards face down, each (mask, count), beside ``out``: cards that lie
    # outside every hand by different rules (the Wisconsin undealt remainder and the bidder's
    # discards, the Schmier players' and the dealer's discards)
    extra: tuple[tuple[int, int], ...] = ()
    # (seat, group, trumps): the seat whose face-down discards are group ``group`` of
    # ``(out, *extra)``, which hold a trump only if that seat kept nothing but trumps
    # (RULES.md: the Schmier dealer, the Wisconsin bidder); None: no such rule applies
    keeper: tuple[int, int, int] | None = None
    trump_rules: Callable[[str | None], TrickRules] | None = None


Step = tuple[int, int]  # (seat, card index)


class Search:
    """One claim's search: ``solve(need)``, then ``line`` (a line of play) and ``world`` (a
    deal of the unseen cards at the end of it). Plays are counted against ``budget`` and, when
    ``seconds`` is given, the clock; past either, ``Undecided``."""

    def __init__(self, p: Problem, budget: int = NODE_BUDGET,
                 seconds: float | None = None) -> None:
        self.p = p
        self.n = len(p.poss)
        self.rules = p.rules
        self.claimer = p.claimer
        self.side = p.side
        self.hands = list(p.poss)
        self.cnt = list(p.count)
        self.out = p.out
        self.out_count = p.out_count
        self.extra = [m for m, _ in p.extra]  # the other face-down groups' masks
        self.extra_count = [k for _, k in p.extra]
        self.keeper = p.keeper
        self.known = p.known
        self.tc: list[int] = [c for _, c in p.trick]
        self.ts: list[int] = [s for s, _ in p.trick]
        live = p.out
        for h in p.poss:
            live |= h
        for h in self.extra:
            live |= h
        self.live = live
        self.tt: dict[tuple[int | None, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.budget = budget
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        # the hands whose masks Hall's condition looks at: the others, and the outside
        self.holders = [s for s in range(self.n) if s != p.claimer]
        self.has_out = bool(p.out_count or p.out)
        self._hall: dict[tuple[tuple[int, int], ...], bool] = {}  # feasible, by the groups
        self._last: dict[tuple[int, ...], bool] = {}  # the last trick, by leader and masks
        self._above: dict[tuple[int, int, int], int] = {}  # the cards above a key of a suit led
        # pattern's memo, by trump: per suit its cards, their mask, the suit's pattern by the
        # hands' masks in it, and a small number for each pattern met
        self._patterns: dict[int | None, list[tuple[Sequence[int], int, dict[
            tuple[int, ...], int], dict[tuple[int, ...], int]]]] = {}

    # -- the worlds -------------------------------------------------------------------------

    def masks(self) -> tuple[list[int], list[int]]:
        poss = [self.hands[s] for s in self.holders]
        cnt = [self.cnt[s] for s in self.holders]
        if self.has_out:
            poss.append(self.out)
            cnt.append(self.out_count)
        poss.extend(self.extra)
        cnt.extend(self.extra_count)
        return poss, cnt

    def _kept(self) -> tuple[int, int, int] | None:
        """The keeper rule, while it still joins two masks: the keeper's group may hold a
        trump and the keeper's hand a plain card (a world with both is forbidden)."""
        k = self.keeper
        if k is None:
            return None
        seat, group, trumps = k
        mask = self.out if group == 0 else self.extra[group - 1]
        return k if mask & trumps and self.hands[seat] & ~trumps else None

    def _narrowed(self, k: tuple[int, int, int], kept_trumps: bool) -> tuple[Any, ...]:
        """Narrow the masks to one half of the legal worlds: the keeper kept only trumps, or
        discarded none; returns what ``_widen`` restores."""
        seat, group, trumps = k
        saved = (self.hands[seat], self.out, self.extra)
        if kept_trumps:
            self.hands[seat] &= trumps
        elif group == 0:
            self.out &= ~trumps
        else:
            self.extra = list(self.extra)
            self.extra[group - 1] &= ~trumps
        return saved

    def _widen(self, k: tuple[int, int, int], saved: tuple[Any, ...]) -> None:
        self.hands[k[0]], self.out, self.extra = saved

    def feasible(self) -> bool:
        """Some deal of the unseen cards fits, and fits the keeper rule (``Problem.keeper``):
        the keeper kept only trumps, or discarded no trump."""
        k = self._kept()
        if k is None:
            return self._fits()
        for kept_trumps in (False, True):
            saved = self._narrowed(k, kept_trumps)
            try:
                if self._fits():
                    return True
            finally:
                self._widen(k, saved)
        return False

    def _fits(self) -> bool:
        """Some deal of the unseen cards fits every mask and count (Hall's condition: every
        group of hands may hold, between them, as many cards as they hold, and every unseen
        card lies somewhere). Hands with one mask are one group (the union of a group grows
        with its masks, not its hands), a hand that holds nothing adds no condition, and the
        answers are kept by the masks and counts."""
        hands, cnt = self.hands, self.cnt
        total = self.out_count
        union = self.out
        groups: dict[int, int] = {self.out: total} if total else {}
        for m, k in zip(self.extra, self.extra_count, strict=True):
            union |= m
            if k:
                total += k
                groups[m] = groups.get(m, 0) + k
        for s in self.holders:
            k = cnt[s]
            m = hands[s]
            union |= m
            if k:
                total += k
                groups[m] = groups.get(m, 0) + k
        if union.bit_count() != total:
            return False
        if len(groups) <= 1:  # one group: it may hold every card (none lies elsewhere)
            return not groups or next(iter(groups)).bit_count() >= total
        key = tuple(groups.items())
        got = self._hall.get(key)
        if got is None:
            got = self._hall[key] = _hall_groups(list(groups), list(groups.values()))
        return got

    def world(self, order: Sequence[int] | None = None,
              prefer: Sequence[int] | None = None) -> list[int]:
        """One deal of the unseen cards that fits (the hands of the holders, then the
        outside): each card (in ``order``, else lowest first) placed with the first hand (in
        ``prefer``, indices into the holders, the outside last) where the rest still fits;
        under the keeper rule, in the first half of the legal worlds that has one."""
        k = self._kept()
        if k is None:
            return self._world(order, prefer)
        for kept_trumps in (False, True):
            saved = self._narrowed(k, kept_trumps)
            try:
                if self._fits() or kept_trumps:
                    return self._world(order, prefer)
            finally:
                self._widen(k, saved)
        raise AssertionError("unreachable")

    def _world(self, order: Sequence[int] | None, prefer: Sequence[int] | None) -> list[int]:
        poss, cnt = self.masks()
        got = [0] * len(poss)
        pool = 0
        for m in poss:
            pool |= m
        which = list(prefer) if prefer is not None else list(range(len(poss)))
        which += [i for i in range(len(poss)) if i not in which]
        for c in (order if order is not None else bits(pool)):
            b = 1 << c
            if not pool & b:
                continue
            for i in which:
                if not poss[i] & b or not cnt[i]:
                    continue
                trial = [m & ~b for m in poss]
                tcnt = list(cnt)
                tcnt[i] -= 1
                if _hall(trial, tcnt):
                    got[i] |= b
                    poss, cnt = trial, tcnt
                    break
        return got

    def likely_worlds(self) -> list[list[int]]:
        """A few deals of the unseen cards worth trying first against a claim: the strongest
        cards (trumps, then by rank) to the other side, spread or all to one player."""
        rules = self.rules if self.rules is not None else self.unnamed()
        pool = self.out
        for s in self.holders:
            pool |= self.hands[s]
        for m in self.extra:
            pool |= m
        strong = sorted(bits(pool), key=lambda c: (-(rules.suit[c] == rules.trump),
                                                   -rules.power[c]))
        others = [i for i, s in enumerate(self.holders) if not self.side[s]]
        out = []
        for k in range(len(others)):
            out.append(self.world(strong, others[k:] + others[:k]))
        return out

    def open_refutation(self, need: int) -> tuple[dict[int, int], Search] | None:
        """A likely deal of the unseen cards (``likely_worlds``) under which the claim fails
        even played with every hand open, so fails: the hands by seat and the open search
        that refutes it; None when none of them does (within a second each)."""
        p = self.p
        for got in self.likely_worlds():
            hands = {s: got[i] for i, s in enumerate(self.holders)}
            poss = tuple(hands.get(s, p.poss[s]) for s in range(len(p.poss)))
            dd = Search(Problem(p.rules, p.claimer, p.side, poss, p.count, 0, 0, p.trick,
                                p.to_move, p.left, True, trump_rules=p.trump_rules),
                        self.budget, 1.0)
            try:
                if not dd.solve(need):
                    return hands, dd
            except Undecided:
                continue
        return None

    # -- moves -------------------------------------------------------------------------------

    def unnamed(self) -> TrickRules:
        """The rules before the first lead names trump (``rules`` None)."""
        by_trump = self.p.trump_rules
        assert by_trump is not None, "rules None needs trump_rules"
        return by_trump(None)

    def rules_for(self, c: int) -> TrickRules:
        """The rules once ``c`` is played: under the trump it names when it is the first lead
        of a deal whose first lead names trump."""
        if self.rules is not None:
            return self.rules
        assert self.p.trump_rules is not None
        return self.p.trump_rules("SHDC"[self.unnamed().suit[c]])

    def children(self, seat: int) -> list[tuple[int, int]]:
        """The cards ``seat`` may play here, one of each equivalent run, with the mask the
        seat may hold after it (the best-looking first)."""
        rules = self.rules if self.rules is not None else self.unnamed()
        hand = self.hands[seat]
        tc = self.tc
        led = tc[0] if tc else NO_CARD
        live = self.live
        for c in tc:  # the cards on the table still part their neighbours
            live |= 1 << c
        out: list[tuple[int, int]] = []
        if seat == self.claimer or self.known:
            legal = rules.legal(hand, led)
            if not legal & (legal - 1):  # one card: nothing to choose
                c = legal.bit_length() - 1
                return [(c, hand & ~legal)]
            for c in bits(rules.representatives(legal, live)):
                out.append((c, hand & ~(1 << c)))
        else:
            # unseen: any card of the mask legal in some world, with what playing it proves
            if led == NO_CARD:
                lead_ok = rules.lead_ok
                for c in bits(self.alike(seat, hand, rules, live)):
                    b = 1 << c
                    rest = hand & ~b
                    if not b & lead_ok:
                        rest &= ~lead_ok
                    out.append((c, rest))
            else:
                m = rules.masks[rules.suit[led]]
                trumps = rules.trump_mask if rules.may_trump else 0
                for c in bits(self.alike(seat, hand, rules, live)):
                    b = 1 << c
                    rest = hand & ~b
                    if not b & (m | trumps):
                        rest &= ~m  # off the suit led: void in it
                    out.append((c, rest))
        if len(out) > 1:
            if not tc:
                power = rules.power
                out.sort(key=lambda x: -power[x[0]])  # high leads first
            elif seat == self.claimer:
                keys = rules.keys[rules.suit[led]]
                if len(tc) == self.n - 1:
                    # the last to play: the lowest card that wins the trick, else the lowest
                    best = max(keys[x] for x in tc)
                    if self.side[self.ts[rules.winner(tc)]]:
                        out.sort(key=lambda x: keys[x[0]])
                    else:
                        out.sort(key=lambda x: (keys[x[0]] < best, keys[x[0]]))
                else:
                    # a card that may hold the trick: the highest first; else the lowest
                    best = max(keys[x] for x in tc)
                    out.sort(key=lambda x: -keys[x[0]] if keys[x[0]] > best else keys[x[0]])
            else:
                # the others: a card that takes the trick from the claimer's side (the lowest
                # such first), else their lowest card; the partner its lowest card; hands
                # known, an opponent its lowest card when the trick is the others' already;
                # hands unseen, an opponent ducks first unless it is the last of its side
                keys = rules.keys[rules.suit[led]]
                best = max(keys[x] for x in tc)
                if self.side[seat] or self.known and not self.side[self.ts[rules.winner(tc)]]:
                    out.sort(key=lambda x: keys[x[0]])
                elif not self.known:
                    # hands unseen: a card another seat may hold can be given to a later seat
                    # of the same side, so while one is still to play to the trick, duck
                    # first (follow low: a discard proves a void and keeps fewer worlds);
                    # the last of the side to play takes the trick first
                    suit = rules.suit
                    ls = suit[led]
                    later = any(not self.side[(seat + i) % self.n]
                                for i in range(1, self.n - len(tc)))
                    if later or not self.side[self.ts[rules.winner(tc)]]:
                        out.sort(key=lambda x: (suit[x[0]] != ls, keys[x[0]] > best,
                                                keys[x[0]]))
                    else:
                        out.sort(key=lambda x: (keys[x[0]] <= best, suit[x[0]] != ls,
                                                keys[x[0]]))
                else:
                    out.sort(key=lambda x: (keys[x[0]] <= best, keys[x[0]]))
        return out

    def alike(self, seat: int, hand: int, rules: TrickRules, live: int) -> int:
        """The cards of ``hand`` (what ``seat`` may hold) worth trying: of the cards only this
        seat can hold, one of each equivalent run; of the cards another hand (or the outside)
        may hold as well, each one that could take the trick (two such cards may lie in two
        hands and meet in it) and one of each run of the rest."""
        elsewhere = self.out
        for s in self.holders:
            if s != seat:
                elsewhere |= self.hands[s]
        for m in self.extra:
            elsewhere |= m
        shared = hand & elsewhere
        out = rules.representatives(hand & ~shared, live)
        if not self.tc or not shared:
            return out | shared
        # Cards that cannot take this trick (below the best card on the table) and that the
        # same hands may hold are alike when no live card lies between them: swapping two of
        # them in every world changes no trick to come, and this one is lost either way.
        led = rules.suit[self.tc[0]]
        keys = rules.keys[led]
        above = self.above(rules, led, max([keys[x] for x in self.tc]))
        out |= shared & above
        groups = [shared & ~above]  # split by who else may hold them
        for m in [self.out, *self.extra] + [self.hands[s] for s in self.holders]:
            split = []
            for g in groups:
                if g & m:
                    split.append(g & m)
                if g & ~m:
                    split.append(g & ~m)
            groups = split
        for g in groups:
            out |= rules.representatives(g, live)
        return out

    def play(self, seat: int, c: int, rest: int
             ) -> tuple[int, list[int], int, list[int] | None]:
        """Play card ``c`` from ``seat`` (its mask becomes ``rest``); returns what ``undo``
        needs."""
        b = 1 << c
        old = self.hands[seat]
        changed = []
        if not self.known:
            for s in self.holders:
                if s != seat and self.hands[s] & b:
                    self.hands[s] ^= b
                    changed.append(s)
        old_out = self.out
        self.out &= ~b
        old_extra = None
        if self.extra:
            old_extra = list(self.extra)
            self.extra = [m & ~b for m in self.extra]
        self.hands[seat] = rest
        self.cnt[seat] -= 1
        self.live &= ~b
        k = self.keeper
        if k is not None and seat == k[0] and not b & k[2]:
            self._narrowed(k, False)  # a plain card kept: no trump discarded (undo restores)
        self.tc.append(c)
        self.ts.append(seat)
        return old, changed, old_out, old_extra

    def undo(self, seat: int, c: int, saved: tuple[int, list[int], int, list[int] | None]
             ) -> None:
        b = 1 << c
        old, changed, old_out, old_extra = saved
        if old_extra is not None:
            self.extra = old_extra
        self.tc.pop()
        self.ts.pop()
        self.live |= b
        self.cnt[seat] += 1
        self.hands[seat] = old
        self.out = old_out
        for s in changed:
            self.hands[s] |= b

    def top_of_run(self, seat: int, c: int) -> int:
        """The highest card of ``seat``'s hand equivalent to ``c`` (no live card between)."""
        rules = self.rules if self.rules is not None else self.unnamed()
        hand = self.hands[seat]
        live = self.live
        for x in self.tc:
            live |= 1 << x
        order = rules.order[rules.suit[c]]
        best = c
        for x in order[order.index(c) + 1:]:
            b = 1 << x
            if hand & b:
                best = x
            elif live & b:
                break
        return best

    # -- the search --------------------------------------------------------------------------

    def solve(self, need: int) -> bool:
        """Whether the claimer's side surely takes ``need`` of the tricks left."""
        p = self.p
        if not p.trick:
            return self.boundary(p.to_move, need, p.left)
        return self.move(p.to_move, need, p.left)

    def pattern(self, leader: int) -> tuple[int | None, ...]:
        """The position between two tricks up to the ranks of the cards: for each suit, from
        its lowest live card up, who holds it (hands known) or who may (hands unseen). Two
        positions with one pattern differ only in the ranks of cards that keep their order,
        which changes no trick: the transposition table keys on this."""
        rules = self.rules
        if rules is None:  # before Wisconsin's first lead: the masks themselves
            return (leader, -2, *self.hands, self.out, *self.extra)
        if self.known:
            masks = self.hands
        else:
            masks = [self.hands[self.claimer], self.out,
                     *(self.hands[s] for s in self.holders), *self.extra]
        memo = self._patterns.get(rules.trump)
        if memo is None:
            memo = self._patterns[rules.trump] = [
                (o, sum(1 << c for c in o), {}, {}) for o in rules.order]
        key: list[int | None] = [leader, rules.trump]
        for order, sm, by_masks, ids in memo:
            sub = tuple([m & sm for m in masks])
            got = by_masks.get(sub)
            if got is None:
                seq = self._suit_pattern(order, sub)
                got = by_masks[sub] = ids.setdefault(seq, len(ids))
            key.append(got)
        return tuple(key)

    def _suit_pattern(self, order: Sequence[int], masks: Sequence[int]) -> tuple[int, ...]:
        """``pattern`` of one suit (its cards ``order``, lowest first; ``masks`` the hands'
        as ``pattern`` lists them): who holds (or may hold) each live card, from the lowest.
        Hands known: the seat + 1; unseen: 1 the claimer, 2 the outside, then a bit per
        holder and per face-down group."""
        owner: dict[int, int] = {}
        if self.known:
            for s, h in enumerate(masks, 1):
                for c in bits(h):
                    owner[c] = s
        else:
            for i, h in enumerate(masks):
                bit = 1 if i == 0 else 2 if i == 1 else 4 << (i - 2)
                for c in bits(h):
                    owner[c] = owner.get(c, 0) | bit
        return tuple([owner[c] for c in order if c in owner])

    def boundary(self, leader: int, need: int, left: int) -> bool:
        if need <= 0:
            return True
        if need > left:
            return False
        if left == 1 and not self.known and self.rules is not None:
            key1 = (leader, self.out, *self.hands, *self.extra)
            got = self._last.get(key1)
            if got is None:
                got = self._last[key1] = self.last(leader)
            return got
        key = self.pattern(leader)
        lo, hi = self.tt.get(key, (0, left + 1))
        if need <= lo:
            return True
        if need >= hi:
            return False
        rules = self.rules
        if rules is not None and rules.trump_mask:
            # a trump above every trump of the other team wins the trick it is played to,
            # whoever leads: the side's are tricks made, the others' (hands known) tricks lost
            live = self.live
            hi_t = left
            if self.known:
                team = [self.hands[s] for s in range(self.n) if self.side[s]]
                mine = 0
                for h in team:
                    mine |= h
                lo_t = rules.sure_trump_tricks(team, live & ~mine)
                hi_t -= rules.sure_trump_tricks(
                    [self.hands[s] for s in range(self.n) if not self.side[s]], mine)
            else:
                own = self.hands[self.claimer]
                lo_t = rules.sure_trump_tricks((own,), live & ~own)
            if lo_t >= need:
                return True
            if hi_t < need:
                return False
        if leader == self.claimer and self.rules is not None:
            q = self.rules.quick_tricks(self.hands[leader], self.live)
            if q >= need:
                self.tt[key] = (max(lo, q), hi)
                return True
        elif self.known and not self.side[leader] and self.rules is not None:
            # an opponent on lead cashes its masters, whatever the others hold
            q = self.rules.quick_tricks(self.hands[leader], self.live)
            if left - q < need:
                self.tt[key] = (lo, min(hi, left - q + 1))
                return False
        r = self.move(leader, need, left)
        if r:
            lo = max(lo, need)
        else:
            hi = min(hi, need)
        self.tt[key] = (lo, hi)
        return r

    def move(self, seat: int, need: int, left: int) -> bool:
        self.nodes += 1
        if self.nodes > self.budget or not self.nodes & 1023 and self.deadline is not None \
                and time.perf_counter() > self.deadline:
            raise Undecided
        tc = self.tc
        if len(tc) == self.n:
            return self.close(need, left)
        if left == 1 and not self.known and need == 1 and self.rules is not None:
            return self.last(seat)
        if tc and (need <= 1 or need >= left):
            won = self.settled(seat)
            if won is not None:  # the trick is the side's (or lost) whatever comes
                if won and need <= 1:
                    return True
                if not won and need >= left:
                    return False
        nxt = (seat + 1) % self.n
        first = not tc and self.rules is None
        if seat == self.claimer:
            for c, rest in self.children(seat):
                if first:
                    self.rules = self.rules_for(c)
                saved = self.play(seat, c, rest)
                ok = self.move(nxt, need, left)
                self.undo(seat, c, saved)
                if first:
                    self.rules = None
                if ok:
                    return True
            return False
        closes = need == 1 and len(tc) == self.n - 1  # this card ends the trick
        if closes:
            assert self.rules is not None
            keys = self.rules.keys[self.rules.suit[tc[0]]]
            w = self.rules.winner(tc)
            best, ours, mine = keys[tc[w]], self.side[self.ts[w]], self.side[seat]
        for c, rest in self.children(seat):
            if closes and (ours and keys[c] <= best or mine and keys[c] > best):
                continue  # the side takes this trick, the one it needs
            if first:
                self.rules = self.rules_for(c)
            saved = self.play(seat, c, rest)
            ok = self.known or self.feasible()
            if ok:
                ok = self.move(nxt, need, left)
            else:
                ok = True  # no world has this play: nothing to refute
            self.undo(seat, c, saved)
            if first:
                self.rules = None
            if not ok:
                return False
        return True

    def above(self, rules: TrickRules, led: int, k: int) -> int:
        """The cards that count more than ``k`` in a trick of suit ``led``."""
        got = self._above.get((rules.trump, led, k))
        if got is None:
            keys = rules.keys[led]
            got = sum(1 << c for c in range(len(keys)) if keys[c] > k)
            self._above[(rules.trump, led, k)] = got
        return got

    def settled(self, seat: int) -> bool | None:
        """Whether the trick on the table goes to the claimer's side (True) or to the others
        (False) whatever is still played to it, ``seat`` next: no one still to play on the
        other side (on the same side as the card winning it) may hold a card above it. None
        when it is open."""
        assert self.rules is not None
        rules, tc = self.rules, self.tc
        led = rules.suit[tc[0]]
        w = rules.winner(tc)
        above = self.above(rules, led, rules.keys[led][tc[w]])
        mine = self.side[self.ts[w]]
        s = seat
        for _ in range(self.n - len(tc)):
            if self.side[s] != mine and self.hands[s] & above:
                return None
            s = (s + 1) % self.n
        return mine

    def last(self, seat: int) -> bool:
        """The last trick, hands unseen (everyone to play holds one card, which is legal
        whatever it is): whether the claimer's side wins it in every world. It loses it when
        some world lets a card of the other side beat every other card of the trick: for each
        such card (and, the trick empty, each suit the leader may lead), the others' masks
        are cut to the cards that do not beat it and Hall's condition asked."""
        assert self.rules is not None
        rules = self.rules
        n = self.n
        tc, ts = self.tc, self.ts
        todo = [(seat + i) % n for i in range(n - len(tc))]
        mine = self.hands[self.claimer] if self.claimer in todo else 0
        pool = self.out
        for m in self.extra:
            pool |= m
        for s in todo:
            if s != self.claimer:
                pool |= self.hands[s]
        if tc:
            suits = [rules.suit[tc[0]]]
        elif seat == self.claimer:
            suits = [rules.suit[(mine & -mine).bit_length() - 1]]
        else:
            suits = [x for x in range(5) if self.hands[seat] & rules.masks[x]]
        for led in suits:
            keys = rules.keys[led]
            lead_mask = rules.masks[led] if not tc else -1
            # the candidates: a card of the other side on the table, or one still to come
            cands: list[tuple[int, int]] = []
            if tc:
                w = ts[rules.winner(tc)]
                if not self.side[w]:
                    cands.append((w, tc[rules.winner(tc)]))
            for s in todo:
                if s != self.claimer and not self.side[s]:
                    m = self.hands[s]
                    if s == seat and not tc:
                        m &= lead_mask
                    for c in bits(m):
                        cands.append((s, c))
            best = max((keys[c] for c in tc), default=-1)
            for w, c in cands:
                k = keys[c]
                if k < best or (mine and keys[(mine & -mine).bit_length() - 1] > k):
                    continue
                if k == best and c not in tc:
                    continue
                below = 0
                for x in bits(pool):
                    if keys[x] < k:
                        below |= 1 << x
                if self.fits_with(todo, seat, w, c, below, lead_mask):
                    return False
        return True

    def fits_with(self, todo: list[int], leader: int, w: int, c: int, below: int,
                  lead_mask: int) -> bool:
        """Some world gives ``w`` the card ``c`` (when ``w`` is still to play) and every other
        seat still to play a card below it (the leader one of the suit led)."""
        saved = list(self.hands)
        saved_out = self.out
        saved_extra = list(self.extra)
        b = 1 << c
        try:
            for s in todo:
                if s == self.claimer:
                    continue
                if s == w and c not in self.tc:
                    self.hands[s] = b
                else:
                    self.hands[s] &= below & ~b
                    if s == leader and not self.tc:
                        self.hands[s] &= lead_mask
            if c not in self.tc:
                for s in self.holders:
                    if s != w and s not in todo:
                        self.hands[s] &= ~b
                self.out &= ~b
                self.extra = [m & ~b for m in self.extra]
            return self.feasible()
        finally:
            self.hands[:] = saved
            self.out = saved_out
            self.extra = saved_extra

    def close(self, need: int, left: int) -> bool:
        assert self.rules is not None
        tc, ts = self.tc, self.ts
        w = ts[self.rules.winner(tc)]
        cards, seats = tc[:], ts[:]
        tc.clear()
        ts.clear()
        try:
            return self.boundary(w, need - (1 if self.side[w] else 0), left - 1)
        finally:
            tc.extend(cards)
            ts.extend(seats)

    # -- a line of play ----------------------------------------------------------------------

    def line(self, need: int, holds: bool) -> list[list[Step]]:
        """One line of play, trick by trick (the trick on the table first, its earlier cards
        included). ``holds``: the claimer plays a card that keeps the claim, the others their
        lowest-looking card, until the claim is made. Else the claimer tries the
        best-looking card and the others answer with a card that beats the claim, until it is
        beaten. The search's state is left at the end of the line."""
        tricks: list[list[Step]] = []
        cur: list[Step] = list(zip(self.ts, self.tc, strict=True))
        seat, left = self.p.to_move, self.p.left
        if cur:
            tricks.append(cur)
        while left > 0 and 0 < need <= left:
            if len(self.tc) == self.n:
                assert self.rules is not None
                w = self.ts[self.rules.winner(self.tc)]
                need -= 1 if self.side[w] else 0
                left -= 1
                self.tc.clear()
                self.ts.clear()
                seat = w
                continue
            if not self.tc:
                cur = []
                tricks.append(cur)
            first = not self.tc and self.rules is None
            kids = self.children(seat)
            if seat != self.claimer and holds:
                kids = kids[::-1]
            pick = None
            for c, rest in kids:
                if seat == self.claimer:  # the highest of its run: the card a player leads
                    c = self.top_of_run(seat, c)
                    rest = self.hands[seat] & ~(1 << c)
                if first:
                    self.rules = self.rules_for(c)
                saved = self.play(seat, c, rest)
                ok = self.known or seat == self.claimer or self.feasible()
                if ok and (seat == self.claimer) == holds:
                    ok = self.move((seat + 1) % self.n, need, left) == holds
                if ok:
                    pick = c
                    break
                self.undo(seat, c, saved)
                if first:
                    self.rules = None
            if pick is None:  # cannot happen after a proof; stop rather than invent
                break
            cur.append((seat, pick))
            seat = (seat + 1) % self.n
        return tricks


def _hall_groups(poss: list[int], cnt: list[int]) -> bool:
    """Hall's condition for the groups (distinct masks, each with the cards its hands hold):
    every set of them may hold, between them, as many cards as they hold (the unions built
    one group at a time)."""
    k = len(poss)
    us = [0] * (1 << k)
    ns = [0] * (1 << k)
    for g in range(1, 1 << k):
        low = g & -g
        i = low.bit_length() - 1
        u = us[g ^ low] | poss[i]
        n = ns[g ^ low] + cnt[i]
        if u.bit_count() < n:
            return False
        us[g] = u
        ns[g] = n
    return True


def _hall(poss: Sequence[int], cnt: Sequence[int]) -> bool:
    k = len(poss)
    for r in range(1, k + 1):
        for g in combinations(range(k), r):
            u = 0
            need = 0
            for i in g:
                u |= poss[i]
                need += cnt[i]
            if u.bit_count() < need:
                return False
    u = 0
    for m in poss:
        u |= m
    return u.bit_count() == sum(cnt)
