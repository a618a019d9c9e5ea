"""Every command that reads a save file, on every sample and hand-made file and on a fixed-seed
set of structural mutants of them (deal tables repeated, moved and dropped; keys removed;
values replaced by wrong types): never a traceback; exit 0, 1 or 2; an error is one line on
stderr; ``--json`` gives one JSON document (CLI.md). In-process (typer's CliRunner).

``analyze`` and ``claim`` search, so they run on a smaller subset, with small budgets (their
defaults are left alone: the budgets are the functions' keyword defaults, patched here)."""

from __future__ import annotations

import copy
import inspect
import json
import random
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomlkit
import typer
import typer.main
import typer.testing
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("sample_games/*.toml"), *ROOT.glob("tests/handmade/*/*.toml")])
MUTANTS = 2  # per file, each from a fixed seed
SEED = 20

# a value of another type for each type a save file holds
WRONG: tuple[Any, ...] = (7, -1, "", "zz", ["Ala: 9X"], [1, 2], {"Ala": "x"}, {"x": []},
                          True, 2.5)


def _deals(doc: dict[str, Any]) -> list[dict[str, Any]]:
    deals = doc.get("deals")
    return deals if isinstance(deals, list) else []


def mutate(doc: dict[str, Any], rnd: random.Random) -> tuple[str, dict[str, Any]]:
    """One structural change of a parsed save file, and what it was."""
    doc = copy.deepcopy(doc)
    deals = _deals(doc)
    kind = rnd.choice(("repeat-last", "repeat", "move", "drop", "drop-key", "wrong-type",
                       "wrong-item", "top-key", "top-type"))
    if not deals and kind not in ("top-key", "top-type"):
        kind = "top-type"
    if kind == "repeat-last":
        deals.extend(copy.deepcopy(deals[-1:]) * rnd.randint(1, 2))
    elif kind == "repeat":
        i = rnd.randrange(len(deals))
        deals.insert(rnd.randrange(len(deals) + 1), copy.deepcopy(deals[i]))
    elif kind == "move":
        deals.insert(rnd.randrange(len(deals)), deals.pop(rnd.randrange(len(deals))))
    elif kind == "drop":
        deals.pop(rnd.randrange(len(deals)))
    elif kind in ("drop-key", "wrong-type", "wrong-item"):
        d = deals[rnd.randrange(len(deals))]
        if not d:
            d["tricks"] = rnd.choice(WRONG)
        key = rnd.choice(sorted(d))
        if kind == "drop-key":
            del d[key]
        elif kind == "wrong-type" or not isinstance(d[key], (list, dict)) or not d[key]:
            d[key] = rnd.choice(WRONG)
        elif isinstance(d[key], list):
            d[key][rnd.randrange(len(d[key]))] = rnd.choice(WRONG)
        else:
            d[key][rnd.choice(sorted(d[key]))] = rnd.choice(WRONG)
        kind += f" {key}"
    else:
        key = rnd.choice(sorted(k for k in doc if k != "deals") or ["game"])
        if kind == "top-key":
            doc.pop(key, None)
        else:
            doc[key] = rnd.choice(WRONG)
        kind += f" {key}"
    return kind, doc


def cases() -> Iterator[tuple[str, str]]:
    """(name, TOML text): every file, then its mutants."""
    rnd = random.Random(SEED)
    for f in FILES:
        text = f.read_text()
        name = str(f.relative_to(ROOT))
        yield name, text
        doc = tomllib.loads(text)
        for m in range(MUTANTS):
            kind, changed = mutate(doc, rnd)
            yield f"{name} mutant {m} ({kind})", tomlkit.dumps(changed)


CASES = list(cases())


_COMMAND: list[Any] = []


def _built_once(app: Any) -> Any:
    """typer builds the click command from the functions' signatures on every ``invoke``
    (~0.2 s for this app): here it is built once, the same command each time."""
    if not _COMMAND:
        _COMMAND.append(typer.main.get_command(app))
    return _COMMAND[0]


def invoke(args: list[str]) -> tuple[int, str, str]:
    from cli.app import app

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(typer.testing, "_get_command", _built_once)
        r = CliRunner().invoke(app, args)
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise AssertionError(f"referee {' '.join(args)}: {r.exception!r}") from r.exception
    return r.exit_code, r.stdout, r.stderr


def check(name: str, args: list[str]) -> int:
    code, out, err = invoke(args)
    what = f"{name}: referee {' '.join(args[:1] + args[2:])}"
    assert code in (0, 1, 2), f"{what}: exit {code}"
    if err:
        lines = err.rstrip("\n").split("\n")
        assert len(lines) == 1 and lines[0].startswith("referee: "), f"{what}: {err!r}"
    if code == 2 and args[0] in ("replay", "score", "status"):  # the file cannot be read
        assert args[1] in err, f"{what}: the file is not named: {err!r}"
    if args[0] == "audit":  # a line per file on stdout, the unreadable ones too
        assert out, f"{what}: exit {code} and nothing said"
    elif code == 2 or (code == 1 and not out):
        assert err, f"{what}: exit {code} and nothing said"
    elif "--json" in args:
        json.loads(out)  # one document
    return code


def first_player(text: str) -> str:
    try:
        players = tomllib.loads(text).get("players")
    except tomllib.TOMLDecodeError:
        return "Ala"
    return players[0] if isinstance(players, list) and players and \
        isinstance(players[0], str) else "Ala"


def last_deal(text: str) -> str:
    try:
        return str(max(1, len(_deals(tomllib.loads(text)))))
    except tomllib.TOMLDecodeError:
        return "1"


READERS = (["replay"], ["replay", "--json"], ["score"], ["score", "--json"], ["status"],
           ["status", "--json"], ["export"], ["export", "--format", "markdown"])


def shrink(mp: pytest.MonkeyPatch, fn: Any, **small: int | None) -> None:
    """Give ``fn`` smaller defaults for the parameters named (those it has), for this test."""
    params = [p for p in inspect.signature(fn).parameters.values()
              if p.default is not inspect.Parameter.empty]
    positional = [small.get(p.name, p.default) for p in params
                  if p.kind is not inspect.Parameter.KEYWORD_ONLY]
    keyword = {p.name: small.get(p.name, p.default) for p in params
               if p.kind is inspect.Parameter.KEYWORD_ONLY}
    mp.setattr(fn, "__defaults__", tuple(positional) or None)
    mp.setattr(fn, "__kwdefaults__", keyword or None)


@pytest.fixture
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee import claims
    from referee.games.foursquare import analyze as foursquare
    from referee.solve import analyze

    shrink(monkeypatch, analyze.analyze, player_budget=500, side_budget=20_000)
    shrink(monkeypatch, claims.judge, budget=2_000, seconds=None)
    shrink(monkeypatch, foursquare.analyze_game, nodes=300, total=600, samples=2,
           sample_nodes=200)
    for name in ("BEAM", "SAMPLE_BEAM"):  # read at each call
        monkeypatch.setattr(foursquare, name, 10, raising=False)


@pytest.mark.parametrize("batch", range(4))
def test_every_reader_on_every_file_and_mutant(batch: int, tmp_path: Path) -> None:
    for name, text in CASES[batch::4]:
        p = tmp_path / "g.toml"
        p.write_text(text)
        f = str(p)
        for args in READERS:
            check(name, [args[0], f, *args[1:]])
        check(name, ["explain", f, "--deal", "1"])
        check(name, ["explain", f, "--deal", last_deal(text), "--trick", "2"])


def test_edit_dry_run_on_every_seventh_case(tmp_path: Path) -> None:
    for name, text in CASES[::7]:
        p = tmp_path / "g.toml"
        p.write_text(text)
        f, deal = str(p), last_deal(text)
        check(name, ["edit", f, deal, "--dry-run"])
        check(name, ["edit", f, deal, "--entry", "1", "--to", "delete", "--dry-run"])
        assert p.read_text() == text  # a dry run writes nothing


def test_audit_and_stats_over_every_case(tmp_path: Path) -> None:
    for i, (_name, text) in enumerate(CASES):
        (tmp_path / f"{i:03}.toml").write_text(text)
    d = str(tmp_path)
    for args in (["audit", d, "--workers", "1"], ["stats", d, "--workers", "1", "--json"]):
        check("every case", args)
    code, out, _ = invoke(["audit", d, "--workers", "1", "--json"])
    lines = [json.loads(x) for x in out.splitlines()]
    assert code in (1, 2) and len(lines) == len(CASES) + 1 and lines[-1]["summary"]


def test_analyze_and_claim_on_a_subset(tmp_path: Path, small_budgets: None) -> None:
    for name, text in CASES[::12]:
        p = tmp_path / "g.toml"
        p.write_text(text)
        f = str(p)
        check(name, ["analyze", f, "--deal", "1", "--json"])
        check(name, ["claim", f, first_player(text), "--json"])
