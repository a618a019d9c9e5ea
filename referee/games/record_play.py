"""Each game's record of the play (``referee.play_record``), read off its replayed state.

``GameRules.record_play`` calls the function of its game with the deals and the ``Result``
of their replay; nothing is replayed again. The tricks are the finished ones and then the
trick on the table (winner ``None``); cards entered after a deal was over are violations,
not plays, and are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..model import Bid, Deal, Result
from ..play_record import DealPlay, PlayRecord, PullRecord, TrickRecord, TurnRecord, bid_text

if TYPE_CHECKING:
    from ..trick import Trick
    from .kozel.play import PlayRec, TrickRec


def from_trick(t: Trick) -> TrickRecord:
    """A trick of the one-card-a-play games (Kierki, Schmier)."""
    return TrickRecord(t.number, t.plays[0].player if t.plays else None,
                       tuple(PlayRecord(p.player, (p.card,)) for p in t.plays), t.winner)


def with_current(done: list[Any], current: Any) -> list[Any]:
    return done + [current] if current is not None else done


def kierki(deals: Sequence[Deal], result: Result) -> None:
    from .kierki.play import LOTTERY

    for row, st in zip(result.deals, result.state, strict=True):
        if st.number == LOTTERY:
            row.play = DealPlay(turns=tuple(TurnRecord(t.number, t.player, t.card)
                                            for t in st.turns))
        else:
            row.play = DealPlay(trump=st.trump, tricks=tuple(
                from_trick(t) for t in with_current(st.tricks, st.current)))


def schmier(deals: Sequence[Deal], result: Result) -> None:
    states, _info = result.state
    for row, st, deal in zip(result.deals, states, deals, strict=True):
        bids = tuple(bid_text(e.player, e.value) for e in deal.entries if isinstance(e, Bid))
        row.play = DealPlay(bids=bids, tricks=tuple(
            from_trick(t) for t in with_current(st.tricks, st.current)))


def kozel_play(r: PlayRec) -> PlayRecord:
    return PlayRecord(r.player, r.cards, r.down, r.pull)


def kozel_trick(t: TrickRec) -> TrickRecord:
    pull = None
    last = max((i for i, r in enumerate(t.plays) if r.pull), default=None)
    if last is not None:
        pull = PullRecord(t.plays[last].player, tuple(kozel_play(r) for r in t.plays[:last]))
    return TrickRecord(t.number, t.leader, tuple(kozel_play(r) for r in t.attempt), t.winner,
                       pull)


def kozel(deals: Sequence[Deal], result: Result) -> None:
    # a game entered after the series was over has no row and no replayed game
    for row, g in zip(result.deals, result.state.games, strict=True):
        row.play = DealPlay(tricks=tuple(kozel_trick(t)
                                         for t in with_current(g.tricks, g.current)))


def foursquare(deals: Sequence[Deal], result: Result) -> None:
    for row, g in zip(result.deals, result.state, strict=True):
        row.play = DealPlay(turns=tuple(TurnRecord(t.number, g.player, t.card, t.pos)
                                        for t in g.turns))
