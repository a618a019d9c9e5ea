"""Four Point North-Eastern Wisconsin Schmier (seed 001) and Schmier (seed 003).

One base class, ``SchmierRules``, holds the machinery; the two games declare their differences
as a ``Variant`` (``score``) plus their options, rules and keys. The state machine of a
deal is in ``play``, the points in ``score``, ``explain`` in ``explain``, the file's keys in
``tables``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from copy import copy
from typing import TYPE_CHECKING, Any

from ...cards import Card, parse_suit, sort_hand
from ...errors import IllegalEntry, NotationError, Violation
from ...model import (
    Action,
    Bid,
    Deal,
    DealResult,
    Entry,
    Exchange,
    Expect,
    HandNow,
    Key,
    Result,
    Setup,
    TableView,
    team_name,
)
from ...notation import parse_cards, split_actor
from ...trick import plays_in_turn, show_tricks
from ..base import AfterTheEnd, Checkpoint, GameRules, Option
from ..keys import Where
from . import tables as sfile
from . import text as msg
from .play import DealState, replay_deal
from .score import (
    SCHMIER,
    WISCONSIN,
    Variant,
    deal_scores,
    game_winner,
    teams_of,
)

if TYPE_CHECKING:
    from ..tricks import TrickGame

COMMON_RULES = (
    ("dealer", "The deal passes left after every deal; when everyone passes the same dealer "
               "deals again. A deal written with another dealer is a violation."),
    ("turn-order", "Bid, discard and play only in turn; the winner of a trick leads the next."),
    ("card-duplicate", "A card can be in play only once per deal (a discarded card included)."),
    ("card-not-in-deck", "A card outside the game's deck is refused."),
    ("card-not-held", "A player plays or discards only a card they hold (checked when hands "
                      "are known, or once the card is proven elsewhere)."),
    ("bid-range", "Bids are {lo} to {hi}; a bid out of range counts as a pass."),
    ("bid-higher", "A bid must be higher than the highest bid so far; otherwise it counts as "
                   "a pass."),
    ("lead-first", "The bidder leads the first trick."),
)
TAIL_RULES = (
    ("outcome-total", "A deal recorded as an outcome must be possible: the points named exist "
                      "and go to teams at the table{always}."),
    ("claimed-score", "A score the table wrote down must equal the computed one."),
)
WISCONSIN_RULES = (
    ("stock-order", "Where the stock is known, the bidder takes the undealt cards from its top."),
    ("exchange-count", "The bidder takes exactly kitty_view undealt cards and discards as many "
                       "(back to 6)."),
    ("discard-trump", "The bidder may discard a trump only when holding more than 6 trumps, "
                      "and only down to 6 trumps kept (checked once the first lead fixes "
                      "trump)."),
    ("trump-lead", "The bidder's first lead fixes trump; a trump written in the file must be "
                   "that suit."),
    ("follow-suit", "Holding the suit led, follow suit or play a trump; without it, any card."),
)
SCHMIER_RULES = (
    ("trump-named", "The bidder names trump once, after the bidding and before the exchange."),
    ("exchange-count", "Each player but the dealer discards 0-3 cards; the dealer takes the "
                       "rest of the stock and discards back to 6."),
    ("discard-trump", "No trump may be discarded, except by the dealer holding more than 6 "
                      "trumps, down to 6 kept, and never the ace, a bauer, the 2 or the joker."),
    ("follow-suit", "Follow the suit led if able (the left bauer and the joker are trumps); "
                    "otherwise any card."),
)


def _rules(v: Variant, own: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    always = ""
    if v.always:
        always = "; every deal awards High, Low, both bauers and the joker"
    common = tuple((k, t.format(lo=v.bid_min, hi=v.bid_max)) for k, t in COMMON_RULES)
    tail = tuple((k, t.format(always=always)) for k, t in TAIL_RULES)
    return common + own + tail


class SchmierRules(GameRules):
    """What both games share; a subclass declares its ``variant`` and keys."""

    variant: Variant
    analysis = "tricks"

    def teams(self, setup: Setup) -> list[list[str]] | None:
        return teams_of(setup.players)

    def trick_game(self) -> TrickGame:
        from . import tricks

        return tricks.SCHMIER_TRICKS if self.variant.bauers else tricks.WISCONSIN_TRICKS

    def opts(self, setup: Setup) -> dict[str, Any]:
        return {o.name: self.option(setup, o.name) for o in self.options}

    # -- the save file ------------------------------------------------------------------------

    def parse_deal(self, raw: dict[str, Any], setup: Setup, where: Where) -> Deal:
        return sfile.parse_deal(self, raw, setup, where)

    def private_hand(self, setup: Setup, deals: Sequence[Deal], result: Result,
                     seat: str) -> int | None:
        """The 6 cards dealt (a Wisconsin bidder's kitty then comes in by its take, named;
        the Schmier exchange's draws are shown after it, ``hand_drawn``)."""
        d = deals[-1] if deals else None
        if d is None or d.key("outcome") is not None or d.key("stock") is not None:
            return None
        return 6

    def hand_drawn(self, setup: Setup, deals: Sequence[Deal], result: Result,
                   seat: str) -> HandNow | None:
        """Schmier: the cards drawn at the exchange, shown after it (``drawn.hand_drawn``)."""
        from .drawn import hand_drawn

        return hand_drawn(self, setup, deals, result, seat)

    def parse_deal_key(self, key: str, value: Any, setup: Setup, where: Where) -> list[Entry]:
        return sfile.parse_key(self, key, value, setup, where, None)

    def dump_deal(self, deal: Deal, setup: Setup) -> dict[str, Any]:
        return sfile.dump_deal(self, deal, setup)

    # -- replay -------------------------------------------------------------------------------

    def run(self, setup: Setup, deals: Sequence[Deal], resume: Checkpoint | None = None
            ) -> tuple[list[DealState], dict[str, Any]]:
        """Every deal replayed; with the game's scores, totals and winner in ``info``."""
        v = self.variant
        options = self.opts(setup)
        bid_out = bool(options.get("bid_out", False))
        teams = [team_name(t) for t in teams_of(setup.players)]
        totals = dict.fromkeys(teams, 0)
        states: list[DealState] = []
        scores: list[dict[str, int] | None] = []
        made: list[bool | None] = []
        winner: str | None = None
        end = AfterTheEnd()
        after: list[Violation] = []
        base = first = 0
        kept = resume.start(setup, deals) if resume is not None else None
        if resume is not None and kept is not None:  # from the finished deals' state, copied
            first, base = resume.deals, resume.entries
            states, scores, made, totals, winner, end, after = _copied(kept)
        for i in range(first, len(deals)):
            deal, n = deals[i], i + 1
            if resume is not None and i == len(deals) - 1:
                resume.keep(setup, deals, i, base,
                            _copied((states, scores, made, totals, winner, end, after)))
            if end.over:  # nothing counts after the end (RULES.md "Common to all games")
                after += end.after(n, deal, base,
                                   msg.after_the_end(n, end.won_at or 0, winner or ""))
                base += len(deal.entries)
                continue
            if i == 0:
                expected = setup.first_dealer
            else:
                prev = states[-1]
                expected = prev.dealer if prev.redeal else setup.left_of(prev.dealer)
            written = deal.key("dealer")
            st = replay_deal(setup, v, deal, n, written or expected, base, options)
            if written is not None and written != expected:
                at = base + max(j for j, e in enumerate(deal.entries)
                                if isinstance(e, Key) and e.name == "dealer")
                st.violations.insert(0, Violation(n, None, written, "dealer",
                                                  msg.wrong_dealer(n, written, expected),
                                                  at=at))
            if i > 0 and not states[-1].finished:
                st.violations.insert(0, Violation(n - 1, None, None, "turn-order",
                                                  msg.left_unfinished(n - 1), at=base))
            sc: dict[str, int] | None = None
            ok: bool | None = None
            if st.redeal:
                sc = dict.fromkeys(teams, 0)
            elif st.finished and st.points is not None and st.bidder_team is not None:
                sc, ok = deal_scores(st.points.won, st.bidder_team, st.high, totals, bid_out,
                                     v.target)
            if sc is not None:
                for tm, x in sc.items():
                    totals[tm] += x
                self.check_claimed(st, sc)
                winner = game_winner(v, totals, st.bidder_team, ok, bid_out)
                if winner is not None:
                    end.close(n)
            states.append(st)
            scores.append(sc)
            made.append(ok)
            base += len(deal.entries)
        info = {"totals": totals, "winner": winner, "scores": scores, "made": made,
                "teams": teams, "after": after}
        return states, info

    def check_claimed(self, st: DealState, sc: dict[str, int]) -> None:
        if st.claimed is None:
            return
        at = max(st.claimed_at, st.finish_at)
        for who, x in st.claimed.items():  # a team, or a member whose team disagreed
            got = sc.get(st.team_of.get(who, who))
            if got != x:
                st.violations.append(Violation(st.number, None, who, "claimed-score",
                                               msg.claimed(who, x, got), at=at))

    def replay(self, setup: Setup, deals: Sequence[Deal],
               resume: Checkpoint | None = None) -> Result:
        states, info = self.run(setup, deals, resume)
        violations = [x for st in states for x in st.violations] + info["after"]
        rows = []
        for st, sc, ok in zip(states, info["scores"], info["made"], strict=True):
            extra: dict[str, Any] = {}
            if st.bidder is not None:
                extra["contract"] = f"{st.bidder} {st.high}" + (
                    f", trump {st.trump}" if st.trump else "")
                extra["bidder"] = st.bidder
                extra["bid"] = st.high
            if st.trump is not None:
                extra["trump"] = st.trump
            if st.points is not None:
                extra["points"] = dict(st.points.points)
                if st.points.game:
                    extra["game_points"] = st.points.game_known()
                if st.points.game_range:  # after a claim: not known, only between two figures
                    extra["game_points_range"] = {t: list(r) for t, r in
                                                  st.points.game_range.items()}
                    if st.claim is not None and st.claim.hand is not None:
                        extra["claim_hand_shown"] = True  # the range: the others' cards
            if ok is not None:
                extra["result"] = "made" if ok else "set"
            rows.append(DealResult(st.number, st.dealer, sc, st.finished, redeal=st.redeal,
                                   extra=extra, claimed=st.claimed))
        winner = info["winner"]
        complete = winner is not None
        expect = self.expect(setup, states, complete)
        return Result(setup, rows, violations, info["totals"], winner, complete,
                      teams_of(setup.players), expect,
                      self.table(setup, states, expect, info["totals"]),
                      state=(states, info))

    # -- what comes next ----------------------------------------------------------------------

    def next_state(self, setup: Setup, states: list[DealState]) -> DealState:
        n = len(states) + 1
        if not states:
            dealer = setup.first_dealer
        else:
            prev = states[-1]
            dealer = prev.dealer if prev.redeal else setup.left_of(prev.dealer)
        return DealState(setup, self.variant, n, dealer, 0,
                         kitty_view=self.option(setup, "kitty_view") if self.variant.kitty
                         else 0)

    def expect(self, setup: Setup, states: list[DealState], complete: bool) -> Expect:
        if complete:
            return Expect(None, Action.DONE, "the game is over", len(states))
        if not states or states[-1].finished:
            probe = self.next_state(setup, states)
            e = self.expect_in(probe)
            e.new_deal = True
            e.dealer = probe.dealer
            return e
        return self.expect_in(states[-1])

    def expect_in(self, st: DealState) -> Expect:
        v = self.variant
        n = st.number
        tag = f"deal {n}"
        if st.phase == "bid" and not st.void:
            p = st.to_move
            lo = max(v.bid_min, st.high + 1)
            choices = ["pass"] + [str(b) for b in range(lo, v.bid_max + 1)]
            return Expect(p, Action.BID, msg.prompt_bid(p, lo, v.bid_max, st.high, tag, st.dealer),
                          n, None, dealer=st.dealer, choices=choices)
        if st.phase == "trump":
            b = st.bidder
            return Expect(b, Action.TRUMP, msg.prompt_trump(b, st.high, tag), n, None,
                          dealer=st.dealer, choices=["S", "H", "D", "C"])
        if st.phase == "exchange":
            return self.expect_exchange(st, tag)
        trick = len(st.tricks) + 1
        if st.current is None:
            fixes = trick == 1 and not v.named_trump
            return Expect(st.leader, Action.LEAD, msg.prompt_lead(st.leader, trick, tag, fixes), n,
                          trick, dealer=st.dealer)
        led = st.order.suit(st.current.plays[0].card)
        return Expect(st.to_move, Action.PLAY, msg.prompt_follow(st.to_move, led, trick, tag), n,
                      trick, dealer=st.dealer)

    def expect_exchange(self, st: DealState, tag: str) -> Expect:
        if self.variant.kitty:
            b = st.bidder or ""
            k = st.kitty_view
            if st.ex_pos == 0:
                return Expect(b, Action.EXCHANGE, msg.prompt_take(b, k, tag), st.number, None,
                              dealer=st.dealer, choices=["take"])
            want = st.taken if st.taken is not None else k
            return Expect(b, Action.EXCHANGE, msg.prompt_discard_back(b, want, tag), st.number,
                          None, dealer=st.dealer, choices=["discard"])
        p = st.to_move
        if p == st.dealer:
            m = (self.variant.undealt - st.replaced) if st.replaced is not None else None
            return Expect(p, Action.EXCHANGE, msg.prompt_dealer_discard(p, m, tag), st.number, None,
                          dealer=st.dealer, choices=["discard"])
        return Expect(p, Action.EXCHANGE, msg.prompt_discard(p, tag, st.trump), st.number, None,
                      dealer=st.dealer, choices=["discard"])

    def table(self, setup: Setup, states: list[DealState], expect: Expect,
              totals: dict[str, int]) -> TableView:
        score = ", ".join(f"{tm} {x}" for tm, x in totals.items())
        if not states or (states[-1].finished and expect.new_deal):
            if expect.action == "done":
                return TableView("The game is over", [("score", score)])
            n = len(states) + 1
            return TableView(f"Deal {n} — {self.title}", [("dealer", expect.dealer or ""),
                                                          ("score", score)])
        st = states[-1]
        tv = TableView(f"Deal {st.number} — {self.title}", [("dealer", st.dealer)])
        if st.bids:
            tv.lines.append(("bids", ", ".join(
                f"{b.player} {'pass' if b.value is None else b.value}" for b in st.bids)))
        if st.bidder and st.phase != "bid":  # no contract while the bidding is open
            tv.lines.append(("contract", f"{st.bidder} {st.high}"))
        if st.trump or st.trump_written:
            tv.lines.append(("trump", st.trump or st.trump_written or ""))
        if st.outcome is None and st.phase in ("play", "over"):
            tv.trick = show_tricks(tv.lines, st.tricks, st.current, 6, st.finished)
        elif st.current:
            tv.trick = [(p.player, str(p.card)) for p in st.current.plays]
        tv.lines.append(("score", score))
        if st.hands_known:
            tv.hands = {p: sort_hand(list(st.know.held[p])) for p in setup.players}
            if st.phase == "exchange" and not self.variant.kitty and st.to_move == st.dealer \
                    and st.stock is not None and st.stock_pos is not None:
                # the dealer picks up the rest of the stock before discarding
                tv.hands[st.dealer] = sort_hand(list(st.know.held[st.dealer])
                                                + list(st.stock[st.stock_pos:]))
        return tv

    # -- entries ------------------------------------------------------------------------------

    def parse_entry(self, text: str, setup: Setup, result: Result) -> list[Entry]:
        exp = result.expect
        keyed = self.parse_typed_key(text, setup, result)
        if keyed is not None:
            for e in keyed:
                if isinstance(e, Key) and e.name == "outcome":
                    self.check_typed_outcome(result)
            return keyed
        who, _verb, body = split_actor(text, setup.players)
        words = body.split()
        if not words:
            raise NotationError("nothing to enter: give a bid, 'pass', 'trump H', a card, "
                                "'take ...' or 'discard ...'")
        player = who or exp.player
        if player is None:
            raise NotationError("name the player, e.g. 'Bartek: AS'")
        head = words[0].lower()
        if head in ("pass", "p") and len(words) == 1 or head.isdigit() and len(words) == 1:
            if head.isdigit() and len(head) > 2:
                raise NotationError(f"{head} is not a bid")
            bid = Bid(player, None if head in ("pass", "p") else int(head))
            self.check_typed_bid(bid, exp)
            return [bid]
        if head == "trump":
            return [self.typed_trump(words, player, exp, who, result)]
        if head in ("take", "discard"):
            if head == "discard" and not self.variant.kitty and exp.action == "exchange" \
                    and not exp.new_deal and exp.player is not None and player != exp.player:
                # in turn from the dealer's left: nobody's turn is passed over by a typist
                raise IllegalEntry("turn-order", msg.refuse_exchange_turn(player, exp.player))
            return [self.typed_exchange(head, words[1:], player, setup)]
        cards = parse_cards(body)
        if exp.action in ("bid", "trump", "exchange"):
            raise IllegalEntry("turn-order", msg.refuse_card_now(exp.prompt))
        left = len(setup.players) - len(result.table.trick)
        if len(cards) > left:
            raise NotationError(msg.refuse_too_many_cards(left))
        return plays_in_turn(setup, player, cards)

    def check_typed_bid(self, bid: Bid, exp: Expect) -> None:
        """A typed bid out of range or not higher is refused, and changes nothing (a recorded
        one counts as a pass: that is the replay's reading of history, not a refusal's)."""
        if bid.value is None or exp.action != "bid" or bid.player != exp.player:
            return  # a bid in the wrong turn or phase is the replay's turn-order
        v = self.variant
        offered = [int(c) for c in exp.choices if c.isdigit()]
        lo = min(offered) if offered else v.bid_max + 1
        if not v.bid_min <= bid.value <= v.bid_max:
            raise IllegalEntry("bid-range", msg.refuse_bid_range(bid.player, bid.value,
                                                                  v.bid_min, v.bid_max))
        if bid.value < lo:
            raise IllegalEntry("bid-higher", msg.refuse_bid_higher(bid.player, bid.value,
                                                                    lo - 1, lo, v.bid_max))

    def typed_trump(self, words: list[str], player: str, exp: Expect, named: str | None,
                    result: Result) -> Entry:
        """``trump H``: Schmier's bidder names trump (``trump-named``). Wisconsin's trump is
        the suit of the bidder's first lead, written or not: a line naming another seat
        (``Celina: trump H`` when Bartek won the bidding), or naming anyone before the
        bidding is won, is refused (``turn-order``); unnamed, it is the table's note."""
        if len(words) != 2:
            raise NotationError("name one suit: 'trump H'")
        suit = parse_suit(words[1])
        if suit is None:
            raise NotationError(f"{words[1]!r} is not a suit (S, H, D or C)")
        if self.variant.named_trump:
            if exp.action != "trump":
                raise IllegalEntry("trump-named", msg.refuse_trump_now())
            if player != exp.player:
                raise IllegalEntry("trump-named", msg.refuse_trump_player(exp.player, player))
        elif named is not None:
            states = result.state[0] if result.state else []
            won = not exp.new_deal and exp.action != "bid" and states
            bidder = states[-1].bidder if won else None
            if named != bidder:
                raise IllegalEntry("turn-order", msg.refuse_trump_not_bidder(bidder, named))
        return Key("trump", suit)

    def typed_exchange(self, kind: str, words: list[str], player: str, setup: Setup) -> Entry:
        if kind == "take" and not self.variant.kitty:
            raise NotationError(msg.refuse_take_in_schmier())
        if len(words) == 1 and words[0].isdigit():
            n = int(words[0])
            if n > 20:
                raise NotationError(f"{n} cards is far too many")
            if n == 0:
                return Exchange(player, kind, (), 0)
            return Exchange(player, kind, None, n)
        if not words or words in (["-"], ["none"], ["nothing"]):
            if kind == "take":
                k = int(self.option(setup, "kitty_view"))
                return Exchange(player, kind, None, k) if k else Exchange(player, kind, (), 0)
            return Exchange(player, kind, (), 0)
        cards = tuple(parse_cards(" ".join(words)))
        return Exchange(player, kind, cards, len(cards))

    def check_typed_outcome(self, result: Result) -> None:
        exp = result.expect
        if exp.action == "bid" or exp.new_deal:
            raise NotationError("record the bids first (an outcome follows the bidding)")
        if exp.action == "trump":
            raise NotationError("name trump first (an outcome needs the trump)")
        if exp.action == "play" or (exp.action == "lead" and (exp.trick or 1) > 1):
            raise NotationError("this deal is being recorded card by card; finish it (or undo "
                                "the cards) instead of giving an outcome")
        if not self.variant.named_trump and not any(k == "trump" for k, _ in
                                                    result.table.lines):
            raise NotationError("type the trump first: trump = \"H\" (an outcome needs it)")

    def claim_questions(self, result: Result, claimer: str) -> tuple[tuple[Card, ...], bool]:
        """The cards never played whose holder the table must name for a claim of the rest
        by ``claimer`` now, and whether the game points still in hand are needed."""
        from .claim import questions

        states = result.state[0] if result.state else []
        if not states or result.expect.new_deal:
            return (), False
        return questions(states[-1], claimer)

    # -- the rest -----------------------------------------------------------------------------

    def explain(self, setup: Setup, deals: Sequence[Deal], deal: int,
                trick: int | None, result: Result | None = None) -> list[str]:
        from .explain import explain

        replayed = result.state if result is not None else self.run(setup, deals)
        return explain(self, setup, deals, deal, trick, replayed)

    def deal_news(self, deal: DealResult) -> list[str]:
        """Who took High, Low, Jack (or both bauers and the joker) and Game; the bid made or
        set (from the deal's ``extra``: the same data ``score --json`` gives)."""
        from .text import deal_news

        return deal_news(deal.extra)

    def points_line(self, extra: dict[str, Any]) -> str:
        """Who won each point: ``Ala & Celina: High, Low, Jack; Bartek & Darek: Game``."""
        from .text import points_by_team

        points = extra.get("points")
        return points_by_team(points) if isinstance(points, dict) and points else ""

    def virtual_deal(self, setup: Setup, deal_no: int, dealer: str | None) -> list[Entry]:
        hands, stock = shuffled(self.variant, setup, deal_no, dealer)
        return [Key("hands", hands), Key("stock", stock)]

    def completions(self, setup: Setup, deals: Sequence[Deal], result: Result) -> list[str]:
        exp = result.expect
        words = list(setup.players)
        if exp.action == "bid":
            return words + exp.choices
        if exp.action == "trump":
            return words + [f"trump {s}" for s in "SHDC"]
        if exp.action == "exchange":
            return words + ["take", "discard"] + self.choices(setup, deals, result).cards()
        if exp.player is None:
            return words
        return words + self.choices(setup, deals, result).cards()


def _copied(kept: tuple[Any, ...]) -> Any:
    """The replay's loop state, copied: a checkpoint never shares a list with a run."""
    states, scores, made, totals, winner, end, after = kept
    return list(states), list(scores), list(made), dict(totals), winner, copy(end), list(after)


def shuffled(v: Variant, setup: Setup, deal_no: int,
             dealer: str | None) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...]]:
    """The referee's own deal: one seeded shuffle, 6 cards each one at a time from the
    dealer's left, the rest the stock (top first)."""
    rng = random.Random(f"{setup.seed}:{deal_no}")
    cards = list(v.deck)
    rng.shuffle(cards)
    first = setup.left_of(dealer or setup.first_dealer)
    hands: dict[str, list[Card]] = {p: [] for p in setup.players}
    p = first
    n = len(setup.players)
    for c in cards[:6 * n]:
        hands[p].append(c)
        p = setup.left_of(p)
    return {q: tuple(sort_hand(hands[q])) for q in setup.players}, tuple(cards[6 * n:])


class WisconsinSchmier(SchmierRules):
    variant = WISCONSIN
    name = "wisconsin-schmier"
    title = "Four Point North-Eastern Wisconsin Schmier"
    short_title = "Wisconsin Schmier"
    seating = "partners sit opposite: seats 1+3 and 2+4"
    summary = ("4 players in two partnerships, 32 cards; bid 2-4, the first lead fixes trump; "
               "High, Low, Jack and Game; first team to 15")
    player_count = (4, 4)
    deck_text = "32 cards, 7 to ace, ace high"
    deck = WISCONSIN.deck
    options = (
        Option("kitty_view", 0, (0, 1, 2, 3),
               "how many undealt cards the winning bidder takes (then discards back to 6)"),
        Option("high_low", "ace-seven", ("ace-seven", "in-play"),
               "High and Low go to the ace and the 7 of trump (ace-seven), or to the highest "
               "and lowest trump played (in-play)"),
        Option("bid_out", False, (True, False),
               "a team wins only on a deal it bid and made; a team that did not bid has "
               "its score cut to 15"),
    )
    rules = _rules(WISCONSIN, WISCONSIN_RULES)
    deal_keys = ("dealer", "hands", "private", "stock", "bids", "trump", "kitty", "discards",
                 "tricks",
                 "shown", "claim", "claim_hand", "claim_held", "claim_game_points", "outcome",
                 "claimed", "note")
    claim_game_points_max = 80


class Schmier(SchmierRules):
    variant = SCHMIER
    name = "schmier"
    title = "Schmier"
    short_title = "Schmier"
    seating = "partners: seats 1+4, 2+5, 3+6"
    summary = ("6 players in three partnerships, 53 cards with the joker; bid 3-6, the bidder "
               "names trump; bauers and joker; first team to 21")
    player_count = (6, 6)
    deck_text = "53 cards with the joker"
    deck = SCHMIER.deck
    options = ()
    rules = _rules(SCHMIER, SCHMIER_RULES)
    deal_keys = ("dealer", "hands", "private", "stock", "bids", "trump", "discards", "tricks",
                 "shown",
                 "claim", "claim_hand", "claim_held", "claim_game_points", "outcome", "claimed",
                 "note")
    claim_game_points_max = 81


__all__ = ["Schmier", "SchmierRules", "WisconsinSchmier", "shuffled"]
