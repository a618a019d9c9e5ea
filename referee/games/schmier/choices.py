"""What a seat may enter now in both Schmier games (``GameRules.choices``), read off the
replayed deal.

Bids: ``pass`` and every bid of the range, those not above the highest so far refused
(``bid-higher``). Schmier's trump: the four suits, for the bidder. The Wisconsin kitty: the
bidder's ``take``, then each set of cards to discard back to 6 (hands known) or the count
alone. The Schmier exchange: each set of 0-3 cards the player in turn may discard (a trump
refused: ``discard-trump``), or the counts 0-3 with the hand not known; the dealer's discard
back to 6 as a set of cards while there are at most ``MAX_SETS`` of them, else as the count.
Plays: the cards the seat holds (hand known exactly), or every card not yet seen nor
discarded, each refused where the referee knows why (``follow-suit``, ``trump-lead``,
``card-not-held``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from ...cards import JOKER, Card, sort_hand
from ...model import Deal, Result, Setup
from ..base import Choice, Choices
from .play import DealState

if TYPE_CHECKING:
    from .rules import SchmierRules

MAX_SETS = 300  # the most discards listed card by card; beyond, the count alone


def choices(rules: SchmierRules, setup: Setup, deals: Sequence[Deal], result: Result,
            seat: str | None) -> Choices:
    exp = result.expect
    who = seat if seat is not None else exp.player
    if who is None or exp.action == "done" or exp.player != who:
        return Choices(exp.player, who)
    v = rules.variant
    if exp.action == "bid":
        st = _state(rules, setup, deals, result)
        lo = max(v.bid_min, st.high + 1)
        out = [Choice(f"{who}: pass", "pass")]
        out += [Choice(f"{who}: {b}", f"bid {b}", b >= lo, None if b >= lo else "bid-higher")
                for b in range(v.bid_min, v.bid_max + 1)]
        return Choices(who, who, tuple(out))
    if exp.action == "trump":
        return Choices.trump(who)
    st = _state(rules, setup, deals, result)
    if exp.action == "exchange":
        return Choices(who, who, _kitty(st, who) if v.kitty else _exchange(st, who))
    if exp.action in ("lead", "play"):
        return Choices(who, who, _plays(rules, st, who))
    return Choices(who, who)


def _state(rules: SchmierRules, setup: Setup, deals: Sequence[Deal],
           result: Result) -> DealState:
    states: list[DealState] = (result.state or rules.run(setup, deals))[0]
    if result.expect.new_deal or not states:
        return rules.next_state(setup, states)
    return states[-1]


def _discard(who: str, cards: Sequence[Card], allowed: bool = True,
             rule: str | None = None) -> Choice:
    if not cards:
        return Choice(f"{who}: discard 0", "discard nothing", allowed, rule)
    text = " ".join(str(c) for c in cards)
    label = " ".join(c.pretty() for c in cards)
    return Choice(f"{who}: discard {text}", f"discard {label}", allowed, rule)


def _count(who: str, n: int) -> Choice:
    return Choice(f"{who}: discard {n}", f"discard {n} card{'s' if n != 1 else ''}")


def _kitty(st: DealState, who: str) -> tuple[Choice, ...]:
    if st.ex_pos == 0:
        k = st.kitty_view
        return (Choice(f"{who}: take", f"take {k} undealt card{'s' if k != 1 else ''}"),)
    want = st.taken if st.taken is not None else st.kitty_view
    know = st.know
    hand = sort_hand(list(know.held[who]))
    if not know.exact[who] or comb(len(hand), want) > MAX_SETS:
        return (_count(who, want),)
    return tuple(_discard(who, d) for d in combinations(hand, want))


def _exchange(st: DealState, who: str) -> tuple[Choice, ...]:
    """The Schmier exchange: ``who`` is the player in turn (the dealer last)."""
    know, order = st.know, st.order
    if who != st.dealer:
        if not know.exact[who]:
            return tuple(_count(who, n) for n in range(4))
        hand = sort_hand(list(know.held[who]))
        out = []
        for n in range(4):
            for d in combinations(hand, n):
                trump = any(order.is_trump(c) for c in d)
                out.append(_discard(who, d, not trump, "discard-trump" if trump else None))
        return tuple(out)
    want = st.v.undealt - st.replaced if st.replaced is not None else None
    rest = st.stock[st.stock_pos:] if st.stock is not None and st.stock_pos is not None \
        else None
    if want is None:
        return ()
    if rest is None or not know.exact[who] or \
            comb(len(know.held[who]) + len(rest), want) > MAX_SETS:
        return (_count(who, want),)
    hand = sort_hand(list(know.held[who]) + list(rest))
    t = st.trump
    points = {JOKER, order.left}
    if t is not None:
        points |= {Card(14, t), Card(11, t), Card(2, t)}
    out = []
    for d in combinations(hand, want):
        trumps = [c for c in d if order.is_trump(c)]
        bad = any(c in points for c in trumps) or bool(trumps) and any(
            not order.is_trump(c) for c in hand if c not in d)
        out.append(_discard(who, d, not bad, "discard-trump" if bad else None))
    return tuple(out)


def _plays(rules: SchmierRules, st: DealState, who: str) -> tuple[Choice, ...]:
    know, order = st.know, st.order
    if know.exact[who]:
        cards = sort_hand(list(know.held[who]))
    else:
        cards = [c for c in rules.deck if c not in know.seen and c not in know.discarded]
    t = st.current
    led = order.suit(t.plays[0].card) if t is not None and t.plays else None
    first = not st.tricks and led is None
    out = []
    for c in cards:
        rule = None
        if first and st.trump_written is not None and not st.v.named_trump and \
                c is not JOKER and c.suit != st.trump_written:
            rule = "trump-lead"
        if rule is None:
            problem = know.problem(who, c)
            rule = problem[0] if problem is not None else None
        if rule is None and led is not None and order.suit(c) != led and \
                (st.v.strict_follow or not order.is_trump(c)) and \
                know.holding(who, lambda x: order.suit(x) == led):
            rule = "follow-suit"
        out.append(Choice(f"{who}: {c}", c.pretty(), rule is None, rule))
    return tuple(out)
