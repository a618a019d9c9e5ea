"""The referee's verdict on a claim the table recorded (``claim = "Bartek: rest"``): the same
``judge`` as ``referee claim``, asked of the position just before the claim, with the hand
the claimer showed (``claim_hand``) when the file does not know it. The page shows it beside
the table's acceptance. Only the word is given (never the line or a counter-deal, which
would name cards the table has not seen), and the search is bounded, so an answer it cannot
reach in time is "not proven" (hands unseen) or, every hand known, "not judged here" (the
command, which has no budget then, decides it). Answers are kept per position: a file that
changes elsewhere does not ask again."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..claimkeys import KEYS
from ..errors import NotationError
from ..model import Deal, Key, Setup
from . import NOT_PROVEN, judge
from .position import ClaimError, HandNeeded

BUDGET = 50_000  # plays of the search (the page must stay quick; a table claim gets more)
SECONDS = 0.5
NO_HAND = "not judged: the claimer's hand was not shown"
LONG = "not judged here: a long search (referee claim decides it)"

_seen: dict[tuple[object, ...], str] = {}


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
        v = judge(setup, before_claim(deals, number), claimer, budget=BUDGET,
                  seconds=SECONDS, hand=hand)
        # every hand known `referee claim` always decides (no budget): where the page's
        # bounded search does not, it says so instead of giving another verdict
        answer = LONG if v.hands_known and v.verdict == NOT_PROVEN else v.verdict
    except HandNeeded:
        answer = NO_HAND
    except (ClaimError, NotationError) as e:
        answer = f"not judged: {e}"
    if len(_seen) > 256:  # a long-running server: keep the newest answers only
        _seen.clear()
    _seen[where] = answer
    return answer
