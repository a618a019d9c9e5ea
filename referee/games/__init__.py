"""The registry of games, by name and alias. Game modules are imported only when used."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ..errors import NotationError

if TYPE_CHECKING:
    from .base import GameRules

# name -> (module, class); each module is imported on first use
_GAMES: dict[str, tuple[str, str]] = {
    "kierki": ("referee.games.kierki.rules", "Kierki"),
    "wisconsin-schmier": ("referee.games.schmier.rules", "WisconsinSchmier"),
    "schmier": ("referee.games.schmier.rules", "Schmier"),
    "foursquare": ("referee.games.foursquare.rules", "Foursquare"),
    "kozel": ("referee.games.kozel.rules", "Kozel"),
}
ALIASES = {
    "hearts-compendium": "kierki",
    "wisconsin": "wisconsin-schmier",
    "four-point-schmier": "wisconsin-schmier",
    "schmier6": "schmier",
    "schmier-for-six": "schmier",
    "goat": "kozel",
}
_LOADED: dict[str, GameRules] = {}


def registered() -> list[str]:
    """Every game the registry names, installed or not, in its order."""
    return list(_GAMES)


def names() -> list[str]:
    """The games that are installed (whose module exists)."""
    out = []
    for n in _GAMES:
        try:
            get(n)
        except NotationError:
            continue
        out.append(n)
    return out


def trick_games() -> list[str]:
    """The installed games whose tricks the solver and the claims search
    (``GameRules.trick_game``), in the registry's order."""
    return [n for n in names() if get(n).trick_game() is not None]


def get(name: str) -> GameRules:
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key in _LOADED:
        return _LOADED[key]
    if key not in _GAMES:
        raise NotationError(f"unknown game {name!r} (known: {', '.join(_GAMES)})")
    mod_name, cls_name = _GAMES[key]
    try:
        mod = importlib.import_module(mod_name)
    except ModuleNotFoundError as e:
        # the game's package, or its rules module, is not there
        if e.name not in (mod_name, mod_name.rpartition(".")[0]):
            raise
        raise NotationError(f"the game {key!r} is not available in this version") from None
    rules: GameRules = getattr(mod, cls_name)()
    _LOADED[key] = rules
    return rules
