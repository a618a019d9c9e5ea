"""Both Schmier games's record of the play (``referee.views.play_record``), read off its
replayed state.

``GameRules.record_play`` calls ``record_play`` with the deals and the ``Result`` of their
replay; nothing is replayed again. The tricks are the finished ones and then the trick on the
table (winner ``None``). Deals written after the end of the game were not refereed: they
have no state and no row, and are left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...model import Bid, Deal, Result
from ...views.play_record import ClaimRecord, DealPlay, bid_text, from_trick, with_current


def record_play(deals: Sequence[Deal], result: Result) -> None:
    states, _info = result.state
    # Deals written after the end of the game have no state and no row (``AfterTheEnd``).
    for row, st, deal in zip(result.deals, states, deals[:len(states)], strict=True):
        bids = tuple(bid_text(e.player, e.value) for e in deal.entries if isinstance(e, Bid))
        claim = None
        if st.claim is not None:
            tc = st.claim
            side = tuple(p for p in st.setup.players if st.team_of[p] == st.team_of[tc.claimer])
            claim = ClaimRecord(tc.claimer, side, st.claim_tricks, 7 - st.claim_tricks,
                                tuple(tc.held_by().items()), tc.game_points, tc.hand)
        row.play = DealPlay(bids=bids, tricks=tuple(
            from_trick(t) for t in with_current(st.tricks, st.current)), claim=claim)
