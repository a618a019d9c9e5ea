"""What the load benchmarks of ``referee serve`` share (``serve_load``, ``seats_load``,
``seats_private``, ``serve_big``): the server in its own process on loopback, a page's event
stream read as its events arrive, the server's peak memory, and a percentile."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def server(path: Path, *options: str, code: Path = ROOT
           ) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``referee serve PATH OPTIONS --port 0`` in its own process on a free port of
    127.0.0.1, running the code in ``code`` (another checkout, to measure it): the process
    and its base URL; stopped after the block (Ctrl-C, then killed)."""
    env = dict(os.environ, PYTHONPATH=str(code.resolve()))
    proc = subprocess.Popen([sys.executable, "-m", "cli", "serve", str(path), *options,
                             "--port", "0"], cwd=code, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if m is None:
            why = proc.stderr.read() if proc.stderr else ""
            raise SystemExit(f"the server did not start: {line}{why}")
        yield proc, m.group(0)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


async def events(client: Any, url: str) -> AsyncIterator[tuple[str | None, str]]:
    """The events of the stream at ``url`` (an ``httpx.AsyncClient``'s GET) as each one
    ends: its ``id`` (None without one) and its data (the ``data:`` lines joined)."""
    async with client.stream("GET", url) as r:
        ident: str | None = None
        data: list[str] = []
        async for line in r.aiter_lines():
            if line.startswith("id:"):
                ident = line[3:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
            elif line == "":
                if ident is not None or data:
                    yield ident, "\n".join(data)
                ident, data = None, []


class Stream:
    """One page's event stream: the first time each version (the event's id) arrived."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.seen: dict[int, float] = {}
        self.ready = asyncio.Event()
        self.changed = asyncio.Event()

    async def run(self, client: Any) -> None:
        async for ident, _data in events(client, self.url):
            if ident is not None:
                self.seen.setdefault(int(ident), time.perf_counter())
                self.ready.set()
                self.changed.set()

    async def until(self, version: int, deadline: float) -> float | None:
        """When a version >= ``version`` arrived (waiting for it until ``deadline``), or
        None."""
        while True:
            got = [t for v, t in self.seen.items() if v >= version]
            if got:
                return min(got)
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return None


def peak_rss_mib(pid: int) -> float:
    """The process's peak resident memory (``VmHWM``), in MiB."""
    text = Path(f"/proc/{pid}/status").read_text()
    m = re.search(r"VmHWM:\s+(\d+) kB", text)
    return int(m.group(1)) / 1024 if m else float("nan")


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (the value at index ``int(q * n)`` of them sorted)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]
