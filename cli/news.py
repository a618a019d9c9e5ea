"""What the table is told again, so that a violation said once is not lost (issue 13).

A violation is said in the line after the entry that proves it; a table that missed that line
hears it again: ``status`` lists the open deal's violations, the end of a deal sums up its
violations, and opening a file says how many there are and where. Plain text functions; the
callers (``cli.table.base``, ``cli.views``) write the lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cli.safe import clean
from referee.words import count

if TYPE_CHECKING:
    from rich.text import Text


def of_deal(res: Any, deal: int) -> list[Any]:
    """The violations of deal (or game) ``deal``, in the order they happened."""
    return [v for v in res.violations if v.deal == deal]


def deal_lines(res: Any, deal: int, ascii_only: bool, open_deal: bool = True
               ) -> list[str | Text]:
    """``2 violations in this deal:`` and a line for each (nothing when there is none)."""
    from cli.render import violation

    vs = of_deal(res, deal)
    if not vs:
        return []
    from referee import games

    unit = games.get(res.setup.game).unit  # Kozel and Foursquare: "game"
    what = f"in this {unit}" if open_deal else f"in {unit} {deal}"
    said = count(len(vs), "violation")
    return [f"{said} {what}:", *(violation(v, ascii_only, "  ") for v in vs)]


def resumed(res: Any) -> str | None:
    """On opening a file: how many violations the game holds and where (None: there is none)."""
    vs = res.violations
    if not vs:
        return None
    where = "; ".join(clean(v.where()) for v in vs[:6])
    more = f"; and {len(vs) - 6} more" if len(vs) > 6 else ""
    return (f"this game holds {count(len(vs), 'violation')}: {where}{more} ('score' lists them, "
            "'explain DEAL TRICK' settles one)")
