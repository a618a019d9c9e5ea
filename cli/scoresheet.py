"""The words of a score sheet's cells, shared by the pictures (``cli.render``) and the exports
(``cli.sheet``): a deal's contract or name, its result, a signed score, what was not played.
Nothing is drawn here.
"""

from __future__ import annotations

import re

from referee.cards import GLYPH
from referee.model import DealResult, Result

_TRUMP = re.compile(r"\btrump ([SHDC])\b")


def deal_label(d: DealResult) -> str:
    """The deal's name and contract (``deal 3`` / ``Bartek 3``, ``no queens``)."""
    parts = []
    contract = d.extra.get("contract")
    if contract:
        parts.append(_TRUMP.sub(lambda m: "trump " + GLYPH[m.group(1)], str(contract)))
    elif d.name and not d.name.startswith(("deal ", "game ")):
        parts.append(d.name)
    if d.redeal:
        parts.append("all passed: redeal")
    return ", ".join(parts)


def deal_result(d: DealResult) -> str:
    """Whether the contract was made, or the deal's result as the game words it."""
    made = d.extra.get("made")
    if isinstance(made, bool):
        return "made" if made else "set"
    r = d.extra.get("result")
    if r is not None and r != "playing":
        return str(r)
    if not d.finished and not d.redeal:
        return "in progress"
    return ""


def signed(v: int | None) -> str:
    """A score: ``+25``, ``-40``, ``0``; ``-`` for none."""
    return "-" if v is None else f"{v:+d}" if v else "0"


def not_played(res: Result) -> list[str]:
    """A line per deal whose entries the options leave out (neither scored nor violations)."""
    return [f"deal {d.number}: {d.left_out}" for d in res.deals if d.left_out]


def total_note(res: Result, unit: str = "deal") -> str | None:
    """What the total row holds while a deal is open: the finished deals only (a deal in
    progress shows its figures ``so far`` in its own row and counts once it is over); None
    when every deal is finished."""
    return open_note([d.number for d in res.deals if not d.finished and not d.redeal], unit)


def open_note(open_: list[int], unit: str = "deal") -> str | None:
    """``total_note`` of the deals in progress ``open_`` (numbers); None when there are none
    (the page's sheet says it with the same words)."""
    if not open_:
        return None
    which = ", ".join(str(n) for n in open_)
    one = len(open_) == 1
    return (f"total: finished {unit}s only; {unit}{'' if one else 's'} {which} "
            f"{'is' if one else 'are'} in progress and count{'s' if one else ''} once "
            f"{'it is' if one else 'they are'} over")
