"""What a game that plays tricks gives the double-dummy solver (``referee.solve``) and the claims
(``referee.claims``): ``GameRules.trick_game`` returns one of these, or None for a game without
tricks to search (Kozel, Foursquare). The solver and the claims never name a game: everything
that differs between the trick games is here, and each game's package implements it (its
``tricks`` module, imported only when a search or a claim needs it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..claims.position import Position
    from ..compact import Layout, TrickRules
    from ..model import DealResult, Result, Setup
    from ..solve.deal import PlayedDeal
    from ..solve.search import Objective


class TrickGame(ABC):
    """One trick game on the compact core.

    ``layout``: its deck as small ints; ``tricks``: the tricks of a deal; ``per_player``: every
    player is a side of their own (the post-mortem searches each player against the others,
    Kierki), else the side is the team that won the bidding; ``lead_names_trump``: the first
    lead of a deal names trump (Wisconsin), so trump is not known before it.
    """

    layout: Layout
    tricks: int
    per_player: bool = False
    lead_names_trump: bool = False

    @abstractmethod
    def rules(self, kind: int, trump: str | None) -> TrickRules:
        """The trick rules of a deal of kind ``kind`` (the game's own numbering of its kinds of
        deal; 0 when it has one) under ``trump`` (None: no trump, or not named yet)."""

    def no_tricks(self, number: int) -> str | None:
        """Why deal ``number`` has no tricks to search at all (Kierki's small lottery), or
        None."""
        return None

    @abstractmethod
    def played_deal(self, result: Result, number: int, hands: tuple[int, ...],
                    plays: tuple[tuple[int, int], ...]) -> PlayedDeal:
        """Deal ``number`` of ``result`` as the post-mortem searches it, given what
        ``referee.solve.deal.played_deal`` read off its tricks: each seat's hand at the start
        of the play (layout masks) and the (seat, card) plays in order. The game adds the kind
        of deal, the trump, who leads first, the sides and the result as scored; a deal it
        cannot rebuild raises ``NotAnalysable``."""

    @staticmethod
    def seating(result: Result, number: int
                ) -> tuple[DealResult, tuple[str, ...], dict[str, int]]:
        """What ``played_deal`` reads first: deal ``number``'s row of ``result``, the players
        in seating order, and each player's seat."""
        players = tuple(result.setup.players)
        return result.deals[number - 1], players, {p: i for i, p in enumerate(players)}

    @abstractmethod
    def objective(self, d: PlayedDeal, rules: TrickRules, side: Sequence[int],
                  trump: str | None) -> Objective:
        """What the side (``side``: its seats) scores in ``d`` under ``rules`` (``trump``)."""

    @abstractmethod
    def position(self, setup: Setup, result: Result, claimer: str) -> Position:
        """The position a claim by ``claimer`` is about, read off ``result`` (the replay of the
        file); a claim that cannot be judged now raises ``ClaimError``."""

    def deal_label(self, kind: int) -> str:
        """A deal's kind as the post-mortem's table names it ("" when the game has one)."""
        return ""

    def measure(self, kind: int) -> str:
        """What the post-mortem's values count in a deal of kind ``kind``: ``points`` (the
        default), ``tricks`` or ``penalty`` (as the score sheet writes it: 0 or less)."""
        return "points"
