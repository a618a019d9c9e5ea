"""Every sentence the Foursquare referee says about a card, a place or a game, in one place.

The replay (``play``) and the prompt (``rules``) call these; the golden file
``tests/golden_messages/foursquare.txt`` holds what they say in real games.
"""

from __future__ import annotations

from ...cards import Card

UNIT = "game"  # what Foursquare calls a deal: each game played ("game 2, turn 12")

# -- cards and places ---------------------------------------------------------------------------

def first_of_new_stock(head: str, game: int) -> str:
    """Between games of a dealt series: the next stock's first card is not drawn yet."""
    return f"{head}game {game}, a new stock: draw its first card and place it anywhere " \
        "(e.g. 0,0)"


def after_the_end(game: int, result: str, turns: int, turn: int) -> str:
    return f"game {game} was already {result} at turn {turns}: turn {turn} belongs to a new game"


def no_card_no_stock(turn: int) -> str:
    return f"turn {turn} names no card and the stock is not known"


def not_in_deck(card: Card) -> str:
    return f"{card} is not in the Foursquare deck: only the ace to the 10 of each suit"


def placed_twice(card: Card, turn: int) -> str:
    return f"{card} was already placed at turn {turn}"


def stock_order(expected: Card, turn: int, card: Card) -> str:
    return f"the stock gives {expected} at turn {turn}, not {card}"


def pile_full(what: str, place: str, most: int) -> str:
    return f"{what} cannot go on the pile at {place}: it already holds {most} cards"


def not_adjacent(what: str, place: str) -> str:
    return f"{what} at {place} is neither on a pile nor above, below, left or right of one"


def too_wide(what: str, place: str, spans: list[str], most: int) -> str:
    return f"{what} at {place} makes the layout span {' and '.join(spans)}: {most} at most"


def left_unfinished() -> str:
    return "the game was left unfinished when a new game was started"


def claimed_wrong(player: str, claimed: int, computed: int, result: str) -> str:
    return f"claimed {claimed} for {player}, computed {computed}: the game was {result}"


# -- typed entries ------------------------------------------------------------------------------

STOCK_ONCE = "the stock can be given only once, before the first card of a game"
NOTHING = "nothing to enter: give the card and its place, e.g. 7H 0,1"
NAME_THE_CARD = ("name the card drawn, e.g. '7H 0,1': it may be left out only when the stock "
                 "is known")


def off_the_table(r: int, c: int, most: int) -> str:
    return f"{r},{c}: rows and columns go from -{most} to {most}"


def unreadable(body: str) -> str:
    return (f"cannot read {body!r}: give the card and its place, like '7H 0,1', '7H on 9D' or "
            "'7H left of 9D'")


def nothing_down(ref: Card) -> str:
    return f"{ref} is not on the table: no card is down yet"


def no_such_top(ref: Card, face_down: bool) -> str:
    why = "is face down" if face_down else "is not a top card on the table"
    return f"{ref} {why}: give the place as row,col"


def on_several_piles(ref: Card, piles: int) -> str:
    return f"{ref} lies on {piles} piles: give the place as row,col"
