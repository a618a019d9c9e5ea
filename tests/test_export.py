"""`referee export` (CSV, Markdown), `score --chart` and re-scoring with `score -o`."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import cli_run

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


run = cli_run


def expected(name: str) -> dict[str, object]:
    doc: dict[str, object] = json.loads((SAMPLES / f"{name}.expected.json").read_text())
    return doc


def test_csv_of_a_complete_game() -> None:
    code, out, _ = run("export", str(SAMPLES / "kierki-complete.toml"), "--format", "csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    head = rows[0]
    assert head[:5] == ["deal", "dealer", "contract", "result", "finished"]
    players = ["Ala", "Bartek", "Celina", "Darek"]
    assert head[5:9] == players and head[9:] == [f"{p} total" for p in players]
    assert [r[0] for r in rows[1:13]] == [str(n) for n in range(1, 13)]
    assert rows[-1][0] == "total"
    totals = expected("kierki-complete")["totals"]
    assert isinstance(totals, dict)
    assert [int(x) for x in rows[-1][9:]] == [totals[p] for p in players]
    # the running total after deal 12 is the total; each row's scores add up
    assert rows[12][9:] == rows[-1][9:]
    assert sum(int(r[5]) for r in rows[1:13]) == totals["Ala"]


def test_markdown_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "sheet.md"
    code, msg, _ = run("export", str(SAMPLES / "kierki-complete.toml"), "--format",
                       "markdown", "--output", str(out))
    assert code == 0 and "wrote" in msg
    text = out.read_text()
    assert text.startswith("# ") and "| deal | dealer |" in text
    assert "**total**" in text and "**Winner:**" in text or "**Shared win:**" in text
    assert text.count("\n| ") >= 14


def test_export_teams_and_violations() -> None:
    code, out, _ = run("export", str(SAMPLES / "wisconsin-revoke.toml"), "-f", "md")
    assert code == 0
    assert "Ala & Celina" in out and "Violations:" in out and "rule `follow-suit`" in out


def test_export_in_progress_and_bad_format(tmp_path: Path) -> None:
    code, out, _ = run("export", str(SAMPLES / "kierki-in-progress.toml"))
    assert code == 0 and ",no," in out
    code, _, err = run("export", str(SAMPLES / "kierki-in-progress.toml"), "-f", "pdf")
    assert code == 2 and "csv or markdown" in err
    code, _, err = run("export", str(tmp_path / "nope.toml"))
    assert code == 2 and "no such file" in err


def test_export_hostile_names(tmp_path: Path) -> None:
    p = tmp_path / "h.toml"
    code, _, _ = run("new", "kierki", str(p), "-p", "@SUM(A1)", "-p", "|pipe*", "-p",
                     "Ce\x9bl", "-p", "-Darek")
    assert code == 0
    code, out, _ = run("export", str(p))
    head = next(csv.reader(io.StringIO(out)))
    assert head[5] == "'@SUM(A1)" and head[8] == "'-Darek" and head[7] == "Ce\\x9bl"
    code, out, _ = run("export", str(p), "-f", "markdown")
    assert "\\|pipe\\*" in out and "\x9b" not in out


def test_score_chart() -> None:
    code, out, _ = run("score", str(SAMPLES / "kierki-complete.toml"), "--chart", "--ascii")
    assert code == 0
    assert "running totals" in out and "deal" in out
    for name in ("Ala", "Bartek", "Celina", "Darek"):
        assert name in out
    assert "\x1b[" not in out
    lines = out.splitlines()
    assert sum(1 for x in lines if "┤" in x or "|" in x) >= 5


def test_chart_series_and_ticks() -> None:
    from cli.chart import nice_ticks, running_totals, series
    from referee.history.session import Session

    res = Session.load(SAMPLES / "kierki-complete.toml").result()
    xs, ys = series(res)
    assert xs == list(range(0, 13))
    assert ys["Ala"][-1] == res.totals["Ala"] and all(v[0] == 0 for v in ys.values())
    t = nice_ticks(-1040, 600)
    assert t[0] <= -1040 and t[-1] >= 600 and len(t) <= 12
    fresh = Session.load(SAMPLES / "kierki-in-progress.toml").result()
    text = running_totals(fresh, ascii_only=True, width=60, height=12)
    assert "running totals" in text or "no finished deal" in text


def test_chart_when_nothing_is_finished(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    run("new", "kierki", str(p), "-p", "A", "-p", "B", "-p", "C", "-p", "D")
    code, out, _ = run("score", str(p), "--chart")
    assert code == 0 and "no finished deal to chart yet" in out


def test_rescore_beside_the_original(tmp_path: Path) -> None:
    src = SAMPLES / "kierki-complete.toml"
    p = tmp_path / "k.toml"
    shutil.copy(src, p)
    before = p.read_bytes()
    code, out, _ = run("score", str(p), "-o", "fantan_start_rank=8")
    assert p.read_bytes() == before  # the file is not touched
    assert "as recorded vs. under fantan_start_rank=8" in out
    assert "new violation: deal 12" in out and "rule fantan-seven" in out
    code, out, _ = run("score", str(p), "-o", "fantan_start_rank=8", "--json")
    doc = json.loads(out)
    assert doc["rescored"]["options"] == {"fantan_start_rank": 8}
    assert doc["rescored"]["game"] == "kierki" and "totals" in doc["rescored"]
    assert doc["totals"] == expected("kierki-complete")["totals"]
    assert p.read_bytes() == before


def test_rescore_shows_changed_scores() -> None:
    f = SAMPLES / "wisconsin-complete.toml"
    if not f.exists():
        pytest.skip("no wisconsin sample yet")
    code, out, _ = run("score", str(f), "-o", "bid_out=true", "--json")
    doc = json.loads(out)
    assert "rescored" in doc
    code, out, _ = run("score", str(f), "-o", "bid_out=true")
    assert "as recorded vs. under bid_out=true" in out


def test_rescore_bad_option() -> None:
    code, _, err = run("score", str(SAMPLES / "kierki-complete.toml"), "-o", "nope=1")
    assert code == 2 and "not an option of kierki" in err
    code, _, err = run("score", str(SAMPLES / "kierki-complete.toml"), "-o",
                       "fantan_start_rank=9")
    assert code == 2 and "fantan_start_rank" in err


def test_a_chart_with_nothing_finished_names_the_games_unit(tmp_path: Path) -> None:
    """Kozel's rows are games: its empty chart says "no finished game", in the terminal and
    on the page (the x axis says "game" too)."""
    p = tmp_path / "k.toml"
    run("new", "kozel", str(p), "-p", "A", "-p", "B", "-p", "C", "-p", "D")
    code, out, _ = run("score", str(p), "--chart")
    assert code == 0 and "no finished game to chart yet" in out
    from tests.test_serve import client

    assert "no finished game yet" in client(p).get("/chart.svg").text
