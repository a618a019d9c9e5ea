"""A Kozel game in progress as the table has seen it (``referee.views.public``'s texts of it).

What the table sees (RULES.md, Kozel): the four cards each player is dealt are theirs only;
the card shown for trump is seen by all, then goes back into the deck; every draw from the
deck is seen by the one who draws it only; a discard is face down ("Nobody sees them");
the plays that beat, the lead and a pull are face up. So the deal keys that only the referee
knows (a virtual deal's ``hands`` and ``stock``) are left out, and a face-down play is
``~? ?`` whatever it was: the shown trump card included, which the table saw turned up but
not who drew it or who later threw it away face down. The game's texts written from this
(the card points, the draws, the discards) then say only what the table saw.

Who takes a trick is the referee's ruling, which the table sees (the winner collects the
cards and leads next): a face-down lead (never legal) hides the cards a face-up play had to
beat, so it is kept as an ``UnseenLead`` that carries the ruling made from its cards, and the
game as seen gives every trick to the same player as the game itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Deal, Entry, Key, Play, Pull
from .cards import takes
from .text import group_tricks

ONLY_THE_REFEREE = ("hands", "stock")


@dataclass(frozen=True, slots=True)
class UnseenLead(Play):
    """A lead laid face down, as the table saw it (its cards ``?``), with the referee's
    ruling on it: ``beaten_at``, the play of its trick that took the trick from it (1: the
    first play after it), 0 when none did."""

    beaten_at: int = 0


def as_seen(deal: Deal) -> Deal | None:
    """The deal without what only the referee knows; None when nothing of it is hidden."""
    ruled = rulings(deal)
    out: list[Entry] = []
    for i, e in enumerate(deal.entries):
        if isinstance(e, Key) and e.name in ONLY_THE_REFEREE:
            continue
        if isinstance(e, Play) and e.down and any(c is not None for c in e.cards):
            unseen = (None,) * len(e.cards)
            out.append(UnseenLead(e.player, unseen, True, ruled[i]) if i in ruled
                       else Play(e.player, unseen, True))
            continue
        out.append(e)
    return Deal(out) if len(out) != len(deal.entries) or out != deal.entries else None


def rulings(deal: Deal) -> dict[int, int]:
    """Each face-down lead of ``deal`` (by its place in the entries): the play of its trick
    that took the trick from it (1: the first after it; 0: none did), decided from the cards
    as ``play.Game`` decides it (``takes``; a pull starts the trick again)."""
    trump = fixed_trump(deal)
    actions = [(i, e) for i, e in enumerate(deal.entries) if isinstance(e, Play | Pull)]
    out: dict[int, int] = {}
    for trick in group_tricks(actions):
        attempt = 0  # plays in the trick's attempt so far
        winning: Play | Pull | None = None
        hidden: int | None = None  # the face-down lead winning the trick now
        for i, e in trick:
            if not isinstance(e, Play | Pull):
                continue
            if isinstance(e, Pull) or attempt == 0:
                attempt, winning, hidden = 1, e, None
                if isinstance(e, Play) and e.down:
                    hidden = i
                    out[i] = 0
                continue
            if not e.down and winning is not None and takes(e.cards, winning.cards, trump):
                if hidden is not None:
                    out[hidden] = attempt
                winning, hidden = e, None
            attempt += 1
    return out


def fixed_trump(deal: Deal) -> str | None:
    """The trump the game plays ``deal`` with: its ``trump`` (else its card shown's suit) as
    written before the first play (``play.Game.key``: later, they are not taken)."""
    trump, card = None, None
    for e in deal.entries:
        if not isinstance(e, Key):
            break
        if e.name == "trump":
            trump = e.value
        elif e.name == "trump_card":
            card = e.value
    return trump if trump is not None else card.suit if card is not None else None
