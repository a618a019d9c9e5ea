"""A season's archive for ``referee audit`` and ``referee stats`` (issue 16's targets).

Games of all five kinds from the random legal playouts (``referee/games/<game>/playout.py``,
and the Foursquare games of ``make_large.py``), in nested folders by game and month, with
``started`` dates across a year. About one file in 25 has a violation written into it (two
plays of a trick swapped: turn order, and often a suit not followed), and about one in 100 is
broken (not TOML, an unknown game, a deal table with an unknown key). Drawn from fixed seeds:
the same COUNT gives the same archive on every machine.

Run: ``python benchmarks/make_archive.py [DIR] [COUNT]`` (default: a temporary folder, 2000
files); prints the folder and what it holds.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import make_large  # noqa: E402

from referee.games import get  # noqa: E402
from referee.games.kierki.playout import random_game as kierki_game  # noqa: E402
from referee.games.kozel.playout import random_series as kozel_series  # noqa: E402
from referee.games.schmier.playout import random_game as schmier_game  # noqa: E402
from referee.games.schmier.rules import SchmierRules  # noqa: E402
from referee.model import Deal, Play, Setup  # noqa: E402
from referee.store import savefile  # noqa: E402

KINDS = ("kierki", "wisconsin-schmier", "schmier", "kozel", "foursquare")
FOUR = ("Ala", "Bartek", "Celina", "Darek")
SIX = FOUR + ("Ewa", "Filip")
START = dt.datetime(2026, 1, 1, 19, 0, tzinfo=dt.UTC)
VIOLATION_EVERY = 25
BROKEN_EVERY = 100


def game(kind: str, seed: int) -> tuple[Setup, list[Deal]]:
    """One random legal game (Kozel: a series; Foursquare: a series of 3 games)."""
    if kind == "kierki":
        return kierki_game(seed, hands_known=seed % 2 == 0)
    if kind in ("wisconsin-schmier", "schmier"):
        rules = get(kind)
        assert isinstance(rules, SchmierRules)
        return schmier_game(rules, FOUR if kind == "wisconsin-schmier" else SIX, seed,
                            hands_known=seed % 2 == 0)
    if kind == "kozel":
        setup, deals, _, _ = kozel_series(seed, max_games=30)
        return setup, deals
    setup = Setup("foursquare", ("Ala",), "Ala")
    return setup, [Deal(make_large.one_game(seed, n)) for n in (1, 2, 3)]


def spoil(deals: list[Deal], rng: random.Random) -> bool:
    """Swap two plays next to each other by different players (a trick played out of turn);
    False when no deal has two such plays."""
    for d in rng.sample(deals, len(deals)):
        at = [i for i in range(len(d.entries) - 1)
              if isinstance(d.entries[i], Play) and isinstance(d.entries[i + 1], Play)
              and d.entries[i].player != d.entries[i + 1].player]  # type: ignore[union-attr]
        if at:
            i = rng.choice(at)
            d.entries[i], d.entries[i + 1] = d.entries[i + 1], d.entries[i]
            return True
    return False


BROKEN = ('format = 1\ngame = "kierki"\nplayers = ["Ala", "Bartek"\n',  # not TOML
          'format = 1\ngame = "bridge"\nplayers = ["Ala", "Bartek", "Celina", "Darek"]\n',
          'format = 1\ngame = "kierki"\nplayers = ["Ala", "Bartek", "Celina", "Darek"]\n\n'
          '[[deals]]\ndealer = "Ala"\nscore = 5\n')


def write(folder: Path, count: int) -> Counter[str]:
    """Write ``count`` files under ``folder``; what was written, by kind."""
    rng = random.Random(16)
    made: Counter[str] = Counter()
    for i in range(count):
        kind = KINDS[i % len(KINDS)]
        started = START + dt.timedelta(days=i * 365 // count, minutes=i % 60)
        sub = folder / kind / f"{started:%Y-%m}"
        sub.mkdir(parents=True, exist_ok=True)
        path = sub / f"{kind}-{i:05d}.toml"
        if i % BROKEN_EVERY == BROKEN_EVERY - 1:
            path.write_text(BROKEN[(i // BROKEN_EVERY) % len(BROKEN)], encoding="utf-8")
            made["broken"] += 1
            continue
        setup, deals = game(kind, i)
        setup = Setup(setup.game, setup.players, setup.first_dealer, setup.options,
                      f"archive game {i}", started, setup.seed)
        if i % VIOLATION_EVERY == 7 and spoil(deals, rng):
            made["with a violation"] += 1
        path.write_text(savefile.dumps(get(kind), setup, deals), encoding="utf-8")
        made[kind] += 1
    return made


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else Path(tempfile.mkdtemp(prefix="referee-archive-"))
    count = int(argv[1]) if len(argv) > 1 else 2000
    made = write(folder, count)
    print(f"{folder}: {count} files; " + ", ".join(f"{k} {n}" for k, n in sorted(made.items())))


if __name__ == "__main__":
    main(sys.argv[1:])
