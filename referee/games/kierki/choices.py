"""What a seat may enter now in Kierki (``GameRules.choices``), read off the replayed deal.

Plays: with the hands known, the seat's hand, each card allowed or refused by ``follow-suit``
or ``hearts-lead``; with the hands unseen, every card not yet seen, allowed (a card that
contradicts an earlier void is accepted: it proves that revoke, as ``add`` does). Deals 8-11:
the four suits for the player who names trump. The small lottery: ``pass`` and the cards
(held, or not yet seen), each allowed when it fits the layout (``fantan-seven``,
``fantan-sequence``; ``pass`` only holding no card that fits: ``fantan-must-play``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import Card, sort_hand
from ...model import Deal, Result, Setup
from ..base import Choice, Choices
from .play import HEARTS_LEAD, DealState

if TYPE_CHECKING:
    from .rules import Kierki


def choices(rules: Kierki, setup: Setup, deals: Sequence[Deal], result: Result,
            seat: str | None) -> Choices:
    exp = result.expect
    who = seat if seat is not None else exp.player
    if who is None or exp.action == "done" or exp.player != who:
        return Choices(exp.player, who)
    if exp.action == "trump":
        return Choices.trump(who)
    if exp.action not in ("lead", "play", "turn"):
        return Choices(who, who)
    st = _state(rules, setup, deals, result)
    know = st.know
    mine = know.hand_of(who)
    if mine is not None:
        cards = sort_hand(list(mine))
    else:
        seen = know.seen
        cards = [c for c in rules.deck if c not in seen]
    if exp.action == "turn":
        return Choices(who, who, _lottery(st, who, cards, mine is not None))
    out = []
    for c in cards:
        rule = _refused(st, who, c)
        out.append(Choice(f"{who}: {c}", c.pretty(), rule is None, rule))
    return Choices(who, who, tuple(out))


def _state(rules: Kierki, setup: Setup, deals: Sequence[Deal], result: Result) -> DealState:
    """The deal the next entry goes to: the one in progress, or a new one (before its first
    entry, as ``expect`` sees it)."""
    exp = result.expect
    if exp.new_deal or not deals:
        opts = rules.opts(setup)
        return DealState(setup, exp.deal, exp.dealer or setup.first_dealer, 0,
                         start_rank=opts["fantan_start_rank"],
                         stop_early=opts["stop_when_penalties_gone"],
                         trump_chooser=opts["trump_chooser"])
    states: list[DealState] = result.state if result.state else rules.run(setup, deals)
    return states[-1]


def _refused(st: DealState, who: str, c: Card) -> str | None:
    """The rule that refuses ``who`` playing ``c`` now (a card held or not yet seen, in turn),
    where the referee knows it; None when it is accepted."""
    know = st.know
    if know.hand_of(who) is None:
        # a card of a hand another player registered (a private deal) is not this seat's
        return "card-not-held" if know.registered and c in know.registered_cards() else None
    t = st.current
    if t is not None and t.plays:
        led = st.led
        if led is not None and c.suit != led and know.holding(who, lambda x: x.suit == led):
            return "follow-suit"
        return None
    if c.suit == "H" and st.number in HEARTS_LEAD and \
            know.holding(who, lambda x: x.suit != "H"):
        return "hearts-lead"
    return None


def _lottery(st: DealState, who: str, cards: list[Card], known: bool) -> tuple[Choice, ...]:
    ok = st.playable()
    fits = [c for c in cards if c in ok]
    out = [Choice(f"{who}: pass", "pass", not (known and fits),
                  "fantan-must-play" if known and fits else None)]
    for c in cards:
        if c in ok:
            out.append(Choice(f"{who}: {c}", c.pretty()))
        else:
            rule = "fantan-seven" if st.run(c.suit) is None and c.rank != st.start_rank \
                else "fantan-sequence"
            out.append(Choice(f"{who}: {c}", c.pretty(), False, rule))
    return tuple(out)
