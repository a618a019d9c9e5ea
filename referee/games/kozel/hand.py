"""A Kozel seat's hand now (``GameRules.hand_now``): the replay's card book, where it knows
the seat's hand card by card (hands and stock known: the cards drawn from the stock too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import Card, sort_hand
from ...model import Deal, Result, Setup

if TYPE_CHECKING:
    from .rules import Kozel


def hand_now(rules: Kozel, setup: Setup, deals: Sequence[Deal], result: Result,
             seat: str) -> tuple[Card, ...] | None:
    exp = result.expect
    if exp.new_deal or exp.action in ("done", "outcome"):
        return None
    s = result.state or rules.run(setup, deals)
    if not s.games:
        return None
    book = s.games[-1].book
    known = book.known.get(seat)
    if known is None or book.size.get(seat) != len(known):
        return None
    return tuple(sort_hand(list(known)))
