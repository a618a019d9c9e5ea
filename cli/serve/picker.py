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

Plays of cards not known (``~? ?``), pulls listed and every other entry stay buttons of their own.

Where the referee also gives the seat a pick (``picks`` of the live view: ``Pick``, Kozel with
hands unseen, where the sets are too many to list), the picker is drawn whatever the list
holds, its cards are the pick's too (in rows by suit, the suit led first, where the seat's
hand is not known), and a set tapped
that the list does not hold is sent as the pick's entry with the cards put in its ``{cards}``
(in the pick's order), when it is as many cards as the pick allows: the strict path judges it
(refused: the one line and the rule id, as any entry). The page checks the count it is told,
never a rule of the game.

A seat may have several picks (Kozel: a play and a pull): the first is the play button's, each
other one a button of its own beside it (its word the pick's ``label``), which sends its form
with the cards tapped when they are as many as it allows and all among its cards. A seat not
in turn may still have a pick (a pull): its picker is then folded under the pick's word.
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
    pick: Json | None = None  # the seat's pick (``Pick.to_json``), or None
    rows: tuple[tuple[str, tuple[str, ...]], ...] = ()  # a pick, the hand not known: by suit
    more: tuple[Json, ...] = ()  # the seat's other picks: a button each, beside the play's
    folded: bool = False  # the seat is not in turn: the picker is folded under its word

    def order(self, card: str) -> int:
        """Where ``card`` stands in the pick's cards (the order its entry names them)."""
        cards = self.pick["cards"] if self.pick is not None else []
        return cards.index(card) if card in cards else len(cards)


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
    picks = [p for p in doc.get("picks") or [] if p.get("player") == seat]
    pick = picks[0] if picks else None
    if pick is None and not any(p.down or " " in p.key for p in plays):
        return None
    named: dict[str, None] = {}
    for p in plays:
        for w in p.key.split():
            named.setdefault(w, None)
    for pk in picks:
        named.update((c, None) for c in pk["cards"])
    order = [c for c in doc.get("hand") or [] if c in named]
    cards = tuple(order + [c for c in named if c not in order])
    down = any(p.down for p in plays) or (pick is not None and pick["entry_down"] is not None)
    rows = by_suit(cards, led(doc)) if pick is not None and doc.get("hand") is None else ()
    turn = (doc.get("expect") or {}).get("player")
    return Picker(cards, tuple(plays), down, pick, rows, tuple(picks[1:]),
                  not plays and turn != seat)


def led(doc: Json) -> str | None:
    """The suit led in the trick on the table, or None."""
    trick = doc.get("trick") if doc.get("on_table") else None
    if trick and trick.get("plays"):
        first = next((c for c in trick["plays"][0].get("cards", []) if c), None)
        card = try_parse_card(first) if first else None
        return card.suit if card is not None and not card.is_joker else None
    return None


def by_suit(cards: tuple[str, ...], first: str | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``cards`` in rows by suit, the suit ``first`` (led) first, then ♠ ♥ ♦ ♣."""
    rows: dict[str, list[str]] = {}
    for c in cards:
        card = try_parse_card(c)
        rows.setdefault(card.suit if card is not None else "", []).append(c)
    keys = sorted(rows, key=lambda s: (s != first, "SHDC".index(s) if s and s in "SHDC" else 9))
    return tuple((s, tuple(rows[s])) for s in keys)


def rest(doc: Json, pick: Picker | None) -> list[Json]:
    """The choices left for buttons of their own."""
    taken = {p.entry for p in pick.plays} if pick is not None else set()
    return [c for c in doc.get("choices") or [] if c["entry"] not in taken]
