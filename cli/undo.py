"""What ``referee undo`` and ``redo`` say, and the question an undo past the deal in progress
asks (the table mode asks the same: ``reach_question``)."""

from __future__ import annotations

import sys
from typing import Any

from cli.app import fail


def taken_line(verb: str, texts: list[str], tail: str = "") -> str:
    """``took back 2 entries: Bartek: 2C; Celina: 3C`` (cards as the output shows them)."""
    n = len(texts)
    return f"{verb} {n} entr{'y' if n == 1 else 'ies'}: {'; '.join(texts)}{tail}"


def reach_question(s: Any, n: int) -> str | None:
    """The question to ask before ``undo n`` when it reaches past the deal in progress into
    earlier deals (None when it stays within that deal)."""
    plan = s.undo_plan(n)
    deals = list(dict.fromkeys(plan))
    if len(deals) < 2:
        return None
    return (f"this takes back {len(plan)} entries, past deal {deals[0]} (the deal in "
            f"progress) back into deal {deals[-1]}")


def confirm_reach(s: Any, n: int, yes: bool, file: str) -> bool:
    """An undo that reaches past the deal in progress: asked at a terminal (True: asked and
    answered yes), refused in a script without --yes (exit 2, nothing changed)."""
    if yes:
        return False
    what = reach_question(s, n)
    if what is None:
        return False
    from cli.safe import clean

    if sys.stdin.isatty():
        import typer

        try:
            if typer.confirm(clean(f"{file}: {what}. Take them back?"), default=False):
                return True
        except typer.Abort:
            pass
        fail("nothing changed", 2)
    fail(f"{file}: undo -n {n}: {what}; nothing changed (add --yes to take them back)", 2)
