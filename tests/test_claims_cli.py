"""``referee claim``: exit codes (0 holds, 1 fails, 2 bad input), --json, --hand."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.commands import app
from tests.claims_build import build
from tests.test_claims_positions import SPLIT, SPLIT_FILLER

runner = CliRunner()


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_holds_exit_0_and_json(tmp_path: Path) -> None:
    f = write(tmp_path, build("kierki", SPLIT_FILLER, SPLIT))
    r = runner.invoke(app, ["claim", f, "Ala"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["claim", f, "Ala", "--json"])
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["verdict"] == "holds" and doc["hands_known"] is True
    assert "holds" not in doc and "decided" not in doc  # one field says it: verdict
    assert doc["claimer"] == "Ala" and doc["side"] == ["Ala"]
    assert doc["tricks"] == 4 and doc["left"] == 4 and doc["counter"] is None
    assert doc["line"]


def test_fails_exit_1_with_a_counter(tmp_path: Path) -> None:
    f = write(tmp_path, build("kierki", SPLIT_FILLER))
    r = runner.invoke(app, ["claim", f, "Ala", "--rest", "--hand", SPLIT["Ala"], "--json"])
    assert r.exit_code == 1, r.output
    doc = json.loads(r.stdout)
    assert doc["verdict"] == "fails" and doc["hands_known"] is False
    assert set(doc["counter"]) == {"Bartek", "Celina", "Darek"}
    assert all(len(v) == 4 for v in doc["counter"].values())
    r = runner.invoke(app, ["claim", f, "Ala", "--tricks", "3", "--hand", SPLIT["Ala"]])
    assert r.exit_code == 0


def test_bad_input_exit_2(tmp_path: Path) -> None:
    f = write(tmp_path, build("kierki", SPLIT_FILLER))
    for args in (["--hand", "AS KS QS 3S"],      # 3S already played
                 ["--hand", "AS KS QS"],         # wrong number of cards
                 ["--hand", "AS KS QS ZZ"],      # not a card
                 [],                             # hands unseen, no --hand, stdin not a terminal
                 ["--hand", SPLIT["Ala"], "--tricks", "9"],
                 ["--hand", SPLIT["Ala"], "--tricks", "2", "--rest"]):
        r = runner.invoke(app, ["claim", f, "Ala", *args])
        assert r.exit_code == 2, (args, r.output)
        assert "Traceback" not in r.output
    r = runner.invoke(app, ["claim", f, "Zosia", "--hand", SPLIT["Ala"]])
    assert r.exit_code == 2


def test_game_without_tricks_exit_2(tmp_path: Path) -> None:
    src = Path(__file__).parent.parent / "sample_games" / "kozel-in-progress.toml"
    r = runner.invoke(app, ["claim", str(src), "Ala", "--hand", "AS"])
    assert r.exit_code == 2


def test_the_hand_is_asked_for_at_a_terminal(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import cli.claim

    monkeypatch.setattr(cli.claim, "stdin_is_terminal", lambda: True)
    f = write(tmp_path, build("kierki", SPLIT_FILLER))
    r = runner.invoke(app, ["claim", f, "Ala", "--tricks", "3", "--json"],
                      input=SPLIT["Ala"] + "\n")
    assert r.exit_code == 0, r.output
    # the question goes to stderr; the runner echoes the typed line on stdout
    assert json.loads(r.stdout[r.stdout.index("{"):])["verdict"] == "holds"
    r = runner.invoke(app, ["claim", f, "Ala"], input="AS KS\n")
    assert r.exit_code == 2


def test_undecided_within_the_budget_exits_1_as_not_proven(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import referee.claims
    from tests.test_claims_positions import wisconsin_void

    defaults = dict(referee.claims.judge.__kwdefaults__ or {})
    monkeypatch.setattr(referee.claims.judge, "__kwdefaults__", {**defaults, "budget": 3})
    f = write(tmp_path, wisconsin_void(darek_follows=False))
    r = runner.invoke(app, ["claim", f, "Ala", "--hand", "AS QH", "--json"])
    assert r.exit_code == 1, r.output  # CLI.md has 0, 1, 2: a claim not proven does not hold
    doc = json.loads(r.stdout)
    assert doc["verdict"] == "not proven" and doc["counter"] is None


def test_hands_known_is_decided_by_the_solver(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Hands known, a claim the claim search cannot decide within its budget is a
    double-dummy question: the solver answers it, and "not proven" is never the verdict."""
    import referee.claims

    monkeypatch.setattr(referee.claims, "KNOWN_FIRST", 1)
    defaults = dict(referee.claims.judge.__kwdefaults__ or {})
    monkeypatch.setattr(referee.claims.judge, "__kwdefaults__", {**defaults, "budget": 1})
    f = write(tmp_path, build("kierki", SPLIT_FILLER, SPLIT))
    for tricks, verdict, code in (("4", "holds", 0), ("1", "holds", 0)):
        r = runner.invoke(app, ["claim", f, "Ala", "--tricks", tricks, "--json"])
        assert r.exit_code == code, r.output
        assert json.loads(r.stdout)["verdict"] == verdict
    r = runner.invoke(app, ["claim", f, "Bartek", "--json"])
    assert r.exit_code == 1 and json.loads(r.stdout)["verdict"] == "fails"


def test_hands_known_the_command_has_no_budget(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """With every hand known `referee claim` always decides: the solver budget that makes
    `judge` say "not proven" (here 1 position, the claim search 1 play) is not the
    command's, which answers as an ample budget does."""
    import referee.claims
    from referee.history.session import Session

    monkeypatch.setattr(referee.claims, "KNOWN_FIRST", 1)
    defaults = dict(referee.claims.judge.__kwdefaults__ or {})
    monkeypatch.setattr(referee.claims.judge, "__kwdefaults__", {**defaults, "known_budget": 1})
    f = write(tmp_path, build("kierki", SPLIT_FILLER, SPLIT))
    s = Session.load(Path(f))
    starved_words = []
    for claimer, tricks in (("Ala", 4), ("Ala", 2), ("Bartek", 1), ("Celina", 1)):
        starved = referee.claims.judge(s.setup, s.deals, claimer, tricks=tricks)
        starved_words.append(starved.verdict)
        ample = referee.claims.judge(s.setup, s.deals, claimer, tricks=tricks,
                                     known_budget=10**7)
        assert ample.verdict in ("holds", "fails")
        r = runner.invoke(app, ["claim", f, claimer, "--tricks", str(tricks), "--json"])
        assert json.loads(r.stdout)["verdict"] == ample.verdict, (claimer, tricks)
        assert r.exit_code == (0 if ample.verdict == "holds" else 1)
        assert starved.verdict in ("not proven", ample.verdict)
    assert "not proven" in starved_words  # (the budget is what the command goes without)
