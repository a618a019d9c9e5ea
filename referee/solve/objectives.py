"""What each game's side scores, as an :class:`~referee.solve.search.Objective` (RULES.md).

* **Kierki** deals 1-7: the penalty a player takes (negative points, as the score sheet
  writes them; the player maximises it, so takes the least): per trick taken (deals 1, 7), per
  heart, queen, jack or king, the king of hearts (``kierki.play.card_penalty``), the 7th and
  the 13th trick (deals 6, 7). Deals 8-11: one per trick taken (the sheet's +25 each).
* **Wisconsin Schmier, Schmier**: the points of the bidding team: High and Low are fixed by
  who holds the cards at the start of the play (every card held is played), the jack of trump
  (Schmier: both bauers and the joker) goes with the trick that holds it, and Game to the team
  with strictly the most game points in its won tricks.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import JOKER, Card
from ..compact import TrickRules
from ..games.kierki.play import TRUMP_DEALS, card_penalty
from ..games.schmier.score import SCHMIER, WISCONSIN, Order, Variant, game_value
from .search import Objective


def kierki(deal: int, rules: TrickRules) -> Objective:
    """Deal ``deal`` (1-11) of Kierki for one player."""
    cards = rules.layout.cards
    if deal in TRUMP_DEALS:
        return Objective((0,) * len(cards), (1,) * 13, wants_tricks=True)
    tv = [0] * 13
    for t in range(13):
        if deal in (1, 7):
            tv[t] -= 20
        if deal in (6, 7) and t in (6, 12):
            tv[t] -= 75
    return Objective(tuple(card_penalty(deal, c) for c in cards), tuple(tv), wants_tricks=False)


def variant(game: str) -> Variant:
    return SCHMIER if game == "schmier" else WISCONSIN


def schmier(game: str, rules: TrickRules, trump: str, in_play: Sequence[int],
            holder: Sequence[int], teams: Sequence[int], side_team: int,
            high_low: str = "ace-seven") -> Objective:
    """The bidding team's points in a deal of ``game`` under ``trump``: ``in_play`` the
    layout indices of the cards held at the start of the play, ``holder[i]`` the seat that
    held card ``i`` then, ``teams`` each seat's team."""
    v = variant(game)
    lay = rules.layout
    order = Order(trump, v.bauers)
    cards = lay.cards
    fixed = 0
    present = set(in_play)
    if high_low == "in-play" and not v.bauers:
        trumps = [i for i in present if order.is_trump(cards[i])]
        if trumps:
            top = max(trumps, key=lambda i: order.rank(cards[i]))
            bottom = min(trumps, key=lambda i: order.rank(cards[i]))
            fixed += (teams[holder[top]] == side_team) + (teams[holder[bottom]] == side_team)
    else:
        for rank in (14, v.low_rank):
            i = lay.index[Card(rank, trump)]
            if i in present and teams[holder[i]] == side_team:
                fixed += 1
    value = [0] * lay.size
    value[lay.index[Card(11, trump)]] = 1
    if v.bauers:
        left = order.left
        assert left is not None
        value[lay.index[left]] = 1
        value[lay.index[JOKER]] = 1
    return Objective(tuple(value), (0,) * 6, fixed=fixed,
                     game_points=tuple(game_value(c) for c in cards), game_value=1,
                     wants_tricks=True)
