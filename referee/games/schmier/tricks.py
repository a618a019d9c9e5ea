"""The trick play of Wisconsin Schmier and Schmier on the compact core (``referee.compact``):
their decks as small ints and their trick rules under each trump, built once and cached."""

from __future__ import annotations

from ...cards import DECK_32, DECK_53, SUITS
from ...compact import (
    NO_TRUMP,
    SAME_COLOUR,
    SUIT_INDEX,
    Layout,
    TrickRules,
    plain_rules,
)

WISCONSIN = Layout("wisconsin-schmier", DECK_32)
SCHMIER = Layout("schmier", DECK_53)
_WISCONSIN: dict[str | None, TrickRules] = {}
_SCHMIER: dict[str | None, TrickRules] = {}


def wisconsin_rules(trump: str | None) -> TrickRules:
    """Wisconsin Schmier: a player holding the suit led follows it or plays a trump; without
    it, any card. ``trump`` None: the first lead of the deal, which names it."""
    rules = _WISCONSIN.get(trump)
    if rules is None:
        rules = _WISCONSIN[trump] = plain_rules(f"wisconsin-schmier, trump {trump}", WISCONSIN,
                                                trump, WISCONSIN.full, True)
    return rules


def schmier_rules(trump: str | None) -> TrickRules:
    """Schmier: follow the effective suit led if able, else any card. Under a trump the left
    bauer (the other jack of trump's colour) and the joker are trumps; trump ranks A K Q,
    right bauer, left bauer, 10 ... 2, joker. With no trump known the joker is a suit of its
    own that nothing follows."""
    rules = _SCHMIER.get(trump)
    if rules is None:
        lay = SCHMIER
        suit = list(lay.suit)
        power = list(lay.rank)
        t = SUIT_INDEX[trump] if trump else NO_TRUMP
        if t != NO_TRUMP:
            left = lay.card_of(SUITS[SAME_COLOUR[t]], 11)
            suit[left] = suit[lay.joker] = t
            for i in range(lay.size):
                if suit[i] != t:
                    continue
                r = lay.rank[i]
                if i == lay.joker:
                    power[i] = 1
                elif i == left:
                    power[i] = 16
                elif r == 11:
                    power[i] = 17
                elif r > 11:
                    power[i] = r + 6
        rules = _SCHMIER[trump] = TrickRules(f"schmier, trump {trump}", lay, t, suit, power,
                                             lay.full, False)
    return rules


def effective_suit(layout: Layout, i: int, trump: str | None) -> int:
    """The suit card ``i`` belongs to under ``trump`` (Schmier's left bauer and joker: trump)."""
    if layout is SCHMIER:
        return schmier_rules(trump).suit[i]
    return layout.suit[i]
