"""The position a claim is about, read off the replay: the deal in progress, whose turn it is,
the trick on the table, and what the knowledge model says each hand may hold. Each trick
game reads its own state (``TrickGame.position``, in its package); this module holds the
position, its refusals and the helpers they share."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..cards import Card
from ..compact import Layout, TrickRules
from ..games import get as get_game
from ..games import trick_games
from ..knowledge import Knowledge
from ..model import Deal, Setup


class ClaimError(ValueError):
    """A claim the referee cannot judge: one line saying what was expected."""


class HandNeeded(ClaimError):
    """Hands unseen and no hand shown: the caller may ask the claimer for it."""


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
    know: Knowledge                     # the knowledge model (to say why a card is refused)
    # ``out`` split by the rules that put cards face down (``FaceDown``); () for one group
    face_down: tuple[FaceDown, ...] = ()
    trumps: frozenset[Card] = frozenset()   # every trump of the deal (Schmier games)
    # ``rules`` None (the first lead names trump): the game's rules by trump
    trump_rules: Callable[[str | None], TrickRules] | None = None
    # cards known discarded, and the hand each card is known to have been in, where the
    # game's knowledge model tracks them (the Schmier games), by player
    discarded: Mapping[Card, str] = field(default_factory=dict)
    owner: Mapping[Card, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FaceDown:
    """Cards face down by one rule: ``count`` of the cards of ``cards`` lie there. A trump lies
    there only if ``keeper`` (a Schmier dealer, a Wisconsin bidder) discarded it and so kept
    six trumps: none when ``keeper`` shows a card that is not a trump (None: no such rule)."""

    cards: frozenset[Card]
    count: int
    keeper: str | None = None


# -- the refusals (this module says its own sentences) ---------------------------------------

def no_tricks(game: str) -> str:
    from ..words import either

    return (f"{_said(game)} has no tricks to claim: claims are for "
            f"{either((_said(g) for g in trick_games()), 'and')}")


def _said(game: str) -> str:
    rules = get_game(game)
    return rules.short_title or rules.title


def unknown_player(name: str, players: Sequence[str]) -> str:
    return f"{name!r} is not a player of this game; expected one of {', '.join(players)}"


def no_deal() -> str:
    return "no deal is in progress: a claim is about the tricks still to be played"


def no_trump_yet() -> str:
    return "trump is not named yet: name it before a claim"


def not_in_play() -> str:
    return "the play has not started: a claim comes after the bidding and the exchange"


def read(setup: Setup, deals: Sequence[Deal], claimer: str) -> Position:
    rules = get_game(setup.game)
    game = rules.trick_game()
    if game is None:
        raise ClaimError(no_tricks(setup.game))
    if claimer not in setup.players:
        raise ClaimError(unknown_player(claimer, setup.players))
    return game.position(setup, rules.replay(setup, list(deals)), claimer)


def in_turn(players: Sequence[str], claimer: str) -> tuple[str, ...]:
    """The seats from the claimer's left round to the claimer."""
    i = list(players).index(claimer)
    return tuple(players[i + 1:]) + tuple(players[:i + 1])


def counts_left(players: Sequence[str], trick: Sequence[tuple[str, Card]], done: int,
                total: int) -> tuple[int, dict[str, int]]:
    """The tricks still to be won (the one on the table included) after ``done`` of
    ``total``, and how many cards each player holds with ``trick`` on the table."""
    left = total - done
    return left, {p: left - sum(1 for who, _ in trick if who == p) for p in players}
