"""`referee analyze` says what its columns are, in words and in the JSON field names, and
gives the same answers searched over worker processes as in one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli.app import app

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
runner = CliRunner()

SIDE_FIELDS = {"side", "best_sure", "best_sure_from_trick", "got", "first_costly_card",
               "stopped_early"}
COSTLY_FIELDS = {"trick", "player", "card", "best_before", "best_after"}


def test_json_field_names_are_pinned() -> None:
    doc = json.loads(runner.invoke(app, ["analyze", str(SAMPLES / "wisconsin-complete.toml"),
                                         "--json", "--workers", "1"]).stdout)
    rows = [r for r in doc["deals"] if r["analysed"]]
    assert {"number", "analysed", "measure", "trump", "bidder", "bid", "bid_makeable",
            "sides"} == set(rows[0])
    costly = 0
    for r in rows:
        for side in r["sides"]:
            assert set(side) == SIDE_FIELDS
            if side["first_costly_card"] is not None:
                assert set(side["first_costly_card"]) == COSTLY_FIELDS
                costly += 1
    assert costly
    kierki = json.loads(runner.invoke(app, ["analyze", str(SAMPLES / "kierki-in-progress.toml"),
                                            "--json", "--workers", "1"]).stdout)
    row = next(r for r in kierki["deals"] if r["analysed"])
    assert {"number", "analysed", "measure", "trump", "kind", "sides"} == set(row)
    assert all(set(side) == SIDE_FIELDS for side in row["sides"])


def test_the_columns_are_said_in_words() -> None:
    r = runner.invoke(app, ["analyze", str(SAMPLES / "kierki-in-progress.toml"), "--ascii",
                            "--workers", "1"])
    assert r.exit_code == 0, r.output
    text = " ".join(r.stdout.split())
    assert "with every hand open and everyone playing their best" in text
    assert "Got: what they got as played" in text
    assert "the first card after which that best got worse, from what to what" in text
    for header in ("least penalty sure", "got", "first costly card"):
        assert header in text


def test_workers_give_the_same_answers() -> None:
    path = str(SAMPLES / "kierki-in-progress.toml")
    one = runner.invoke(app, ["analyze", path, "--json", "--workers", "1"])
    two = runner.invoke(app, ["analyze", path, "--json", "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert json.loads(one.stdout) == json.loads(two.stdout)
    bad = runner.invoke(app, ["analyze", path, "--workers", "0"])
    assert bad.exit_code == 2 and "--workers" in bad.output



def test_one_kierki_deal_searched_player_by_player_over_workers_gives_the_same_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`--deal N` of Kierki with 2 workers searches the four players apart, in worker
    processes (one fact, two ways: the same JSON, nodes included, as one process)."""
    import cli.analyze as ca

    path = str(SAMPLES / "kierki-complete.toml")
    args = ["analyze", path, "--deal", "9", "--json", "--workers"]
    one = runner.invoke(app, [*args, "1"])
    two = runner.invoke(app, [*args, "2"])
    assert one.exit_code == two.exit_code == 0, (one.output, two.output)
    assert json.loads(one.stdout) == json.loads(two.stdout)

    asked: list[tuple[int, int]] = []  # (workers, seat) of each player's search handed out
    real = ca._player

    def in_order(fn: Any, items: list[Any], workers: int) -> Any:
        assert fn is real
        asked.extend((workers, seat) for _, seat in items)
        return map(fn, items)

    monkeypatch.setattr("cli.workers.in_order", in_order)
    assert runner.invoke(app, [*args, "2"]).stdout == two.stdout
    assert asked == [(2, 0), (2, 1), (2, 2), (2, 3)]
    asked.clear()
    assert runner.invoke(app, [*args, "1"]).stdout == one.stdout
    assert asked == []  # one worker: the deal is searched whole, here
