"""A claim during a private deal (docs/private.md "Claims"): asked and checked as the table
has seen the deal, so that nothing of it depends on a hand shown to the referee alone.

* **The questions** a claim asks (``GameRules.claim_questions``: the Schmier games' "who held
  A♥?", the game points still in hand) are those of the public game, ``private.masked``: the
  registered hands left out, each exchange a count, for every seat alike (the claimer's own
  registered hand too). Asked on the whole game, a question vanishes when a registered hand
  answers it, and that tells every seat where the card lies.
* **The answers** (a claim typed with ``add``, at the table, or recorded from the phones) go
  first through the public game: what contradicts what the table has seen is refused there
  with that game's own words (a card played, an answer missing). Then through the whole
  game, as always; what it refuses now contradicts a registered hand only, and the refusal
  keeps its rule (``outcome-total``) but says ``claimkeys.unfit``: no holder, no place.

A refusal in the public game's words is marked ``seen``: every card it names is one the table
may see named (the question it must answer, the card it typed), so the terminal prints it as
it is. Written ``?`` where a card is in a registered hand, as the terminal writes hidden
cards, it would tell which of the cards asked lie in one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from ..cards import Card
from ..errors import IllegalEntry
from ..model import Deal, Entry, Key, Result, Setup
from ..store.claimkeys import CLAIM, unfit
from .placing import place
from .private import live_private, masked

E = TypeVar("E", bound=BaseException)
SEEN = "table_seen"


def seen(e: E) -> E:
    """``e``, marked as said in the public game's words (the terminal need not hide a card)."""
    setattr(e, SEEN, True)
    return e


def is_seen(e: BaseException) -> bool:
    return getattr(e, SEEN, False) is True


def table_result(rules: Any, setup: Setup, deals: Sequence[Deal], result: Result) -> Result:
    """The game as the table has seen it: ``result`` itself, or, a private deal in progress,
    the replay of the deals ``masked``."""
    if live_private(deals, result) is None:
        return result
    out: Result = rules.replay(setup, masked(deals, result, rules=rules))
    return out


def claim_questions(rules: Any, setup: Setup, deals: Sequence[Deal], result: Result,
                    claimer: str) -> tuple[tuple[Card, ...], bool]:
    """The questions a claim of the rest by ``claimer`` asks now, on the public game."""
    got: tuple[tuple[Card, ...], bool] = rules.claim_questions(
        table_result(rules, setup, deals, result), claimer)
    return got


def is_claim(e: Entry) -> bool:
    return isinstance(e, Key) and e.name == CLAIM


def hidden_claim(deals: Sequence[Deal], result: Result, e: Entry) -> bool:
    """``e`` is a claim in a private deal in progress."""
    return is_claim(e) and live_private(deals, result) is not None


def check_seen(rules: Any, setup: Setup, deals: Sequence[Deal], result: Result, e: Entry,
               ignore: Sequence[str]) -> None:
    """The claim ``e`` added to the public game: refused (``IllegalEntry``, the rule and the
    words of that game) when that game's replay flags it (``ignore``: rules recorded, never
    refused); nothing changes."""
    table = masked(deals, result, rules=rules)
    at = place(table, e, rules.replay(setup, table), lambda: Deal([]))
    res = rules.replay(setup, table)
    bad = [v for v in res.violations if v.at == at and v.rule not in ignore and not v.retro]
    if bad:
        raise seen(IllegalEntry(bad[0].rule, bad[0].message))


def refusal(e: Entry, rule: str) -> IllegalEntry:
    """The whole game refuses the claim ``e`` the public game took: it contradicts a
    registered hand, said without naming its holder or the card's place."""
    claimer = getattr(e.value, "claimer", "") if isinstance(e, Key) else ""
    return IllegalEntry(rule, unfit(claimer))
