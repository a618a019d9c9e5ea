"""Schmier and Wisconsin Schmier: what differs between the two games (declared as data), card
order under a trump (the left bauer and the joker belong to the trump suit), trick winners,
the points of a deal and the end of the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...cards import DECK_32, DECK_53, GLYPH, JOKER, Card
from . import text

SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "X": "joker"}
GAME_VALUE = {14: 4, 13: 3, 12: 2, 11: 1, 10: 10}


@dataclass(frozen=True, slots=True)
class Variant:
    """Everything in which the two games differ."""

    name: str
    seats: int
    deck: tuple[Card, ...]
    bid_min: int
    bid_max: int
    target: int
    low_rank: int              # the Low card: the 7 (Wisconsin) or the 2 (Schmier)
    bauers: bool               # left bauer and joker are trumps (Schmier)
    named_trump: bool          # the bidder names trump (Schmier) or the first lead fixes it
    strict_follow: bool        # must follow suit (Schmier) or may trump instead (Wisconsin)
    kitty: bool                # Wisconsin: the bidder takes kitty_view undealt cards
    points: tuple[str, ...]    # the points of a deal, in the order they are listed
    always: tuple[str, ...]    # points every deal must award (outcome-total)
    jack_point: str            # the point for the jack of trump

    @property
    def undealt(self) -> int:
        return len(self.deck) - 6 * self.seats

    def team_count(self) -> int:
        return self.seats // 2


WISCONSIN = Variant("wisconsin-schmier", 4, DECK_32, 2, 4, 15, 7, False, False, False, True,
                    ("high", "low", "jack", "game"), (), "jack")
SCHMIER = Variant("schmier", 6, DECK_53, 3, 6, 21, 2, True, True, True, False,
                  ("high", "low", "right_bauer", "left_bauer", "joker", "game"),
                  ("high", "low", "right_bauer", "left_bauer", "joker"), "right_bauer")


def teams_of(players: Sequence[str]) -> list[list[str]]:
    """Partners opposite (4 seats: 1+3, 2+4) or alternate (6 seats: 1+4, 2+5, 3+6)."""
    k = len(players) // 2
    return [[players[i], players[i + k]] for i in range(k)]




class Order:
    """Suits and ranks of the cards of one deal under its trump (``None``: not known yet)."""

    __slots__ = ("trump", "bauers", "left")

    def __init__(self, trump: str | None, bauers: bool) -> None:
        self.trump = trump
        self.bauers = bauers
        self.left = (Card(11, SAME_COLOUR[trump]) if bauers and trump in SAME_COLOUR
                     else None)

    def suit(self, c: Card) -> str:
        """The effective suit: the left bauer and the joker are trumps in Schmier."""
        if self.bauers and self.trump is not None and (c is JOKER or c == self.left):
            return self.trump
        return c.suit

    def is_trump(self, c: Card) -> bool:
        return self.trump is not None and self.suit(c) == self.trump

    def rank(self, c: Card) -> int:
        """Higher wins within a suit. Schmier trump: A K Q right left 10 ... 2 joker."""
        if self.bauers and self.trump is not None and self.suit(c) == self.trump:
            if c is JOKER:
                return 1
            if c.rank == 11:
                return 17 if c.suit == self.trump else 16
            if c.rank > 11:
                return c.rank + 6
        return c.rank

    def name(self, c: Card) -> str:
        """``the left bauer JD``, ``the joker``, ``the right bauer JH`` or the card."""
        return text.card(self, c)

    def suit_text(self, s: str) -> str:
        if s == self.trump:
            return f"trump {GLYPH.get(s, s)}"
        return GLYPH.get(s, s)

    def beats(self, c: Card, b: Card) -> bool:
        cs, bs = self.suit(c), self.suit(b)
        if cs == bs:
            return self.rank(c) > self.rank(b)
        return self.trump is not None and cs == self.trump

    def winner(self, cards: Sequence[Card]) -> tuple[int, str]:
        """Index of the winning card and why it won (for ``explain``)."""
        best = 0
        for i in range(1, len(cards)):
            if self.beats(cards[i], cards[best]):
                best = i
        w = cards[best]
        led = self.suit(cards[0])
        if self.is_trump(w):
            others = [c for i, c in enumerate(cards) if i != best and self.is_trump(c)]
            if others:
                below = ", ".join(self.name(c) for c in
                                  sorted(others, key=self.rank, reverse=True))
                why = f"{self.name(w)} is the highest trump; it ranks above {below}"
            elif led == self.trump:
                why = f"{self.name(w)} is trump, the suit led, and the only trump"
            else:
                why = f"{self.name(w)} is the only trump"
            if self.bauers and (w is JOKER or w == self.left):
                why += f"; it counts as trump {GLYPH.get(self.trump or '', '')}"
        else:
            others = [c for i, c in enumerate(cards) if i != best and self.suit(c) == led]
            why = f"{w} is the highest {GLYPH.get(led, led)}, the suit led, and nobody trumped"
            if others:
                why = (f"{w} is the highest {GLYPH.get(led, led)}, the suit led, above "
                       f"{', '.join(str(c) for c in sorted(others, key=self.rank, reverse=True))}"
                       ", and nobody trumped")
            losers = [c for c in cards if self.bauers and self.trump is not None
                      and c.suit == led and self.suit(c) != led]
            if losers:
                why += "; " + ", ".join(f"{self.name(c)} counts as trump, not "
                                        f"{GLYPH.get(led, led)}" for c in losers)
        return best, why


def game_value(c: Card) -> int:
    if c is JOKER:
        return 1
    return GAME_VALUE.get(c.rank, 0)


@dataclass(slots=True)
class DealPoints:
    points: dict[str, str | None]       # point -> team (None: nobody)
    game: dict[str, int]                # team -> game points in won tricks
    won: dict[str, int]                 # team -> points won
    # after a claim with the cards still in hand unseen and their game points not given:
    # team -> (least, most) game points it took (its ``game`` counts only the cards seen)
    game_range: dict[str, tuple[int, int]] | None = None

    def game_known(self) -> dict[str, int | None]:
        """Each team's game points, None where they are not known (``game_range``)."""
        rng = self.game_range or {}
        return {t: None if t in rng else g for t, g in self.game.items()}


def count_points(v: Variant, order: Order, plays: Sequence[tuple[str, Card]],
                 tricks: Sequence[tuple[str, Sequence[Card]]], team_of: dict[str, str],
                 teams: Sequence[str], high_low: str = "ace-seven") -> DealPoints:
    """The points of a played deal. ``plays``: every (player, card) in order; ``tricks``:
    (winner, cards) of each trick."""
    t = order.trump
    first: dict[Card, str] = {}
    for p, c in plays:
        first.setdefault(c, p)
    pts: dict[str, str | None] = dict.fromkeys(v.points)
    if t is not None:
        trumps = [(p, c) for p, c in plays if order.is_trump(c)]
        if high_low == "in-play" and not v.bauers:
            if trumps:
                pts["high"] = team_of[max(trumps, key=lambda x: order.rank(x[1]))[0]]
                pts["low"] = team_of[min(trumps, key=lambda x: order.rank(x[1]))[0]]
        else:
            ace, low = Card(14, t), Card(v.low_rank, t)
            pts["high"] = team_of[first[ace]] if ace in first else None
            pts["low"] = team_of[first[low]] if low in first else None
        taken: dict[Card, str] = {}
        for w, cards in tricks:
            for c in cards:
                taken.setdefault(c, w)
        jack = Card(11, t)
        pts[v.jack_point] = team_of[taken[jack]] if jack in taken else None
        if v.bauers:
            left = order.left
            pts["left_bauer"] = team_of[taken[left]] if left in taken else None
            pts["joker"] = team_of[taken[JOKER]] if JOKER in taken else None
    game = dict.fromkeys(teams, 0)
    for w, cards in tricks:
        game[team_of[w]] += sum(game_value(c) for c in cards)
    best = max(game.values()) if game else 0
    tops = [tm for tm, g in game.items() if g == best]
    pts["game"] = tops[0] if len(tops) == 1 else None
    won = dict.fromkeys(teams, 0)
    for tm in pts.values():
        if tm is not None:
            won[tm] += 1
    return DealPoints(pts, game, won)


def points_won(points: dict[str, str | None], teams: Sequence[str]) -> dict[str, int]:
    won = dict.fromkeys(teams, 0)
    for tm in points.values():
        if tm is not None and tm in won:
            won[tm] += 1
    return won


def deal_scores(won: dict[str, int], bidder_team: str, bid: int, totals: dict[str, int],
                bid_out: bool = False, target: int = 15) -> tuple[dict[str, int], bool]:
    """What each team scores, and whether the bid was made. ``bid_out`` (RULES.md, Wisconsin):
    after a deal in which a team did not bid, its total is cut to ``target`` if it is higher;
    the deal's score is what is left of its points, so that the rows add up to the totals."""
    made = won[bidder_team] >= bid
    out = {}
    for tm, n in won.items():
        if tm == bidder_team:
            out[tm] = n if made else -bid
        else:
            out[tm] = n
            if bid_out and totals[tm] + n > target:
                out[tm] = target - totals[tm]
    return out, made


def game_winner(v: Variant, totals: dict[str, int], bidder_team: str | None,
                made: bool | None = None, bid_out: bool = False) -> str | None:
    """The winning team after a deal, or None while play goes on.

    Wisconsin: the first team at 15 or more; both at once: the bidding team; with ``bid_out``
    only the bidding team, on a made bid. Schmier: of the teams at 21 or more the higher score
    wins; a tie at the top goes to the bidding team; two non-bidding teams tied at the top play
    another deal (RULES.md, Decision)."""
    if bid_out:
        if made and bidder_team is not None and totals[bidder_team] >= v.target:
            return bidder_team
        return None
    over = {tm: s for tm, s in totals.items() if s >= v.target}
    if not over:
        return None
    best = max(over.values())
    tops = [tm for tm, s in over.items() if s == best]
    if v.seats == 4 and len(over) > 1:
        return bidder_team if bidder_team in over else None
    if len(tops) == 1:
        return tops[0]
    return bidder_team if bidder_team in tops else None


Scorer = Callable[[Card], int]
