"""Cards, their notation and the decks of the five games.

A card is a small frozen value; every card is interned, so ``parse_card`` is a dict look-up
and cards compare by identity as fast as by value.
"""

from __future__ import annotations

import re

SUITS = ("S", "H", "D", "C")
RED = frozenset({"H", "D"})
GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JOKER_SUIT = "X"
RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A", 0: "JK"}


class Card:
    """A card: rank 2-14 (11 J, 12 Q, 13 K, 14 A), suit S H D C; the joker is rank 0, suit X.

    Immutable and interned: ``Card(10, "H")`` always returns the same object, so cards compare
    and hash by identity, at C speed, while still meaning "the ten of hearts" everywhere.
    """

    __slots__ = ("rank", "suit", "text")
    rank: int
    suit: str
    text: str  # the canonical notation, ``10H``; ``JK`` for the joker

    def __new__(cls, rank: int, suit: str) -> Card:
        known = _ALL.get((rank, suit))
        if known is not None:
            return known
        if suit not in SUITS and suit != JOKER_SUIT:
            raise ValueError(f"no such suit {suit!r}")
        obj = object.__new__(cls)
        object.__setattr__(obj, "rank", rank)
        object.__setattr__(obj, "suit", suit)
        object.__setattr__(obj, "text", "JK" if suit == JOKER_SUIT else
                           RANK_TEXT.get(rank, str(rank)) + suit)
        _ALL[(rank, suit)] = obj
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return Card, (self.rank, self.suit)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def rank_text(self) -> str:
        return RANK_TEXT.get(self.rank, str(self.rank))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self})"

    def pretty(self, ascii_only: bool = False) -> str:
        """``10♥`` (or ``10H`` with ascii_only); the joker is ``JK``."""
        if self.suit == JOKER_SUIT or ascii_only:
            return str(self)
        return f"{self.rank_text}{GLYPH[self.suit]}"


_ALL: dict[tuple[int, str], Card] = {}
for _s in SUITS:
    for _r in range(2, 15):
        Card(_r, _s)
JOKER = Card(0, JOKER_SUIT)


def card(rank: int, suit: str) -> Card:
    return _ALL[(rank, suit)]


_RANK_WORDS = {str(n): n for n in range(2, 11)}
_RANK_WORDS.update({"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, "1": 14})
_SUIT_WORDS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
               "♤": "S", "♡": "H", "♢": "D", "♧": "C"}

_PARSE: dict[str, Card] = {"JK": JOKER, "JOKER": JOKER}
for _word, _rank in _RANK_WORDS.items():
    if _word == "1":
        continue
    for _sw, _suit in _SUIT_WORDS.items():
        _PARSE[_word + _sw] = _ALL[(_rank, _suit)]


def parse_card_words(text: str) -> list[Card] | None:
    """Every card in a space-separated string, or None if any word is not a card (fast)."""
    out = list(map(_PARSE.get, text.upper().split()))
    return None if None in out else out  # type: ignore[return-value]


def try_parse_card(text: str) -> Card | None:
    """The card ``text`` names (``10H``, ``th``, ``10♥``, ``JK``, ``joker``), or None."""
    return _PARSE.get(text.strip().upper())


def parse_suit(text: str) -> str | None:
    t = text.strip().upper()
    if t in _SUIT_WORDS:
        return _SUIT_WORDS[t]
    for s, name in SUIT_NAME.items():
        if t == name.upper() or t == name.upper()[:-1]:
            return s
    return None


def full_deck() -> list[Card]:
    return [_ALL[(r, s)] for s in SUITS for r in range(2, 15)]


def deck_from_ranks(ranks: range | tuple[int, ...], joker: bool = False) -> tuple[Card, ...]:
    cards = [_ALL[(r, s)] for s in SUITS for r in ranks]
    if joker:
        cards.append(JOKER)
    return tuple(cards)


DECK_52 = deck_from_ranks(range(2, 15))
DECK_53 = deck_from_ranks(range(2, 15), joker=True)
DECK_40 = deck_from_ranks((14, 2, 3, 4, 5, 6, 7, 8, 9, 10))
DECK_36 = deck_from_ranks(range(6, 15))
DECK_32 = deck_from_ranks(range(7, 15))


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def sort_hand(cards: list[Card] | tuple[Card, ...] | set[Card]) -> list[Card]:
    order = {s: i for i, s in enumerate(SUITS)}
    return sorted(cards, key=lambda c: (order.get(c.suit, 9), -c.rank))


def pretty(text: str, ascii_only: bool = False) -> str:
    """Canonical cards in a text turned into glyphs (``10H`` -> ``10♥``)."""
    if ascii_only:
        return text

    def sub(m: re.Match[str]) -> str:
        c = try_parse_card(m.group(0))
        return c.pretty() if c else m.group(0)

    return re.sub(r"\b(?:10|[2-9JQKA])[SHDC]\b", sub, text)
