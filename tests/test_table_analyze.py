"""`analyze [DEAL]` at the table prompt: the same post-mortem as `referee analyze`, drawn in
the table, refusals on one line, and the file left as it was."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from cli.app import app

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def first_deals(n: int) -> str:
    """The complete Wisconsin sample cut after its deal ``n`` (a game still going on)."""
    text = (SAMPLES / "wisconsin-complete.toml").read_text()
    cut = [i for i in range(len(text)) if text.startswith("[[deals]]", i)][n]
    return text[:cut]


def test_analyze_at_the_prompt_shows_what_the_command_shows(tmp_path: Path) -> None:
    f = tmp_path / "w.toml"
    f.write_text(first_deals(2))
    before = f.read_bytes()
    doc = json.loads(CliRunner().invoke(app, ["analyze", str(f), "--deal", "2", "--json"]
                                        ).stdout)
    side = doc["deals"][0]["sides"][0]
    r = CliRunner().invoke(app, ["play", str(f), "--ascii"],
                           input="analyze 2\nanalyze 99\nanalyze two\nquit\n")
    assert r.exit_code == 0, r.output
    assert f.read_bytes() == before
    row = next(line for line in r.output.splitlines()
               if side["side"] in line and "|" in line and "points" in line)
    assert f"{side['best_sure']} points" in row and f"{side['got']} points" in row
    costly = side["first_costly_card"]
    assert f"trick {costly['trick']}: {costly['player']}" in row
    assert "no analysis: deal 99" in r.output
    assert "analyze [DEAL]" in r.output  # 'analyze two': how to ask, one line


def test_analyze_is_offered_and_explained(tmp_path: Path) -> None:
    f = tmp_path / "k.toml"
    shutil.copy(SAMPLES / "kierki-in-progress.toml", f)
    r = CliRunner().invoke(app, ["play", str(f), "--ascii"], input="help\nanalyze 5\nquit\n")
    assert r.exit_code == 0, r.output
    assert "analyze [DEAL]" in r.output
    assert "no analysis: deal 5" in r.output  # the deal being played is not finished


def test_analyze_at_the_prompt_of_a_foursquare_series(tmp_path: Path) -> None:
    """A series with game 1 finished and game 2 begun: `analyze 1` shows game 1's analysis
    (as `referee analyze --game 1` does); `analyze 2` says it is still being played."""
    f = tmp_path / "s.toml"
    shutil.copy(SAMPLES / "foursquare-series.toml", f)
    r = CliRunner().invoke(app, ["analyze", str(f), "--game", "1", "--ascii"])
    assert r.exit_code == 0, r.output
    first = r.output.splitlines()[0]
    t = CliRunner().invoke(app, ["play", str(f), "--ascii"], input="analyze 1\nanalyze 9\nquit\n")
    assert t.exit_code == 0, t.output
    assert first in t.output
    assert "no analysis: analyze takes a game number" in t.output
