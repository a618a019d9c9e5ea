"""What the referee knows of the hands in a Schmier deal.

The shared ``Knowledge`` model keeps the pending assertions ("holds no ♥") and proves them false
when the player later shows a card that passes the test. Schmier hands change before play
(the Wisconsin kitty, the Schmier exchange), and they are often only partly known: the cards
a bidder took from the kitty are known while the rest of the hand is not, or a hand typed in
becomes uncertain when a player discards a *number* of cards without naming them. So this
model knows, per player, the cards certainly held now (``held``) and whether that is the whole
hand (``exact``); an assertion is checked at once against ``held`` and, for a hand not known
exactly, stays pending as in ``Knowledge``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...cards import Card
from ...knowledge import CardTest, Knowledge, Shown, VoidAssertion
from ...words import not_now
from . import text


class HandKnowledge(Knowledge):
    def __init__(self, deal: int, players: Iterable[str], deck: Iterable[Card]) -> None:
        super().__init__(deal, players, deck, None)
        self.held: dict[str, set[Card]] = {p: set() for p in self.players}
        self.exact: dict[str, bool] = dict.fromkeys(self.players, False)
        self.owner: dict[Card, str] = {}          # every card known to have been in a hand
        self.discarded: dict[Card, str] = {}
        self.undealt: set[Card] = set()           # cards known to lie in the stock
        self.known_hands = False

    # -- what enters and leaves a hand ---------------------------------------------------------

    def deal_hands(self, hands: dict[str, tuple[Card, ...]], stock: Iterable[Card]) -> None:
        """The hands as dealt: every player's, or (a private deal) those registered, the
        others unseen and the stock then unknown."""
        every = all(p in hands for p in self.players)
        for p in self.players:
            if p not in hands and not every:
                continue
            cards = set(hands.get(p, ()))
            self.held[p] = cards
            self.exact[p] = True
            for c in cards:
                self.owner[c] = p
        self.undealt = set(stock) if every else set()
        self.known_hands = every

    def promise(self, player: str, cards: Iterable[Card]) -> None:
        """Cards ``player`` registered as drawn later (a private deal): nobody else's."""
        for c in cards:
            self.owner.setdefault(c, player)
            self.undealt.discard(c)

    def receive(self, player: str, cards: Iterable[Card]) -> None:
        for c in cards:
            self.held[player].add(c)
            self.owner[c] = player
            self.undealt.discard(c)

    def lose(self, player: str, cards: Iterable[Card]) -> None:
        """Cards discarded face down, named."""
        for c in cards:
            self.unshow(c)
            self.held[player].discard(c)
            self.discarded.setdefault(c, player)
            self.undealt.discard(c)

    def open_stock(self, player: str | None) -> None:
        """Unknown cards left the stock: into ``player``'s hand (then nobody else can hold
        them), or into unknown hands (``None``)."""
        if player is not None:
            for c in self.undealt:
                self.owner.setdefault(c, player)
        self.undealt = set()

    def blur(self, player: str, keep_certain: bool) -> None:
        """The hand is no longer known exactly: new unknown cards came in (``keep_certain``)
        or unnamed cards went out (then no card of it is certain any more)."""
        self.exact[player] = False
        if not keep_certain:
            self.held[player] = set()

    def hold(self, player: str, c: Card) -> None:
        """``c`` shown by ``player`` (``show_hand``): certainly theirs until played."""
        self.held[player].add(c)
        self.owner[c] = player

    def unshow(self, c: Card) -> None:
        shower = self.shown_by.pop(c, None)
        if shower is not None:
            self.held[shower].discard(c)

    def certain(self, player: str) -> set[Card]:
        return set(self.held[player])

    # -- checks -------------------------------------------------------------------------------

    def problem(self, player: str, c: Card, ascii_only: bool = False) -> tuple[str, str] | None:
        if c not in self.deck:
            return "card-not-in-deck", text.not_in_deck(c)
        if c in self.discarded:  # face down: neither who discarded it nor when is said
            return "card-duplicate", not_now(str(c), player)
        s = self.seen.get(c)
        if s is not None:
            who, trick, _turn = s
            return "card-duplicate", text.played_before(c, who, trick)
        owner = self.owner.get(c)
        if owner is not None and owner != player:  # (a private deal: the holder unsaid)
            return "card-not-held", text.not_held(player, c,
                                                  holder=None if self.private else owner)
        if c in self.undealt:
            return "card-not-held", text.not_held(player, c, undealt=True)
        if self.exact[player] and c not in self.held[player]:
            return "card-not-held", text.not_held(player, c)
        return None

    def holding(self, player: str, test: CardTest) -> list[Card]:
        return sorted((c for c in self.held[player] if test(c)), key=lambda c: (c.suit, c.rank))

    def assert_void(self, assertion: VoidAssertion) -> Card | None:
        held = self.holding(assertion.player, assertion.test)
        if held:
            return held[0]
        if not self.exact[assertion.player]:
            self.pend(assertion)
        return None

    def show(self, player: str, c: Card, trick: int | None = None,
             turn: int | None = None) -> Sequence[tuple[VoidAssertion, Card, Shown]]:
        broken = super().show(player, c, trick, turn)
        self.held[player].discard(c)
        self.owner.setdefault(c, player)
        self.undealt.discard(c)
        return broken

    def may_hold(self, player: str, assertions: bool = True) -> set[Card]:
        if self.exact[player]:
            return set(self.held[player])
        cards = {c for c in self.unseen() if c not in self.discarded and c not in self.undealt
                 and self.owner.get(c, player) == player}
        for a in self.assertions[player] if assertions else ():
            cards = {c for c in cards if not a.test(c)}
        return cards | self.held[player]
