"""A deal table's keys every game reads alike (the names, cards, hands, shown cards, counts,
the note, the trump, the claim keys), and ``Where``: the file and deal an error names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card, try_parse_card
from ..errors import NotationError, SaveFileError
from ..model import Deal, Entry, Key, Setup
from ..notation import resolve_player

MAX_NOTE = 2000


class Where:
    """Where in a file something was read, for error messages."""

    def __init__(self, file: str, deal: int | None = None) -> None:
        self.file = file
        self.deal = deal

    def err(self, key: str, expected: str) -> SaveFileError:
        place = f"{self.file}: " if self.file else ""
        if self.deal is not None:
            place += f"deal {self.deal}: "
        return SaveFileError(f"{place}key {key!r}: expected {expected}", key, self.deal)


# -- deal-table helpers every game uses -------------------------------------------------------


def read_name(value: Any, setup: Setup, where: Where, key: str) -> str:
    if not isinstance(value, str):
        raise where.err(key, "a player's name (a string)")
    try:
        return resolve_player(value, setup.players)
    except NotationError:
        raise where.err(key, f"a seated player ({', '.join(setup.players)}), not {value!r}"
                        ) from None


def read_cards(value: Any, where: Where, key: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise where.err(key, "a string of cards like \"AS KS 7H\"")
    out = []
    for w in value.replace(",", " ").split():
        c = try_parse_card(w)
        if c is None:
            raise where.err(key, f"cards like AS 10H 7D; {w!r} is not a card")
        out.append(c)
    return tuple(out)


def read_hands(value: Any, setup: Setup, where: Where) -> dict[str, tuple[Card, ...]]:
    if not isinstance(value, dict):
        raise where.err("hands", "a table of player = \"cards\"")
    out: dict[str, tuple[Card, ...]] = {}
    for name, cards in value.items():
        p = read_name(name, setup, where, f"hands.{name}")
        out[p] = read_cards(cards, where, f"hands.{name}")
    return out


def check_hands(hands: dict[str, tuple[Card, ...]], setup: Setup, where: Where, size: int,
                deck: tuple[Card, ...], seen: set[Card] | None = None) -> set[Card]:
    """Every player holds ``size`` cards, all different and of the deck; returns them all."""
    seen = set() if seen is None else seen
    cards_of = frozenset(deck)
    for p in setup.players:
        cards = hands.get(p)
        if cards is None or len(cards) != size:
            raise where.err(f"hands.{p}", f"{size} cards for every player")
        for c in cards:
            if c in seen or c not in cards_of:
                raise where.err(f"hands.{p}", f"different cards of the {len(deck)}-card deck "
                                f"({c} twice or not in the deck)")
            seen.add(c)
    return seen


def read_shown(value: Any, setup: Setup, where: Where) -> dict[str, tuple[Card, ...]]:
    """``shown = { Darek = "KS QS 7C" }``: cards each player showed the table without
    playing them; a name given twice (``Darek``, ``dar``) is one player, each card once."""
    if not isinstance(value, dict) or not value:
        raise where.err("shown", 'a table of player = "cards", e.g. { Darek = "KS 7C" }')
    out: dict[str, tuple[Card, ...]] = {}
    named: set[Card] = set()
    for name, cards in value.items():
        key = f"shown.{name}"
        p = read_name(name, setup, where, key)
        got = read_cards(cards, where, key)
        if not got:
            raise where.err(key, 'at least one card, like "7C"')
        for c in got:
            if c in named:
                raise where.err(key, f"each card once ({c} is named twice)")
            named.add(c)
        out[p] = out.get(p, ()) + got
    return out


def merge_shown(deal: Deal) -> dict[str, tuple[Card, ...]] | None:
    """Every ``shown`` of a deal as the one table the file writes: several shows (a hand shown
    at each of two claims the table rejected) merged per player, the cards in the order first
    shown, each once (docs/DESIGN.md "Claims in the save file"); None when nothing was."""
    out: dict[str, list[Card]] = {}
    for e in deal.entries:
        if type(e) is Key and e.name == "shown":
            for p, cards in e.value.items():
                mine = out.setdefault(p, [])
                mine.extend(c for c in cards if c not in mine)
    return {p: tuple(cs) for p, cs in out.items()} if out else None


def read_counts(value: Any, names: Sequence[str], where: Where, key: str,
                resolve: Any = None) -> dict[str, int]:
    """A table name -> integer (``claimed``, outcome counts); names resolved by ``resolve``."""
    if not isinstance(value, dict):
        raise where.err(key, "a table of name = number")
    out: dict[str, int] = {}
    for name, n in value.items():
        if isinstance(n, bool) or not isinstance(n, int):
            raise where.err(f"{key}.{name}", "a whole number")
        target = resolve(name) if resolve else None
        if target is None:
            try:
                target = resolve_player(name, names)
            except NotationError:
                raise where.err(f"{key}.{name}", f"a name at this table ({', '.join(names)})"
                                ) from None
        out[target] = out.get(target, 0) + n
    return out


def read_note(value: Any, where: Where) -> str:
    if not isinstance(value, str):
        raise where.err("note", "a string")
    if len(value) > MAX_NOTE:
        raise where.err("note", f"at most {MAX_NOTE} characters")
    return value


def read_suit(value: Any, where: Where, key: str = "trump") -> str:
    from ..cards import parse_suit

    s = parse_suit(value) if isinstance(value, str) else None
    if s is None:
        raise where.err(key, "a suit: S, H, D or C")
    return s


def common_key(key: str, value: Any, setup: Setup, where: Where) -> list[Entry] | None:
    """The keys every game reads alike; None when ``key`` is not one of them."""
    if key == "dealer":
        return [Key("dealer", read_name(value, setup, where, key))]
    if key == "hands":
        return [Key("hands", read_hands(value, setup, where))]
    if key == "claimed":
        return [Key("claimed", read_counts(value, setup.players, where, key))]
    if key == "shown":
        return [Key("shown", read_shown(value, setup, where))]
    if key == "note":
        return [Key("note", read_note(value, where))]
    if key == "private":
        if not isinstance(value, bool):
            raise where.err("private", "true or false")
        return [Key("private", value)]
    return None


def dump_common(deal: Deal, key: str) -> Any:
    if key == "shown":
        shown = merge_shown(deal)
        return None if shown is None else {p: " ".join(str(c) for c in cs)
                                           for p, cs in shown.items()}
    v = deal.key(key)
    if v is None:
        return None
    if key == "hands":
        return {p: " ".join(str(c) for c in cs) for p, cs in v.items()}
    return v
