"""A deal written after the game's end, through every command (README "Nothing is played
after the game is over"): the first deal after the end is one ``turn-order`` violation (no
trick, no player) and counts for nothing (no score row, no total, not the winner); a deal
after it counts for nothing too. Every won game among the samples and the hand-made files,
its last deal table written again (once, twice): the score sheet is the expected one, and no
command crashes (before, ``replay --json`` and ``analyze`` of a Schmier or Wisconsin file
raised ``ValueError`` in ``schmier/record.py``)."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.test_every_command import ROOT, check, invoke, shrink


def won_files() -> list[Path]:
    out = []
    for f in sorted([*ROOT.glob("sample_games/*.toml"), *ROOT.glob("tests/handmade/*/*.toml")]):
        exp = f.with_suffix(".expected.json")
        if exp.exists() and json.loads(exp.read_text()).get("winner") is not None:
            out.append(f)
    return out


WON = won_files()
TRICK_GAMES = ("schmier", "wisconsin-schmier", "kierki")


def written_again(f: Path, times: int) -> str:
    text = f.read_text()
    last = text[text.rindex("[[deals]]"):]
    return text.rstrip("\n") + "\n" + ("\n" + last.rstrip("\n") + "\n") * times


def seen(violations: list[dict[str, Any]]) -> Counter[tuple[Any, ...]]:
    return Counter((v["deal"], v["trick"], v["player"], v["rule"]) for v in violations)


@pytest.fixture
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee import claims
    from referee.solve import analyze

    shrink(monkeypatch, analyze.analyze, player_budget=500, side_budget=20_000)
    shrink(monkeypatch, claims.judge, budget=2_000, seconds=None)


@pytest.mark.parametrize("times", [1, 2])
@pytest.mark.parametrize("f", WON, ids=lambda f: f.stem)
def test_a_deal_after_the_end_counts_for_nothing_in_every_command(
        f: Path, times: int, tmp_path: Path, small_budgets: None) -> None:
    expected = json.loads(f.with_suffix(".expected.json").read_text())
    p = tmp_path / f.name
    p.write_text(written_again(f, times))
    g = str(p)
    code, out, _ = invoke(["replay", g, "--json"])
    doc = json.loads(out)
    n = len(tomllib.loads(f.read_text())["deals"])  # the deal tables written
    assert code == 1 and not doc["ok"]
    late = seen(doc["violations"]) - seen(expected["violations"])
    assert late == Counter({(n + 1, None, None, "turn-order"): 1})
    assert seen(doc["violations"]) - late == seen(expected["violations"])
    assert doc["totals"] == expected["totals"] and doc["winner"] == expected["winner"]
    assert len(doc["deals"]) == len(expected["deals"]) and doc["complete"]
    if times > 1:  # what the second late deal could change: the sheet, above
        return
    for args in (["score", g, "--json"], ["status", g, "--json"], ["replay", g],
                 ["explain", g, "--deal", str(n + 1)], ["export", g, "--format", "markdown"],
                 ["edit", g, str(n + 1), "--dry-run"], ["audit", g, "--workers", "1"]):
        assert check(f.name, args) in (0, 1)
    if doc["game"] in TRICK_GAMES:  # the searches, on the games that have them
        code, out, _ = invoke(["analyze", g, "--deal", str(n), "--json"])
        assert code in (0, 2) and (code == 2 or json.loads(out)["deals"])
        code, out, err = invoke(["analyze", g, "--deal", str(n + 1), "--json"])
        assert code == 2 and "not in the file" in err
        assert check(f.name, ["claim", g, doc["players"][0], "--json"]) == 2  # no deal on


@pytest.mark.parametrize("f", WON[:2], ids=lambda f: f.stem)
def test_edit_shows_a_late_deals_entries_as_after_the_end(f: Path, tmp_path: Path) -> None:
    """Every entry of a deal written after the game's end is shown "after the end" (it
    counts for nothing), not "done"."""
    p = tmp_path / f.name
    p.write_text(written_again(f, 1))
    n = len(tomllib.loads(f.read_text())["deals"])
    code, out, _ = invoke(["edit", str(p), str(n + 1), "--dry-run", "--ascii"])
    assert code in (0, 1)
    rows = [line for line in out.splitlines()[2:] if line.strip()]
    assert rows and all(" key " in r or "after the end" in r for r in rows), out
    assert " done " not in out
