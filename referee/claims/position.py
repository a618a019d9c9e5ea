"""The position a claim is about, read off the replay: the deal in progress, whose turn it is,
the trick on the table, and what the knowledge model says each hand may hold."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..compact import Layout, TrickRules
from ..games import get as get_game
from ..games.kierki.play import KIERKI, kierki_rules
from ..games.schmier.tricks import SCHMIER, WISCONSIN, schmier_rules, wisconsin_rules
from ..model import Deal, Setup


class ClaimError(ValueError):
    """A claim the referee cannot judge: one line saying what was expected."""


class HandNeeded(ClaimError):
    """Hands unseen and no hand shown: the caller may ask the claimer for it."""


GAMES = ("kierki", "wisconsin-schmier", "schmier")


@dataclass(frozen=True, slots=True)
class Position:
    """A claim's position in the engine's terms and as masks."""

    game: str
    deal: int
    layout: Layout
    rules: TrickRules | None
    players: tuple[str, ...]       # seat order from the claimer's left round to the claimer
    claimer: str
    side: tuple[str, ...]
    trick_number: int              # the number of the trick on the table (or led next)
    trick: tuple[tuple[str, Card], ...]
    to_move: str
    left: int
    hands_known: bool
    hands: dict[str, frozenset[Card]]   # what each hand may hold (the claimer's: None yet)
    counts: dict[str, int]
    exact: dict[str, bool]              # hands known card for card
    unseen: frozenset[Card]             # cards not shown, discarded or known outside
    out: frozenset[Card]                # of those, the ones that may lie outside every hand
    know: Any                           # the knowledge model (to say why a card is refused)
    # ``out`` split by the rules that put cards face down (``FaceDown``); () for one group
    face_down: tuple[FaceDown, ...] = ()
    trumps: frozenset[Card] = frozenset()   # every trump of the deal (Schmier games)


@dataclass(frozen=True, slots=True)
class FaceDown:
    """Cards face down by one rule: ``count`` of the cards of ``cards`` lie there. A trump lies
    there only if ``keeper`` (a Schmier dealer, a Wisconsin bidder) discarded it and so kept
    six trumps: none when ``keeper`` shows a card that is not a trump (None: no such rule)."""

    cards: frozenset[Card]
    count: int
    keeper: str | None = None


# -- the refusals (this module says its own sentences) ---------------------------------------

GAME_WORD = {"kozel": "Kozel", "foursquare": "Foursquare"}


def no_tricks(game: str) -> str:
    return (f"{GAME_WORD.get(game, game)} has no tricks to claim: claims are for Kierki, "
            f"Wisconsin Schmier and Schmier")


def unknown_player(name: str, players: Sequence[str]) -> str:
    return f"{name!r} is not a player of this game; expected one of {', '.join(players)}"


def no_deal() -> str:
    return "no deal is in progress: a claim is about the tricks still to be played"


def lottery() -> str:
    return "Kierki deal 12 (the small lottery) has no tricks to claim"


def no_trump_yet() -> str:
    return "trump is not named yet: name it before a claim"


def not_in_play() -> str:
    return "the play has not started: a claim comes after the bidding and the exchange"


def read(setup: Setup, deals: Sequence[Deal], claimer: str) -> Position:
    if setup.game not in GAMES:
        raise ClaimError(no_tricks(setup.game))
    if claimer not in setup.players:
        raise ClaimError(unknown_player(claimer, setup.players))
    rules = get_game(setup.game)
    result = rules.replay(setup, list(deals))
    if setup.game == "kierki":
        return _kierki(setup, result.state, claimer)
    return _schmier(setup, result.state[0], claimer, rules.teams(setup) or [])


def _order(players: Sequence[str], first: str) -> tuple[str, ...]:
    i = list(players).index(first)
    return tuple(players[i:]) + tuple(players[:i])


def _common(st: Any, claimer: str, total: int) -> tuple[tuple[tuple[str, Card], ...], str, int,
                                                       dict[str, int]]:
    trick = tuple((tp.player, tp.card) for tp in (st.current.plays if st.current else ()))
    left = total - len(st.tricks)
    counts = {p: left - sum(1 for who, _ in trick if who == p) for p in st.setup.players}
    return trick, st.to_move, left, counts


def _kierki(setup: Setup, states: Any, claimer: str) -> Position:
    from ..games.kierki.play import DECK_SET, LOTTERY

    if not states or states[-1].finished:
        raise ClaimError(no_deal())
    st = states[-1]
    if st.number == LOTTERY:
        raise ClaimError(lottery())
    if st.number in (8, 9, 10, 11) and st.trump is None:
        raise ClaimError(no_trump_yet())
    trick, to_move, left, counts = _common(st, claimer, 13)
    know = st.know
    known = know.hands is not None
    unseen = frozenset(know.unseen() & DECK_SET)
    hands = {p: frozenset(know.may_hold(p) & unseen) for p in setup.players}
    return Position("kierki", st.number, KIERKI, kierki_rules(st.number, st.trump),
                    _order(setup.players, claimer)[1:] + (claimer,), claimer, (claimer,),
                    len(st.tricks) + 1, trick, to_move, left, known, hands, counts,
                    dict.fromkeys(setup.players, known), unseen, frozenset(), know)


def _schmier(setup: Setup, states: Any, claimer: str, teams: list[list[str]]) -> Position:
    if not states or states[-1].finished:
        raise ClaimError(no_deal())
    st = states[-1]
    if st.phase != "play":
        raise ClaimError(not_in_play())
    trick, to_move, left, counts = _common(st, claimer, 6)
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
    if setup.game == "schmier":
        rules: TrickRules | None = schmier_rules(st.trump)
    else:
        rules = wisconsin_rules(st.trump) if st.trump is not None else None
    if st.trump is not None and out:
        trumps = frozenset(c for c in st.v.deck if st.order.is_trump(c))
        down = len(unseen) - sum(counts.values())  # how many cards lie face down
        face_down = (_schmier_face_down if setup.game == "schmier" else _kitty_face_down)(
            st, out, trumps, down)
        out = frozenset().union(*(g.cards for g in face_down))
    side = next((tuple(t) for t in teams if claimer in t), (claimer,))
    known = all(exact.values())
    return Position(setup.game, st.number, SCHMIER if setup.game == "schmier" else WISCONSIN, rules,
                    _order(setup.players, claimer)[1:] + (claimer,), claimer, side,
                    len(st.tricks) + 1, trick, to_move, left, known, hands, counts, exact,
                    unseen, out if not known else frozenset(), know,
                    face_down if not known else (), trumps)


def _plain_shown(st: Any, player: str) -> bool:
    """Whether ``player`` has played a card that is not a trump in this deal."""
    return any(p.player == player and not st.order.is_trump(p.card) for p in st.plays())


def _schmier_face_down(st: Any, out: frozenset[Card], trumps: frozenset[Card], down: int
                       ) -> tuple[FaceDown, ...]:
    """Schmier, by RULES.md: the dealer takes the whole stock, so the cards face down are
    discards. Nobody but the dealer discards a trump; the dealer never the ace, the bauers,
    the 2 or the joker, and only above six trumps (keeping six). The players' discards
    written as counts are one group, the dealer's the other; when a player's exchange was
    not recorded at all (its count unknown) the two are one group."""
    from ..cards import JOKER

    order, t, dealer = st.order, st.trump, st.dealer
    never = {Card(14, t), Card(11, t), order.left, Card(2, t), JOKER}
    plain = frozenset(c for c in out if c not in trumps)
    mine = {x.player: x for x in st.exchanges if x.kind == "discard"}
    by_dealer = mine.get(dealer)
    if by_dealer is not None and by_dealer.cards is not None or _plain_shown(st, dealer):
        return (FaceDown(plain, down),)  # the dealer discarded no trump face down
    theirs = frozenset(c for c in out if c not in never)
    players = [p for p in st.ex_order() if p != dealer]
    if any(p not in mine for p in players):  # a count not known: one group
        return (FaceDown(theirs, down, dealer),)
    k = sum(mine[p].count for p in players if mine[p].cards is None)
    if k > down:
        return (FaceDown(theirs, down, dealer),)
    return FaceDown(plain, k), FaceDown(theirs, down - k, dealer)


def _kitty_face_down(st: Any, out: frozenset[Card], trumps: frozenset[Card], down: int
                     ) -> tuple[FaceDown, ...]:
    """Wisconsin, by RULES.md: face down lie the undealt cards the bidder did not take (any
    cards nobody is known to have held) and the bidder's discards, written as a count, which
    are trumps only if the bidder kept six trumps."""
    bidder = st.bidder
    discards = [x for x in st.exchanges if x.kind == "discard" and x.player == bidder]
    if bidder is None or not st.kitty_view or discards and discards[-1].cards is not None:
        return (FaceDown(out, down),)  # the undealt cards alone (discards named)
    k = discards[-1].count if discards else st.kitty_view
    owner = st.know.owner
    rest = frozenset(c for c in out if c not in owner)
    mine = frozenset(c for c in out if owner.get(c, bidder) == bidder)
    if k > down:
        return (FaceDown(out, down),)
    if _plain_shown(st, bidder):  # the bidder kept a plain card: discarded no trump
        return FaceDown(rest, down - k), FaceDown(mine - trumps, k)
    return FaceDown(rest, down - k), FaceDown(mine, k, bidder)
