"""Kozel's card order, the beat (a one-to-one matching), and what the referee knows of
where each card is in one game.

Kozel draws from the deck during play and lets players discard face down, so the shared
``Knowledge`` (cards leave hands only by being shown) does not fit; ``CardBook`` keeps, for
every card, the one place it can be, and for every player the cards known to be in hand and
how many cards the hand holds (hands stay equal: 4, refilled from the deck).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ...cards import DECK_36, GLYPH, Card
from ...words import count, not_now

# low to high: 6 7 8 9 J Q K 10 A
ORDER = {6: 0, 7: 1, 8: 2, 9: 3, 11: 4, 12: 5, 13: 6, 10: 7, 14: 8}
DECK = frozenset(DECK_36)
HAND = 4


def order(c: Card) -> int:
    return ORDER.get(c.rank, -1)


def beats(a: Card, b: Card | None, trump: str | None) -> bool:
    """``a`` beats ``b``: same suit and higher, or a trump over a non-trump. An unseen card
    (a face-down lead, never legal) is taken as beaten by anything."""
    if b is None:
        return True
    if a.suit == b.suit:
        return order(a) > order(b)
    return trump is not None and a.suit == trump and b.suit != trump


def matching(play: Sequence[Card], target: Sequence[Card | None],
             trump: str | None) -> list[int | None]:
    """A maximum matching: for each card of ``play`` the index of the target card it beats
    (augmenting paths; at most 4 x 4)."""
    owner: list[int | None] = [None] * len(target)

    def augment(i: int, seen: set[int]) -> bool:
        for j, t in enumerate(target):
            if j in seen or not beats(play[i], t, trump):
                continue
            seen.add(j)
            k = owner[j]
            if k is None or augment(k, seen):
                owner[j] = i
                return True
        return False

    for i in range(len(play)):
        augment(i, set())
    out: list[int | None] = [None] * len(play)
    for j, k in enumerate(owner):
        if k is not None:
            out[k] = j
    return out


def takes(play: Sequence[Card | None], target: Sequence[Card | None],
          trump: str | None, match: Sequence[int | None] | None = None) -> bool:
    """A face-up ``play`` takes the trick from ``target`` (the play winning it): as many
    cards, all of the deck, each beating a different card of ``target`` (``match``: the
    ``matching`` of its cards, where the caller has it already)."""
    shown = [c for c in play if c is not None]
    if match is None:
        match = matching(shown, target, trump)
    return (len(play) == len(target) and all(c in DECK for c in shown)
            and all(j is not None for j in match))


def why_not(play: Sequence[Card], target: Sequence[Card | None], trump: str | None,
            match: Sequence[int | None]) -> str:
    """Why a play does not beat the target one-to-one (Hall's condition, with a witness)."""
    if len(play) != len(target):
        return f"{count(len(play), 'card')} cannot beat {len(target)}"
    matched = {j for j in match if j is not None}
    free = [j for j in range(len(target)) if j not in matched]
    if not free:
        return ""
    for t in target:
        if not any(beats(c, t, trump) for c in play):
            return f"nothing in {cards_text(play)} can beat {t}"
    j0 = free[0]
    # the target cards reachable from j0 by alternating paths, and the cards that beat them
    reach, beaters = {j0}, set()
    frontier = [j0]
    while frontier:
        j = frontier.pop()
        for i, c in enumerate(play):
            if i not in beaters and beats(c, target[j], trump):
                beaters.add(i)
                k = match[i]
                if k is not None and k not in reach:
                    reach.add(k)
                    frontier.append(k)
    ts = cards_text([target[j] for j in sorted(reach)])
    bs = cards_text([play[i] for i in sorted(beaters)])
    n = len(beaters)
    return (f"{ts} can only be beaten by {bs}: {n} card{'s' if n != 1 else ''} for "
            f"{len(reach)}, and each card beats only one")


def cards_text(cards: Iterable[Card | None]) -> str:
    return " ".join("?" if c is None else str(c) for c in cards)


def suit_text(s: str | None) -> str:
    return GLYPH.get(s, s) if s else "none"


@dataclass(slots=True)
class Place:
    """Where a card is: 'hand' (of ``player``, certainly), 'maybe' (in ``player``'s hand or
    discarded face down by them), 'stock' (at ``index``; -1: somewhere in the deck), 'due'
    (in the deck, registered as ``player``'s draw number ``index``, 0-based: a private
    deal), 'trick' (played at trick ``index`` by ``player``; ``face_down``: laid face down,
    named), 'down' (certainly discarded unseen by ``player`` at trick ``index``: it was in
    the hand that play emptied)."""

    kind: str
    player: str | None = None
    index: int = -1
    face_down: bool = False


@dataclass(slots=True)
class CardBook:
    players: tuple[str, ...]
    places: dict[Card, Place] = field(default_factory=dict)
    known: dict[str, set[Card]] = field(default_factory=dict)
    maybe: dict[str, set[Card]] = field(default_factory=dict)
    size: dict[str, int] = field(default_factory=dict)
    drew_blind: dict[str, bool] = field(default_factory=dict)
    stock: list[Card] | None = None
    pos: int = 0
    deck_left: int = len(DECK_36) - HAND * 4
    private: bool = False  # a private deal: a refusal names no holder of a registered card
    # a private deal's registered draws (each seat's ``hands`` past the cards dealt, in the
    # order drawn), how many times each seat has drawn, and the registered draws that could
    # not be drawn (the card was laid before: a rule was broken then)
    due: dict[str, list[Card]] = field(default_factory=dict)
    drawn: dict[str, int] = field(default_factory=dict)
    bad_draws: list[tuple[str, Card]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for p in self.players:
            self.known[p] = set()
            self.maybe[p] = set()
            self.size[p] = HAND
            self.drew_blind[p] = False
            self.drawn[p] = 0

    # -- set-up -------------------------------------------------------------------------------

    def set_hand(self, p: str, cards: Sequence[Card]) -> None:
        """``p``'s hand as the file lists it: the cards dealt, then (a private deal) each
        card drawn, in the order drawn (``due`` until drawn)."""
        for c in cards[:HAND]:
            if c in DECK and c not in self.places:
                self.places[c] = Place("hand", p)
                self.known[p].add(c)
        self.due[p] = list(cards[HAND:])
        for i, c in enumerate(cards[HAND:]):
            if c in DECK and c not in self.places:
                self.places[c] = Place("due", p, i)

    def set_stock(self, cards: Sequence[Card]) -> None:
        self.stock = list(cards)
        for i, c in enumerate(cards):
            if c in DECK and c not in self.places:
                self.places[c] = Place("stock", None, i)

    def in_deck(self, c: Card) -> None:
        """A card known to be in the undealt deck (the trump card shown), place unknown."""
        if c in DECK and c not in self.places:
            self.places[c] = Place("stock", None, -1)

    # -- questions ----------------------------------------------------------------------------

    def undrawn(self, p: str) -> list[Card]:
        """``p``'s registered draws not drawn yet (a private deal after an undo, or a file)."""
        return self.due.get(p, [])[self.drawn[p]:]

    def free_slots(self, p: str) -> int:
        return self.size[p] - len(self.known[p])

    def hands_known(self) -> bool:
        return all(self.free_slots(p) == 0 for p in self.players)

    def holder(self, c: Card) -> str | None:
        pl = self.places.get(c)
        return pl.player if pl is not None and pl.kind == "hand" else None

    def problem(self, p: str, c: Card, slots: int) -> tuple[str, str] | None:
        """Why ``p`` cannot show ``c`` now (``slots``: cards of unknown face ``p`` still has
        for this play), as (rule, message), or None."""
        if c not in DECK:
            return "card-not-in-deck", f"{c} is not in the 36-card deck"
        pl = self.places.get(c)
        if pl is None:
            return None if slots > 0 else ("card-not-held", self.no_room(p, c))
        if pl.kind == "down" or pl.face_down:  # nobody saw it go: say neither who nor where
            return "card-duplicate", not_now(str(c), p)
        if pl.kind == "trick":
            return "card-duplicate", f"{c} was already played by {pl.player} at trick " \
                f"{pl.index}"
        if pl.kind == "hand":
            if pl.player == p:
                return None
            if self.private:
                return "card-not-held", f"{p} does not hold {c}"
            return "card-not-held", f"{p} does not hold {c} ({pl.player} holds it)"
        if pl.kind == "due":
            if pl.player == p:
                return "card-not-held", f"{p} does not hold {c} yet: it is {p}'s draw " \
                    f"{pl.index + 1}, not drawn yet"
            if self.private:
                return "card-not-held", f"{p} does not hold {c}"
            return "card-not-held", f"{p} does not hold {c} ({pl.player} draws it)"
        if pl.kind == "maybe":
            if pl.player != p:
                if self.private:
                    return "card-not-held", f"{p} does not hold {c}"
                return "card-not-held", f"{p} does not hold {c} (it went to {pl.player})"
            return None if slots > 0 else ("card-not-held", self.no_room(p, c))
        # in the deck
        if self.stock is not None and pl.index >= 0:
            return "stock-order", f"{c} is still in the deck (card {pl.index - self.pos + 1} " \
                f"from the top): {p} cannot hold it"
        if not self.drew_blind[p]:
            return "card-not-held", f"{p} cannot hold {c}: it was shown from the deck and " \
                f"{p} has not drawn since"
        return None if slots > 0 else ("card-not-held", self.no_room(p, c))

    def no_room(self, p: str, c: Card) -> str:
        known = self.known[p]
        if known:
            return f"{p} does not hold {c}: {p}'s hand has no room for it besides " \
                f"{cards_text(sorted(known, key=str))}"
        return f"{p} does not hold {c}: {p} has no card left for it"

    # -- changes ------------------------------------------------------------------------------

    def take(self, p: str, cards: Sequence[Card | None], trick: int, down: bool = False
             ) -> list[tuple[Card | None, str, str]]:
        """``p`` lays ``cards`` (``None``: unseen; ``down``: face down) on trick ``trick``;
        the problems found, per card. A card that breaks a rule is laid all the same
        (history)."""
        found: list[tuple[Card | None, str, str]] = []
        seen_here: set[Card] = set()
        known_first = sorted(cards, key=lambda c: 0 if c is not None and
                             c in self.known[p] else 1)
        for c in known_first:
            if c is None:
                continue
            if c in seen_here:
                found.append((c, "card-duplicate", f"{c} is twice in {p}'s play"))
                continue
            seen_here.add(c)
            prob = self.problem(p, c, self.free_slots(p))
            if prob is not None:
                found.append((c, prob[0], prob[1]))
            self._remove(p, c)
            self.places[c] = Place("trick", p, trick, down)
        blind = sum(1 for c in cards if c is None)
        if blind:
            self.size[p] = max(0, self.size[p] - blind)
            if self.known[p]:
                # some known cards may have gone face down: which ones is not known, unless
                # the play emptied the hand: then every one of them is in this trick
                for c in self.known[p]:
                    if self.size[p] == 0:
                        self.places[c] = Place("down", p, trick)
                    else:
                        self.places[c] = Place("maybe", p)
                        self.maybe[p].add(c)
                self.known[p].clear()
        return found

    def _remove(self, p: str, c: Card) -> None:
        pl = self.places.get(c)
        if pl is not None and pl.kind == "hand" and pl.player is not None:
            self.known[pl.player].discard(c)
            # (taken from another hand, that hand now holds a card not known)
        elif pl is not None and pl.kind == "maybe" and pl.player is not None:
            self.maybe[pl.player].discard(c)
        self._shrink(p)

    def _shrink(self, p: str) -> None:
        self.size[p] = max(0, self.size[p] - 1)
        if self.size[p] < len(self.known[p]):
            # cannot be (a rule was broken): forget what no longer fits
            extra = len(self.known[p]) - self.size[p]
            for c in sorted(self.known[p], key=str)[:extra]:
                self.known[p].discard(c)
                self.places[c] = Place("maybe", p)
                self.maybe[p].add(c)

    def give_back(self, p: str, cards: Sequence[Card | None], trick: int = 0) -> None:
        """A pull cancelled ``p``'s play (at trick ``trick``): the cards go back to the
        hand, the known cards it took face down included."""
        for back, was in list(self.places.items()):
            if was.kind == "down" and was.player == p and was.index == trick:
                self.places[back] = Place("hand", p)
                self.known[p].add(back)
        for c in cards:
            self.size[p] += 1
            if c is not None and c in DECK:
                pl = self.places.get(c)
                if pl is not None and pl.kind == "trick" and pl.player == p:
                    self.places[c] = Place("hand", p)
                    self.known[p].add(c)

    def draw(self, p: str) -> Card | None:
        """``p`` draws the top card of the deck; the card when the deck is known."""
        if self.deck_left <= 0:
            return None
        self.deck_left -= 1
        self.size[p] += 1
        i = self.drawn[p]
        self.drawn[p] = i + 1
        if self.stock is None or self.pos >= len(self.stock):
            due = self.due.get(p, ())
            if i < len(due):  # registered by the seat (a private deal)
                c = due[i]
                pl = self.places.get(c)
                if pl is not None and pl.kind == "due" and pl.player == p:
                    self.places[c] = Place("hand", p)
                    self.known[p].add(c)
                    return c
                if c in DECK:
                    self.bad_draws.append((p, c))
            self.drew_blind[p] = True
            return None
        c = self.stock[self.pos]
        self.pos += 1
        pl = self.places.get(c)
        if pl is not None and pl.kind == "stock":
            self.places[c] = Place("hand", p)
            self.known[p].add(c)
            return c
        self.drew_blind[p] = True  # the card was already shown (a rule was broken then)
        return None
