"""The README tells the truth (issue 23): every `$ referee ...` example in README.md is run
from the repository's root, in-process, and what it prints is compared with what the README
shows under it (up to the next `$ ` line or the end of the block).

An example may leave out what it does not need to show, and only so: a line `...` stands for
any number of lines (none included), and a line ending in `...` for a line that starts with
the text before it (the rest of a long line). Trailing spaces do not count.

After a change of wording, refresh the README's examples with

    REFEREE_README_REWRITE=1 .venv/bin/python -m pytest -p no:cacheprovider -q tests/test_readme.py

which writes what each command prints now in place of its example, keeping its elisions (the
lines before the first `...` line and after the last are as many as before), then compares as
always: read the diff before committing it. Without the variable the test only compares.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
ELIDED = "..."
REWRITE = os.environ.get("REFEREE_README_REWRITE") == "1"


@dataclass(frozen=True)
class Example:
    line: int  # the `$ referee` line's index in README.md (0-based)
    command: str
    shown: tuple[str, ...]  # the lines the README shows under it


def examples(text: str) -> list[Example]:
    """The `$ referee ...` examples of the README's fenced blocks, in order."""
    out: list[Example] = []
    lines = text.splitlines()
    fenced = False
    current: tuple[int, str] | None = None
    shown: list[str] = []
    for i, line in enumerate(lines):
        if line.startswith("```"):
            if fenced and current is not None:
                out.append(Example(current[0], current[1], tuple(shown)))
            fenced, current, shown = not fenced, None, []
            continue
        if not fenced:
            continue
        if line.startswith("$ "):
            if current is not None:
                out.append(Example(current[0], current[1], tuple(shown)))
            current, shown = (i, line[2:]) if line.startswith("$ referee ") else None, []
        elif current is not None:
            shown.append(line)
    return out


def run(command: str) -> str:
    """What ``command`` (``referee ...``) prints, run from the repository's root."""
    args = shlex.split(command)[1:]
    old = os.getcwd()
    os.chdir(ROOT)
    try:
        r = CliRunner().invoke(app, args, env={"COLUMNS": None, "NO_COLOR": None,
                                               "LINES": None})
    finally:
        os.chdir(old)
    if r.exception and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.stdout + r.stderr


def matches(shown: list[str], got: list[str]) -> bool:
    """Whether ``got`` is what ``shown`` shows, with its elisions."""
    if not shown:
        return not got
    head, rest = shown[0], shown[1:]
    if head == ELIDED:
        return any(matches(rest, got[k:]) for k in range(len(got) + 1))
    if not got:
        return False
    if head.endswith(ELIDED):
        ok = got[0].startswith(head[:-len(ELIDED)])
    else:
        ok = got[0] == head
    return ok and matches(rest, got[1:])


def lines_of(text: str) -> list[str]:
    out = [line.rstrip() for line in text.splitlines()]
    while out and not out[-1]:
        out.pop()
    return out


def rewritten(shown: tuple[str, ...], got: list[str]) -> list[str]:
    """``got`` with the example's elisions kept: as many lines before its first `...` line
    and after its last as it had (lines ending in `...` are written whole)."""
    if ELIDED not in shown:
        return got
    first = shown.index(ELIDED)
    last = len(shown) - 1 - shown[::-1].index(ELIDED)
    tail = len(shown) - 1 - last
    if first + tail >= len(got):
        return got
    return [*got[:first], ELIDED, *(got[len(got) - tail:] if tail else [])]


EXAMPLES = examples(README.read_text(encoding="utf-8"))


def test_the_readme_has_its_examples() -> None:
    commands = [e.command.split()[1] for e in EXAMPLES]
    for name in ("audit", "claim", "edit", "export"):
        assert name in commands, name


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.command for e in EXAMPLES])
def test_a_readme_example_prints_what_the_readme_shows(example: Example) -> None:
    got = lines_of(run(example.command))
    shown = [line.rstrip() for line in example.shown]
    while shown and not shown[-1]:
        shown.pop()
    if REWRITE and not matches(shown, got):  # (the README as it is now: earlier rewrites
        # may have moved the example)
        now = README.read_text(encoding="utf-8")
        here = next(e for e in examples(now) if e.command == example.command)
        text = now.splitlines()
        start = here.line + 1
        text[start:start + len(shown)] = rewritten(tuple(shown), got)
        README.write_text("\n".join(text) + "\n", encoding="utf-8")
        shown = rewritten(tuple(shown), got)
    assert matches(shown, got), (
        f"README.md line {example.line + 1}: `{example.command}` prints\n" + "\n".join(got)
        + "\n(refresh with REFEREE_README_REWRITE=1, see tests/test_readme.py)")
