"""Worker processes for the commands that do many independent pieces of work (``audit``,
``stats``, ``analyze``): how many (``--workers``, default one per core), the workers leaving
Ctrl-C to the parent, and a map whose results come back in order as they are ready."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from cli.app import fail

T = TypeVar("T")
R = TypeVar("R")


def quiet() -> None:
    """A worker leaves Ctrl-C to the parent (which stops the work and reports), and is
    ended by SIGTERM (the parent's ``terminate``) or SIGHUP silently, whatever handlers it
    was forked with (the table mode's raise ``HangUp``, which would print a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def count(workers: int | None) -> int:
    """``--workers``: the number given, or one per core; below 1, one line and exit 2."""
    n = os.cpu_count() or 1 if workers is None else workers
    if n < 1:
        fail("--workers takes a number of 1 or more", 2)
    return n


def in_order(fn: Callable[[T], R], items: Sequence[T], workers: int) -> Iterator[R]:
    """``fn`` of each item, in order, each as soon as it and those before it are done; over
    ``workers`` processes (one, or one item: here). When the reader stops (Ctrl-C in the
    parent included) the workers are ended at once, their searches with them."""
    if workers <= 1 or len(items) <= 1:
        for x in items:
            yield fn(x)
        return
    import multiprocessing

    with multiprocessing.Pool(min(workers, len(items)), initializer=quiet) as pool:
        yield from pool.imap(fn, items)  # leaving the block terminates the workers
