"""The knowledge model: who may still hold what, in one deal.

The referee usually sees only the cards played. Every card a player shows was in their hand
from the deal on (in the trick games nothing enters a hand during play, except where a game
says so, and then it tells the model). So each action that *asserts* something about a hand —
"I have no heart" when a player does not follow hearts, "I hold only hearts" when one leads a
heart in a no-hearts deal — becomes a pending ``VoidAssertion`` (not to be confused with a
claim of tricks, ``referee/claims/``). When hands are known the assertion is checked at once;
when they are not, it stays pending, and the first card the player later shows that
contradicts it proves the breach, which is reported where the assertion was made. Once every
dealt card has been shown, every assertion left pending is known to have been true.

Hands may also be known for some players only (a ``private`` deal: each player registered
their own hand with the referee, SAVEFILE.md): ``registered`` holds those hands, checked at
once as known hands are, while the others stay unseen and their assertions pending. A registered
hand must never be told to anyone else while the deal is in progress, so ``private`` keeps
the holder's name out of a refusal ("Bartek does not hold 7♥", not "Ala holds it").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .cards import Card
from .errors import Violation

CardTest = Callable[[Card], bool]
EVERY_SUIT = ("S", "H", "D", "C", "X")  # watched for an assertion any card might prove false


@dataclass(frozen=True, slots=True)
class VoidAssertion:
    """An action's assertion that ``player`` held no card passing ``test``.

    ``text`` says it ("Bartek did not follow ♥ at trick 5"); ``say`` is that text, or what
    makes it when it is first asked for (most assertions are never proven false, and so
    never said). ``suits``, when given, are the printed suits of every card the test can pass
    ("void in hearts": the hearts), so that a card of another suit is known not to prove it
    without asking the test; None when any card might.
    """

    player: str
    test: CardTest
    rule: str
    say: str | Callable[[], str]
    deal: int
    trick: int | None
    turn: int | None = None
    suits: frozenset[str] | None = None

    @property
    def text(self) -> str:
        say = self.say
        return say if isinstance(say, str) else say()


def _suit_test(suit: str) -> CardTest:
    def of_suit(c: Card) -> bool:
        return c.suit == suit

    return of_suit


SUIT_TEST = {s: _suit_test(s) for s in ("S", "H", "D", "C")}  # "a card of this suit"
ONE_SUIT = {s: frozenset((s,)) for s in ("S", "H", "D", "C")}


@dataclass(frozen=True, slots=True)
class Shown:
    """Where a card was shown, and by whom."""

    player: str
    trick: int | None
    turn: int | None


Proof = tuple[VoidAssertion, Card, Shown]  # an assertion, the card proving it false, where shown
# An assertion "held no card of this suit" kept unmade (``Knowledge.pend_void``): (suit, rule,
# deal, trick, say). Most are never proven false nor read; a frozen ``VoidAssertion`` costs
# several times a tuple to make, and a replay without hands makes one for every card off suit
# (a quarter of a Kierki replay's time, measured). It becomes its ``VoidAssertion`` when proven
# false or read.
UnmadeVoid = tuple[str, str, int, int | None, "str | Callable[[], str]"]


def _made(player: str, v: UnmadeVoid) -> VoidAssertion:
    suit, rule, deal, trick, say = v
    return VoidAssertion(player, SUIT_TEST[suit], rule, say, deal, trick, suits=ONE_SUIT[suit])


class Knowledge:
    """What the referee knows of the hands in one deal."""

    def __init__(self, deal: int, players: Iterable[str], deck: Iterable[Card],
                 hands: dict[str, Iterable[Card]] | None = None, private: bool = False
                 ) -> None:
        self.deal = deal
        self.players = tuple(players)
        self.deck = frozenset(deck)
        self.private = private
        # every card shown in this deal: who showed it first, at which trick or turn
        self.seen: dict[Card, tuple[str, int | None, int | None]] = {}
        # every hand known (None: not every one); ``registered``: the hands known when only
        # some are (a private deal), else empty
        self.hands: dict[str, set[Card]] | None = None
        self.registered: dict[str, set[Card]] = {}
        if hands is not None and all(p in hands for p in self.players):
            self.hands = {p: set(hands.get(p, ())) for p in self.players}
        elif hands is not None:
            self.registered = {p: set(hands[p]) for p in self.players if p in hands}
        # every player's pending assertions, in the order made (``assertions``); an
        # ``UnmadeVoid`` is one kept unmade
        self._pending: dict[str, list[VoidAssertion | UnmadeVoid]] = {p: [] for p in self.players}
        self._unmade = 0  # how many ``UnmadeVoid`` are pending
        # the suits of the cards that could prove one of a player's pending assertions false
        self.watch: dict[str, set[str]] = {p: set() for p in self.players}
        # cards shown to the table without being played (``show_hand``), not played since:
        # who holds each (they must still be played from that hand)
        self.shown_by: dict[Card, str] = {}

    @property
    def hands_known(self) -> bool:
        return self.hands is not None

    def hand_of(self, player: str) -> set[Card] | None:
        """``player``'s hand now where the referee knows it (every hand known, or this one
        registered), else None."""
        if self.hands is not None:
            return self.hands[player]
        return self.registered.get(player) if self.registered else None

    def registered_cards(self) -> set[Card]:
        """Every card in a registered hand now (none unless some hands are registered)."""
        return set().union(*self.registered.values()) if self.registered else set()

    def _holder(self, c: Card) -> str | None:
        known = self.hands if self.hands is not None else self.registered
        return next((p for p, h in known.items() if c in h), None)

    @property
    def assertions(self) -> dict[str, list[VoidAssertion]]:
        """Every player's pending assertions, in the order they were made."""
        pending = self._pending
        if self._unmade:
            for p, mine in pending.items():
                for i, a in enumerate(mine):
                    if isinstance(a, tuple):
                        mine[i] = _made(p, a)
            self._unmade = 0
        return pending  # type: ignore[return-value]  # every one made just now

    # -- immediate checks ---------------------------------------------------------------------

    def problem(self, player: str, c: Card, ascii_only: bool = False) -> tuple[str, str] | None:
        """Why ``player`` cannot show ``c`` now, as (rule, message), or None."""
        if c not in self.deck:
            return "card-not-in-deck", f"{c} is not in this game's deck"
        s = self.seen.get(c)
        if s is not None:
            who, trick, turn = s
            where = f" at trick {trick}" if trick is not None else (
                f" at turn {turn}" if turn is not None else "")
            return "card-duplicate", f"{c} was already played by {who}{where}"
        shower = self.shown_by.get(c)
        if shower is not None and shower != player:
            return "card-not-held", f"{player} does not hold {c} ({shower} showed it)"
        if self.hands is not None or self.registered:
            mine = self.hand_of(player)
            holder = self._holder(c) if mine is None or c not in mine else player
            if holder != player and (mine is not None or holder is not None):
                extra = f" ({holder} holds it)" if holder and not self.private else ""
                return "card-not-held", f"{player} does not hold {c}{extra}"
        return None

    def holding(self, player: str, test: CardTest) -> list[Card]:
        """Cards known to be in ``player``'s hand now that pass ``test`` (hands known; else
        the cards the player showed and has not played)."""
        mine = self.hand_of(player)
        cards: Iterable[Card] = mine if mine is not None else self.shown_of(player)
        return sorted((c for c in cards if test(c)), key=lambda c: (c.suit, c.rank))

    def shown_of(self, player: str) -> set[Card]:
        """The cards ``player`` showed the table and has not played yet."""
        return {c for c, p in self.shown_by.items() if p == player}

    def certain(self, player: str) -> set[Card]:
        """The cards known to be in ``player``'s hand now (hands known: the hand)."""
        mine = self.hand_of(player)
        if mine is not None:
            return set(mine)
        return self.shown_of(player)

    # -- recording ----------------------------------------------------------------------------

    def assert_void(self, assertion: VoidAssertion) -> Card | None:
        """Record that the player asserts holding no card passing the test.

        With hands known the assertion is checked now: a card that contradicts it is returned.
        Otherwise it stays pending until a later card proves it false (unless a card the
        player showed and still holds contradicts it now).
        """
        if self.hands is not None or self.shown_by or self.registered:
            held = self.holding(assertion.player, assertion.test)
            if held or self.hand_of(assertion.player) is not None:
                return held[0] if held else None
        self.pend(assertion)
        return None

    def pend(self, assertion: VoidAssertion) -> None:
        """Keep ``assertion`` until a card proves it false (or the deal ends). The same assertion
        made twice (a player written twice in one trick) is kept once: one proof, one
        violation (RULES.md: one violation per rule per action)."""
        a = assertion
        mine = self._pending[a.player]
        if mine and _made_already(mine, a.rule, a.deal, a.trick, a.turn):
            return
        mine.append(a)
        self.watch[a.player].update(a.suits if a.suits is not None else EVERY_SUIT)

    def pend_void(self, player: str, suit: str, rule: str, deal: int, trick: int | None,
                  say: str | Callable[[], str]) -> None:
        """``pend(VoidAssertion(player, SUIT_TEST[suit], rule, say, deal, trick,
        suits=ONE_SUIT[suit]))``, the assertion kept unmade until it is proven false or read."""
        mine = self._pending[player]
        if mine and _made_already(mine, rule, deal, trick, None):
            return
        mine.append((suit, rule, deal, trick, say))
        self._unmade += 1
        self.watch[player].add(suit)

    def play(self, player: str, c: Card, trick: int | None = None, turn: int | None = None
             ) -> tuple[tuple[str, str] | None, Sequence[Proof]]:
        """``player`` plays ``c``: checked, then shown. Returns why they could not play it
        (rule, message) or None, and the assertions it proves false. A card already seen in this
        deal, or one outside the deck, is reported as that and proves nothing of the hand."""
        problem = None
        if c in self.seen or c not in self.deck or c in self.shown_by or (
                self.hands is not None and c not in self.hands[player]) or (
                self.registered and self.problem(player, c) is not None):
            problem = self.problem(player, c)
            if problem is not None and problem[0] != "card-not-held":
                return problem, ()
        return problem, self.show(player, c, trick, turn)

    def show(self, player: str, c: Card, trick: int | None = None,
             turn: int | None = None) -> Sequence[Proof]:
        """``player`` shows ``c`` (plays or discards it face up). Returns the assertions it
        proves false, with the card and where it was shown."""
        seen = self.seen
        if c not in seen:
            seen[c] = (player, trick, turn)
        if self.shown_by:
            self.unshow(c)
        if self.hands is not None:
            if c in self.hands[player]:
                self.hands[player].discard(c)
            else:
                for h in self.hands.values():
                    h.discard(c)
        elif self.registered:
            for h in self.registered.values():
                h.discard(c)
        if c.suit not in self.watch[player]:
            return ()  # the common case: nothing this player said can be proven by this card
        return self.prove(player, c, trick, turn)

    def show_new(self, player: str, c: Card, trick: int | None) -> Sequence[Proof]:
        """``show(player, c, trick)`` for a card of the deck not seen before and, hands known,
        held by ``player`` (a replay's common card: the checks already made)."""
        self.seen[c] = (player, trick, None)
        hands = self.hands
        if hands is not None:
            hands[player].discard(c)
        elif self.registered:
            mine = self.registered.get(player)
            if mine is not None:
                mine.discard(c)
        if c.suit in self.watch[player]:
            return self.prove(player, c, trick, None)
        return ()

    def prove(self, player: str, c: Card, trick: int | None,
              turn: int | None) -> list[Proof]:
        """The pending assertions of ``player`` that ``c`` proves false (no longer pending)."""
        broken: list[Proof] = []
        where = Shown(player, trick, turn)
        watch: set[str] = set()
        keep: list[VoidAssertion | UnmadeVoid] = []
        for a in self._pending[player]:
            if isinstance(a, tuple):
                if c.suit == a[0]:
                    broken.append((_made(player, a), c, where))
                    self._unmade -= 1
                else:
                    keep.append(a)
                    watch.add(a[0])
            elif a.test(c):
                broken.append((a, c, where))
            else:
                keep.append(a)
                watch.update(a.suits if a.suits is not None else EVERY_SUIT)
        self._pending[player] = keep
        self.watch[player] = watch
        return broken

    def show_hand(self, player: str, cards: Iterable[Card]
                  ) -> tuple[list[Proof], list[tuple[Card, str, str]]]:
        """``player`` shows ``cards`` to the table without playing them (the hand shown at a
        claim the table rejected, a card exposed): the player holds them until they play them.
        Returns the pending assertions they prove false, and the cards that cannot be the
        player's, each with (rule, message). A card the player has played already is
        consistent (a deal's ``shown`` is read after its tricks) and adds nothing."""
        proofs: list[Proof] = []
        problems: list[tuple[Card, str, str]] = []
        for c in cards:
            s = self.seen.get(c)
            if s is not None and s[0] == player or self.shown_by.get(c) == player:
                continue
            problem = self.problem(player, c)
            if problem is not None:
                problems.append((c, *problem))
                continue
            self.shown_by[c] = player
            self.hold(player, c)
            if self._pending[player]:
                proofs.extend(self.prove(player, c, None, None))
        return proofs, problems

    def hold(self, player: str, c: Card) -> None:
        """``c`` is known to be in ``player``'s hand (shown): what a model of partly known
        hands records of it (nothing here: ``shown_by`` says it)."""

    def unshow(self, c: Card) -> None:
        """``c`` was played: no longer a shown card held."""
        self.shown_by.pop(c, None)

    def receive(self, player: str, cards: Iterable[Card]) -> None:
        """Cards entering a known hand during the deal (an exchange, a draw)."""
        mine = self.hand_of(player)
        if mine is not None:
            mine.update(cards)

    def release(self, player: str, cards: Iterable[Card]) -> None:
        """Cards leaving a hand without being shown in play (discarded face down)."""
        mine = self.hand_of(player)
        if mine is not None:
            mine.difference_update(cards)

    # -- questions ----------------------------------------------------------------------------

    def unseen(self) -> set[Card]:
        return set(self.deck) - set(self.seen)

    def may_hold(self, player: str, assertions: bool = True) -> set[Card]:
        """Cards ``player`` may still hold, on what is known now (``assertions`` False:
        leaving out what the player's own play asserted, as a hand shown may prove it false)."""
        mine = self.hand_of(player)
        if mine is not None:
            return set(mine)
        cards = self.unseen()
        for p, h in self.registered.items():  # a registered hand's cards are its player's
            if p != player:
                cards -= h
        if self.shown_by:  # a card another player showed is theirs
            cards -= {c for c, p in self.shown_by.items() if p != player}
        for a in self.assertions[player] if assertions else ():
            cards = {c for c in cards if not a.test(c)}
        return cards

    def violation(self, assertion: VoidAssertion, c: Card, shown: Shown, at: int,
                  where: str | None = None) -> Violation:
        """The retro violation of ``assertion``, proven by ``c``; ``where`` says where it was
        shown when not at a trick or a turn (``"shown at the claim"``)."""
        if where is None:
            if shown.trick is not None:
                where = f"played at trick {shown.trick}"
            elif shown.turn is not None:
                where = f"played at turn {shown.turn}"
            else:
                where = "played later"
        a = assertion
        return Violation(self.deal, a.trick, a.player, a.rule, f"{a.text} but held {c} ({where})",
                         turn=a.turn, at=at, retro=True)


def _made_already(mine: list[VoidAssertion | UnmadeVoid], rule: str, deal: int,
                  trick: int | None, turn: int | None) -> bool:
    """Whether the same assertion is pending already (a player written twice in one trick)."""
    for c in mine:
        if isinstance(c, tuple):
            if c[3] == trick and c[1] == rule and turn is None and c[2] == deal:
                return True
        elif c.trick == trick and c.rule == rule and c.turn == turn and c.deal == deal:
            return True
    return False
