"""A Kozel seat's hand now (``GameRules.hand_now``): the replay's card book, where it knows
the seat's hand card by card (hands and stock known, or a private deal where the seat showed
the referee its cards dealt and each card it drew); and what the book knows of a registered
hand while the seat has drawn cards it has not shown yet (``GameRules.hand_drawn``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import Card, sort_hand
from ...model import Deal, HandNow, Play, Pull, Result, Setup
from .cards import HAND

if TYPE_CHECKING:
    from .play import Game
    from .rules import Kozel


def _game(rules: Kozel, setup: Setup, deals: Sequence[Deal], result: Result) -> Game | None:
    exp = result.expect
    if exp.new_deal or exp.action in ("done", "outcome"):
        return None
    s = result.state or rules.run(setup, deals)
    return s.games[-1] if s.games else None


def hand_now(rules: Kozel, setup: Setup, deals: Sequence[Deal], result: Result,
             seat: str) -> tuple[Card, ...] | None:
    g = _game(rules, setup, deals, result)
    if g is None:
        return None
    book = g.book
    known = book.known.get(seat)
    if known is None or book.size.get(seat) != len(known):
        return None
    return tuple(sort_hand(list(known)))


def hand_drawn(rules: Kozel, setup: Setup, deals: Sequence[Deal], result: Result,
               seat: str) -> HandNow | None:
    """``seat``'s registered hand in a private game in progress (its list: the 4 cards dealt,
    then each card drawn): None without one, or with the deck known (the stock gives the
    draws)."""
    g = _game(rules, setup, deals, result)
    if g is None or g.stock is not None or not deals or g.number != len(deals):
        return None
    listed = (g.hands or {}).get(seat)
    if listed is None or len(listed) < HAND:
        return None
    book = g.book
    mine = set(listed)
    laid: list[Card] = []
    for e in deals[-1].entries:
        if isinstance(e, Play | Pull) and e.player == seat:
            laid.extend(c for c in e.cards if c is not None and c not in mine and c not in laid)
    return HandNow(book.size[seat], frozenset(book.known[seat] & mine),
                   frozenset(book.maybe[seat] & mine),
                   max(0, book.drawn[seat] - (len(listed) - HAND)), tuple(laid))
