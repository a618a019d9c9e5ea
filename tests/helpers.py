"""Small helpers the tests share: games from TOML text, rule ids of a replay."""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from referee.history.session import Session
from referee.model import Deal, Play, Result
from referee.store import savefile

HEAD = 'format = 1\ngame = "{game}"\nplayers = [{players}]\n'
FOUR = ("Ala", "Bartek", "Celina", "Darek")

# a fixed Kierki deal: everyone holds every suit
FIXED_HANDS = {
    "Ala": "2C 3C 4C 2D 3D 4D 2H 3H 4H 2S 3S 4S 5S",
    "Bartek": "5C 6C 7C 5D 6D 7D 5H 6H 7H 6S 7S 8S 9S",
    "Celina": "8C 9C 10C 8D 9D 10D 8H 9H 10H 10S JS QS KS",
    "Darek": "JC QC KC AC JD QD KD AD JH QH KH AH AS",
}

KIERKI_OUTCOMES = {
    1: 'outcome = { tricks = { Ala = 13 } }',
    2: 'outcome = { hearts = { Ala = 13 } }',
    3: 'outcome = { queens = { Ala = 4 } }',
    4: 'outcome = { jacks_kings = { Ala = 8 } }',
    5: 'outcome = { king_of_hearts = "Ala" }',
    6: 'outcome = { trick_7 = "Ala", last_trick = "Ala" }',
    7: ('outcome = { tricks = { Ala = 13 }, hearts = { Ala = 13 }, queens = { Ala = 4 }, '
        'jacks_kings = { Ala = 8 }, king_of_hearts = "Ala", trick_7 = "Ala", '
        'last_trick = "Ala" }'),
    8: 'trump = "S"\noutcome = { tricks = { Ala = 13 } }',
    9: 'trump = "S"\noutcome = { tricks = { Ala = 13 } }',
    10: 'trump = "S"\noutcome = { tricks = { Ala = 13 } }',
    11: 'trump = "S"\noutcome = { tricks = { Ala = 13 } }',
}


def head(game: str = "kierki", players: tuple[str, ...] = FOUR, extra: str = "") -> str:
    return HEAD.format(game=game, players=", ".join(f'"{p}"' for p in players)) + extra


def kierki_before(n: int) -> str:
    """Deals 1..n-1 of Kierki as outcomes, so a test can play deal n."""
    return "".join(f"\n[[deals]]\n{KIERKI_OUTCOMES[i]}\n" for i in range(1, n))


def hands_toml(hands: dict[str, str] | None = None) -> str:
    h = hands or FIXED_HANDS
    return "hands = { " + ", ".join(f'{p} = "{c}"' for p, c in h.items()) + " }\n"


def cut_plays(deal: Deal, plays: int) -> Deal:
    """The deal with only its first ``plays`` plays (every key kept)."""
    out, seen = [], 0
    for e in deal.entries:
        if isinstance(e, Play):
            if seen == plays:
                continue
            seen += 1
        out.append(e)
    return Deal(out)


def load_text(text: str, name: str = "test.toml") -> Session:
    rules, setup, deals = savefile.parse(tomllib.loads(text), name)
    return Session(rules, setup, deals, None)


def replay_text(text: str) -> Result:
    return load_text(text).result()


def found(res: Result) -> list[tuple[Any, ...]]:
    """(deal, trick, player, rule) of every violation."""
    return [(v.deal, v.trick, v.player, v.rule) for v in res.violations]


def rules_of(res: Result) -> list[str]:
    return [v.rule for v in res.violations]


def cli_run(*args: str) -> tuple[int, str, str]:
    """Run the command line in-process: exit code, stdout, stderr."""
    from typer.testing import CliRunner

    from cli.app import app

    r = CliRunner().invoke(app, list(args))
    if r.exception and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def spawn(cwd: Path, *args: str, timeout: int = 15, **env: str) -> Any:
    """``referee ARGS`` run from ``cwd`` in a pseudo-terminal of 50 lines of 120 columns
    (pexpect: the test is skipped without it), on this checkout's code, as a terminal that
    shows colour (NO_COLOR unset); ``env``: more of its environment."""
    import pytest

    pexpect = pytest.importorskip("pexpect")
    root = Path(__file__).resolve().parent.parent
    full = dict(os.environ, TERM="xterm", COLUMNS="120", LINES="50", LANG="C.UTF-8",
                PROMPT_TOOLKIT_NO_CPR="1", PYTHONPATH=str(root), **env)
    full.pop("NO_COLOR", None)
    return pexpect.spawn(sys.executable, ["-m", "cli", *args], env=full, encoding="utf-8",
                         timeout=timeout, dimensions=(50, 120), cwd=str(cwd))
