"""Large Foursquare series files for the growth benchmark (``benchmarks/growth.py``).

A series is random legal games, one ``[[deals]]`` table each, every turn written with its card
(``"7H 0,1"``, the stock not known), as a player would type them. The games are drawn from a
fixed seed, so the same ENTRIES give the same file on every machine.

Run: ``python benchmarks/make_large.py [DIR] [ENTRIES ...]`` (default: a temporary folder,
1000 and 10000 entries); prints the files written.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.games import get  # noqa: E402
from referee.games.foursquare.play import Game  # noqa: E402
from referee.games.foursquare.rules import shuffled  # noqa: E402
from referee.model import Deal, Entry, Place, Setup  # noqa: E402
from referee.store import savefile  # noqa: E402

SIZES = (1000, 10000)


def one_game(seed: int, number: int) -> list[Entry]:
    """A random legal game: each turn the next card of a shuffled stock, at a legal place."""
    stock = shuffled(seed, number)
    rng = random.Random(f"{seed}/{number}")
    g = Game(number, "Ala", 0)
    entries: list[Entry] = []
    while not g.over and len(g.turns) < len(stock):
        card = stock[len(g.turns)]
        r, c = rng.choice(g.legal())
        g.place(card, (r, c), 0)
        entries.append(Place(card, r, c))
    return entries


def series(entries: int, seed: int = 12) -> tuple[Setup, list[Deal]]:
    """Whole games until the series holds at least ``entries`` entries."""
    setup = Setup("foursquare", ("Ala",), "Ala", title=f"A Foursquare series of {entries} "
                  "entries (benchmarks/make_large.py)")
    deals: list[Deal] = []
    count = 0
    while count < entries:
        d = Deal(one_game(seed, len(deals) + 1))
        deals.append(d)
        count += len(d.entries)
    return setup, deals


def write(path: Path, entries: int) -> int:
    """Write a series of at least ``entries`` entries to ``path``; returns its entry count."""
    setup, deals = series(entries)
    path.write_text(savefile.dumps(get("foursquare"), setup, deals), encoding="utf-8")
    return sum(len(d.entries) for d in deals)


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else Path(tempfile.mkdtemp(prefix="referee-large-"))
    sizes = [int(a) for a in argv[1:]] or list(SIZES)
    folder.mkdir(parents=True, exist_ok=True)
    for n in sizes:
        path = folder / f"foursquare-{n}.toml"
        got = write(path, n)
        print(f"{path}: {got} entries")


if __name__ == "__main__":
    main(sys.argv[1:])
