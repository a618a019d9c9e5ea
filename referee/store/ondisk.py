"""Noticing that a save file changed on disk since this program read or wrote it (another
terminal, ``referee add``, a phone's page, an editor): the file's bytes as last read or
written, compared with the file under its lock before every change (``Session.save``,
``Session.writing``)."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import SaveFileError
from . import savefile


class OnDisk:
    """A save file's bytes as this program last read or wrote them (``raw``; None: a game
    not read from a file, or not yet written)."""

    __slots__ = ("path", "raw")

    def __init__(self, path: Path | None, raw: bytes | None = None) -> None:
        self.path = path
        self.raw = raw

    def changed(self) -> bytes | None:
        """The file's bytes if they are not those last read or written (then they become
        them); None when they are, when there is nothing to compare, or when the file was
        removed meanwhile (the next save puts the whole game back)."""
        if self.path is None or self.raw is None:
            return None
        try:
            raw = savefile.read(self.path)
        except SaveFileError:
            if not os.path.lexists(self.path):
                return None
            raise
        if raw == self.raw:
            return None
        self.raw = raw
        return raw

    def wrote(self, text: str) -> None:
        """The file now holds ``text`` (written by this program)."""
        self.raw = text.encode("utf-8")
