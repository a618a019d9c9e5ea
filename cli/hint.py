"""``referee hint FILE`` and the table mode's ``hint``: advice for the player, from a game that
gives it (``GameRules.hinter``: Foursquare's card drawn). The game finds the position and
says the advice (lines, or a JSON document); this module asks it and prints.
"""

from __future__ import annotations

from typing import Any

from referee.errors import NotationError
from referee.games.base import Hinter


def hinter(res: Any) -> Hinter:
    """The hints of the game of ``res`` (a replayed game); a game without them is a
    ``NotationError`` naming the games that give them."""
    from referee import games
    from referee.words import either

    got = games.get(res.setup.game).hinter()
    if got is None:
        mine = [r.short_title or r.title for r in map(games.get, games.names())
                if r.hinter() is not None]
        raise NotationError(f"hint helps with {either(mine, 'and')} only, not "
                            f"{res.setup.game}")
    return got


def card_wanted(res: Any) -> bool:
    """A game is in play and the file does not know the card drawn: it must be named."""
    return hinter(res).card_wanted(res)


def unseen(res: Any) -> list[str]:
    """The cards that may be drawn next in the game in play (for completion)."""
    return hinter(res).unseen(res)


def advise(res: Any, card_text: str | None) -> Any:
    """The advice for the game in play (``card_text``: the card drawn, when the file does not
    know it)."""
    return hinter(res).advise(res, card_text)


def lines(res: Any, advice: Any) -> list[str]:
    """The advice in plain words, cards in the table's notation."""
    return hinter(res).lines(advice)


def doc(res: Any, advice: Any) -> dict[str, Any]:
    """The JSON document of ``referee hint --json`` (fields in docs/foursquare.md)."""
    return hinter(res).doc(advice)
