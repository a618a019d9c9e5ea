"""The command line: exit codes, one-line errors, JSON, for Kierki."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import cli_run

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


run = cli_run


@pytest.fixture
def game(tmp_path: Path) -> Path:
    p = tmp_path / "g.toml"
    code, out, _ = run("new", "kierki", str(p), "-p", "Ala", "-p", "Bartek", "-p", "Celina",
                       "-p", "Darek")
    assert code == 0, out
    return p


def test_games_lists_kierki() -> None:
    code, out, _ = run("games")
    assert code == 0 and "kierki" in out


def test_rules_lists_ids_and_options() -> None:
    code, out, _ = run("rules", "kierki")
    assert code == 0
    for rid in ("follow-suit", "hearts-lead", "fantan-must-play", "outcome-total"):
        assert rid in out
    assert "stop_when_penalties_gone = false" in out


def test_rules_unknown_game() -> None:
    code, _, err = run("rules", "bridge")
    assert code == 2 and "unknown game" in err


def test_add_and_status(game: Path) -> None:
    code, out, _ = run("add", str(game), "Bartek: 2C 5C KC AC")
    assert code == 0 and "Ala to lead" in out
    code, out, _ = run("status", str(game), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["expect"]["player"] == "Ala" and doc["expect"]["trick"] == 2


@pytest.mark.parametrize("entry,code,word", [
    ("Bartek: 11H", 2, "not a card"),
    ("Bartek: ZS", 2, "not a card"),
    ("Zbyszek: 2C", 2, "not a player"),
    ("Celina: 2C", 1, "lead-first"),
    ("Bartek: JK", 1, "card-not-in-deck"),
])
def test_bad_entries(game: Path, entry: str, code: int, word: str) -> None:
    before = game.read_text()
    got, _, err = run("add", str(game), entry)
    assert got == code and word in err and "Traceback" not in err
    assert err.count("\n") == 1
    assert game.read_text() == before


def test_card_already_played(game: Path) -> None:
    run("add", str(game), "Bartek: 2C 5C KC AC")
    code, _, err = run("add", str(game), "Ala: 2C")
    assert code == 1 and "card-duplicate" in err


def test_heart_lead_refused_in_deal_2(game: Path) -> None:
    run("add", str(game), "outcome = { tricks = { Ala = 13 } }")
    code, out, err = run("add", str(game), "Celina: 2H")
    assert code == 0  # hands unseen: accepted, may be proven later
    code, out, err = run("add", str(game), "Darek: 3H 4H AH", "Bartek: 2S 3S")
    assert code == 1 and "hearts-lead" in out


def test_add_stops_at_first_refused(game: Path) -> None:
    code, _, _ = run("add", str(game), "Bartek: 2C", "Bartek: 3C", "Darek: 4C")
    assert code == 1
    code, out, _ = run("status", str(game), "--json")
    assert json.loads(out)["expect"]["player"] == "Celina"


def test_undo(game: Path) -> None:
    run("add", str(game), "Bartek: 2C 5C KC AC")
    code, out, _ = run("undo", str(game), "-n", "2")
    assert code == 0 and "took back 2" in out
    code, out, _ = run("status", str(game), "--json")
    assert json.loads(out)["expect"]["player"] == "Darek"


def test_score_json_of_complete_game() -> None:
    code, out, _ = run("score", str(SAMPLES / "kierki-complete.toml"), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["complete"] and doc["ok"] and doc["teams"] is None
    assert sum(doc["totals"].values()) == 0 and len(doc["deals"]) == 12
    assert doc["winner"] == max(doc["totals"], key=doc["totals"].get)


def test_replay_reports_violation_with_exit_1() -> None:
    code, out, _ = run("replay", str(SAMPLES / "kierki-revoke.toml"), "--json")
    doc = json.loads(out)
    assert code == 1 and not doc["ok"]
    assert [v["rule"] for v in doc["violations"]] == ["follow-suit"]


def test_replay_human_output() -> None:
    code, out, _ = run("replay", str(SAMPLES / "kierki-revoke.toml"), "--ascii")
    assert code == 1 and "follow-suit" in out and "Winner" in out


def test_in_progress_json() -> None:
    code, out, _ = run("score", str(SAMPLES / "kierki-in-progress.toml"), "--json")
    doc = json.loads(out)
    assert code == 0 and not doc["complete"] and doc["winner"] is None
    assert doc["deals"][-1]["finished"] is False
    assert doc["deals"][-1]["scores"] is not None


def test_explain(tmp_path: Path) -> None:
    code, out, _ = run("explain", str(SAMPLES / "kierki-revoke.toml"), "--deal", "3",
                       "--trick", "4", "--ascii")
    assert code == 1 and "PROVEN follow-suit" in out and "Winner" in out  # CLI.md: exit 1
    code, _, err = run("explain", str(SAMPLES / "kierki-revoke.toml"), "--deal", "30")
    assert code == 2 and "no deal 30" in err


def test_bad_file(tmp_path: Path) -> None:
    p = tmp_path / "x.toml"
    p.write_text("format = 7\n")
    code, _, err = run("score", str(p))
    assert code == 2 and "format" in err and "Traceback" not in err
    code, _, err = run("score", str(tmp_path / "missing.toml"))
    assert code == 2 and "no such file" in err


def test_new_refuses_to_overwrite(game: Path) -> None:
    code, _, err = run("new", "kierki", str(game), "-p", "A", "-p", "B", "-p", "C", "-p", "D")
    assert code == 2 and "already exists" in err


def test_new_with_deal_and_seed(tmp_path: Path) -> None:
    p = tmp_path / "d.toml"
    code, _, _ = run("new", "kierki", str(p), "-p", "Ala", "-p", "Bartek", "-p", "Celina", "-p",
                     "Darek", "--deal", "--seed", "7", "-o", "trump_chooser=left")
    assert code == 0
    text = p.read_text()
    assert "seed = 7" in text and "hands" in text and 'trump_chooser = "left"' in text
    # hands known: a card Bartek does not hold is refused at once
    from referee.history.session import Session

    s = Session.load(p)
    hands = s.deals[0].key("hands")
    not_his = hands["Ala"][0]
    code, _, err = run("add", str(p), f"Bartek: {not_his}")
    assert code == 1 and "card-not-held" in err


def test_bad_option_value(tmp_path: Path) -> None:
    code, _, err = run("new", "kierki", str(tmp_path / "o.toml"), "-p", "A", "-p", "B", "-p",
                       "C", "-p", "D", "-o", "fantan_start_rank=9")
    assert code == 2 and "fantan_start_rank" in err


def test_copy_of_sample_plays_on(tmp_path: Path) -> None:
    p = tmp_path / "in-progress.toml"
    shutil.copy(SAMPLES / "kierki-in-progress.toml", p)
    code, out, _ = run("status", str(p))
    assert code == 0 and "trick" in out


@pytest.mark.parametrize("args", [["score"], ["score", "--json"], ["status", "--json"],
                                  ["replay", "--json"], ["replay", "--ascii"], ["status"]])
def test_the_entry_point_and_the_typer_app_say_the_same(
        args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from cli.app import main

    path = str(SAMPLES / "kierki-revoke.toml")
    with pytest.raises(SystemExit) as e:
        main([args[0], path, *args[1:]])
    fast = capsys.readouterr().out
    code, out, _ = run(args[0], path, *args[1:])
    assert e.value.code == code
    assert fast.split() == out.split()


@pytest.mark.parametrize("args", [["score"], ["status"], ["replay"], ["score", "--ascii"]])
def test_the_views_written_to_a_pipe_have_whole_lines(args: list[str]) -> None:
    """Written to a pipe (and no COLUMNS), the sheet's lines are whole: no wrapping at 80."""
    path = str(SAMPLES / "kierki-revoke.toml")
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    r = subprocess.run([sys.executable, "-m", "cli", args[0], path, *args[1:]],
                       capture_output=True, text=True,
                       env=dict(env, PYTHONPATH=str(SAMPLES.parent)), timeout=60)
    assert r.stderr == "" and r.returncode == (0 if args == ["status"] else 1)
    if args[0] != "status":
        bar = "|" if "--ascii" in args else "│"
        assert f"{bar}     6 {bar} Bartek {bar} not the 7th or the last trick {bar}" in r.stdout
        assert "rule follow-suit" in r.stdout


@pytest.mark.parametrize("view", ["score", "status", "replay"])
def test_a_reader_that_went_away_ends_a_plain_view_quietly(view: str) -> None:
    read, write = os.pipe()
    os.close(read)  # like '| head' having had its line
    try:
        r = subprocess.run([sys.executable, "-m", "cli", view,
                            str(SAMPLES / "kierki-complete.toml")], stdout=write,
                           stderr=subprocess.PIPE, timeout=60,
                           env=dict(os.environ, PYTHONPATH=str(SAMPLES.parent)))
    finally:
        os.close(write)
    assert r.returncode == 1 and r.stderr == b""


def test_a_read_only_form_with_a_bad_file_gives_one_line(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    from cli.app import main

    with pytest.raises(SystemExit) as e:
        main(["score", str(tmp_path / "none.toml"), "--json"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and "no such file" in err
