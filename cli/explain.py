"""What ``explain`` shows when no deal is named (``referee explain FILE``, ``explain`` at the
table): the last trick (or turn) played, the one a dispute is most often about."""

from __future__ import annotations

from typing import Any

from referee.errors import NotationError


def last_played(s: Any) -> tuple[int, int | None]:
    """(deal, trick) of the last trick or turn with a card on it, the one on the table
    included; (deal, None) when the last deal with anything in it has no trick (an outcome
    only). Raises when nothing has been played yet."""
    res = s.result()
    s.rules.record_play(s.deals, res)
    for d in reversed(res.deals):
        play = d.play
        if play is None:
            continue
        if play.tricks:
            shown = [t for t in play.tricks if t.plays]
            if shown:
                return d.number, shown[-1].number
        if play.turns:
            return d.number, play.turns[-1].number
        if d.finished or play.bids:
            return d.number, None
    unit = getattr(s.rules, "unit", "deal")
    raise NotationError(f"nothing has been played yet: name a {unit} (explain --deal N)")
