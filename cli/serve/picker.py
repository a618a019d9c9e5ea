"""A seat's card picker: several cards in one entry, face down or not (Kozel's plays), from the
referee's answer (``GameRules.choices``; docs/serve.md, "Seats").

When the seat's choices hold a play of several cards, or a play of known cards face down, every
play of the seat's own cards (the entry is ``NAME: CARDS`` or ``NAME: ~CARDS``, cards only) is
taken out of the buttons and drawn as a picker: the cards to tap (each card named by one of
those plays), a "face down" toggle where one of them is face down, and the list of the plays
themselves (entry, label, allowed, rule). The page's script only looks the cards tapped up in
that list: the play button sends the entry of the play listed for exactly those cards (and the
toggle), greyed with its rule where the referee refuses it; a set the referee does not list
cannot be sent. Nothing of the game is worked out in the page.

Plays of cards not known (``~? ?``), pulls and every other entry stay buttons of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.cards import try_parse_card

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Play:
    """One play of the picker: ``key`` its cards sorted and joined by a space (what the page
    matches the cards tapped against), ``down`` face down."""

    entry: str
    label: str
    allowed: bool
    rule: str | None
    key: str
    down: bool


@dataclass(frozen=True, slots=True)
class Picker:
    cards: tuple[str, ...]  # the cards to tap, in the hand's order where it is known
    plays: tuple[Play, ...]
    down: bool  # a face-down toggle (some play is face down)


def play_of(c: Json, seat: str) -> Play | None:
    """``c`` as a play of the picker: the seat's own cards laid (all known), else None."""
    who, colon, rest = c["entry"].partition(":")
    if not colon or who.strip() != seat:
        return None
    rest = rest.strip()
    down = rest.startswith("~")
    words = rest.lstrip("~").split()
    cards = [try_parse_card(w) for w in words]
    if not words or any(x is None for x in cards):
        return None
    return Play(c["entry"], c["label"], bool(c["allowed"]), c.get("rule"),
                " ".join(sorted(str(x) for x in cards)), down)


def picker(doc: Json) -> Picker | None:
    """The picker of the seat's live document ``doc``, or None (no play of several cards nor
    of known cards face down: every choice is a button of its own)."""
    seat = doc.get("seat") or ""
    plays = [p for p in (play_of(c, seat) for c in doc.get("choices") or []) if p is not None]
    if not any(p.down or " " in p.key for p in plays):
        return None
    named: dict[str, None] = {}
    for p in plays:
        for w in p.key.split():
            named.setdefault(w, None)
    order = [c for c in doc.get("hand") or [] if c in named]
    cards = tuple(order + [c for c in named if c not in order])
    return Picker(cards, tuple(plays), any(p.down for p in plays))


def rest(doc: Json, pick: Picker | None) -> list[Json]:
    """The choices left for buttons of their own."""
    taken = {p.entry for p in pick.plays} if pick is not None else set()
    return [c for c in doc.get("choices") or [] if c["entry"] not in taken]
