"""Issue 23, what a new user tripped over on the command line: each item its test."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli.app import app
from referee.history.session import Session
from tests.helpers import cli_run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"


def run(*args: str, **env: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, list(args), env=env or None)
    if r.exception and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


# -- stats: finished games as a column, and what the rate is over ------------------------------

def test_stats_shows_the_finished_files_and_what_the_rate_is_over() -> None:
    code, out, err = run("stats", str(SAMPLES), "--game", "schmier", "--workers", "1",
                         COLUMNS="120")
    assert code == 0, err
    _, doc, _ = run("stats", str(SAMPLES), "--game", "schmier", "--json", "--workers", "1")
    lines = [json.loads(x) for x in doc.splitlines() if x.strip()]
    rows = [x for d in lines for x in (d.get("players") or d.get("lines") or [])] or \
        [x for d in lines if isinstance(d, dict) and "name" in d for x in [d]]
    head = next(line for line in out.splitlines() if " played " in line)
    assert re.search(r"\bplayed\s+ended\s+won\s+win %", head), head
    assert "win %: won / ended" in " ".join(out.split())
    if rows:
        for r in rows:
            line = next(x for x in out.splitlines() if x.strip().startswith(r["name"]))
            assert re.search(rf"\s{r['played']}\s+{r['finished']}\s+{r['won']}\s", line), line


# -- edit takes --deal and --trick as explain does -------------------------------------------

def test_edit_takes_deal_and_trick_as_options() -> None:
    f = str(SAMPLES / "kierki-complete.toml")
    positional = cli_run("edit", f, "3", "2")
    assert positional[0] == 0
    assert cli_run("edit", f, "--deal", "3", "--trick", "2") == positional
    assert cli_run("edit", f, "3", "--trick", "2") == positional
    code, _, err = cli_run("edit", f, "3", "--deal", "4")
    assert code == 2 and "twice" in err


# -- a narrow terminal never cuts a figure ----------------------------------------------------

FILES = sorted(p.name for p in SAMPLES.glob("*.toml"))


@pytest.mark.parametrize("columns", ["60", "40", "30"])
@pytest.mark.parametrize("name", ["kierki-complete.toml", "schmier-complete.toml",
                                  "kozel-pull-eggs.toml", "wisconsin-complete.toml"])
def test_a_narrow_sheet_cuts_no_figure(name: str, columns: str) -> None:
    code, out, _ = run("score", str(SAMPLES / name), COLUMNS=columns)
    assert code in (0, 1)
    res = Session.load(SAMPLES / name).result()
    sheet = out.split("The game is over")[0]
    assert not re.search(r"[-+(\d]…", sheet), sheet  # a number cut short
    assert max(len(line) for line in sheet.splitlines()[1:]) <= int(columns)  # (the title)
    running: dict[str, int] = {}
    tokens = set(re.findall(r"[-+]?\d+|\(-?\d+\)", sheet))
    for d in res.deals:
        if d.scores is None or not d.finished:
            continue
        for k, v in d.scores.items():
            running[k] = running.get(k, 0) + v
            assert f"({running[k]})" in tokens, (d.number, k, running[k])


# -- charts: the legend covers no line; one marker each without colour ------------------------

def plot_rows(chart: str) -> list[str]:
    return [line for line in chart.splitlines() if "│" in line or "┤" in line or "|" in line]


def test_the_score_chart_legend_is_below_the_chart() -> None:
    code, out, _ = run("score", str(SAMPLES / "kierki-complete.toml"), "--chart",
                       COLUMNS="100")
    chart = out.split("Winner: Darek", 1)[1]
    rows = plot_rows(chart)
    assert rows
    for name in ("Ala", "Bartek", "Celina", "Darek"):
        assert not any(name in row for row in rows)  # no legend box over the lines
    legend = chart.rstrip().splitlines()[-1]
    assert re.fullmatch(r"\s*\* Ala\s+\+ Bartek\s+x Celina\s+o Darek", legend), legend


def test_stats_chart_without_colour_has_a_marker_each(tmp_path: Path) -> None:
    for i, name in enumerate(["kierki-complete.toml", "kierki-revoke.toml",
                              "kierki-hearts-lead.toml"]):
        shutil.copy(SAMPLES / name, tmp_path / f"{i}.toml")
    code, out, err = run("stats", str(tmp_path), "--chart", "--workers", "1", COLUMNS="100")
    assert code == 0, err
    chart = out[out.index("wins so far"):]
    rows = "\n".join(plot_rows(chart))
    legend = chart.rstrip().splitlines()[-1]
    markers = re.findall(r"(\S) (Ala|Bartek|Celina|Darek)", legend)
    assert len({m for m, _ in markers}) == 4, legend
    assert all(m in rows for m, _ in markers)


# -- a game of its own is called a game ------------------------------------------------------

def test_foursquare_sheet_rows_are_games_and_kozel_violations_say_game() -> None:
    code, out, _ = run("score", str(SAMPLES / "foursquare-series.toml"))
    assert re.search(r"[┃|]\s+game\s+[┃|]", out) and not re.search(r"[┃|]\s+deal\s+[┃|]", out)
    code, out, _ = run("score", str(SAMPLES / "kozel-illegal-beat.toml"))
    assert code == 1
    assert re.search(r"^game 3, trick 3: .* rule beat$", out, re.M), out
    assert not re.search(r"^deal \d", out, re.M)


# -- suits one way where the output can show glyphs -------------------------------------------

def test_undo_new_and_add_write_suits_as_glyphs(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    code, out, _ = cli_run("new", "kozel", str(p), "-p", "A", "-p", "B", "-p", "C", "-p", "D")
    assert "'trump 9♠'" in out and "'trump ♠'" in out and "9S" not in out
    assert cli_run("add", str(p), "trump 9S")[0] == 0
    code, out, _ = cli_run("undo", str(p))
    assert code == 0 and "9♠" in out and "9S" not in out


def test_a_question_at_the_table_writes_its_card_as_a_glyph() -> None:
    from cli.table.loop import Table

    asked: list[str] = []

    class Lines:  # what the table's reader is asked
        def read(self, question: str, words: Any, fancy: str | None = None) -> str:
            asked.append(question)
            return "nobody"

    s = Session.load(SAMPLES / "wisconsin-complete.toml")
    t = Table(s, SAMPLES / "wisconsin-complete.toml", False, Lines())
    assert t.ask("Who held 2S, never played? ") == "nobody"
    assert asked == ["Who held 2♠, never played? "]
    t = Table(s, SAMPLES / "wisconsin-complete.toml", True, Lines())
    t.ask("Who held 2S, never played? ")
    assert asked[-1] == "Who held 2S, never played? "


# -- score -o: the count of violations under the option comes first ---------------------------

def test_score_under_an_option_says_first_how_many_violations() -> None:
    f = str(SAMPLES / "kierki-complete.toml")
    code, out, _ = run("score", f, "-o", "trump_chooser=left")
    _, doc, _ = run("score", f, "-o", "trump_chooser=left", "--json")
    n = len(json.loads(doc)["rescored"]["violations"])
    assert n > 0 and code == 0  # the exit code stays the game's as recorded
    first = out.splitlines()[0]
    assert first.startswith("under trump_chooser=left: ") and f"{n} violations" in first
