"""Kierki replayed: the state machine of one deal, the small lottery, and the penalties."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ...cards import DECK_52, SUIT_NAME, Card, card
from ...compact import Layout, TrickRules, plain_rules
from ...errors import Violation
from ...knowledge import SUIT_TEST, Knowledge, VoidAssertion
from ...model import Deal, Key, Pass, Play, Setup
from ...store import claimkeys as claim_text
from ...store.claimkeys import TableClaim
from ...trick import Trick, TrickPlay, why_it_wins, winning_play
from . import text

DEALS = 12
TRUMP_DEALS = (8, 9, 10, 11)
LOTTERY = 12
HEARTS_LEAD = (2, 5, 7)
NAMES = {1: "no tricks", 2: "no hearts", 3: "no queens", 4: "no jacks or kings",
         5: "no king of hearts", 6: "not the 7th or the last trick", 7: "all penalties at once",
         8: "trumps", 9: "trumps", 10: "trumps", 11: "trumps", 12: "the small lottery"}
KH = Card(13, "H")
DECK_SET = frozenset(DECK_52)
SHOWN = "shown to the table"  # where a card of ``shown`` proved an assertion false
KIERKI = Layout("kierki", DECK_52)  # the deck as small ints (``referee.compact``)
_RULES: dict[tuple[bool, str | None], TrickRules] = {}


def kierki_rules(deal: int, trump: str | None = None) -> TrickRules:
    """Kierki deal ``deal`` (1-11) on the compact core: follow suit if able, else any card;
    hearts may not be led in deals 2, 5 and 7 while the leader holds another suit; trump
    (deals 8-11) wins. Built once per (hearts led or not, trump) and cached."""
    key = (deal in HEARTS_LEAD, trump)
    rules = _RULES.get(key)
    if rules is None:
        lead_ok = KIERKI.full & ~KIERKI.suit_masks[1] if deal in HEARTS_LEAD else KIERKI.full
        rules = _RULES[key] = plain_rules(f"kierki deal {deal}, trump {trump}", KIERKI, trump,
                                          lead_ok, False)
    return rules


def kind(n: int) -> str:
    return "lottery" if n == LOTTERY else ("trump" if n in TRUMP_DEALS else "penalty")


def card_penalty(n: int, c: Card) -> int:
    """What one card in a taken trick costs in penalty deal ``n``."""
    p = 0
    if n in (2, 7) and c.suit == "H":
        p -= 20
    if n in (3, 7) and c.rank == 12:
        p -= 60
    if n in (4, 7) and c.rank in (11, 13):
        p -= 30
    if n in (5, 7) and c is KH:
        p -= 150
    return p


CARD_PENALTY: dict[int, dict[Card, int]] = {}  # deal -> its cards that cost, made on first use


def trick_penalty(n: int, number: int, cards: Sequence[Card]) -> int:
    """What taking this trick costs (deals 1-7) or earns (8-11)."""
    if n in TRUMP_DEALS:
        return 25
    table = CARD_PENALTY.get(n)
    if table is None:
        table = CARD_PENALTY[n] = {c: v for c in DECK_52 if (v := card_penalty(n, c))}
    p = sum([table.get(c, 0) for c in cards]) if table else 0
    if n in (1, 7):
        p -= 20
    if n in (6, 7) and number in (7, 13):
        p -= 75
    return p


def penalties_gone(n: int, taken: set[Card]) -> bool:
    """Deals 2-5 can end early (option stop_when_penalties_gone)."""
    if n == 2:
        return sum(1 for c in taken if c.suit == "H") == 13
    if n == 3:
        return sum(1 for c in taken if c.rank == 12) == 4
    if n == 4:
        return sum(1 for c in taken if c.rank in (11, 13)) == 8
    if n == 5:
        return KH in taken
    return False


OUTSIDE = ("outside",)


@dataclass(slots=True)
class LotteryTurn:
    """One turn of the small lottery: a card played, or a pass (card None); ``note`` is set
    when a later entry proves something about it."""

    number: int
    player: str
    card: Card | None
    at: int
    note: str = ""


@dataclass(slots=True, eq=False)
class DealState:
    """One Kierki deal, replayed: made from the deal's set-up, then changed entry by entry
    (a state, compared by identity)."""

    setup: Setup
    number: int
    dealer: str
    base: int  # global index of this deal's first entry
    start_rank: int = 7
    stop_early: bool = False
    trump_chooser: str = "dealer"
    know: Knowledge = field(init=False)
    trump: str | None = field(init=False, default=None)
    hands_known: bool = field(init=False, default=False)
    tricks: list[Trick] = field(init=False, default_factory=list)
    current: Trick | None = field(init=False, default=None)
    finished: bool = field(init=False, default=False)
    taken: set[Card] = field(init=False, default_factory=set)
    scores: dict[str, int] = field(init=False)
    violations: list[Violation] = field(init=False, default_factory=list)
    outcome: dict[str, Any] | None = field(init=False, default=None)
    claimed: dict[str, int] | None = field(init=False, default=None)
    note: str | None = field(init=False, default=None)
    # an accepted claim of the rest: the claimer took ``claim_tricks`` tricks (the one on
    # the table included) and every card not yet played
    claim: TableClaim | None = field(init=False, default=None)
    claim_at: int = field(init=False, default=-1)
    claim_tricks: int = field(init=False, default=0)
    # entry index -> why, for the cards that did more than lead or follow
    notes: dict[int, tuple[Any, ...]] = field(init=False, default_factory=dict)
    nxt: dict[str, str] = field(init=False)
    led: str | None = field(init=False, default=None)  # the suit led in the trick on the table
    # the small lottery: the cards that fit the layout now, and suit by suit
    fits: frozenset[Card] | None = field(init=False, default=None)
    ends: dict[str, tuple[Card, ...]] = field(init=False, default_factory=dict)
    turns: list[LotteryTurn] = field(init=False, default_factory=list)
    layout: dict[str, set[int]] = field(init=False, default_factory=dict)
    played: dict[str, int] = field(init=False)
    out: list[str] = field(init=False, default_factory=list)
    late: int = field(init=False, default=0)  # cards or turns entered after the deal ended
    # the cards after a deal that stop_when_penalties_gone ended early: not played under
    # the option, and no violation (RULES.md "Scoring under another option")
    not_played: list[str] = field(init=False, default_factory=list)
    leader: str = field(init=False)
    to_move: str = field(init=False)

    def __post_init__(self) -> None:
        players = self.setup.players
        self.know = Knowledge(self.number, players, DECK_SET)
        self.scores = {p: 0 for p in players}
        self.nxt = {p: self.setup.left_of(p) for p in players}
        self.played = {p: 0 for p in players}
        if self.number == LOTTERY:
            self.leader = self.dealer
        elif self.number in TRUMP_DEALS:
            self.leader = self.chooser()
        else:
            self.leader = self.setup.left_of(self.dealer)
        self.to_move = self.leader

    def note_text(self, t: Trick, p: TrickPlay) -> str:
        """Why the card of ``p`` in trick ``t`` was legal (or not), in words."""
        note = self.notes.get(p.at)
        if note is None:  # a card that led or followed: read off the trick, not kept
            first = next((x for x in t.plays if x.card in DECK_SET), None)
            if first is None:
                return ""
            return "led" if first is p else f"followed {SUIT_NAME[first.card.suit]}"
        kind, *rest = note
        suit = SUIT_NAME.get(rest[0], rest[0]) if rest else ""
        if kind == "void":
            return f"did not follow {suit}: claims to be void"
        if kind == "revoked":
            return f"did not follow {suit} while holding {rest[-1]}"
        if kind == "heart-lead":
            return "led a heart: claims to hold only hearts"
        if kind == "outside":
            return "not a card of this deck: it sets no suit and cannot win"
        if kind == "heart-lead-held":
            return f"led a heart while holding {rest[-1]}"
        return str(kind)

    def left_out(self) -> str:
        """The tricks not played under stop_when_penalties_gone, in words ("" for none)."""
        if not self.not_played:
            return ""
        return text.not_played(-(-len(self.not_played) // 4))

    def chooser(self) -> str:
        return self.setup.left_of(self.dealer) if self.trump_chooser == "left" else self.dealer

    def flag(self, at: int, rule: str, msg: str, player: str | None,
             trick: int | None = None, turn: int | None = None) -> None:
        self.violations.append(Violation(self.number, trick, player, rule, msg, turn=turn,
                                         at=at))

    # -- keys ---------------------------------------------------------------------------------

    def key(self, e: Key, at: int) -> None:
        if e.name == "hands":
            self.know = Knowledge(self.number, self.setup.players, DECK_SET, e.value)
            self.hands_known = self.know.hands is not None
        elif e.name == "private":
            self.know.private = bool(e.value)
        elif e.name == "trump":
            self.trump = e.value
        elif e.name == "outcome":
            self.outcome = e.value
        elif e.name == "claimed":
            self.claimed = e.value
        elif e.name == "note":
            self.note = e.value
        elif e.name == "claim":
            self.take_claim(e.value, at)
        elif e.name == "shown":
            self.take_shown(e.value, at)

    def take_shown(self, shown: dict[str, tuple[Card, ...]], at: int) -> None:
        """Cards shown to the table without being played (``shown``): the player holds them
        until they play them; a card that proves an earlier assertion false proves that breach."""
        know = self.know
        for who, cards in shown.items():
            proofs, problems = know.show_hand(who, cards)
            for _c, rule, msg in problems:
                self.flag(at, rule, msg, who)
            for a, shown_card, where in proofs:
                self.violations.append(know.violation(a, shown_card, where, at, SHOWN))

    def take_claim(self, tc: TableClaim, at: int) -> None:
        """The table accepted ``tc``: the claimer takes the trick on the table, every trick
        left and every card not yet played, scored as if played; the deal is over. The cards
        are not shown: nothing is proven of the hands by them."""
        who = tc.claimer
        if self.finished or self.number == LOTTERY:
            self.flag(at, "turn-order", text.claim_after_the_deal(who), who)
            return
        if self.outcome is not None:
            self.flag(at, "turn-order", text.claim_over_outcome(who), who)
            return
        if self.number in TRUMP_DEALS and self.trump is None and not self.tricks:
            self.flag(at, "turn-order", text.trump_first(self.chooser()), who, 1)
            return
        if tc.hand is not None:
            self.shown_hand(tc, at)
        n = self.number
        first = len(self.tricks) + 1
        seen = self.know.seen
        cards = ([p.card for p in self.current.plays] if self.current else []) + \
            [c for c in DECK_52 if c not in seen]
        gain = sum(trick_penalty(n, k, ()) for k in range(first, 14))
        if n not in TRUMP_DEALS:
            gain += sum(card_penalty(n, c) for c in cards if c in DECK_SET)
        self.scores[who] += gain
        self.taken.update(cards)
        self.claim, self.claim_at, self.claim_tricks = tc, at, 14 - first
        self.finished = True

    def shown_hand(self, tc: TableClaim, at: int) -> None:
        """The claimer's hand shown at the claim (``claim_hand``): its cards are shown, so a
        card of a suit the claimer did not follow proves that revoke; a card that cannot be in
        the hand, or the wrong number of cards, is ``outcome-total``."""
        who, know = tc.claimer, self.know
        hand = tc.hand or ()
        mine = [p for p in self.current.plays if p.player == who] if self.current else []
        held = 13 - len(self.tricks) - len(mine)
        if len(hand) != held:
            self.flag(at, "outcome-total", claim_text.hand_size(who, len(hand), held), who)
        for c in hand:
            if c in know.seen:
                by, trick, _ = know.seen[c]
                self.flag(at, "outcome-total", claim_text.hand_card_played(who, c, by, trick),
                          who)
            elif know.hands is not None and c not in know.hands[who]:
                other = next((p for p, h in know.hands.items() if c in h), None)
                self.flag(at, "outcome-total", claim_text.hand_card_other(who, c, other), who)
            elif know.shown_by.get(c, who) != who:  # shown earlier by another (``shown``)
                self.flag(at, "outcome-total",
                          claim_text.hand_card_other(who, c, know.shown_by[c]), who)
            else:
                for a, card, shown in know.prove(who, c, None, None):
                    self.violations.append(know.violation(a, card, shown, at,
                                                          "shown at the claim"))
        for c in sorted(know.shown_of(who) - set(hand), key=lambda c: (c.suit, c.rank)):
            self.flag(at, "outcome-total", claim_text.hand_card_missing(who, c), who)

    # -- tricks -------------------------------------------------------------------------------

    def play(self, player: str, c: Card, at: int) -> None:
        if player == self.to_move and not self.finished:
            know = self.know
            hands = know.hands
            if c in know.seen or c not in know.deck or c in know.shown_by or (
                    hands is not None and c not in hands[player]) or (
                    know.registered and know.problem(player, c) is not None):
                pass  # a card that breaks something: the full way (``play_any``)
            elif (t := self.current) is not None:
                led = self.led
                if led is not None:
                    # the common card: in turn, a card of the deck not seen before and, hands
                    # known, held; it follows the suit led (it only shows the card) or does
                    # not (it asserts a void, checked or kept as ``play_any`` does)
                    number = t.number
                    proofs = know.show_new(player, c, number)
                    if c.suit != led:
                        self.revoke_assertion(player, led, number, at)
                    if proofs:
                        for a, shown_card, shown in proofs:
                            self.violations.append(know.violation(a, shown_card, shown, at))
                    plays = t.plays
                    plays.append(TrickPlay(player, c, at))
                    self.to_move = self.nxt[player]
                    if len(plays) == 4:
                        self.close_trick(t)
                    return
            elif (player == self.leader and (c.suit != "H" or self.number not in HEARTS_LEAD)
                  and (self.trump is not None or self.tricks or self.number not in TRUMP_DEALS)):
                # the common lead: by the leader, trump named where it must be, not a heart
                # where leading one asserts something
                t = self.current = Trick(len(self.tricks) + 1)
                self.led = c.suit
                proofs = know.show_new(player, c, t.number)
                if proofs:
                    for a, shown_card, shown in proofs:
                        self.violations.append(know.violation(a, shown_card, shown, at))
                t.plays.append(TrickPlay(player, c, at))
                self.to_move = self.nxt[player]
                return
        self.play_any(player, c, at)

    def play_any(self, player: str, c: Card, at: int) -> None:
        """Any card, whatever it breaks (``play`` takes the common one straight)."""
        if self.finished:
            if len(self.tricks) < 13 and self.outcome is None and self.claim is None:
                # ended early by the option
                self.not_played.append(f"{player}: {c}")
                return
            # numbered as entered: the first line after the end is the next trick
            self.flag(at, "turn-order", text.after_the_deal(player, c), player,
                      len(self.tricks) + 1 + self.late // 4)
            self.late += 1
            return
        t = self.current
        if t is None:
            number = len(self.tricks) + 1
            if number == 1 and self.trump is None and self.number in TRUMP_DEALS:
                self.flag(at, "turn-order", text.trump_first(self.chooser()), player, 1)
            if player != self.leader:
                self.wrong_leader(player, number, at)
            t = self.current = Trick(number)
            self.led = None
        else:
            number = t.number
            if player != self.to_move:
                self.flag(at, "turn-order", text.out_of_turn(player, number, self.to_move),
                          player, number)
        problem, proofs = self.know.play(player, c, number)
        if problem is not None:
            self.flag(at, problem[0], problem[1], player, number)
        # a card outside the deck (the joker) has no suit: it neither sets the suit led nor
        # says anything about its player's hand; the first real card sets the suit
        led = self.led
        if c not in DECK_SET:
            self.notes[at] = OUTSIDE
        elif led is None:
            self.led = c.suit
            if c.suit == "H" and self.number in HEARTS_LEAD and not t.plays:
                self.hearts_lead(player, c, t, at)
        elif c.suit != led:
            self.revoke_assertion(player, led, number, at)
        for a, shown_card, shown in proofs:
            self.violations.append(self.know.violation(a, shown_card, shown, at))
        plays = t.plays
        plays.append(TrickPlay(player, c, at))
        self.to_move = self.nxt[player]
        if len(plays) == 4:
            self.close_trick(t)

    def wrong_leader(self, player: str, number: int, at: int) -> None:
        rule = "lead-first" if number == 1 else "turn-order"
        self.flag(at, rule, text.wrong_leader(player, number, self.leader,
                                              self.number in TRUMP_DEALS), player, number)

    def revoke_assertion(self, player: str, led: str, number: int, at: int) -> None:
        know = self.know
        if know.hand_of(player) is not None:  # checked now: the assertion is never kept, nor said
            holds = know.holding(player, SUIT_TEST[led])
            held = holds[0] if holds else None
        else:  # kept until a card proves it false; said only then (a card shown: now)
            holds = know.holding(player, SUIT_TEST[led]) if know.shown_by else []
            held = holds[0] if holds else None
            if held is None:
                know.pend_void(player, led, "follow-suit", self.number, number,
                               partial(text.void_assertion, player, led, number))
        if held is not None:
            self.flag(at, "follow-suit", text.must_follow(player, led, held, number), player,
                      number)
            self.notes[at] = ("revoked", led, held)
        else:
            self.notes[at] = ("void", led)

    def hearts_lead(self, player: str, c: Card, t: Trick, at: int) -> None:
        held = self.know.assert_void(VoidAssertion(
            player, lambda x: x.suit != "H", "hearts-lead",
            text.hearts_assertion(player, c, t.number), self.number, t.number))
        if held is not None:
            self.flag(at, "hearts-lead", text.no_hearts_lead(player, held, t.number), player,
                      t.number)
            self.notes[at] = ("heart-lead-held", "H", held)
        else:
            self.notes[at] = ("heart-lead",)

    def close_trick(self, t: Trick) -> None:
        plays = t.plays
        cards = [p.card for p in plays]
        # a card outside the deck (the joker) has no suit: it never wins, nor sets the suit led
        real = plays if DECK_SET.issuperset(cards) else (
            [p for p in plays if p.card in DECK_SET] or plays)
        winner = real[winning_play(real, self.trump)].player
        t.winner = winner
        tricks = self.tricks
        tricks.append(t)
        self.current = None
        taken = self.taken
        taken.update(cards)
        n = self.number
        self.scores[winner] += 25 if n in TRUMP_DEALS else trick_penalty(n, t.number, cards)
        self.leader = self.to_move = winner
        if len(tricks) == 13 or (self.stop_early and penalties_gone(n, taken)):
            self.finished = True

    def why_won(self, t: Trick) -> str:
        """Why the trick's winner won, for ``explain``."""
        real = [p for p in t.plays if p.card in DECK_SET] or t.plays
        best = real[winning_play(real, self.trump)].card
        return f"{best} is {why_it_wins(best, real[0].card.suit, self.trump)}"

    # -- the small lottery --------------------------------------------------------------------

    def run(self, suit: str) -> tuple[int, int] | None:
        ranks = self.layout.get(suit)
        if not ranks or self.start_rank not in ranks:
            return None
        lo = hi = self.start_rank
        while hi + 1 in ranks:
            hi += 1
        while lo - 1 in ranks:
            lo -= 1
        return lo, hi

    def suit_fits(self, suit: str) -> tuple[Card, ...]:
        """The cards of ``suit`` that fit the layout now: its opening card, or the next card
        above the top and below the bottom of its row."""
        r = self.run(suit)
        if r is None:
            return (card(self.start_rank, suit),)
        lo, hi = r
        return ((card(hi + 1, suit),) if hi < 14 else ()) + (
            (card(lo - 1, suit),) if lo > 2 else ())

    def playable(self) -> frozenset[Card]:
        """The cards that fit the layout now (each suit's kept until a card of it is played)."""
        if self.fits is None:
            ends = self.ends
            for s in ("S", "H", "D", "C"):
                if s not in ends:
                    ends[s] = self.suit_fits(s)
            self.fits = frozenset(ends["S"] + ends["H"] + ends["D"] + ends["C"])
        return self.fits

    def lottery_turn(self, player: str, c: Card | None, at: int) -> None:
        number = len(self.turns) + 1 + self.late
        if self.finished:
            self.flag(at, "turn-order", text.after_the_lottery(player), player, turn=number)
            self.late += 1
            return
        if player != self.to_move:
            rule = "turn-order"  # the small lottery has turns, not tricks: no first lead
            self.flag(at, rule, text.turn_out_of_turn(player, number, self.to_move,
                                                      player in self.out), player, turn=number)
        turn = LotteryTurn(number, player, c, at)
        self.turns.append(turn)
        ok = self.playable()
        if c is None:
            held = self.know.assert_void(VoidAssertion(
                player, ok.__contains__, "fantan-must-play", text.pass_assertion(player, number),
                self.number, None, number))
            if held is not None:
                self.flag(at, "fantan-must-play", text.must_play(player, held), player,
                          turn=number)
            turn.note = "passed"
        else:
            problem, proofs = self.know.play(player, c, turn=number)
            if problem:
                self.flag(at, problem[0], problem[1], player, turn=number)
            elif c not in ok and c.suit in ("S", "H", "D", "C"):
                if self.run(c.suit) is None and c.rank != self.start_rank:
                    self.flag(at, "fantan-seven", text.not_opened(c, self.start_rank), player,
                              turn=number)
                else:
                    now = sorted((x for x in ok if x.suit == c.suit), key=lambda x: x.rank)
                    self.flag(at, "fantan-sequence",
                              text.not_in_sequence(c, [str(x) for x in now]), player,
                              turn=number)
            for a, shown_card, shown in proofs:
                self.violations.append(self.know.violation(a, shown_card, shown, at))
            self.layout.setdefault(c.suit, set()).add(c.rank)
            self.ends.pop(c.suit, None)
            self.fits = None
            self.played[player] += 1
            if self.played[player] == 13 and player not in self.out:
                self.out.append(player)
                self.scores[player] += 800 if len(self.out) == 1 else 500
                if len(self.out) == 2:
                    self.finished = True
            turn.note = "played"
        nxt = self.nxt[player]
        for _ in range(len(self.setup.players)):
            if nxt not in self.out:
                break
            nxt = self.nxt[nxt]
        self.to_move = nxt

    # -- the whole deal -----------------------------------------------------------------------

    def entry(self, e: Any, at: int) -> None:
        if isinstance(e, Key):
            self.key(e, at)
        elif self.number == LOTTERY:
            if isinstance(e, Pass):
                self.lottery_turn(e.player, None, at)
            elif isinstance(e, Play):
                c = e.cards[0]
                self.lottery_turn(e.player, c, at)
        elif isinstance(e, Play) and e.cards and e.cards[0] is not None:
            self.play(e.player, e.cards[0], at)


def replay_deal(setup: Setup, deal: Deal, number: int, dealer: str, base: int,
                options: dict[str, Any]) -> DealState:
    st = DealState(setup, number, dealer, base, start_rank=options["fantan_start_rank"],
                   stop_early=options["stop_when_penalties_gone"],
                   trump_chooser=options["trump_chooser"])
    entry = st.entry
    if number == LOTTERY:
        turn = st.lottery_turn
        for i, e in enumerate(deal.entries, base):
            if type(e) is Play and e.cards:
                turn(e.player, e.cards[0], i)
            elif type(e) is Pass:
                turn(e.player, None, i)
            else:
                entry(e, i)
        return st
    play = st.play
    for i, e in enumerate(deal.entries, base):
        if type(e) is Play and e.cards and e.cards[0] is not None:
            play(e.player, e.cards[0], i)  # the common entry, straight to its handler
        else:
            entry(e, i)
    return st
