"""The referee's verdict on a claim the table recorded (``claim = "Bartek: rest"``): the same
``judge`` as ``referee claim``, asked of the position just before the claim, with the hand
the claimer showed (``claim_hand``) when the file does not know it. The page shows it beside
the table's acceptance. Only the word is given (never the line or a counter-deal, which
would name cards the table has not seen), and the search is bounded, so the page answers at
once: an answer it cannot reach in time is "not proven" (hands unseen) or, every hand known,
``LONG`` ("being judged"): such a claim is an ``Ask`` (``undecided``), which the page's server
settles in the background with ``decide`` (no budget, as ``referee claim``) and then shows.
Answers are kept per position: a file that changes elsewhere does not ask again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..errors import NotationError
from ..model import Deal, Key, Setup
from ..store.claimkeys import KEYS
from . import NOT_PROVEN, judge
from .position import ClaimError, HandNeeded

BUDGET = 50_000  # plays of the search (the page must stay quick; a table claim gets more)
SECONDS = 0.5
NO_HAND = "not judged: the claimer's hand was not shown"
LONG = "being judged (a long search)"

Where = tuple[object, ...]
_seen: dict[Where, str] = {}


@dataclass(frozen=True, slots=True)
class Ask:
    """A recorded claim, every hand known, whose verdict the page's bounded search did not
    reach: what the unbounded search needs (the deals up to the claim, without it)."""

    setup: Setup
    deals: tuple[Deal, ...]
    claimer: str
    hand: tuple[Card, ...] | None
    where: Where


_asked: dict[Where, Ask] = {}  # answered LONG, not settled yet


def undecided() -> list[Ask]:
    """The claims answered ``LONG`` and not settled yet."""
    return list(_asked.values())


def decide(ask: Ask) -> str:
    """The verdict of ``ask`` with no budget (``referee claim``'s: "holds" or "fails"), or
    why it cannot be judged; this can take a while."""
    try:
        return judge(ask.setup, ask.deals, ask.claimer, hand=ask.hand,
                     known_budget=None).verdict
    except (ClaimError, NotationError) as e:
        return f"not judged: {e}"


def settle(ask: Ask, answer: str) -> None:
    """``answer`` is the verdict of ``ask`` from now on."""
    _asked.pop(ask.where, None)
    _seen[ask.where] = answer


def before_claim(deals: Sequence[Deal], number: int) -> list[Deal]:
    """The deals up to deal ``number``, that deal without its claim keys: the position the
    table was in when the claim was made."""
    last = deals[number - 1]
    kept = [e for e in last.entries if not (isinstance(e, Key) and e.name in KEYS)]
    return [*deals[:number - 1], Deal(kept)]


def verdict(setup: Setup, deals: Sequence[Deal], number: int, claimer: str,
            hand: Sequence[Card] | None) -> str:
    """``"holds"``, ``"fails"``, ``"not proven"``, or why the claim was not judged.
    ``hand``: the claimer's hand as shown at the claim (None: not shown)."""
    where = (repr(setup), number, claimer, repr([d.entries for d in deals[:number]]))
    if where in _seen:
        return _seen[where]
    try:
        before = before_claim(deals, number)
        v = judge(setup, before, claimer, budget=BUDGET, seconds=SECONDS, hand=hand)
        # every hand known `referee claim` always decides (no budget): where the page's
        # bounded search does not, the claim is left to the unbounded one (``decide``)
        answer = v.verdict
        if v.hands_known and v.verdict == NOT_PROVEN:
            answer = LONG
            _asked[where] = Ask(setup, tuple(before), claimer,
                                None if hand is None else tuple(hand), where)
    except HandNeeded:
        answer = NO_HAND
    except (ClaimError, NotationError) as e:
        answer = f"not judged: {e}"
    if len(_seen) > 256:  # a long-running server: keep the newest answers only
        _seen.clear()
    _seen[where] = answer
    return answer
