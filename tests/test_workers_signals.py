"""Worker processes end silently when the parent stops them, whatever signal handlers they
were forked with (the table mode's SIGTERM handler raises ``HangUp``: a worker that kept it
printed a traceback on the table's screen at Ctrl-C during `analyze`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import signal, time
from cli.reader import HangUp
def hang_up(signum, frame):
    raise HangUp(signum)
signal.signal(signal.SIGTERM, hang_up)
signal.signal(signal.SIGHUP, hang_up)
from cli.workers import in_order
for got in in_order(time.sleep, [0.05, 30, 30], 2):
    break  # the reader stops: the workers are ended, the two long sleeps with them
print("stopped", flush=True)
"""


def test_workers_stopped_by_the_parent_print_nothing() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "stopped"
    assert done.stderr == "", done.stderr
