"""Shell completion for the Typer app's arguments (typer's ``autocompletion=``).

Each function gets the command's context (what is already on the line, parsed leniently by
click) and the word being typed, and returns ``(value, help)`` pairs. They never raise: a
completion that cannot be worked out (no game yet, an unreadable file) offers nothing, and the
shell falls back to its own (file names). What they need is imported inside them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

Items = list[tuple[str, str]]


def _rules(name: Any) -> Any:
    """The game called ``name`` (a name or an alias), or None."""
    if not isinstance(name, str) or not name:
        return None
    from referee import games

    try:
        return games.get(name)
    except Exception:
        return None


def _game_of(path: Any) -> str | None:
    """The ``game`` a save file names (read as TOML only: no replay), or None."""
    if not isinstance(path, (str, Path)):
        return None
    import tomllib

    try:
        with open(path, "rb") as f:
            game = tomllib.load(f).get("game")
    except (OSError, ValueError):
        return None
    return game if isinstance(game, str) else None


def _first_argument(ctx: typer.Context, name: str) -> Any:
    """The command's first argument (GAME or FILE). While an option's value is being typed
    (``-o <TAB>``) click's lenient parse stops at that option before it assigns arguments:
    the words it had set aside are then in ``ctx.args``."""
    value = ctx.params.get(name)
    if value is None and ctx.args:
        value = ctx.args[0]
    return value


def game_names(incomplete: str) -> Items:
    """``referee new <TAB>``, ``referee rules <TAB>``: the games, with their summaries."""
    from referee import games

    low = incomplete.lower()
    return [(name, games.get(name).summary) for name in games.names() if name.startswith(low)]


def _values(option: Any) -> list[str]:
    """The values an option takes, as typed after ``KEY=`` (none for a free number)."""
    values = option.choices or ((True, False) if isinstance(option.default, bool) else ())
    return [str(v).lower() if isinstance(v, bool) else str(v) for v in values]


def option_keys(ctx: typer.Context, incomplete: str) -> Items:
    """``-o <TAB>``: ``KEY=`` for each house rule of the game (``new GAME``, or the game a
    FILE argument holds); ``-o KEY=<TAB>``, or a prefix only one key has: ``KEY=VALUE`` for
    each value KEY takes (so that bash, which adds a space after a single match, does not
    leave ``KEY= ``)."""
    game = _first_argument(ctx, "game") if "game" in ctx.params else \
        _game_of(_first_argument(ctx, "file"))
    g = _rules(game)
    if g is None:
        return []
    key, equals, partial = incomplete.partition("=")
    matching = [o for o in g.options if (o.name == key.strip() if equals
                                         else o.name.startswith(key))]
    if len(matching) == 1 and _values(matching[0]):
        o = matching[0]
        return [(f"{o.name}={v}", o.help) for v in _values(o) if v.startswith(partial)]
    return [] if equals else [(f"{o.name}=", o.help) for o in matching]


def rule_ids(ctx: typer.Context, incomplete: str) -> Items:
    """``referee rules GAME <TAB>``: the game's rule ids (RULES.md), with their text."""
    g = _rules(_first_argument(ctx, "game"))
    if g is None:
        return []
    return [(rid, text) for rid, text in g.rules if rid.startswith(incomplete)]


def dealers(ctx: typer.Context, incomplete: str) -> Items:
    """``referee new ... -p Ala -p Bartek --dealer <TAB>``: the players given, and random."""
    given = ctx.params.get("player") or []
    names = [p for p in given if isinstance(p, str)] + ["random"]
    return [(n, "draw the first dealer" if n == "random" else "the first dealer")
            for n in names if n.startswith(incomplete)]


MAX_FILES = 500  # a completion reads at most this many files: it must answer at once


def players_in(ctx: typer.Context, incomplete: str) -> Items:
    """``referee stats FOLDER --player <TAB>``: the names seated in the files given (folders
    searched for ``*.toml``, read as TOML only)."""
    import tomllib

    given = ctx.params.get("paths") or list(ctx.args)
    files: list[Path] = []
    for p in given:
        p = Path(p)
        files.extend(sorted(p.rglob("*.toml")) if p.is_dir() else [p])
    seen: dict[str, str] = {}
    for f in files[:MAX_FILES]:
        try:
            with open(f, "rb") as fh:
                data = tomllib.load(fh)
        except (OSError, ValueError):
            continue
        players = data.get("players")
        if isinstance(players, list):
            for name in players:
                if isinstance(name, str) and name.lower().startswith(incomplete.lower()):
                    seen.setdefault(name, f"plays in {f.name}")
    return sorted(seen.items())


def unseen_cards(ctx: typer.Context, incomplete: str) -> Items:
    """``referee hint FILE --card <TAB>``: the cards not yet placed in the game in play."""
    path = _first_argument(ctx, "file")
    game = _game_of(path)
    if game is None:
        return []
    try:
        from cli.hint import unseen
        from referee import games
        from referee.history.session import Session

        if games.get(game).hinter() is None:
            return []

        words = unseen(Session.load(Path(path)).result())
    except Exception:
        return []
    low = incomplete.upper()
    return [(w, "the card drawn") for w in words if w.startswith(low)]
