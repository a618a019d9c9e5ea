"""Every sample game replays to its expected score sheet (totals, winner, violations)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.history.session import Session

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
HANDMADE = Path(__file__).resolve().parent / "handmade"  # small files written from the docs
CASES = sorted(SAMPLES.glob("*.expected.json")) + sorted(HANDMADE.glob("*/*.expected.json"))


def test_there_are_samples_of_kierki() -> None:
    assert any(p.name.startswith("kierki-") for p in CASES)


@pytest.mark.parametrize("expected", CASES, ids=lambda p: p.name.replace(".expected.json", ""))
def test_sample_replays_to_its_sheet(expected: Path) -> None:
    want = json.loads(expected.read_text())
    game = expected.with_name(expected.name.replace(".expected.json", ".toml"))
    got = Session.load(game).result().to_json()
    for key in ("totals", "winner", "complete", "ok"):
        if key in want:
            assert got[key] == want[key], key
    if "violations" in want:
        keys = ("deal", "trick", "player", "rule", "turn")

        def norm(vs: list[dict[str, object]]) -> list[str]:
            return sorted(json.dumps({k: v[k] for k in keys if k in v}, sort_keys=True)
                          for v in vs)

        assert norm(got["violations"]) == norm(want["violations"])
    if "deals" in want:
        assert [(d["number"], d["scores"]) for d in got["deals"]] == \
            [(d["number"], d["scores"]) for d in want["deals"]]
