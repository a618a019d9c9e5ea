"""The table mode's prompt with and without the page served (a script, not a test).

    python benchmarks/serve_prompt.py [N] [ROUNDS]

In a real pseudo-terminal (pexpect), `referee play FILE` and `referee play FILE --serve` are
each given the same N entries (whole tricks of sample_games/kierki-complete.toml, 40 by
default), ROUNDS times in turn (3 by default). Timed: from the Enter that ends an entry to the
moment the next prompt is drawn. With `--serve`, PHONES clients (3 by default, env
SERVE_PHONES) follow the page's event stream, so that each entry is also pushed to them.
Printed: the median and p95 of each, and the ratio of the medians. Target: ratio <= 1.20
(issue 21).
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


def session(serve: bool, todo: list[tuple[str, str]], phones: int) -> list[float]:
    """One `referee play` from a new game: the seconds from each Enter to the next prompt."""
    work = Path(tempfile.mkdtemp(prefix="serve-prompt-"))
    try:
        file = work / "friday.toml"
        first = tomllib.loads(SAMPLE.read_text())["first_dealer"]
        referee = str(Path(sys.executable).parent / "referee")
        pexpect.run(f"{referee} new kierki {file} -p Ala -p Bartek -p Celina -p Darek "
                    f"--dealer {first}")
        env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40", LANG="C.UTF-8",
                   PROMPT_TOOLKIT_NO_CPR="1")
        args = ["play", str(file)] + (["--serve"] if serve else [])
        child: Any = pexpect.spawn(referee, args, env=env, encoding="utf-8", timeout=30,
                                   dimensions=(40, 100), cwd=str(work))
        child.delaybeforesend = None
        stop = threading.Event()
        threads: list[threading.Thread] = []
        if serve:
            child.expect(URL)
            url = child.after.strip()
            for _ in range(phones):
                th = threading.Thread(target=follow, args=(url, stop), daemon=True)
                th.start()
                threads.append(th)
        child.expect(r"to lead — trick 1 \(deal 1[^>]*>")
        time.sleep(0.5)  # the phones connect; the prompt settles
        times: list[float] = []
        for line, shows in todo:
            child.send(line)
            child.expect_exact(line.split()[-1])  # echoed: the line editor has it
            start = time.perf_counter()
            child.send("\r")
            child.expect(shows)
            times.append(time.perf_counter() - start)
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
        stop.set()
        return times
    finally:
        shutil.rmtree(work, ignore_errors=True)


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    phones = int(os.environ.get("SERVE_PHONES", "3"))
    todo = entries(n)
    plain: list[float] = []
    served: list[float] = []
    for _ in range(rounds):
        plain += session(False, todo, phones)
        served += session(True, todo, phones)
    mp, ms = statistics.median(plain), statistics.median(served)
    print(f"{n} entries x {rounds} rounds; Enter to the next prompt, in a pseudo-terminal")
    print(f"play          median {mp * 1000:6.1f} ms  p95 {p95(plain) * 1000:6.1f} ms")
    print(f"play --serve  median {ms * 1000:6.1f} ms  p95 {p95(served) * 1000:6.1f} ms  "
          f"({phones} phones following)")
    print(f"ratio of medians {ms / mp:.2f} (target <= {TARGET:.2f})")


if __name__ == "__main__":
    main()
