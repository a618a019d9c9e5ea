"""Kozel's record of the play (``referee.views.play_record``), read off its replayed state.

``GameRules.record_play`` calls ``record_play`` with the deals and the ``Result`` of their
replay; nothing is replayed again. The plays are as written: face down, pulled, and the
plays a pull sent back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...model import Deal, Result
from ...views.play_record import DealPlay, PlayRecord, PullRecord, TrickRecord, with_current
from .play import PlayRec, TrickRec


def kozel_play(r: PlayRec) -> PlayRecord:
    return PlayRecord(r.player, r.cards, r.down, r.pull)


def kozel_trick(t: TrickRec) -> TrickRecord:
    pull = None
    last = max((i for i, r in enumerate(t.plays) if r.pull), default=None)
    if last is not None:
        pull = PullRecord(t.plays[last].player, tuple(kozel_play(r) for r in t.plays[:last]))
    return TrickRecord(t.number, t.leader, tuple(kozel_play(r) for r in t.attempt), t.winner,
                       pull)


def record_play(deals: Sequence[Deal], result: Result) -> None:
    # a game entered after the series was over has no row and no replayed game
    for row, g in zip(result.deals, result.state.games, strict=True):
        row.play = DealPlay(tricks=tuple(kozel_trick(t)
                                         for t in with_current(g.tricks, g.current)))
