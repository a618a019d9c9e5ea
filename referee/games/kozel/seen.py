"""A Kozel game in progress as the table has seen it (``referee.views.public``'s texts of it).

What the table sees (RULES.md, Kozel): the four cards each player is dealt are theirs only;
the card shown for trump is seen by all, then goes back into the deck; every draw from the
deck is seen by the one who draws it only; a discard is face down ("Nobody sees them");
the plays that beat, the lead and a pull are face up. So the deal keys that only the referee
knows (a virtual deal's ``hands`` and ``stock``) are left out, and a face-down play is
``~? ?`` whatever it was: the shown trump card included, which the table saw turned up but
not who drew it or who later threw it away face down. The game's texts written from this
(the card points, the draws, the discards) then say only what the table saw.
"""

from __future__ import annotations

from ...model import Deal, Entry, Key, Play

ONLY_THE_REFEREE = ("hands", "stock")


def as_seen(deal: Deal) -> Deal | None:
    """The deal without what only the referee knows; None when nothing of it is hidden."""
    out: list[Entry] = []
    for e in deal.entries:
        if isinstance(e, Key) and e.name in ONLY_THE_REFEREE:
            continue
        if isinstance(e, Play) and e.down and any(c is not None for c in e.cards):
            out.append(Play(e.player, (None,) * len(e.cards), True))
            continue
        out.append(e)
    return Deal(out) if len(out) != len(deal.entries) or out != deal.entries else None
