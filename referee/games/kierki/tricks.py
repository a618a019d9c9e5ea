"""Kierki for the double-dummy solver and the claims (``GameRules.trick_game``,
``referee/games/tricks.py``): the trick rules of each deal, what a player scores as the
solver's objective, a finished deal as the post-mortem searches it, and a claim's position.

Deals 1-7: the penalty a player takes (negative points, as the score sheet writes them; the
player maximises it, so takes the least): per trick taken (deals 1, 7), per heart, queen,
jack or king, the king of hearts (``play.card_penalty``), the 7th and the 13th trick (deals 6,
7). Deals 8-11: one per trick taken (the sheet's +25 each). Each player is a side of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...compact import TrickRules
from ..tricks import TrickGame
from .play import (
    DECK_SET,
    KIERKI,
    LOTTERY,
    NAMES,
    TRUMP_DEALS,
    DealState,
    card_penalty,
    kierki_rules,
)

if TYPE_CHECKING:
    from ...claims.position import Position
    from ...model import Result, Setup
    from ...solve.deal import PlayedDeal
    from ...solve.search import Objective

LOTTERY_CLAIM = "Kierki deal 12 (the small lottery) has no tricks to claim"


def kierki_objective(deal: int, rules: TrickRules) -> Objective:
    """Deal ``deal`` (1-11) of Kierki for one player."""
    from ...solve.search import Objective

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


class KierkiTricks(TrickGame):
    layout = KIERKI
    tricks = 13
    per_player = True

    def rules(self, kind: int, trump: str | None) -> TrickRules:
        return kierki_rules(kind, trump)

    def no_tricks(self, number: int) -> str | None:
        return "the small lottery has no tricks to analyse" if number == LOTTERY else None

    def played_deal(self, result: Result, number: int, hands: tuple[int, ...],
                    plays: tuple[tuple[int, int], ...]) -> PlayedDeal:
        from ...solve.deal import NotAnalysable, PlayedDeal

        setup = result.setup
        row, players, seat = self.seating(result, number)
        n = len(players)
        dealer = row.dealer or players[-1]
        kind = number
        if kind in TRUMP_DEALS:
            trump = row.extra.get("trump") or (row.play.trump if row.play else None)
            if trump is None:
                raise NotAnalysable(f"deal {number}: no trump was named")
            chooser = setup.options.get("trump_chooser", "dealer")
            leader = seat[dealer] if chooser == "dealer" else (seat[dealer] + 1) % n
        else:
            trump = None
            leader = (seat[dealer] + 1) % n
        scores = row.scores or {}
        actual = {p: (scores.get(p, 0) // 25 if kind in TRUMP_DEALS else scores.get(p, 0))
                  for p in players}
        return PlayedDeal(setup.game, number, kind, players, KIERKI, hands, leader, trump,
                          plays, tuple(range(n)), players, actual=actual)

    def objective(self, d: PlayedDeal, rules: TrickRules, side: Sequence[int],
                  trump: str | None) -> Objective:
        return kierki_objective(d.kind, rules)

    def position(self, setup: Setup, result: Result, claimer: str) -> Position:
        from ...claims.position import (
            ClaimError,
            Position,
            counts_left,
            in_turn,
            no_deal,
            no_trump_yet,
        )

        states: list[DealState] = result.state
        if not states or states[-1].finished:
            raise ClaimError(no_deal())
        st = states[-1]
        if st.number == LOTTERY:
            raise ClaimError(LOTTERY_CLAIM)
        if st.number in TRUMP_DEALS and st.trump is None:
            raise ClaimError(no_trump_yet())
        trick = tuple((tp.player, tp.card) for tp in (st.current.plays if st.current else ()))
        left, counts = counts_left(setup.players, trick, len(st.tricks), 13)
        know = st.know
        # a hand known to the referee: every hand, or one registered in a private deal
        exact = {p: know.hand_of(p) is not None for p in setup.players}
        known = all(exact.values())
        unseen = frozenset(know.unseen() & DECK_SET)
        hands = {p: frozenset(know.may_hold(p) & unseen) for p in setup.players}
        return Position(setup.game, st.number, KIERKI, kierki_rules(st.number, st.trump),
                        in_turn(setup.players, claimer), claimer, (claimer,),
                        len(st.tricks) + 1, trick, st.to_move, left, known, hands, counts,
                        exact, unseen, frozenset(), know)

    def deal_label(self, kind: int) -> str:
        return NAMES.get(kind, "")

    def measure(self, kind: int) -> str:
        return "tricks" if kind in TRUMP_DEALS else "penalty"


TRICK_GAME = KierkiTricks()
