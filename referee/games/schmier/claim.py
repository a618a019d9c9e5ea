"""An accepted claim in the Schmier games: the deal scored as if played out, the claimer's side
taking every remaining trick (docs/schmier.md "Claims").

What the cards never played cannot settle is read from the claim's answers (``claim_held``,
``claim_game_points``) or, hands known, from the hands: who would have played an unplayed
point trump (High, Low: the holder's team; a trump nobody held was not in play), and how many
game points the cards still in hand hold (the claimer's side takes them all).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import JOKER, Card
from ...errors import Violation
from ...store import claimkeys
from ...store.claimkeys import TableClaim
from . import text
from .score import count_points, game_value

if TYPE_CHECKING:
    from .play import DealState


def in_hand(st: DealState) -> dict[str, int]:
    """How many cards each player still holds (6 at the first lead)."""
    played = dict.fromkeys(st.setup.players, 0)
    for p in st.plays():
        if p.player in played:
            played[p.player] += 1
    return {p: max(6 - n, 0) for p, n in played.items()}


def known_holders(st: DealState) -> dict[Card, str]:
    """Cards never played that the referee knows to be in a hand now, and whose."""
    out: dict[Card, str] = {}
    for p in st.setup.players:
        for c in st.know.held[p]:
            out[c] = p
    return out


def all_known(st: DealState) -> bool:
    return all(st.know.exact[p] for p in st.setup.players)


def point_trumps(st: DealState) -> list[Card]:
    """The trumps whose holder decides High or Low (the ace and the Low card; with
    ``high_low = "in-play"``, every trump that could be the highest or the lowest in play)."""
    t = st.trump
    if t is None:
        return []
    o = st.order
    if st.high_low == "in-play" and not st.v.bauers:
        played = [p.card for p in st.plays() if o.is_trump(p.card)]
        top = max((o.rank(c) for c in played), default=None)
        bottom = min((o.rank(c) for c in played), default=None)
        return [c for c in st.v.deck if o.is_trump(c) and
                (top is None or o.rank(c) > top or bottom is None or o.rank(c) < bottom)]
    return [Card(14, t), Card(st.v.low_rank, t)]


def questions(st: DealState, claimer: str) -> tuple[tuple[Card, ...], bool]:
    """For a claim of the rest by ``claimer`` now: the cards never played whose holder the
    table must name, and whether it must give the game points still in hand."""
    if st.trump is None or st.phase not in ("play", "exchange"):
        return (), False
    seen = st.know.seen
    known = known_holders(st)
    gone = st.know.discarded.keys() | st.know.undealt
    exact = all_known(st)
    cards = [c for c in point_trumps(st) if c not in seen and c not in known and c not in gone]
    if not st.v.bauers:  # Wisconsin's Jack: in play only if someone held it
        jack = Card(11, st.trump)
        if jack not in seen and jack not in known and jack not in gone and jack not in cards:
            cards.append(jack)
    if exact:
        cards = []
    return tuple(cards), not exact and _game_open(st, claimer, known, None) is False


def _tricks(st: DealState, claimer: str) -> list[tuple[str, list[Card]]]:
    out = [(tr.winner or "", list(tr.cards)) for tr in st.tricks]
    out.append((claimer, list(st.current.cards) if st.current else []))
    return out


def _range(st: DealState, known: dict[Card, str]) -> tuple[int, int]:
    """The least and the most game points the cards still in hand may hold."""
    held = in_hand(st)
    fixed = sum(game_value(c) for c in known)
    slots = sum(held.values()) - len(known)
    gone = st.know.discarded.keys() | st.know.undealt
    pool = sorted(game_value(c) for c in st.v.deck
                  if c not in st.know.seen and c not in known and c not in gone)
    slots = max(min(slots, len(pool)), 0)
    return fixed + sum(pool[:slots]), fixed + (sum(pool[len(pool) - slots:]) if slots else 0)


def _game_open(st: DealState, claimer: str, known: dict[Card, str],
               points: int | None) -> str | None | bool:
    """Who takes Game: a team, None (a tie), or False when the cards still in hand decide it
    and their game points are not known."""
    team = st.team_of[claimer]
    game = dict.fromkeys(st.teams, 0)
    for w, cards in _tricks(st, claimer):
        game[st.team_of.get(w, team)] += sum(game_value(c) for c in cards)
    if points is None and not all_known(st):
        lo, hi = _range(st, known)
        a, b = _game_of(game, team, lo), _game_of(game, team, hi)
        return a if a == b and not (lo < hi and _tie_between(game, team, lo, hi)) else False
    extra = points if points is not None else sum(game_value(c) for c in known)
    return _game_of(game, team, extra)


def _game_of(game: dict[str, int], team: str, extra: int) -> str | None:
    g = dict(game)
    g[team] += extra
    best = max(g.values())
    tops = [t for t, x in g.items() if x == best]
    return tops[0] if len(tops) == 1 else None


def _tie_between(game: dict[str, int], team: str, lo: int, hi: int) -> bool:
    others = max((x for t, x in game.items() if t != team), default=0)
    return lo + game[team] <= others <= hi + game[team]


def score(st: DealState, tc: TableClaim, at: int) -> None:
    """The claim ends the deal: points counted as if every remaining card were played, the
    claimer's side winning every trick left."""
    who = tc.claimer
    team = st.team_of[who]
    know = st.know
    asked, _ = questions(st, who)  # what the claim must answer, on the record before it
    known = known_holders(st)
    if tc.hand is not None:  # the claimer's hand, shown: every card of it is theirs
        if len(tc.hand) != in_hand(st)[who]:
            st.flag(at, "outcome-total", claimkeys.hand_size(who, len(tc.hand),
                                                             in_hand(st)[who]), who)
        for c in tc.hand:
            why = _impossible(st, c, who, known, shown=True)
            if why:
                st.flag(at, "outcome-total", why, who)
            else:
                _show(st, who, c, at)
                known[c] = who
        for c in sorted(know.shown_of(who) - set(tc.hand), key=lambda c: (c.suit, c.rank)):
            st.flag(at, "outcome-total", claimkeys.hand_card_missing(who, c), who)
    for c, p in tc.held:
        why = _impossible(st, c, p, known)
        if why:
            st.flag(at, "outcome-total", why, who)
            continue
        _show(st, p, c, at)
        known[c] = p
    for c in tc.nobody:
        why = _not_out(st, c, known)
        if why:
            st.flag(at, "outcome-total", why, who)
    t = st.trump
    gone = know.discarded.keys() | know.undealt
    missing = [c for c in asked if c not in tc.answered()]
    if missing:  # a question the claim leaves open: refused typed, reported in a file
        st.flag(at, "outcome-total", text.claim_needs_holder(missing, not st.v.bauers), who)
    game = _game_open(st, who, known, tc.game_points)
    if tc.game_points is not None:
        lo, hi = _range(st, known)
        if not lo <= tc.game_points <= hi:
            st.flag(at, "outcome-total", text.claim_points_impossible(tc.game_points, lo, hi),
                    who)
    elif game is False:
        st.flag(at, "outcome-total", text.claim_needs_points(), who)
    plays = [(p.player, p.card) for p in st.plays()] + [(p, c) for c, p in known.items()]
    tricks = _tricks(st, who)
    tricks[-1][1].extend(known)
    pts = count_points(st.v, st.order, plays, tricks, st.team_of, st.teams, st.high_low)
    if t is not None and st.v.bauers:  # the bauers and the joker are always in play
        bauers: tuple[tuple[str, Card | None], ...] = (
            ("right_bauer", Card(11, t)), ("left_bauer", st.order.left), ("joker", JOKER))
        for key, b in bauers:
            if b is not None and b not in know.seen and b not in gone:
                pts.points[key] = team
    if tc.game_points is not None and not all_known(st):  # the cards nobody named
        pts.game[team] += max(tc.game_points - sum(game_value(c) for c in known), 0)
    elif not all_known(st):  # the cards nobody named are not known: a range, not a figure
        lo, hi = _range(st, known)
        fixed = sum(game_value(c) for c in known)
        if lo == hi:
            pts.game[team] += lo - fixed
        else:
            pts.game_range = {team: (pts.game[team] + lo - fixed, pts.game[team] + hi - fixed)}
    pts.points["game"] = game if isinstance(game, str) else None
    pts.won = dict.fromkeys(st.teams, 0)
    for x in pts.points.values():
        if x is not None:
            pts.won[x] += 1
    st.points = pts


def _show(st: DealState, p: str, c: Card, at: int) -> None:
    """``p`` held ``c`` at the claim, as the table says: shown, it proves the claims of
    ``p`` it breaks (a revoke at an earlier trick), as a card played would."""
    know = st.know
    for a, card, _shown in know.prove(p, c, None, None) if c not in know.may_hold(p) else ():
        st.violations.append(Violation(st.number, a.trick, a.player, a.rule,
                                       text.proven(a.text, text.card(st.order, card), None),
                                       at=at, retro=True))


def _impossible(st: DealState, c: Card, p: str, known: dict[Card, str],
                shown: bool = False) -> str:
    """Why ``p`` cannot have held ``c`` unplayed at the claim ("" when they may have);
    ``shown``: the card is in ``p``'s hand shown at the claim."""
    know = st.know
    if c in know.seen:
        if shown:
            by, trick, _ = know.seen[c]
            return claimkeys.hand_card_played(p, c, by, trick)
        return text.claim_held_played(p, c)
    if c in know.discarded or c in know.undealt:
        return claimkeys.hand_card_gone(p, c) if shown else text.claim_held_gone(p, c)
    other = known.get(c, know.owner.get(c, p))
    if other != p:
        return claimkeys.hand_card_other(p, c, other) if shown else \
            text.claim_held_other(p, c, other)
    if st.know.exact[p] and c not in st.know.held[p]:
        return claimkeys.hand_card_other(p, c, None) if shown else \
            text.claim_held_other(p, c, None)
    return ""


def _not_out(st: DealState, c: Card, known: dict[Card, str]) -> str:
    """Why ``c`` cannot have been out of play at the claim ("" when it may have been)."""
    know = st.know
    if c in know.seen:
        by, _trick, _ = know.seen[c]
        return text.claim_was_in_play(c, by)
    if st.v.bauers:  # Schmier: every point trump is in play
        return text.claim_always_in_play(c)
    holder = known.get(c, know.owner.get(c))
    if holder is not None and c not in know.discarded:
        return text.claim_was_in_play(c, holder)
    return ""
