"""An entry as the text one would type (the grammar of the prompt and of ``add``): what
``edit`` shows and what ``undo`` keeps for ``redo``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games.base import GameRules
from ..model import Bid, Deal, Entry, Exchange, Key, Pass, Place, Play, Pull, Setup
from ..store.claimkeys import TableClaim
from ..store.claimkeys import dump as claim_dump


def toml_inline(value: Any) -> str:
    """A value as inline TOML (one line), the way a key line is typed at the prompt: tomlkit
    writes it (``savefile.inline``); a list of cards is one string of cards."""
    from ..store import savefile

    return savefile.inline(_plain(value))


def _plain(value: Any) -> Any:
    """``value`` in the types TOML holds: a list of cards as one string, None as ``""``."""
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if value and all(_is_card(x) for x in value):
            return " ".join(str(x) for x in value)
        return [_plain(x) for x in value]
    if value is None:
        return ""
    return str(value)


def _is_card(x: Any) -> bool:
    from ..cards import Card

    return isinstance(x, Card)


def _cards(cards: Sequence[Any]) -> str:
    return " ".join("?" if c is None else str(c) for c in cards)


def entry_text(entry: Entry, rules: GameRules | None = None, setup: Setup | None = None) -> str:
    """An entry in the grammar of the prompt and of ``add`` (typing it back gives it again)."""
    if isinstance(entry, Play):
        return f"{entry.player}: {'~' if entry.down else ''}{_cards(entry.cards)}"
    if isinstance(entry, Pull):
        return f"{entry.player} pulls: {_cards(entry.cards)}"
    if isinstance(entry, Bid):
        return f"{entry.player}: {'pass' if entry.value is None else entry.value}"
    if isinstance(entry, Pass):
        return f"{entry.player}: pass"
    if isinstance(entry, Exchange):
        what = _cards(entry.cards) if entry.cards is not None else str(entry.count)
        return f"{entry.player}: {entry.kind} {what}".rstrip()
    if isinstance(entry, Place):
        pos = f"{entry.row},{entry.col}"
        return pos if entry.card is None else f"{entry.card} {pos}"
    if isinstance(entry, Key) and isinstance(entry.value, TableClaim):
        # a claim and its answers: one entry, typed as its key lines
        return "; ".join(f"{k} = {toml_inline(v)}" for k, v in claim_dump(entry.value).items())
    if isinstance(entry, Key):
        value: Any = entry.value
        if rules is not None and setup is not None:
            try:  # the game writes its keys best (names for teams, cards as strings)
                dumped = rules.dump_deal(Deal([entry]), setup)
                value = dumped.get(entry.name, value)
            except Exception:  # noqa: BLE001 - a game that cannot dump a lone key
                value = entry.value
        return f"{entry.name} = {toml_inline(value)}"
    return str(entry)
