"""A Schmier seat's registered hand while it has drawn cards at the exchange that it has not
shown the referee yet (``GameRules.hand_drawn``; docs/private.md "Draws"): in a private deal
a seat's ``hands`` entry lists the 6 cards dealt, then the cards it drew at the exchange (a
player: as many as it discarded; the dealer: the rest of the undealt cards), in order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import Card
from ...model import Deal, Exchange, HandNow, Play, Result, Setup

if TYPE_CHECKING:
    from .rules import SchmierRules

DEALT = 6


def hand_drawn(rules: SchmierRules, setup: Setup, deals: Sequence[Deal], result: Result,
               seat: str) -> HandNow | None:
    if not rules.variant.bauers or not deals or result.state is None:
        return None
    d = deals[-1]
    hands = d.key("hands")
    listed = hands.get(seat) if isinstance(hands, dict) else None
    if listed is None or len(listed) < DEALT or d.key("stock") is not None:
        return None
    states = result.state[0]
    if len(states) != len(deals) or states[-1].finished:
        return None
    st = states[-1]
    discards = [e for e in d.entries if isinstance(e, Exchange) and e.player == seat
                and e.kind == "discard"]
    if not discards or seat not in st.drawn:
        return None  # (its exchange not made, or not replayed: the count is not known)
    gone = sum(e.count for e in discards)
    played = [x.card for x in st.plays() if x.player == seat]
    mine = set(listed)
    know = st.know
    held = frozenset(know.held[seat] & mine)
    maybe: frozenset[Card] = frozenset()
    if not know.exact[seat]:
        maybe = frozenset(c for c in mine - held if c not in know.seen
                          and c not in know.discarded)
    laid: list[Card] = []
    for e in d.entries:
        if isinstance(e, Play | Exchange) and e.player == seat and e.cards and (
                not isinstance(e, Exchange) or e.kind == "discard"):
            laid.extend(c for c in e.cards if c is not None and c not in mine
                        and c not in laid)
    drew = st.drawn[seat]
    return HandNow(DEALT + drew - gone - len(played), held, maybe,
                   max(0, drew - (len(listed) - DEALT)), tuple(laid))
