"""Issue 13, "What a new user tripped over": each point, as a new user meets it.

Through the Typer app (CliRunner; the table mode reads its lines from stdin there) and, for
what needs a terminal (``replay --step``), in a real pseudo-terminal with pexpect.
"""

from __future__ import annotations

import csv
import io
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli.app import app
from referee.history.session import Session
from tests.helpers import cli_run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
FOUR = ["Ala", "Bartek", "Celina", "Darek"]


def play(path: Path | None, *lines: str, cwd: Path | None = None) -> str:
    """``referee play`` with ``lines`` typed; its whole output (the exit code must be 0)."""
    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        r = CliRunner().invoke(app, ["play", *([str(path)] if path else [])],
                               input="\n".join([*lines, ""]))
    finally:
        os.chdir(old)
    assert r.exit_code == 0, r.output
    return r.output


def first_deals(sample: str, n: int, dest: Path) -> Path:
    """The sample game cut after its first ``n`` deals."""
    text = (SAMPLES / sample).read_text()
    cut = [m.start() for m in re.finditer(r"^\[\[deals\]\]", text, re.M)]
    dest.write_text(text[:cut[n]] if len(cut) > n else text)
    return dest


def new_kozel(p: Path) -> None:
    code, _, err = cli_run("new", "kozel", str(p), *(x for n in FOUR for x in ("-p", n)))
    assert code == 0, err


# -- 1. a violation is said once: status, the end of a deal, resuming ----------------------


def kierki_revoke(tmp_path: Path) -> Path:
    """Deal 1 open, with a revoke proven: Ala did not follow clubs, then played a club."""
    from tests.test_messages_golden import kdeal

    p = tmp_path / "r.toml"
    p.write_text(kdeal('tricks = ["Bartek: 5C 8C JC 2D", "Darek: QC"]\n'))
    code, _, _ = cli_run("add", str(p), "Ala: 3C")
    assert code == 1  # proven
    return p


def test_status_lists_the_open_deals_violations(tmp_path: Path) -> None:
    p = kierki_revoke(tmp_path)
    code, out, _ = cli_run("status", str(p), "--ascii")
    assert code == 0
    assert "1 violation in this deal" in out and "rule follow-suit" in out
    # the table's own 'status' says it too
    shown = play(p, "status", "quit").split("'help' for help", 1)[1]
    assert "holds 1 violation: deal 1, trick 1" in shown  # on opening
    at_status = shown.split("holds 1 violation", 1)[1]
    assert "1 violation in this deal" in at_status and "rule follow-suit" in at_status


def test_a_game_without_violations_says_none(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    new_kozel(p)
    code, out, _ = cli_run("status", str(p))
    assert code == 0 and "violation" not in out
    assert "holds" not in play(p, "quit")


def test_resuming_says_how_many_and_where(tmp_path: Path) -> None:
    p = first_deals("wisconsin-revoke.toml", 2, tmp_path / "w.toml")
    out = play(p, "quit")
    assert re.search(r"holds 1 violation: deal 2, trick 1\b", out), out


def test_the_end_of_a_deal_sums_up_its_violations(tmp_path: Path) -> None:
    p = first_deals("wisconsin-revoke.toml", 2, tmp_path / "w.toml")
    out = play(p, "undo", "y", "redo", "quit")
    after = out.split("redone:", 1)[1]
    assert "Deal 2 over" in after
    summed = after.split("Deal 2 over", 1)[1]
    assert "1 violation in deal 2:" in summed and "rule follow-suit" in summed


# -- 2. Wisconsin and Schmier: who took each point, the bid made or set --------------------


@pytest.mark.parametrize(("sample", "points"), [
    ("wisconsin-complete.toml", ["High", "Low", "Jack", "Game"]),
    ("schmier-complete.toml", ["High", "Low", "Right bauer", "Left bauer", "Joker", "Game"]),
])
def test_the_end_of_a_deal_says_who_took_each_point(tmp_path: Path, sample: str,
                                                    points: list[str]) -> None:
    p = first_deals(sample, 1, tmp_path / "g.toml")
    extra = Session.load(p).result().deals[0].extra
    out = play(p, "undo", "y", "redo", "quit").split("redone:", 1)[1]
    news = out.split("Deal 1 over", 1)[1]
    for key, who in extra["points"].items():
        assert who is not None
        name = {"right_bauer": "Right bauer", "left_bauer": "Left bauer"}.get(key, key.title())
        assert re.search(rf"{re.escape(who)} took [^;\n]*\b{name}\b", news), news
    assert all(x in news for x in points)
    made = "made" if extra["result"] == "made" else "was set"
    assert f"{extra['bidder']}'s bid of {extra['bid']} {made}" in news
    # replay says it too, once (issue 23: the deal's summary, not the table's news as well)
    code, rep, _ = cli_run("replay", str(p), "--ascii")
    said = f"{extra['bidder']} bid {extra['bid']}: {'made' if made == 'made' else 'set'}"
    assert rep.count(said) == 1, rep
    assert rep.count("Points: ") == 1 and f"{extra['bidder']}'s bid of" not in rep


def test_a_set_bid_is_said_set() -> None:
    from referee.games.schmier.text import deal_news

    lines = deal_news({"points": {"high": "A & C", "low": None, "jack": "B & D",
                                  "game": "B & D"}, "bidder": "Ala", "bid": 3,
                       "result": "set"})
    assert lines[0] == "A & C took High; B & D took Jack and Game; no one took Low"
    assert lines[-1] == "Ala's bid of 3 was set"


# -- 3. Kozel: card points in a short form; no TOML advertised at the prompt ----------------


def outcome_points(p: Path) -> Any:
    import tomllib

    return tomllib.loads(p.read_text())["deals"][-1]["outcome"]["points"]


def test_kozel_points_short_form(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    new_kozel(p)
    code, out, err = cli_run("add", str(p), "points 70 50")
    assert code == 0, err
    assert outcome_points(p) == {"Ala & Celina": 70, "Bartek & Darek": 50}
    code, _, err = cli_run("add", str(p), "40-80")  # as the sheet writes a result
    assert code == 0, err
    assert outcome_points(p) == {"Ala & Celina": 40, "Bartek & Darek": 80}
    code, _, err = cli_run("add", str(p), "points 70")
    assert code == 2 and "points 70 50" in err
    # and at the table, as the prompt offers it
    out = play(p, "points 90 30", "quit")
    assert "refused" not in out and "cannot read" not in out
    assert outcome_points(p) == {"Ala & Celina": 90, "Bartek & Darek": 30}


def test_the_kozel_prompts_example_is_accepted(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    new_kozel(p)
    prompt = Session.load(p).result().expect.prompt
    examples = re.findall(r"'([^']+)'", prompt)
    assert "trump S" in examples and any(x.startswith("points ") for x in examples)
    for ex in examples:
        q = tmp_path / "e.toml"
        shutil.copy(p, q)
        code, _, err = cli_run("add", str(q), ex)
        assert code == 0, (ex, err)


BLIND = ('[[deals]]\ndealer = "Ala"\ntrump = "S"\ntricks = ["Bartek: 6S 7S 8S 9S / '
         'Celina: ~? ? ? ? / Darek: ~? ? ? ? / Ala: JS QS KS 10S", "Ala: AH 6H 7H 8H / '
         'Bartek: ~? ? ? ? / Celina: ~? ? ? ? / Darek: ~? ? ? ?", "Ala: 6D / Bartek: ~? / '
         'Celina: ~? / Darek: ~?"]\n')


@pytest.mark.parametrize("game", ["kierki", "wisconsin-schmier", "schmier", "foursquare",
                                  "kozel"])
def test_no_prompt_advertises_toml(tmp_path: Path, game: str) -> None:
    from referee import games

    g = games.get(game)
    lo = g.player_count[0]
    players = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip"][:max(lo, 4 if lo <= 4
                                                                          else lo)]
    players = players[:g.player_count[1]]
    p = tmp_path / "g.toml"
    code, out, err = cli_run("new", game, str(p), *(x for n in players for x in ("-p", n)))
    assert code == 0, err
    prompts = [Session.load(p).result().expect.prompt]
    if game == "kozel":
        p.write_text(p.read_text() + "\n" + BLIND)  # discards unseen: the points are asked
        res = Session.load(p).result()
        assert res.expect.action == "outcome"
        prompts.append(res.expect.prompt)
        example = re.findall(r"'(points \d+ \d+)'", res.expect.prompt)  # it is accepted
        code, _, err = cli_run("add", str(p), *example)
        assert code == 0, err
        prompts.append(Session.load(p).result().expect.prompt)
    for prompt in prompts:
        assert not re.search(r'= "|= \{|\w = \w', prompt), prompt


# -- 4. a [Y/n] question asks again ----------------------------------------------------------


def test_yes_no_asks_again(tmp_path: Path) -> None:
    out = play(tmp_path / "new.toml", "maybe", "n")
    assert out.count("Start a new game there") == 2 and "please answer y or n" in out
    assert "nothing written" in out and not (tmp_path / "new.toml").exists()


def test_the_virtual_cards_question_asks_again(tmp_path: Path) -> None:
    out = play(None, "kierki", "Ala Bartek Celina Darek", "Ala", "", "", "", "sure", "y",
               "g", "quit", cwd=tmp_path)
    assert out.count("virtual cards") == 2 and "please answer y or n" in out
    assert "hands" in (tmp_path / "g.toml").read_text()


def test_yes_no_words() -> None:
    from cli.start import yes_no

    assert yes_no("", True) is True and yes_no("", False) is False
    assert yes_no("Y", False) is True and yes_no("no", True) is False
    assert yes_no("maybe", True) is None and yes_no("nope", False) is None


def test_keep_this_change_asks_again(tmp_path: Path) -> None:
    p = kierki_revoke(tmp_path)
    before = p.read_text()
    out = play(p, "edit 1", "6", "Ala: 2C", "hmm", "n", "quit")
    assert out.count("Keep this change?") == 2 and "nothing changed" in out
    assert p.read_text() == before


# -- 5. replay --step: q quits, b goes back ----------------------------------------------------


def test_replay_step_quits_and_goes_back(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, TERM="xterm", COLUMNS="120", LINES="50", LANG="C.UTF-8",
               PYTHONPATH=str(ROOT))
    t = pexpect.spawn(sys.executable, ["-m", "cli", "replay", "--step", "--ascii",
                                       str(SAMPLES / "wisconsin-complete.toml")],
                      env=env, encoding="utf-8", timeout=15, dimensions=(50, 120))
    t.expect("Deal 1;")
    t.expect(r"q quit")
    t.sendline("")
    t.expect("Deal 2;")
    t.expect(r"b back, q quit")
    t.sendline("x")  # anything else: asked again
    t.expect("Enter for the next deal")
    t.sendline("b")
    t.expect("Deal 1;")  # back one deal
    t.expect("q quit")
    t.sendline("")
    t.expect("Deal 2;")
    t.sendline("q")
    t.expect(pexpect.EOF)
    rest = t.before or ""
    assert "Deal 3;" not in rest and "total" not in rest  # quit: nothing more
    t.close()
    assert t.exitstatus == 0


# -- 6. Foursquare: the heights of the piles ----------------------------------------------


def test_foursquare_grid_shows_pile_heights(tmp_path: Path) -> None:
    res = Session.load(SAMPLES / "foursquare-won.toml").result()
    st = res.state
    cells = [x for row in (res.table.grid or [])[1:] for x in row[1:]]
    game = st[-1] if isinstance(st, list) else None
    heights = sorted(int(m.group(1)) for x in cells if (m := re.search(r"\((\d+)\)$", x)))
    assert heights and max(heights) >= 2
    if game is not None:
        assert sorted(len(v) for v in game.piles.values() if len(v) > 1) == heights
    code, out, _ = cli_run("status", str(SAMPLES / "foursquare-won.toml"), "--ascii")
    assert code == 0 and re.search(r"\b[0-9TJQKA]+[SHDC] \(2\)", out)
    assert "the pile holds N cards" in out


# -- 7. export -----------------------------------------------------------------------------


def test_markdown_escapes_only_what_a_cell_needs(tmp_path: Path) -> None:
    p = tmp_path / "h.toml"
    code, _, err = cli_run("new", "kierki", str(p), "-p", "Ala (host)", "-p", "B|x", "-p",
                           "Celina #1", "-p", "Darek+")
    assert code == 0, err
    code, out, _ = cli_run("export", str(p), "-f", "markdown")
    assert code == 0
    assert "Ala (host)" in out and "Celina #1" in out and "Darek+" in out
    assert "\\(" not in out and "B\\|x" in out


@pytest.mark.parametrize("sample", ["kozel-in-progress.toml", "foursquare-series.toml"])
def test_games_of_their_own_export_as_games(sample: str) -> None:
    code, out, _ = cli_run("export", str(SAMPLES / sample))
    head = next(csv.reader(io.StringIO(out)))
    assert code == 0 and head[0] == "game" and "contract" not in head and "deal" not in head
    code, out, _ = cli_run("export", str(SAMPLES / sample), "-f", "markdown")
    table_head = next(x for x in out.splitlines() if x.startswith("| "))
    assert table_head.startswith("| game | dealer | result |")
    assert "contract" not in out


def test_contract_games_keep_their_column() -> None:
    code, out, _ = cli_run("export", str(SAMPLES / "wisconsin-complete.toml"))
    head = next(csv.reader(io.StringIO(out)))
    assert head[:3] == ["deal", "dealer", "contract"]


def test_export_output_is_long_only(tmp_path: Path) -> None:
    out = tmp_path / "s.md"
    code, _, err = cli_run("export", str(SAMPLES / "kierki-complete.toml"), "-o", str(out))
    assert code == 2 and "--output" in err and not out.exists()
    code, msg, _ = cli_run("export", str(SAMPLES / "kierki-complete.toml"), "--output",
                           str(out))
    assert code == 0 and out.exists()


# -- 8. play on a finished game ------------------------------------------------------------


def test_play_on_a_finished_game(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    shutil.copy(SAMPLES / "kierki-complete.toml", p)
    before = p.read_bytes()
    out = play(p, "hm", "")
    assert "The game is over. Winner: Darek" in out
    assert out.count("Show the score sheet?") == 2
    assert "total" in out  # the sheet
    assert f"referee score {p}" in out and f"referee replay {p}" in out
    out = play(p, "n")
    assert "Winner: Darek" in out and "total" not in out
    assert f"referee replay {p}" in out and "saving to" not in out
    assert p.read_bytes() == before


def test_play_on_a_finished_game_with_violations_says_so(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    shutil.copy(SAMPLES / "kierki-revoke.toml", p)
    n = len(Session.load(p).result().violations)
    out = play(p, "n")
    assert "The game is over" in out and f"holds {n} violation" in out


def test_kozel_status_calls_its_deal_a_game() -> None:
    res = Session.load(SAMPLES / "kozel-illegal-beat.toml").result()
    rules = {v.rule for v in res.violations if v.deal == res.expect.deal}
    assert rules
    code, out, _ = cli_run("status", str(SAMPLES / "kozel-illegal-beat.toml"), "--ascii")
    assert code == 0 and "violation in this game:" in out
    assert all(f"rule {r}" in out for r in rules)
