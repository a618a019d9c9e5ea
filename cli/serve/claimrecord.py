"""The claim pending from a seat's page, kept where a restarted server finds it (docs/serve.md,
"Seats", "Where it lives").

``.NAME.claim`` beside the save file's real target (like ``.NAME.seats``), never in the save
file: a small TOML document, mode 0600, written whole and renamed into place, under the save
file's lock, each time the claim pending changes (made, an answer), and removed when it ends.
It holds the claim (claimer, side, tricks left, the referee's word, the hand shown, the
answers to the questions, who accepted, who has not answered) and the SHA-256 of the save
file's bytes it was made on: a server that starts finds the claim again only if the save file
is still exactly those bytes (any entry meanwhile, from the terminal or ``referee add`` while no
server ran, cancels a claim, as it does in a server running). The pages' versions are the
server's own, so a claim found again is shown at the first version the new server draws.
"""

from __future__ import annotations

import contextlib
import hashlib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.cards import Card, try_parse_card
from referee.store import filelock
from referee.store.atomic import write_private

HEAD = "# a claim from a seat's page waiting for answers (referee serve --seats)\n"


def path_of(save: str | Path) -> Path:
    t = filelock.target(save)
    return t.with_name(f".{t.name}.claim")


def digest(save: str | Path) -> str | None:
    try:
        return hashlib.sha256(Path(save).read_bytes()).hexdigest()
    except OSError:
        return None


@dataclass(frozen=True, slots=True)
class Found:
    """A claim read back: ``fields`` the ``Pending`` fields but its versions, ``sha`` the save
    file's digest it was made on."""

    fields: dict[str, Any]
    sha: str


def write(save: str | Path, p: Any) -> None:
    """The claim pending ``p`` (a ``phoneclaim.Pending``) on record, for the save file as it
    is now."""
    import tomli_w

    sha = digest(save)
    if sha is None:
        return
    doc: dict[str, Any] = {
        "save_sha256": sha, "claimer": p.claimer, "side": list(p.side), "left": p.left,
        "verdict": p.verdict, "held": [[str(c), who] for c, who in p.held],
        "nobody": [str(c) for c in p.nobody], "accepted": list(p.accepted),
        "waiting": list(p.waiting)}
    if p.hand is not None:
        doc["hand"] = [str(c) for c in p.hand]
    if p.game_points is not None:
        doc["game_points"] = p.game_points
    write_private(path_of(save), HEAD + tomli_w.dumps(doc))


def remove(save: str | Path) -> None:
    with contextlib.suppress(OSError):
        path_of(save).unlink()


def read(save: str | Path, players: tuple[str, ...]) -> Found | None:
    """The claim on record, or None (none, or not readable as one: then it is removed)."""
    p = path_of(save)
    if not p.exists():
        return None
    try:
        doc = tomllib.loads(p.read_text(encoding="utf-8"))
        found = Found(_fields(doc, players), str(doc["save_sha256"]))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError,
            ValueError):
        remove(save)
        return None
    return found


def _cards(words: Any) -> tuple[Card, ...]:
    cards = tuple(try_parse_card(w) if isinstance(w, str) else None for w in words)
    if any(c is None for c in cards):
        raise ValueError(words)
    return tuple(c for c in cards if c is not None)


def _names(words: Any, players: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(words, list) or any(w not in players for w in words):
        raise ValueError(words)
    return tuple(words)


def _fields(doc: dict[str, Any], players: tuple[str, ...]) -> dict[str, Any]:
    claimer = doc["claimer"]
    if claimer not in players or doc["verdict"] not in ("holds", "fails", "not proven"):
        raise ValueError(claimer)
    left, points = doc["left"], doc.get("game_points")
    if not isinstance(left, int) or (points is not None and not isinstance(points, int)):
        raise ValueError(left)
    held = tuple((_cards([c])[0], _names([who], players)[0]) for c, who in doc["held"])
    return {"claimer": claimer, "side": _names(doc["side"], players), "left": left,
            "verdict": doc["verdict"],
            "hand": _cards(doc["hand"]) if "hand" in doc else None, "held": held,
            "nobody": _cards(doc["nobody"]), "game_points": points,
            "accepted": _names(doc["accepted"], players),
            "waiting": _names(doc["waiting"], players)}
