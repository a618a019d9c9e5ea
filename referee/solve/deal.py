"""The position builder: a finished deal recorded card by card, as the search needs it.

At the end of a deal of a trick game every card held at the start of the play has been
played, so each hand at the start of the play is the cards its player played (discards,
exchanges and a bidder's take happen before the play, and a card discarded is in no hand).
:func:`played_deal` reads them off the replayed game (its ``DealResult`` rows and the record
of the play, ``GameRules.record_play``), and the game (``TrickGame.played_deal``) adds the
trump, the kind of deal, who leads first by its rules and the sides. A deal it cannot
rebuild raises :class:`NotAnalysable` with one line saying why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..compact import Layout
from ..errors import RefereeError
from ..model import DealResult, Result


class NotAnalysable(RefereeError):
    """A deal (or game) the post-mortem cannot analyse, and why (one line)."""


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One finished deal as the search needs it: ``hands`` at the start of the play (layout
    masks, by seat), ``leader`` the seat the rules have lead first, ``plays`` (seat, card)
    in the order recorded, ``kind`` the game's kind of deal (``TrickGame.rules``; 0 when it
    has one), the bidder's seat and bid, ``teams`` each seat's team (its own seat when each
    player is a side)."""

    game: str
    number: int
    kind: int
    players: tuple[str, ...]
    layout: Layout
    hands: tuple[int, ...]
    leader: int
    trump: str | None
    plays: tuple[tuple[int, int], ...]
    teams: tuple[int, ...]
    team_names: tuple[str, ...]
    bidder: int | None = None
    bid: int | None = None
    high_low: str = "ace-seven"
    actual: dict[str, int] | None = None  # the side's result as the referee scored it

    @property
    def seats(self) -> int:
        return len(self.players)


def played_deal(result: Result, number: int) -> PlayedDeal:
    """Deal ``number`` (from 1) of a replayed game whose ``play`` records are filled in
    (``GameRules.record_play``)."""
    from ..games import get as get_game

    setup = result.setup
    game = get_game(setup.game).trick_game()
    if game is None:
        raise NotAnalysable(f"{setup.game} has no tricks to analyse")
    if not 1 <= number <= len(result.deals):
        raise NotAnalysable(f"deal {number}: not in the file, which has "
                            f"{_deals(len(result.deals))}")
    row = result.deals[number - 1]
    players = tuple(setup.players)
    seat = {p: i for i, p in enumerate(players)}
    n = len(players)
    why = game.no_tricks(number)
    if why is not None:
        raise NotAnalysable(f"deal {number}: {why}")
    if row.redeal:
        raise NotAnalysable(f"deal {number}: everyone passed, so nothing was played")
    if not row.finished:
        raise NotAnalysable(f"deal {number}: not finished")
    tricks = row.play.tricks if row.play is not None else None
    if not tricks:
        raise NotAnalysable(f"deal {number}: not recorded card by card")
    want = game.tricks
    if len(tricks) != want or any(t.winner is None for t in tricks):
        raise NotAnalysable(f"deal {number}: {len(tricks)} of its {want} tricks were "
                            "played, so not every hand is known")
    lay = game.layout
    hands = [0] * n
    plays: list[tuple[int, int]] = []
    for t in tricks:
        if len(t.plays) != n:
            raise NotAnalysable(f"deal {number}: trick {t.number} has {len(t.plays)} cards, "
                                f"not {n}")
        for p in t.plays:
            c = p.cards[0] if p.cards else None
            if c is None or c not in lay.index or p.player not in seat:
                raise NotAnalysable(f"deal {number}: trick {t.number} holds a card that is "
                                    "not of this deck")
            i = lay.index[c]
            s = seat[p.player]
            if any(h >> i & 1 for h in hands):
                raise NotAnalysable(f"deal {number}: {c} was played twice")
            hands[s] |= 1 << i
            plays.append((s, i))
    if any(h.bit_count() != want for h in hands):
        raise NotAnalysable(f"deal {number}: the players did not play {want} cards each")
    return game.played_deal(result, number, tuple(hands), tuple(plays))


def _deals(k: int) -> str:
    return f"{k} deal" if k == 1 else f"{k} deals"


def finished_numbers(result: Result) -> list[int]:
    """The numbers of the deals that are finished (analysable or not)."""
    return [d.number for d in result.deals if d.finished]


def rows(result: Result) -> Sequence[DealResult]:
    return result.deals
