"""One writer at a time: an advisory lock (``flock``) on a lock file beside the save file.

Every change of a save file (``add``, ``undo``, ``edit``, ``new``, the table mode) holds the
lock from the moment it reads the file to the moment the new text has replaced it. The lock
is on ``.NAME.lock`` in the save file's real folder (a symlink is followed first, so every
name of one file shares one lock), not on the save file itself: the file is replaced by a
rename at every save, and a lock on the old inode would not hold the new one. The lock file
is left in place, except by a ``new`` that failed before its file existed (``drop_unused``):
a writer that locked a lock file checks that the name still leads to it, and starts again
when it was removed meanwhile, so two writers never hold two files of one name.

The lock is re-entrant within a thread (the session's ``save`` takes it again inside a
command's hold); a lock held with ``hold`` lasts until ``release_held`` (the end of the
command). Where no lock file can be made (a read-only folder, say) the change goes ahead
unlocked: it cannot be written there anyway, and the write says why.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from ..errors import SaveFileError

WAIT = 10.0  # seconds to wait for another writer before giving up

class _PerThread(threading.local):
    def __init__(self) -> None:
        self.held: dict[str, list[int]] = {}  # lock file -> [fd, depth]


# re-entrant within one thread only: two threads of one process (the table mode and its
# page's seats, ``play --serve --seats``) each open the lock file and ``flock`` it, and so
# wait for each other as two processes do
_local = _PerThread()
_until_end: list[str] = []


def target(path: str | Path) -> Path:
    """The file a save to ``path`` writes: a symlink's final target, else ``path``."""
    return Path(os.path.realpath(path))


def lock_path(path: str | Path) -> Path:
    t = target(path)
    return t.with_name(f".{t.name}.lock")


def _acquire(path: str | Path) -> str | None:
    _held = _local.held
    key = str(lock_path(path))
    if key in _held:
        _held[key][1] += 1
        return key
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no flock (Windows): one writer is assumed
        return None
    try:
        fd = os.open(key, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0),
                     0o666)
    except OSError:
        return None  # no lock file can be made here; the write will say why it fails
    deadline = time.monotonic() + WAIT
    pause = 0.001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if _still_named(fd, key):
                break
            os.close(fd)  # removed by its last holder (drop_unused): lock the new one
            fd = os.open(key, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC
                         | getattr(os, "O_NOFOLLOW", 0), 0o666)
            continue
        except BlockingIOError:
            if time.monotonic() > deadline:
                os.close(fd)
                raise SaveFileError(f"{path}: another program has been changing this file "
                                    f"for {WAIT:.0f} seconds; try again") from None
            time.sleep(pause)
            pause = min(pause * 2, 0.02)
        except OSError:  # a file system without flock
            os.close(fd)
            return None
    _held[key] = [fd, 1]
    return key


def _still_named(fd: int, key: str) -> bool:
    """The lock file ``fd`` is still the one called ``key`` (not removed and made anew)."""
    try:
        now = os.stat(key, follow_symlinks=False)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)


def _release(key: str | None) -> None:
    _held = _local.held
    if key is None or key not in _held:
        return
    entry = _held[key]
    entry[1] -= 1
    if entry[1] == 0:
        del _held[key]
        os.close(entry[0])  # closing the last descriptor releases the lock


@contextlib.contextmanager
def locked(path: str | Path) -> Iterator[None]:
    """Hold the lock of ``path``'s save file for the block."""
    key = _acquire(path)
    try:
        yield
    finally:
        _release(key)


def hold(path: str | Path) -> None:
    """Take the lock of ``path``'s save file until ``release_held`` (the command's end)."""
    key = _acquire(path)
    if key is not None:
        _until_end.append(key)


def release_held() -> None:
    while _until_end:
        _release(_until_end.pop())


def is_locked(path: str | Path) -> bool:
    """This process holds the lock of ``path``'s save file."""
    return str(lock_path(path)) in _local.held


def drop_unused(path: str | Path) -> None:
    """Remove the lock file this process holds for ``path`` when ``path`` does not exist (a
    ``new`` that failed leaves nothing behind). Other writers waiting on it start again on a
    fresh lock file (``_acquire`` checks that the name still leads to the file it locked)."""
    key = str(lock_path(path))
    if key in _local.held and not target(path).exists():
        with contextlib.suppress(OSError):
            os.unlink(key)
