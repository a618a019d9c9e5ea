"""Foursquare's record of the play (``referee.views.play_record``), read off its replayed state.

``GameRules.record_play`` calls ``record_play`` with the deals and the ``Result`` of their
replay; nothing is replayed again. Each turn is a card placed, with its place.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...model import Deal, Result
from ...views.play_record import DealPlay, TurnRecord


def record_play(deals: Sequence[Deal], result: Result) -> None:
    for row, g in zip(result.deals, result.state, strict=True):
        row.play = DealPlay(turns=tuple(TurnRecord(t.number, g.player, t.card, t.pos)
                                        for t in g.turns))
