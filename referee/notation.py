"""The one entry grammar shared by the table-mode prompt, ``add`` and the save file.

``Bartek: AS`` (a play), ``Bartek: 2C 5C KC AC`` (plays in turn), ``Bartek: 3`` / ``pass``
(a bid), ``Bartek: trump H``, ``Celina pulls: 6C 7C 9C JC``, ``Bartek: discard 2C 3D``,
``7H 0,1`` (Foursquare), and ``key = value`` lines that set a key of the deal's table exactly
as the save file writes it (``outcome = { hearts = { Ala = 3 } }``, ``claimed = {...}``).
Games parse the body; this module reads the parts every game shares.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .cards import Card, try_parse_card
from .errors import NotationError
from .store import tomlread

MAX_ENTRY = 2000
_KEY_LINE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=")
_ACTOR = re.compile(r"^\s*([^:~/]+?)\s*:(.*)$", re.S)


def resolve_player(text: str, players: Sequence[str], what: str = "player") -> str:
    """The seated player ``text`` names: exact (any case) or a unique prefix."""
    t = text.strip().casefold()
    if not t:
        raise NotationError(f"a {what} name is missing")
    for p in players:
        if p.casefold() == t:
            return p
    found = [p for p in players if p.casefold().startswith(t)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise NotationError(f"{text.strip()!r} is not a player at this table "
                            f"({', '.join(players)}){_did_you_mean(t, players)}")
    raise NotationError(f"{text.strip()!r} is ambiguous: {', '.join(found)}")


def _did_you_mean(typed: str, players: Sequence[str]) -> str:
    """``; did you mean Celina?`` for a name close to one seated (``celna``), else nothing."""
    import difflib

    folded = {p.casefold(): p for p in players}
    close = difflib.get_close_matches(typed, list(folded), n=1, cutoff=0.6)
    return f"; did you mean {folded[close[0]]}?" if close else ""


def name_first(text: str, players: Sequence[str]) -> str | None:
    """``b 3d`` as ``Bartek: 3d``: a line without a colon whose first word names one seated
    player (exactly, or a unique prefix of the name, any case) and is not a card nor a number,
    with something after it; None otherwise. The table reads a line so only when the game
    cannot read it as typed (a card is a card, a word of the game is that word: docs/table.md
    "Names")."""
    if ":" in text or "=" in text or _KEY_LINE.match(text):
        return None
    words = text.split()
    if len(words) < 2 or words[0].isdigit() or try_parse_card(words[0]) is not None \
            or words[1].lower() in ("pulls", "pull"):  # (Kozel's pull: the game's own reading)
        return None
    try:
        who = resolve_player(words[0], players)
    except NotationError:
        return None
    return f"{who}: {' '.join(words[1:])}"


def near_name(text: str, players: Sequence[str]) -> str | None:
    """``celna 9s`` as ``Celina: 9s``: a line ``name_first`` would read but for a typo in
    the name (a word close to one seated player's, ``_did_you_mean``); None otherwise. Only
    offered, in a refusal's "did you mean": never read so."""
    if ":" in text or "=" in text or _KEY_LINE.match(text):
        return None
    words = text.split()
    if len(words) < 2 or words[0].isdigit() or try_parse_card(words[0]) is not None:
        return None
    import difflib

    folded = {p.casefold(): p for p in players}
    close = difflib.get_close_matches(words[0].casefold(), list(folded), n=1, cutoff=0.6)
    return f"{folded[close[0]]}: {' '.join(words[1:])}" if close else None


BID_WORDS = ("pass", "p")


def in_turn(text: str, players: Sequence[str] = ()) -> list[str] | None:
    """``pass pass 3`` (or ``Bartek: pass 3 pass``, ``b 2 pass``): the bids in turn, one
    entry each, the first with the name given; None unless the line is two bids or more."""
    if "=" in text:
        return None
    if ":" not in text and players:
        named = name_first(text, players)
        if named is not None and (text.split()[0].lower() not in BID_WORDS):
            text = named
    name, sep, body = text.rpartition(":") if ":" in text else ("", "", text)
    words = body.split()
    if len(words) < 2 or not all(w.lower() in BID_WORDS or w.isdigit() for w in words):
        return None
    first = f"{name.strip()}: {words[0]}" if sep else words[0]
    return [first, *words[1:]]


def looks_several(text: str) -> bool:
    """Whether a line that could not be read was meant as several entries: parts separated
    by ``;`` or ``/``, or cards in turn (three words or more, the first two cards: ``3d 7d
    1s``; not a pull)."""
    if len([p for p in re.split(r"[;/]", text) if p.strip()]) > 1:
        return True
    if re.search(r"\bpulls?\b", text, re.I):  # a pull: one entry of four cards
        return False
    m = _ACTOR.match(text)
    words = (m.group(2) if m else text).replace(",", " ").split()
    return len(words) > 2 and all(try_parse_card(w.lstrip("~")) is not None
                                  for w in words[:2])


def key_line(text: str) -> tuple[str, Any] | None:
    """``key = value`` in TOML, or None when the text is not a key line."""
    if not _KEY_LINE.match(text):
        return None
    try:
        table = tomlread.loads(text)
    except tomlread.TOMLDecodeError as e:
        raise NotationError(f"cannot read {text.strip()!r} as 'key = value' (TOML): {e}") from None
    if len(table) != 1:
        raise NotationError("give one 'key = value' per entry")
    ((k, v),) = table.items()
    return k, v


def split_actor(text: str, players: Sequence[str]) -> tuple[str | None, str, str]:
    """Split ``Name[ verb]: body`` into (player or None, verb, body)."""
    if len(text) > MAX_ENTRY:
        raise NotationError(f"entry too long ({len(text)} characters; at most {MAX_ENTRY})")
    m = _ACTOR.match(text)
    if not m:
        return None, "", text.strip()
    head, body = m.group(1).strip(), m.group(2).strip()
    verb = ""
    words = head.split()
    if len(words) > 1 and words[-1].lower() in ("pulls", "pull"):
        verb = "pulls"
        head = " ".join(words[:-1])
    return resolve_player(head, players), verb, body


def parse_card(text: str, where: str = "") -> Card:
    c = try_parse_card(text)
    if c is None:
        loc = f" in {where}" if where else ""
        raise NotationError(f"{text!r}{loc} is not a card (expected rank then suit, like 10H, "
                            "QS, 7♦ or JK)")
    return c


def parse_cards(text: str, where: str = "") -> list[Card]:
    return [parse_card(w, where) for w in text.replace(",", " ").split()]
