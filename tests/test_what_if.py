"""Scoring under another option (RULES.md "what if?"): entries that the option makes
unplayable are left out and listed as not played, never reported as violations."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from referee.history import edit
from referee.history.session import Session
from referee.history.whatif import rescore
from referee.store.savefile import loads
from tests.helpers import cli_run, head, kierki_before, replay_text

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
STOP = "stop_when_penalties_gone"

# deal 5 ends when Celina takes the king of hearts at trick 2; two more tricks are written
DEAL5 = ('tricks = ["Bartek: 8C JC 2C 5C", "Celina: KH 2H 5H 8H", "Celina: 3C 4C 6C 7C", '
         '"Bartek: 9C 10C QC KC"]\n')


def deal5(options: str = "") -> str:
    return head(extra=options) + kierki_before(5) + "\n[[deals]]\n" + DEAL5


def test_what_if_lists_tricks_not_played_instead_of_violations() -> None:
    code, out, _ = cli_run("score", str(SAMPLES / "kierki-complete.toml"), "-o", f"{STOP}=true")
    assert "new violation" not in out
    assert f"deal 3: not played under {STOP}: 3 tricks" in out
    assert f"deal 5: not played under {STOP}: 2 tricks" in out
    assert code == 0


def test_what_if_json_carries_not_played_and_the_same_violations() -> None:
    code, out, _ = cli_run("score", str(SAMPLES / "kierki-complete.toml"), "-o", f"{STOP}=true",
                           "--json")
    doc = json.loads(out)
    other = doc["rescored"]
    assert other["violations"] == doc["violations"] == []
    left = {d["number"]: d["not_played"] for d in other["deals"] if "not_played" in d}
    assert sorted(left) == [3, 5]
    assert len(left[3]) == 12 and len(left[5]) == 8
    assert all(": " in e for e in left[3] + left[5])  # entry text, "Name: card"
    assert code == 0


def test_a_table_playing_under_the_option_gets_the_same() -> None:
    res = replay_text(deal5(f"[options]\n{STOP} = true\n"))
    assert res.violations == []
    d = res.deals[-1]
    assert d.finished and d.scores == {"Ala": 0, "Bartek": 0, "Celina": -150, "Darek": 0}
    assert d.not_played == ["Celina: 3C", "Darek: 4C", "Ala: 6C", "Bartek: 7C",
                            "Bartek: 9C", "Celina: 10C", "Darek: QC", "Ala: KC"]


def test_without_the_option_every_trick_is_played() -> None:
    # played, Celina's 3C at trick 3 proves her heart lead at trick 2 wrong; not played under
    # the option, it proves nothing (the violations are exactly those of the game under it)
    res = replay_text(deal5())
    assert {(v.deal, v.trick, v.player, v.rule) for v in res.violations} == \
        {(5, 2, "Celina", "hearts-lead")}
    assert res.deals[-1].not_played == [] and not res.deals[-1].finished


def test_json_not_played_in_score_only_where_left_out_in_replay_always(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    p.write_text(deal5(f"[options]\n{STOP} = true\n"))
    _, out, _ = cli_run("score", str(p), "--json")
    deals = json.loads(out)["deals"]
    assert [d["number"] for d in deals if "not_played" in d] == [5]
    code, out, _ = cli_run("replay", str(p), "--json")
    deals = json.loads(out)["deals"]
    assert all("not_played" in d for d in deals)
    assert deals[-1]["not_played"][:2] == ["Celina: 3C", "Darek: 4C"]
    assert code == 0


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_score_json_of_the_samples_is_unchanged(sample: Path) -> None:
    _, out, _ = cli_run("score", str(sample), "--json")
    assert all("not_played" not in d for d in json.loads(out)["deals"])


def test_the_human_views_list_what_was_not_played(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    p.write_text(deal5(f"[options]\n{STOP} = true\n"))
    for cmd in (("replay",), ("score",), ("export", "--format", "markdown")):
        code, out, _ = cli_run(cmd[0], str(p), *cmd[1:])
        assert code == 0, cmd
        assert f"not played under {STOP}: 2 tricks" in out.lower().replace("\\_", "_"), cmd
    _, out, _ = cli_run("explain", str(p), "--deal", "5")
    assert f"Not played under {STOP}: 2 tricks" in out
    code, _, err = cli_run("explain", str(p), "--deal", "5", "--trick", "3")
    assert code == 2 and f"not played under {STOP}" in err


def test_a_what_if_that_changes_nothing_is_not_a_copy(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    shutil.copy(SAMPLES / "kierki-complete.toml", p)
    before = p.read_bytes()
    cli_run("score", str(p), "-o", f"{STOP}=true")
    assert p.read_bytes() == before


# -- an option that ends the game sooner: Kozel's eggs ----------------------------------------

EGGS = head("kozel") + (
    "\n[[deals]]\noutcome = { points = { Ala = 60, Bartek = 60 } }\n"
    "\n[[deals]]\noutcome = { points = { Ala = 120, Bartek = 0 }, tricks = { Ala = 6, "
    "Bartek = 0 } }\n"
    "\n[[deals]]\noutcome = { points = { Ala = 70, Bartek = 50 } }\n")


def test_games_after_the_end_an_option_brings_are_not_played(tmp_path: Path) -> None:
    # eggs = "double": game 2's 6 loss points count 12 and end the series; game 3 was played
    # at the table, but not under the option: listed, no violation
    p = tmp_path / "k.toml"
    p.write_text(EGGS)
    code, out, _ = cli_run("score", str(p), "-o", "eggs=double", "--json")
    doc = json.loads(out)
    other = doc["rescored"]
    assert other["violations"] == [] and other["winner"] == "Ala & Celina"
    assert other["totals"] == {"Ala & Celina": 0, "Bartek & Darek": 12}
    last = other["deals"][-1]
    assert last["number"] == 3 and last["scores"] is None and len(last["not_played"]) == 1
    assert code == 0
    code, out, _ = cli_run("score", str(p), "-o", "eggs=double")
    assert "new violation" not in out
    assert "deal 3: not played under eggs=double" in out


def test_a_game_already_over_in_the_file_keeps_its_violation(tmp_path: Path) -> None:
    # without the option the series is over after game 2 too (6 + 6 loss points): the game
    # after it broke turn-order at the table, and does under the option as well
    text = head("kozel") + "".join(
        "\n[[deals]]\noutcome = { points = { Ala = 120, Bartek = 0 }, tricks = { Ala = 6, "
        "Bartek = 0 } }\n" for _ in range(3))
    p = tmp_path / "k.toml"
    p.write_text(text)
    _, out, _ = cli_run("score", str(p), "-o", "eggs=double", "--json")
    doc = json.loads(out)
    assert [v["rule"] for v in doc["rescored"]["violations"]] == ["turn-order"]
    assert doc["rescored"]["violations"] == doc["violations"]
    assert all("not_played" not in d for d in doc["rescored"]["deals"])


# -- the one rescore (issue 30): what ``score -o`` and any other caller get --------------------

def test_rescore_replays_under_the_options_and_leaves_the_file_alone() -> None:
    s = Session.load(SAMPLES / "kierki-complete.toml")
    other = rescore(s.rules, s.setup, s.deals, {"fantan_start_rank": 8})
    assert other.setup.options["fantan_start_rank"] == 8
    assert s.setup.options.get("fantan_start_rank", 7) == 7
    assert any(v.rule.startswith("fantan") for v in edit.diff(s.result(), other).appeared)


def test_rescore_leaves_out_the_games_after_the_end_the_options_bring() -> None:
    # the behaviour the second copy (``edit.rescore``, removed) did not have: it replayed game 3
    # under eggs = "double" as if the series went on
    rules, setup, deals = loads(EGGS.encode(), "eggs.toml")
    other = rescore(rules, setup, deals, {"eggs": "double"})
    assert other.violations == [] and other.winner == "Ala & Celina"
    assert [(d.number, d.scores is None, len(d.not_played)) for d in other.deals][-1] == \
        (3, True, 1)
