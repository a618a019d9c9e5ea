"""The redo record: what undo took back from a save file, kept beside it so that ``redo`` can
put it back from another command (``referee undo``, then ``referee redo``) or in the table mode.

It is ``.NAME.redo`` in the save file's real folder (like the lock ``.NAME.lock``), a small
TOML document (written by tomli-w): the SHA-256 of the save file as that undo left it, and the
entries taken, in the grammar of the prompt, in the order redo puts them back. It stands only
while the file is byte for byte what the undo (or a redo) left: any other change (an entry, an
edit, another terminal, an editor) makes it void, and it is removed when the referee itself
makes that change (``Session.save``).
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from . import filelock


@dataclass(frozen=True, slots=True)
class Record:
    digest: str  # SHA-256 (hex) of the save file's bytes as the undo left it
    entries: tuple[str, ...]  # the entries taken, in the order redo puts them back


def path_of(save: str | Path) -> Path:
    """``.NAME.redo`` beside the save file (its real target, for a symlink)."""
    t = filelock.target(save)
    return t.with_name(f".{t.name}.redo")


def digest(raw: bytes) -> str:
    import hashlib  # (only where a record is read or written: not on every save)

    return hashlib.sha256(raw).hexdigest()


def read(save: str | Path, raw: bytes) -> tuple[str, ...]:
    """The entries redo may put back into the save file whose bytes are ``raw``: none when
    there is no record, it cannot be read, or the file changed since it was written."""
    from . import tomlread

    try:
        data = tomlread.loads(path_of(save).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomlread.TOMLDecodeError):
        return ()
    entries = data.get("entries")
    if data.get("file_sha256") != digest(raw) or not isinstance(entries, list) or \
            not all(isinstance(e, str) for e in entries):
        return ()
    return tuple(entries)


def write(save: str | Path, raw: bytes, entries: tuple[str, ...] | list[str]) -> None:
    """Record ``entries`` for the save file whose bytes are now ``raw`` (none: remove it)."""
    if not entries:
        clear(save)
        return
    import tomli_w

    from .atomic import write_atomic

    text = tomli_w.dumps({"file_sha256": digest(raw), "entries": list(entries)}, indent=2)
    write_atomic(path_of(save), text)


def clear(save: str | Path) -> None:
    """The file changed otherwise: nothing left to redo."""
    with contextlib.suppress(OSError):  # a record left behind is void all the same
        os.unlink(path_of(save))
