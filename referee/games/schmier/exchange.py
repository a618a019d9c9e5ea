"""The exchange before play: the Wisconsin bidder's take and discard (``kitty_view``), and the
Schmier exchange (each player from the dealer's left discards 0-3 non-trumps and gets as many
from the stock; the dealer takes the rest and discards back to 6). Parts of it left out of a
recorded deal are unknown: the hands concerned are then no longer known exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import JOKER, Card
from ...knowledge import VoidAssertion
from ...model import Exchange
from . import kept, text

if TYPE_CHECKING:
    from .play import DealState


@dataclass(slots=True)
class ExRec:
    player: str
    kind: str  # take | discard
    cards: tuple[Card, ...] | None
    count: int
    at: int
    got: tuple[Card, ...] | None = None  # Schmier: the replacements (stock known)


def kitty_step(st: DealState, e: Exchange, at: int) -> None:
    bidder = st.bidder or ""
    if e.player != bidder:  # a take and a discard by the same non-bidder: one violation
        if e.player not in st.ex_refused:
            st.flag(at, "turn-order", text.only_bidder_exchanges(bidder, e.player), e.player)
        st.ex_refused.add(e.player)
        return
    if e.kind == "take":
        if st.ex_pos != 0:
            st.flag(at, "turn-order", text.already_took(bidder), bidder)
            return
        take(st, e, at)
        st.ex_pos = 1
        return
    if st.ex_pos == 0:
        take_unrecorded(st)
    discard_kitty(st, e, at)
    st.phase = "play"


def take(st: DealState, e: Exchange, at: int) -> None:
    bidder = st.bidder or ""
    k = st.kitty_view
    if e.count != k:
        st.flag(at, "exchange-count", text.took_count(bidder, e.count, k), bidder)
    st.taken = e.count
    top: tuple[Card, ...] | None = None
    if st.stock is not None and st.stock_pos is not None:
        top = st.stock[st.stock_pos:st.stock_pos + e.count]
        st.stock_pos += e.count
    got = e.cards
    if got is not None:
        for c in got:
            if c not in st.know.deck:
                st.flag(at, "card-not-in-deck", text.not_in_deck(c), bidder)
            elif st.know.owner.get(c, bidder) != bidder or c in st.know.held[bidder]:
                st.flag(at, "stock-order", text.not_undealt(c, st.know.owner.get(c)), bidder)
        if top is not None and set(got) != set(top):
            st.flag(at, "stock-order", text.not_top_of_stock(bidder, got, top), bidder)
        st.know.receive(bidder, [c for c in got if c in st.know.deck])
    elif top is not None:
        st.know.receive(bidder, top)
    else:
        st.know.open_stock(bidder)
        st.know.blur(bidder, keep_certain=True)
    st.exchanges.append(ExRec(bidder, "take", got if got is not None else top, e.count,
                              at))
    st.notes[at] = f"took {e.count} undealt card{'s' if e.count != 1 else ''}"


def take_unrecorded(st: DealState) -> None:
    bidder = st.bidder or ""
    k = st.kitty_view
    st.taken = k
    if st.stock is not None and st.stock_pos is not None:
        st.know.receive(bidder, st.stock[st.stock_pos:st.stock_pos + k])
        st.stock_pos += k
    else:
        st.know.open_stock(bidder)
        st.know.blur(bidder, keep_certain=True)
    st.ex_pos = 1


def discard_kitty(st: DealState, e: Exchange, at: int) -> None:
    bidder = st.bidder or ""
    want = st.taken if st.taken is not None else st.kitty_view
    if e.count != want:
        st.flag(at, "exchange-count", text.discard_back(bidder, e.count, want), bidder)
    if e.cards is None and e.count:  # a number: judged once the first lead fixes trump
        st.kitty_before = (at, kept.held(st, bidder))
    discard_cards(st, e, at)
    st.bidder_discards = e.cards or ()
    st.exchanges.append(ExRec(bidder, "discard", e.cards, e.count, at))
    st.notes[at] = f"discarded {e.count} card{'s' if e.count != 1 else ''}"


def discard_cards(st: DealState, e: Exchange, at: int) -> None:
    """Check and remove named discards; a count alone blurs the hand."""
    if e.cards is None:
        if e.count:
            st.know.blur(e.player, keep_certain=False)
        return
    for c in e.cards:
        problem = st.know.problem(e.player, c)
        if problem:
            st.flag(at, problem[0], problem[1].replace("played", "shown"), e.player)
    st.know.lose(e.player, e.cards)


def schmier_step(st: DealState, e: Exchange, at: int) -> None:
    """One Schmier discard. Each player but the dealer exchanges in turn from the dealer's
    left, the dealer last (RULES.md). A player the record leaves out did something unknown:
    a later player's discard passes over them. A discard written before that of an earlier
    player who is still to come in the record is out of turn: one ``turn-order`` for the
    deal, and it is held back until its turn, so every recorded exchange counts, in the
    rules' order (docs/schmier.md "Exchange order")."""
    order = st.ex_order()
    p = e.player
    if e.kind != "discard":
        st.flag(at, "turn-order", text.only_dealer_takes(p), p)
        return
    if st.ex_pos >= len(order) or p not in order[st.ex_pos:] or \
            any(h.player == p for h, _ in st.ex_held):
        st.flag(at, "turn-order", text.exchange_turn_done(p), p)
        return
    waiting = _still_to_come(st, order[st.ex_pos:order.index(p)], at)
    if waiting:
        if not st.ex_early:
            st.ex_early = True
            st.flag(at, "turn-order", text.exchange_early(p, waiting[0]), p)
        st.ex_held.append((e, at))
        return
    _exchange_turn(st, e, at)
    release_held(st, at)


def _still_to_come(st: DealState, players: list[str], now: int) -> list[str]:
    """Those of ``players`` whose discard the deal records after entry ``now``."""
    later = {q for i, q in st.ex_record if i > now}
    return [q for q in players if q in later]


def release_held(st: DealState, now: int | None = None) -> None:
    """The discards held back take their turn once nobody before them is still to come in
    the record after entry ``now`` (``None``: the exchange is over, they all take it)."""
    order = st.ex_order()
    while st.ex_held and st.phase == "exchange":
        st.ex_held.sort(key=lambda h: order.index(h[0].player))
        e, at = st.ex_held[0]
        if now is not None and _still_to_come(st, order[st.ex_pos:order.index(e.player)], now):
            return
        st.ex_held.pop(0)
        _exchange_turn(st, e, at)


def _exchange_turn(st: DealState, e: Exchange, at: int) -> None:
    order = st.ex_order()
    p = e.player
    while order[st.ex_pos] != p:
        unrecorded_exchange(st, order[st.ex_pos])
        st.ex_pos += 1
    if p == st.dealer:
        dealer_exchange(st, e, at)
    else:
        player_exchange(st, e, at)
    st.ex_pos += 1
    if st.ex_pos >= len(order):
        st.phase = "play"
        st.to_move = st.leader
    else:
        st.to_move = order[st.ex_pos]


def unrecorded_exchange(st: DealState, p: str) -> None:
    if p == st.dealer:
        if st.stock is not None and st.stock_pos is not None:
            st.know.receive(p, st.stock[st.stock_pos:])
            st.stock_pos = len(st.stock)
        else:
            st.know.open_stock(p)
        st.know.blur(p, keep_certain=False)
    else:
        st.replaced = None
        st.stock_pos = None
        st.know.open_stock(None)
        st.know.blur(p, keep_certain=False)


def player_exchange(st: DealState, e: Exchange, at: int) -> None:
    p = e.player
    if e.count > 3:
        st.flag(at, "exchange-count", text.too_many_discards(p, e.count), p)
    trumps = [c for c in e.cards or () if st.order.is_trump(c)]
    if trumps:  # one discard, one violation, however many trumps it holds
        st.flag(at, "discard-trump", text.player_discarded_trump(p, st.order, trumps), p)
    if e.cards is None and e.count:  # a number: the trumps held must stay (kept.py)
        kept.promise(st, p, at, "player")
    discard_cards(st, e, at)
    got: tuple[Card, ...] | None = None
    if st.stock is not None and st.stock_pos is not None:
        got = st.stock[st.stock_pos:st.stock_pos + e.count]
        st.stock_pos += e.count
        st.know.receive(p, got)
    elif e.count:
        mine = st.draw_listed(p, e.count)  # the draws it showed the referee (private)
        if mine:
            st.know.receive(p, mine)
            got = mine
        if len(mine) < e.count:
            st.know.open_stock(None)
            st.know.blur(p, keep_certain=True)
    if st.replaced is not None:
        st.replaced += e.count
    st.exchanges.append(ExRec(p, "discard", e.cards, e.count, at, got))
    st.notes[at] = (f"discarded {e.count} card{'s' if e.count != 1 else ''}"
                    + (f", got {' '.join(map(str, got))}" if got else ""))


def dealer_exchange(st: DealState, e: Exchange, at: int) -> None:
    p = e.player
    rest: tuple[Card, ...] | None = None
    if st.stock is not None and st.stock_pos is not None:
        rest = st.stock[st.stock_pos:]
        st.stock_pos = len(st.stock)
        st.know.receive(p, rest)
    else:
        want = st.v.undealt - st.replaced if st.replaced is not None else None
        mine = st.draw_listed(p, want)  # the rest it showed the referee (private)
        if mine:
            st.know.receive(p, mine)
            rest = mine
        if want is None or len(mine) < want:
            st.know.open_stock(p)
            st.know.blur(p, keep_certain=True)
    if st.replaced is not None:
        want = st.v.undealt - st.replaced
        if e.count != want:
            st.flag(at, "exchange-count", text.dealer_discard_count(p, want, e.count), p)
    t = st.trump
    points = {JOKER, st.order.left}
    if t is not None:
        points |= {Card(14, t), Card(11, t), Card(2, t)}
    trumps = [c for c in e.cards or () if st.order.is_trump(c)]
    never = [c for c in trumps if c in points]
    if never:  # one discard, one violation: the point trumps already break the rule
        st.flag(at, "discard-trump", text.dealer_discarded_point(p, st.order, never), p)
    if e.cards is None and e.count:  # a number: the trumps that must stay (kept.py)
        kept.promise(st, p, at, "dealer")
    discard_cards(st, e, at)
    if trumps and not never:
        order = st.order
        held = st.know.assert_void(VoidAssertion(
            p, lambda x: not order.is_trump(x), "discard-trump",
            text.dealer_kept_assertion(p, order, trumps), st.number, None))
        if held is not None:
            st.flag(at, "discard-trump", text.dealer_kept_plain(p, order, trumps, held), p)
    st.exchanges.append(ExRec(p, "discard", e.cards, e.count, at, rest))
    st.notes[at] = f"took the rest of the stock and discarded {e.count}"


def end_exchange(st: DealState) -> None:
    """Play began: whatever of the exchange was not recorded is unknown."""
    if st.v.kitty:
        if st.ex_pos == 0:
            take_unrecorded(st)
        if st.ex_pos == 1:
            st.know.blur(st.bidder or "", keep_certain=False)
            st.ex_pos = 2
    else:
        release_held(st)
        order = st.ex_order()
        while st.ex_pos < len(order):
            unrecorded_exchange(st, order[st.ex_pos])
            st.ex_pos += 1
    st.phase = "play"
