"""What every game's ``explain`` shares (each game's package has its own ``explain`` module):
the deal and the trick asked for, refused in one line when the file has no such one. A game
whose file is a series of games says ``game`` for a deal, and one without tricks ``turn``."""

from __future__ import annotations

from ..errors import NotationError


def deal_asked(deal: int, have: int, word: str = "deal") -> None:
    """Refuse deal ``deal`` of a file of ``have`` (``there is no deal 5 (the file has 3)``)."""
    if not 1 <= deal <= have:
        raise NotationError(f"there is no {word} {deal} (the file has {have})")


def trick_asked(deal: int, trick: int, have: int, word: str = "deal",
                part: str = "trick") -> None:
    """Refuse trick ``trick`` of a deal of ``have`` (``deal 2 has no trick 9 (it has 4)``)."""
    if not 1 <= trick <= have:
        raise NotationError(f"{word} {deal} has no {part} {trick} (it has {have})")
