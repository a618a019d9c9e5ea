"""What the table sees (issue 11, items 7, 8, 9 and part of 16).

- a first dealer drawn at random (`new --dealer random`, `random` at the table mode's question),
  reproducible with `--seed`, written into the file and said;
- a claimed score (or outcome with a claimed score) that differs from the computed one is kept
  and reported as `claimed-score` (exit 1 from `add`, a warning in the table mode), while an
  impossible count (`outcome-total`) or text that cannot be read is still refused;
- `explain` exits 1 when what it shows holds a violation;
- control and format characters (bidi overrides, marks, isolates...) in names are escaped in
  every output, and `new -p` errors blame the option, not a key of the file.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tomllib
import unicodedata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from cli.plain import clean
from referee.history.session import Session
from referee.store import savefile
from tests.helpers import cli_run

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
FOUR = ["Ala", "Bartek", "Celina", "Darek"]
run = cli_run


def new(path: Path, *extra: str, game: str = "kierki", players: list[str] = FOUR
        ) -> tuple[int, str, str]:
    args = ["new", game, str(path)]
    for p in players:
        args += ["-p", p]
    return run(*args, *extra)


def data(path: Path) -> dict[str, object]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def rules_found(path: Path) -> list[tuple[object, ...]]:
    code, out, _ = run("replay", str(path), "--json")
    doc = json.loads(out)
    return [(v["deal"], v["player"], v["rule"]) for v in doc["violations"]]


# -- item 7: a first dealer drawn at random ------------------------------------------------------


def test_dealer_random_is_drawn_from_the_seed_written_and_said(tmp_path: Path) -> None:
    drawn = set()
    for seed in range(1, 9):
        names = []
        for copy in ("a", "b"):
            p = tmp_path / f"{seed}{copy}.toml"
            code, out, err = new(p, "--dealer", "random", "--seed", str(seed))
            assert code == 0, err
            who = data(p)["first_dealer"]  # written even when the draw is the first seat
            assert who in FOUR
            assert f"{who} deals first (drawn at random)" in out
            assert Session.load(p).setup.first_dealer == who
            names.append(who)
        assert names[0] == names[1]  # the same seed draws the same dealer
        drawn.add(names[0])
    assert len(drawn) > 1  # and the seed matters


def test_dealer_random_with_deal_deals_from_the_drawn_dealer(tmp_path: Path) -> None:
    p = tmp_path / "d.toml"
    code, out, err = new(p, "--dealer", "RANDOM", "--deal", "--seed", "5")
    assert code == 0, err
    d = data(p)
    who = d["first_dealer"]
    assert d["seed"] == 5 and d["deals"][0]["dealer"] == who  # type: ignore[index]
    q = tmp_path / "e.toml"
    assert new(q, "--dealer", "random", "--deal", "--seed", "5")[0] == 0
    assert data(q)["first_dealer"] == who


def test_dealer_random_without_a_seed(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    code, out, err = new(p, "--dealer", "random")
    assert code == 0, err
    assert data(p)["first_dealer"] in FOUR and "drawn at random" in out
    assert "seed" not in data(p)  # no virtual deal: nothing else changes


def test_dealer_random_in_a_game_of_one(tmp_path: Path) -> None:
    p = tmp_path / "f.toml"
    code, out, err = new(p, "--dealer", "random", game="foursquare", players=["Ola"])
    assert code == 0, err
    assert Session.load(p).setup.first_dealer == "Ola" and "Ola deals" in out


def test_a_player_named_random_is_named_not_drawn(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    code, out, err = new(p, "--dealer", "random",
                         players=["Ala", "Random", "Celina", "Darek"])
    assert code == 0, err
    assert data(p)["first_dealer"] == "Random" and "drawn" not in out


def test_seed_alone_still_needs_deal_or_random(tmp_path: Path) -> None:
    code, _, err = new(tmp_path / "g.toml", "--seed", "3")
    assert code == 2 and "--seed" in err
    code, _, err = new(tmp_path / "g.toml", "--dealer", "Bartek", "--seed", "3")
    assert code == 2 and "--seed" in err
    assert not (tmp_path / "g.toml").exists()


def test_random_at_the_table_modes_question(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    answers = "\n".join(["kierki", "Ala Bartek Celina Darek", "random", "", "", "", "y",
                         "g", "quit", ""])
    r = CliRunner().invoke(app, ["play"], input=answers)
    assert r.exit_code == 0, r.output
    assert "random" in r.output.split("First dealer", 1)[1].split(":", 1)[0]  # offered
    who = data(tmp_path / "g.toml")["first_dealer"]
    assert who in FOUR and f"{who} deals first (drawn at random)" in r.output
    assert Session.load(tmp_path / "g.toml").deals[0].entries[0].value == who  # type: ignore


# -- item 8: claimed scores are evidence -----------------------------------------------------


def test_add_keeps_a_wrong_claimed_score_and_exits_1(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    new(p)
    code, _, err = run("add", str(p), "outcome = { tricks = { Ala = 3, Bartek = 4, "
                       "Celina = 3, Darek = 3 } }")
    assert code == 0, err
    code, out, err = run("add", str(p), "claimed = { Ala = -60, Bartek = -60 }")
    assert code == 1 and "claimed-score" in out and "refused" not in err
    assert data(p)["deals"][0]["claimed"] == {"Ala": -60, "Bartek": -60}  # type: ignore
    assert rules_found(p) == [(1, "Bartek", "claimed-score")]
    code, _, _ = run("replay", str(p))
    assert code == 1
    # a right claimed score is simply recorded
    code, out, err = run("add", str(p), "claimed = { Ala = -60, Bartek = -80 }")
    assert code == 0 and "claimed-score" not in out + err and rules_found(p) == []


def test_outcome_and_claimed_in_one_add_kozel(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    new(p, game="kozel")
    code, out, err = run("add", str(p), "outcome = { points = { Bartek = 91, Ala = 29 }, "
                         "tricks = { Bartek = 5, Ala = 2 } }", "claimed = { Ala = 2 }")
    assert code == 1 and "claimed-score" in out, err
    assert rules_found(p) == [(1, "Ala & Celina", "claimed-score")]
    assert len(Session.load(p).deals[0].entries) == 3  # dealer, outcome, claimed


def test_impossible_or_unreadable_is_still_refused(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    new(p)
    before = p.read_text()
    code, _, err = run("add", str(p), "outcome = { tricks = { Ala = 3, Bartek = 4, "
                       "Celina = 3, Darek = 9 } }")
    assert code == 1 and "outcome-total" in err and p.read_text() == before
    run("add", str(p), "outcome = { tricks = { Ala = 13 } }")
    before = p.read_text()
    code, _, err = run("add", str(p), "claimed = { Zed = -60 }")
    assert code == 2 and p.read_text() == before
    code, _, err = run("add", str(p), "claimed = { Ala = \"lots\" }")
    assert code == 2 and p.read_text() == before


def test_the_play_that_ends_a_deal_with_a_wrong_claim_is_kept(tmp_path: Path) -> None:
    """Schmier compares the claim when the deal ends: the last trick used to be refused."""
    text = (SAMPLES / "schmier-revoke.toml").read_text()
    first = text.split("\n[[deals]]", 2)
    deal1 = first[1].replace('  "Ala: 6H 8C KD KS JS 4H",\n', "").replace(
        "claimed = { Ala = 3, Bartek = -5, Celina = 3 }", "claimed = { Ala = 3, Bartek = -5, "
        "Celina = 4 }")
    p = tmp_path / "s.toml"
    p.write_text(first[0] + "\n[[deals]]" + deal1)
    assert rules_found(p) == []
    code, out, err = run("add", str(p), "Ala: 6H 8C KD KS JS 4H")
    assert code == 1 and "claimed-score" in out, err
    assert "Ala: 6H 8C KD KS JS 4H" in p.read_text()
    assert rules_found(p) == [(1, "Celina & Filip", "claimed-score")]


def test_a_claim_typed_after_a_dealt_deal_belongs_to_that_deal(tmp_path: Path) -> None:
    """With --deal the referee deals the next deal at once; the claim is still the last one's."""
    p = tmp_path / "d.toml"
    new(p, "--deal", "--seed", "4")
    run("add", str(p), "outcome = { tricks = { Ala = 3, Bartek = 4, Celina = 3, Darek = 3 } }")
    code, out, _ = run("add", str(p), "claimed = { Ala = 0 }")
    assert code == 1 and "claimed-score" in out
    deals = data(p)["deals"]
    assert deals[0]["claimed"] == {"Ala": 0} and "claimed" not in deals[1]  # type: ignore
    assert rules_found(p) == [(1, "Ala", "claimed-score")]
    code, out, _ = run("undo", str(p))
    assert code == 0 and "claimed" not in p.read_text()


def test_the_table_mode_warns_and_keeps_the_claim(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    new(p)
    lines = ["outcome = { tricks = { Ala = 3, Bartek = 4, Celina = 3, Darek = 3 } }",
             "claimed = { Bartek = -60 }", "y", "quit", ""]  # y: for deal 1 (issue 23)
    r = CliRunner().invoke(app, ["play", str(p)], input="\n".join(lines))
    assert r.exit_code == 0, r.output
    warned = [x for x in r.output.splitlines() if "claimed-score" in x]
    assert len(warned) == 1 and "refused" not in warned[0]
    assert data(p)["deals"][0]["claimed"] == {"Bartek": -60}  # type: ignore[index]


# -- item 9: explain's exit code -----------------------------------------------------------------


@pytest.mark.parametrize(("name", "args", "code"), [
    ("kierki-revoke.toml", ["--deal", "3", "--trick", "4"], 1),  # a PROVEN follow-suit
    ("kierki-revoke.toml", ["--deal", "3", "--trick", "2"], 0),
    ("kierki-revoke.toml", ["--deal", "3"], 1),
    ("kierki-revoke.toml", ["--deal", "2"], 0),
    ("kierki-hearts-lead.toml", ["--deal", "2", "--trick", "12"], 1),
    ("foursquare-illegal.toml", ["--deal", "1", "--trick", "4"], 1),  # turn 4
    ("foursquare-illegal.toml", ["--deal", "1", "--trick", "1"], 0),
    ("kozel-illegal-beat.toml", ["--deal", "1", "--trick", "1"], 1),
    ("kozel-outcomes-claimed.toml", ["--deal", "3"], 1),
    ("kozel-outcomes-claimed.toml", ["--deal", "1"], 0),
    ("schmier-revoke.toml", ["--deal", "2", "--trick", "1"], 1),
    ("wisconsin-revoke.toml", ["--deal", "2", "--trick", "2"], 0),
])
def test_explain_exits_1_when_it_shows_a_violation(name: str, args: list[str],
                                                   code: int) -> None:
    got, out, err = run("explain", str(SAMPLES / name), *args)
    assert got == code, out + err
    assert out.strip()


# -- item 16: names shown literally; -p errors blame -p ---------------------------------------

BIDI = "Bar\u202etek"


def test_clean_escapes_every_control_and_format_character() -> None:
    for n in range(sys.maxunicode + 1):
        ch = chr(n)
        cat = unicodedata.category(ch)
        want = cat in ("Cf", "Zl", "Zp") or cat == "Cc" and ch not in "\t\n"
        got = clean(ch) != ch
        assert got == want or got and cat == "Cn", f"U+{n:04X} {cat}"
    assert clean("Bar\u202etek") == "Bar\\u202etek" and clean("a\u200fb") == "a\\u200fb"
    assert clean("x\U000e0041") == "x\\U000e0041" and clean("Zoë\tok\n") == "Zoë\tok\n"


def raw_controls(text: str) -> list[str]:
    return [f"U+{ord(c):04X}" for c in text if unicodedata.category(c) in ("Cf", "Zl", "Zp")
            or unicodedata.category(c) == "Cc" and c not in "\t\n\r\x1b"]


def test_new_and_errors_escape_a_bidi_name(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    code, out, err = new(p, "--dealer", "random", "--seed", "2",
                         players=["Ala", BIDI, "Celina", "Darek\u2067"])
    assert code == 0, err
    assert raw_controls(out) == [] and "Bar\\u202etek" in out
    code, out, err = run("add", str(p), "Zz\u200f: AS")
    assert code == 2 and raw_controls(err) == [] and "\\u200f" in err
    assert "Bar\\u202etek" in err  # the players listed in the message
    code, out, err = run("add", str(p), "Celina: AS", "Celina: KS")
    assert code == 1 and raw_controls(out + err) == []
    for view in (["status"], ["score"], ["replay"], ["undo"], ["explain", "--deal", "1"]):
        code, out, err = run(view[0], str(p), *view[1:])
        assert raw_controls(out + err) == [], view


def test_the_table_mode_escapes_names(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    new(p, players=["Ala", "B\u200eartek", "Celina", "Darek\u2067"])
    r = CliRunner().invoke(app, ["play", str(p)],
                           input="Celina: 2C\nB: 3C\nscore\nquit\n")
    assert r.exit_code == 0 and raw_controls(r.output) == [], r.output
    assert "B\\u200eartek" in r.output and "Darek\\u2067" in r.output


@pytest.mark.parametrize(("players", "blamed"), [
    (["Ala", "Ba:r", "Celina", "Darek"], "-p 'Ba:r'"),
    (["Ala", " Bartek", "Celina", "Darek"], "-p ' Bartek'"),
    (["Ala", "Ala\x07", "Celina", "Darek"], "-p 'Ala\\x07'"),
    (["Ala", "ala", "Celina", "Darek"], "-p 'ala'"),
    (["Ala", "Bartek", "Celina"], "-p: kierki is played by 4 players, not 3"),
])
def test_new_p_errors_blame_the_option(tmp_path: Path, players: list[str],
                                       blamed: str) -> None:
    p = tmp_path / "g.toml"
    code, out, err = new(p, players=players)
    assert code == 2 and err.startswith(f"referee: {blamed}"), err
    assert "key" not in err and "players[" not in err and str(p) not in err
    assert not p.exists()


def test_new_dealer_error_blames_the_option(tmp_path: Path) -> None:
    code, _, err = new(tmp_path / "g.toml", "--dealer", "Zed")
    assert code == 2 and err.startswith("referee: --dealer") and "key" not in err


def test_the_sample_games_still_read_their_first_dealer(tmp_path: Path) -> None:
    """first_dealer is written in a new file; a file saved again reads back the same, and
    keeps what it says as it says it (issue 12: an existing file changes only where the game
    changed, so a file that leaves first_dealer out still does)."""
    for src in sorted(SAMPLES.glob("*.toml")):
        p = tmp_path / src.name
        shutil.copy(src, p)
        s = Session.load(p)
        before = (s.setup, s.result().totals)
        s.save()
        again = Session.load(p)
        assert (again.setup, again.result().totals) == before, src.name
        assert p.read_bytes() == src.read_bytes(), src.name
        if len(s.setup.players) > 1:
            written = savefile.dumps(s.rules, s.setup, s.deals)  # a new file says it
            assert re.search(r'^first_dealer = "', written, re.M), src.name


def test_the_last_deals_claim_is_welcome_after_the_end(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    new(p, game="kozel")
    whitewash = "outcome = { points = { Ala = 120 }, tricks = { Ala = 6 } }"
    assert run("add", str(p), whitewash, whitewash)[0] == 0
    assert Session.over(Session.load(p).result())
    code, _, err = run("add", str(p), whitewash)
    assert code == 1 and "turn-order" in err  # nothing is played after the end
    code, out, err = run("add", str(p), "claimed = { Bartek = 12 }")
    assert code == 1 and "claimed-score" in out, err
    assert data(p)["deals"][-1]["claimed"] == {"Bartek & Darek": 12}  # type: ignore[index]
    code, out, err = run("add", str(p), "claimed = { Bartek = 6 }")
    assert code == 0 and rules_found(p) == [], out + err
