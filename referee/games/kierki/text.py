"""Every sentence the Kierki referee says about a card, a turn or a deal, in one place.

The replay (``play``), the game (``rules``) and the prompt call these; the golden file
``tests/golden_messages/kierki.txt`` holds what they say in real games. A message names its
player once and never repeats the deal it is placed at (the views put ``deal 3, trick 5:``
in front of it).
"""

from __future__ import annotations

from ...cards import GLYPH, Card
from ...words import count


def suit(s: str) -> str:
    return GLYPH.get(s, s)


# -- tricks (deals 1-11) ------------------------------------------------------------------------

def after_the_deal(player: str, c: Card) -> str:
    return f"{player} played {c} after the deal was over"


def claim_after_the_deal(player: str) -> str:
    return f"{player} claimed the rest after the deal was over"


def claim_over_outcome(player: str) -> str:
    return f"{player} claimed the rest of a deal recorded as an outcome"


def not_played(tricks: int) -> str:
    return f"not played under stop_when_penalties_gone: {count(tricks, 'trick')}"


def trick_not_played(trick: int, deal: int, ended: int) -> str:
    return (f"trick {trick} of deal {deal} is not played under stop_when_penalties_gone: the "
            f"deal ended at trick {ended}")


def trump_first(chooser: str) -> str:
    return f"{chooser} must name trump before the first card"


def out_of_turn(player: str, trick: int, due: str) -> str:
    return f"{player} played out of turn at trick {trick}: {due} was to play"


def wrong_leader(player: str, trick: int, leader: str, trump_deal: bool) -> str:
    if trick > 1:
        why = f"{leader} won trick {trick - 1} and leads"
    elif trump_deal:
        why = f"{leader}, who named trump, leads"
    else:
        why = "the player left of the dealer leads"
    return f"{player} led trick {trick}, but {why}"


def void_assertion(player: str, led: str, trick: int) -> str:
    """What a card off the suit led asserts (a violation once a card of it shows up)."""
    return f"{player} did not follow {suit(led)} at trick {trick}"


def must_follow(player: str, led: str, held: Card, trick: int) -> str:
    return f"{player} must follow {suit(led)} at trick {trick}: holds {held}"


def hearts_assertion(player: str, c: Card, trick: int) -> str:
    return f"{player} led {c} at trick {trick} without holding only hearts"


def no_hearts_lead(player: str, held: Card, trick: int) -> str:
    return f"{player} may not lead hearts at trick {trick} while holding {held}"


def left_unfinished() -> str:
    return "the deal was left unfinished before the next began"


def wrong_dealer(written: str, expected: str) -> str:
    return f"{written} dealt, but it was {expected}'s deal"


def outcome_after_cards() -> str:
    return "cards of the deal were played already; undo them before giving an outcome"


# -- the small lottery (deal 12) ----------------------------------------------------------------

def after_the_lottery(player: str) -> str:
    return f"{player} took a turn after the small lottery was over"


def turn_out_of_turn(player: str, turn: int, due: str, out: bool) -> str:
    why = f"{player} is out" if out else f"it was {due}'s turn"
    return f"{player} took turn {turn} but {why}"


def pass_assertion(player: str, turn: int) -> str:
    return f"{player} passed at turn {turn}"


def must_play(player: str, held: Card) -> str:
    return f"{player} must play: holds {held}, which fits the layout"


def not_opened(c: Card, start_rank: int) -> str:
    return f"{c} cannot be played: {suit(c.suit)} is opened only with its {start_rank}"


def not_in_sequence(c: Card, playable: list[str]) -> str:
    now = " or ".join(playable) if playable else "no card"
    return f"{c} does not continue the {suit(c.suit)} row: {now} can be played now"


# -- typed entries ------------------------------------------------------------------------------

NOTHING = "nothing to enter: give a card, 'pass' or 'trump S'"
NAME_THE_PLAYER = "name the player, e.g. 'Bartek: AS'"
NO_TRUMP_NOW = "there is no trump to name now"
ONE_SUIT = "name one suit: 'trump S'"
PASS_ONLY_IN_LOTTERY = "'pass' is only for the small lottery, deal 12"
ONE_CARD_A_TURN = "one card per turn in the small lottery"


def names_trump(due: str | None, player: str) -> str:
    return f"{due} names trump, not {player}"


def not_a_suit(word: str) -> str:
    return f"{word!r} is not a suit: S, H, D or C"
