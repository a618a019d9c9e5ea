"""The table mode's prompt with and without the page served (a script, not a test).

    python benchmarks/serve_prompt.py [N] [ROUNDS]

In real pseudo-terminals (pexpect), `referee play FILE` and `referee play FILE --serve` are
open side by side and given the same N entries in turn (whole tricks of
sample_games/kierki-complete.toml, 40 by default; which goes first alternates), ROUNDS times
(3 by default), so that both see the same machine. Timed: from the Enter that ends an entry to
the moment the next prompt is drawn. Before each entry, SERVE_PAUSE seconds (0.5 by default:
someone reading the table and typing; 0 types back to back). With `--serve`, SERVE_PHONES
clients (3 by default) follow the page's event stream, so that each entry is also pushed to
them. Printed: the median and p95 of each, the ratio of the medians and the median of the
ratios entry by entry. Target: ratio <= 1.20 (issue 21).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import tomllib
import urllib.request
from pathlib import Path
from typing import Any

import pexpect

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_games" / "kierki-complete.toml"
TARGET = 1.20
URL = re.compile(r"http://127\.0\.0\.1:\d+/\S*")


def entries(n: int) -> list[tuple[str, str]]:
    """(entry, a pattern the next prompt matches) for the first n tricks of the sample's
    no-trump deals (deals 1-7): whole tricks, the leader of each named."""
    with SAMPLE.open("rb") as f:
        deals = tomllib.load(f)["deals"][:7]
    flat: list[tuple[int, int, str]] = [(d, t, line) for d, deal in enumerate(deals, 1)
                                        for t, line in enumerate(deal["tricks"], 1)]
    out: list[tuple[str, str]] = []
    for (_d, _t, line), nxt in zip(flat, flat[1:], strict=False):
        d, t, following = nxt
        leader = following.split(":")[0]
        out.append((line, rf"{leader} to lead — trick {t} \(deal {d}[^>]*>"))
    if n > len(out):
        raise SystemExit(f"at most {len(out)} entries")
    return out[:n]


def follow(url: str, stop: threading.Event) -> None:
    """One phone: read the event stream until told to stop (or the server goes)."""
    try:
        with urllib.request.urlopen(url + "events", timeout=30) as r:
            while not stop.is_set() and r.readline():
                pass
    except OSError:
        pass


class Table:
    """One `referee play` of a new game in its own pseudo-terminal (and its phones)."""

    def __init__(self, serve: bool, phones: int) -> None:
        self.work = Path(tempfile.mkdtemp(prefix="serve-prompt-"))
        file = self.work / "friday.toml"
        first = tomllib.loads(SAMPLE.read_text())["first_dealer"]
        referee = str(Path(sys.executable).parent / "referee")
        pexpect.run(f"{referee} new kierki {file} -p Ala -p Bartek -p Celina -p Darek "
                    f"--dealer {first}")
        env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40", LANG="C.UTF-8",
                   PROMPT_TOOLKIT_NO_CPR="1")
        args = ["play", str(file)] + (["--serve"] if serve else [])
        self.child: Any = pexpect.spawn(referee, args, env=env, encoding="utf-8", timeout=30,
                                        dimensions=(40, 100), cwd=str(self.work))
        self.child.delaybeforesend = None
        self.stop = threading.Event()
        if serve:
            self.child.expect(URL)
            url = self.child.after.strip()
            for _ in range(phones):
                threading.Thread(target=follow, args=(url, self.stop), daemon=True).start()
        self.child.expect(r"to lead — trick 1 \(deal 1[^>]*>")

    def enter(self, line: str, shows: str) -> float:
        """Type ``line``, then the seconds from its Enter to the prompt ``shows``."""
        self.child.send(line)
        self.child.expect_exact(line.split()[-1])  # echoed: the line editor has it
        start = time.perf_counter()
        self.child.send("\r")
        self.child.expect(shows)
        return time.perf_counter() - start

    def close(self) -> None:
        self.child.sendline("quit")
        self.child.expect(pexpect.EOF)
        self.child.close()
        self.stop.set()
        shutil.rmtree(self.work, ignore_errors=True)


def session(todo: list[tuple[str, str]], phones: int, pause: float) -> list[tuple[float, float]]:
    """Both tables at once, given each entry in turn (which goes first alternates), so that
    both see the same machine: (plain, served) seconds per entry."""
    plain, served = Table(False, phones), Table(True, phones)
    try:
        time.sleep(0.5)  # the phones connect; the prompts settle
        out = []
        for i, (line, shows) in enumerate(todo):
            first, second = (plain, served) if i % 2 == 0 else (served, plain)
            time.sleep(pause)  # the person reads the table and types
            a = first.enter(line, shows)
            time.sleep(pause)
            b = second.enter(line, shows)
            out.append((a, b) if first is plain else (b, a))
        return out
    finally:
        plain.close()
        served.close()


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    phones = int(os.environ.get("SERVE_PHONES", "3"))
    pause = float(os.environ.get("SERVE_PAUSE", "0.5"))
    todo = entries(n)
    pairs: list[tuple[float, float]] = []
    for _ in range(rounds):
        pairs += session(todo, phones, pause)
    plain = [a for a, _ in pairs]
    served = [b for _, b in pairs]
    mp, ms = statistics.median(plain), statistics.median(served)
    ratio = statistics.median(b / a for a, b in pairs)
    print(f"{n} entries x {rounds} rounds, {pause:.1f} s before each entry; Enter to the next "
          "prompt, in a pseudo-terminal, the two tables side by side")
    print(f"play          median {mp * 1000:6.1f} ms  p95 {p95(plain) * 1000:6.1f} ms")
    print(f"play --serve  median {ms * 1000:6.1f} ms  p95 {p95(served) * 1000:6.1f} ms  "
          f"({phones} phones following)")
    print(f"ratio: of the medians {ms / mp:.2f}, median of the pairs {ratio:.2f} "
          f"(target <= {TARGET:.2f})")


if __name__ == "__main__":
    main()
