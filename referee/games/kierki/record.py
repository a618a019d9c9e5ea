"""Kierki's record of the play (``referee.views.play_record``), read off its replayed state.

``GameRules.record_play`` calls ``record_play`` with the deals and the ``Result`` of their
replay; nothing is replayed again. The tricks are the finished ones and then the trick on the table
(winner ``None``); cards entered after a deal was over are violations, not plays, and are
left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...model import Deal, Result
from ...views.play_record import ClaimRecord, DealPlay, TurnRecord, from_trick, with_current
from .play import LOTTERY


def record_play(deals: Sequence[Deal], result: Result) -> None:
    for row, st in zip(result.deals, result.state, strict=True):
        if st.number == LOTTERY:
            row.play = DealPlay(turns=tuple(TurnRecord(t.number, t.player, t.card)
                                            for t in st.turns))
        else:
            claim = None
            if st.claim is not None:
                who = st.claim.claimer
                claim = ClaimRecord(who, (who,), st.claim_tricks, 14 - st.claim_tricks,
                                    hand=st.claim.hand)
            row.play = DealPlay(trump=st.trump, tricks=tuple(
                from_trick(t) for t in with_current(st.tricks, st.current)), claim=claim)
