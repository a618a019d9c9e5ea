"""``referee analyze`` on a file of a placement game (``GameRules.analysis == "placements"``:
Foursquare): could each finished game's stock have been won, the best score found, one
winning line, and the move that lost it. The game says it (``GameRules.analyze_games``: each
game's report as sentences and JSON); this module prints it. ``run`` is what the ``analyze``
command calls for such a file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cli.views import out, session, write_json
from referee.solve.deal import NotAnalysable


def drawn(s: Any, number: int | None, a: bool) -> list[Any]:
    """What the table mode's ``analyze`` prints for session ``s`` (rich lines); a game that
    cannot be analysed raises ``NotAnalysable`` with the reason."""
    from cli import render

    found, _playing = s.rules.analyze_games(s.result(), number)
    if isinstance(found, str):
        raise NotAnalysable(found.replace("--game takes", "analyze takes"))
    return [render.cards(line, a) for r in found for line in r.lines()]


def run(path: str, number: int | None, as_json: bool, ascii_only: bool = False) -> int:
    """Analyse the finished games of the file ``path`` (or game ``number``); prints with
    rich (or one JSON document); returns the exit code."""
    s = session(Path(path))
    if s.rules.analysis != "placements":
        from referee import games as registry

        mine = [registry.get(n) for n in registry.names()
                if registry.get(n).analysis == "placements"]
        raise NotAnalysable(f"{path} is a {s.setup.game} file; this analysis is "
                            f"{' and '.join(r.short_title or r.title for r in mine)}'s")
    found, playing = s.rules.analyze_games(s.result(), number)
    if isinstance(found, str):
        raise NotAnalysable(found)  # one line and exit 2 at the command's error boundary
    if as_json:
        write_json({"file": str(path), "game": s.setup.game,
                    "games": [r.to_json() for r in found]})
        return 0
    render, con, a = out(ascii_only)
    for i, r in enumerate(found):
        if i:
            con.print()
        for line in r.lines():
            con.print(render.cards(line, a))
    if number is None and playing is not None:
        con.print(f"game {playing} is still being played: not analysed")
    return 0
