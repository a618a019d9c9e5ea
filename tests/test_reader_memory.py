"""The table's line editor loads prompt_toolkit (and asyncio under it) without ssl: 4-5 MiB of
OpenSSL that a prompt opening no connection never uses (issue 12's memory target). Run in a
fresh process, where nothing has loaded ssl before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import sys
from cli.reader import TermReader
TermReader()._attach()
print("ssl" in sys.modules, "prompt_toolkit" in sys.modules)
import ssl  # still there for whoever needs it later
print(ssl.OPENSSL_VERSION is not None)
"""


def test_prompt_toolkit_is_loaded_without_ssl_and_ssl_still_imports() -> None:
    r = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["False", "True", "True"]
