"""The entries a claim writes, as typed: the hand shown at a claim that does not end the deal
(``shown``) and an accepted claim of the rest (``claim`` with its answers). The table mode
(``cli/table/claim.py``) and the seats' pages (``cli/serve/phoneclaim.py``) write the same.
Apart from ``claimkeys`` (which ``entrytext`` reads): writing an entry's text needs
``entrytext``, and the two would import each other."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import Card
from ..games.keys import merge_shown
from ..model import Deal, Key, Setup
from ..store.claimkeys import CLAIM, TableClaim, shown_key, shown_proves
from .entrytext import entry_text

if TYPE_CHECKING:
    from ..errors import Violation
    from ..games.base import GameRules


def shown_entry(rules: GameRules, setup: Setup, deals: Sequence[Deal], claimer: str,
                hand: Sequence[Card] | None) -> tuple[str, list[Violation]] | None:
    """The ``shown`` entry (as typed) for the hand ``claimer`` showed at a claim that does not
    end the deal, with the earlier breaches it proves; None when there is nothing new to
    record (no hand, or the same cards shown already in this deal)."""
    if not hand:
        return None
    before = (merge_shown(deals[-1]) or {}).get(claimer, ()) if deals else ()
    if set(hand) <= set(before):
        return None  # shown already (the same hand at an earlier claim): on record
    key = shown_key(claimer, hand)
    return entry_text(key, rules, setup), shown_proves(rules, setup, deals, key)


def claim_text(rules: GameRules, setup: Setup, claimer: str, shown: Sequence[Card],
               held: Sequence[tuple[Card, str]] = (), nobody: Sequence[Card] = (),
               game_points: int | None = None) -> str:
    """The accepted claim of the rest as one typed entry: ``claim`` with the claimer's hand
    as shown (``claim_hand``, none when not shown) and the answers the cards cannot give."""
    tc = TableClaim(claimer, tuple(held), game_points, tuple(shown) if shown else None,
                    tuple(nobody))
    return entry_text(Key(CLAIM, tc), rules, setup)
