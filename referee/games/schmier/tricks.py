"""Wisconsin Schmier and Schmier on the compact core (``referee.compact``) and for the
double-dummy solver and the claims (``GameRules.trick_game``, ``referee/games/tricks.py``):
their decks as small ints, their trick rules under each trump (built once and cached), the
bidding team's points as the solver's objective, a finished deal as the post-mortem searches
it, and a claim's position with the cards that lie face down.

The objective: High and Low are fixed by who holds the cards at the start of the play (every
card held is played), the jack of trump (Schmier: both bauers and the joker) goes with the
trick that holds it, and Game to the team with strictly the most game points in its won
tricks. Only ``SchmierTricks`` and the trick rules are read at import: the solver's and the
claims' modules are imported by its methods, when a search or a claim needs them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...cards import DECK_32, DECK_53, JOKER, SUITS, Card
from ...compact import (
    NO_TRUMP,
    SAME_COLOUR,
    SUIT_INDEX,
    Layout,
    TrickRules,
    plain_rules,
)
from ...model import team_name
from ..tricks import TrickGame
from . import score
from .score import Order, Variant, game_value

if TYPE_CHECKING:
    from ...claims.position import FaceDown, Position
    from ...model import Result, Setup
    from ...solve.deal import PlayedDeal
    from ...solve.search import Objective
    from .play import DealState

WISCONSIN = Layout("wisconsin-schmier", DECK_32)
SCHMIER = Layout("schmier", DECK_53)
_WISCONSIN: dict[str | None, TrickRules] = {}
_SCHMIER: dict[str | None, TrickRules] = {}


def wisconsin_rules(trump: str | None) -> TrickRules:
    """Wisconsin Schmier: a player holding the suit led follows it or plays a trump; without
    it, any card. ``trump`` None: the first lead of the deal, which names it."""
    rules = _WISCONSIN.get(trump)
    if rules is None:
        rules = _WISCONSIN[trump] = plain_rules(f"wisconsin-schmier, trump {trump}", WISCONSIN,
                                                trump, WISCONSIN.full, True)
    return rules


def schmier_rules(trump: str | None) -> TrickRules:
    """Schmier: follow the effective suit led if able, else any card. Under a trump the left
    bauer (the other jack of trump's colour) and the joker are trumps; trump ranks A K Q,
    right bauer, left bauer, 10 ... 2, joker. With no trump known the joker is a suit of its
    own that nothing follows."""
    rules = _SCHMIER.get(trump)
    if rules is None:
        lay = SCHMIER
        suit = list(lay.suit)
        power = list(lay.rank)
        t = SUIT_INDEX[trump] if trump else NO_TRUMP
        if t != NO_TRUMP:
            left = lay.card_of(SUITS[SAME_COLOUR[t]], 11)
            suit[left] = suit[lay.joker] = t
            for i in range(lay.size):
                if suit[i] != t:
                    continue
                r = lay.rank[i]
                if i == lay.joker:
                    power[i] = 1
                elif i == left:
                    power[i] = 16
                elif r == 11:
                    power[i] = 17
                elif r > 11:
                    power[i] = r + 6
        rules = _SCHMIER[trump] = TrickRules(f"schmier, trump {trump}", lay, t, suit, power,
                                             lay.full, False)
    return rules


def effective_suit(layout: Layout, i: int, trump: str | None) -> int:
    """The suit card ``i`` belongs to under ``trump`` (Schmier's left bauer and joker: trump)."""
    if layout is SCHMIER:
        return schmier_rules(trump).suit[i]
    return layout.suit[i]


def variant(game: str) -> Variant:
    return score.SCHMIER if game == "schmier" else score.WISCONSIN


def schmier_objective(game: str, rules: TrickRules, trump: str, in_play: Sequence[int],
                      holder: Sequence[int], teams: Sequence[int], side_team: int,
                      high_low: str = "ace-seven") -> Objective:
    """The bidding team's points in a deal of ``game`` under ``trump``: ``in_play`` the
    layout indices of the cards held at the start of the play, ``holder[i]`` the seat that
    held card ``i`` then, ``teams`` each seat's team."""
    from ...solve.search import Objective

    v = variant(game)
    lay = rules.layout
    order = Order(trump, v.bauers)
    cards = lay.cards
    fixed = 0
    present = set(in_play)
    if high_low == "in-play" and not v.bauers:
        trumps = [i for i in present if order.is_trump(cards[i])]
        if trumps:
            top = max(trumps, key=lambda i: order.rank(cards[i]))
            bottom = min(trumps, key=lambda i: order.rank(cards[i]))
            fixed += (teams[holder[top]] == side_team) + (teams[holder[bottom]] == side_team)
    else:
        for rank in (14, v.low_rank):
            i = lay.index[Card(rank, trump)]
            if i in present and teams[holder[i]] == side_team:
                fixed += 1
    value = [0] * lay.size
    value[lay.index[Card(11, trump)]] = 1
    if v.bauers:
        left = order.left
        assert left is not None
        value[lay.index[left]] = 1
        value[lay.index[JOKER]] = 1
    return Objective(tuple(value), (0,) * 6, fixed=fixed,
                     game_points=tuple(game_value(c) for c in cards), game_value=1,
                     wants_tricks=True)


class SchmierTricks(TrickGame):
    """Either game: ``v`` its variant, ``trick_rules`` its rules by trump."""

    tricks = 6

    def __init__(self, v: Variant, layout: Layout,
                 trick_rules: Callable[[str | None], TrickRules]) -> None:
        self.v = v
        self.layout = layout
        self.trick_rules = trick_rules
        self.lead_names_trump = not v.named_trump

    def rules(self, kind: int, trump: str | None) -> TrickRules:
        return self.trick_rules(trump)

    def played_deal(self, result: Result, number: int, hands: tuple[int, ...],
                    plays: tuple[tuple[int, int], ...]) -> PlayedDeal:
        from ...solve.deal import NotAnalysable, PlayedDeal

        setup = result.setup
        row, players, seat = self.seating(result, number)
        extra = row.extra
        bidder = extra.get("bidder")
        bid = extra.get("bid")
        if bidder not in seat or not isinstance(bid, int):
            raise NotAnalysable(f"deal {number}: nobody won the bidding")
        trump = extra.get("trump")
        if self.lead_names_trump:
            trump = self.layout.cards[plays[0][1]].suit  # the bidder's first lead fixes it
        if trump not in ("S", "H", "D", "C"):
            raise NotAnalysable(f"deal {number}: no trump is known")
        teams = result.teams or []
        names = tuple(team_name(t) for t in teams)
        team = tuple(next(k for k, t in enumerate(teams) if p in t) for p in players)
        points = extra.get("points") or {}
        won = {name: sum(1 for v in points.values() if v == name) for name in names}
        return PlayedDeal(setup.game, number, 0, players, self.layout, hands, seat[bidder],
                          trump, plays, team, names, seat[bidder], bid,
                          str(setup.options.get("high_low", "ace-seven")), won)

    def objective(self, d: PlayedDeal, rules: TrickRules, side: Sequence[int],
                  trump: str | None) -> Objective:
        assert trump is not None and d.bidder is not None
        holder = [0] * rules.layout.size
        in_play = []
        for s, h in enumerate(d.hands):
            m = h
            while m:
                low = m & -m
                holder[low.bit_length() - 1] = s
                in_play.append(low.bit_length() - 1)
                m ^= low
        return schmier_objective(d.game, rules, trump, in_play, holder, d.teams,
                                 d.teams[side[0]], d.high_low)

    def position(self, setup: Setup, result: Result, claimer: str) -> Position:
        from ...claims.position import (
            ClaimError,
            FaceDown,
            Position,
            counts_left,
            in_turn,
            no_deal,
            not_in_play,
        )

        states: list[DealState] = result.state[0]
        if not states or states[-1].finished:
            raise ClaimError(no_deal())
        st = states[-1]
        if st.phase != "play":
            raise ClaimError(not_in_play())
        trick = tuple((tp.player, tp.card) for tp in (st.current.plays if st.current else ()))
        left, counts = counts_left(setup.players, trick, len(st.tricks), 6)
        to_move = st.to_move
        if not trick and not st.tricks:
            to_move = st.leader
        know = st.know
        deck = frozenset(st.v.deck)
        unseen = frozenset(c for c in know.unseen() if c not in know.discarded
                           and c not in know.undealt and c in deck)
        hands = {p: frozenset(know.may_hold(p) & unseen) for p in setup.players}
        exact = {p: bool(know.exact[p]) for p in setup.players}
        certain = {c for p in setup.players for c in know.held[p]}
        out = frozenset(c for c in unseen if c not in certain and not (
            c in know.owner and exact.get(know.owner[c], False)))
        face_down: tuple[FaceDown, ...] = ()
        trumps: frozenset[Card] = frozenset()
        rules = self.trick_rules(st.trump) if st.trump is not None or \
            not self.lead_names_trump else None
        if st.trump is not None and out:
            trumps = frozenset(c for c in st.v.deck if st.order.is_trump(c))
            down = len(unseen) - sum(counts.values())  # how many cards lie face down
            face_down = (_kitty_face_down if self.v.kitty else _dealer_face_down)(
                st, out, trumps, down, FaceDown)
            out = frozenset().union(*(g.cards for g in face_down))
        teams = score.teams_of(setup.players)
        side = next((tuple(t) for t in teams if claimer in t), (claimer,))
        known = all(exact.values())
        return Position(setup.game, st.number, self.layout, rules,
                        in_turn(setup.players, claimer), claimer, side,
                        len(st.tricks) + 1, trick, to_move, left, known, hands, counts, exact,
                        unseen, out if not known else frozenset(), know,
                        face_down if not known else (), trumps,
                        self.trick_rules if self.lead_names_trump else None,
                        know.discarded, know.owner)


def _plain_shown(st: DealState, player: str) -> bool:
    """Whether ``player`` has played a card that is not a trump in this deal."""
    return any(p.player == player and not st.order.is_trump(p.card) for p in st.plays())


def _dealer_face_down(st: DealState, out: frozenset[Card], trumps: frozenset[Card], down: int,
                      group: type[FaceDown]) -> tuple[FaceDown, ...]:
    """Schmier, by RULES.md: the dealer takes the whole stock, so the cards face down are
    discards. Nobody but the dealer discards a trump; the dealer never the ace, the bauers,
    the 2 or the joker, and only above six trumps (keeping six). The players' discards
    written as counts are one group, the dealer's the other; when a player's exchange was
    not recorded at all (its count unknown) the two are one group."""
    order, t, dealer = st.order, st.trump, st.dealer
    assert t is not None
    never = {Card(14, t), Card(11, t), order.left, Card(2, t), JOKER}
    plain = frozenset(c for c in out if c not in trumps)
    mine = {x.player: x for x in st.exchanges if x.kind == "discard"}
    by_dealer = mine.get(dealer)
    if by_dealer is not None and by_dealer.cards is not None or _plain_shown(st, dealer):
        return (group(plain, down),)  # the dealer discarded no trump face down
    theirs = frozenset(c for c in out if c not in never)
    players = [p for p in st.ex_order() if p != dealer]
    if any(p not in mine for p in players):  # a count not known: one group
        return (group(theirs, down, dealer),)
    k = sum(mine[p].count for p in players if mine[p].cards is None)
    if k > down:
        return (group(theirs, down, dealer),)
    return group(plain, k), group(theirs, down - k, dealer)


def _kitty_face_down(st: DealState, out: frozenset[Card], trumps: frozenset[Card], down: int,
                     group: type[FaceDown]) -> tuple[FaceDown, ...]:
    """Wisconsin, by RULES.md: face down lie the undealt cards the bidder did not take (any
    cards nobody is known to have held) and the bidder's discards, written as a count, which
    are trumps only if the bidder kept six trumps."""
    bidder = st.bidder
    discards = [x for x in st.exchanges if x.kind == "discard" and x.player == bidder]
    if bidder is None or not st.kitty_view or discards and discards[-1].cards is not None:
        return (group(out, down),)  # the undealt cards alone (discards named)
    k = discards[-1].count if discards else st.kitty_view
    owner = st.know.owner
    rest = frozenset(c for c in out if c not in owner)
    mine = frozenset(c for c in out if owner.get(c, bidder) == bidder)
    if k > down:
        return (group(out, down),)
    if _plain_shown(st, bidder):  # the bidder kept a plain card: discarded no trump
        return group(rest, down - k), group(mine - trumps, k)
    return group(rest, down - k), group(mine, k, bidder)


WISCONSIN_TRICKS = SchmierTricks(score.WISCONSIN, WISCONSIN, wisconsin_rules)
SCHMIER_TRICKS = SchmierTricks(score.SCHMIER, SCHMIER, schmier_rules)
