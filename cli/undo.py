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
    earlier deals, or opens a finished deal again (the prompt at the next deal, or the game
    over); None when it stays within the deal in progress."""
    plan = s.undo_plan(n)
    deals = list(dict.fromkeys(plan))
    reopened = s.reopens(n)
    if len(deals) < 2 and not reopened:
        return None
    unit = getattr(s.rules, "unit", "deal")
    entries = f"{len(plan)} entr{'y' if len(plan) == 1 else 'ies'}"
    if deals[0] not in reopened:
        return (f"this takes back {entries}, past {unit} {deals[0]} (the {unit} in "
                f"progress) back into {unit} {deals[-1]}")
    res = s.result()
    where = "the game is over" if s.over(res) else \
        f"the prompt is at {unit} {res.expect.deal}"
    back = f", back into {unit} {deals[-1]}" if len(deals) > 1 else ""
    return (f"this takes back {entries} of {unit} {deals[0]}, which is finished ({where})"
            f"{back}: it opens again")


def confirm_reach(s: Any, n: int, yes: bool, file: str) -> bool:
    """An undo that reaches past the deal in progress: asked at a terminal (True: asked and
    answered yes), refused in a script without --yes (exit 2, nothing changed)."""
    if yes:
        return False
    what = reach_question(s, n)
    if what is None:
        return False
    from cli.safe import clean

    them = them_of(what)
    if sys.stdin.isatty():
        import typer

        try:
            if typer.confirm(clean(f"{file}: {what}. Take {them} back?"), default=False):
                return True
        except typer.Abort:
            pass
        fail("nothing changed", 2)
    fail(f"{file}: undo -n {n}: {what}; nothing changed (add --yes to take {them} back)", 2)


def them_of(question: str) -> str:
    """``it`` for a question about one entry, else ``them``."""
    return "it" if " 1 entry" in question else "them"
