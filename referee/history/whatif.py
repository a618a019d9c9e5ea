"""A recorded game scored under other house rules (``score -o``, RULES.md "Scoring under
another option (what if?)").

The game is replayed under the options. Where the options end the game (Kozel's series, a
Schmier game) before the deals the table recorded, those later deals were played at the
table but cannot be under the options: they are left out, listed as not played under the
options (``DealResult.not_played``), and give no violation. Inside a deal, Kierki's
``stop_when_penalties_gone`` leaves tricks out the same way (``games/kierki/play.py``). A file whose
own game was already over by then keeps the common rule: nothing after the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..games.base import GameRules
from ..model import Deal, DealResult, Key, Result, Setup


def over(rules: GameRules, setup: Setup, deals: Sequence[Deal]) -> bool:
    """Whether the game these deals make is over, with a winner (Foursquare's games, one
    after another, never end a series)."""
    res = rules.replay(setup, deals)
    return res.complete and res.winner is not None


def end(rules: GameRules, setup: Setup, deals: Sequence[Deal]) -> int | None:
    """The number of deals after which the game is over (None: not over). Once over, a game
    stays over, so the first such prefix is found by halving."""
    if not over(rules, setup, deals):
        return None
    lo, hi = 1, len(deals)
    while lo < hi:
        mid = (lo + hi) // 2
        if over(rules, setup, deals[:mid]):
            hi = mid
        else:
            lo = mid + 1
    return lo


def rescore(rules: GameRules, setup: Setup, deals: Sequence[Deal],
            options: dict[str, Any]) -> Result:
    """The same game replayed under ``options`` (over the file's own); deals after the end
    the options give it are not played under them."""
    from .edit import entry_text

    merged = dict(setup.options)
    merged.update(options)
    under = replace(setup, options=merged)
    other = rules.replay(under, deals)
    stop = end(rules, under, deals)
    if stop is None or stop >= len(deals) or over(rules, setup, deals[:stop]):
        return other
    cut = rules.replay(under, deals[:stop])
    said = ", ".join(f"{k}={_value(v)}" for k, v in options.items())
    for number, d in enumerate(deals[stop:], stop + 1):
        left = [entry_text(e, rules, setup) for e in d.entries
                if not (isinstance(e, Key) and e.name in ("dealer", "note"))]
        cut.deals.append(DealResult(number, d.key("dealer"), None, True, name=f"deal {number}",
                                    not_played=left,
                                    left_out=f"not played under {said}: the game was already over"))
    return cut


def _value(v: Any) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)
