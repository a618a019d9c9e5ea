"""Where an entry typed now goes: the deal in progress, a new deal table, or (a key line
typed after a deal) the deal just played.

A ``claimed`` score or a ``note`` typed once a deal is over belongs to that deal, even when the
referee has dealt the next one already (a ``--deal`` game); every other entry goes to the deal
in progress, or opens the next deal's table when one is due."""

from __future__ import annotations

from collections.abc import Callable

from ..model import Deal, Entry, Key, Result

# what the referee writes when a deal opens (and a private deal's hands, registered by the seats)
AUTO_KEYS = ("dealer", "hands", "stock", "trump", "trump_card", "private")
AFTER_KEYS = ("claimed", "note")  # keys typed after a deal that belong to that deal


def starts_deal_here(deals: list[Deal], res: Result) -> bool:
    """The last deal has only its dealing keys so far: entries go into it."""
    if not deals:
        return False
    d = deals[-1]
    return bool(d.entries) and all(isinstance(e, Key) and e.name in AUTO_KEYS
                                   for e in d.entries) and not res.expect.new_deal


def goes_to(deals: list[Deal], name: str, res: Result) -> int:
    """The deal (number) a key line ``name = ...`` typed now goes to (``place``): a
    ``claimed`` score typed once the next deal is due, or dealt, is the last deal's."""
    n = len(deals)
    if name == "claimed" and n > 1 and starts_deal_here(deals, res):
        return n - 1
    if name in AFTER_KEYS and deals and not starts_deal_here(deals, res):
        return n
    if res.expect.new_deal and not starts_deal_here(deals, res):
        return n + 1
    return n


def place(deals: list[Deal], entry: Entry, res: Result, new_deal: Callable[[], Deal]) -> int:
    """Put ``entry`` where it belongs in ``deals`` (``res``: their replay, before it);
    ``new_deal`` makes the next deal's table when one is due. The entry's index among all
    the entries."""
    def count() -> int:
        return sum(len(d.entries) for d in deals)

    here = starts_deal_here(deals, res)
    if isinstance(entry, Key) and entry.name == "claimed" and len(deals) > 1 and here:
        deals[-2].entries.append(entry)  # the referee has dealt the next deal already
        return count() - len(deals[-1].entries) - 1
    if isinstance(entry, Key) and entry.name in AFTER_KEYS and deals and not here:
        deals[-1].entries.append(entry)  # the claimed score of the deal just played
        return count() - 1
    if res.expect.new_deal and not here:
        deals.append(new_deal())
    deals[-1].entries.append(entry)
    return count() - 1
