"""Issue 29 item 4: one set of season figures (``referee.views.season.Stats.to_json``), drawn by
``referee stats`` in the terminal and by the folder page's ``stats``, served as JSON by both
(``--json`` and ``stats.json``); the terminal's table at 80 columns cuts nothing; the chart
numbers the files of one day."""

from __future__ import annotations

import html as html_lib
import json
import re
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli.app import app
from tests.test_serve import client

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"


def cli_run(*args: str, **env: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, list(args), env=env or None)
    if r.exception and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.stdout, r.stderr


def cli_json(*paths: Path) -> dict[str, Any]:
    code, out, err = cli_run("stats", "--json", "--workers", "1", *map(str, paths))
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


@pytest.fixture(scope="module")
def figures() -> dict[str, Any]:
    return cli_json(SAMPLES)


def test_stats_json_of_the_page_equals_referee_stats_json(figures: dict[str, Any]) -> None:
    r = client(SAMPLES).get("/stats.json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.json() == figures


def test_the_figures_are_rounded_once_for_every_view(figures: dict[str, Any]) -> None:
    from referee.views.season import rounded

    assert rounded(Fraction(100, 8), 0) == 13  # a half goes away from zero
    assert rounded(Fraction(-3185, 8), 1) == -398.1
    assert rounded(Fraction(-1, 4), 1) == -0.3
    assert rounded(Fraction(145, 4), 1) == 36.3
    kierki = {r["name"]: r for r in figures["games"]["kierki"]["players"]}
    assert kierki["Ala"]["average"] == -398.1  # -398.125 unrounded
    assert kierki["Darek"]["average"] == 36.3  # 36.25
    assert kierki["Celina"]["win_pct"] == 40 and kierki["Celina"]["finished"] == 5
    ala = figures["games"]["foursquare"]["players"][0]
    # a Foursquare series has no winner: the games are counted (5 series, 7 games, 2 won)
    assert (ala["played"], ala["games"], ala["won"], ala["win_pct"], ala["mean_score"]) == \
        (5, 7, 2, 29, 14.0)


def page_tables(html: str) -> dict[str, list[dict[str, str]]]:
    """Each game's rows on the stats page: name -> {column key: the cell's text}, the tables
    of one game merged."""
    out: dict[str, list[dict[str, str]]] = {}
    for game, body in re.findall(r'<section class="stats" data-game="([^"]+)">(.*?)</section>',
                                 html, re.S):
        rows: dict[str, dict[str, str]] = {}
        for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
            cells = re.findall(r'<td[^>]*data-key="([^"]+)"[^>]*>(.*?)</td>', tr, re.S)
            if not cells:
                continue
            got = {k: html_lib.unescape(v) for k, v in cells}
            rows.setdefault(got["name"], {}).update(got)
        out[game] = list(rows.values())
    return out


def test_page_and_terminal_draw_the_same_figures(figures: dict[str, Any]) -> None:
    from cli.season import cell

    page = page_tables(client(SAMPLES).get("/stats").text)
    code, text, _ = cli_run("stats", "--workers", "1", str(SAMPLES), COLUMNS="250")
    assert code == 0
    assert sorted(page) == sorted(figures["games"])
    for game, g in figures["games"].items():
        keys = [c["key"] for c in g["columns"]]
        if "series" not in {c["header"] for c in g["columns"]}:
            assert "finished" in keys  # the files the win rate is over ("ended")
        assert ("goat" in keys) == (game == "kozel")
        assert ("bids" in keys) == (game in ("schmier", "wisconsin-schmier"))
        shown = {r["name"]: r for r in page[game]}
        start = text.index(f"{game}: {g['files']} files")
        lines = text[start:].split("\n\n\n")[0].splitlines()  # this game's table
        for row in g["players"] + g["teams"]:
            on_page = shown[row["name"]]
            for k in keys:
                want = cell(row, k, "–")
                if want != "–" or k in on_page:
                    assert on_page.get(k, "") == want, (game, row["name"], k)
            # the terminal: the row's line holds the same figures, in the columns' order
            line = next(x for x in lines if x.strip().startswith(row["name"] + "  "))
            figs = [cell(row, k) for k in keys[1:] if k not in ("violations", "bids")]
            assert re.search(r"\s+".join(re.escape(f) for f in figs if f), line), (game, line)


def test_the_page_says_what_the_terminal_says_over_its_table() -> None:
    html = client(SAMPLES).get("/stats").text
    assert "win %: won / ended" in html and "ended: files whose game ended with a winner" in html
    assert "-398.125" not in html and "-398.1" in html


@pytest.mark.parametrize("columns", [80, 60, 40])
def test_stats_at_a_narrow_terminal_cuts_no_header_or_word(figures: dict[str, Any],
                                                            columns: int) -> None:
    code, out, _ = cli_run("stats", "--workers", "1", str(SAMPLES), COLUMNS=str(columns))
    assert code == 0
    assert "…" not in out
    assert max(len(line.rstrip()) for line in out.splitlines()) <= columns
    words = set(out.split())
    for g in figures["games"].values():
        for c in g["columns"]:
            assert set(c["header"].split()) <= words, c["header"]
        for row in g["players"] + g["teams"]:
            for rule in row["violations"]:
                assert rule in words or rule + "," in words, rule


def test_the_terminal_keeps_one_table_where_it_fits() -> None:
    code, out, _ = cli_run("stats", "--workers", "1", "--game", "schmier", str(SAMPLES),
                           COLUMNS="160")
    assert code == 0 and out.count("schmier:") == 1
    code, out, _ = cli_run("stats", "--workers", "1", "--game", "schmier", str(SAMPLES),
                           COLUMNS="80")
    assert code == 0 and "schmier: bids made/set and violations" in out


def test_the_chart_numbers_the_files_of_one_day(tmp_path: Path) -> None:
    text = (SAMPLES / "kierki-complete.toml").read_text()
    for i in range(6):
        (tmp_path / f"g{i}.toml").write_text(text.replace(
            "first_dealer", f"started = 2026-09-05T19:0{i}:00+01:00\nfirst_dealer", 1))
    shutil.copy(SAMPLES / "kierki-revoke.toml", tmp_path / "other.toml")
    from referee.views.season import Stats, find, summarize

    st = Stats()
    for p in find([tmp_path]):
        st.add(summarize(p))
    labels, _ = st.series()
    assert labels[:6] == [f"2026-09-05 #{k}" for k in range(1, 7)]
    assert "#" not in labels[6]  # a day with one file (the copy: today): its date alone
    code, out, _ = cli_run("stats", "--workers", "1", "--chart", str(tmp_path),
                           COLUMNS="100")
    assert code == 0
    axis = next(line for line in out.splitlines() if "2026-09-05" in line)
    assert axis.count("2026-09-05") == 1 and "#1" in axis, axis
