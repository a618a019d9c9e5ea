"""What a Schmier discard of a *number* of cards still promises, and its proof by the play.

A discard written as a count (``discards = { Ala = 17 }``) names no card, so the rule on
trumps (RULES.md, Schmier: no trump is discarded; the dealer only when holding more than 6
trumps, down to 6 kept, and never the ace, a bauer, the 2 or the joker) cannot be checked at
the exchange. But the referee may know cards the player certainly held then (their hand
typed or registered, the stock's cards the dealer took): the rule says which of them must
still be in the hand after the discard, and how many trumps at least. Each card the player
then plays leaves one card fewer to play: once the cards still to play cannot hold every trump
that had to be kept (or as many trumps as had to be kept), a trump was discarded, and that is
proven at the card that shows it, reported at the exchange (trick None), as a revoke is
reported at its trick (``Keep``, ``promise``, ``check``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import JOKER, Card
from ...errors import Violation
from . import text

if TYPE_CHECKING:
    from .play import DealState

HAND = 6  # the cards each player holds when the play begins


@dataclass(slots=True)
class Keep:
    """``player``'s discard at entry ``at`` promised to keep every card of ``cards`` and at
    least ``trumps`` trumps; ``kind`` whose rule it is ("player": no trump goes; "dealer": the
    Schmier dealer's; "bidder": the Wisconsin bidder's); ``proven`` once the play showed
    otherwise."""

    player: str
    at: int
    cards: frozenset[Card]
    trumps: int
    kind: str
    proven: bool = False


def held(st: DealState, player: str) -> tuple[frozenset[Card], bool]:
    """The cards ``player`` certainly holds now, and whether that is the whole hand."""
    return frozenset(st.know.certain(player)), st.know.exact[player]


def promise(st: DealState, player: str, at: int, kind: str,
            before: tuple[frozenset[Card], bool] | None = None) -> None:
    """What a discard of a number of cards by ``player`` must have kept of the cards held
    before it (``before``, or now: the hand not yet blurred), once trump is known."""
    o = st.order
    if st.trump is None:
        return
    cards, exact = before if before is not None else held(st, player)
    trumps = [c for c in cards if o.is_trump(c)]
    if not trumps:
        return
    if kind == "player":  # no trump may be discarded
        st.keeps.append(Keep(player, at, frozenset(trumps), len(trumps), kind))
        return
    t = st.trump
    never = {JOKER, o.left, Card(14, t), Card(11, t), Card(2, t)} if kind == "dealer" else set()
    must = {c for c in trumps if c in never}
    if exact and len(trumps) <= HAND:  # every trump held is kept
        must = set(trumps)
    st.keeps.append(Keep(player, at, frozenset(must), min(len(trumps), HAND), kind))


def check(st: DealState, player: str, at: int) -> None:
    """After a card of ``player`` (entry ``at``): a promise the cards left cannot keep is
    proven broken, once."""
    if not st.keeps:
        return
    played = [tp.card for t in [*st.tricks, *([st.current] if st.current else [])]
              for tp in t.plays if tp.player == player]
    if len(played) > HAND:  # more cards than a hand: the record says so elsewhere
        return
    left = HAND - len(played)
    shown = set(played)
    for k in st.keeps:
        if k.proven or k.player != player:
            continue
        missing = sorted(k.cards - shown, key=st.order.rank, reverse=True)
        trumps_played = sum(1 for c in played if st.order.is_trump(c))
        if len(missing) > left or k.trumps - trumps_played > left:
            k.proven = True
            said = (text.kept_trumps(player, st.order, missing, left) if k.kind == "player"
                    else text.kept_trumps_held(player, k.kind == "dealer", st.order, missing,
                                               k.trumps, left))
            st.violations.append(Violation(st.number, None, player, "discard-trump", said,
                                           at=at, retro=True))
