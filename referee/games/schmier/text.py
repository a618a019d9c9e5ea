"""What the referee says in both Schmier games: every violation message and every refusal of a
typed entry, in one place (tests/golden_messages/schmier.txt holds one real message of each).

Rules of the house for these sentences: a player's name once, a count with its noun in the
right number ("1 card", "2 cards"), no parentheses inside parentheses (a bauer is "the left
bauer JD", not "JD (left bauer)"), and a refused entry never says what a replay does with a
recorded one ("counts as a pass" is for a file: a refused entry changes nothing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ... import words
from ...cards import GLYPH, JOKER, Card

if TYPE_CHECKING:
    from .score import Order

# the point names of both games, as the save file's keys and the sheet say them
POINT_TEXT = {"high": "High", "low": "Low", "jack": "Jack", "right_bauer": "Right bauer",
              "left_bauer": "Left bauer", "joker": "Joker", "game": "Game"}


def glyph(s: str | None) -> str:
    return GLYPH.get(s or "", s or "?")


def card(order: Order, c: Card) -> str:
    """A card as a player calls it: ``the left bauer JD``, ``the joker``, ``AH``."""
    if order.bauers and order.trump is not None:
        if c is JOKER:
            return "the joker"
        if c == order.left:
            return f"the left bauer {c}"
        if c.rank == 11 and c.suit == order.trump:
            return f"the right bauer {c}"
    return str(c)


def cards(order: Order, cs: Sequence[Card]) -> str:
    """``AH``, ``AH and 2H``, ``AH, KH and 2H``."""
    names = [card(order, c) for c in cs]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def bids(lo: int, hi: int) -> str:
    """The bids one may make: ``3``, ``3 or 4``, ``2 to 4``."""
    if lo >= hi:
        return str(hi)
    if hi == lo + 1:
        return f"{lo} or {hi}"
    return f"{lo} to {hi}"


# -- the order of the game ---------------------------------------------------------------------

def wrong_dealer(n: int, written: str, expected: str) -> str:
    return f"deal {n} was dealt by {written}, but it was {expected}'s deal"


def left_unfinished(n: int) -> str:
    return f"deal {n} was left unfinished"


def after_the_end(n: int, won_at: int, winner: str) -> str:
    return (f"the game was over after deal {won_at}, won by {winner}: deal {n} counts for "
            "nothing")


# -- bidding -----------------------------------------------------------------------------------

def bid_out_of_range(player: str, value: int, lo: int, hi: int) -> str:
    """A recorded bid out of range: the replay counts it as a pass."""
    return f"{player} bid {value}, but bids are {bids(lo, hi)}: it counts as a pass"


def bid_not_higher(player: str, value: int, bidder: str | None, high: int) -> str:
    return f"{player} bid {value}, not higher than {bidder}'s {high}: it counts as a pass"


def refuse_bid_range(player: str, value: int, lo: int, hi: int) -> str:
    """A typed bid out of range: refused, nothing changes."""
    return f"{player} cannot bid {value}: bids are {bids(lo, hi)}"


def refuse_bid_higher(player: str, value: int, high: int, lo: int, hi: int) -> str:
    if lo > hi:
        return f"{player} cannot bid {value}: nothing is higher than {high}; pass"
    return f"{player} cannot bid {value}: the bid to beat is {high}; bid {bids(lo, hi)} or pass"


def bid_twice(player: str, expected: str) -> str:
    return f"{player} already had a turn to bid; {expected} was to bid"


def bid_out_of_turn(player: str, expected: str) -> str:
    return f"{player} bid out of turn: {expected} was to bid"


def bidding_over(player: str) -> str:
    return f"the bidding is over: {player} has no bid"


def bidding_not_over(nxt: str) -> str:
    return f"the bidding is not over: {nxt} was to bid"


def prompt_bid(player: str, lo: int, hi: int, high: int, tag: str, dealer: str) -> str:
    beat = f"; the bid to beat is {high}" if high else ""
    return f"{player} to bid {bids(lo, hi)} or pass{beat} ({tag}, dealer {dealer})"


EXAMPLE = ("9C", "QH", "8D")


def prompt_trump(bidder: str | None, high: int, tag: str) -> str:
    return f"{bidder} won the bidding with {high}: name trump ('{bidder}: trump H') ({tag})"


def prompt_take(bidder: str, k: int, tag: str) -> str:
    example = " ".join(EXAMPLE[:k])
    return (f"{bidder} takes {words.count(k, 'undealt card')}: '{bidder}: take {example}', or "
            f"'{bidder}: take' when the stock is known ({tag})")


def prompt_discard_back(bidder: str, want: int, tag: str) -> str:
    example = " ".join(EXAMPLE[:max(want, 1)])
    return (f"{bidder} discards {words.count(want, 'card')} to keep 6: "
            f"'{bidder}: discard {example}' ({tag})")


def prompt_dealer_discard(dealer: str, count: int | None, tag: str) -> str:
    what = words.count(count, "card") if count is not None else "the cards"
    return (f"the dealer {dealer} takes the rest of the stock and discards {what}: "
            f"'{dealer}: discard ...' ({tag})")


def prompt_discard(player: str, tag: str, trump: str | None = None) -> str:
    """The example's two cards are of suits other than trump (a trump may not go)."""
    a, b = [s for s in "CDHS" if s != trump][:2]
    return (f"{player} discards 0 to 3 cards, no trumps: '{player}: discard 2{a} 3{b}' or "
            f"'{player}: discard 0' ({tag})")


def prompt_lead(leader: str, trick: int, tag: str, fixes_trump: bool) -> str:
    extra = ": the suit led becomes trump" if fixes_trump else ""
    return f"{leader} to lead — trick {trick} of 6 ({tag}){extra}"


def prompt_follow(player: str, led: str, trick: int, tag: str) -> str:
    return f"{player} to follow {glyph(led)} — trick {trick} of 6 ({tag})"


# -- trump -------------------------------------------------------------------------------------

def all_passed_no_trump(n: int) -> str:
    return f"everyone passed in deal {n}: nobody names trump"


def trump_again(trump: str | None, named: bool) -> str:
    return f"trump was already {'named' if named else 'set'}, {glyph(trump)}: it cannot be " \
           "named again"


def trump_before_exchange(bidder: str | None) -> str:
    return f"{bidder} must name trump before the exchange"


def trump_not_named_before_lead(bidder: str | None) -> str:
    return f"{bidder} won the bidding but named no trump before the first lead"


def trump_not_written(bidder: str | None) -> str:
    return f"{bidder} won the bidding but no trump is written"


def trump_lead(written: str | None, trump: str | None) -> str:
    return (f"trump is written as {glyph(written)}, but the first lead made {glyph(trump)} "
            "trump")


def refuse_trump_now() -> str:
    return "trump is named once, by the bidder, right after the bidding"


def refuse_trump_player(bidder: str | None, player: str) -> str:
    return f"{bidder} won the bidding and names trump, not {player}"


def refuse_trump_not_bidder(bidder: str | None, player: str) -> str:
    if bidder is None:
        return f"nobody has won the bidding yet: the bidder's first lead fixes trump, not {player}"
    return f"{bidder} won the bidding: their first lead fixes trump, not {player}"


# -- the exchange ------------------------------------------------------------------------------

def only_bidder_exchanges(bidder: str, player: str) -> str:
    return f"only the bidder {bidder} takes and discards; {player} cannot"


def already_took(bidder: str) -> str:
    return f"{bidder} already took the undealt cards"


def took_count(bidder: str, count: int, k: int) -> str:
    return f"{bidder} took {words.count(count, 'undealt card')}; kitty_view is {k}"


def not_undealt(c: Card, holder: str | None) -> str:
    return f"{c} is not among the undealt cards: {holder} holds it"


def not_top_of_stock(bidder: str, got: Sequence[Card], top: Sequence[Card]) -> str:
    return (f"{bidder} took {' '.join(map(str, got))}, but the top of the stock is "
            f"{' '.join(map(str, top))}")


def discard_back(bidder: str, count: int, want: int) -> str:
    return (f"{bidder} discarded {words.count(count, 'card')}, but must discard {want} to keep 6")


def only_dealer_takes(player: str) -> str:
    return f"{player} cannot take: in Schmier only the dealer takes the undealt cards, by itself"


def exchange_turn_done(player: str) -> str:
    return f"{player} already had their turn in the exchange"


def exchange_early(player: str, first: str) -> str:
    return (f"{player} discarded before {first}, whose turn in the exchange it was (each in "
            "turn from the dealer's left)")


def refuse_exchange_turn(player: str, first: str) -> str:
    return (f"it is {first}'s turn to discard, not {player}'s (each in turn from the "
            "dealer's left, the dealer last)")


def exchange_over(player: str, kind: str) -> str:
    return f"the exchange is over: {player} cannot {kind} now"


def too_many_discards(player: str, count: int) -> str:
    return f"{player} discarded {words.count(count, 'card')}: at most 3"


def player_discarded_trump(player: str, order: Order, trumps: Sequence[Card]) -> str:
    what = "a trump" if len(trumps) == 1 else "trumps"
    return f"{player} discarded {cards(order, trumps)}, {what}: only the dealer may discard a trump"


def dealer_discard_count(dealer: str, want: int, count: int) -> str:
    return (f"the dealer {dealer} took {words.count(want, 'undealt card')} and must discard {want} "
            f"to keep 6, not {count}")


def dealer_discarded_point(dealer: str, order: Order, never: Sequence[Card]) -> str:
    return (f"the dealer {dealer} discarded {cards(order, never)}: the ace, the bauers, the 2 "
            "of trump and the joker are never discarded")


def dealer_kept_assertion(dealer: str, order: Order, trumps: Sequence[Card]) -> str:
    """The pending assertion; a later card adds ", but held X, played at trick N"."""
    return (f"the dealer {dealer} discarded the trump {cards(order, trumps)} while keeping a "
            "card that is not trump")


def _still(left: int) -> str:
    return ("never played" if left <= 0 else
            f"not all among the {left} card{'s' if left != 1 else ''} still to play")


def kept_trumps(player: str, order: Order, missing: Sequence[Card], left: int) -> str:
    """A discard of a number of cards that took a trump, proven by the play (kept.py)."""
    return (f"{player} discarded a trump at the exchange: {cards(order, missing)}, held "
            f"before the discard, {_still(left)}; no trump may be discarded")


def kept_trumps_held(player: str, dealer: bool, order: Order, missing: Sequence[Card],
                     trumps: int, left: int) -> str:
    """The dealer's (Schmier) or the bidder's (Wisconsin) discard of a number of cards that
    took a trump it had to keep, proven by the play (kept.py)."""
    who = f"the dealer {player}" if dealer else player
    rule = ("the ace, the bauers, the 2 of trump and the joker are never discarded, nor any "
            "trump by a dealer holding 6 or fewer" if dealer else
            "a trump goes only when more than 6 trumps are held, down to 6")
    if missing:
        return (f"{who} discarded a trump at the exchange: {cards(order, missing)}, held "
                f"before the discard, {_still(left)}; {rule}")
    return (f"{who} kept fewer than {trumps} trumps at the exchange (held before the "
            f"discard): too few trumps played with {left} card{'s' if left != 1 else ''} "
            f"left; {rule}")


def dealer_kept_plain(dealer: str, order: Order, trumps: Sequence[Card], held: Card) -> str:
    return (f"the dealer {dealer} discarded the trump {cards(order, trumps)} while keeping "
            f"{card(order, held)}, not trump; a trump goes only when more than 6 trumps are "
            "held, down to 6")


def bidder_kept_plain(bidder: str, trumps: Sequence[Card], held: Card) -> str:
    return (f"{bidder} discarded the trump {' '.join(map(str, trumps))} while holding {held}, "
            "not trump; a trump goes only when more than 6 trumps are held, down to 6")


def bidder_kept_assertion(bidder: str, trumps: Sequence[Card]) -> str:
    return (f"{bidder} discarded the trump {' '.join(map(str, trumps))} while keeping a card "
            "that is not trump")


# -- play --------------------------------------------------------------------------------------

def deal_over(n: int, player: str, what: str) -> str:
    return f"deal {n} is over: {player} cannot {what}"


def led_first_trick(player: str, c: Card, bidder: str) -> str:
    return f"{player} led {c} at trick 1, but {bidder}, the bidder, leads the first trick"


def led_out_of_turn(player: str, c: Card, number: int, leader: str) -> str:
    return f"{player} led {c} at trick {number}, but {leader} won trick {number - 1} and leads"


def played_out_of_turn(player: str, c: Card, number: int, to_move: str) -> str:
    return f"{player} played {c} out of turn at trick {number}: {to_move} was to play"


def must_follow(player: str, led: str, held: str, number: int, strict: bool = True,
                trump: str | None = None) -> str:
    what = glyph(led) if strict or led == trump else f"{glyph(led)} or play a trump"
    return f"{player} had to follow {what} at trick {number}, holding {held}"


def no_follow_assertion(player: str, led: str, number: int, trump: str | None,
                        strict: bool) -> str:
    """The pending assertion; a later card proves it: "..., but held X, played at trick N"."""
    if not strict and led != trump:
        return f"{player} neither followed {glyph(led)} nor trumped at trick {number}"
    if led == trump:
        return f"{player} did not follow trump {glyph(led)} at trick {number}"
    return f"{player} did not follow {glyph(led)} at trick {number}"


def proven(said: str, held: str, trick: int | None) -> str:
    where = f", played at trick {trick}" if trick is not None else ""
    return f"{said}, but held {held}{where}"


# -- cards -------------------------------------------------------------------------------------

def not_in_deck(c: Card) -> str:
    return f"{c} is not in this game's deck"


def played_before(c: Card, by: str, trick: int | None) -> str:
    where = f" at trick {trick}" if trick is not None else ""
    return f"{c} was already played by {by}{where}"


def not_held(player: str, c: Card, holder: str | None = None, undealt: bool = False) -> str:
    if holder is not None:
        return f"{player} does not hold {c}: {holder} holds it"
    if undealt:
        return f"{player} does not hold {c}: it was not dealt"
    return f"{player} does not hold {c}"


# -- outcomes and claimed scores ---------------------------------------------------------------

def outcome_with_cards(n: int) -> str:
    return f"deal {n} already has cards played; an outcome is only for a deal recorded without them"


def outcome_all_passed(n: int) -> str:
    return f"everyone passed in deal {n}: there is nothing to score"


def point(key: str) -> str:
    return POINT_TEXT.get(key, key.replace("_", " "))


def outcome_stranger(key: str, name: str, teams: Sequence[str]) -> str:
    listed = ", ".join(teams[:-1]) + " and " + teams[-1] if len(teams) > 1 else "".join(teams)
    return (f"{point(key)} goes to {name}, who is no player or team at this table; the teams "
            f"are {listed}")


def outcome_missing(key: str) -> str:
    return f"every deal awards {point(key)}: the outcome names no team for it"


def outcome_missing_in_play(key: str) -> str:
    return (f"under high_low = \"in-play\" every deal awards {point(key)} (the first lead is "
            "a trump, so a trump is always in play): the outcome names no team for it")


def outcome_holder(key: str, want: str | None, why: str, got: str | None) -> str:
    return f"{point(key)} goes to {want or 'nobody'}, since {why}, not to {got or 'nobody'}"


def claimed(who: str, said: int, got: int | None) -> str:
    return f"{who}: claimed {said}, computed {got}"


# -- refusals of typed entries (exit 1 or 2; nothing changes) ---------------------------------

def refuse_card_now(prompt: str) -> str:
    return f"no card can be played yet: {prompt}"


def refuse_too_many_cards(left: int) -> str:
    return (f"only {words.count(left, 'card')} can go to this trick; enter the next trick from its "
            "leader")


def refuse_take_in_schmier() -> str:
    return "in Schmier the dealer takes the rest of the stock by itself; enter only 'discard'"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def game_points(game: Mapping[str, Any], ranges: Any, hand_shown: bool = False) -> str:
    """``Ala & Celina 12, Bartek & Darek 23 to 40 (not known: ...)``: a team's figure after a
    claim whose cards still in hand were neither shown nor counted is a range (``hand_shown``:
    the claimer's were shown, so the cards not known are the other players')."""
    parts = []
    whose = "the other players' cards" if hand_shown else "the cards"
    for k, v in game.items():
        r = ranges.get(k) if isinstance(ranges, Mapping) else None
        if v is None and r:
            parts.append(f"{k} {r[0]} to {r[1]} (not known: {whose} still in hand at the "
                         "claim were not shown, and claim_game_points was not given)")
        else:
            parts.append(f"{k} {v}")
    return ", ".join(parts)


def deal_news(extra: Mapping[str, Any]) -> list[str]:
    """The end of a deal: who took each point (``Ala & Celina took High, Jack and Game;
    Bartek & Darek took Low``), the card points counted for Game, the bid made or set."""
    out = []
    points = extra.get("points")
    if isinstance(points, Mapping) and points:
        took: dict[str, list[str]] = {}
        nobody: list[str] = []
        for key, who in points.items():
            name = POINT_TEXT.get(str(key), str(key))
            if who:
                took.setdefault(str(who), []).append(name)
            else:
                nobody.append(name)
        parts = [f"{who} took {_and(names)}" for who, names in took.items()]
        if nobody:
            parts.append(f"no one took {_and(nobody)}")
        out.append("; ".join(parts))
    game = extra.get("game_points")
    if isinstance(game, Mapping) and game:
        out.append("card points for Game: " + game_points(
            game, extra.get("game_points_range"), extra.get("claim_hand_shown") is True))
    bidder, bid, result = extra.get("bidder"), extra.get("bid"), extra.get("result")
    if bidder and bid and result in ("made", "set"):
        out.append(f"{bidder}'s bid of {bid} " + ("made" if result == "made" else
                                                     "was set"))
    return out


# -- an accepted claim (claim.py) ----------------------------------------------------------------

def claim_after_the_deal(player: str) -> str:
    return f"{player} claimed the rest after the deal was over"


def claim_before_play(player: str) -> str:
    return f"{player} claimed the rest before the play began"


def claim_before_trump(player: str) -> str:
    return f"{player} claimed the rest before the first lead fixed trump"


def claim_needs_holder(cards: Sequence[Card], may_be_out: bool = False) -> str:
    named = words.either((str(c) for c in cards), "and")
    it, was = ("it", "was") if len(cards) == 1 else ("them", "were")
    out = (f" (nobody = \"{cards[0]}\" if no one held {it})" if may_be_out else "")
    return (f"{named} {was} never played: name who held {it}, e.g. claim_held = "
            "{ Name = \"" + str(cards[0]) + "\" }" + out)


def claim_was_in_play(c: Card, holder: str) -> str:
    return f"{c} was in play at the claim (nobody = \"{c}\" says it was not): {holder} held it"


def claim_always_in_play(c: Card) -> str:
    return f"{c} is always in play in Schmier (no point trump is discarded): name who held it"


def claim_needs_points() -> str:
    return ("Game depends on the cards still in hand: give their game points, e.g. "
            "claim_game_points = 12")


def claim_points_impossible(n: int, lo: int, hi: int) -> str:
    return (f"the cards still in hand cannot hold {n} game points (from {lo} to {hi} on "
            "what was played and named)")


def claim_held_played(player: str, c: Card) -> str:
    return f"{player} cannot have held {c} at the claim: it was played"


def claim_held_gone(player: str, c: Card) -> str:
    return f"{player} cannot have held {c} at the claim: it was discarded or never dealt"


def claim_held_other(player: str, c: Card, other: str | None) -> str:
    if other is None:
        return f"{player} did not hold {c} at the claim"
    return f"{player} cannot have held {c} at the claim: {other} held it"


def points_by_team(points: dict[str, str | None]) -> str:
    """A deal's points grouped by who won them, in RULES.md's order: ``Ala & Celina: High,
    Low, Jack; Bartek & Darek: Game`` (``nobody`` for a point nobody won)."""
    teams: dict[str, list[str]] = {}
    for key, team in points.items():
        teams.setdefault(team or "nobody", []).append(point(key))
    return "; ".join(f"{team}: {', '.join(words)}" for team, words in teams.items())
