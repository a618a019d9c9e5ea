"""The seats' keys: each seat's secret for ``--seats`` (CLI.md, "Seats").

They are ``.NAME.seats`` in the save file's real folder (like the lock ``.NAME.lock`` and the
redo record), never in the save file: a small TOML document (``[keys]``, a seat's name = its
key), mode 0600, written whole and renamed into place. A key is 128 random bits, URL-safe
(``secrets.token_urlsafe(16)``). ``Keys.seat_of`` compares a key given against every seat's in
constant time (``hmac.compare_digest``, every seat compared, no early exit) and reads the file
again whenever it changed on disk, so a key replaced (``referee seats FILE --new NAME``) stops
working at once, in a server already running too.
"""

from __future__ import annotations

import hmac
import os
import secrets
import threading
import tomllib
from collections.abc import Sequence
from pathlib import Path

from . import filelock
from .atomic import write_private

BITS = 128


def path_of(save: str | Path) -> Path:
    """``.NAME.seats`` beside the save file (its real target, for a symlink)."""
    t = filelock.target(save)
    return t.with_name(f".{t.name}.seats")


def new_key() -> str:
    return secrets.token_urlsafe(BITS // 8)


def read(save: str | Path) -> dict[str, str]:
    """The keys on record (none when there is no readable record)."""
    try:
        raw = path_of(save).read_bytes()
        doc = tomllib.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}
    keys = doc.get("keys")
    if not isinstance(keys, dict):
        return {}
    return {k: v for k, v in keys.items() if isinstance(k, str) and isinstance(v, str)
            and len(v) >= BITS // 6}


def _write(save: str | Path, keys: dict[str, str]) -> None:
    import tomli_w

    text = "# the seats' secret keys (referee seats): whoever has one enters as that seat\n"
    write_private(path_of(save), text + tomli_w.dumps({"keys": keys}))


def ensure(save: str | Path, players: Sequence[str], renew: str | None = None) -> dict[str, str]:
    """Every seat's key, made for the seats that have none yet (and for ``renew``, a new one
    replacing its old one), written under the save file's lock; the keys of the players, in
    seating order."""
    with filelock.locked(save):
        keys = read(save)
        changed = False
        for p in players:
            if p not in keys or p == renew:
                keys[p] = new_key()
                changed = True
        if changed or (path_of(save).exists() and
                       path_of(save).stat().st_mode & 0o077):
            _write(save, keys)
    return {p: keys[p] for p in players}


class Keys:
    """The keys of one save file as a server checks them: read again when the record
    changed on disk (its stamp), compared in constant time."""

    def __init__(self, save: str | Path, players: Sequence[str]) -> None:
        self.save = Path(save)
        self.players = tuple(players)
        self._stamp: tuple[int, int, int] | None = None
        self._keys: dict[str, str] = {}
        self._lock = threading.Lock()

    def current(self) -> dict[str, str]:
        p = path_of(self.save)
        try:
            st = os.stat(p)
            stamp: tuple[int, int, int] | None = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp = None
        with self._lock:
            if stamp != self._stamp:
                self._keys = read(self.save) if stamp is not None else {}
                self._stamp = stamp
            return self._keys

    def seat_of(self, key: str) -> str | None:
        """The seat whose key is ``key``, or None: every seat's key compared, in constant
        time each, whatever matched."""
        given = key.encode("utf-8", "surrogateescape")
        found: str | None = None
        for name, k in self.current().items():
            if hmac.compare_digest(given, k.encode("utf-8")) and name in self.players:
                found = name
        return found
