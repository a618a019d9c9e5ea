"""Schmier and Wisconsin Schmier replayed: the state machine of one deal.

A deal goes through its phases in order: ``bid`` -> (Schmier) ``trump`` -> ``exchange``
(Wisconsin: the bidder's take and discard when ``kitty_view`` > 0; Schmier: every player's
discard from the dealer's left, the dealer last) -> ``play`` (6 tricks) -> ``over``. Every
entry is processed where it stands; a recorded game never stops at a violation. An action
that cannot stand counts as the nearest legal one (a bad bid is a pass). Entries left out of a
recorded deal (an exchange nobody wrote down) are simply unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...cards import GLYPH, JOKER, Card
from ...errors import Violation
from ...knowledge import VoidAssertion
from ...model import Bid, Deal, Exchange, Key, Play, Setup, team_name
from ...store.claimkeys import TableClaim
from ...trick import Trick, TrickPlay
from . import exchange as ex
from . import kept, text
from .exchange import ExRec
from .hands import HandKnowledge
from .kept import Keep
from .score import (
    SUIT_WORD,
    DealPoints,
    Order,
    Variant,
    count_points,
    points_won,
    teams_of,
)


@dataclass(slots=True)
class BidRec:
    player: str
    value: int | None   # as written
    counted: int | None  # as it counts (a bad bid is a pass)
    at: int


def glyph(s: str | None) -> str:
    return GLYPH.get(s or "", s or "?")


@dataclass(slots=True)
class DealState:
    """One deal of either game, replayed."""

    setup: Setup
    v: Variant
    number: int
    dealer: str
    base: int
    kitty_view: int = 0
    high_low: str = "ace-seven"
    know: HandKnowledge = field(init=False)
    team_of: dict[str, str] = field(init=False)
    teams: list[str] = field(init=False)
    phase: str = "bid"
    hands_known: bool = False
    hands: dict[str, tuple[Card, ...]] | None = None
    stock: tuple[Card, ...] | None = None
    stock_pos: int | None = None
    bids: list[BidRec] = field(default_factory=list)
    bid_turn: int = 0
    high: int = 0
    bidder: str | None = None
    redeal: bool = False
    void: bool = False
    trump: str | None = None
    trump_written: str | None = None
    trump_at: int | None = None
    order: Order = field(init=False)
    ex_pos: int = 0
    exchanges: list[ExRec] = field(default_factory=list)
    taken: int | None = None
    replaced: int | None = 0
    bidder_discards: tuple[Card, ...] = ()
    tricks: list[Trick] = field(default_factory=list)
    current: Trick | None = None
    leader: str = ""
    to_move: str = ""
    lead_at: int | None = None
    finished: bool = False
    finish_at: int = -1
    points: DealPoints | None = None
    violations: list[Violation] = field(default_factory=list)
    outcome: dict[str, str] | None = None
    outcome_at: int = -1
    claimed: dict[str, int] | None = None
    claimed_at: int = -1
    note: str | None = None
    # an accepted claim of the rest (claim.py): the tricks it took, the one on the table
    # included
    claim: TableClaim | None = None
    claim_at: int = -1
    claim_tricks: int = 0
    played_after: bool = False
    # who took or discarded when they could not: one turn-order for a take and its discard
    ex_refused: set[str] = field(default_factory=set)
    # the Schmier exchange as the deal records it: (entry index, player) of each discard, so
    # that a discard written before an earlier player's is held back until that one's turn
    ex_record: list[tuple[int, str]] = field(default_factory=list)
    ex_held: list[tuple[Exchange, int]] = field(default_factory=list)
    ex_early: bool = False  # the one turn-order of a deal whose exchange is out of order
    keeps: list[Keep] = field(default_factory=list)  # what a discard of a number promised
    # the Wisconsin bidder's discard of a number: its entry and the hand before it, kept
    # until the first lead fixes trump
    kitty_before: tuple[int, tuple[frozenset[Card], bool]] | None = None
    notes: dict[int, str] = field(default_factory=dict)  # entry index -> why (explain)
    # a private Schmier deal: each seat's registered draws (its ``hands`` past the 6 dealt,
    # in the order drawn at the exchange), and how many cards each seat has drawn so far
    listed: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    drawn: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        players = self.setup.players
        self.know = HandKnowledge(self.number, players, self.v.deck)
        groups = teams_of(players)
        self.teams = [team_name(g) for g in groups]
        self.team_of = {p: team_name(g) for g in groups for p in g}
        self.order = Order(None, self.v.bauers)
        self.to_move = self.setup.left_of(self.dealer)

    # -- helpers ------------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.setup.players)

    def flag(self, at: int, rule: str, msg: str, player: str | None,
             trick: int | None = None, retro: bool = False) -> None:
        if not retro:  # one entry breaks a rule once (RULES.md): the first reason is enough
            for v in reversed(self.violations):
                if v.at != at:
                    break
                if v.rule == rule and v.player == player and not v.retro:
                    return
        self.violations.append(Violation(self.number, trick, player, rule, msg, at=at,
                                         retro=retro))

    def after_deal(self, at: int, player: str, what: str) -> None:
        """A take, discard or card written after the deal ended: one violation, at the first;
        the rest count for nothing (as deals written after the end of the game)."""
        if not self.played_after:
            self.flag(at, "turn-order", text.deal_over(self.number, player, what), player)
        self.played_after = True

    def bid_order(self) -> list[str]:
        return [self.setup.left_of(self.dealer, i) for i in range(1, self.seats + 1)]

    def ex_order(self) -> list[str]:
        if self.v.kitty:
            return [self.bidder or ""] * 2
        return self.bid_order()

    @property
    def bidder_team(self) -> str | None:
        return self.team_of[self.bidder] if self.bidder else None

    def plays(self) -> list[TrickPlay]:
        out = [p for t in self.tricks for p in t.plays]
        if self.current:
            out.extend(self.current.plays)
        return out

    # -- the whole deal -----------------------------------------------------------------------

    def start(self, deal: Deal) -> None:
        self.ex_record = [(self.base + i, e.player) for i, e in enumerate(deal.entries)
                          if isinstance(e, Exchange) and e.kind == "discard"]
        hands = deal.key("hands")
        stock = deal.key("stock")
        if hands is not None and stock is None and deal.key("private") is True and \
                self.v.bauers:  # each hand: the 6 dealt, then the cards drawn at the exchange
            self.listed = {p: h[6:] for p, h in hands.items() if len(h) > 6}
            hands = {p: h[:6] for p, h in hands.items()}
        if hands is not None and not all(p in hands for p in self.setup.players):
            self.know.deal_hands(hands, ())  # a private deal: some hands registered
            self.know.private = deal.key("private") is True
        elif hands is not None:
            self.hands = hands
            self.stock = tuple(stock) if stock is not None else None
            rest = set(self.v.deck) - {c for h in hands.values() for c in h}
            self.know.deal_hands(hands, rest)
            self.hands_known = True
            self.stock_pos = 0 if self.stock is not None else None
            self.know.private = deal.key("private") is True
        for p, cards in self.listed.items():  # drawn later: nobody else holds them
            self.know.promise(p, cards)

    def draw_listed(self, p: str, n: int | None) -> tuple[Card, ...]:
        """``p`` draws ``n`` cards at the exchange (None: the rest it has registered): those
        of its registered draws still to come that it may hold (a private deal)."""
        i = self.drawn.get(p, 0)
        mine = self.listed.get(p, ())[i:] if n is None else self.listed.get(p, ())[i:i + n]
        self.drawn[p] = i + (len(mine) if n is None else n)
        know = self.know
        return tuple(c for c in mine if know.owner.get(c) == p and c not in know.seen
                     and c not in know.discarded)

    def entry(self, e: Any, at: int) -> None:
        if isinstance(e, Key):
            self.key(e, at)
            return
        if self.void:
            return
        if isinstance(e, Bid):
            self.bid(e, at)
        elif isinstance(e, Exchange):
            self.exchange(e, at)
        elif isinstance(e, Play) and e.cards and e.cards[0] is not None:
            self.play(e.player, e.cards[0], at)

    def key(self, e: Key, at: int) -> None:
        if e.name == "trump":
            self.name_trump(e.value, at)
        elif e.name == "outcome":
            self.outcome, self.outcome_at = e.value, at
        elif e.name == "claimed":
            self.claimed, self.claimed_at = e.value, at
        elif e.name == "note":
            self.note = e.value
        elif e.name == "claim":
            self.take_claim(e.value, at)
        elif e.name == "shown":
            self.take_shown(e.value, at)

    def take_shown(self, shown: dict[str, tuple[Card, ...]], at: int) -> None:
        """Cards shown to the table without being played (``shown``): the player holds them
        until they play them; a card that proves an earlier claim false proves that breach
        (as a card of the hand shown at an accepted claim does, ``claim._show``)."""
        know = self.know
        for who, cards in shown.items():
            proofs, problems = know.show_hand(who, cards)
            for _c, rule, msg in problems:
                self.flag(at, rule, msg, who)
            for a, card, _where in proofs:
                self.violations.append(Violation(
                    self.number, a.trick, a.player, a.rule,
                    text.proven(a.text, text.card(self.order, card), None), at=at, retro=True))

    def take_claim(self, tc: TableClaim, at: int) -> None:
        """The table accepted ``tc``: the deal ends, scored as if played out with the
        claimer's side taking every trick left (``claim.score``). The cards never played are
        not shown: they prove nothing of the hands (but a card the table named does)."""
        who = tc.claimer
        if self.phase == "over" or self.outcome is not None or self.void:
            self.flag(at, "turn-order", text.claim_after_the_deal(who), who)
            return
        if self.phase in ("bid", "trump"):
            self.flag(at, "turn-order", text.claim_before_play(who), who)
            return
        if self.phase == "exchange":
            ex.end_exchange(self)
        if self.trump is None:
            self.flag(at, "turn-order", text.claim_before_trump(who), who)
            return
        from .claim import score

        self.claim, self.claim_at = tc, at
        self.claim_tricks = 6 - len(self.tricks)
        score(self, tc, at)
        self.phase = "over"
        self.finished = True
        self.finish_at = at

    # -- bidding ------------------------------------------------------------------------------

    def bid(self, e: Bid, at: int) -> None:
        if self.phase != "bid":
            self.flag(at, "turn-order", text.bidding_over(e.player), e.player)
            return
        order = self.bid_order()
        expected = order[self.bid_turn]
        done = {b.player for b in self.bids}
        if e.player != expected:
            if e.player in done:
                self.flag(at, "turn-order", text.bid_twice(e.player, expected), e.player)
                return
            # A recorded bid out of turn still happened: it counts, and the turn goes on
            # clockwise from it to the next player who has not bid (each bids exactly once).
            self.flag(at, "turn-order", text.bid_out_of_turn(e.player, expected), e.player)
            self.bid_turn = order.index(e.player)
        done.add(e.player)
        counted: int | None = None
        lo, hi = self.v.bid_min, self.v.bid_max
        if e.value is None:
            self.notes[at] = "passed"
        elif not lo <= e.value <= hi:
            self.flag(at, "bid-range", text.bid_out_of_range(e.player, e.value, lo, hi),
                      e.player)
            self.notes[at] = f"bid {e.value}, out of range: counts as a pass"
        elif e.value <= self.high:
            self.flag(at, "bid-higher", text.bid_not_higher(e.player, e.value, self.bidder,
                                                            self.high), e.player)
            self.notes[at] = f"bid {e.value}, not higher than {self.high}: counts as a pass"
        else:
            counted = e.value
            self.high, self.bidder = e.value, e.player
            self.notes[at] = f"bid {e.value}" + (", the highest bid: the bidding ends"
                                                 if e.value == hi else "")
        self.bids.append(BidRec(e.player, e.value, counted, at))
        self.finish_at = at
        if self.high == hi or len(done) >= self.seats:
            self.close_bidding(at)
        else:
            self.bid_turn = next(j for j in ((self.bid_turn + k) % self.seats
                                             for k in range(1, self.seats + 1))
                                 if order[j] not in done)
            self.to_move = order[self.bid_turn]

    def close_bidding(self, at: int) -> None:
        if self.bidder is None:
            self.phase = "over"
            self.redeal = self.finished = True
            self.finish_at = at
            return
        self.leader = self.to_move = self.bidder
        if self.v.named_trump:
            self.phase = "trump"
        elif self.kitty_view > 0:
            self.phase = "exchange"
            self.ex_pos = 0
        else:
            self.phase = "play"
        if self.phase == "exchange" and not self.v.kitty:
            self.to_move = self.bid_order()[0]

    def force_end_bidding(self, at: int, player: str | None) -> bool:
        """An entry after the bidding arrived while bids were missing. False: nobody bid, the
        rest of the deal is void."""
        nxt = self.bid_order()[self.bid_turn]
        self.flag(at, "turn-order", text.bidding_not_over(nxt), player)
        self.close_bidding(at)
        if self.bidder is None:
            self.void = True
            return False
        return True

    # -- trump --------------------------------------------------------------------------------

    def name_trump(self, suit: str, at: int) -> None:
        if not self.v.named_trump:
            self.trump_written, self.trump_at = suit, at
            if self.lead_at is not None:
                first = self.tricks[0] if self.tricks else self.current
                who = first.leader if first is not None and first.plays else self.bidder
                self.check_trump_lead(max(at, self.lead_at), who)
            return
        if self.void:
            return
        if self.phase == "bid" and not self.force_end_bidding(at, None):
            return
        if self.redeal:
            self.flag(at, "turn-order", text.all_passed_no_trump(self.number), None)
            return
        if self.phase != "trump":
            self.flag(at, "trump-named", text.trump_again(self.trump or self.trump_written,
                                                          self.trump is not None), self.bidder)
            return
        self.trump = suit
        self.trump_at = at
        self.order = Order(suit, self.v.bauers)
        self.notes[at] = f"{self.bidder} named trump {glyph(suit)}"
        self.phase = "exchange"
        self.ex_pos = 0
        self.to_move = self.bid_order()[0]
        self.finish_at = at

    def check_trump_lead(self, at: int, who: str | None) -> None:
        if self.trump_written is not None and self.trump is not None \
                and self.trump_written != self.trump:
            self.flag(at, "trump-lead", text.trump_lead(self.trump_written, self.trump), who, 1)

    # -- the exchange -------------------------------------------------------------------------

    def exchange(self, e: Exchange, at: int) -> None:
        if self.phase == "bid" and not self.force_end_bidding(at, e.player):
            return
        if self.phase == "trump":
            self.flag(at, "trump-named", text.trump_before_exchange(self.bidder), self.bidder)
            self.phase = "exchange"
            self.ex_pos = 0
        if self.phase == "play" and self.v.kitty and self.kitty_view == 0 \
                and not self.tricks and self.current is None and not self.exchanges:
            # kitty_view 0: a recorded take or discard is a wrong count, not a wrong turn.
            self.phase = "exchange"
            self.ex_pos = 0
        if self.phase == "over":
            self.after_deal(at, e.player, e.kind)
            return
        if self.phase != "exchange":
            if e.player not in self.ex_refused:
                self.flag(at, "turn-order", text.exchange_over(e.player, e.kind), e.player)
            self.ex_refused.add(e.player)
            return
        if self.v.kitty:
            ex.kitty_step(self, e, at)
        else:
            ex.schmier_step(self, e, at)
        self.finish_at = at

    # -- play ---------------------------------------------------------------------------------

    def play(self, player: str, c: Card, at: int) -> None:
        if self.phase == "bid" and not self.force_end_bidding(at, player):
            return
        if self.phase == "trump":
            self.flag(at, "trump-named", text.trump_not_named_before_lead(self.bidder),
                      self.bidder)
            self.phase = "exchange"
        if self.phase == "exchange":
            ex.end_exchange(self)
        if self.phase == "over":
            self.after_deal(at, player, f"play {c}")
            return
        t = self.current
        number = len(self.tricks) + 1
        if t is None:
            if player != self.leader:
                if number == 1:
                    self.flag(at, "lead-first", text.led_first_trick(player, c, self.leader),
                              player, number)
                else:
                    self.flag(at, "turn-order", text.led_out_of_turn(player, c, number,
                                                                     self.leader),
                              player, number)
            t = self.current = Trick(number)
        elif player != self.to_move:
            self.flag(at, "turn-order", text.played_out_of_turn(player, c, number,
                                                                self.to_move), player, number)
        if number == 1 and not t.plays:
            self.first_lead(player, c, at)
        problem = self.know.problem(player, c)
        if problem:
            self.flag(at, problem[0], problem[1], player, number)
        if t.plays:
            self.follow(player, c, t, at)
        else:
            self.notes[at] = f"led {self.order.name(c)}" + (
                f" ({self.order.suit_text(self.order.suit(c))})" if self.trump else "")
        for a, card, shown in self.know.show(player, c, trick=number):
            self.violations.append(Violation(
                self.number, a.trick, a.player, a.rule,
                text.proven(a.text, text.card(self.order, card), shown.trick),
                at=at, retro=True))
        t.plays.append(TrickPlay(player, c, at))
        kept.check(self, player, at)
        self.to_move = self.setup.left_of(player)
        self.finish_at = at
        if len(t.plays) == self.seats:
            self.close_trick(t)

    def first_lead(self, player: str, c: Card, at: int) -> None:
        self.lead_at = at
        if self.trump is None and c is not JOKER:
            self.trump = c.suit
            self.order = Order(c.suit, self.v.bauers)
        if self.kitty_before is not None:  # the bidder's discard of a number (kept.py)
            at0, before = self.kitty_before
            self.kitty_before = None
            kept.promise(self, self.bidder or player, at0, "bidder", before)
        if self.v.named_trump:
            return
        if self.trump_written is not None:
            self.check_trump_lead(max(at, self.trump_at or at), player)
        bidder = self.bidder or player
        gone = [d for d in self.bidder_discards if self.order.is_trump(d)]
        if not gone or self.trump is None:
            return
        t = self.trump
        said = text.bidder_kept_assertion(bidder, gone)
        held = self.know.assert_void(VoidAssertion(bidder, lambda x: x.suit != t, "discard-trump",
                                                   said, self.number, None))
        if held is not None:
            self.flag(at, "discard-trump", text.bidder_kept_plain(bidder, gone, held), bidder,
                      None, retro=True)

    def follow(self, player: str, c: Card, t: Trick, at: int) -> None:
        o = self.order
        led = o.suit(t.plays[0].card)
        mine = o.suit(c)
        name = o.name(c)
        if mine == led:
            extra = (f": {name} counts as trump" if self.v.bauers and c.suit != mine else "")
            self.notes[at] = f"followed {o.suit_text(led)}{extra}"
            return
        if not self.v.strict_follow and o.is_trump(c):
            self.notes[at] = (f"trumped with {name} (allowed whether or not {player} holds "
                              f"{glyph(led)})")
            return
        word = SUIT_WORD.get(led, led)
        said = text.no_follow_assertion(player, led, t.number, self.trump, self.v.strict_follow)

        def of_led(x: Card) -> bool:
            return o.suit(x) == led

        held = self.know.assert_void(VoidAssertion(player, of_led, "follow-suit", said,
                                                   self.number, t.number))
        printed = (f"; {name} counts as trump, not {glyph(c.suit)}"
                   if self.v.bauers and c.suit != mine else "")
        if held is not None:
            self.flag(at, "follow-suit", text.must_follow(player, led, o.name(held), t.number,
                                                          self.v.strict_follow, self.trump),
                      player, t.number)
            self.notes[at] = f"did not follow {word} while holding {o.name(held)}{printed}"
        else:
            self.notes[at] = f"did not follow {word}: void in {word}{printed}"

    def close_trick(self, t: Trick) -> None:
        best, why = self.order.winner(t.cards)
        w = t.plays[best]
        t.winner = w.player
        t.why = why
        self.tricks.append(t)
        self.current = None
        self.leader = self.to_move = w.player
        if len(self.tricks) == 6:
            self.phase = "over"
            self.finished = True
            self.points = count_points(
                self.v, self.order, [(p.player, p.card) for p in self.plays()],
                [(tr.winner or "", tr.cards) for tr in self.tricks], self.team_of, self.teams,
                self.high_low)

    # -- an outcome ---------------------------------------------------------------------------

    def apply_outcome(self) -> None:
        at = self.outcome_at
        out = self.outcome or {}
        if self.plays():
            self.flag(at, "outcome-total", text.outcome_with_cards(self.number), None)
            return
        if self.phase == "bid" and not self.force_end_bidding(at, None):
            return
        if self.redeal:
            self.flag(at, "outcome-total", text.outcome_all_passed(self.number), None)
            return
        if self.v.named_trump and self.trump is None:
            self.flag(at, "trump-named", text.trump_not_written(self.bidder), self.bidder)
        unknown = {k: t for k, t in out.items() if t not in self.teams}
        for k, t in unknown.items():
            self.flag(at, "outcome-total", text.outcome_stranger(k, t, self.teams), None)
        out = {k: t for k, t in out.items() if k not in unknown}
        for k in self.v.always:
            if out.get(k) is None and k not in unknown:
                self.flag(at, "outcome-total", text.outcome_missing(k), None)
        if self.high_low == "in-play" and not self.v.bauers:
            # the bidder's first lead is a trump: some trump is always in play, so the
            # highest and the lowest trump in play always go to a team
            for k in ("high", "low"):
                if out.get(k) is None and k not in unknown:
                    self.flag(at, "outcome-total", text.outcome_missing_in_play(k), None)
        if self.trump is None and self.trump_written is not None:
            self.trump = self.trump_written
            self.order = Order(self.trump, self.v.bauers)
        self.check_outcome_hands(out, at)
        pts: dict[str, str | None] = {k: out.get(k) for k in self.v.points}
        self.points = DealPoints(pts, {}, points_won(pts, self.teams))
        self.phase = "over"
        self.finished = True
        self.finish_at = max(self.finish_at, at)


    def check_outcome_hands(self, out: dict[str, str], at: int) -> None:
        """With the hands known, High and Low must go to the team dealt the card (or to nobody
        when it was not dealt and no kitty was taken)."""
        t = self.trump
        if self.hands is None or t is None or (not self.v.bauers
                                               and self.high_low != "ace-seven"):
            return
        kitty = self.v.kitty and self.kitty_view > 0
        for key, rank in (("high", 14), ("low", self.v.low_rank)):
            c = Card(rank, t)
            holder = next((p for p, h in self.hands.items() if c in h), None)
            if holder is not None and not (kitty and holder == self.bidder):
                want: str | None = self.team_of[holder]
                why = f"{holder} was dealt {c}"
            elif holder is None and not kitty and not self.v.bauers:
                want, why = None, f"{c} was not dealt"
            else:
                continue
            if out.get(key) != want:
                self.flag(at, "outcome-total", text.outcome_holder(key, want, why,
                                                                   out.get(key)), None)


def replay_deal(setup: Setup, v: Variant, deal: Deal, number: int, dealer: str, base: int,
                options: dict[str, Any]) -> DealState:
    st = DealState(setup, v, number, dealer, base, kitty_view=options.get("kitty_view", 0),
                   high_low=options.get("high_low", "ace-seven"))
    st.start(deal)
    for i, e in enumerate(deal.entries):
        st.entry(e, base + i)
    ex.release_held(st)
    if st.outcome is not None:
        st.apply_outcome()
    return st
