"""What the player may enter now in Foursquare (``GameRules.choices``): each legal place for
the card drawn. With the stock known (``--deal``, or a ``stock`` key) the card is the next
one of the stock; with it unseen, the card drawn is not known to the referee, so every card
not yet placed is offered at every legal place (at most 40 cards by the places open)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import DECK_40, Card
from ...model import Deal, Key, Result, Setup
from ..base import Choice, Choices
from .play import DECK, Game, Pos, pos_text

if TYPE_CHECKING:
    from .rules import Foursquare


def choices(rules: Foursquare, setup: Setup, deals: Sequence[Deal], result: Result,
            seat: str | None) -> Choices:
    exp = result.expect
    who = seat if seat is not None else exp.player
    if who is None or exp.action != "place" or who != exp.player:
        return Choices(exp.player, who)
    games: list[Game] = result.state if result.state is not None else rules.run(setup, deals)
    g = games[-1] if games and not exp.new_deal else None
    if g is None:  # a new game: its first card goes anywhere (0,0)
        places: list[Pos] = [(0, 0)]
        nxt = _first_card(rules, setup, exp.deal)
        seen: dict[Card, int] = {}
    else:
        places, nxt, seen = g.legal(), g.next_card(), g.seen
    cards = [nxt] if nxt is not None else [c for c in DECK_40 if c not in seen]
    out = []
    for c in cards:
        rule = "card-not-in-deck" if c not in DECK else (
            "card-duplicate" if c in seen else None)
        for p in places:
            out.append(Choice(f"{who}: {c} {pos_text(p)}", f"{c.pretty()} {pos_text(p)}",
                              rule is None, rule))
    return Choices(who, who, tuple(out))


def _first_card(rules: Foursquare, setup: Setup, n: int) -> Card | None:
    """The top of the next game's stock, when the referee deals it."""
    if setup.seed is None:
        return None
    first = rules.virtual_deal(setup, n, None)[0]
    return first.value[0] if isinstance(first, Key) else None
