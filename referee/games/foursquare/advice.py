"""``referee hint`` and the table mode's ``hint`` for Foursquare (``GameRules.hinter``): the
game in play, the card drawn (the file's stock when it knows it, else the card named), the
advice (``hint.advise``, given what the player sees) and that advice as lines or the JSON
document of docs/foursquare.md. ``cli.hint`` prints them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...cards import Card
from ...errors import NotationError

if TYPE_CHECKING:
    from .hint import Hint, Option
    from .play import Game


@dataclass(frozen=True, slots=True)
class Advice:
    """What ``hint`` says about the file: ``state`` is ``playing`` (``hint`` holds the
    advice), ``over`` (the last game is over), ``new`` (no game started yet) or ``stuck``
    (the card has no legal place: a broken record)."""

    game: int
    turn: int | None
    card: Card | None
    state: str
    hint: Hint | None = None
    result: str | None = None
    score: int | None = None
    why: str = ""


def _games(res: Any) -> list[Game]:
    """The games of ``res``, a replayed Foursquare file (``rules.FoursquareResult``)."""
    games: list[Game] = res.games
    return games


def card_wanted(res: Any) -> bool:
    """A game is in play and the file does not know the card drawn: it must be named."""
    games = _games(res)
    return bool(games) and not games[-1].over and games[-1].next_card() is None


def unseen(res: Any) -> list[str]:
    """The cards that may be drawn next in the game in play (for completion)."""
    from ...cards import DECK_40

    games = _games(res)
    gone = {t.card for t in games[-1].turns} if games and not games[-1].over else set()
    return [str(c) for c in DECK_40 if c not in gone]


def advise(res: Any, card_text: str | None) -> Advice:
    """The advice for the game in play; ``card_text``: the card drawn, when the file does not
    know it (with a known stock it may be given, and must then be the stock's next card)."""
    from ...notation import parse_card
    from . import hint as fh

    games = _games(res)
    if not games:
        return Advice(1, None, None, "new", why="game 1 has not started: the first card goes "
                      "anywhere (0,0)")
    g = games[-1]
    if g.over:
        score = g.score if g.result == "won" else None
        return Advice(g.number, None, None, "over", result=g.result, score=score,
                      why=f"game {g.number} is over: {g.why}; the next card starts game "
                      f"{g.number + 1} and goes anywhere (0,0)")
    turn = len(g.turns) + 1
    card = parse_card(card_text.strip()) if card_text is not None else None
    known = g.next_card()
    if known is not None:
        if card is not None and card != known:
            raise NotationError(f"the stock of game {g.number} gives {known} at turn {turn}, "
                                f"not {card}")
        card = known
    if card is None:
        raise NotationError("name the card just drawn, e.g. --card 7H (the file does not "
                            "know the stock)")
    try:
        view = fh.seen(g, card)
    except fh.NoHint as e:
        raise NotationError(str(e)) from None
    try:
        h = fh.advise(view)
    except fh.NoHint as e:
        return Advice(g.number, turn, card, "stuck", why=f"{e}: no hint")
    return Advice(g.number, turn, card, "playing", hint=h)


def _pos(p: tuple[int, int]) -> str:
    return f"{p[0]},{p[1]}"


def _chance(o: Option, left: int) -> str:
    if o.at_once:
        return f"wins now, score {left}" if o.chance else "loses at once"
    return f"chance to win about {round(100 * o.chance)}%"


def lines(a: Advice) -> list[str]:
    """The advice in plain words, cards in the table's notation."""
    if a.state != "playing":
        return [a.why]
    from .play import CARDS

    h = a.hint
    assert h is not None
    left = CARDS - (a.turn or 0)
    out = [f"game {a.game}, turn {a.turn}: {a.card} drawn, "
           f"{h.places} place{'' if h.places == 1 else 's'} for it",
           f"best: {_pos(h.best.pos)}, {_chance(h.best, left)}"]
    out.extend(f"next: {_pos(o.pos)}, {_chance(o, left)}" for o in h.options[1:])
    return out


def doc(a: Advice) -> dict[str, Any]:
    """The JSON document of ``referee hint --json`` (fields in docs/foursquare.md)."""
    from .play import CARDS

    def option(o: Option) -> dict[str, Any]:
        now = None if not o.at_once else ("won" if o.chance else "lost")
        return {"place": _pos(o.pos), "row": o.pos[0], "col": o.pos[1],
                "chance": round(o.chance, 3), "now": now, "playouts": o.tries}

    h = a.hint
    return {
        "game": a.game,
        "turn": a.turn,
        "card": None if a.card is None else str(a.card),
        "state": a.state,
        "best": option(h.best) if h is not None else None,
        "next": [option(o) for o in h.options[1:]] if h is not None else [],
        "chance": round(h.chance, 3) if h is not None else None,
        "places": h.places if h is not None else 0,
        "left": CARDS - a.turn if a.turn is not None else None,
        "result": a.result,
        "score": a.score,
        "message": a.why or None,
    }
