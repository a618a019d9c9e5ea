"""Small helpers for the referee's sentences: counts with the right plural, lists said aloud."""

from __future__ import annotations

from collections.abc import Iterable


def count(n: int, word: str, plural: str | None = None, none: bool = False) -> str:
    """``1 card``, ``2 cards``, ``0 cards`` (``no card`` with ``none``)."""
    if none and n == 0:
        return f"no {word}"
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def either(items: Iterable[object], last: str = "or") -> str:
    """``7 or 8``, ``0, 1, 2 or 3``: a list of choices said aloud."""
    words = [str(x) for x in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def numbered(n: int, word: str, plural: str | None = None) -> str:
    """The numbers 1 to ``n`` said aloud: ``deal 1``, ``deals 1-4``, ``no deal``."""
    if n < 1:
        return f"no {word}"
    return f"{word} 1" if n == 1 else f"{plural or word + 's'} 1-{n}"


def not_now(cards: str, player: str) -> str:
    """The refusal of cards the table has not seen where they lie (laid face down, in a hand
    shown to the referee alone): it names no other seat and no trick, so that a screen the
    whole table sees does not tell who laid them or holds them. The seat pages say it too
    (``cli.serve.seat``)."""
    return f"{cards} cannot be entered for {player} now"
