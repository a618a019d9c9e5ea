"""Writing a file whole and atomically: the save file, the redo record, an exported score
sheet, and the private records beside a save file (the seats' keys, a seat's claim pending).

One way for all of them (docs/DESIGN.md, "Writing"): a temporary file beside the file's final
target, flushed to disk, renamed over it. A symlink is written through (the link stays a
link); a file its owner made read-only is refused; any failure, Ctrl-C included, removes the
temporary file and leaves the file as it was, and is a ``WriteFailed`` naming the file (never
the temporary one). Only the permissions differ: a file keeps its own (a new one gets the
umask's), a private record is always 0600.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import WriteFailed

PRIVATE = 0o600


def check_writable(path: str | Path) -> None:
    """Refuse to change a file its owner made read-only (no write permission for us, or no
    write bit at all: even a superuser leaves a 0444 file alone)."""
    t = Path(os.path.realpath(path))
    try:
        st = t.stat()
    except FileNotFoundError:
        return
    except OSError as e:
        raise WriteFailed(f"{path}: cannot be written: {e.strerror or e}") from None
    if stat.S_ISREG(st.st_mode) and (not st.st_mode & 0o222 or not os.access(t, os.W_OK)):
        raise WriteFailed(f"{path}: the file is read-only; nothing was changed")


def _mode_of(p: Path) -> int:
    """The permissions ``p`` has, or a new file's (0666 less the umask)."""
    try:
        return p.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: str | Path, text: str, mode: int | None = None) -> None:
    """``text`` as the whole of ``path``: a temporary file beside its final target, flushed
    to disk, renamed over it. ``mode``: the file's permissions (None: the ones it has, or a
    new file's), set before a byte is written."""
    import tempfile

    check_writable(path)
    p = Path(os.path.realpath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    except OSError as e:
        raise WriteFailed(f"{path}: could not be written: {e.strerror or e}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            os.fchmod(fd, _mode_of(p) if mode is None else mode)  # (mkstemp made it 0600)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise WriteFailed(f"{path}: could not be written: {e.strerror or e}") from None
        raise


def write_private(path: str | Path, text: str) -> None:
    """``text`` as the whole of ``path``, a record only its owner may read (mode 0600)."""
    write_atomic(path, text, PRIVATE)
