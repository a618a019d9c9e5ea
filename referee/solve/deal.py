"""The position builder: a finished deal recorded card by card, as the search needs it.

At the end of a deal of a trick game every card held at the start of the play has been
played, so each hand at the start of the play is the cards its player played (Schmier's
discards and exchanges and the Wisconsin bidder's take happen before the play, and a card
discarded is in no hand). :func:`played_deal` reads them off the replayed game (its
``DealResult`` rows and the record of the play, ``GameRules.record_play``), with the trump,
the kind of deal, who leads first by the rules, and the plays in the order they were made.
A deal it cannot rebuild raises :class:`NotAnalysable` with one line saying why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..compact import Layout
from ..errors import RefereeError
from ..games.kierki.play import KIERKI, LOTTERY, TRUMP_DEALS
from ..games.schmier.tricks import SCHMIER, WISCONSIN
from ..model import DealResult, Result

GAMES = ("kierki", "wisconsin-schmier", "schmier")
TRICKS = {"kierki": 13, "wisconsin-schmier": 6, "schmier": 6}
LAYOUT: dict[str, Layout] = {"kierki": KIERKI, "wisconsin-schmier": WISCONSIN,
                             "schmier": SCHMIER}


class NotAnalysable(RefereeError):
    """A deal (or game) the post-mortem cannot analyse, and why (one line)."""


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One finished deal as the search needs it: ``hands`` at the start of the play (layout
    masks, by seat), ``leader`` the seat the rules have lead first, ``plays`` (seat, card)
    in the order recorded, ``kind`` Kierki's deal (1-11; 0 in the Schmier games), the
    bidder's seat and bid, ``teams`` each seat's team (Kierki: its own seat)."""

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
    setup = result.setup
    game = setup.game
    if game not in GAMES:
        raise NotAnalysable(f"{game} has no tricks to analyse")
    if not 1 <= number <= len(result.deals):
        raise NotAnalysable(f"deal {number}: not in the file, which has "
                            f"{_deals(len(result.deals))}")
    row = result.deals[number - 1]
    players = tuple(setup.players)
    seat = {p: i for i, p in enumerate(players)}
    n = len(players)
    if game == "kierki" and number == LOTTERY:
        raise NotAnalysable(f"deal {number}: the small lottery has no tricks to analyse")
    if row.redeal:
        raise NotAnalysable(f"deal {number}: everyone passed, so nothing was played")
    if not row.finished:
        raise NotAnalysable(f"deal {number}: not finished")
    tricks = row.play.tricks if row.play is not None else None
    if not tricks:
        raise NotAnalysable(f"deal {number}: not recorded card by card")
    want = TRICKS[game]
    if len(tricks) != want or any(t.winner is None for t in tricks):
        raise NotAnalysable(f"deal {number}: {len(tricks)} of its {want} tricks were "
                            "played, so not every hand is known")
    lay = LAYOUT[game]
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
    dealer = row.dealer or players[-1]
    options = setup.options
    extra = row.extra
    if game == "kierki":
        kind = number
        if kind in TRUMP_DEALS:
            trump = extra.get("trump") or (row.play.trump if row.play else None)
            if trump is None:
                raise NotAnalysable(f"deal {number}: no trump was named")
            chooser = options.get("trump_chooser", "dealer")
            leader = seat[dealer] if chooser == "dealer" else (seat[dealer] + 1) % n
        else:
            trump = None
            leader = (seat[dealer] + 1) % n
        scores = row.scores or {}
        actual = {p: (scores.get(p, 0) // 25 if kind in TRUMP_DEALS else scores.get(p, 0))
                  for p in players}
        return PlayedDeal(game, number, kind, players, lay, tuple(hands), leader, trump,
                          tuple(plays), tuple(range(n)), players, actual=actual)
    bidder = extra.get("bidder")
    bid = extra.get("bid")
    if bidder not in seat or not isinstance(bid, int):
        raise NotAnalysable(f"deal {number}: nobody won the bidding")
    trump = extra.get("trump")
    if game == "wisconsin-schmier":
        trump = lay.cards[plays[0][1]].suit  # the bidder's first lead fixes it
    if trump not in ("S", "H", "D", "C"):
        raise NotAnalysable(f"deal {number}: no trump is known")
    teams = result.teams or []
    names = tuple(" & ".join(t) for t in teams)
    team = tuple(next(k for k, t in enumerate(teams) if p in t) for p in players)
    points = extra.get("points") or {}
    won = {name: sum(1 for v in points.values() if v == name) for name in names}
    return PlayedDeal(game, number, 0, players, lay, tuple(hands), seat[bidder], trump,
                      tuple(plays), team, names, seat[bidder], bid,
                      str(options.get("high_low", "ace-seven")), won)


def _deals(k: int) -> str:
    return f"{k} deal" if k == 1 else f"{k} deals"


def finished_numbers(result: Result) -> list[int]:
    """The numbers of the deals that are finished (analysable or not)."""
    return [d.number for d in result.deals if d.finished]


def rows(result: Result) -> Sequence[DealResult]:
    return result.deals
