"""The compact core: cards as small ints, hands as int bit sets, legal plays as a bit mask.

The engine's public types stay :class:`~referee.cards.Card` and the entries of
``referee.model``; this module is the fast representation underneath, for the paths that
play or search millions of positions (random playouts today; claims and hints next).

* A **deck layout** (:class:`Layout`) numbers the cards of one deck 0..n-1 in the order of
  the referee's deck tuple: suit by suit (S H D C), ranks ascending, so within a suit a
  higher bit is a higher rank; the joker of the 53-card deck is the last index (52). Each game
  that plays tricks builds the layout of its deck in its own package (``GameRules.trick_game``).
* A **hand** (any set of cards) is an ``int`` with bit ``i`` set when it holds card ``i``:
  union is ``|``, removal ``& ~``, size ``int.bit_count``; it hashes and compares as a number,
  so a transposition table can key on the cards left as they are.
* A **trick rule** (:class:`TrickRules`) is one game's trick play under one trump: the
  effective suit of every card (a game may move a card to trump's suit, as OpenSpiel's euchre
  does with the left bauer), the suit masks under that trump, and the two hot functions,
  :meth:`TrickRules.legal` (a mask) and :meth:`TrickRules.winner` (an index), which allocate
  nothing. Each game builds them once per (deal kind, trump) in its own package and caches
  them (``TrickGame.rules``, ``referee/games/tricks.py``); :func:`plain_rules` builds the
  plain ones (printed suits, printed ranks).

Pure Python, no dependencies beyond ``referee.cards``; ``tests/test_compact.py`` checks every
function here against the engine's own rules on random deals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from .cards import JOKER, SUITS, Card

NO_CARD = -1  # "no card led yet" for TrickRules.legal
NO_TRUMP = -1
JOKER_SUIT = 4  # the effective suit of the joker when no trump is known: a suit of its own
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
SAME_COLOUR = {0: 3, 3: 0, 1: 2, 2: 1}  # S<->C, H<->D: where the left bauer comes from


class Layout:
    """One deck as small ints: ``index[card]``, ``cards[i]``, ``suit[i]`` and ``rank[i]`` (the
    printed ones; the joker is suit 4, rank 0), the mask of each printed suit and of the deck.
    """

    __slots__ = ("name", "cards", "index", "suit", "rank", "bit", "suit_masks", "full",
                 "size", "joker")

    def __init__(self, name: str, cards: tuple[Card, ...]) -> None:
        self.name = name
        self.cards = cards
        self.size = len(cards)
        self.index = {c: i for i, c in enumerate(cards)}
        self.suit = tuple(JOKER_SUIT if c is JOKER else SUIT_INDEX[c.suit] for c in cards)
        self.rank = tuple(c.rank for c in cards)
        self.bit = tuple(1 << i for i in range(self.size))
        masks = [0] * 5
        for i, s in enumerate(self.suit):
            masks[s] |= 1 << i
        self.suit_masks = tuple(masks)
        self.full = (1 << self.size) - 1
        self.joker = self.index.get(JOKER, NO_CARD)

    def __repr__(self) -> str:
        return f"Layout({self.name}, {self.size} cards)"

    def to_int(self, c: Card) -> int:
        """The index of a card (KeyError for a card outside this deck)."""
        return self.index[c]

    def to_card(self, i: int) -> Card:
        return self.cards[i]

    def card_of(self, suit: str, rank: int) -> int:
        return self.index[Card(rank, suit)]

    def mask(self, cards: Iterable[Card]) -> int:
        """The bit set of some cards of this deck."""
        m = 0
        index = self.index
        for c in cards:
            m |= 1 << index[c]
        return m

    def cards_in(self, mask: int) -> list[Card]:
        """The cards of a bit set, in index order (suit by suit, ranks ascending)."""
        cards = self.cards
        return [cards[i] for i in bits(mask)]

    def text(self, mask: int) -> str:
        return " ".join(c.text for c in self.cards_in(mask))


# -- bit sets -----------------------------------------------------------------------------------

def popcount(mask: int) -> int:
    return mask.bit_count()


def lowest(mask: int) -> int:
    """The lowest index in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The highest index in a non-empty mask."""
    return mask.bit_length() - 1


def bits(mask: int) -> Iterator[int]:
    """The indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def nth(mask: int, k: int) -> int:
    """The index of the ``k``-th set bit (0 = the lowest) of ``mask``."""
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def pick(mask: int, random: Callable[[], float]) -> int:
    """A uniformly random index of a non-empty mask (``random`` as ``Random.random``)."""
    k = int(random() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def one_of_each_run(ok: int, others: int, kind: Sequence[int]) -> list[int]:
    """One card of each run of equivalent cards of ``ok``, lowest first, on a numbering
    where each suit is a run of bits in power order (``TrickRules.ranked``): two neighbours
    of ``ok`` of one ``kind`` (a suit, or a suit and a worth) with no card of ``others`` (the
    live cards held elsewhere) between them are one move."""
    out = []
    prev = -1
    while ok:
        low = ok & -ok
        c = low.bit_length() - 1
        ok ^= low
        if prev < 0 or kind[prev] != kind[c] or others & (low - (2 << prev)):
            out.append(c)
        prev = c
    return out


# -- one game's trick play under one trump ------------------------------------------------------

class TrickRules:
    """The trick play of one game under one trump, on a deck layout.

    ``suit[i]``: the effective suit of card ``i`` (0-3 as S H D C; the joker with no trump
    known: 4); ``masks[s]``: the cards of effective suit ``s``; ``power[i]``: its strength
    within its effective suit (higher wins); ``order[s]``: the indices of suit ``s`` from the
    lowest to the highest power. ``trump`` is a suit index or ``NO_TRUMP``.
    """

    __slots__ = ("layout", "trump", "suit", "masks", "power", "order", "trump_mask",
                 "lead_ok", "may_trump", "keys", "name", "contiguous", "_ranked", "_paired")

    def __init__(self, name: str, layout: Layout, trump: int, suit: Sequence[int],
                 power: Sequence[int], lead_ok: int, may_trump: bool) -> None:
        self.name = name
        self.layout = layout
        self.trump = trump
        self.suit = tuple(suit)
        self.power = tuple(power)
        masks = [0] * 5
        for i, s in enumerate(self.suit):
            masks[s] |= 1 << i
        self.masks = tuple(masks)
        self.order = tuple(tuple(sorted((i for i in range(layout.size) if self.suit[i] == s),
                                        key=self.power.__getitem__)) for s in range(5))
        self.trump_mask = masks[trump] if trump != NO_TRUMP else 0
        self.lead_ok = lead_ok  # the cards that may be led while the hand holds any of them
        self.may_trump = may_trump and trump != NO_TRUMP
        # keys[led suit][card]: what a card counts in a trick of that suit led; the highest wins
        keys = []
        for led in range(5):
            keys.append(tuple(
                (64 if s == trump else 32 if s == led else 0) + (self.power[i] if s in (trump, led)
                                                                 else 0)
                for i, s in enumerate(self.suit)))
        self.keys = tuple(keys)
        # each effective suit a run of bits in power order, lowest first (the ranked twin;
        # Kierki's and Wisconsin's layouts too): masters and runs are then shifts and masks
        self.contiguous = all(list(o) == list(range(o[0], o[0] + len(o)))
                              for o in self.order if o)
        self._ranked: tuple[TrickRules, tuple[int, ...]] | None = None
        self._paired: dict[tuple[int, int], int] = {}  # sure_trump_tricks, by the two masks

    def __repr__(self) -> str:
        return f"TrickRules({self.name})"

    def ranked(self) -> tuple[TrickRules, tuple[int, ...]]:
        """The same trick play on the cards renumbered in power order, suit by suit (each
        effective suit a run of bits, its lowest card first), and ``order``: ``order[j]`` is
        the layout index of ranked card ``j``. The double-dummy search plays on it."""
        if self._ranked is None:
            lay = self.layout
            order = tuple(sorted(range(lay.size), key=lambda i: (self.suit[i], self.power[i])))
            cards = Layout(f"{lay.name}, ranked", tuple(lay.cards[i] for i in order))
            lead_ok = 0
            for j, i in enumerate(order):
                if self.lead_ok >> i & 1:
                    lead_ok |= 1 << j
            twin = TrickRules(f"{self.name}, ranked", cards, self.trump,
                              [self.suit[i] for i in order], [self.power[i] for i in order],
                              lead_ok, self.may_trump)
            self._ranked = (twin, order)
        return self._ranked

    def legal(self, hand: int, led: int = NO_CARD) -> int:
        """The cards of ``hand`` that may be played: to lead (``led`` = NO_CARD) or after the
        card ``led`` opened the trick. Never empty for a non-empty hand."""
        if led < 0:
            ok = hand & self.lead_ok
            return ok or hand
        follow = hand & self.masks[self.suit[led]]
        if not follow:
            return hand
        if self.may_trump:
            return follow | (hand & self.trump_mask)
        return follow

    def legal_in(self, hand: int, trick: Sequence[int]) -> int:
        """:meth:`legal` given the cards of the trick so far."""
        return self.legal(hand, trick[0] if trick else NO_CARD)

    def winner(self, plays: Sequence[int]) -> int:
        """The index in ``plays`` (the cards of a trick in the order played) of the winner:
        the highest trump, else the highest card of the suit led."""
        key = self.keys[self.suit[plays[0]]]
        best = 0
        top = key[plays[0]]
        for i in range(1, len(plays)):
            k = key[plays[i]]
            if k > top:
                best, top = i, k
        return best

    def beats(self, card: int, best: int, led: int) -> bool:
        """Whether ``card`` beats ``best`` (the card winning so far) in a trick that ``led``
        opened."""
        key = self.keys[self.suit[led]]
        return key[card] > key[best]

    def effective_suit(self, i: int) -> int:
        return self.suit[i]

    def masters(self, hand: int, live: int) -> int:
        """The cards of ``hand`` above every card of their effective suit still held by anyone
        else (``live``: the cards still in any hand, ``hand`` included)."""
        out = 0
        masks = self.masks
        if self.contiguous:
            for m in masks:
                mine = hand & m
                if mine:
                    cut = (live & ~hand & m).bit_length()  # above the best card elsewhere
                    out |= mine >> cut << cut
            return out
        for s in range(5):
            mine = hand & masks[s]
            if not mine:
                continue
            if not live & ~hand & masks[s]:
                out |= mine
                continue
            for i in reversed(self.order[s]):
                b = 1 << i
                if not mine & b:
                    if live & b:
                        break
                    continue
                out |= b
        return out

    def quick_tricks(self, hand: int, live: int) -> int:
        """A lower bound on the tricks ``hand`` wins from here when it is on lead, whatever
        everybody else holds or plays: its masters, led one after another (each wins and
        keeps the lead); only its trump masters while another hand still holds a trump, and
        none of a card it may not lead yet (not in ``lead_ok``) while it holds another card."""
        m = self.masters(hand, live)
        if self.trump_mask & live & ~hand:
            m &= self.trump_mask
        if hand & self.lead_ok & ~m:
            m &= self.lead_ok  # a card it must lead first loses the lead, maybe
        return m.bit_count()

    def sure_trump_tricks(self, hands: Iterable[int], other: int) -> int:
        """Tricks a team takes whoever leads and whatever is played, from its trumps: every
        card is played, a trump wins the trick it is played to unless a higher trump of
        ``other`` (the other team's live cards, or a superset) falls in the same trick, and the
        cards of one of ``hands`` (the team's) fall in different tricks. So a hand's trumps
        win at least as many tricks as are left when each of ``other``'s trumps beats one
        lower trump of the hand (the most such pairs: each trump of the hand, highest first,
        paired with a higher one of ``other`` not paired yet). The best hand of the team
        counts. A trump above every trump of ``other`` is never paired (a master trump)."""
        tm = self.trump_mask
        theirs = other & tm
        best = 0
        cache = self._paired
        for h in hands:
            mine = h & tm
            if not mine:
                continue
            if not theirs:
                k = mine.bit_count()
            else:
                got = cache.get((mine, theirs))
                if got is None:
                    if len(cache) > 1 << 16:
                        cache.clear()
                    got = cache[(mine, theirs)] = self._unpaired(mine, theirs)
                k = got
            if k > best:
                best = k
        return best

    def _unpaired(self, mine: int, theirs: int) -> int:
        """The trumps of ``mine`` left when each trump of ``theirs`` beats one lower trump of
        ``mine`` (the most such pairs: highest first, each paired with a higher free one)."""
        k = 0
        free = 0  # trumps of ``theirs`` above, not paired yet
        for i in sorted(bits(mine | theirs), key=self.power.__getitem__, reverse=True):
            if theirs >> i & 1:
                free += 1
            elif free:
                free -= 1
            else:
                k += 1
        return k

    def representatives(self, hand: int, live: int, keep: int = 0) -> int:
        """One card of each run of equivalent cards in ``hand``: two cards of one effective
        suit are equivalent for winning tricks when no card of ``live`` (the cards still in
        any hand, ``hand`` included) lies between them in power. The lowest of each run is
        kept. Cards of ``keep`` (point cards a search must tell apart) are never merged, nor
        anything merged across them."""
        out = 0
        if self.contiguous and not keep:
            for c in one_of_each_run(hand, live & ~hand, self.suit):
                out |= 1 << c
            return out
        for s in range(5):
            mine = hand & self.masks[s]
            if not mine:
                continue
            inrun = False
            for i in self.order[s]:
                b = 1 << i
                if mine & b:
                    if not inrun or keep & b:
                        out |= b
                    inrun = not keep & b
                elif live & b:
                    inrun = False
        return out


def plain_rules(name: str, layout: Layout, trump: str | None, lead_ok: int,
                may_trump: bool) -> TrickRules:
    """Trick rules on the printed suits and ranks: ``lead_ok`` the cards that may be led while
    the hand holds any of them, ``may_trump`` whether a player holding the suit led may trump
    instead."""
    return TrickRules(name, layout, SUIT_INDEX[trump] if trump else NO_TRUMP, layout.suit,
                      layout.rank, lead_ok, may_trump)
